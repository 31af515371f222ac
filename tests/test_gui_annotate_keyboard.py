"""Annotate by keyboard alone: the list and its search, the suggested lemma, clearing an answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from lexsub_studio.gui import dialogs
from lexsub_studio.gui.annotate.instance_model import Column

pytestmark = pytest.mark.gui

NOUN_CORPUS = """<?xml version="1.0" encoding="utf-8"?>
<corpus lang="en">
<lexelt item="film.n">
<instance id="1">
<context>We saw a <head>film</head> about whales .</context>
</instance>
<instance id="2">
<context>The <head>film</head> on the lens had to be cleaned .</context>
</instance>
</lexelt>
</corpus>
"""


@pytest.fixture(autouse=True)
def _no_blocking_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *args: None)
    monkeypatch.setattr(QMessageBox, "information", lambda *args: None)


@pytest.fixture
def noun_corpus(corpus: Path) -> Path:
    path = corpus.with_name("films.xml")
    path.write_text(NOUN_CORPUS, encoding="utf-8")
    return path


def _focus() -> object:
    return QApplication.focusWidget()


@pytest.mark.parametrize("plural", ["movies", "games", "films"])
def test_a_plural_noun_gets_its_singular_offered(qtbot, noun_corpus: Path, plural: str) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, noun_corpus)
    form = workspace.editor.form
    qtbot.keyClicks(form.sub_edits[0], plural)
    if plural == "films":
        assert "form of the target" in form.check_labels["sub1"].text()
    else:
        assert plural[:-1] in form.check_labels["sub1"].text()
        assert form.accept_buttons["sub1"].isVisibleTo(window)
    window.close()


def test_tab_reaches_the_suggestion_and_enter_takes_it(qtbot, noun_corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, noun_corpus)
    form = workspace.editor.form
    assert _focus() is form.sub_edits[0]
    qtbot.keyClicks(form.sub_edits[0], "movies")
    qtbot.keyClick(form.sub_edits[0], Qt.Key.Key_Tab)
    assert _focus() is form.accept_buttons["sub1"]
    qtbot.keyClick(form.accept_buttons["sub1"], Qt.Key.Key_Return)
    assert form.sub_edits[0].text() == "movie"
    # Taking it changes the field, not the instance, and nothing is saved yet.
    assert workspace.current == 0
    assert workspace.work.answer(0) is None
    assert _focus() is form.sub_edits[0]
    # With no suggestion shown, Tab goes straight on to the next field.
    qtbot.keyClick(form.sub_edits[0], Qt.Key.Key_Tab)
    assert _focus() is form.sub_edits[1]
    window.close()


def test_alt_l_takes_the_suggestion_of_the_field_typed_in(qtbot, noun_corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, noun_corpus)
    form = workspace.editor.form
    qtbot.keyClicks(form.sub_edits[0], "games")
    qtbot.keyClick(form.sub_edits[0], Qt.Key.Key_Tab)
    qtbot.keyClick(_focus(), Qt.Key.Key_Tab)
    assert _focus() is form.sub_edits[1]
    qtbot.keyClicks(form.sub_edits[1], "movies")
    qtbot.keyClick(form.sub_edits[1], Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
    assert [edit.text() for edit in form.sub_edits[:2]] == ["games", "movie"]
    # From a field without one, the first suggestion shown is taken.
    form.sub_edits[2].setFocus()
    qtbot.keyClick(form.sub_edits[2], Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
    assert [edit.text() for edit in form.sub_edits[:2]] == ["game", "movie"]
    window.close()


def test_clear_empties_typed_unsaved_text_and_undo_brings_it_back(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    form = workspace.editor.form
    qtbot.keyClicks(form.sub_edits[0], "clever")
    qtbot.keyClick(form.sub_edits[0], Qt.Key.Key_Return)   # instance 1 saved: "clever"
    workspace.show_instance(0)
    qtbot.keyClicks(form.sub_edits[1], "smart")             # typed, not saved
    qtbot.keyClick(_focus(), Qt.Key.Key_Backspace,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert [edit.text() for edit in form.sub_edits] == ["", "", ""]
    assert workspace.work.answer(0) is None
    assert workspace.current == 0
    qtbot.keyClick(_focus(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [edit.text() for edit in form.sub_edits] == ["clever", "smart", ""]
    qtbot.keyClick(_focus(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [edit.text() for edit in form.sub_edits] == ["clever", "", ""]
    # Typed text on an instance that has no answer yet is cleared too.
    workspace.show_instance(2)
    qtbot.keyClicks(form.sub_edits[0], "lighter")
    qtbot.keyClick(_focus(), Qt.Key.Key_Backspace,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert form.sub_edits[0].text() == ""
    qtbot.keyClick(_focus(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert form.sub_edits[0].text() == "lighter"
    window.close()


def _right_edge(view, column: int) -> int:
    header = view.horizontalHeader()
    return header.sectionViewportPosition(column) + header.sectionSize(column)


@pytest.mark.parametrize("search", ["", "read", "e"])
def test_id_and_status_stay_in_view_at_the_lists_default_width(qtbot, corpus: Path,
                                                               search: str) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    instances = workspace.instances
    view = instances.list_view
    instances.search_edit.setText(search)
    instances.search.search_now()
    assert instances.proxy.rowCount() >= 1
    QApplication.processEvents()   # the header lays its sections out on the next turn
    width = view.viewport().width()
    for column in (Column.LEXELT, Column.ID, Column.STATUS):
        assert not view.isColumnHidden(column)
        assert view.horizontalHeader().sectionViewportPosition(column) >= 0
        assert _right_edge(view, column) <= width, (column, width)
    assert view.horizontalScrollBar().maximum() == 0
    if search:
        assert not view.isColumnHidden(Column.MATCH)
        assert _right_edge(view, Column.MATCH) <= width
        assert view.horizontalHeader().sectionSize(Column.MATCH) >= 30
    window.close()


def test_down_from_the_search_box_shows_the_first_row_found_then_the_next(
        qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    instances = workspace.instances
    workspace.show_instance(1)
    qtbot.keyClick(_focus(), Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert _focus() is instances.search_edit
    qtbot.keyClicks(instances.search_edit, "bright")   # bright.a: instances 1, 2 and 3
    qtbot.keyClick(instances.search_edit, Qt.Key.Key_Down)
    assert instances.proxy.rowCount() == 3
    assert _focus() is instances.list_view
    assert instances.list_view.currentIndex().row() == 0
    assert workspace.current == 0
    qtbot.keyClick(_focus(), Qt.Key.Key_Down)
    assert instances.list_view.currentIndex().row() == 1
    assert workspace.current == 1
    # Enter, the instance on screen not being found: the first one found is shown, and Down
    # goes on to the second (no row skipped).
    workspace.show_instance(3)
    qtbot.keyClick(_focus(), Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(instances.search_edit, "bright")
    qtbot.keyClick(instances.search_edit, Qt.Key.Key_Return)
    assert _focus() is instances.list_view
    assert workspace.current == 0
    qtbot.keyClick(_focus(), Qt.Key.Key_Down)
    assert workspace.current == 1
    # Enter with the instance on screen among those found: it stays, Down goes on from it.
    qtbot.keyClick(_focus(), Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(instances.search_edit, Qt.Key.Key_Return)
    assert workspace.current == 1
    qtbot.keyClick(_focus(), Qt.Key.Key_Down)
    assert workspace.current == 2
    window.close()


def test_arrow_keys_in_the_list_show_each_instance_and_keep_typed_text(qtbot,
                                                                       corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    form = workspace.editor.form
    view = workspace.instances.list_view
    qtbot.keyClicks(form.sub_edits[0], "clever")    # typed in instance 1, not saved
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert workspace.current == 1
    assert "instance 2" in workspace.editor.instance_header.text()
    assert _focus() is view
    # What was typed is kept as an answer, as a click on another row keeps it.
    assert workspace.work.answer(0).substitutes == ("clever",)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert workspace.current == 3
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert workspace.current == 2
    assert form.sub_edits[0].text() == ""
    # PgDn in the list moves on as the arrows do, the focus staying in the list.
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    assert workspace.current == 3
    assert _focus() is view
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    assert workspace.current == 2
    # Enter goes on to the answer of the instance shown.
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert workspace.current == 2
    assert _focus() is form.sub_edits[0]
    window.close()
