"""Gold & Agreement's exports are built and written off the GUI thread: each export's writer
runs on a worker thread, the paths arrive on the GUI thread, and a cancelled export writes
nothing."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from test_gui_gold_workspace import add_and_wait, exported, write_variants
from test_gui_gold_workspace import workspace as workspace  # the fixture

from lexsub_studio.core.io import output_set
from lexsub_studio.gui.gold import export_panel
from lexsub_studio.gui.gold.workspace import GoldWorkspace

pytestmark = pytest.mark.gui


def _record_threads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every writer the exports call notes the thread it ran on, then writes as before."""
    seen: list[tuple[str, int]] = []

    def recording(name: str, write):
        def wrapper(*args, **kwargs):
            seen.append((name, threading.get_ident()))
            return write(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(export_panel, "atomic_write_text",
                        recording("text", export_panel.atomic_write_text))
    monkeypatch.setattr(output_set, "write_output_set",
                        recording("set", output_set.write_output_set))
    monkeypatch.setattr(export_panel, "save_chart", recording("chart", export_panel.save_chart))
    return seen


@pytest.mark.parametrize(("export", "name", "expected"), [
    ("export_gold", "round.gold", ["round.gold"]),
    ("export_multiword_gold", "round.gold.mw", ["round.gold.mw"]),
    ("export_provenance", "provenance.csv", ["provenance.csv"]),
    ("export_mapping", "merges.tsv", ["merges.tsv"]),
    ("export_report", "report.html", ["report.csv", "report.html"]),
    ("export_chart", "chart.svg", ["chart.svg"]),
])
def test_each_export_is_written_off_the_gui_thread(
        qtbot, workspace: GoldWorkspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        export: str, name: str, expected: list[str]) -> None:
    add_and_wait(qtbot, workspace, write_variants(tmp_path))
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(out / name), ""))
    seen = _record_threads(monkeypatch)
    written = exported(qtbot, getattr(workspace.exports, export))
    assert written == [str(out / file) for file in expected]
    assert all((out / file).is_file() for file in expected)
    assert seen, "no writer was called"
    assert all(thread != threading.get_ident() for _, thread in seen)
    assert name in workspace.exports.progress_label.text() or \
        expected[0] in workspace.exports.progress_label.text()
    assert not workspace.exports.progress_bar.isVisible()


def test_a_cancelled_export_writes_nothing(qtbot, workspace: GoldWorkspace, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    add_and_wait(qtbot, workspace, write_variants(tmp_path))
    target = tmp_path / "round.gold"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    building, release = threading.Event(), threading.Event()
    real_texts = export_panel.adjudicated_gold_texts

    def slow_texts(*args, **kwargs):
        building.set()
        release.wait(10)
        return real_texts(*args, **kwargs)

    monkeypatch.setattr(export_panel, "adjudicated_gold_texts", slow_texts)
    task = workspace.exports.export_gold()
    assert task is not None
    assert building.wait(10)
    assert workspace.exports.cancel_button.isVisible()
    with qtbot.waitSignal(workspace.exports.export_finished, timeout=5000) as blocker:
        workspace.exports.cancel_button.click()
    assert blocker.args == [[]]
    release.set()
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    assert not target.exists()
    assert "nothing was written" in workspace.exports.progress_label.text()
