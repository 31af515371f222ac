"""Help › Glossary: readable on a small screen (a score of terms at once, found by typing),
and every word a definition rests on (items of T, mode, H ...) defined in it too."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QDialog, QTreeWidget

from lexsub_studio.core.model.rules import MIN_RESPONSES_IN_T
from lexsub_studio.gui.glossary_dialog import GlossaryDialog
from lexsub_studio.gui.window.help_dialogs import glossary_sections
from tests.gui_support import make_window

pytestmark = pytest.mark.gui

#: Words the definitions use that a newcomer cannot guess, and the term defining each.
REFERENCED = {
    r"\bitems? of T\b": "Items of T (T)",
    r"\bmode\b": "Mode",
    r"\bH\b": "H",
    r"\battempted\b": "Attempted items",
    r"\bgold counts?\b": "Gold count",
    r"\bpair scores?\b": "Pair score",
    r"\bchance\b": "Chance",
    r"\bmultiword\b": "Multiword",
    r"\bcoverage (F|precision)\b": "Coverage precision and recall",
    r"\bsubstitute sets?\b": "Substitute",
    r"\bpooled\b": "Pooled substitutes",
    r"\boot\b": "oot",
    r"\bbest\b": "best",
}


def _definitions() -> dict[str, str]:
    return {label: meaning for _, terms in glossary_sections() for label, meaning in terms}


def _open_glossary(qtbot, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]):
    window = make_window(qtbot)
    window.resize(*size)
    shown: list[QDialog] = []
    monkeypatch.setattr(QDialog, "exec", lambda dialog: shown.append(dialog) or 0)
    window.findChild(type(window.window_actions.glossary_action), "actionGlossary").trigger()
    assert len(shown) == 1 and isinstance(shown[0], GlossaryDialog)
    dialog = shown[0]
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return window, dialog


def test_a_small_screen_shows_at_least_ten_terms_of_the_glossary(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    _window, dialog = _open_glossary(qtbot, monkeypatch, (1024, 640))
    assert dialog.height() <= 640 and dialog.width() <= 1024
    terms = dialog.findChild(QTreeWidget, "glossaryList")
    viewport = terms.viewport().rect()
    whole = [item for item in dialog.term_items()
             if viewport.contains(terms.visualItemRect(item))]
    assert len(whole) >= 10
    assert max(terms.visualItemRect(item).height() for item in whole) <= 3 * \
        dialog.fontMetrics().height()
    # The selected term's definition reads in full beside the list.
    meaning = dialog.show_term("GAP")
    assert meaning and meaning in dialog.definition.toPlainText()


def test_typing_in_the_search_box_keeps_the_matching_terms(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    _window, dialog = _open_glossary(qtbot, monkeypatch, (1024, 640))
    total = len(dialog.term_items())
    qtbot.keyClicks(dialog.search, "leave one out")
    found = [item.text(0) for item in dialog.term_items()]
    assert found == ["Mode agreement (leave one out)"]
    assert dialog.count_label.text() == f"1 of {total} terms"
    assert "nobody agrees with a mode" in dialog.definition.toPlainText()
    dialog.search.clear()
    assert len(dialog.term_items()) == total


def test_items_of_t_are_defined_with_the_rule_every_figure_counts_with() -> None:
    meaning = _definitions()["Items of T (T)"]
    assert f"{MIN_RESPONSES_IN_T} or more" in meaning and "pooled substitutes" in meaning


def test_every_word_a_definition_rests_on_is_in_the_glossary() -> None:
    definitions = _definitions()
    for pattern, term in REFERENCED.items():
        users = [label for label, meaning in definitions.items()
                 if label != term and re.search(pattern, meaning)]
        if users:
            assert term in definitions, f"{term} is used by {users} and not defined"
    # Every one-letter symbol a definition uses (T, H) is a term of its own.
    symbols = {symbol for meaning in definitions.values()
               for symbol in re.findall(r"\b[A-Z]\b", meaning)} - {"A"}
    labels = " ".join(definitions)
    assert symbols and all(re.search(rf"\b{symbol}\b", labels) for symbol in symbols)


def test_the_docs_list_every_basic_term_as_the_glossary_defines_it() -> None:
    from pathlib import Path

    from lexsub_studio.core.model.glossary_terms import BASIC_TERMS

    docs = (Path(__file__).resolve().parents[1] / "docs" / "agreement.md").read_text(
        encoding="utf-8")
    for label, meaning in BASIC_TERMS:
        assert f"| {label} | {meaning} |" in docs
