"""File › Hand in / export judgements: the annotator's ``# lexsub-judgements 1`` file.

The judgements are taken on the GUI thread (copied from memory, never read from the store, whose
connection belongs to that thread), then made into rows and written atomically in the
background; the returned Task tells how it ended (None when the dialog was
cancelled)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from lexsub_studio.core.annotation.judging_export import hand_in
from lexsub_studio.core.annotation.judging_work import JudgingWork
from lexsub_studio.core.runtime.settings_paths import slug
from lexsub_studio.gui import dialogs, settings
from lexsub_studio.gui.tasks import Task, run_in_background

translate = QCoreApplication.translate


def export_judgements(parent: QWidget, work: JudgingWork, title: str,
                      message: Callable[[str], None]) -> Task | None:
    store = settings.app_settings()
    start = Path(str(store.value(settings.LAST_DIRECTORY, str(Path.home()))))
    default = start / f"{slug(work.annotator)}-{slug(title)}.judgements.tsv"
    path, _ = QFileDialog.getSaveFileName(
        parent, translate("Judging", "Hand in / export judgements"), str(default),
        translate("Judging", "Judgements files (*.tsv *.txt);;All files (*)"))
    if not path:
        return None
    # The judgements as they are now; the rows are made and written off the GUI thread.
    rows = work.export_rows_later()
    task = run_in_background(lambda token, report: hand_in(rows(), path))

    def written(count: object) -> None:
        store.setValue(settings.LAST_DIRECTORY, str(Path(path).parent))
        message(translate("Judging", "Wrote {count} judgements to {path}: hand this file "
                                     "in.").format(count=count, path=path))

    def failed(error: object) -> None:
        exception = error if isinstance(error, BaseException) else RuntimeError(str(error))
        dialogs.show_error(parent, translate("Judging", "Cannot export the judgements"),
                           exception)

    task.result.connect(written)
    task.error.connect(failed)
    return task
