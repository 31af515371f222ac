"""Time gold assembly and every agreement figure on 10 annotators x 100,000 instances.

Run by hand: ``/work/venv/bin/python benchmarks/bench_agreement.py [--instances N]
[--annotators A] [--bootstrap B] [--seed S]``. The data are generated (seeded) into a temporary
directory as one responses file per annotator: 1,000 lexelts of 100 instances, each lexelt with
its own open vocabulary of candidate substitutes (some shared across lexelts), annotators giving
1-3 substitutes drawn from the item's preferences, with some NIL, proper-name, multiword and
blank rows. Reading the files is timed separately from the computations.

Targets: gold plus every figure except alpha and the bootstrap under 3 s; alpha under 30 s.
Wall-clock and CPU seconds are printed for every step, each total with its target beside it.
The machine may be shared, so compare CPU time, and the calibration line, between runs. This is
a measurement: it exits 0 whether or not a target is met.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from process_policy import add_policy_argument, process_policy

from lexsub_studio.core.agreement.alpha import alpha_values
from lexsub_studio.core.agreement.kappa import binary_counts, fleiss_kappa
from lexsub_studio.core.agreement.mode import mode_agreement
from lexsub_studio.core.agreement.multiword import multiword_agreement
from lexsub_studio.core.agreement.pairwise import pairwise_agreement
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.agreement.report import alpha_data_from_pooled, compute_agreement
from lexsub_studio.core.gold.assembly import assemble_gold, read_sources
from lexsub_studio.core.io.formats.responses import write_responses
from lexsub_studio.core.model.data import ResponseRow

T = TypeVar("T")
POS = "nvar"
SYLLABLES = ("ba", "ko", "ri", "mu", "te", "sa", "lin", "dor", "vex", "pa", "qui", "zel")


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))


def generate(instances: int, annotators: int, seed: int) -> dict[str, list[ResponseRow]]:
    rng = random.Random(seed)
    shared = [_word(rng) for _ in range(3000)]
    per_lexelt = 100
    rows: dict[str, list[ResponseRow]] = {f"ann{a:02d}": [] for a in range(annotators)}
    next_id = 1
    lexelt_count = max(1, instances // per_lexelt)
    for lexelt_number in range(lexelt_count):
        lexelt = f"{_word(rng)}{lexelt_number}.{POS[lexelt_number % 4]}"
        vocabulary = [_word(rng) + str(lexelt_number % 97) for _ in range(25)]
        vocabulary += rng.sample(shared, 5)
        for _ in range(per_lexelt):
            instance_id = str(next_id)
            next_id += 1
            favourites = rng.sample(vocabulary, 6)
            weights = [8, 5, 3, 2, 1, 1]
            multiword = f"{lexelt.split('.')[0]} {_word(rng)}" if rng.random() < 0.03 else ""
            for name, bucket in rows.items():
                roll = rng.random()
                if roll < 0.02:
                    bucket.append(ResponseRow(lexelt, instance_id, name))
                elif roll < 0.07:
                    bucket.append(ResponseRow(lexelt, instance_id, name, nil=True))
                elif roll < 0.08:
                    bucket.append(ResponseRow(lexelt, instance_id, name, proper_name=True))
                else:
                    count = rng.choice((1, 2, 2, 3, 3))
                    chosen: list[str] = []
                    while len(chosen) < count:
                        pick = rng.choices(favourites, weights)[0]
                        if pick not in chosen:
                            chosen.append(pick)
                    if rng.random() < 0.05:
                        chosen[0] = chosen[0].upper()
                    marked = multiword if multiword and rng.random() < 0.7 else ""
                    bucket.append(ResponseRow(lexelt, instance_id, name, tuple(chosen),
                                              multiword=marked,
                                              # tenths, as the annotation view stores them
                                              seconds=round(rng.uniform(5, 60), 1)))
    return rows


def write_files(directory: Path, rows: dict[str, list[ResponseRow]]) -> list[Path]:
    paths = []
    for name, bucket in rows.items():
        path = directory / f"{name}.tsv"
        write_responses(bucket, path)
        paths.append(path)
    return paths


def timed(label: str, action: Callable[[], T]) -> T:
    """Run and print wall-clock and CPU seconds (CPU time is what to compare on a busy machine)."""
    start, cpu = time.perf_counter(), time.process_time()
    result = action()
    print(f"  {label:<40} {time.perf_counter() - start:8.3f} s wall "
          f"{time.process_time() - cpu:8.3f} s cpu", flush=True)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--instances", type=int, default=100_000)
    parser.add_argument("--annotators", type=int, default=10)
    parser.add_argument("--bootstrap", type=int, default=20,
                        help="replicates for the timed bootstrap run (default 20)")
    parser.add_argument("--seed", type=int, default=2007)
    parser.add_argument("--in-memory", action="store_true",
                        help="skip writing and reading the files (faster; no reading time)")
    add_policy_argument(parser)
    args = parser.parse_args(argv)
    with process_policy(args.collector):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{args.annotators} annotators x {args.instances} instances (seed {args.seed}; "
              f"collector policy: {args.collector})")
        # A fixed amount of pure-Python work, to compare machines and load (about 0.1-0.2 s
        # of CPU on an idle machine of this class).
        timed("calibration: sum(range(10**7))", lambda: sum(range(10**7)))
        generated = timed("generate", lambda: generate(args.instances, args.annotators,
                                                       args.seed))
        if args.in_memory:
            sources = [ResponseSource(f"{name}.tsv", bucket, reader_checked=True)
                       for name, bucket in generated.items()]
        else:
            paths = timed("write files", lambda: write_files(Path(tmp), generated))
            # The rows read back replace the generated ones, as in real use: a million extra
            # live objects would slow every later garbage collection.
            del generated
            sources, _ = timed("read responses files (not in the target)",
                               lambda: read_sources(paths))

        start, cpu = time.perf_counter(), time.process_time()
        pooled = timed("normalise + pool", lambda: pool_responses(sources))
        assembly = timed("gold assembly", lambda: assemble_gold(pooled))
        # What `lexsub gold -o GOLD --mw MW` writes.
        timed("gold + multiword gold file text", lambda: (
            assembly.gold_table.file_text(), assembly.multiword_table.file_text()))
        pairwise = timed("pairwise agreement", lambda: pairwise_agreement(pooled))
        timed("mode agreement (all + loo)", lambda: mode_agreement(pooled))
        multiword = timed("multiword agreement", lambda: multiword_agreement(pooled))
        timed("fleiss kappa (multiword)", lambda: fleiss_kappa(
            binary_counts(multiword.raters, multiword.marked)))
        core, core_cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"  {'= gold + figures without alpha':<40} {core:8.3f} s wall "
              f"{core_cpu:8.3f} s cpu (target < 3 s: {_verdict(core, core_cpu, 3)})")

        start, cpu = time.perf_counter(), time.process_time()
        data = timed("alpha: prepare", lambda: alpha_data_from_pooled(pooled, pairwise))
        values = timed("alpha: masi + jaccard", lambda: alpha_values(data))
        alpha_time, alpha_cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"  {'= alpha':<40} {alpha_time:8.3f} s wall {alpha_cpu:8.3f} s cpu "
              f"(target < 30 s: {_verdict(alpha_time, alpha_cpu, 30)})  {values}")

        report = timed("compute_agreement (all, no bootstrap)",
                       lambda: compute_agreement(pooled))
        timed(f"compute_agreement + bootstrap {args.bootstrap}",
              lambda: compute_agreement(pooled, bootstrap=args.bootstrap, seed=1))
        print("  figures:", {k: (round(v, 4) if v is not None else None)
                             for k, v in report.figures.items()})
        return 0


def _verdict(wall: float, cpu: float, target: float) -> str:
    if wall < target:
        return "met"
    return "met in CPU time" if cpu < target else "MISSED"


if __name__ == "__main__":
    sys.exit(main())
