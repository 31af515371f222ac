"""Load and sort times of the Scoring workspace on 20 systems x 100,000 items.

Generates a seeded gold and 20 system files (best, oot and weighted, with the usual defects:
repeated answers, case and hyphen variants, inflected answers, over-long oot lines) in a
temporary directory, then times, offscreen:

- scoring every system (in the background: read, clean scoring with every measure family,
  shown; then the official run and the warnings), with how long the GUI thread is busy
  showing the result;
- sorting the items table (100,000 rows) by a system's score, by the spread, and by lexelt;
- filtering it by PoS, and the league table per lexelt.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_scoring_workspace.py
    QT_QPA_PLATFORM=offscreen python benchmarks/bench_scoring_workspace.py --items 20000 --systems 5

``--direct`` skips the GUI: it scores one best, one oot and one weighted system through
``scoring_export.score_system_file`` (the gold prepared once, as the workspace does) and prints
each one's wall and CPU time; ``--direct --profile`` adds the cProfile listing of each.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

from scratch import make_scratch_folder, scratch_folder

SEED = 2010
#: What the organiser should be able to count on (20 systems x 100,000 items).
TARGET_SECONDS_PER_SYSTEM = 5.0
TARGET_MEGABYTES = 1024
POS_LETTERS = ("n", "v", "a", "r")


def _vocabulary(rng: random.Random) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = sorted({"".join(rng.choice(letters) for _ in range(rng.randint(3, 9)))
                    for _ in range(3000)})
    return words + [f"{w}-{v}" for w, v in zip(words[:200], words[200:400], strict=True)]


def generate(directory: Path, items: int, systems: int) -> tuple[Path, list[Path]]:
    rng = random.Random(SEED)
    vocabulary = _vocabulary(rng)
    gold_lines: list[str] = []
    golds: list[tuple[str, str, list[str]]] = []
    for number in range(items):
        lexelt = f"{rng.choice(vocabulary)}.{rng.choice(POS_LETTERS)}"
        substitutes = rng.sample(vocabulary, rng.randint(1, 7))
        counts = sorted((rng.choice((1, 1, 2, 2, 3, 4)) for _ in substitutes), reverse=True)
        gold_lines.append(f"{lexelt} {number} :: " + "".join(
            f"{s} {c};" for s, c in zip(substitutes, counts, strict=True)))
        golds.append((lexelt, str(number), substitutes))
    gold = directory / "gold"
    gold.write_text("\n".join(gold_lines) + "\n", encoding="utf-8")
    paths = []
    for index in range(systems):
        kind = ("best", "oot", "weighted")[index % 3]
        skill = 0.2 + 0.6 * rng.random()
        lines = []
        for lexelt, item_id, substitutes in golds:
            count = 1 if kind == "best" and rng.random() < 0.7 else rng.randint(2, 12)
            answers = [rng.choice(substitutes) if rng.random() < skill else rng.choice(vocabulary)
                       for _ in range(count)]
            if rng.random() < 0.01:
                answers[0] = answers[0].upper()
            if rng.random() < 0.01:
                answers[0] += "s"
            if kind == "best":
                lines.append(f"{lexelt} {item_id} :: {';'.join(answers)}")
            elif kind == "oot":
                lines.append(f"{lexelt} {item_id} ::: {';'.join(answers)}")
            else:
                weighted = " ".join(f"{a.replace(' ', '_')}/{rng.random():.3f}"
                                    for a in dict.fromkeys(answers))
                lines.append(f"{lexelt} {item_id} {weighted}")
        path = directory / f"system{index:02d}.{kind}"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return gold, paths


def _resident_mb() -> float:
    """The process's resident memory now (Linux /proc; 0 where it is not available)."""
    try:
        fields = Path("/proc/self/statm").read_text().split()
        return int(fields[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


def _peak_mb() -> float:
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def direct(items: int, profile: bool) -> int:
    """Score one system of each kind through score_system_file, timed (and profiled)."""
    import cProfile
    import pstats

    from lexsub_studio.core.io.formats.gold import read_gold
    from lexsub_studio.core.scoring.compare import system_scores as scoring_export
    from lexsub_studio.core.scoring.compare.system_scores import score_system_file

    # Versions before prepare_gold existed score against the plain list (to compare them).
    prepare_gold = getattr(scoring_export, "prepare_gold", list)

    with scratch_folder("lexsub_bench_data") as scratch:
        gold_path, systems = generate(Path(scratch), items, 3)
        gold = prepare_gold(read_gold(gold_path).items)
        gold_bytes = gold_path.read_bytes()
        for path in systems:
            profiler = cProfile.Profile() if profile else None
            wall, cpu = time.perf_counter(), time.process_time()
            if profiler is not None:
                profiler.enable()
            score_system_file(path, gold, gold_bytes)
            if profiler is not None:
                profiler.disable()
            print(f"{path.name}: {time.perf_counter() - wall:.2f} s wall, "
                  f"{time.process_time() - cpu:.2f} s CPU (target < "
                  f"{TARGET_SECONDS_PER_SYSTEM:.0f} s at 100,000 items)")
            if profiler is not None:
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        print(f"peak memory {_peak_mb():.0f} MB")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--systems", type=int, default=20)
    parser.add_argument("--direct", action="store_true",
                        help="time score_system_file on three systems, without the GUI")
    parser.add_argument("--profile", action="store_true",
                        help="with --direct: print the cProfile listing of each system")
    args = parser.parse_args()
    if args.direct:
        return direct(args.items, args.profile)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["LEXSUB_STUDIO_HOME"] = str(make_scratch_folder("lexsub_bench"))

    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from lexsub_studio.gui.app_state import AppState
    from lexsub_studio.gui.scoring.workspace import ScoringWorkspace

    app = QApplication.instance() or QApplication(sys.argv[:1])
    with scratch_folder("lexsub_bench_data") as scratch:
        start = time.perf_counter()
        gold, systems = generate(Path(scratch), args.items, args.systems)
        print(f"generated {args.items} items x {args.systems} systems in "
              f"{time.perf_counter() - start:.1f} s")
        page = ScoringWorkspace(AppState())
        page.resize(1200, 800)
        page.show()
        done: list[bool] = []
        checked: list[float] = []
        page.scored.connect(lambda: done.append(True))
        page.official_checked.connect(lambda: checked.append(time.perf_counter()))

        def wait() -> None:
            while not done:
                app.processEvents()
                time.sleep(0.005)
            done.clear()

        start = time.perf_counter()
        page.open_gold(str(gold))
        while page.gold is None:
            app.processEvents()
            time.sleep(0.005)
        print(f"gold read: {time.perf_counter() - start:.2f} s")
        start = time.perf_counter()
        page.add_systems([str(path) for path in systems])
        wait()
        shown = time.perf_counter() - start
        # The official runs and the warnings follow the clean figures in the background.
        while not checked:
            app.processEvents()
            time.sleep(0.005)
        seconds = checked[0] - start
        count = max(len(page.systems), 1)
        print(f"clean figures of {len(page.systems)} systems shown after {shown:.2f} s; "
              f"with official runs and warnings: {seconds:.2f} s, {seconds / count:.2f} s a "
              f"system (target < {TARGET_SECONDS_PER_SYSTEM:.0f} s at 100,000 items); GUI "
              f"thread showing the result: {page.last_show_seconds:.3f} s")
        print(f"memory after scoring: {_resident_mb():.0f} MB resident, peak "
              f"{_peak_mb():.0f} MB (target < {TARGET_MEGABYTES} MB for 20 systems)")
        view = page.items_page.view
        columns = {"by the first system's score": 3, "by spread":
                   page.items_page.model.columnCount() - 1, "by lexelt": 0}
        for label, column in columns.items():
            start = time.perf_counter()
            view.sortByColumn(column, Qt.SortOrder.DescendingOrder)
            app.processEvents()
            print(f"sort {page.items_page.model.rowCount()} items {label}: "
                  f"{time.perf_counter() - start:.3f} s")
        start = time.perf_counter()
        page.items_page.pos_filter.setCurrentIndex(1)
        app.processEvents()
        print(f"filter by PoS ({page.items_page.model.rowCount()} shown): "
              f"{time.perf_counter() - start:.3f} s")
        refreshed: list[bool] = []
        page.league_page.refreshed.connect(lambda: refreshed.append(True))
        start = time.perf_counter()
        breakdown = page.league_page.breakdown_combo
        breakdown.setCurrentIndex(breakdown.findData("lexelt"))
        while not refreshed:
            app.processEvents()
            time.sleep(0.005)
        rows = page.league_page.model.rowCount()
        print(f"league table per lexelt ({rows} rows, background): "
              f"{time.perf_counter() - start:.3f} s")
        start = time.perf_counter()
        page.league_page.view.sortByColumn(2, Qt.SortOrder.DescendingOrder)
        app.processEvents()
        print(f"sort the per-lexelt table: {time.perf_counter() - start:.3f} s")
        start = time.perf_counter()
        page.add_systems([str(systems[0])])  # already cached
        wait()
        print(f"rescoring from the cache: {time.perf_counter() - start:.2f} s")
        # Let the breakdown the rescoring started in the background finish before closing.
        for task in (page.league_page.task, page.items_page.task):
            while task is not None and not task.is_finished:
                app.processEvents()
                time.sleep(0.005)
        print(f"memory at the end: {_resident_mb():.0f} MB resident, peak {_peak_mb():.0f} MB")
        page.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
