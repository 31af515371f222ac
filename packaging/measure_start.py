"""Start-up of the standalone bundle beside an installed wheel, measured interleaved.

    python packaging/measure_start.py bundle=dist/lexsub-studio wheel=VENV/bin [--rounds 7]

Each argument is a label and the folder holding `lexsub` and `lexsub-studio` (a bundle, or the
bin/ of a virtual environment the wheel is installed in). Runs, in turn and ROUNDS times over,
`lexsub --help`, `lexsub --version` and `lexsub-studio --self-test` (offscreen) from each, and
prints the best and the median wall and CPU time of each, and the self-test's "first window
painted" figure. packaging/README.md quotes its output.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

PAINTED = re.compile(r"first window painted ([0-9.]+) s")


def _run(command: list[str], home: str) -> tuple[float, float, str]:
    environment = {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8",
                   "QT_QPA_PLATFORM": "offscreen"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=environment,
                            check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, result.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("programs", nargs="+", metavar="LABEL=FOLDER")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    programs = {label: Path(folder) for label, _, folder in
                (argument.partition("=") for argument in args.programs)}
    cases = {"lexsub --help": ("lexsub", "--help"), "lexsub --version": ("lexsub", "--version"),
             "self-test": ("lexsub-studio", "--self-test")}
    figures: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    with tempfile.TemporaryDirectory() as home:
        for _ in range(args.rounds):
            for case, (program, *arguments) in cases.items():
                for source, folder in programs.items():
                    wall, cpu, out = _run([str(folder / program), *arguments], home)
                    painted = PAINTED.search(out)
                    figures.setdefault((case, source), []).append(
                        (wall, cpu, float(painted.group(1)) if painted else float("nan")))
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}, {args.rounds} rounds "
          "interleaved: best / median")
    for (case, source), runs in figures.items():
        walls, cpus, paints = zip(*runs, strict=True)
        line = (f"{case:18} {source:10} wall {min(walls):.3f} / {statistics.median(walls):.3f} s"
                f"  CPU {min(cpus):.3f} / {statistics.median(cpus):.3f} s")
        if case == "self-test":
            line += f"  first window painted {min(paints):.2f} / {statistics.median(paints):.2f} s"
        print(line)


if __name__ == "__main__":
    main()
