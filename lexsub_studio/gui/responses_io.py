"""File › Export responses and File › Import responses: the annotator's exchange file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from lexsub_studio.core.annotation.work import ImportPlan
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.runtime.settings_paths import slug
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.annotate.commands import ImportAnswersCommand
from lexsub_studio.gui.app_state import Session

RESPONSES_FILTER = "Responses files (*.tsv *.txt);;All files (*)"
MAX_LISTED_PROBLEMS = 20


def export_responses(parent: QWidget, session: Session, start_dir: Path) -> Path | None:
    """Ask where, then write the responses file atomically; the path written, or None."""
    from lexsub_studio.core.io.formats.responses import write_responses

    work = session.work
    default = start_dir / f"{slug(work.annotator)}-{slug(session.source.title)}.tsv"
    path, _ = QFileDialog.getSaveFileName(parent, "Export responses", str(default),
                                          RESPONSES_FILTER)
    if not path:
        return None
    rows = work.export_rows()
    try:
        write_responses(rows, path)
    except (OSError, ValueError) as error:
        dialogs.show_error(parent, "Cannot export", error)
        return None
    return Path(path)


def import_responses(parent: QWidget, session: Session, undo_stack: QUndoStack,
                     start_dir: Path) -> tuple[Path, ImportPlan] | None:
    """Ask for a responses file and apply this annotator's rows as one undoable change."""
    from lexsub_studio.core.io.formats.responses import read_responses

    path, _ = QFileDialog.getOpenFileName(parent, "Import responses", str(start_dir),
                                          RESPONSES_FILTER)
    if not path:
        return None
    try:
        result = read_responses(path)
    except (InputError, OSError) as error:
        dialogs.show_error(parent, "Cannot import", error)
        return None
    work = session.work
    plan = work.plan_import(result.rows)
    others = sorted({row.annotator for row in result.rows} - {work.annotator})
    if not plan.rows and len(others) == 1 and dialogs.confirm(
            parent, "Import responses",
            f"The file holds answers by {others[0]!r}, not by {work.annotator!r}. "
            "Import them as your answers?"):
        plan = work.plan_import(result.rows, annotator=others[0])
    if plan.rows:
        undo_stack.push(ImportAnswersCommand(work, plan.rows, Path(path).name))
    text = describe_import(plan)
    if len(result.diagnostics):
        listed = [str(d) for d in list(result.diagnostics)[:MAX_LISTED_PROBLEMS]]
        text += f"\n\nThe file has {len(result.diagnostics)} problem(s):\n" + "\n".join(listed)
    QMessageBox.information(parent, "Import responses", text)
    return Path(path), plan


def describe_import(plan: ImportPlan) -> str:
    skipped = []
    if plan.other_annotator:
        skipped.append(f"{plan.other_annotator} by other annotators")
    if plan.unknown_instance:
        skipped.append(f"{plan.unknown_instance} for instances not in this corpus")
    if plan.blank:
        skipped.append(f"{plan.blank} blank")
    text = f"Imported {len(plan.rows)} answers ({plan.replaced} replaced earlier answers)."
    if skipped:
        text += " Skipped: " + "; ".join(skipped) + "."
    return text
