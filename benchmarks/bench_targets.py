"""Every row of the speed targets: today's figure, a plain-script reference, the ratio, the target.

Each row runs as a separate process (interpreter start-up included) and reports its best CPU
time (user + system) and its peak resident memory over ``--repeat`` runs, references and ours
interleaved (the machine may be shared: the best run is the least disturbed one). The plain
references are what a researcher writes in an afternoon (one dict per item, no numpy); they are
written below, in this file, and timed the same way.

    python benchmarks/bench_targets.py               # every row but the 1M-item score one
    python benchmarks/bench_targets.py --million     # with the 1M-item --metrics all row
    python benchmarks/bench_targets.py --rows gold-million   # 3 x 1M gold, peak memory
    python benchmarks/bench_targets.py --rows gold-small,gui-small --repeat 5

The official row times ``lexsub score`` (official path, final release; installed as a user's
install leaves it, as bench_score.py times it) on the 100k-item best, oot and multiword files of
bench_score.py against a Perl scorer run with ``perl``: by default
benchmarks/reference_scorer.pl, a straightforward Perl scorer written from the documented
behaviour of the original (not the original program), or, when the environment variable
LEXSUB_REFERENCE_SCORER names it, the original ``score.pl``. Its ratio is the sum of our three
best CPU times over the sum of the reference's; the outputs must be the same.
The odd-rows rows (``gold-odd``, ``agree-odd``) time ``lexsub gold`` and ``lexsub agree`` on the
large row's ten files with one cell in 25,000 made odd (a substitute repeated, a row flagged nil
that keeps its substitutes, as annotators leave them), against the same command on the clean
files in the reference column: a few odd rows must cost no more than 1.2 times the clean files'
time and memory.
A measurement, not a test: it exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from scratch import scratch_folder

HERE = Path(__file__).resolve().parent

LEXSUB = [sys.executable, "-m", "lexsub_studio.cli.main"]
#: A child still running after this long is stopped and its row reported as failed.
CHILD_LIMIT_SECONDS = 600

# -- the plain references -------------------------------------------------------------------------

PLAIN_GAP = r'''
import sys
def read_gold(path):
    gold = {}
    for line in open(path, encoding="utf-8"):
        if "::" not in line:
            continue
        key, answers = line.split("::", 1)
        weights = {}
        for answer in answers.split(";"):
            answer = answer.strip()
            if answer:
                word, _, count = answer.rpartition(" ")
                weights[word] = weights.get(word, 0) + int(count)
        gold[key.strip()] = weights
    return gold
def gap(ranked, weights):
    found, total, score = 0, 0.0, 0.0
    for rank, word in enumerate(ranked, 1):
        weight = weights.get(word, 0)
        total += weight
        if weight:
            score += total / rank
    ideal, best = 0.0, 0.0
    for rank, weight in enumerate(sorted(weights.values(), reverse=True), 1):
        best += weight
        ideal += best / rank
    return score / ideal if ideal else 0.0
gold = read_gold(sys.argv[2])
scores = []
for line in open(sys.argv[1], encoding="utf-8"):
    if ":::" not in line:
        continue
    key, answers = line.split(":::", 1)
    weights = gold.get(key.strip())
    if weights:
        ranked = [a.strip().replace("_", " ") for a in answers.split(";") if a.strip()]
        scores.append(gap(ranked, weights))
print(sum(scores) / len(scores))
'''

PLAIN_GOLD = r'''
import sys
items = {}
for path in sys.argv[2:]:
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or line.startswith("lexelt\t"):
            continue
        cells = line.rstrip("\n").split("\t")
        key = (cells[0], cells[1])
        counts = items.setdefault(key, {})
        answers = set()
        if cells[8] == "1":
            answers.add("pn")
        for cell in cells[3:6]:
            text = " ".join(cell.split()).lower()
            if text:
                answers.add(text)
        for text in answers:
            counts[text] = counts.get(text, 0) + 1
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for (lexelt, number), counts in items.items():
        if counts:
            entries = sorted(counts.items(), key=lambda pair: (-pair[1], pair[0]))
            out.write(f"{lexelt} {number} :: "
                      + "".join(f"{word} {count};" for word, count in entries) + "\n")
'''

# The GUI rows: from the interpreter's start to the first instance painted.
GUI_PROBE = r'''
import sys, time
start = time.perf_counter()
from lexsub_studio.gui import dialogs, settings
from lexsub_studio.gui.app import create_application
from lexsub_studio.gui.main_window import MainWindow
app = create_application([sys.argv[0]])
store = settings.app_settings()
store.setValue(settings.ANNOTATOR_NAME, "bench")
store.sync()
dialogs.show_problems = lambda *args: None
window = MainWindow()
window.resize(1280, 800)
window.show()
app.processEvents()
opened = []
window.session_opened.connect(lambda: opened.append(1))
window.open_path(sys.argv[1])
# What lexsub-studio FILE does next (gui/app.py): its collector policy, while the file is read.
from lexsub_studio.core.runtime.collector import settle_for_a_long_run
settle_for_a_long_run()
while not opened:
    app.processEvents()
    time.sleep(0.001)
app.processEvents()
window.workspaces["annotate"].grab()  # painted
print(f"{time.perf_counter() - start:.3f}")
'''

GUI_REFERENCE = r'''
import sys, time
start = time.perf_counter()
from lxml import etree
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([sys.argv[0]])
root = etree.parse(sys.argv[1]).getroot() if len(sys.argv) > 1 else None
first = next(iter(root.iter("context"))) if root is not None else None
label = QLabel("".join(first.itertext()) if first is not None else "LexSub Studio")
label.resize(1280, 800)
label.show()
app.processEvents()
label.grab()
print(f"{time.perf_counter() - start:.3f}")
'''

SCORING_PROBE = r'''
import sys, time
from PySide6.QtWidgets import QApplication
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.scoring.workspace import ScoringWorkspace
dialogs.show_problems = lambda *args: None  # a report dialog would wait for a click
app = QApplication([sys.argv[0]])
page = ScoringWorkspace(AppState())
page.resize(1280, 800)
page.show()
# The collector policy lexsub-studio applies once its window is built (gui/app.py): the row
# measures what the user waits for, not the interpreter's default thresholds.
from lexsub_studio.core.runtime.collector import settle_for_a_long_run
settle_for_a_long_run()
page.open_gold(sys.argv[1])
while page.gold is None:
    app.processEvents()
    time.sleep(0.002)
app.processEvents()
done, checked = [], []
page.scored.connect(lambda: done.append(time.perf_counter()))
page.official_checked.connect(lambda: checked.append(time.perf_counter()))
start = time.perf_counter()
page.add_systems([sys.argv[2]])
# The row's seconds: until the figures are on screen (scored). The official run and the
# warnings follow in the background; the process waits for them too, so that its peak memory
# is that of the whole addition.
while not checked:
    app.processEvents()
    time.sleep(0.002)
app.processEvents()
print(f"official check in after {checked[0] - start:.3f} s")
print(f"{done[0] - start:.3f}")
'''


# -- data -----------------------------------------------------------------------------------------

def generate(kind: str, folder: Path, size: int, annotators: int = 0) -> None:
    """Write a row's input files in a child process: this process stays small, so that the
    peak memory of the children it forks is theirs, not partly its own."""
    subprocess.run([sys.executable, __file__, "--generate", kind, str(folder), str(size),
                    str(annotators)], check=True)


def _generate_here(kind: str, folder: Path, size: int, annotators: int) -> None:
    sys.path.insert(0, str(HERE))  # the other benchmarks' generators
    if kind == "score":
        import bench_score

        bench_score.generate(folder, size)
    elif kind == "responses":
        import bench_agreement

        bench_agreement.write_files(folder, bench_agreement.generate(size, annotators, 2007))
    elif kind == "responses-odd":
        import bench_agreement

        for name in ("clean", "odd"):
            (folder / name).mkdir()
        paths = bench_agreement.write_files(folder / "clean",
                                            bench_agreement.generate(size, annotators, 2007))
        for path in paths:
            sprinkle_odd_cells(path, folder / "odd" / path.name, ODD_CELL_SHARE)
    else:
        import bench_annotation

        bench_annotation.write_corpus(folder / f"corpus{size}.xml", size)


#: One cell in this many is odd in the odd-rows rows' files: about 44 rows a 100k file.
ODD_CELL_SHARE = 25_000


def sprinkle_odd_cells(source: Path, target: Path, share: int) -> None:
    """``source`` with one cell in ``share`` made odd, as annotators leave them: three times in
    four a substitute repeated in the next column, else a row flagged nil that keeps its
    substitutes. Only rows with a substitute and a free next column are changed (seeded)."""
    import random

    rng = random.Random(f"2007 {source.name}")
    lines = source.read_text(encoding="utf-8").split("\n")
    body = range(2, len(lines) - (lines[-1] == ""))
    candidates = [number for number in body
                  if (cells := lines[number].split("\t"))[3] and not cells[5]]
    odd = len(body) * 11 // share
    for count, number in enumerate(sorted(rng.sample(candidates, odd))):
        cells = lines[number].split("\t")
        if count % 4 == 3:
            cells[7] = "1"  # nil, with its substitutes still there
        else:
            free = 4 if not cells[4] else 5
            cells[free] = cells[free - 1]
        lines[number] = "\t".join(cells)
    target.write_text("\n".join(lines), encoding="utf-8")


def score_files(folder: Path, size: int) -> dict[str, Path]:
    generate("score", folder, size)
    return {name: folder / f"{name}.{size}" for name in ("gold", "best", "oot", "mwgold", "mw")}


def responses_files(folder: Path, size: int, annotators: int) -> list[str]:
    generate("responses", folder, size, annotators)
    return sorted(str(path) for path in folder.glob("*.tsv"))


def odd_responses_files(folder: Path, size: int, annotators: int
                        ) -> tuple[list[str], list[str]]:
    """The clean files and the same files with odd cells sprinkled in."""
    generate("responses-odd", folder, size, annotators)
    clean, odd = ([str(path) for path in sorted((folder / name).glob("*.tsv"))]
                  for name in ("clean", "odd"))
    return clean, odd


def corpus_file(folder: Path, size: int) -> Path:
    generate("corpus", folder, size)
    return folder / f"corpus{size}.xml"


# -- measuring ------------------------------------------------------------------------------------

@dataclass
class Run:
    cpu: float
    wall: float
    peak_mb: float
    said: str


def run(command: list[str], environment: dict[str, str] | None = None) -> Run:
    """One child process: its own CPU time and peak memory (wait4), not the benchmark's."""
    begin = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             env=environment)
    assert child.stdout is not None
    watchdog = threading.Timer(CHILD_LIMIT_SECONDS, child.kill)  # a hung child ends the row
    watchdog.start()
    try:
        said = child.stdout.read().decode("utf-8", "replace")
        _, status, usage = os.wait4(child.pid, 0)
    finally:
        watchdog.cancel()
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - begin
    if child.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command[:4])}… exited {child.returncode}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024, said.strip())


