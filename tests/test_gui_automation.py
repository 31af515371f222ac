"""Every interactive widget and action is named, accessible and listed in docs/automation.md;
the shortcuts dialog lists every shortcut; dialogs work without exec()."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait, set_annotator, write_small_corpus
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QTableWidget,
    QTextEdit,
    QWidget,
)

from lexsub_studio.gui import dialogs

pytestmark = pytest.mark.gui

DOC = Path(__file__).resolve().parent.parent / "docs" / "automation.md"
INTERACTIVE = (QAbstractButton, QLineEdit, QComboBox, QAbstractItemView, QTextEdit,
               QAbstractSpinBox)


def _documented_names() -> set[str]:
    return set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", DOC.read_text(encoding="utf-8")))


def _interactive_widgets(root: QWidget) -> list[QWidget]:
    found = []
    for widget in root.findChildren(QWidget):
        if widget.window() is not root.window():
            continue  # combo box and completer popups: Qt's internals
        if isinstance(widget, QHeaderView) or widget.objectName().startswith("qt_"):
            continue
        if isinstance(widget.parent(), QLineEdit):
            continue  # a line edit's own clear button
        if isinstance(widget, INTERACTIVE):
            found.append(widget)
    return found


def test_every_interactive_widget_is_named_and_documented(qtbot, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    set_annotator("tester")
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    window = make_window(qtbot)
    open_and_wait(qtbot, window, write_small_corpus(tmp_path))
    window.workspaces.build_all()  # each is otherwise built when first shown
    roots: list[QWidget] = [
        window,
        dialogs.build_shortcuts_dialog(window, window.all_actions()),
        dialogs.build_summary_dialog(window, window.state.work.progress(), False),
    ]
    documented = _documented_names()
    widgets = [w for root in roots for w in _interactive_widgets(root)]
    assert len(widgets) > 25
    unnamed = [f"{type(w).__name__} in {type(w.parent()).__name__}" for w in widgets
               if not w.objectName() or not w.accessibleName()]
    assert unnamed == []
    undocumented = sorted({w.objectName() for w in widgets} - documented)
    assert undocumented == []
    window.close()


def test_every_action_is_named_and_documented(qtbot) -> None:
    window = make_window(qtbot)
    window.workspaces.build_all()  # each is otherwise built when first shown
    actions = [a for a in window.findChildren(QAction)
               if a.text() and not a.menu() and not a.objectName().startswith("_q_")]
    assert sorted(a.text() for a in actions if not a.objectName()) == []
    assert sorted({a.objectName() for a in actions} - _documented_names()) == []
    window.close()


def test_the_shortcuts_dialog_lists_every_shortcut(qtbot) -> None:
    window = make_window(qtbot)
    dialog = dialogs.build_shortcuts_dialog(window, window.all_actions())
    table = dialog.findChild(QTableWidget, "shortcutsTable")
    listed = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert listed["Enter (in any answer field)"] == "Save and go to the next unfinished instance"
    assert listed["Alt+N"] == "Toggle NIL"
    assert listed["Alt+M"] == "Go to the multiword field"
    assert listed["PgUp, Alt+Up"] == "Previous instance"
    every_key = {key for keys in listed for key in keys.split(", ")}
    for action in window.findChildren(QAction):
        for shortcut in action.shortcuts():
            assert shortcut.toString(shortcut.SequenceFormat.NativeText) in every_key, action.text()
    dialog.findChild(QAbstractButton, "shortcutsCloseButton").click()
    assert dialog.result() == 0  # rejected: closed
    window.close()


def test_error_text_never_shows_a_traceback() -> None:
    from lexsub_studio.core.model.diagnostics import InputError

    error = InputError.at("/data/c.xml", "bad-xml", "mismatched tag", 12, 7)
    assert dialogs.error_text(error) == "/data/c.xml:12:7\n\nmismatched tag"
    missing = FileNotFoundError(2, "No such file or directory", "/data/x.tsv")
    assert dialogs.error_text(missing) == "/data/x.tsv\n\nNo such file or directory"


def test_the_annotator_dialog_is_answered_without_exec(monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QInputDialog

    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("  Ann   Lee ", True))
    assert dialogs.ask_annotator_name(None) == "Ann Lee"
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("   ", True))
    assert dialogs.ask_annotator_name(None) is None
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Ann", False))
    assert dialogs.ask_annotator_name(None) is None
    # A control character is refused with the reason and the name asked again, cleaned.
    answers = iter([("Ann\x07Lee", True), ("Ann Lee", True)])
    asked: list[tuple[str, str]] = []

    def answer(parent, title, prompt, mode, current):
        asked.append((prompt, current))
        return next(answers)

    monkeypatch.setattr(QInputDialog, "getText", answer)
    assert dialogs.ask_annotator_name(None) == "Ann Lee"
    assert "control character (U+0007)" in asked[1][0] and asked[1][1] == "AnnLee"


def test_guidelines_from_an_organisers_file(qtbot, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    window = make_window(qtbot)
    assert window.guidelines.origin == "default"
    custom = tmp_path / "ours.html"
    custom.write_text("<h1>Our rules</h1><p>Only verbs.</p>", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(custom), ""))
    window.choose_guidelines()
    assert window.guidelines.origin == str(custom)
    assert "Only verbs." in window.guidelines.toPlainText()
    window.close()
    again = make_window(qtbot)  # remembered
    assert "Only verbs." in again.guidelines.toPlainText()
    again.use_default_guidelines()
    assert again.guidelines.origin == "default"
    assert again.guidelines.toPlainText().strip() != ""
    again.close()


def test_about_action_opens_the_about_dialog_without_exec(qtbot) -> None:
    from lexsub_studio.gui.about import AboutDialog

    window = make_window(qtbot)
    window.window_actions.about_action.trigger()
    shown = [w for w in window.findChildren(AboutDialog) if w.isVisible()]
    assert len(shown) == 1 and "LexSub Studio" in shown[0].facts_label.text()
    window.close()


def test_keyboard_focus_order_follows_the_fields(qtbot, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    set_annotator("tester")
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, write_small_corpus(tmp_path))
    form = workspace.editor.form
    order = [form.sub_edits[0]]
    for _ in range(6):
        qtbot.keyClick(order[-1], Qt.Key.Key_Tab)
        order.append(window.focusWidget())
    assert [w.objectName() for w in order] == [
        "substituteEdit1", "substituteEdit2", "substituteEdit3", "multiwordEdit", "nilCheck",
        "properNameCheck", "commentEdit"]
    window.close()
