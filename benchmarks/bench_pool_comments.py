"""Pooling with and without keeping the annotators' comments, measured alternately.

Run by hand: ``.venv/bin/python benchmarks/bench_pool_comments.py [--rounds R]``. The data are
``bench_agreement``'s (10 annotators x 100,000 instances, read from files as the CLI reads them)
with a comment on 2% of the rows. Each round pools once without comments (the pooling as it was
before it kept them: ``_Pooler._comments`` answering nothing) and once with them; CPU seconds
are printed per run, then each side's median. A measurement: it always exits 0.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_agreement import generate, write_files
from lexsub_studio.core.agreement import pool
from lexsub_studio.core.gold.assembly import read_sources

COMMENTED_SHARE = 0.02


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args(argv)
    rng = random.Random(7)
    rows = generate(100_000, 10, 1)
    for name, bucket in rows.items():
        rows[name] = [replace(row, comment="unsure here") if rng.random() < COMMENTED_SHARE
                      else row for row in bucket]
    with tempfile.TemporaryDirectory() as directory:
        sources, _ = read_sources(write_files(Path(directory), rows))
    keeping = pool._Pooler._comments

    def dropping(self: pool._Pooler, *_: object) -> dict[tuple[int, int], str]:
        return {}

    times: dict[str, list[float]] = {"without comments": [], "with comments": []}
    kept = 0
    for _ in range(args.rounds):
        for label, method in (("without comments", dropping), ("with comments", keeping)):
            pool._Pooler._comments = method  # type: ignore[method-assign]
            cpu = time.process_time()
            pooled = pool.pool_responses(sources)
            times[label].append(time.process_time() - cpu)
            kept = max(kept, len(pooled.comments))
    pool._Pooler._comments = keeping  # type: ignore[method-assign]
    for label, values in times.items():
        print(f"{label:<17} cpu s: " + " ".join(f"{v:.3f}" for v in values)
              + f"  median {statistics.median(values):.3f}")
    print(f"comments kept: {kept}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
