"""Ctrl+Z never throws away typing: what is typed on the current instance becomes an undoable
step before an undo moves elsewhere, and undo and redo say what they did."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from lexsub_studio.gui import dialogs

pytestmark = pytest.mark.gui

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture(autouse=True)
def _quiet_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *args: None)


def _key(qtbot, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
         ) -> None:
    qtbot.keyClick(QApplication.focusWidget(), key, modifiers)


def test_ctrl_z_after_tab_takes_back_the_typing_and_redo_brings_it_back(qtbot,
                                                                        corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    work = workspace.work
    qtbot.keyClicks(QApplication.focusWidget(), "intelligent")
    _key(qtbot, Qt.Key.Key_Return)
    assert workspace.current == 1
    qtbot.keyClicks(QApplication.focusWidget(), "shiny")
    _key(qtbot, Qt.Key.Key_Tab)  # the second field has no typing of its own to undo
    _key(qtbot, Qt.Key.Key_Z, CTRL)
    # The first Ctrl+Z takes back "shiny" only: the earlier answer and the place are kept.
    assert workspace.current == 1
    assert work.answer(0).substitutes == ("intelligent",)
    assert work.answer(1) is None
    assert window.statusBar().currentMessage() == "Undid the answer to bright.a 2."
    _key(qtbot, Qt.Key.Key_Z, CTRL_SHIFT)
    assert work.answer(1).substitutes == ("shiny",)
    assert workspace.editor.form.sub_edits[0].text() == "shiny"
    assert set(work.store.load_answers("tester")) == {("bright.a", "1"), ("bright.a", "2")}
    assert window.statusBar().currentMessage() == "Redid the answer to bright.a 2."
    # Undo twice: the typing, then the earlier answer (which shows its instance again).
    _key(qtbot, Qt.Key.Key_Z, CTRL)
    _key(qtbot, Qt.Key.Key_Z, CTRL)
    assert workspace.current == 0
    assert work.answer(0) is None
    assert window.statusBar().currentMessage() == "Undid the answer to bright.a 1."
    window.close()


def test_ctrl_z_after_nil_and_comment_keeps_them(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    work = workspace.work
    qtbot.keyClicks(QApplication.focusWidget(), "intelligent")
    _key(qtbot, Qt.Key.Key_Return)
    _key(qtbot, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    _key(qtbot, Qt.Key.Key_C, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(QApplication.focusWidget(), "a colour, not a quality")
    _key(qtbot, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    _key(qtbot, Qt.Key.Key_Z, CTRL)
    assert workspace.current == 1
    assert work.answer(0).substitutes == ("intelligent",)
    _key(qtbot, Qt.Key.Key_Z, CTRL_SHIFT)
    answer = work.answer(1)
    assert answer.nil and answer.comment == "a colour, not a quality"
    assert workspace.editor.form.nil_box.isChecked()
    assert workspace.editor.form.comment_edit.text() == "a colour, not a quality"
    window.close()


def test_the_edit_menu_names_the_change_to_undo(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    open_and_wait(qtbot, window, corpus)
    qtbot.keyClicks(QApplication.focusWidget(), "intelligent")
    _key(qtbot, Qt.Key.Key_Return)
    assert window.window_actions.undo_action.text() == "&Undo answer to bright.a 1"
    window.window_actions.undo_action.trigger()
    assert window.window_actions.redo_action.text() == "&Redo answer to bright.a 1"
    window.close()
