"""How long Gold & Agreement's exports keep the window from answering.

Pools five synthetic annotators over N items offscreen, then runs the report, gold and
provenance exports twice each and prints, for each run, how long the call took to return, how
long until the file was written, and the longest time the window stopped answering (the longest
gap between the ticks of a 5 ms timer, the call itself included).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_gold_exports.py [--items 100000]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

HEADER = ("# lexsub-responses 1\nlexelt\tid\tannotator\tsub1\tsub2\tsub3\tmultiword\tnil\t"
          "proper_name\tcomment\tseconds\n")
ANNOTATORS = 5
EXPORTS = (("export_report", "report.html"), ("export_gold", "round.gold"),
           ("export_provenance", "provenance.csv"))


def write_responses(folder: Path, items: int) -> list[str]:
    chooser = random.Random(7)
    words = [f"w{number}" for number in range(40)]
    paths = []
    for annotator in range(ANNOTATORS):
        rows = [f"t{item % 200}.n\t{item}\tann{annotator}\t{chooser.choice(words)}\t"
                f"{chooser.choice(words)}\t\t\t0\t0\t\t\n" for item in range(items)]
        path = folder / f"ann{annotator}.tsv"
        path.write_text(HEADER + "".join(rows), encoding="utf-8")
        paths.append(str(path))
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--items", type=int, default=100_000)
    args = parser.parse_args()

    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication, QFileDialog

    from lexsub_studio.gui import dialogs
    from lexsub_studio.gui.app_state import AppState
    from lexsub_studio.gui.gold.workspace import GoldWorkspace

    app = QApplication.instance() or QApplication([])
    dialogs.show_error = lambda parent, title, error: print(f"{title}: {error}")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        workspace = GoldWorkspace(AppState())
        workspace.show()
        loop = QEventLoop()
        workspace.analysis_ready.connect(loop.quit)
        workspace.add_files(write_responses(folder, args.items))
        loop.exec()
        for name, target in EXPORTS:
            for _run in range(2):
                QFileDialog.getSaveFileName = staticmethod(
                    lambda *_a, target=target, **_k: (str(folder / target), ""))
                gaps: list[float] = []
                last = [time.perf_counter()]

                def tick(gaps: list[float] = gaps, last: list[float] = last) -> None:
                    now = time.perf_counter()
                    gaps.append(now - last[0])
                    last[0] = now

                timer = QTimer(interval=5)
                timer.timeout.connect(tick)
                timer.start()
                start = time.perf_counter()
                task = getattr(workspace.exports, name)()
                returned = time.perf_counter() - start
                while task is not None and not task.is_finished:
                    app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 10)
                written = time.perf_counter() - start
                timer.stop()
                print(f"{name}: {args.items} items x {ANNOTATORS}: returned after "
                      f"{returned * 1000:.0f} ms, written after {written * 1000:.0f} ms, "
                      f"longest stall {max([returned, *gaps]) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
