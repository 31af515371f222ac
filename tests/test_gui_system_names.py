"""Systems of long shared names told apart in the Scoring workspace (the Items headers show the
part that differs, the tool tip the whole name), and a system renamed everywhere it is shown:
league table, Items columns, plot legends, the exported report; Edit › Undo takes it back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QInputDialog

from lexsub_studio.core.scoring.compare.league import SYSTEM_HEADER
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.scoring.workspace import ScoringWorkspace

pytestmark = pytest.mark.gui
TEAMS = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota")


@pytest.fixture(autouse=True)
def _no_blocking_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    monkeypatch.setattr(dialogs, "show_error", lambda *a: None)


@pytest.fixture()
def workspace(qtbot, demo_dir: Path, tmp_path: Path) -> ScoringWorkspace:
    paths = []
    for team in TEAMS:
        path = tmp_path / f"third-place-team-{team}-final.best"
        shutil.copyfile(demo_dir / "systems" / "alpha.best", path)
        paths.append(str(path))
    page = ScoringWorkspace(AppState())
    qtbot.addWidget(page)
    page.resize(1024, 640)
    page.show()
    task = page.open_gold(str(demo_dir / "gold"))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    with qtbot.waitSignals([page.scored, page.official_checked], order="strict",
                           timeout=60000):
        page.add_systems(paths)
    return page


def _item_headers(page: ScoringWorkspace, role: Qt.ItemDataRole) -> list[str]:
    model = page.items_page.model
    first = len(model.FIXED)
    return [model.headerData(column, Qt.Orientation.Horizontal, role)
            for column in range(first, first + len(TEAMS))]


def _league_names(page: ScoringWorkspace) -> list[str]:
    table = page.league_page.model.table
    column = table.header.index(SYSTEM_HEADER)
    return [str(row[column]) for row in table.rows]


def _legend(page: ScoringWorkspace) -> list[str]:
    figure = page.plots_page.figure("pos")
    return [text.get_text() for axes in figure.axes if axes.get_legend()
            for text in axes.get_legend().get_texts()]


def test_items_headers_show_the_part_that_differs_and_the_whole_name_in_the_tip(
        workspace: ScoringWorkspace) -> None:
    assert _item_headers(workspace, Qt.ItemDataRole.DisplayRole) == [
        f"…{team}…" for team in TEAMS]
    assert _item_headers(workspace, Qt.ItemDataRole.ToolTipRole) == [
        f"third-place-team-{team}-final.best" for team in TEAMS]


def test_a_renamed_system_is_shown_by_its_name_everywhere_and_undo_takes_it_back(
        qtbot, workspace: ScoringWorkspace, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    page = workspace.league_page
    page.view.setCurrentIndex(page.model.index(0, page.model.table.header.index(SYSTEM_HEADER)))
    system = page.selected_system()
    assert system is not None and system.path is not None
    old_name = system.name
    # Rename system… (F2, double-click or the row's context menu) asks for the name.
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("  Team   Alpha ", True))
    with qtbot.waitSignal(workspace.scored, timeout=20000):
        page.rename_action.trigger()
    assert "Team Alpha" in _league_names(workspace)
    assert old_name not in _league_names(workspace)
    assert "Team Alpha" in _item_headers(workspace, Qt.ItemDataRole.ToolTipRole)
    assert "Team Alpha" in _legend(workspace)
    report = tmp_path / "scoring.html"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(report), ""))
    assert workspace.export_report() == report
    text = report.read_text(encoding="utf-8")
    assert "Team Alpha" in text and old_name not in text
    # A name another system has is refused: rows must stay told apart.
    other = next(s.name for s in workspace.systems if s.path != system.path)
    assert not workspace.rename_system(system.path, other)
    with qtbot.waitSignal(workspace.scored, timeout=20000):
        workspace.state.undo_stack.undo()
    assert old_name in _league_names(workspace) and "Team Alpha" not in _league_names(workspace)
