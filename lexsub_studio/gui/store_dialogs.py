"""The questions asked when a store fails: unsaved answers at closing, a damaged store at
opening, rescue files to take back. Each is a function returning the choice, so tests can
monkeypatch it (exec() would block)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from lexsub_studio.core.annotation.rescue import rescue_folder
from lexsub_studio.core.annotation.store_backups import backup_time
from lexsub_studio.core.annotation.store_faults import StoreError, StoreFault
from lexsub_studio.core.annotation.work import AnnotationWork
from lexsub_studio.core.runtime.settings_paths import damaged_dir
from lexsub_studio.gui.widgets import named

RETRY = "retry"
RESCUE = "rescue"
CANCEL = "cancel"
RESTORE = "restore"
SALVAGE = "salvage"


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def problem_sentence(error: StoreError) -> str:
    """The fault as one sentence that starts with a capital and names the store."""
    message = error.diagnostic.message
    return f"{message[:1].upper()}{message[1:]}. The store is {error.path}."


def unsaved_text(work: AnnotationWork) -> str:
    problem = problem_sentence(work.save_problem) if work.save_problem is not None else ""
    where = rescue_folder(work.store.path) if work.store is not None else "your data folder"
    return (f"{plural(work.unsaved_count, 'answer')} could not be saved yet. {problem}\n\n"
            "Try again (after closing the other program, freeing some disk space or fixing "
            "the permissions), or write them to a rescue file in "
            f"{where}: it is offered back the next time you open this corpus.")


def ask_unsaved(parent: QWidget | None, work: AnnotationWork) -> str:
    """Closing with unsaved answers: RETRY, RESCUE (write a rescue file, then close) or CANCEL."""
    box = QMessageBox(QMessageBox.Icon.Warning, "Answers not saved", unsaved_text(work),
                      QMessageBox.StandardButton.NoButton, parent)
    named(box, "unsavedAnswersBox", "Answers not saved")
    retry = named(box.addButton("Try again", QMessageBox.ButtonRole.ActionRole),
                  "unsavedRetryButton", "Try saving again")
    rescue = named(box.addButton("Write a rescue file and close",
                                 QMessageBox.ButtonRole.AcceptRole),
                   "unsavedRescueButton", "Write the answers to a rescue file and close")
    cancel = named(box.addButton("Keep the window open", QMessageBox.ButtonRole.RejectRole),
                   "unsavedCancelButton", "Keep the window open")
    box.setDefaultButton(retry)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    return RETRY if clicked is retry else RESCUE if clicked is rescue else CANCEL


def repair_text(error: StoreError, backup: Path | None) -> str:
    made = backup_time(backup) if backup is not None else None
    if backup is None:
        choices = "No good backup of it exists."
    else:
        when = made.astimezone().strftime("%Y-%m-%d %H:%M") if made else backup.name
        choices = f"The newest good backup was made {when}."
    salvage = ("start a new, empty store" if error.fault is StoreFault.EMPTY
               else "salvage every answer that can still be read into a new store")
    restore = "restore that backup, or " if backup is not None else ""
    return (f"{problem_sentence(error)}\n\nNothing was written to it. {choices} You can "
            f"{restore}{salvage}; either way the file is first moved to {damaged_dir()}, "
            "so nothing is deleted.")


def offer_repair(parent: QWidget | None, error: StoreError, backup: Path | None) -> str:
    """A damaged or empty store: RESTORE the newest good backup, SALVAGE, or CANCEL."""
    box = QMessageBox(QMessageBox.Icon.Warning, "The store is damaged", repair_text(error, backup),
                      QMessageBox.StandardButton.NoButton, parent)
    named(box, "repairStoreBox", "Damaged store")
    restore = None
    if backup is not None:
        restore = named(box.addButton("Restore the backup", QMessageBox.ButtonRole.AcceptRole),
                        "restoreBackupButton", "Restore the newest good backup")
    salvage_text = ("Start a new store" if error.fault is StoreFault.EMPTY
                    else "Salvage what can be read")
    salvage = named(box.addButton(salvage_text, QMessageBox.ButtonRole.ActionRole),
                    "salvageStoreButton", salvage_text)
    cancel = named(box.addButton("Cancel", QMessageBox.ButtonRole.RejectRole),
                   "repairCancelButton", "Leave the store as it is")
    box.setDefaultButton(restore or salvage)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    if restore is not None and clicked is restore:
        return RESTORE
    return SALVAGE if clicked is salvage else CANCEL


def ask_restore_rescue(parent: QWidget | None, files: list[Path], answers: int) -> bool:
    """Rescue files from an earlier run: take their answers back into the store?"""
    listed = "\n".join(str(path) for path in files)
    box = QMessageBox(
        QMessageBox.Icon.Question, "Answers waiting in a rescue file",
        f"{plural(answers, 'answer')} could not be saved last time and were written to "
        f"{'a rescue file' if len(files) == 1 else 'rescue files'}:\n{listed}\n\n"
        "Put them back now? (One change: Ctrl+Z undoes it.)",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    named(box, "restoreRescueBox", "Answers waiting in a rescue file")
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    return box.exec() == QMessageBox.StandardButton.Yes