def best(runs: list[Run]) -> Run:
    return min(runs, key=lambda r: r.cpu)


@dataclass
class Row:
    work: str
    ours: Run | None
    reference: Run | None
    target: str
    met: bool | None
    measure: str = "cpu"  # or "wall", "said" (the probe's own seconds)
    missing: str = "not run (--million)"  # what the row says when it was not run

    def seconds(self, figures: Run) -> float:
        if self.measure == "said":
            return float(figures.said.splitlines()[-1])
        return figures.wall if self.measure == "wall" else figures.cpu


def describe(row: Row) -> str:
    if row.ours is None:
        return f"| {row.work} | {row.missing} | | | {row.target} | |"
    ours = row.seconds(row.ours)
    today = f"{ours:.2f} s, {row.ours.peak_mb:.0f} MB"
    if row.reference is not None:
        reference = row.seconds(row.reference)
        plain = f"{reference:.2f} s, {row.reference.peak_mb:.0f} MB"
        ratio = f"{ours / reference:.2f}" if reference else ""
    else:
        plain, ratio = "", ""
    verdict = "met" if row.met else "NOT MET"
    return f"| {row.work} | {today} | {plain} | {ratio} | {row.target} | {verdict} |"



def interleaved(ours: list[str], reference: list[str] | None, repeat: int,
                environment: dict[str, str] | None = None) -> tuple[Run, Run | None]:
    mine, theirs = [], []
    for _ in range(repeat):
        if reference is not None:
            theirs.append(run(reference, environment))
        mine.append(run(ours, environment))
    return best(mine), (best(theirs) if theirs else None)


