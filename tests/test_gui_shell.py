"""The shell: organiser workspaces work without an open corpus; Annotate waits for one."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from lexsub_studio.gui.gold.workspace import GoldWorkspace
from tests.gui_support import make_window, open_and_wait, set_annotator, write_small_corpus


def test_organiser_workspaces_open_without_a_corpus(qtbot) -> None:
    window = make_window(qtbot)
    assert window.state.session is None
    assert window.stack.currentWidget() is window.start_screen
    assert window.workspace_bar.isVisible()

    qtbot.mouseClick(window.start_screen.workspace_buttons["gold"], Qt.MouseButton.LeftButton)
    assert isinstance(window.stack.currentWidget(), GoldWorkspace)
    assert window.findChild(type(window.workspace_actions.actions()[0]),
                            "workspace_gold").isChecked()

    window.show_workspace("scoring")
    assert window.stack.currentWidget() is window.workspaces["scoring"]
    # Annotate needs a corpus: its place is taken by the start screen.
    window.show_workspace("annotate")
    assert window.stack.currentWidget() is window.start_screen


def test_start_screen_offers_exactly_the_workspaces_that_need_no_corpus(qtbot) -> None:
    window = make_window(qtbot)
    expected = {key for key, spec in window.specs.items() if not spec.needs_session}
    assert set(window.start_screen.workspace_buttons) == expected
    assert "annotate" not in expected and {"gold", "scoring", "dataset"} <= expected


def test_ampersand_in_a_title_is_shown_not_taken_as_a_mnemonic(qtbot) -> None:
    window = make_window(qtbot)
    action = next(a for a in window.workspace_actions.actions() if a.data() == "gold")
    assert action.text() == "Gold && Agreement"
    assert action.iconText() == "Gold & Agreement"


def test_opening_a_corpus_from_the_start_screen_goes_to_annotate_and_back(
        qtbot, tmp_path: Path) -> None:
    set_annotator("tester")
    window = make_window(qtbot)
    window.show_workspace("scoring")
    window.show_workspace("annotate")
    open_and_wait(qtbot, window, write_small_corpus(tmp_path))
    assert window.stack.currentWidget() is window.workspaces["annotate"]

    # Closing the corpus keeps an organiser's workspace where it is ...
    window.show_workspace("dataset")
    window.close_session()
    assert window.state.session is None
    assert window.stack.currentWidget() is window.workspaces["dataset"]
    # ... and Annotate falls back to the start screen.
    window.show_workspace("annotate")
    assert window.stack.currentWidget() is window.start_screen


def test_help_glossary_lists_every_agreement_figure_with_its_definition(
        qtbot, monkeypatch) -> None:
    from PySide6.QtWidgets import QDialog

    from lexsub_studio.core.agreement.terms import FIGURE_TERMS

    window = make_window(qtbot)
    shown: list[QDialog] = []
    monkeypatch.setattr(QDialog, "exec", lambda dialog: shown.append(dialog) or 0)
    window.findChild(type(window.window_actions.glossary_action), "actionGlossary").trigger()
    assert len(shown) == 1 and shown[0].objectName() == "glossaryDialog"
    rows = {item.text(0): shown[0].show_term(item.text(0)) for item in shown[0].term_items()}
    for term in FIGURE_TERMS.values():
        assert rows[term.label] == term.definition
    from lexsub_studio.core.scoring.compare.league import MEASURE_DEFINITIONS

    assert rows["GAP"] == MEASURE_DEFINITIONS["ranking.gap"]
