"""Message boxes and small dialogs. Each is a function so tests can monkeypatch it."""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QCoreApplication, Qt
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
from lexsub_studio.core.present import numbers
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
        return (QCoreApplication.translate("Dialogs", "LexSub Studio ran out of memory. Inputs are "
                                                      "read within the limits of docs/formats.md; "
                                                      "a smaller file or setting may fit."))
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
            explanation = report_internal_error(error).explanation()
            text = QCoreApplication.translate("Dialogs", "An internal error stopped this "
                                                         "{explanation}").format(
                explanation=explanation)
        except Exception:  # writing the report failed too: still a sentence
            text = (QCoreApplication.translate("Dialogs", "An internal error stopped this (a fault "
                                                          "in LexSub Studio, not in your files); "
                                                          "no report could be written."))
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
                      QCoreApplication.translate("Dialogs", "The file was opened, with "
                                                            "{count} problem(s): "
                                                            "{summary}.").format(
                          count=len(diagnostics), summary=summary),
                      QMessageBox.StandardButton.Ok, parent)
    listed = [str(d) for d in list(diagnostics)[:MAX_LISTED_PROBLEMS]]
    if len(diagnostics) > MAX_LISTED_PROBLEMS:
        listed.append(f"… and {len(diagnostics) - MAX_LISTED_PROBLEMS} more")
    box.setDetailedText("\n".join(listed))
    box.setObjectName("problemsBox")
    box.exec()


def ask_annotator_name(parent: QWidget | None, current: str = "",
                       judging: bool = False) -> str | None:
    """Ask for the annotator's name; None if cancelled or left empty. The question names the
    file the name goes into: the judgements file in judgement mode, else the responses file. A
    name that file cannot hold (a control character) is refused with the reason, and asked
    again."""
    from lexsub_studio.core.annotation.package_manifest import annotator_name_problem

    translate = QCoreApplication.translate
    question = (translate("Dialogs", "Your name as an annotator (it is written into the "
                                     "judgements file you hand in):") if judging
                else translate("Dialogs", "Your name as an annotator (it is written into the "
                                          "responses file you hand in):"))
    prompt = question
    while True:
        name, accepted = QInputDialog.getText(parent, translate("Dialogs", "Your name"),
                                              prompt, QLineEdit.EchoMode.Normal, current)
        name = " ".join(name.split())
        if not accepted or not name:
            return None
        problem = annotator_name_problem(name)
        if problem is None:
            return name
        current = "".join(character for character in name if character.isprintable())
        prompt = translate("Dialogs", "That name cannot be used: {problem}. Please type it "
                                      "again.\n\n{question}").format(problem=problem,
                                                                       question=question)


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
    named(buttons.button(QDialogButtonBox.StandardButton.Close), f"{prefix}CloseButton",
          QCoreApplication.translate("Dialogs", "Close"))
    return buttons


def shortcut_rows(actions: list[QAction]) -> list[list[str]]:
    translate = QCoreApplication.translate
    rows = [[translate("Dialogs", "Enter (in any answer field)"),
             translate("Dialogs", "Save and go to the next unfinished instance")],
            [translate("Dialogs", "Tab / Shift+Tab"),
             translate("Dialogs", "Move between the answer fields")],
            [translate("Dialogs", "1 or A, 2 or N, 3 or U (judging, in the candidate list)"),
             translate("Dialogs", "Label the candidate acceptable, not acceptable, unsure")],
            [translate("Dialogs", "0, Delete (judging, in the candidate list)"),
             translate("Dialogs", "Take the candidate's label back")],
            [translate("Dialogs", "Enter (judging, in the candidate list)"),
             translate("Dialogs", "Next instance with candidates left to judge")]]
    for action in actions:
        keys = [s.toString(s.SequenceFormat.NativeText) for s in action.shortcuts()]
        if keys:
            text = action.property(HELP_PROPERTY) or action.text()
            rows.append([", ".join(keys), str(text).replace("&", "").rstrip("…. ")])
    return rows


def build_shortcuts_dialog(parent: QWidget | None, actions: list[QAction]) -> QDialog:
    dialog = QDialog(parent)
    named(dialog, "shortcutsDialog", QCoreApplication.translate("Dialogs", "Keyboard shortcuts"))
    dialog.setWindowTitle(QCoreApplication.translate("Dialogs", "Keyboard shortcuts"))
    layout = QVBoxLayout(dialog)
    layout.addWidget(QLabel(
        QCoreApplication.translate("Dialogs", "Everything can be done from the keyboard:"),
        dialog))
    headers = [QCoreApplication.translate("Dialogs", "Keys"),
               QCoreApplication.translate("Dialogs", "Action")]
    layout.addWidget(_table(dialog, "shortcutsTable",
                            QCoreApplication.translate("Dialogs", "Shortcuts"), headers,
                            shortcut_rows(actions)))
    buttons = _close_buttons(dialog, "shortcuts")
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(560, 520)
    return dialog


def format_seconds(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return QCoreApplication.translate("Dialogs", "{hours} h {minutes:02d} min").format(
               hours=hours, minutes=minutes) if hours else QCoreApplication.translate(
            "Dialogs", "{minutes} min {secs:02d} s").format(minutes=minutes, secs=secs)


def summary_rows(summary: ProgressSummary, show_pos: bool) -> list[list[str]]:
    labels = target_labels(list(summary.per_lexelt), show_pos)
    return [[labels[lexelt], str(done), str(total), numbers.share(done, total, "gui")]
            for lexelt, (done, total) in summary.per_lexelt.items()]


def build_summary_dialog(parent: QWidget | None, summary: ProgressSummary,
                         show_pos: bool) -> QDialog:
    dialog = QDialog(parent)
    named(dialog, "summaryDialog", QCoreApplication.translate("Dialogs", "Progress summary"))
    dialog.setWindowTitle(QCoreApplication.translate("Dialogs", "Progress summary"))
    layout = QVBoxLayout(dialog)
    mean = summary.seconds / summary.finished if summary.finished else 0.0
    overview = named(QLabel(dialog), "summaryText",
                     QCoreApplication.translate("Dialogs", "Summary"))
    overview.setText(
        QCoreApplication.translate("Dialogs", "<b>{finished} of {total}</b> instances answered "
                                              "({percent})<br>done {done} · flagged {flagged} "
                                              "(NIL {nil}, proper name {proper_name}) · partial "
                                              "{partial} · empty {empty}<br>multiwords given: "
                                              "{multiword}<br>time spent: {time}").format(
            finished=summary.finished, total=summary.total,
            percent=numbers.share(summary.finished, summary.total, "gui"),
            done=summary.done, flagged=summary.flagged, nil=summary.nil,
            proper_name=summary.proper_name, partial=summary.partial, empty=summary.empty,
            multiword=summary.multiword, time=format_seconds(summary.seconds))
        + (QCoreApplication.translate("Dialogs", " (about {mean:.0f} s per answered "
                                                 "instance)").format(mean=mean)
           if summary.finished else ""))
    layout.addWidget(overview)
    headers = [QCoreApplication.translate("Dialogs", "Target"),
               QCoreApplication.translate("Dialogs", "Answered"),
               QCoreApplication.translate("Dialogs", "Instances"), "%"]
    layout.addWidget(_table(dialog, "summaryTable",
                            QCoreApplication.translate("Dialogs", "Progress per target"),
                            headers, summary_rows(summary, show_pos)))
    buttons = _close_buttons(dialog, "summary")
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(480, 460)
    return dialog
