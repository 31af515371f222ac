"""Dropping files on the main window opens each in its workspace; the start screen says what
every workspace is for, one line each."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent, QFontMetrics, QTextDocumentFragment

from lexsub_studio.core.io.drop_routing import route_dropped_files
from lexsub_studio.gui import dialogs, tasks
from lexsub_studio.gui.dataset.workspace import DatasetWorkspace
from lexsub_studio.gui.gold.workspace import GoldWorkspace
from lexsub_studio.gui.scoring.workspace import ScoringWorkspace
from lexsub_studio.gui.window.workspace_list import workspace_specs
from tests.gui_support import make_window, set_annotator

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "data" / "demo"
CONLL = ROOT / "data" / "conll" / "sample-a.conll"


@pytest.fixture(autouse=True)
def _no_blocking_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *args: None)
    monkeypatch.setattr(dialogs, "show_error", lambda *args: None)


@pytest.fixture(autouse=True)
def _no_task_left_running(qtbot):
    """Every background read a drop started ends within its test, so none delivers its
    result (and perhaps a dialog) into a later test."""
    yield
    qtbot.waitUntil(lambda: not tasks._running, timeout=20000)


def _conll_without_its_suffix(tmp_path: Path) -> Path:
    tokens = tmp_path / "tokens.txt"
    tokens.write_text("#1\n1\tA\ta\tDT\n2\tfair\tfair\tJJ\n3\tprice\tprice\tNN\n\n",
                      encoding="utf-8")
    return tokens


def test_each_kind_of_file_is_routed_to_its_workspace(tmp_path: Path) -> None:
    package = tmp_path / "team.lexsubpkg"
    package.write_bytes(b"PK\x05\x06" + bytes(18))
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    plan = route_dropped_files([
        str(DEMO / "responses" / "amira.tsv"), str(DEMO / "demo.xml"), str(package),
        str(DEMO / "gold"), str(DEMO / "gold.mw"), str(DEMO / "systems" / "alpha.best"),
        str(DEMO / "systems" / "gamma.weighted"), str(CONLL),
        str(_conll_without_its_suffix(tmp_path)), str(empty), str(tmp_path)])
    assert plan.files == {
        "gold": [str(DEMO / "responses" / "amira.tsv")],
        "annotate": [str(DEMO / "demo.xml"), str(package)],
        "scoring": [str(DEMO / "gold"), str(DEMO / "gold.mw"),
                    str(DEMO / "systems" / "alpha.best"),
                    str(DEMO / "systems" / "gamma.weighted")],
        "dataset": [str(CONLL), str(tmp_path / "tokens.txt")],
    }
    assert plan.first_workspace() == "gold"
    assert plan.ignored == ["empty.txt (the file is empty)",
                            f"{tmp_path.name} (a folder, not a file)"]


def _drop(window, paths: list[Path]) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)


@pytest.mark.gui
def test_dropped_responses_open_in_gold_and_agreement(qtbot) -> None:
    window = make_window(qtbot)
    responses = sorted((DEMO / "responses").glob("*.tsv"))
    _drop(window, responses)
    gold = window.workspaces["gold"]
    assert isinstance(gold, GoldWorkspace)
    qtbot.waitUntil(lambda: window.current_workspace() is gold, timeout=10000)
    assert gold.sources.files_list.paths() == [str(path.resolve()) for path in responses]
    window.close()


@pytest.mark.gui
def test_dropped_gold_and_systems_open_in_scoring(qtbot) -> None:
    window = make_window(qtbot)
    scoring = window.workspaces["scoring"]
    assert isinstance(scoring, ScoringWorkspace)
    with qtbot.waitSignal(scoring.scored, timeout=20000):
        window.open_dropped([str(DEMO / "gold"), str(DEMO / "systems" / "alpha.best")])
    assert window.current_workspace() is scoring
    assert [system.name for system in scoring.systems] == ["alpha.best"]
    window.close()


@pytest.mark.gui
def test_dropped_conll_files_open_the_new_task_wizard(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot)
    tokens = _conll_without_its_suffix(tmp_path)
    task = window.open_dropped([str(CONLL), str(tokens)])
    dataset = window.workspaces["dataset"]
    assert isinstance(dataset, DatasetWorkspace)
    qtbot.waitUntil(lambda: task.is_finished and dataset.wizard is not None, timeout=10000)
    assert window.current_workspace() is dataset
    assert dataset.wizard.files_page.paths() == [str(CONLL), str(tokens)]
    dataset.wizard.reject()
    window.close()


@pytest.mark.gui
def test_a_dropped_corpus_opens_for_annotation_and_the_rest_is_named(qtbot) -> None:
    set_annotator("tester")
    window = make_window(qtbot)
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.open_dropped([str(DEMO / "demo.xml"), str(DEMO / "demo.xml"),
                             str(ROOT / "data")])
    assert window.current_workspace() is window.workspaces["annotate"]
    message = window.statusBar().currentMessage()
    assert "demo.xml (one corpus at a time)" in message
    assert "data (a folder, not a file)" in message
    window.close()


@pytest.mark.gui
def test_the_start_screen_says_what_each_workspace_is_for_in_one_line(qtbot) -> None:
    window = make_window(qtbot)
    lines = window.start_screen.workspace_line_labels
    specs = workspace_specs()
    assert list(lines) == [spec.key for spec in specs]
    for spec in specs:
        label = lines[spec.key]
        assert label.isVisible()
        shown = QTextDocumentFragment.fromHtml(label.text()).toPlainText()
        assert shown == f"{spec.title} — {spec.description}"
        # One line in the start screen's column of a 1280-px window (it wraps, rather than
        # widening the window, on a small screen such as the offscreen one of the tests).
        bold = label.font()
        bold.setBold(True)
        assert "\n" not in shown and QFontMetrics(bold).horizontalAdvance(shown) <= 1280 * 3 // 5
    window.close()
