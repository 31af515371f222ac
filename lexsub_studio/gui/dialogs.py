"""Message boxes and small dialogs. Each is a function so tests can monkeypatch it."""

from __future__ import annotations

import contextlib

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.annotation.work import ProgressSummary
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError
from lexsub_studio.gui.target_labels import target_labels
from lexsub_studio.gui.widgets import named

MAX_LISTED_PROBLEMS = 200
#: An action property holding its description for the shortcuts list, for actions whose text
#: changes (undo and redo name the change they would undo).
HELP_PROPERTY = "shortcutHelp"


def error_text(error: BaseException) -> str:
    """What a person should read: an InputError's location and message, never a traceback."""
    if isinstance(error, InputError):
        diagnostic = error.diagnostic
        return f"{diagnostic.location()}\n\n{diagnostic.message}"
    if isinstance(error, OSError):
        where = f"{error.filename}\n\n" if error.filename else ""
        return f"{where}{error.strerror or error}"
    if isinstance(error, MemoryError):
        return ("LexSub Studio ran out of memory. Inputs are read within the limits of "
                "docs/formats.md; a smaller file or setting may fit.")
    if str(error) and (type(error) in (ValueError, RuntimeError)
                       or type(error).__module__.startswith("lexsub_studio.")):
        # Raised with a sentence for the person: a value a format cannot hold, a task's message,
        # the program's own exceptions (no multiword gold open, WordNet missing ...).
        return str(error)
    return internal_error_text(error)


def internal_error_text(error: BaseException) -> str:
    """A fault of the program: a sentence and a log file, not the raw exception (KeyError: 0).
    The log is written once per error, however often its text is asked for."""
    text = getattr(error, "_lexsub_report_text", None)
    if text is None:
        from lexsub_studio.core.runtime.internal_errors import report_internal_error

        try:
            text = "An internal error stopped this " + report_internal_error(error).explanation()
        except Exception:  # writing the report failed too: still a sentence
            text = ("An internal error stopped this (a fault in LexSub Studio, not in your "
                    "files); no report could be written.")
        # An exception type without attributes: asking again writes a second log, harmless.
        with contextlib.suppress(AttributeError):
            error._lexsub_report_text = text  # type: ignore[attr-defined]
    return text


def show_error(parent: QWidget | None, title: str, error: BaseException) -> None:
    QMessageBox.critical(parent, title, error_text(error))


def show_problems(parent: QWidget | None, title: str, diagnostics: Diagnostics) -> None:
    """Tell the user what a reader repaired or ignored (the file did open)."""
    if not len(diagnostics):
        return
    counts = diagnostics.count_by_code()
    summary = ", ".join(f"{count} × {code}" for code, count in counts.most_common())
    box = QMessageBox(QMessageBox.Icon.Warning, title,
                      f"The file was opened, with {len(diagnostics)} problem(s): {summary}.",
                      QMessageBox.StandardButton.Ok, parent)
    listed = [str(d) for d in list(diagnostics)[:MAX_LISTED_PROBLEMS]]
    if len(diagnostics) > MAX_LISTED_PROBLEMS:
        listed.append(f"… and {len(diagnostics) - MAX_LISTED_PROBLEMS} more")
    box.setDetailedText("\n".join(listed))
    box.setObjectName("problemsBox")
    box.exec()


def ask_annotator_name(parent: QWidget | None, current: str = "") -> str | None:
    """Ask for the annotator's name; None if cancelled or left empty. A name the responses
    file cannot hold (a control character) is refused with the reason, and asked again."""
    from lexsub_studio.core.annotation.package_manifest import annotator_name_problem

    prompt = "Your name as an annotator (it is written into the responses file you hand in):"
    while True:
        name, accepted = QInputDialog.getText(parent, "Your name", prompt,
                                              QLineEdit.EchoMode.Normal, current)
        name = " ".join(name.split())
        if not accepted or not name:
            return None
        problem = annotator_name_problem(name)
        if problem is None:
            return name
        current = "".join(character for character in name if character.isprintable())
        prompt = (f"That name cannot be used: {problem}. Please type it again.\n\n"
                  "Your name as an annotator (it is written into the responses file you hand "
                  "in):")


