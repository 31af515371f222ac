"""Whether each reader's quick path pays for itself: every reader timed as it is, and again with
its quick path switched off, so that every line goes through the careful path that knows every
message (the one that must stay: it reads what the quick path leaves).

The pairs: the corpus reader's plain-shape file read without a tree (``corpus_plain``) and the
parsed tree; the gold reader's usual lines, read for a block at once, and its careful path;
the responses reader's coding of a clean file from its bytes and its line reader, and that
line reader's split columns and its row-by-row reader. Data are generated (seeded) in a
temporary directory by the other benchmarks' generators. Prints the best CPU time of a few runs
of each, with and without the quick path, and the ratio; the process runs under the command
line's collector policy. A quick path stays only where the ratio is 2 or more.

Run by hand: python benchmarks/bench_parser_paths.py [--lines N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from random import Random
from unittest import mock

from bench_corpus_load import generate_corpus
from bench_readers import write_gold, write_responses
from process_policy import process_policy

from lexsub_studio.core.io.formats import corpus_reader, responses
from lexsub_studio.core.io.formats import gold as gold_format
from lexsub_studio.core.io.formats.corpus_reader import read_corpus
from lexsub_studio.core.io.formats.gold import read_gold
from lexsub_studio.core.io.formats.responses import read_responses


def best_cpu(runs: int, action: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        action()
        best = min(best, time.process_time() - start)
    return best


def compare(label: str, runs: int, action: Callable[[], object],
            careful_only: Callable[[], AbstractContextManager],
            outcome: Callable[[object], object]) -> None:
    """Time ``action`` with both paths and with the careful one only; ``outcome`` of its
    result must be the same either way (the paths read the same file the same way)."""
    expected = outcome(action())
    both = best_cpu(runs, action)
    with careful_only():
        assert outcome(action()) == expected, f"{label}: the careful path reads otherwise"
        careful = best_cpu(runs, action)
    print(f"  {label:<34} quick + careful {both:7.3f} s   careful only {careful:7.3f} s   "
          f"x{careful / both:5.2f}", flush=True)


def tree_only() -> AbstractContextManager:
    """read_corpus as it reads a file not in the plain shape: from the parsed tree."""
    return mock.patch.object(corpus_reader, "read_plain_corpus", lambda data: None)


def read_corpus_by_tree(path: Path) -> object:
    with tree_only():
        return read_corpus(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000,
                        help="gold lines and corpus instances (default 100,000)")
    args = parser.parse_args(argv)
    with process_policy("command"), tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        rng = Random(2007)
        corpus = folder / "corpus.xml"
        generate_corpus(corpus, args.lines)
        gold = folder / "gold"
        write_gold(gold, args.lines, rng)
        responses_files = write_responses(folder, args.lines, 2, rng)
        print(f"{args.lines:,} corpus instances and gold lines; "
              f"{2 * args.lines:,} response rows")
        compare("corpus: plain-shape file", 3, lambda: read_corpus(corpus), tree_only,
                lambda result: (result.corpus.lexelts, result.diagnostics.items))
        compare("gold: usual lines at once", 3, lambda: read_gold(gold),
                lambda: mock.patch.object(gold_format, "_usual_lines",
                                          lambda texts: ([], [])),
                lambda result: (result.items, result.diagnostics.items))
        compare("responses: coded from the bytes", 2,
                lambda: [read_responses(path) for path in responses_files],
                # Every file read by the line reader (its split columns and careful rows).
                # read_responses reads bytes: the bytes' entry is the one to switch off.
                lambda: mock.patch.object(responses, "_read_coded_bytes",
                                          lambda data, path, version: None),
                lambda results: [(list(result.rows), result.diagnostics.items)
                                 for result in results])
        compare("responses: columns", 2,
                lambda: [read_responses(path) for path in responses_files],
                # No row has the column count the quick reader takes: all go to the careful one.
                lambda: mock.patch.object(responses, "_COLUMN_COUNT", 0),
                lambda results: [(list(result.rows), result.diagnostics.items)
                                 for result in results])
    return 0


if __name__ == "__main__":
    sys.exit(main())
