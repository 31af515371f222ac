"""Time and memory of the official-compatible ``lexsub score`` on generated data.

Generates seeded gold, best, oot and multiword files of 10k, 100k and 1M items in a temporary
directory, then runs ``lexsub score`` as a whole process (interpreter start-up included) for each
task and prints the best CPU time (user + system) and wall-clock time of ten runs (three at a
million items), and the child's peak resident memory. (On a shared machine a single run can be
slowed by a third; the best of ten moves by less than a tenth from one benchmark to the next.)
Our runs use compiled bytecode, as an installed package does (kept in the temporary directory,
whatever PYTHONDONTWRITEBYTECODE says).

The files look like real SemEval-2007 data: the gold starts with a blank line and lacks a final
newline, has 1-8 substitutes per item sorted by count (some multiword, hyphenated, with an
apostrophe, some ``pn``); system files are unsorted and hold empty answers, multiwords written with
underscores, ``(a)`` markers, trailing spaces, repeated ids and oot lines of more than ten guesses.
The multiword system file answers every item (most answers empty, about one in eight a
multiword); the multiword gold lists the items some annotator marked as a multiword (about one
in five), of which about a third (some 7% of all items) have a multiword mode.

    python benchmarks/bench_score.py                 # 10k, 100k and 1M items
    python benchmarks/bench_score.py --sizes 100000  # one size
    python benchmarks/bench_score.py --reference score.pl   # also time the original scorer

``--reference`` (or the environment variable LEXSUB_REFERENCE_SCORER) names the original Perl
program: it is run as ``perl FILE SYSTEM GOLD -t TASK`` on the same files, interleaved with our
runs, its output is compared byte for byte, and the CPU and wall-clock speed-ups are printed.
The benchmark reports and exits 0 whatever the figures.

By default ours is the ``lexsub`` command as a user's install leaves it: a new virtual
environment (in the temporary directory) with the package's files in its site-packages and the
``lexsub`` launcher that pip writes for the console-script entry point (the official path needs
none of the dependencies), run as ``VENV/bin/lexsub score SYSTEM GOLD -t TASK``.
``--development`` times this interpreter's ``python -m lexsub_studio score ...`` instead: in the
development environment (``make``) the editable install makes every Python process import an
import hook (pathlib and more) before anything else, some 15 ms of start-up on this machine.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scratch import scratch_folder

SEED = 2007
TASKS = ("best", "oot", "mw")
POS_LETTERS = ("n", "v", "a", "r")


def _vocabulary(rng: random.Random, size: int = 4000) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = {"".join(rng.choice(letters) for _ in range(rng.randint(3, 10))) for _ in range(size)}
    vocabulary = sorted(words)
    extra: list[str] = []
    for word in vocabulary[: size // 10]:
        shape = rng.random()
        if shape < 0.4:
            extra.append(f"{word} {rng.choice(vocabulary)}")  # multiword
        elif shape < 0.7:
            extra.append(f"{word}-{rng.choice(vocabulary)}")  # hyphenated
        elif shape < 0.85:
            extra.append(f"{word}'s")
        else:
            extra.append(f"non-{word}")
    return vocabulary + extra


def _gold_line(rng: random.Random, lexelt: str, item: int, vocabulary: list[str]) -> str:
    substitutes = rng.sample(vocabulary, rng.randint(1, 8))
    counts = sorted((rng.choice((1, 1, 1, 2, 2, 3, 4, 5)) for _ in substitutes), reverse=True)
    fields = [f"{sub} {count}" for sub, count in zip(substitutes, counts, strict=True)]
    if rng.random() < 0.03:
        fields.append(f"pn {rng.randint(1, 3)}")
    return f"{lexelt} {item} :: {';'.join(fields)};"


def _answer(rng: random.Random, gold_subs: list[str], vocabulary: list[str]) -> str:
    word = rng.choice(gold_subs) if gold_subs and rng.random() < 0.5 else rng.choice(vocabulary)
    shape = rng.random()
    if shape < 0.05:
        return word.replace(" ", "_")
    if shape < 0.08:
        return f"{word} (a)"
    if shape < 0.12:
        return word.replace("-", " ")
    return word


def _answer_text(rng: random.Random, count: int, gold_subs: list[str],
                 vocabulary: list[str]) -> str:
    shape = rng.random()
    if shape < 0.04:
        return ""
    if shape < 0.05:
        return " "
    text = ";".join(_answer(rng, gold_subs, vocabulary) for _ in range(count))
    if shape < 0.15:
        text += " "
    elif shape < 0.2:
        text += ";"
    return text


def _multiword_lines(rng: random.Random, lexelt: str, item: int,
                     vocabulary: list[str]) -> tuple[str | None, str]:
    """The multiword gold line of an item (None when no annotator gave a multiword) and the
    system's line for it (every item is answered, most with nothing)."""
    lemma = lexelt.split(".")[0]
    multiword = f"{lemma} {rng.choice(vocabulary)}"
    gold: str | None = None
    shape = rng.random()
    if shape < 0.07:  # several annotators agree: a multiword mode
        others = [f"{lemma} {rng.choice(vocabulary)} 1" for _ in range(rng.randint(0, 2))]
        gold = f"{lexelt} {item} :: {';'.join([f'{multiword} {rng.randint(2, 4)}', *others])};"
    elif shape < 0.2:  # one annotator only: listed, but no mode
        gold = f"{lexelt} {item} :: {multiword} 1;"
    guess = rng.random()
    if gold is not None and guess < 0.6:
        answer = multiword
    elif guess < 0.06:
        answer = f"{lemma} {rng.choice(vocabulary)}"
    else:
        answer = ""
    return gold, f"{lexelt} {item} :: {answer}"


