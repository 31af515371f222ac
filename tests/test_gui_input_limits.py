"""The GUI meets a file over the input limits (core/io/formats/limits.py): a message, no
traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_dataset_support import main_window_with
from gui_support import open_and_wait, set_annotator

from lexsub_studio.core.io.formats import limits
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.dataset.workspace import DatasetWorkspace

pytestmark = pytest.mark.gui


def test_a_dropped_file_over_the_size_limit_is_refused_with_its_reason(
        qtbot, monkeypatch: pytest.MonkeyPatch, demo_dir: Path) -> None:
    set_annotator("tester")
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    window = main_window_with(qtbot, monkeypatch)
    open_and_wait(qtbot, window, demo_dir / "demo.xml")
    window.show_workspace("dataset")
    workspace = window.workspaces["dataset"]
    assert isinstance(workspace, DatasetWorkspace)
    qtbot.waitUntil(lambda: not workspace.stats.stats_busy.running, timeout=20000)
    gold = demo_dir / "gold"
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", gold.stat().st_size - 1)
    workspace.add_detected([str(gold)])
    assert workspace.inputs.gold is None
    assert (f"gold (the file is larger than {gold.stat().st_size - 1} bytes, the most this "
            "program reads" in workspace.message.text())
    qtbot.waitUntil(lambda: not workspace.stats.stats_busy.running, timeout=20000)
    window.close()