# -- the rows -------------------------------------------------------------------------------------

def score_rows(scratch: Path, repeat: int, million: bool) -> list[Row]:
    rows = []
    sizes = [100_000] + ([1_000_000] if million else [])
    for size in sizes:
        files = score_files(scratch, size)
        ours, plain = interleaved(
            [*LEXSUB, "score", str(files["oot"]), str(files["gold"]), "-t", "oot",
             "--metrics", "all"],
            [sys.executable, "-c", PLAIN_GAP, str(files["oot"]), str(files["gold"])]
            if size == 100_000 else None,
            repeat if size == 100_000 else 1)
        if size == 100_000:
            rows.append(Row("`lexsub score SYS GOLD --metrics all`, oot, 100k items", ours, plain,
                            "<= 1.5 s, <= 150 MB", ours.cpu <= 1.5 and ours.peak_mb <= 150))
        else:
            rows.append(Row("the same at 1M items", ours, None, "linear, <= 1 GB",
                            ours.peak_mb <= 1024))
    if not million:
        rows.append(Row("the same at 1M items", None, None, "linear, <= 1 GB", None))
    return rows


def gold_rows(scratch: Path, repeat: int, which: list[str]) -> list[Row]:
    rows = []
    plans = [("gold-large", 100_000, 10, "`lexsub gold`, 10 annotators x 100k items", 2.5),
             ("gold-small", 10_000, 3, "`lexsub gold`, 3 annotators x 10k items", 0.25)]
    for name, instances, annotators, work, target in plans:
        if name not in which:
            continue
        folder = scratch / name
        folder.mkdir()
        paths = responses_files(folder, instances, annotators)
        ours, plain = interleaved([*LEXSUB, "gold", *paths, "-o", str(folder / "gold")],
                                  [sys.executable, "-c", PLAIN_GOLD, str(folder / "plain"),
                                   *paths], repeat)
        rows.append(Row(work, ours, plain, f"<= {target} s", ours.cpu <= target))
        if name == "gold-large" and "agree" in which:
            agree, _ = interleaved([*LEXSUB, "agree", *paths, "--format", "json"], None,
                                   max(1, repeat - 1))
            rows.append(Row("`lexsub agree --format json`, 10 x 100k, alpha included", agree,
                            None, "<= 5 s, <= 400 MB",
                            agree.cpu <= 5 and agree.peak_mb <= 400))
    if "gold-million" in which:
        rows.append(gold_million_row(scratch, repeat))
    return rows


