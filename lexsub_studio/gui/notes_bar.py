"""The bar that tells, without stopping the annotator, what a reader noted in a file it opened.

Notes (characters kept as written, repaired counts, ignored elements) are nothing the annotator
can act on, so a modal box would only be clicked away; only a file that cannot be opened gets a
dialog. The bar looks like the unsaved-answers bar and sits above every workspace; its Details
link opens a non-modal list of every note with its line.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
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
from lexsub_studio.gui.store_dialogs import plural
from lexsub_studio.gui.widgets import named

DETAILS_LINK = "details"  # untranslated: the href of the Details link, never shown
#: Notes that ask the annotator to do something (the bar then never says "you need not").
ASKS_FOR_ACTION = frozenset({"campaign-not-member"})


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
        self.setStyleSheet("QFrame#fileNotesBar { background:#eff6ff; color:#1e3a8a; "
                           "border:1px solid #93c5fd; border-radius:6px; } "
                           "QFrame#fileNotesBar QLabel { color:#1e3a8a; } "
                           "QFrame#fileNotesBar a { color:#1e40af; }")
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
        self._title = ""
        self.setVisible(False)

    def show_notes(self, path: str | Path, diagnostics: Diagnostics) -> None:
        """Show the notes of a file just opened; hide the bar when there are none."""
        self.clear()
        if not len(diagnostics):
            return
        name = Path(path).name
        self._title = self.tr("Notes about {name}").format(name=name)
        self._lines = [note_line(d) for d in diagnostics]
        self.message.setText(self.tr('{summary} <a href="{link}">Details</a>').format(
            summary=html.escape(summary_sentence(name, diagnostics)), link=DETAILS_LINK))
        self.setVisible(True)

    def clear(self) -> None:
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
            layout.addWidget(text)
            layout.addWidget(buttons)
            dialog.resize(640, 320)
            self.details = dialog
        self.details.setModal(False)
        self.details.show()
        self.details.raise_()
        return self.details
