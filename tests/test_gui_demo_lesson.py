"""File › Open the demo lesson (and the start screen's demo button): the demo corpus in Annotate,
its five annotators pooled in Gold & Agreement, its gold and systems scored in Scoring; Help ›
Demo lesson opens the guide at the demo's chapter; dialogs open beside the demo's files, never
save into them."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from lexsub_studio.gui import settings
from lexsub_studio.gui.gold.workspace import GoldWorkspace
from lexsub_studio.gui.main_window import MainWindow
from lexsub_studio.gui.scoring.workspace import ScoringWorkspace
from lexsub_studio.gui.user_guide import UserGuide
from lexsub_studio.paths import DemoLesson, demo_dir, demo_lesson
from tests.gui_support import make_window, set_annotator

pytestmark = pytest.mark.gui

RESPONSES = ["amira.tsv", "bruno.tsv", "chen.tsv", "dara.tsv", "emil.tsv"]


def _demo_files() -> dict[Path, int]:
    return {path: path.stat().st_mtime_ns for path in demo_dir().rglob("*") if path.is_file()}


def _gold(window: MainWindow) -> GoldWorkspace:
    gold = window.workspaces["gold"]
    assert isinstance(gold, GoldWorkspace)
    return gold


def _scoring(window: MainWindow) -> ScoringWorkspace:
    scoring = window.workspaces["scoring"]
    assert isinstance(scoring, ScoringWorkspace)
    return scoring


def _lesson_loaded(window: MainWindow, lesson: DemoLesson) -> bool:
    """Every workspace shows the lesson: the corpus open, the gold computed from the five files
    checked against the corpus, every system scored against the demo's gold file."""
    gold, scoring = _gold(window), _scoring(window)
    analysis = gold.analysis
    source = window.state.source
    scored = {str(system.path) for system in scoring.systems}
    return (source is not None and source.path == lesson.corpus
            and analysis is not None and len(analysis.request.paths) == len(RESPONSES)
            and analysis.request.corpus is not None
            and scoring.gold is not None and scoring.gold.path == str(lesson.gold)
            and scoring.task is None
            and scored == {str(path) for path in lesson.systems})


def open_lesson(qtbot, window: MainWindow) -> DemoLesson:
    lesson = demo_lesson()
    window.open_demo()
    qtbot.waitUntil(lambda: _lesson_loaded(window, lesson), timeout=60000)
    return lesson


def test_open_the_demo_loads_the_whole_lesson_in_the_three_workspaces(qtbot) -> None:
    set_annotator("tester")
    before = _demo_files()
    window = make_window(qtbot)
    messages: list[str] = []
    window.statusBar().messageChanged.connect(messages.append)
    lesson = open_lesson(qtbot, window)

    annotate = window.workspaces["annotate"]
    assert window.stack.currentWidget() is annotate
    assert window.state.source is not None
    assert sum(1 for _ in window.state.source.corpus.instances()) == 55

    gold = _gold(window)
    assert [Path(path).name for path in gold.sources.paths()] == RESPONSES
    assert gold.sources.progress_label.text() == "Computed from 5 file(s)."
    assert gold.analysis is not None and gold.analysis.report is not None
    # The decisions of the lesson's curation are kept in the user's folder, not the demo's.
    assert gold.curation.path == lesson.own_folder / "adjudication.lexsub.json"

    scoring = _scoring(window)
    assert scoring.gold_label.text() == "Gold: gold (55 items)"
    assert scoring.mw_gold_label.text().startswith("Multiword gold: gold.mw")
    league = scoring.league_page.model.table
    names = {row[league.header.index("system")] for row in league.rows}
    assert {"alpha.best", "alpha.oot", "alpha.mw", "beta.best"} <= names
    assert any(name.startswith("gamma") for name in names)
    assert scoring.failures == {}
    assert any("Help › Demo lesson" in message for message in messages)
    # Nothing was written into the installed demo, and it is not the folder saved to next.
    assert _demo_files() == before
    assert settings.app_settings().value(settings.LAST_DIRECTORY) is None


