"""How fast the line-based readers are: gold, system (best and oot) and annotator responses.

Generates seeded files in a temporary directory (a gold file of 100,000 lines with 6 entries
each, best and oot system files of 100,000 lines, and 10 responses files of 100,000 rows each,
one per annotator, as an organiser receives them), then prints for each reader the best of a few
runs in CPU time and wall-clock time, with the target beside it. A calibration figure (a fixed
amount of pure-Python work) comes first, to compare runs on a busy or a different machine.

The targets: gold 100,000 lines in under 1 s (the clean scorer reads the gold on every run),
system 100,000 lines in under 0.5 s (best) and 1 s (oot), and the 1,000,000 response rows in
under 5 s. This is a measurement: it exits 0 whether or not a target is met, and says which.

Run by hand: /work/venv/bin/python benchmarks/bench_readers.py [--lines N] [--annotators A]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from process_policy import add_policy_argument, process_policy

from lexsub_studio.core.io.formats.gold import read_gold
from lexsub_studio.core.io.formats.responses import (
    RESPONSES_COLUMNS,
    RESPONSES_MAGIC,
    read_responses,
)
from lexsub_studio.core.io.formats.system import read_system

SYLLABLES = ("ba", "ko", "ri", "mu", "te", "sa", "lin", "dor", "vex", "pa", "qui", "zel")
POS = "nvar"


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))


def _vocabulary(rng: random.Random, size: int) -> list[str]:
    """Distinct words (a repeated substitute would be reported and merged)."""
    return list(dict.fromkeys(_word(rng) + str(index % 7) for index in range(size)))


def _lexelt(rng: random.Random, number: int) -> str:
    return f"{_word(rng)}{number}.{POS[number % 4]}"


def write_gold(path: Path, lines: int, rng: random.Random) -> None:
    vocabulary = _vocabulary(rng, 5000)
    out = []
    for index in range(lines):
        if index % 100 == 0:
            lexelt = _lexelt(rng, index // 100)
        counts = sorted((rng.randint(1, 5) for _ in range(6)), reverse=True)
        entries = "".join(f"{substitute} {count};"
                          for substitute, count in zip(rng.sample(vocabulary, 6), counts,
                                                       strict=True))
        out.append(f"{lexelt} {index + 1} :: {entries}\n")
    path.write_text("".join(out), encoding="utf-8")


def write_system(path: Path, lines: int, rng: random.Random, kind: str) -> None:
    vocabulary = _vocabulary(rng, 5000)
    separator, answers = (":::", 10) if kind == "oot" else ("::", 1)
    out = []
    for index in range(lines):
        if index % 100 == 0:
            lexelt = _lexelt(rng, index // 100)
        out.append(f"{lexelt} {index + 1} {separator} "
                   f"{';'.join(rng.sample(vocabulary, answers))}\n")
    path.write_text("".join(out), encoding="utf-8")


def write_responses(directory: Path, rows: int, annotators: int,
                    rng: random.Random) -> list[Path]:
    """One file per annotator; most rows give 1-3 substitutes, some are NIL or blank."""
    keys = []
    for index in range(rows):
        if index % 100 == 0:
            lexelt = _lexelt(rng, index // 100)
            vocabulary = _vocabulary(rng, 30)
        keys.append((lexelt, str(index + 1), vocabulary))
    paths = []
    for number in range(annotators):
        name = f"ann{number:02d}"
        out = [RESPONSES_MAGIC + "\n", "\t".join(RESPONSES_COLUMNS) + "\n"]
        for lexelt, instance_id, vocabulary in keys:
            roll = rng.random()
            substitutes = [] if roll < 0.07 else rng.sample(vocabulary, rng.randint(1, 3))
            cells = substitutes + [""] * (3 - len(substitutes))
            nil = "1" if 0.02 <= roll < 0.07 else "0"
            seconds = f"{rng.uniform(5, 60):.3f}"
            out.append("\t".join([lexelt, instance_id, name, *cells, "", nil, "0", "",
                                  seconds]) + "\n")
        path = directory / f"{name}.tsv"
        path.write_text("".join(out), encoding="utf-8")
        paths.append(path)
    return paths


def best_of(runs: int, action: Callable[[], object]) -> tuple[float, float]:
    """The best CPU time and the best wall-clock time over ``runs`` runs."""
    best_cpu = best_wall = float("inf")
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        action()
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    return best_cpu, best_wall


def report(label: str, runs: int, action: Callable[[], object], target: float) -> None:
    cpu, wall = best_of(runs, action)
    verdict = "met" if wall < target else ("met in CPU time" if cpu < target else "MISSED")
    print(f"  {label:<38} {cpu:7.3f} s cpu {wall:7.3f} s wall "
          f"(best of {runs}; target < {target:g} s: {verdict})", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000,
                        help="gold and system lines, and response rows per annotator")
    parser.add_argument("--annotators", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2007)
    add_policy_argument(parser)
    args = parser.parse_args(argv)
    with process_policy(args.collector):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    scale = args.lines / 100_000
    response_scale = scale * args.annotators / 10
    cpu, _ = best_of(3, lambda: sum(range(10**7)))
    print(f"calibration sum(range(10**7)), best of 3: {cpu:.3f} s cpu; collector policy: "
          f"{args.collector}")
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        gold, best, oot = folder / "gold", folder / "best", folder / "oot"
        write_gold(gold, args.lines, rng)
        write_system(best, args.lines, rng, "best")
        write_system(oot, args.lines, rng, "oot")
        responses = write_responses(folder, args.lines, args.annotators, rng)
        checks = (read_gold(gold), read_system(best, "best"), read_system(oot, "oot"))
        for check in checks:
            assert not check.diagnostics.items, check.diagnostics.items[:3]
        rows = sum(len(read_responses(path).rows) for path in responses)
        print(f"gold and system: {args.lines:,} lines each; responses: {args.annotators} files, "
              f"{rows:,} rows")
        report(f"gold, {args.lines:,} lines x 6 entries", 3, lambda: read_gold(gold),
               1.0 * scale)
        report(f"system best, {args.lines:,} lines", 3, lambda: read_system(best, "best"),
               0.5 * scale)
        report(f"system oot, {args.lines:,} lines x 10", 3, lambda: read_system(oot, "oot"),
               1.0 * scale)
        report(f"responses, {rows:,} rows", 2,
               lambda: [read_responses(path) for path in responses], 5.0 * response_scale)
    return 0


if __name__ == "__main__":
    sys.exit(main())
