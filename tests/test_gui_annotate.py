"""The Annotate workspace end to end: keyboard, persistence, export, import, undo, filters."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait, set_annotator, write_small_corpus
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QMessageBox, QTableWidget

from lexsub_studio.core.annotation.work import Status
from lexsub_studio.core.io.formats.responses import read_responses, write_responses
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.annotate.instance_model import UNFINISHED_FILTER, WORK_INDEX_ROLE

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def _no_blocking_dialogs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Record message boxes instead of showing them (exec() would block the test)."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_problems",
                        lambda parent, title, diagnostics: shown.append((title,
                                                                         str(len(diagnostics)))))
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: shown.append((title,
                                                                   dialogs.error_text(error))))
    monkeypatch.setattr(QMessageBox, "information",
                        lambda parent, title, text: shown.append((title, text)))
    return shown


def _type_and_enter(qtbot, text: str) -> None:
    widget = QApplication.focusWidget()
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def test_annotate_close_reopen_export(qtbot, corpus: Path, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    before = hashlib.sha256(corpus.read_bytes()).hexdigest()
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    assert workspace.current == 0
    # Typing lands in the first substitute field.
    assert QApplication.focusWidget() is workspace.editor.form.sub_edits[0]
    _type_and_enter(qtbot, "clever")
    assert workspace.current == 1
    qtbot.keyClicks(QApplication.focusWidget(), "vivid")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is workspace.editor.form.sub_edits[1]
    _type_and_enter(qtbot, "strong")
    assert workspace.current == 2
    qtbot.keyClicks(QApplication.focusWidget(), "hopeful")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_PageDown)  # leaving saves
    assert workspace.current == 3
    window.close()

    reopened = make_window(qtbot)
    workspace = open_and_wait(qtbot, reopened, corpus)
    assert workspace.current == 3  # resumes where the annotator was
    work = workspace.work
    assert work is not None
    assert [work.status(i) for i in range(5)] == [Status.DONE, Status.DONE, Status.DONE,
                                                   Status.EMPTY, Status.EMPTY]
    assert work.answer(1).substitutes == ("vivid", "strong")
    out = tmp_path / "export" / "tester.tsv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    task = reopened.export_responses()
    assert task is not None
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    assert out.is_file()
    rows = read_responses(out).rows
    assert [(r.lexelt, r.id, r.annotator, r.substitutes) for r in rows] == [
        ("bright.a", "1", "tester", ("clever",)),
        ("bright.a", "2", "tester", ("vivid", "strong")),
        ("bright.a", "3", "tester", ("hopeful",)),
    ]
    assert all(r.seconds is not None and r.seconds >= 0 for r in rows)
    # The corpus file is never written to.
    assert hashlib.sha256(corpus.read_bytes()).hexdigest() == before
    reopened.close()


def test_undo_and_redo_of_answers(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    work = workspace.work
    _type_and_enter(qtbot, "clever")
    _type_and_enter(qtbot, "vivid")
    assert workspace.current == 2
    stack = window.state.undo_stack
    assert stack.count() == 2
    # Ctrl+Z in an empty field goes to the answer undo stack, and shows the instance.
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert work.answer(1) is None
    assert workspace.current == 1
    assert work.store.load_answers("tester").keys() == {("bright.a", "1")}
    window.window_actions.undo_action.trigger()
    assert work.answer(0) is None
    assert workspace.editor.form.sub_edits[0].text() == ""
    window.window_actions.redo_action.trigger()
    window.window_actions.redo_action.trigger()
    assert work.answer(0).substitutes == ("clever",)
    assert work.answer(1).substitutes == ("vivid",)
    assert workspace.current == 1
    assert workspace.editor.form.sub_edits[0].text() == "vivid"
    assert set(work.store.load_answers("tester")) == {("bright.a", "1"), ("bright.a", "2")}
    window.close()


def test_ctrl_z_undoes_typing_before_answers(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    _type_and_enter(qtbot, "clever")
    field = QApplication.focusWidget()
    qtbot.keyClicks(field, "abc")
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert workspace.work.answer(0) is not None  # the committed answer is untouched
    assert workspace.current == 1
    window.close()


def test_filters_and_page_keys_follow_the_list(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    _type_and_enter(qtbot, "clever")   # instance 1 done
    workspace.instances.status_filter.setCurrentIndex(workspace.instances.status_filter.findData(UNFINISHED_FILTER))
    shown = [workspace.instances.proxy.index(r, 0).data(WORK_INDEX_ROLE)
             for r in range(workspace.instances.proxy.rowCount())]
    assert shown == [1, 2, 3, 4]
    assert workspace.instances.list_count.text() == "4 of 5 instances shown"
    workspace.instances.lexelt_filter.setCurrentIndex(workspace.instances.lexelt_filter.findData("take.v"))
    assert workspace.instances.proxy.rowCount() == 2
    assert workspace.instances.lexelt_filter.currentText() == "take   0/2"
    workspace.move(+1)  # current (index 1) is filtered out: PgDn goes to the first shown
    assert workspace.current == 3
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_PageDown)
    assert workspace.current == 4
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_PageUp)
    assert workspace.current == 3
    workspace.instances.search_edit.setText("seat")
    workspace.instances.search.search_now()
    assert workspace.instances.proxy.rowCount() == 1
    window.close()


def test_checks_are_shown_beside_the_fields_and_lemmas_offered(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    form = workspace.editor.form
    qtbot.keyClicks(form.sub_edits[0], "cleverer")
    qtbot.keyClicks(form.sub_edits[1], "brightest")
    assert "clever" in form.check_labels["sub1"].text()
    assert "target word itself" in form.check_labels["sub2"].text()
    assert form.accept_buttons["sub1"].isVisibleTo(window)
    form.accept_buttons["sub1"].click()
    assert form.sub_edits[0].text() == "clever"
    assert form.check_labels["sub1"].text() == ""
    form.nil_box.setChecked(True)
    assert "NIL is set" in form.check_labels["nil"].text()
    # Never blocking: Enter still saves.
    qtbot.keyClick(form.sub_edits[0], Qt.Key.Key_Return)
    assert workspace.work.status(0) is Status.FLAGGED
    window.close()


def test_shortcuts_toggle_flags_and_jump_to_the_multiword(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    form = workspace.editor.form
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    assert form.nil_box.isChecked()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    assert not form.nil_box.isChecked()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    assert form.proper_box.isChecked()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_M, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is form.multiword_edit
    # Enter on a check box saves as well.
    form.proper_box.setFocus()
    qtbot.keyClick(form.proper_box, Qt.Key.Key_Return)
    assert workspace.work.answer(0).proper_name
    assert workspace.current == 1
    window.close()


def test_autocomplete_offers_earlier_answers_for_the_same_lexelt(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    # Off by default (tests/test_gui_enter_completion).
    window.window_actions.completion_action.setChecked(True)
    workspace = open_and_wait(qtbot, window, corpus)
    _type_and_enter(qtbot, "clever")
    completer = workspace.editor.form.sub_edits[0].completer()
    assert completer.model().stringList() == ["clever"]
    workspace.show_instance(3)  # take.v: nothing given yet
    assert completer.model().stringList() == []
    window.close()


def test_the_annotator_name_is_asked_once(qtbot, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = write_small_corpus(tmp_path)
    asked: list[str] = []

    def ask(parent: object, current: str = "", judging: bool = False) -> str:
        asked.append(current)
        return "Zed"

    monkeypatch.setattr(dialogs, "ask_annotator_name", ask)
    window = make_window(qtbot)
    open_and_wait(qtbot, window, corpus)
    assert window.state.work.annotator == "Zed"
    window.close()
    again = make_window(qtbot)
    open_and_wait(qtbot, again, corpus)
    assert asked == [""]
    assert again.annotator_label.text() == "Annotator: Zed"
    again.close()


def test_no_name_means_nothing_opens(qtbot, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = write_small_corpus(tmp_path)
    monkeypatch.setattr(dialogs, "ask_annotator_name", lambda *args, **kwargs: None)
    window = make_window(qtbot)
    with qtbot.waitSignal(window.open_failed, timeout=15000):
        window.open_path(str(corpus))
    assert window.state.session is None
    assert window.stack.currentWidget() is window.start_screen
    window.close()


def test_a_bad_file_gives_a_clear_message(qtbot, tmp_path: Path,
                                          _no_blocking_dialogs: list[tuple[str, str]]) -> None:
    set_annotator("tester")
    bad = tmp_path / "bad.xml"
    bad.write_text('<corpus lang="english">\n<lexelt item="a.n">\n<instance id="1">\n'
                   "<context>no close</lexelt>\n</corpus>\n", encoding="utf-8")
    window = make_window(qtbot)
    with qtbot.waitSignal(window.open_failed, timeout=15000) as blocker:
        window.open_path(str(bad))
    message = blocker.args[0]
    assert message.startswith(f"{bad}:4:")  # file:line:column
    assert "Traceback" not in message
    assert _no_blocking_dialogs[-1][0] == "Cannot open the file"
    window.close()


def test_import_responses_applies_this_annotators_rows_as_one_undoable_change(
        qtbot, corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        _no_blocking_dialogs: list[tuple[str, str]]) -> None:
    responses = tmp_path / "in.tsv"
    write_responses([
        ResponseRow("bright.a", "2", "tester", ("vivid", "vibrant"), seconds=11.0),
        ResponseRow("take.v", "4", "tester", (), "take place", seconds=5.0),
        ResponseRow("take.v", "5", "other", ("sit",)),
        ResponseRow("gone.n", "9", "tester", ("x",)),
    ], responses)
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(responses), ""))
    task = window.import_responses()
    assert task is not None
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    work = workspace.work
    assert work.answer(1).substitutes == ("vivid", "vibrant")
    assert work.status(3) is Status.PARTIAL
    _title, text = _no_blocking_dialogs[-1]
    assert text.startswith("Imported 2 answers (0 replaced earlier answers). Skipped: "
                           "1 by other annotators; 1 for instances not in this corpus.")
    window.window_actions.undo_action.trigger()
    assert work.answer(1) is None and work.answer(3) is None
    assert work.store.answer_count() == 0
    window.close()


def test_progress_is_shown_and_summarised(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    _type_and_enter(qtbot, "clever")
    assert workspace.status.progress_label.text() == "1 of 5 answered · bright: 1/3"
    assert workspace.status.progress_bar.value() == 1
    assert workspace.instances.lexelt_filter.itemText(1) == "bright   1/3"
    dialog = dialogs.build_summary_dialog(window, workspace.work.progress(), False)
    table = dialog.findChild(QTableWidget, "summaryTable")
    assert [[table.item(r, c).text() for c in range(4)] for r in range(table.rowCount())] == [
        ["bright", "1", "3", "33%"], ["take", "0", "2", "0%"]]
    # The overview writes progress as the table and the command line do: whole, rounded down.
    assert "(20%)" in dialog.findChild(QLabel, "summaryText").text()
    window.close()


def test_show_pos_setting(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    assert not workspace.editor.pos_label.isVisible()
    assert workspace.instances.model.index(0, 0).data() == "bright"
    window.window_actions.show_pos_action.setChecked(True)
    assert workspace.editor.pos_label.isVisible()
    assert workspace.editor.pos_label.text() == "(adjective)"
    assert workspace.instances.model.index(0, 0).data() == "bright.a"
    window.close()
    again = make_window(qtbot)
    assert again.window_actions.show_pos_action.isChecked()  # remembered
    again.close()


def test_start_screen_and_recent_files(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    assert window.stack.currentWidget() is window.start_screen
    assert not window.window_actions.export_action.isEnabled()
    open_and_wait(qtbot, window, corpus)
    window.close_session()
    assert window.stack.currentWidget() is window.start_screen
    recent = window.start_screen.recent_list
    assert recent.count() == 1
    assert Path(recent.item(0).data(Qt.ItemDataRole.UserRole)) == corpus.resolve()
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.start_screen.recent_list.itemActivated.emit(recent.item(0))
    window.close()


def test_demo_corpus_opens_from_the_start_screen(qtbot) -> None:
    from lexsub_studio.paths import demo_corpus

    assert demo_corpus().is_file(), "the demo corpus ships with the application"
    set_annotator("tester")
    window = make_window(qtbot)
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.start_screen.demo_button.click()
    assert len(window.state.work) > 0
    window.close()


def test_dropping_a_file_opens_it(qtbot, corpus: Path) -> None:
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    window = make_window(qtbot)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(corpus))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.dropEvent(event)
    window.close()


def test_window_geometry_is_remembered(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    window.resize(700, 500)  # within the offscreen screen (800 x 600)
    window.close()
    again = make_window(qtbot)
    assert (again.width(), again.height()) == (700, 500)
    again.close()


def test_main_opens_the_file_named_on_the_command_line(qtbot, corpus: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from lexsub_studio.gui import app as app_module
    from lexsub_studio.gui.main_window import MainWindow

    windows: list[MainWindow] = []

    class RecordingWindow(MainWindow):
        def __init__(self) -> None:
            super().__init__()
            windows.append(self)

    monkeypatch.setattr(app_module, "MainWindow", RecordingWindow)
    monkeypatch.setattr(QApplication, "exec", lambda *args: 0)  # no event loop of its own
    assert app_module.main([str(corpus)]) == 0
    window = windows[0]
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.state.session is not None, timeout=15000)
    assert window.state.source.title == "small"
    window.close()


def test_command_line_help_mentions_the_start_screen(capsys: pytest.CaptureFixture[str]) -> None:
    from lexsub_studio.gui.app import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(["--help"])
    assert "start screen" in " ".join(capsys.readouterr().out.split())