def test_the_lesson_replaces_what_gold_and_scoring_held(qtbot, tmp_path: Path) -> None:
    set_annotator("tester")
    window = make_window(qtbot)
    other = tmp_path / "other.tsv"
    other.write_text((demo_dir() / "responses" / "amira.tsv").read_text(encoding="utf-8"),
                     encoding="utf-8")
    _gold(window).add_files([str(other)])
    scoring = _scoring(window)
    scoring.system_paths.append(str(tmp_path / "gone.best"))
    scoring.judgement_paths.append(str(tmp_path / "judged.tsv"))
    open_lesson(qtbot, window)
    assert [Path(path).name for path in _gold(window).sources.paths()] == RESPONSES
    assert str(tmp_path / "gone.best") not in scoring.system_paths
    assert scoring.judgement_paths == []


def test_the_start_screens_demo_button_opens_the_lesson(qtbot) -> None:
    set_annotator("tester")
    window = make_window(qtbot)
    lesson = demo_lesson()
    window.start_screen.demo_button.click()
    qtbot.waitUntil(lambda: _lesson_loaded(window, lesson), timeout=60000)


def test_help_demo_lesson_opens_the_guide_at_the_demo_chapter(qtbot) -> None:
    window = make_window(qtbot)
    action = window.findChild(type(window.window_actions.demo_lesson_action), "actionDemoLesson")
    assert action is not None
    help_menu = next(entry.menu() for entry in window.menuBar().actions()
                     if entry.text() == "&Help")
    assert action in help_menu.actions()
    action.trigger()
    guide = window.help.user_guide
    assert isinstance(guide, UserGuide) and guide.isVisible()
    assert guide.current_title() == "The demo and exercises"
    assert "Exercises" in guide.text.toPlainText()


def test_open_dialogs_start_beside_the_lessons_files_and_saves_never_in_them(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    set_annotator("tester")
    window = make_window(qtbot)
    lesson = open_lesson(qtbot, window)
    asked: list[Path] = []

    def cancelled_choice(_parent, _title, folder, _filter):
        asked.append(Path(folder))
        return [], ""

    def cancelled_file(_parent, _title, folder, _filter):
        asked.append(Path(folder))
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileNames", cancelled_choice)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", cancelled_file)
    _gold(window).sources.choose_files()
    scoring = _scoring(window)
    scoring.choose_systems()
    scoring.sources.choose_gold()
    assert asked == [lesson.responses[0].parent, lesson.systems[0].parent, lesson.gold.parent]

    proposed_folders: list[Path] = []

    def cancelled_save(_parent, _title, proposed, _filter):
        proposed_folders.append(Path(proposed).parent)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", cancelled_save)
    _gold(window).exports.export_gold()
    assert proposed_folders == [Path.home()]


def test_the_command_line_opens_the_lesson_with_demo_and_not_beside_a_file(
        capsys: pytest.CaptureFixture[str]) -> None:
    from lexsub_studio.gui.app import build_parser

    options = build_parser().parse_args(["--demo"])
    assert options.demo and options.file is None
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--demo", "corpus.xml"])
    assert "not allowed with" in capsys.readouterr().err


def test_a_save_dialog_never_opens_in_the_installed_demo_even_remembered_there(
        qtbot, tmp_path: Path) -> None:
    store = settings.app_settings()
    store.setValue(settings.LAST_DIRECTORY, str(demo_dir() / "responses"))
    assert settings.start_directory(store, [demo_dir() / "gold", tmp_path / "mine.tsv"]) \
        == tmp_path.resolve()
    assert settings.start_directory(store, [demo_dir() / "gold"]) == Path.home()
    # Reading from it is fine: an open dialog starts beside the files held.
    assert settings.open_directory(store, [demo_dir() / "gold"]) == demo_dir().resolve()


def test_figures_computed_while_gold_was_hidden_show_every_row_once_it_is_shown(qtbot) -> None:
    set_annotator("amira")
    window = make_window(qtbot)
    window.resize(1280, 800)
    open_lesson(qtbot, window)
    assert window.current_workspace() is window.workspaces["annotate"]
    window.show_workspace("gold")
    summary = _gold(window).summary
    qtbot.waitUntil(lambda: summary.isVisible(), timeout=5000)
    table = summary.figures_table
    rows = table.model().rowCount()
    assert rows >= 8
    viewport = table.viewport().rect()
    for row in range(rows):
        assert viewport.contains(table.visualRect(table.model().index(row, 0))), row
    window.close()
