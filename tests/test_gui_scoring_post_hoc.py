"""Post-hoc scoring in the Scoring workspace: judgements files added (by the page's button or
dropped) give each best and oot system the figures ``lexsub score --judgements`` prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from judgement_files import DEMO, write_demo_judgements
from PySide6.QtWidgets import QFileDialog, QPushButton

from lexsub_studio.cli.main import main
from lexsub_studio.core.scoring.report.post_hoc import POST_HOC_COLUMNS
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.scoring.workspace import ScoringWorkspace

pytestmark = pytest.mark.gui

SYSTEMS = ("alpha.best", "beta.best", "alpha.oot", "gamma.weighted")


@pytest.fixture
def workspace(qtbot, monkeypatch: pytest.MonkeyPatch) -> ScoringWorkspace:
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: pytest.fail(f"{title}: {error}"))
    page = ScoringWorkspace(AppState())
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    task = page.open_gold(str(DEMO / "gold"))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    with qtbot.waitSignal(page.scored, timeout=20000):
        page.add_systems([str(DEMO / "systems" / name) for name in SYSTEMS])
    return page


def _shown(page: ScoringWorkspace) -> dict[str, dict[str, object]]:
    table = page.post_hoc_page.model.table
    headers = [header for header, _ in POST_HOC_COLUMNS]
    assert table.header == headers
    return {row[0]: dict(zip(headers, row, strict=True)) for row in table.rows}


def _cli(paths: list[Path], system: str, kind: str,
         capsys: pytest.CaptureFixture[str]) -> dict:
    capsys.readouterr()
    assert main(["score", str(DEMO / "systems" / system), str(DEMO / "gold"), "-t", kind,
                 "--judgements", *map(str, paths), "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)["post_hoc"]


def test_the_post_hoc_figures_equal_lexsub_score_judgements(
        qtbot, workspace: ScoringWorkspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    paths = write_demo_judgements(tmp_path, items=30)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        lambda *a, **k: ([str(path) for path in paths], ""))
    button = workspace.post_hoc_page.findChild(QPushButton, "postHocAddButton")
    with qtbot.waitSignal(workspace.post_hoc_ready, timeout=20000):
        button.click()
    assert workspace.tabs.currentWidget() is workspace.post_hoc_page
    shown = _shown(workspace)
    assert list(shown) == list(SYSTEMS)
    for name, kind in (("alpha.best", "best"), ("beta.best", "best"), ("alpha.oot", "oot")):
        printed = _cli(paths, name, kind, capsys)
        row = shown[name]
        assert row["kind"] == kind
        assert (row["post-hoc acceptable"], row["acceptable"], row["judged"],
                row["judged share"], row["answers"], row["unjudged"]) == (
            printed["share"], printed["acceptable"], printed["judged"],
            printed["judged_share"], printed["answers"], printed["unjudged"])
    assert shown["alpha.best"]["judged"] > 0 and shown["alpha.best"]["unjudged"] > 0
    weighted = shown["gamma.weighted"]
    assert weighted["post-hoc acceptable"] is None
    assert "post-hoc scoring takes best or oot answers" in str(weighted["note"])
    # The selected system says which of its answers nobody judged.
    view = workspace.post_hoc_page.view
    view.setCurrentIndex(workspace.post_hoc_page.model.index(0, 0))
    assert "Unjudged (" in workspace.post_hoc_page.explanation.text()


def test_dropped_judgements_files_score_the_systems_post_hoc(
        qtbot, workspace: ScoringWorkspace, tmp_path: Path) -> None:
    paths = write_demo_judgements(tmp_path)
    with qtbot.waitSignal(workspace.post_hoc_ready, timeout=20000):
        workspace.open_dropped([str(path) for path in paths])
    assert workspace.judgement_paths == [str(path) for path in paths]
    assert _shown(workspace)["alpha.best"]["answers"] > 0
    with qtbot.waitSignal(workspace.post_hoc_ready, timeout=20000):
        workspace.clear_judgements()
    assert workspace.post_hoc_page.model.table.rows == []


def test_every_header_of_the_post_hoc_table_is_marked_for_translation() -> None:
    from lexsub_studio.gui.scoring.post_hoc_page import HEADERS

    assert tuple(header for header, _ in POST_HOC_COLUMNS) == HEADERS