GOLD_MILLION_WORK = "`lexsub gold`, 3 annotators x 1M items (memory)"
GOLD_MILLION_TARGET = "< 1 GB peak"


def gold_million_row(scratch: Path, repeat: int) -> Row:
    """The gold of three annotators' files of a million rows each (some 60 MB a file): its
    peak memory, the figure a large collection meets first. No plain script beside it (a dict
    per item of three million rows would take minutes and gigabytes); at most two runs, the
    higher peak reported."""
    folder = scratch / "gold-million"
    folder.mkdir()
    paths = responses_files(folder, 1_000_000, 3)
    runs = [run([*LEXSUB, "gold", *paths, "-o", str(folder / "gold")])
            for _ in range(max(1, min(repeat, 2)))]
    # A memory target: the highest peak of the runs is the one reported, beside the best CPU.
    fastest = best(runs)
    ours = Run(fastest.cpu, fastest.wall, max(r.peak_mb for r in runs), fastest.said)
    return Row(GOLD_MILLION_WORK, ours, None, GOLD_MILLION_TARGET, ours.peak_mb < 1024)


def odd_rows(scratch: Path, repeat: int, which: list[str]) -> list[Row]:
    """The large gold and agree rows on files where one cell in ODD_CELL_SHARE is odd, each
    against the same command on the clean files (the reference column), interleaved: a few odd
    rows must not make the whole file slow."""
    wanted = [name for name in ("gold-odd", "agree-odd") if name in which]
    if not wanted:
        return []
    folder = scratch / "odd-rows"
    folder.mkdir()
    clean, odd = odd_responses_files(folder, 100_000, 10)
    rows = []
    share = f"1 odd cell in {ODD_CELL_SHARE:,}"
    for name in wanted:
        if name == "gold-odd":
            work = f"`lexsub gold`, 10 x 100k, {share}, vs the clean files"
            commands = [[*LEXSUB, "gold", *paths, "-o", str(folder / f"gold-{kind}")]
                        for kind, paths in (("odd", odd), ("clean", clean))]
        else:
            work = f"`lexsub agree --format json`, 10 x 100k, {share}, vs the clean files"
            commands = [[*LEXSUB, "agree", *paths, "--format", "json"] for paths in (odd, clean)]
        ours, reference = interleaved(commands[0], commands[1], repeat)
        assert reference is not None
        rows.append(Row(work, ours, reference, "<= 1.2 x the clean files' time and memory",
                        ours.cpu <= 1.2 * reference.cpu
                        and ours.peak_mb <= 1.2 * reference.peak_mb))
    return rows


