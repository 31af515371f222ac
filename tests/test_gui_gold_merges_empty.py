"""The Adjudication tab says in a sentence when there is nothing to adjudicate."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QUndoStack

from lexsub_studio.core.gold.normalise import MergeSuggestion
from lexsub_studio.gui.gold.merges_panel import MergesPanel

pytestmark = pytest.mark.gui


def test_no_proposals_shows_a_sentence_instead_of_an_empty_table(qtbot) -> None:
    panel = MergesPanel(QUndoStack())
    qtbot.addWidget(panel)
    panel.show()
    panel.take_proposals([])
    assert panel.no_merges_label.isVisible()
    assert "No merges proposed" in panel.no_merges_label.text()
    assert not panel.merge_table.isVisible()
    # Nothing to decide on: the decision buttons are off until there are proposals.
    assert not panel.accept_button.isEnabled() and not panel.reject_button.isEnabled()

    panel.take_proposals([MergeSuggestion("colour", "color", "spelling", 2)])
    assert panel.merge_table.isVisible()
    assert not panel.no_merges_label.isVisible()
    assert panel.accept_button.isEnabled()


def test_before_any_responses_the_tab_says_where_merges_come_from(qtbot) -> None:
    panel = MergesPanel(QUndoStack())
    qtbot.addWidget(panel)
    panel.show()
    panel.clear()
    assert panel.no_merges_label.isVisible()
    assert "No merges proposed" not in panel.no_merges_label.text()
