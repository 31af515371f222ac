"""The guidelines pane: the bundled default, a package's own, or an organiser's file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFont, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QTextBrowser, QWidget

from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.gui.widgets import named
from lexsub_studio.paths import resources_dir

HEADING_SCALE = {1: 1.45, 2: 1.25, 3: 1.1}


def default_guidelines_path() -> Path:
    return resources_dir() / "guidelines" / "default.md"


def judging_guidelines_path() -> Path:
    """The bundled guidelines of judgement mode (judging candidates, not finding substitutes)."""
    return resources_dir() / "guidelines" / "judging.md"


def read_guidelines_file(path: str | Path) -> tuple[str, str]:
    """(text, format) of a Markdown, HTML or plain-text guidelines file; InputError if not."""
    target = Path(path)
    try:
        text = target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError.at(target, "bad-guidelines",
                            f"cannot read the guidelines: {error}") from error
    suffix = target.suffix.lower()
    if suffix in (".html", ".htm"):
        return text, "html"
    if suffix in (".md", ".markdown"):
        return text, "markdown"
    return text, "plain"


class GuidelinesPane(QTextBrowser):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "guidelinesView", self.tr("Guidelines"), self.tr("The annotation guidelines"))
        self.setOpenExternalLinks(True)
        self.origin = ""
        self._shown: tuple[str, str] = ("", "plain")
        self._completion_on = False
        #: Judgement mode: no answer fields, so nothing to say about completing them.
        self.judging = False

    def show_text(self, text: str, text_format: str, origin: str) -> None:
        self._shown = (text, text_format)
        if text_format == "html":
            self.setHtml(text)
        elif text_format == "markdown":
            self.setMarkdown(text)
            self._soften_headings()
        else:
            self.setPlainText(text)
        self.origin = origin
        self._add_completion_note()

    def set_completion_note(self, on: bool) -> None:
        """Say at the top whether the fields complete from the annotator's earlier answers (an
        organiser's guidelines cannot know this annotator's setting)."""
        self._completion_on = on
        text, text_format = self._shown
        self.show_text(text, text_format, self.origin)

    def completion_note(self) -> str:
        if self._completion_on:
            return self.tr("Completion from your own earlier answers is on: the substitute "
                           "fields offer the words you gave for other instances of this target. "
                           "Offered words may belong to another sense; take one only if it fits "
                           "this sentence.")
        return self.tr("Completion from your own earlier answers is off (View > Complete from "
                       "my earlier answers): each instance is a fresh judgement, so the words "
                       "you gave for one sense of the target are not offered for another.")

    def _add_completion_note(self) -> None:
        if self.judging:
            return
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.Start)
        note = QTextCharFormat()
        note.setFontItalic(True)
        cursor.insertText(self.completion_note(), note)
        cursor.insertBlock()

    def _soften_headings(self) -> None:
        """Markdown headings come out at display sizes; in a side pane they crowd the text."""
        base = self.font().pointSizeF()
        cursor = QTextCursor(self.document())
        block = self.document().begin()
        while block.isValid():
            level = block.blockFormat().headingLevel()
            if level:
                cursor.setPosition(block.position())
                cursor.setPosition(block.position() + block.length() - 1,
                                   QTextCursor.MoveMode.KeepAnchor)
                heading = QTextCharFormat()
                heading.setFontPointSize(base * HEADING_SCALE.get(level, 1.0))
                heading.setFontWeight(QFont.Weight.Bold)
                cursor.mergeCharFormat(heading)
            block = block.next()

    def show_default(self) -> None:
        path = judging_guidelines_path() if self.judging else default_guidelines_path()
        try:
            text, text_format = read_guidelines_file(path)
        except InputError:
            text = self.tr("# Guidelines\n\nThe default guidelines are not installed. Use "
                           "*View > Guidelines file…* to show your organiser's guidelines.")
            text_format = "markdown"
        self.show_text(text, text_format, "default")