def gui_rows(scratch: Path, repeat: int, which: list[str]) -> list[Row]:
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen",
                       LEXSUB_STUDIO_HOME=str(scratch / "home"))
    rows = []
    if "gui-large" in which:
        corpus = corpus_file(scratch, 100_000)
        ours, plain = interleaved([sys.executable, "-c", GUI_PROBE, str(corpus)],
                                  [sys.executable, "-c", GUI_REFERENCE, str(corpus)],
                                  repeat, environment)
        wall = float(ours.said.splitlines()[-1])
        rows.append(Row("GUI: start to first painted instance, 100k corpus", ours, plain,
                        "<= 1.5 s, <= 300 MB", wall <= 1.5 and ours.peak_mb <= 300, "said"))
    if "gui-small" in which:
        corpus = corpus_file(scratch, 300)
        ours, plain = interleaved([sys.executable, "-c", GUI_PROBE, str(corpus)],
                                  [sys.executable, "-c", GUI_REFERENCE], repeat, environment)
        rows.append(Row("GUI: start to first paint, 300-instance corpus (CPU)", ours, plain,
                        "<= 0.8 s", ours.cpu <= 0.8))
    if "scoring-workspace" in which:
        folder = scratch / "scoring"
        folder.mkdir()
        files = score_files(folder, 100_000)
        ours, _ = interleaved([sys.executable, "-c", SCORING_PROBE, str(files["gold"]),
                               str(files["oot"])], None, max(1, repeat - 1), environment)
        seconds = float(ours.said.splitlines()[-1])
        rows.append(Row("Scoring workspace, one 100k system added", ours, None,
                        "<= 2 s, <= 600 MB", seconds <= 2 and ours.peak_mb <= 600, "said"))
    return rows


#: The Perl scorer the official row runs when LEXSUB_REFERENCE_SCORER names none.
WRITTEN_REFERENCE = HERE / "reference_scorer.pl"
OFFICIAL_TASKS = ("best", "oot", "mw")
OFFICIAL_WORK = "official `lexsub score`, 100k best+oot+mw vs Perl"


def official_reference() -> tuple[Path, str]:
    """The Perl scorer to time, and how the row names it."""
    named = os.environ.get("LEXSUB_REFERENCE_SCORER")
    if named:
        return Path(named), f"the original, {named}"
    return WRITTEN_REFERENCE, f"written reference, benchmarks/{WRITTEN_REFERENCE.name}"


