"""Search shows why an instance matched, and the instance list can show each current answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from lexsub_studio.core.annotation.instance_search import (
    MatchSnippet,
    fit_snippet,
    match_snippet,
    matched_word_spans,
    why_matched,
)
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.annotate.instance_model import MATCH_SPANS_ROLE, WORK_INDEX_ROLE, Column

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def _quiet_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *args: None)


def test_matched_words_are_whole_words_in_order() -> None:
    text = "The brightest pupils got a bright-eyed look"
    spans = matched_word_spans(text, "BRIGH")
    assert [text[s:e] for s, e in spans] == ["brightest", "bright-eyed"]
    assert matched_word_spans(text, "  ") == []
    assert matched_word_spans(text, "zebra") == []


def test_a_snippet_is_cut_at_spaces_and_keeps_the_spans_on_the_words() -> None:
    text = ("One two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen")
    snippet = match_snippet(text, "elev", before=12, after=12)
    assert snippet is not None
    assert snippet.text.startswith("…") and snippet.text.endswith("…")
    assert [snippet.text[s:e] for s, e in snippet.spans] == ["eleven"]
    assert why_matched("take.v", "17", "Please take a seat .", "17").text == "id 17"


def test_a_snippet_cut_to_a_narrow_column_keeps_its_first_matched_word() -> None:
    snippet = match_snippet("One two three four five six seven eight nine ten eleven twelve "
                            "thirteen fourteen", "elev")
    assert snippet is not None
    assert fit_snippet(snippet, 100, len) == snippet
    cut = fit_snippet(snippet, 15, len)
    assert cut.text == "eleven twelve…" and len(cut.text) <= 15
    assert [cut.text[s:e] for s, e in cut.spans] == ["eleven"]
    tail = fit_snippet(MatchSnippet("reading a book", ((0, 7),)), 9, len)
    assert tail.text == "reading…" and tail.spans == ((0, 7),)


def test_search_shows_the_matching_words_in_the_list_and_the_sentence(qtbot,
                                                                      corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    assert workspace.instances.list_view.isColumnHidden(Column.MATCH)
    workspace.instances.search_edit.setText("read")
    workspace.instances.search.search_now()
    assert not workspace.instances.list_view.isColumnHidden(Column.MATCH)
    assert workspace.instances.proxy.rowCount() == 1
    found = workspace.instances.proxy.index(0, Column.MATCH)
    text, spans = found.data(), found.data(MATCH_SPANS_ROLE)
    assert [text[s:e] for s, e in spans] == ["reading"]
    # The sentence of the current instance (which matched) marks the word as well.
    assert workspace.current == 0
    sentence = workspace.editor.sentence_view.text()
    assert "reading</span>" in sentence and "#bfdbfe" in sentence
    workspace.instances.search_edit.clear()
    workspace.instances.search.search_now()
    assert workspace.instances.list_view.isColumnHidden(Column.MATCH)
    assert "#bfdbfe" not in workspace.editor.sentence_view.text()
    window.close()


def test_the_list_can_show_each_current_answer(qtbot, corpus: Path) -> None:
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    assert workspace.instances.list_view.isColumnHidden(Column.ANSWER)
    action = window.findChild(type(workspace.annotate_actions.answers_in_list_action),
                              "actionShowAnswersInList")
    action.trigger()
    assert not workspace.instances.list_view.isColumnHidden(Column.ANSWER)
    qtbot.keyClicks(QApplication.focusWidget(), "clever")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    qtbot.keyClicks(QApplication.focusWidget(), "able")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    answers = {workspace.instances.proxy.index(r, 0).data(WORK_INDEX_ROLE):
               workspace.instances.proxy.index(r, Column.ANSWER).data()
               for r in range(workspace.instances.proxy.rowCount())}
    assert answers[0] == "clever; able"
    assert answers[1] == ""
    window.close()
    again = make_window(qtbot)
    assert not again.workspaces["annotate"].instances.list_view.isColumnHidden(Column.ANSWER)
    again.close()