def generate(directory: Path, size: int, seed: int = SEED) -> dict[str, Path]:
    """Write gold, best, oot, mw gold and mw system files of ``size`` items; return their paths."""
    rng = random.Random(seed + size)
    vocabulary = _vocabulary(rng)
    gold_lines: list[str] = []
    best_lines: list[str] = []
    oot_lines: list[str] = []
    mw_gold_lines: list[str] = []
    mw_lines: list[str] = []
    for item in range(1, size + 1):
        lexelt = f"{rng.choice(vocabulary[:400])}.{rng.choice(POS_LETTERS)}"
        line = _gold_line(rng, lexelt, item, vocabulary)
        gold_lines.append(line)
        gold_subs = [field.rsplit(" ", 1)[0] for field in line.split(" :: ", 1)[1].split(";")
                     if field]
        best_lines.append(f"{lexelt} {item} :: "
                          + _answer_text(rng, rng.randint(1, 3), gold_subs, vocabulary))
        oot_lines.append(f"{lexelt} {item} ::: "
                         + _answer_text(rng, rng.choice((10, 10, 10, 8, 12)), gold_subs,
                                        vocabulary))
        if rng.random() < 0.02:  # a repeated id: only the first line counts
            best_lines.append(f"{lexelt} {item} :: {rng.choice(vocabulary)}")
        mw_gold, mw_answer = _multiword_lines(rng, lexelt, item, vocabulary)
        if mw_gold:
            mw_gold_lines.append(mw_gold)
        mw_lines.append(mw_answer)
    for lines in (best_lines, oot_lines, mw_lines):
        rng.shuffle(lines)
    paths = {
        "gold": directory / f"gold.{size}",
        "best": directory / f"best.{size}",
        "oot": directory / f"oot.{size}",
        "mwgold": directory / f"mwgold.{size}",
        "mw": directory / f"mw.{size}",
    }
    # Real golds start with a blank line and lack the final newline.
    paths["gold"].write_text("\n" + "\n".join(gold_lines), encoding="utf-8")
    paths["mwgold"].write_text("\n" + "\n".join(mw_gold_lines), encoding="utf-8")
    paths["best"].write_text("\n".join(best_lines) + "\n", encoding="utf-8")
    paths["oot"].write_text("\n".join(oot_lines) + "\n", encoding="utf-8")
    paths["mw"].write_text("\n".join(mw_lines) + "\n", encoding="utf-8")
    return paths


