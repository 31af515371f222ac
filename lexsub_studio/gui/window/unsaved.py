"""Answers the store could not take: settled before the session closes (saved, or written to a
rescue file), and those an earlier run wrote to rescue files taken back when the corpus opens."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

from lexsub_studio.core.annotation.rescue import mark_restored
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.gui import dialogs, store_dialogs
from lexsub_studio.gui.annotate.commands import ImportAnswersCommand
from lexsub_studio.gui.app_state import AppState, Session


def settle_unsaved(parent: QWidget, state: AppState, tell: Callable[[str], None]) -> bool:
    """True when no answer is left unsaved: saved now, or written to a rescue file.

    Otherwise the annotator is asked, again and again, until the answers are saved, written
    to a rescue file, or the annotator keeps the window open (False).
    """
    work = state.work
    while work is not None and work.unsaved_count:
        if state.retry_saving():
            return True
        choice = store_dialogs.ask_unsaved(parent, work)
        if choice == store_dialogs.RETRY:
            continue
        if choice != store_dialogs.RESCUE:
            return False
        try:
            written = state.write_rescue_file()
        except OSError as error:
            dialogs.show_error(parent, QCoreApplication.translate(
                "UnsavedAnswers", "Cannot write the rescue file"), error)
            return False
        if written is not None:
            tell(QCoreApplication.translate(
                "UnsavedAnswers", "Unsaved answers written to {path}").format(path=written))
        return True
    return True


def read_rescued_rows(rescue_files: list[Path]) -> list[ResponseRow]:
    """The answers of an earlier run's rescue files (worker thread); an unreadable one is
    left where it is, to be offered again."""
    rows: list[ResponseRow] = []
    if not rescue_files:
        return rows
    # Imported only for a file to read: the reader's numpy need not load with every corpus.
    from lexsub_studio.core.io.formats.responses import read_responses

    for rescue_file in rescue_files:
        try:
            rows.extend(read_responses(rescue_file).rows)
        except (InputError, OSError):
            continue
    return rows


def restore_rescued(parent: QWidget, session: Session, rows: list[ResponseRow],
                    undo_stack: QUndoStack, tell: Callable[[str], None]) -> None:
    """Offer the rescued answers back; taken, they go into the store as one undoable change."""
    if not session.rescue_files:
        return
    work = session.work
    plan = work.plan_import(rows)
    if not plan.rows or not store_dialogs.ask_restore_rescue(parent, session.rescue_files,
                                                             len(plan.rows)):
        return
    undo_stack.push(ImportAnswersCommand(
        work, plan.rows, QCoreApplication.translate("UnsavedAnswers", "a rescue file")))
    translate = QCoreApplication.translate
    if work.unsaved_count:
        tell(translate("UnsavedAnswers", "The rescued answers are back on screen but not saved "
                                         "yet; the rescue file is kept."))
        return
    for rescue_file in session.rescue_files:
        mark_restored(rescue_file)
    tell(translate("UnsavedAnswers", "{answers} from the rescue file are saved in the store "
                                     "again.").format(
        answers=store_dialogs.plural(len(plan.rows), "answer")))
