"""File › Export responses and File › Import responses: the annotator's exchange file.

The dialogs and the answers store stay on the GUI thread (the store's SQLite connection belongs
to it): an export takes its rows there, then writes the file with ``run_in_background``; an
import reads and checks the file in the background, then plans and applies the rows there as
one undoable change. Each call returns the running Task (None when the dialog was cancelled);
the caller hears the outcome through its callback, and the progress through ``progress``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from lexsub_studio.core.annotation.work import ImportPlan
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.runtime.settings_paths import slug
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.annotate.commands import ImportAnswersCommand
from lexsub_studio.gui.app_state import Session
from lexsub_studio.gui.tasks import Task, run_in_background

MAX_LISTED_PROBLEMS = 20
translate = QCoreApplication.translate


def _responses_filter() -> str:
    return translate("Responses", "Responses files (*.tsv *.txt);;All files (*)")


class _Transfer(QObject):
    """One export or import in flight. A child of the window, so that its slots (bound
    methods) are dropped with the window and a late result never reaches a deleted widget."""

    def __init__(self, parent: QWidget, task: Task, title: str,
                 done: Callable[[object], None],
                 progress: Callable[[str], None] | None) -> None:
        super().__init__(parent)
        self._parent = parent
        self._title = title
        self._done = done
        self._progress = progress
        task.result.connect(self._on_result)
        task.error.connect(self._on_error)
        task.progress.connect(self._on_progress)
        task.finished.connect(self.deleteLater)

    def _on_result(self, value: object) -> None:
        self._done(value)

    def _on_error(self, error: object) -> None:
        exception = error if isinstance(error, BaseException) else RuntimeError(str(error))
        dialogs.show_error(self._parent, self._title, exception)

    def _on_progress(self, text: str) -> None:
        if self._progress is not None:
            self._progress(text)


def export_responses(parent: QWidget, session: Session, start_dir: Path,
                     written: Callable[[Path, int], None],
                     progress: Callable[[str], None] | None = None) -> Task | None:
    """Ask where, then write the responses file atomically in the background; ``written``
    gets the path and the number of answers once the file is there."""
    from lexsub_studio.core.io.formats.responses import write_responses

    work = session.work
    default = start_dir / f"{slug(work.annotator)}-{slug(session.source.title)}.tsv"
    path, _ = QFileDialog.getSaveFileName(parent, translate("Responses", "Export responses"),
                                          str(default), _responses_filter())
    if not path:
        return None
    rows = work.export_rows()
    step = translate("Responses", "Writing {count} answers to {path}…").format(
        count=len(rows), path=path)

    def job(_token, report: Callable[[str], None]) -> Path:
        report(step)
        write_responses(rows, path)
        return Path(path)

    task = run_in_background(job)
    _Transfer(parent, task, translate("Responses", "Cannot export"),
              lambda value: written(Path(str(value)), len(rows)), progress)
    return task


def import_responses(parent: QWidget, session: Session, undo_stack: QUndoStack,
                     start_dir: Path, imported: Callable[[Path, ImportPlan], None],
                     progress: Callable[[str], None] | None = None,
                     watch: Callable[[Task, str], None] | None = None) -> Task | None:
    """Ask for a responses file, read it in the background, then apply this annotator's rows
    as one undoable change; ``imported`` gets the path and what was imported. ``watch`` gets
    the task to show it with a Cancel: a task cancelled while the file is read never delivers
    its rows, so the store is left as it was."""
    from lexsub_studio.core.io.formats.responses import read_responses

    path, _ = QFileDialog.getOpenFileName(parent, translate("Responses", "Import responses"),
                                          str(start_dir), _responses_filter())
    if not path:
        return None
    step = translate("Responses", "Reading {path}…").format(path=path)

    def job(_token, report: Callable[[str], None]):
        report(step)
        return read_responses(path)

    def apply(result) -> None:
        plan = _apply_rows(parent, session, undo_stack, Path(path), result.rows)
        text = describe_import(plan)
        if len(result.diagnostics):
            listed = [str(d) for d in list(result.diagnostics)[:MAX_LISTED_PROBLEMS]]
            text += "\n\n" + translate("Responses", "The file has {count} problem(s):").format(
                count=len(result.diagnostics)) + "\n" + "\n".join(listed)
        QMessageBox.information(parent, translate("Responses", "Import responses"), text)
        imported(Path(path), plan)

    task = run_in_background(job)
    _Transfer(parent, task, translate("Responses", "Cannot import"), apply, progress)
    if watch is not None:
        watch(task, step)
    return task


def _apply_rows(parent: QWidget, session: Session, undo_stack: QUndoStack, path: Path,
                rows: list[ResponseRow]) -> ImportPlan:
    """This annotator's rows as one undoable change (another single annotator's, if the
    person says they are theirs)."""
    work = session.work
    plan = work.plan_import(rows)
    others = sorted({row.annotator for row in rows} - {work.annotator})
    if not plan.rows and len(others) == 1 and dialogs.confirm(
            parent, translate("Responses", "Import responses"),
            translate("Responses", "The file holds answers by {other!r}, not by {me!r}. "
                                   "Import them as your answers?").format(
                other=others[0], me=work.annotator)):
        plan = work.plan_import(rows, annotator=others[0])
    if plan.rows:
        undo_stack.push(ImportAnswersCommand(work, plan.rows, path.name))
    return plan


def describe_import(plan: ImportPlan) -> str:
    skipped = []
    if plan.other_annotator:
        skipped.append(translate("Responses", "{count} by other annotators").format(
            count=plan.other_annotator))
    if plan.unknown_instance:
        skipped.append(translate("Responses", "{count} for instances not in this corpus").format(
            count=plan.unknown_instance))
    if plan.blank:
        skipped.append(translate("Responses", "{count} blank").format(count=plan.blank))
    text = translate("Responses", "Imported {count} answers ({replaced} replaced earlier "
                                  "answers).").format(count=len(plan.rows),
                                                      replaced=plan.replaced)
    if skipped:
        text += " " + translate("Responses", "Skipped: {what}.").format(what="; ".join(skipped))
    return text
