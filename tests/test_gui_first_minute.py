"""The first minute belongs to the annotator: the demo opens without asking a name, the name
question names the file the name goes into, the organiser's items sit in their own menu, F1
opens the user guide, and notes about damaged text speak to the organiser."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import make_window, set_annotator, write_small_corpus
from judging_support import EVERY_INSTANCE, write_small_task
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QLabel, QPlainTextEdit, QWidget

from lexsub_studio.gui import dialogs, settings
from lexsub_studio.gui.window.opening import DEMO_ANNOTATOR

pytestmark = pytest.mark.gui
#: This tree's chapters (an editable install may point lexsub_studio.docs at another tree's).
DOCS = Path(__file__).resolve().parent.parent / "docs"


def _record_questions(monkeypatch: pytest.MonkeyPatch, answer: str) -> list[str]:
    """Answer every name question with ``answer``; the prompts asked, in order."""
    prompts: list[str] = []

    def get_text(_parent: QWidget | None, _title: str, prompt: str, *_args: object,
                 **_kwargs: object) -> tuple[str, bool]:
        prompts.append(prompt)
        return answer, True

    monkeypatch.setattr(QInputDialog, "getText", get_text)
    return prompts


def test_opening_only_the_demo_asks_no_name_and_keeps_the_answers_under_demo(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    prompts = _record_questions(monkeypatch, "zoe")
    window = make_window(qtbot)
    with qtbot.waitSignal(window.session_opened, timeout=60000):
        window.open_demo()
    assert prompts == []
    session = window.state.session
    assert session is not None and session.work.annotator == DEMO_ANNOTATOR
    assert window.annotator_label.text() == f"Annotator: {DEMO_ANNOTATOR}"
    # Not remembered as the annotator's name: the first real corpus still asks for it.
    assert not settings.app_settings().value(settings.ANNOTATOR_NAME)


def test_the_demo_corpus_opened_as_a_file_asks_no_name_either(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    from lexsub_studio.paths import demo_corpus

    prompts = _record_questions(monkeypatch, "zoe")
    window = make_window(qtbot)
    # As from File › Open recent or a drop: the same corpus, the same rule.
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.open_path(str(demo_corpus()))
    assert prompts == []
    session = window.state.session
    assert session is not None and session.work.annotator == DEMO_ANNOTATOR


def test_the_demo_is_kept_under_the_name_already_given(qtbot) -> None:
    set_annotator("zoe")
    window = make_window(qtbot)
    with qtbot.waitSignal(window.session_opened, timeout=60000):
        window.open_demo()
    session = window.state.session
    assert session is not None and session.work.annotator == "zoe"


def test_a_corpus_opened_after_the_demo_still_asks_the_name(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    prompts = _record_questions(monkeypatch, "zoe")
    window = make_window(qtbot)
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.open_path(str(write_small_corpus(tmp_path)))
    assert len(prompts) == 1
    session = window.state.session
    assert session is not None and session.work.annotator == "zoe"


def test_the_name_question_names_the_responses_file_in_free_production(
        monkeypatch: pytest.MonkeyPatch) -> None:
    prompts = _record_questions(monkeypatch, "zoe")
    assert dialogs.ask_annotator_name(None) == "zoe"
    assert "responses file" in prompts[0] and "judgements" not in prompts[0]


def test_opening_a_judgement_task_without_a_name_asks_about_the_judgements_file(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    prompts = _record_questions(monkeypatch, "zoe")
    window = make_window(qtbot)
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.open_path(str(write_small_task(tmp_path, EVERY_INSTANCE)))
    assert len(prompts) == 1
    assert "judgements file" in prompts[0] and "responses" not in prompts[0]
    judging = window.state.judging
    assert judging is not None and judging.work.annotator == "zoe"


def test_a_refused_name_is_asked_again_with_the_same_file_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter([("zo\u0007e", True), ("zoe", True)])
    prompts: list[str] = []

    def get_text(_parent: object, _title: str, prompt: str, *_args: object) -> tuple[str, bool]:
        prompts.append(prompt)
        return next(answers)

    monkeypatch.setattr(QInputDialog, "getText", get_text)
    assert dialogs.ask_annotator_name(None, judging=True) == "zoe"
    assert prompts[1].startswith("That name cannot be used")
    assert "judgements file" in prompts[1]


def _menu(window, name: str):
    for action in window.menuBar().actions():
        menu = action.menu()
        if menu is not None and menu.title().replace("&", "") == name:
            return menu
    raise AssertionError(f"no {name} menu")


def _texts(menu) -> list[str]:
    return [action.text().replace("&", "") for action in menu.actions()
            if not action.isSeparator()]


def test_the_file_menu_is_the_annotators_and_hands_in_with_ctrl_e(qtbot) -> None:
    window = make_window(qtbot)
    file_menu = _menu(window, "File")
    export = window.window_actions.export_action
    assert export.text().replace("&", "") == "Hand in / export responses…"
    assert export.shortcut().toString() == "Ctrl+E"
    assert "organiser" in export.statusTip()
    texts = _texts(file_menu)
    assert "Hand in / export responses…" in texts
    assert not any("CoNLL" in text or "campaign" in text.lower() for text in texts)


def test_the_organiser_menu_holds_new_tasks_packages_and_the_campaign(qtbot) -> None:
    window = make_window(qtbot)
    titles = [action.text().replace("&", "") for action in window.menuBar().actions()]
    assert titles.index("Organiser") == titles.index("Help") - 1
    assert _texts(_menu(window, "Organiser")) == ["New task from CoNLL files…",
                                                  "Annotator packages…", "Campaign…"]
    assert not window.workspaces.is_built("gold")  # offered without building Gold & Agreement

    window.organiser_actions.packages_action.trigger()
    gold = window.workspaces["gold"]
    assert window.stack.currentWidget() is gold
    assert gold.tabs.currentWidget() is gold.team_scroll
    # Gold's own menu comes before the Organiser menu, and no longer offers the campaign.
    titles = [action.text().replace("&", "") for action in window.menuBar().actions()]
    assert titles.index("Gold") < titles.index("Organiser")
    assert not any("campaign" in text.lower() for text in _texts(_menu(window, "Gold")))

    window.show_workspace("annotate")
    window.organiser_actions.campaign_action.trigger()
    assert gold.campaign_monitor is not None and gold.campaign_monitor.isVisible()
    gold.campaign_monitor.close()


def test_f1_opens_the_user_guide_and_ctrl_slash_the_shortcuts(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from lexsub_studio.gui.user_guide import UserGuide
    from lexsub_studio.gui.window import help_dialogs

    shown: list[int] = []
    monkeypatch.setattr(help_dialogs, "show_shortcuts",
                        lambda _parent, actions: shown.append(len(actions)))
    window = make_window(qtbot)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_F1)
    guide = window.findChild(UserGuide)
    assert guide is not None and guide.isVisible()
    assert shown == []
    guide.close()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_Slash,
                   Qt.KeyboardModifier.ControlModifier)
    assert len(shown) == 1 and shown[0] > 10
    keys = [sequence.toString() for action in window.all_actions()
            for sequence in action.shortcuts()]
    assert keys.count("F1") == 1 and keys.count("Ctrl+/") == 1


def _picture_widths(guide) -> list[float]:
    document = guide.text.document()
    widths = []
    block = document.begin()
    while block.isValid():
        for piece in block:
            picture = piece.fragment().charFormat()
            if picture.isImageFormat():
                widths.append(picture.toImageFormat().width())
        block = block.next()
    return widths


def test_the_guides_pictures_fit_its_width_and_are_never_enlarged(qtbot) -> None:
    from lexsub_studio.gui.user_guide import UserGuide

    guide = UserGuide(folder=DOCS)
    qtbot.addWidget(guide)
    guide.show()
    guide.resize(700, 600)
    qtbot.waitUntil(lambda: guide.text.viewport().width() < 600)
    guide.open_chapter("annotation.md")
    room = guide.text.viewport().width() - 2 * guide.text.document().documentMargin()
    narrow = _picture_widths(guide)
    assert narrow and all(0 < width <= room + 0.5 for width in narrow)
    assert guide.text.horizontalScrollBar().maximum() == 0  # no sideways scrolling
    # Wider than the pictures: each at the size it was made, not stretched.
    guide.resize(3000, 900)
    qtbot.waitUntil(lambda: guide.text.viewport().width() > 2000)
    natural = _picture_widths(guide)
    assert all(wide > small for wide, small in zip(natural, narrow, strict=True))
    assert max(natural) < guide.text.viewport().width() - 100


def test_the_guide_finds_a_text_in_this_chapter_then_in_the_next_ones(qtbot) -> None:
    from lexsub_studio.gui.user_guide import UserGuide

    guide = UserGuide(folder=DOCS)
    qtbot.addWidget(guide)
    guide.open_chapter("annotation.md")
    guide.search.setText("Hand in / export responses")
    assert guide.find_next()
    assert guide.current_file() == "annotation.md"
    assert guide.text.textCursor().selectedText() == "Hand in / export responses"
    first = guide.text.textCursor().position()
    qtbot.keyClick(guide.search, Qt.Key.Key_Return)  # Enter in the box: the next place
    assert guide.text.textCursor().position() > first
    # A text only another chapter holds: that chapter opens at it, and the box says where.
    guide.search.setText("pg_hba.conf")
    assert guide.find_next()
    assert guide.current_file() == "campaign.md"
    assert guide.text.textCursor().selectedText() == "pg_hba.conf"
    assert "Team campaigns" in guide.find_status.text()
    guide.search.setText("no chapter says zyxwvut")
    assert not guide.find_next()
    assert "is in no chapter" in guide.find_status.text()


def test_the_guide_lists_the_campaign_and_install_chapters(qtbot) -> None:
    from lexsub_studio.gui.user_guide import UserGuide

    guide = UserGuide(folder=DOCS)
    qtbot.addWidget(guide)
    files = [chapter.file for chapter in guide.chapters]
    assert "campaign.md" in files and "install.md" in files
    assert guide.open_chapter("install.md")
    assert "lexsub-studio --self-test" in guide.text.toPlainText()


def test_damaged_characters_are_told_in_plain_words_and_sent_to_the_organiser(
        qtbot, tmp_path: Path) -> None:
    from gui_support import SMALL_CORPUS, open_and_wait

    set_annotator("zoe")
    corpus = tmp_path / "noted.xml"
    corpus.write_text(SMALL_CORPUS.replace("got extra reading", "got extra\u0085 reading"),
                      encoding="utf-8")
    window = make_window(qtbot)
    open_and_wait(qtbot, window, corpus)
    text = window.notes_bar.message.text()
    assert "tell your organiser" in text and "1 note in Details" in text
    # The reader's own words (code points) are the organiser's, in Details only.
    assert "C1" not in text and "U+0080" not in text
    details = window.notes_bar.show_details()
    assert "organiser" in details.findChild(QLabel, "fileNotesAudience").text()
    assert "C1 control" in details.findChild(QPlainTextEdit, "fileNotesText").toPlainText()


def test_other_notes_keep_their_own_words_and_no_organiser_line(qtbot, tmp_path: Path) -> None:
    from lexsub_studio.core.model.diagnostics import Diagnostics
    from lexsub_studio.gui.notes_bar import FileNotesBar

    bar = FileNotesBar()
    qtbot.addWidget(bar)
    notes = Diagnostics()
    notes.info("orphan-answers", "2 saved answer(s) are for instances this file does not "
                                 "contain")
    bar.show_notes(tmp_path / "small.xml", notes)
    assert "organiser" not in bar.message.text()
    assert "2 saved answer(s)" in bar.message.text()
    assert bar.show_details().findChild(QLabel, "fileNotesAudience") is None


def _shown_texts(menu) -> list[str]:
    return [action.text().replace("&", "") for action in menu.actions()
            if not action.isSeparator() and action.isVisible()]


def test_the_file_menu_offers_the_hand_in_of_the_mode_open(qtbot, tmp_path: Path) -> None:
    from gui_support import open_and_wait

    set_annotator("zoe")
    window = make_window(qtbot)
    file_menu = _menu(window, "File")
    open_and_wait(qtbot, window, write_small_corpus(tmp_path))
    shown = _shown_texts(file_menu)
    assert "Hand in / export responses…" in shown and "Import responses…" in shown
    assert not any("judgements" in text for text in shown)
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.open_path(str(write_small_task(tmp_path, EVERY_INSTANCE)))
    shown = _shown_texts(file_menu)
    assert "Hand in / export judgements…" in shown
    assert not any("responses" in text for text in shown)


def test_ctrl_f_in_the_guide_goes_to_its_search_box_and_f3_finds_again(qtbot) -> None:
    from PySide6.QtWidgets import QApplication

    from lexsub_studio.gui.user_guide import UserGuide

    guide = UserGuide(folder=DOCS)
    qtbot.addWidget(guide)
    guide.show()
    guide.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is guide)
    guide.chapter_list.setFocus()
    qtbot.keyClick(guide.chapter_list, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is guide.search
    qtbot.keyClicks(guide.search, "Ctrl+E")
    qtbot.keyClick(guide.search, Qt.Key.Key_Return)
    first = guide.text.textCursor().position()
    assert guide.text.textCursor().selectedText() == "Ctrl+E"
    qtbot.keyClick(guide.search, Qt.Key.Key_F3)
    assert guide.text.textCursor().position() > first
