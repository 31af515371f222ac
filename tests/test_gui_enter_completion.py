"""Enter saves on the first press, with the completion pop-up open too; the completer never
puts a word the annotator did not choose into a field; completion from the annotator's own
earlier answers is a setting, off by default, and the guidelines pane says which."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from lexsub_studio.gui import dialogs, settings
from lexsub_studio.gui.main_window import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def _quiet_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *args: None)


def _open_with_completion(qtbot, corpus: Path) -> MainWindow:
    window = make_window(qtbot)
    window.window_actions.completion_action.setChecked(True)
    open_and_wait(qtbot, window, corpus)
    return window


def _answer(qtbot, text: str) -> None:
    qtbot.keyClicks(QApplication.focusWidget(), text)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def _popup_open_after_typing(qtbot, window: MainWindow, text: str):
    field = window.workspaces["annotate"].editor.form.sub_edits[0]
    qtbot.keyClicks(field, text)
    popup = field.completer().popup()
    qtbot.waitUntil(popup.isVisible, timeout=3000)
    return field, popup


def test_enter_with_the_popup_open_saves_what_was_typed_at_once(qtbot, corpus: Path) -> None:
    window = _open_with_completion(qtbot, corpus)
    workspace = window.workspaces["annotate"]
    work = workspace.work
    _answer(qtbot, "shining")
    _, popup = _popup_open_after_typing(qtbot, window, "sh")
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert work.answer(1) is not None and work.answer(1).substitutes == ("sh",)
    assert workspace.current == 2
    assert not popup.isVisible()
    window.close()


def test_a_word_chosen_in_the_popup_is_saved_and_never_reaches_the_next_instance(
        qtbot, corpus: Path) -> None:
    window = _open_with_completion(qtbot, corpus)
    workspace = window.workspaces["annotate"]
    work = workspace.work
    _answer(qtbot, "shining")
    field, popup = _popup_open_after_typing(qtbot, window, "sh")
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    assert field.text() == "shining"
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert work.answer(1).substitutes == ("shining",)
    assert workspace.current == 2
    QApplication.processEvents()
    # The next instance's fields are empty: no word slipped in after the save.
    assert [edit.text() for edit in workspace.editor.form.sub_edits] == ["", "", ""]
    assert work.answer(2) is None
    window.close()


def test_completion_from_earlier_answers_is_off_by_default_and_remembered(
        qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    _answer(qtbot, "shining")
    field = workspace.editor.form.sub_edits[0]
    qtbot.keyClicks(field, "sh")
    QApplication.processEvents()
    assert not field.completer().popup().isVisible()
    assert field.completer().model().rowCount() == 0
    assert "off" in window.guidelines.toPlainText().split("\n")[0]
    window.window_actions.completion_action.setChecked(True)
    assert field.completer().model().rowCount() == 1
    assert "is on" in window.guidelines.toPlainText().split("\n")[0]
    window.close()
    assert settings.read_bool(settings.app_settings(), settings.COMPLETE_FROM_ANSWERS, False)
    reopened = make_window(qtbot)
    assert reopened.window_actions.completion_action.isChecked()
    reopened.close()
