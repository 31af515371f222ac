"""A damaged or empty store found at opening: the annotator chooses between the newest good
backup and salvaging what can be read. Checking the backups, copying one back and salvaging all
read whole files of unknown size, so each runs in the background; the dialog between them is
the only step on the GUI thread."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from lexsub_studio.core.annotation.store_backups import newest_good_backup, restore_backup, salvage
from lexsub_studio.core.annotation.store_faults import StoreError
from lexsub_studio.gui import dialogs, store_dialogs
from lexsub_studio.gui.tasks import Task, run_in_background


def _restored(store: Path, backup: Path) -> str:
    aside = restore_backup(store, backup)
    return QCoreApplication.translate(
        "StoreRepair", "Restored the newest good backup; the damaged store is kept at "
                       "{aside}.").format(aside=aside)


def _salvaged(store: Path) -> str:
    result = salvage(store)
    return QCoreApplication.translate(
        "StoreRepair", "Salvaged {answers} into a new store; the damaged one is kept at "
                 "{aside}.").format(answers=store_dialogs.plural(result.answers, "answer"),
                                    aside=result.set_aside)


def repair_store(parent: QWidget, error: StoreError, told: Callable[[str], None],
                 repaired: Callable[[str], None], follow: Callable[[Task, str], None],
                 idle: Callable[[], None]) -> None:
    """Look for a good backup, offer the repair, run the chosen one; ``told`` gets the repair
    box's text (what the annotator reads about the store), ``repaired`` the sentence saying
    what was done; ``follow`` shows each background task with what it does (a busy bar), which
    ``idle`` hides while the annotator is asked."""
    translate = QCoreApplication.translate

    def show_failure(failure: BaseException) -> None:
        dialogs.show_error(parent, translate("StoreRepair", "Cannot repair the store"), failure)

    def offer(backup: Path | None) -> None:
        told(store_dialogs.repair_text(error, backup))
        idle()
        choice = store_dialogs.offer_repair(parent, error, backup)
        if choice == store_dialogs.RESTORE and backup is not None:
            task = run_in_background(lambda token, report: _restored(error.path, backup))
            follow(task, translate("StoreRepair", "Restoring the backup…"))
        elif choice == store_dialogs.SALVAGE:
            task = run_in_background(lambda token, report: _salvaged(error.path))
            follow(task, translate("StoreRepair", "Salvaging the store…"))
        else:
            return
        task.result.connect(repaired)
        task.error.connect(show_failure)

    checking = run_in_background(lambda token, report: newest_good_backup(error.path))
    follow(checking, translate("StoreRepair", "Looking for a good backup of the store…"))
    checking.result.connect(offer)
    checking.error.connect(show_failure)