def installed_lexsub(folder: Path) -> tuple[list[str], dict[str, str]]:
    """``lexsub`` as a user's install leaves it, as bench_score.py times it against Perl: a
    fresh virtual environment holding the package and pip's launcher (the editable install
    of the development environment adds an import hook to every process's start-up), with
    its bytecode compiled once, in ``folder``, by a first untimed run."""
    sys.path.insert(0, str(HERE))
    import bench_score

    command = bench_score._installed_command(folder)
    environment = {name: value for name, value in os.environ.items()
                   if name != "PYTHONDONTWRITEBYTECODE"}
    environment["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    return command, environment


def official_rows(scratch: Path, repeat: int) -> list[Row]:
    """Our official path and the Perl scorer on the same 100k-item files, task by task,
    interleaved; the row sums the best CPU time of each task."""
    perl = shutil.which("perl")
    reference, described = official_reference()
    work = f"{OFFICIAL_WORK} ({described})"
    if perl is None:
        return [Row(f"{work}: not run, perl is not on this machine", None, None,
                    "ratio <= 0.2", None, missing="perl not found")]
    folder = scratch / "official"
    folder.mkdir()
    files = score_files(folder, 100_000)
    lexsub, environment = installed_lexsub(folder)
    ours_total, theirs_total, same = Run(0, 0, 0, ""), Run(0, 0, 0, ""), True
    for task in OFFICIAL_TASKS:
        system = files["mw" if task == "mw" else task]
        gold = files["mwgold" if task == "mw" else "gold"]
        arguments = [str(system), str(gold), "-t", task]
        run([*lexsub, "score", *arguments], environment)  # compiles the bytecode: untimed
        ours, theirs = interleaved([*lexsub, "score", *arguments],
                                   [perl, str(reference), *arguments], repeat, environment)
        assert theirs is not None
        same = same and ours.said == theirs.said
        for total, figures in ((ours_total, ours), (theirs_total, theirs)):
            total.cpu += figures.cpu
            total.wall += figures.wall
            total.peak_mb = max(total.peak_mb, figures.peak_mb)
    ratio = ours_total.cpu / theirs_total.cpu
    if not same:
        work += ", OUTPUT DIFFERS"
    return [Row(work, ours_total, theirs_total, "ratio <= 0.2", same and ratio <= 0.2)]


ROWS = ("score", "gold-large", "agree", "gold-small", "gold-odd", "agree-odd", "gui-large",
        "gui-small", "scoring-workspace", "official", "gold-million")


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["--generate"]:
        kind, folder, size, annotators = arguments[1:5]
        _generate_here(kind, Path(folder), int(size), int(annotators))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per row (best kept)")
    parser.add_argument("--million", action="store_true", help="also the 1M-item score row")
    parser.add_argument("--rows", default=",".join(ROWS),
                        help=f"comma-separated, from: {', '.join(ROWS)}")
    options = parser.parse_args(arguments)
    which = [name.strip() for name in options.rows.split(",") if name.strip()]
    # The rows time the program as installed, with its bytecode cached: under
    # PYTHONDONTWRITEBYTECODE, or after an edit, every run would compile the modules it imports
    # (some 20-25 ms of the small gold row).
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(HERE.parent / "lexsub_studio")],
                   check=False, stdout=subprocess.DEVNULL)
    print(f"CPU seconds (user + system) and peak resident memory of each process, best of "
          f"{options.repeat}; GUI rows: wall seconds from the interpreter's start. "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}.")
    print("| work | today | a plain script | ratio | target | verdict |")
    print("|---|---|---|---|---|---|")
    with scratch_folder("lexsub_targets") as name:
        scratch = Path(name)
        sections = [lambda: score_rows(scratch, options.repeat, options.million)
                    if "score" in which else [],
                    lambda: gold_rows(scratch, options.repeat, which),
                    lambda: odd_rows(scratch, options.repeat, which),
                    lambda: gui_rows(scratch, options.repeat, which),
                    lambda: official_rows(scratch, options.repeat)
                    if "official" in which else []]
        for section in sections:
            try:
                for row in section():
                    print(describe(row), flush=True)
            except (RuntimeError, OSError, ValueError, subprocess.CalledProcessError) as error:
                print(f"| (a row failed: {error}) | | | | | |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