@dataclass
class Measure:
    """The best CPU (user + system) and wall-clock seconds of several runs of one command, its
    largest peak RSS in MiB, and the output and exit code of its first run."""

    cpu: float = float("inf")
    wall: float = float("inf")
    peak: int = 0
    output: bytes | None = None
    exit_code: int = 0

    def add(self, command: Sequence[str], env: dict[str, str] | None = None,
            cwd: str | None = None) -> None:
        start = time.perf_counter()
        with tempfile.TemporaryFile() as out:
            process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, env=env,
                                       cwd=cwd)
            _, status, usage = os.wait4(process.pid, 0)
            wall = time.perf_counter() - start
            out.seek(0)
            output = out.read()
        self.cpu = min(self.cpu, usage.ru_utime + usage.ru_stime)
        self.wall = min(self.wall, wall)
        self.peak = max(self.peak, usage.ru_maxrss // 1024)
        if self.output is None:
            self.output = output
            self.exit_code = os.waitstatus_to_exitcode(status)


def _generate_in_child(directory: Path, size: int) -> dict[str, Path]:
    """Generate in a separate process: a child forked from a big benchmark process would count
    the parent's pages in its peak memory."""
    subprocess.run([sys.executable, __file__, "--generate", str(directory), str(size)],
                   check=True)
    return {name: directory / f"{name}.{size}" for name in ("gold", "best", "oot", "mwgold", "mw")}


#: The launcher pip writes for a console-script entry point (its usual template).
_LAUNCHER = """#!{python}
# -*- coding: utf-8 -*-
import re
import sys
from lexsub_studio.cli.main import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""


def _installed_command(directory: Path) -> list[str]:
    """A new virtual environment in ``directory`` holding the package as installing its wheel
    lays it out (the package's files in site-packages and the ``lexsub`` launcher, nothing
    else); returns the command that starts ``lexsub``."""
    venv = directory / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site_packages = next((venv / "lib").glob("python*/site-packages"))
    package = Path(__file__).resolve().parents[1] / "lexsub_studio"
    shutil.copytree(package, site_packages / "lexsub_studio",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    launcher = venv / "bin" / "lexsub"
    launcher.write_text(_LAUNCHER.format(python=venv / "bin" / "python"), encoding="utf-8")
    launcher.chmod(0o755)
    return [str(launcher)]


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["--generate"]:
        generate(Path(arguments[1]), int(arguments[2]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--tasks", nargs="+", choices=TASKS, default=list(TASKS))
    parser.add_argument("--scorer", choices=("final", "trial"), default="final")
    parser.add_argument("--repeats", type=int, default=None,
                        help="runs of each program per size and task, best kept (default: ten, "
                             "three above 100,000 items)")
    parser.add_argument("--development", action="store_true",
                        help="time this interpreter's `python -m lexsub_studio` instead of the "
                             "`lexsub` command of a fresh install")
    parser.add_argument("--reference", type=Path,
                        default=os.environ.get("LEXSUB_REFERENCE_SCORER") or None,
                        help="the original Perl scorer, timed on the same files "
                             "(default: $LEXSUB_REFERENCE_SCORER)")
    args = parser.parse_args(arguments)

    header = f"{'items':>9}  {'task':<4}  {'cpu s':>7}  {'wall s':>7}  {'peak MiB':>8}"
    if args.reference:
        header += f"  {'ref cpu':>7}  {'ref wall':>8}  {'ref MiB':>7}  cpu x  wall x  output"
    print(header)
    with scratch_folder("lexsub_bench") as tmp:
        # Installed, the package runs from compiled bytecode; PYTHONDONTWRITEBYTECODE would make
        # every timed run compile the scorer's sources again, so ours keep theirs in the
        # temporary directory (filled by an untimed run on the first size).
        ours_env = {name: value for name, value in os.environ.items()
                    if name != "PYTHONDONTWRITEBYTECODE"}
        ours_env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        lexsub = ([sys.executable, "-m", "lexsub_studio"] if args.development
                  else _installed_command(Path(tmp)))
        warmed = False
        for size in args.sizes:
            paths = _generate_in_child(Path(tmp), size)
            for task in args.tasks:
                system = paths["mw" if task == "mw" else task]
                gold = paths["mwgold" if task == "mw" else "gold"]
                ours = [*lexsub, "score", str(system), str(gold), "-t", task,
                        "--scorer", args.scorer]
                reference = ["perl", str(args.reference), str(system), str(gold), "-t", task]
                mine, theirs = Measure(), Measure()
                if not warmed:
                    Measure().add(ours, ours_env, tmp)
                    warmed = True
                repeats = args.repeats or (10 if size <= 100_000 else 3)
                for _ in range(repeats):  # interleaved, so both see the same load
                    # Run from elsewhere than the checkout: `python -m` looks in the working
                    # directory first.
                    mine.add(ours, ours_env, tmp)
                    if args.reference:
                        theirs.add(reference)
                row = f"{size:>9}  {task:<4}  {mine.cpu:>7.3f}  {mine.wall:>7.3f}  {mine.peak:>8}"
                if mine.exit_code:
                    row += f"  (exit {mine.exit_code})"
                if args.reference:
                    same = "same" if theirs.output == mine.output else "DIFFERS"
                    row += (f"  {theirs.cpu:>7.3f}  {theirs.wall:>8.3f}  {theirs.peak:>7}"
                            f"  {theirs.cpu / mine.cpu:>5.1f}  {theirs.wall / mine.wall:>6.1f}"
                            f"  {same}")
                print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