def confirm(parent: QWidget | None, title: str, text: str) -> bool:
    answer = QMessageBox.question(parent, title, text,
                                  QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def _table(parent: QWidget, name: str, accessible: str, headers: list[str],
           rows: list[list[str]]) -> QTableWidget:
    table = named(QTableWidget(len(rows), len(headers), parent), name, accessible)
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            item = QTableWidgetItem(text)
            if c > 0 and text.replace(".", "").replace("%", "").isdigit():
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


def _close_buttons(dialog: QDialog, prefix: str) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.setObjectName(f"{prefix}Buttons")
    named(buttons.button(QDialogButtonBox.StandardButton.Close), f"{prefix}CloseButton", "Close")
    return buttons


def shortcut_rows(actions: list[QAction]) -> list[list[str]]:
    rows = [["Enter (in any answer field)", "Save and go to the next unfinished instance"],
            ["Tab / Shift+Tab", "Move between the answer fields"]]
    for action in actions:
        keys = [s.toString(s.SequenceFormat.NativeText) for s in action.shortcuts()]
        if keys:
            text = action.property(HELP_PROPERTY) or action.text()
            rows.append([", ".join(keys), str(text).replace("&", "").rstrip("…. ")])
    return rows


def build_shortcuts_dialog(parent: QWidget | None, actions: list[QAction]) -> QDialog:
    dialog = QDialog(parent)
    named(dialog, "shortcutsDialog", "Keyboard shortcuts")
    dialog.setWindowTitle("Keyboard shortcuts")
    layout = QVBoxLayout(dialog)
    layout.addWidget(QLabel("Everything can be done from the keyboard:", dialog))
    layout.addWidget(_table(dialog, "shortcutsTable", "Shortcuts", ["Keys", "Action"],
                            shortcut_rows(actions)))
    buttons = _close_buttons(dialog, "shortcuts")
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(560, 520)
    return dialog


def build_glossary_dialog(parent: QWidget | None,
                          sections: list[tuple[str, list[tuple[str, str]]]]) -> QDialog:
    """Help › Glossary: each section's terms and their one-line definitions, the same text as
    the tool tips and the docs."""
    dialog = QDialog(parent)
    named(dialog, "glossaryDialog", "Glossary")
    dialog.setWindowTitle("Glossary")
    layout = QVBoxLayout(dialog)
    rows = [[term, section, meaning] for section, terms in sections for term, meaning in terms]
    table = _table(dialog, "glossaryTable", "Terms and their definitions",
                   ["Term", "Where", "Definition"], rows)
    table.setWordWrap(True)
    table.resizeRowsToContents()
    layout.addWidget(table)
    buttons = _close_buttons(dialog, "glossary")
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(820, 560)
    return dialog


def format_seconds(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min {secs:02d} s"


def summary_rows(summary: ProgressSummary, show_pos: bool) -> list[list[str]]:
    labels = target_labels(list(summary.per_lexelt), show_pos)
    return [[labels[lexelt], str(done), str(total),
             f"{100.0 * done / total:.0f}%" if total else "—"]
            for lexelt, (done, total) in summary.per_lexelt.items()]


def build_summary_dialog(parent: QWidget | None, summary: ProgressSummary,
                         show_pos: bool) -> QDialog:
    dialog = QDialog(parent)
    named(dialog, "summaryDialog", "Progress summary")
    dialog.setWindowTitle("Progress summary")
    layout = QVBoxLayout(dialog)
    mean = summary.seconds / summary.finished if summary.finished else 0.0
    overview = named(QLabel(dialog), "summaryText", "Summary")
    overview.setText(
        f"<b>{summary.finished} of {summary.total}</b> instances answered "
        f"({summary.percent:.1f}%)<br>"
        f"done {summary.done} · flagged {summary.flagged} (NIL {summary.nil}, proper name "
        f"{summary.proper_name}) · partial {summary.partial} · empty {summary.empty}<br>"
        f"multiwords given: {summary.multiword}<br>"
        f"time spent: {format_seconds(summary.seconds)}"
        + (f" (about {mean:.0f} s per answered instance)" if summary.finished else ""))
    layout.addWidget(overview)
    layout.addWidget(_table(dialog, "summaryTable", "Progress per target",
                            ["Target", "Answered", "Instances", "%"],
                            summary_rows(summary, show_pos)))
    buttons = _close_buttons(dialog, "summary")
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(480, 460)
    return dialog
