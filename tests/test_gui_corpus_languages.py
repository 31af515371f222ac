"""Corpora in other languages in the window: German lemma hints in Annotate and in curation's
proposals, the once-only word that a language has no lemma hints, right-to-left corpora laid
out right to left, and letters of any script drawn from a font that has them."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import make_window, open_and_wait, set_annotator
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextLayout
from PySide6.QtWidgets import QApplication

from lexsub_studio.gui.annotate.workspace import AnnotateWorkspace

pytestmark = pytest.mark.gui

HEADER = ("# lexsub-responses 1\nlexelt\tid\tannotator\tsub1\tsub2\tsub3\tmultiword\tnil\t"
          "proper_name\tcomment\tseconds\n")


def write_corpus(directory: Path, lang: str, sentences: list[tuple[str, str, str, str]]) -> Path:
    """A corpus in ``lang``: (lexelt, left, head, right) per instance, ids from 1."""
    lexelts: dict[str, list[str]] = {}
    for number, (lexelt, left, head, right) in enumerate(sentences, start=1):
        lexelts.setdefault(lexelt, []).append(
            f'<instance id="{number}">\n<context>{left}<head>{head}</head>{right}</context>\n'
            "</instance>\n")
    body = "".join(f'<lexelt item="{item}">\n{"".join(instances)}</lexelt>\n'
                   for item, instances in lexelts.items())
    path = directory / f"corpus-{lang}.xml"
    path.write_text(f'<?xml version="1.0" encoding="utf-8"?>\n<corpus lang="{lang}">\n{body}'
                    "</corpus>\n", encoding="utf-8")
    return path


GERMAN = [("Gebäude.n", "Die alten ", "Gebäude", " stehen am Fluss ."),
          ("gehen.v", "Sie ", "ging", " nach Hause .")]


def open_corpus(qtbot, path: Path) -> tuple[AnnotateWorkspace, list[str]]:
    """The window with ``path`` open, and every status-bar message the workspace gave."""
    set_annotator("tester")
    window = make_window(qtbot)
    workspace = window.workspaces["annotate"]
    assert isinstance(workspace, AnnotateWorkspace)
    messages: list[str] = []
    workspace.status_message.connect(messages.append)
    assert open_and_wait(qtbot, window, path) is workspace
    return workspace, messages


def hint_of(qtbot, workspace: AnnotateWorkspace, typed: str) -> str | None:
    """Type ``typed`` into the first substitute field: the hint offered, if any."""
    form = workspace.editor.form
    form.sub_edits[0].clear()
    # As typed (textEdited); key clicks cannot spell letters outside Latin-1's keys.
    form.sub_edits[0].insert(typed)
    qtbot.wait(1)
    button = form.accept_buttons["sub1"]
    return str(button.property("suggestion")) if button.isVisibleTo(form) else None


def test_a_german_corpus_gets_german_lemma_hints(qtbot, tmp_path: Path) -> None:
    workspace, messages = open_corpus(qtbot, write_corpus(tmp_path, "de", GERMAN))
    assert hint_of(qtbot, workspace, "Häuser") == "Haus"
    assert workspace.editor.form.accept_buttons["sub1"].text() == "Use “Haus”"
    assert hint_of(qtbot, workspace, "Haus") is None
    workspace.move(+1)
    assert hint_of(qtbot, workspace, "liefen") == "laufen"
    assert hint_of(qtbot, workspace, "gingen") is None  # a form of the target: named, not offered
    assert "form of the target word itself (gehen)" in (
        workspace.editor.form.check_labels["sub1"].text())
    assert not [message for message in messages if "lemma hints" in message]


def test_a_language_without_a_lemmatiser_says_so_once_and_gives_no_hint(
        qtbot, tmp_path: Path) -> None:
    sentences = [("home.n", "The ", "home", " was warm ."), ("home.n", "A ", "home", " .")]
    workspace, messages = open_corpus(qtbot, write_corpus(tmp_path, "tlh", sentences))
    assert hint_of(qtbot, workspace, "houses") is None  # English would offer "house"
    workspace.move(+1)
    assert hint_of(qtbot, workspace, "cleverer") is None
    workspace.move(-1)
    said = [message for message in messages if "lemma hints" in message]
    assert said == ["No lemma hints for Klingon (tlh): no lemmatiser for this corpus language."]


def test_an_english_corpus_keeps_its_hints(qtbot, tmp_path: Path) -> None:
    sentences = [("home.n", "The ", "home", " was warm .")]
    workspace, messages = open_corpus(qtbot, write_corpus(tmp_path, "english", sentences))
    assert hint_of(qtbot, workspace, "houses") == "house"
    assert workspace.editor.sentence_view.layoutDirection() == Qt.LayoutDirection.LeftToRight
    assert not [message for message in messages if "lemma hints" in message]


def ink_columns(widget) -> tuple[int, int]:
    """The leftmost and rightmost columns with dark (text) pixels, borders left out."""
    image = widget.grab().toImage()
    columns = [x for x in range(6, image.width() - 6)
               if any(QColor(image.pixel(x, y)).lightness() < 100
                      for y in range(6, image.height() - 6, 2))]
    assert columns, "nothing drawn"
    return columns[0], columns[-1]


@pytest.mark.parametrize(("lang", "left", "head", "right"), [
    # Each starts with a Latin name, from which Qt alone would guess left to right.
    ("he", "iPhone הוא ", "טלפון", " חכם מאוד ."),
    ("ar", "Google هي ", "شركة", " كبيرة جدا ."),
])
def test_a_right_to_left_corpus_is_laid_out_right_to_left(qtbot, tmp_path: Path, lang: str,
                                                          left: str, head: str,
                                                          right: str) -> None:
    lexelt = "x.n"
    workspace, _ = open_corpus(qtbot, write_corpus(tmp_path, lang, [(lexelt, left, head,
                                                                      right)]))
    view = workspace.editor.sentence_view
    assert view.layoutDirection() == Qt.LayoutDirection.RightToLeft
    first, last = ink_columns(view)
    # The sentence ends at the right edge and leaves the left of the view empty.
    assert view.width() - last < 40 and first > view.width() // 4
    for edit in workspace.editor.form.line_edits():
        assert edit.layoutDirection() == Qt.LayoutDirection.RightToLeft


@pytest.mark.parametrize("sentence", ["הילד קרא ספר מעניין .", "قرأ الولد كتابا مفيدا .",
                                      "Die Häuser stehen am Fluss .", "Дом стоит у реки ."])
def test_every_letter_of_another_script_is_drawn_from_a_font_that_has_it(
        qtbot, tmp_path: Path, sentence: str) -> None:
    workspace, _ = open_corpus(qtbot, write_corpus(tmp_path, "xx", [("x.n", "", "x", "")]))
    layout = QTextLayout(sentence, workspace.editor.sentence_view.font())
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    runs = layout.glyphRuns()
    assert runs
    # Glyph 0 is a font's "missing letter" box: Qt's fallback found a font for every letter.
    assert all(0 not in run.glyphIndexes() for run in runs)
    QApplication.processEvents()


def test_curation_proposes_german_lemmas(qtbot, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from lexsub_studio.gui import dialogs
    from lexsub_studio.gui.app_state import AppState
    from lexsub_studio.gui.gold.workspace import GoldWorkspace

    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: pytest.fail(f"{title}: {error}"))
    corpus = write_corpus(tmp_path, "de", GERMAN)
    paths = []
    for annotator, building, going in [("anna", "Häuser", "laufen"), ("ben", "Haus", "liefen"),
                                       ("cleo", "Bauten", "laufen")]:
        path = tmp_path / f"{annotator}.tsv"
        path.write_text(HEADER + f"Gebäude.n\t1\t{annotator}\t{building}\t\t\t\t0\t0\t\t\n"
                        f"gehen.v\t2\t{annotator}\t{going}\t\t\t\t0\t0\t\t\n", encoding="utf-8")
        paths.append(str(path))
    workspace = GoldWorkspace(AppState())
    qtbot.addWidget(workspace)
    workspace.show()
    with qtbot.waitSignal(workspace.sources.corpus_changed, timeout=20000):
        workspace.set_corpus_file(str(corpus))
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.add_files(paths)
    proposed = {(p.variant, p.canonical, p.reason) for p in workspace.curation.proposals()}
    assert proposed == {("häuser", "haus", "inflection"), ("bauten", "bau", "inflection"),
                        ("liefen", "laufen", "inflection")}


def test_curation_says_once_that_a_language_without_a_lemmatiser_gets_no_proposals(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lexsub_studio.gui import dialogs
    from lexsub_studio.gui.app_state import AppState
    from lexsub_studio.gui.gold.workspace import GoldWorkspace

    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: pytest.fail(f"{title}: {error}"))
    corpus = write_corpus(tmp_path, "tlh", [("home.n", "The ", "home", " was warm .")])
    paths = []
    for annotator, answer in [("anna", "houses"), ("ben", "house"), ("cleo", "hous")]:
        path = tmp_path / f"{annotator}.tsv"
        path.write_text(HEADER + f"home.n\t1\t{annotator}\t{answer}\t\t\t\t0\t0\t\t\n",
                        encoding="utf-8")
        paths.append(str(path))
    workspace = GoldWorkspace(AppState())
    qtbot.addWidget(workspace)
    messages: list[str] = []
    workspace.status_message.connect(messages.append)
    with qtbot.waitSignal(workspace.sources.corpus_changed, timeout=20000):
        workspace.set_corpus_file(str(corpus))
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.add_files(paths)
    assert workspace.curation.proposals() == []  # English would merge houses and hous
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.schedule_analysis()
    assert [message for message in messages if "proposals" in message] == [
        "No lemma or typo proposals for Klingon (tlh): no lemmatiser for this corpus language."]
