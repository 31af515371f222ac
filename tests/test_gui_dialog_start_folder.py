"""Save dialogs open where the user's files are: Gold & Agreement's exports in the folder of the
responses files, the Dataset workspace's baseline prefix beside the corpus; a folder the user
chose before (remembered in the settings) wins over both."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from test_gui_gold_workspace import add_and_wait, write_variants
from test_gui_gold_workspace import workspace as workspace  # the fixture

from lexsub_studio.gui import settings
from lexsub_studio.gui.dataset.baselines_panel import BaselinesPanel
from lexsub_studio.gui.gold.workspace import GoldWorkspace

pytestmark = pytest.mark.gui

EXPORTS = ["export_gold", "export_multiword_gold", "export_provenance", "export_mapping",
           "export_report", "export_chart"]


def _asked_directories(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Each save dialog's proposed file's folder; the dialog is then cancelled."""
    asked: list[Path] = []

    def cancelled_dialog(_parent, _title, proposed, _filter):
        asked.append(Path(proposed).parent)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", cancelled_dialog)
    return asked


@pytest.mark.parametrize("export", EXPORTS)
def test_an_export_opens_in_the_folder_of_the_responses_files(
        qtbot, workspace: GoldWorkspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        export: str) -> None:
    responses = tmp_path / "round-1"
    responses.mkdir()
    add_and_wait(qtbot, workspace, write_variants(responses))
    asked = _asked_directories(monkeypatch)
    getattr(workspace.exports, export)()
    assert asked == [responses.resolve()]


def test_a_remembered_folder_wins_and_a_chosen_one_is_remembered(
        qtbot, workspace: GoldWorkspace, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    responses, remembered, chosen = tmp_path / "round-1", tmp_path / "papers", tmp_path / "out"
    for folder in (responses, remembered, chosen):
        folder.mkdir()
    add_and_wait(qtbot, workspace, write_variants(responses))
    settings.app_settings().setValue(settings.LAST_DIRECTORY, str(remembered))
    asked = _asked_directories(monkeypatch)
    workspace.exports.export_mapping()
    assert asked == [remembered]

    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(chosen / "merges.tsv"), ""))
    workspace.exports.export_mapping()
    assert Path(str(settings.app_settings().value(settings.LAST_DIRECTORY))) == chosen.resolve()


def test_the_baseline_prefix_dialog_opens_beside_the_gold_without_a_prefix(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold = tmp_path / "round.gold"
    gold.write_text("", encoding="utf-8")
    panel = BaselinesPanel(near_files=lambda: [None, str(gold)])
    qtbot.addWidget(panel)
    asked = _asked_directories(monkeypatch)
    panel.choose_prefix()
    assert asked == [tmp_path.resolve()]
