"""The bar that tells, without stopping the annotator, what a reader noted in a file it opened.

Notes (characters kept as written, repaired counts, ignored elements) are nothing the annotator
can act on, so a modal box would only be clicked away; only a file that cannot be opened gets a
dialog. The bar looks like the unsaved-answers bar and sits above every workspace; its Details
link opens a non-modal list of every note with its line. Its colours follow the theme (pale blue
in light, deep blue in dark), its text and link at WCAG AA contrast on either.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.model.diagnostics import Diagnostic, Diagnostics, Severity
from lexsub_studio.gui.contrast import readable
from lexsub_studio.gui.store_dialogs import plural
from lexsub_studio.gui.theme import is_dark
from lexsub_studio.gui.widgets import named

DETAILS_LINK = "details"  # untranslated: the href of the Details link, never shown
#: Notes that ask the annotator to do something (the bar then never says "you need not").
ASKS_FOR_ACTION = frozenset({"campaign-not-member"})
#: Notes about text damaged before the file reached the annotator (C1 control characters,
#: U+FFFD, double encoding): only whoever made the file can mend it, so the bar speaks of them
#: in plain words and sends them to the organiser; Details keeps the reader's exact words.
FOR_THE_ORGANISER = frozenset({"c1-controls", "replacement-chars", "double-encoded"})
#: The bar's background, border, text and link, on a light and on a dark palette.
LIGHT_COLOURS = ("#eff6ff", "#93c5fd", "#1e3a8a", "#1e40af")
DARK_COLOURS = ("#172554", "#3b82f6", "#dbeafe", "#93c5fd")


def note_line(diagnostic: Diagnostic) -> str:
    """One note in plain words with where it is: "line 12, column 4: …" (no file path or code:
    every note is about the file just opened)."""
    where = []
    if diagnostic.line is not None:
        where.append(f"line {diagnostic.line}")
        if diagnostic.column is not None:
            where.append(f"column {diagnostic.column}")
    prefix = f"{', '.join(where)}: " if where else ""
    return f"{prefix}{diagnostic.message}."


def summary_sentence(file_name: str, diagnostics: Diagnostics) -> str:
    """The bar's sentence: what kind of notes, how many, the first one."""
    items = list(diagnostics)
    serious = [d for d in items if d.severity is not Severity.INFO]
    kind = (plural(len(serious), "warning") if serious
            else plural(len(items), "note"))
    shown = (serious or items)[0]
    first = shown.message
    more = len(items) - 1
    tail = QCoreApplication.translate("NotesBar", " (and {more} more)").format(
               more=more) if more else ""
    if shown.code in FOR_THE_ORGANISER:
        return QCoreApplication.translate(
            "NotesBar", "{file_name} is open. Some characters of its sentences were damaged "
                        "before the file reached you and are shown as written. You need not do "
                        "anything; if they get in the way, tell your organiser ({kind} in "
                        "Details, for them).").format(file_name=file_name, kind=kind)
    if shown.code in ASKS_FOR_ACTION:
        return QCoreApplication.translate("NotesBar", "{file_name} is open. {first}{tail}.").format(
            file_name=file_name, first=first, tail=tail)
    return (QCoreApplication.translate("NotesBar", "{file_name} is open, with {kind} about the "
                                                   "file; you need not do anything. First: "
                                                   "{first}{tail}.").format(
                file_name=file_name, kind=kind, first=first, tail=tail))


class FileNotesBar(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "fileNotesBar", self.tr("Notes about the open file"))
        #: The summary shown (HTML-escaped), redrawn with the link's colour of the theme.
        self._summary = ""
        self.message = named(QLabel(self), "fileNotesMessage", self.tr("What the reader noted"),
                             self.tr("A summary of the notes; the Details link lists every one"))
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.RichText)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                             | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.message.linkActivated.connect(lambda _link: self.show_details())
        self.close_button = named(QToolButton(self), "fileNotesCloseButton",
                                  self.tr("Hide the notes about the file"))
        self.close_button.setText("✕")
        self.close_button.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 4, 6, 4)
        layout.addWidget(self.message, 1)
        layout.addWidget(self.close_button)
        self.details: QDialog | None = None
        self._lines: list[str] = []
        self._for_organiser = False
        self._title = ""
        self.follow_palette()
        self.setVisible(False)

    def colours(self) -> tuple[QColor, QColor, QColor]:
        """The background, text and link colours for the palette in use: the text and the link
        made readable (WCAG AA) on the background whatever it is."""
        background, _border, text, link = DARK_COLOURS if is_dark() else LIGHT_COLOURS
        behind = QColor(background)
        return behind, readable(text, behind), readable(link, behind)

    def follow_palette(self) -> None:
        """Recolour for the palette in use (the window calls it when the theme changes)."""
        background, text, _link = self.colours()
        border = (DARK_COLOURS if is_dark() else LIGHT_COLOURS)[1]
        self.setStyleSheet(f"QFrame#fileNotesBar {{ background:{background.name()}; "
                           f"color:{text.name()}; border:1px solid {border}; "
                           f"border-radius:6px; }} "
                           f"QFrame#fileNotesBar QLabel, QFrame#fileNotesBar QToolButton "
                           f"{{ color:{text.name()}; }}")
        self._show_summary()

    def _show_summary(self) -> None:
        if not self._summary:
            return
        link = self.colours()[2].name()
        # Inline: a label's links otherwise take the palette's link colour, chosen for the
        # window's background rather than the bar's.
        self.message.setText(self.tr('{summary} <a href="{link}" style="color:{colour}">'
                                     'Details</a>').format(summary=self._summary,
                                                           link=DETAILS_LINK, colour=link))

    def show_notes(self, path: str | Path, diagnostics: Diagnostics) -> None:
        """Show the notes of a file just opened; hide the bar when there are none."""
        self.clear()
        if not len(diagnostics):
            return
        name = Path(path).name
        self._title = self.tr("Notes about {name}").format(name=name)
        self._lines = [note_line(d) for d in diagnostics]
        self._for_organiser = any(d.code in FOR_THE_ORGANISER for d in diagnostics)
        self._summary = html.escape(summary_sentence(name, diagnostics))
        self._show_summary()
        self.setVisible(True)

    def clear(self) -> None:
        self._summary = ""
        self.message.clear()
        self._lines = []
        if self.details is not None:
            self.details.close()
            self.details = None
        self.setVisible(False)

    def show_details(self) -> QDialog:
        """Every note with its line, in a window that does not block the annotator."""
        if self.details is None:
            dialog = named(QDialog(self.window()), "fileNotesDialog", self._title)
            dialog.setWindowTitle(self._title)
            text = named(QPlainTextEdit(dialog), "fileNotesText",
                         self.tr("Every note with its line"))
            text.setReadOnly(True)
            text.setPlainText("\n".join(self._lines))
            buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
            named(buttons.button(QDialogButtonBox.StandardButton.Close),
                  "fileNotesDialogClose", self.tr("Close"))
            buttons.rejected.connect(dialog.close)
            layout = QVBoxLayout(dialog)
            if self._for_organiser:
                audience = named(QLabel(self.tr("For your organiser: notes about how the file "
                                                "was made, with the line of each. Your answers "
                                                "are not affected."), dialog),
                                 "fileNotesAudience", self.tr("Who the notes are for"))
                audience.setWordWrap(True)
                layout.addWidget(audience)
            layout.addWidget(text)
            layout.addWidget(buttons)
            dialog.resize(640, 320)
            self.details = dialog
        self.details.setModal(False)
        self.details.show()
        self.details.raise_()
        return self.details
