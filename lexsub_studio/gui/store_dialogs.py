"""The questions asked when a store fails: unsaved answers at closing, a damaged store at
opening, rescue files to take back. Each is a function returning the choice, so tests can
monkeypatch it (exec() would block)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
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
    if count == 1:
        return f"{count} {noun}"
    return QCoreApplication.translate("StoreDialogs", "{count} {noun}s").format(count=count,
                                                                               noun=noun)


def problem_sentence(error: StoreError) -> str:
    """The fault as one sentence that starts with a capital and names the store."""
    message = error.diagnostic.message
    return QCoreApplication.translate("StoreDialogs", "{message}. The store is {path}.").format(
        message=message[:1].upper() + message[1:], path=error.path)


def unsaved_text(work: AnnotationWork) -> str:
    problem = problem_sentence(work.save_problem) if work.save_problem is not None else ""
    where = (rescue_folder(work.store.path) if work.store is not None
             else QCoreApplication.translate("StoreDialogs", "your data folder"))
    if work.store is not None and work.store.lost:
        return QCoreApplication.translate(
            "StoreDialogs",
            "{answers} could not be saved. {problem}\n\nWrite them to a rescue file in "
            "{where}: it is offered back the next time you open this corpus, into a new "
            "store.").format(answers=plural(work.unsaved_count, "answer"), problem=problem,
                             where=where)
    return QCoreApplication.translate(
        "StoreDialogs",
        "{answers} could not be saved yet. {problem}\n\nTry again (after closing the other "
        "program, freeing some disk space or fixing the permissions), or write them to a rescue "
        "file in {where}: it is offered back the next time you open this corpus.").format(
        answers=plural(work.unsaved_count, "answer"), problem=problem, where=where)


def ask_unsaved(parent: QWidget | None, work: AnnotationWork) -> str:
    """Closing with unsaved answers: RETRY, RESCUE (write a rescue file, then close) or CANCEL."""
    title = QCoreApplication.translate("StoreDialogs", "Answers not saved")
    box = QMessageBox(QMessageBox.Icon.Warning, title, unsaved_text(work),
                      QMessageBox.StandardButton.NoButton, parent)
    named(box, "unsavedAnswersBox", title)
    retry = named(box.addButton(QCoreApplication.translate("StoreDialogs", "Try again"),
                                QMessageBox.ButtonRole.ActionRole),
                  "unsavedRetryButton",
                  QCoreApplication.translate("StoreDialogs", "Try saving again"))
    rescue = named(box.addButton(QCoreApplication.translate("StoreDialogs",
                                                            "Write a rescue file and close"),
                                 QMessageBox.ButtonRole.AcceptRole),
                   "unsavedRescueButton",
                   QCoreApplication.translate("StoreDialogs",
                                              "Write the answers to a rescue file and close"))
    keep_open = QCoreApplication.translate("StoreDialogs", "Keep the window open")
    cancel = named(box.addButton(keep_open, QMessageBox.ButtonRole.RejectRole),
                   "unsavedCancelButton", keep_open)
    lost = work.store is not None and work.store.lost
    # A lost store is never written again: trying is pointless, the rescue file is the way.
    retry.setVisible(not lost)
    box.setDefaultButton(rescue if lost else retry)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    return RETRY if clicked is retry else RESCUE if clicked is rescue else CANCEL


def repair_text(error: StoreError, backup: Path | None) -> str:
    made = backup_time(backup) if backup is not None else None
    if backup is None:
        choices = QCoreApplication.translate("StoreDialogs", "No good backup of it exists.")
    else:
        when = made.astimezone().strftime("%Y-%m-%d %H:%M") if made else backup.name
        choices = QCoreApplication.translate(
            "StoreDialogs", "The newest good backup was made {when}.").format(when=when)
    if error.fault is StoreFault.EMPTY:
        salvage = QCoreApplication.translate("StoreDialogs", "start a new, empty store")
    else:
        salvage = QCoreApplication.translate(
            "StoreDialogs", "salvage every answer that can still be read into a new store")
    restore = (QCoreApplication.translate("StoreDialogs", "restore that backup, or ")
               if backup is not None else "")
    return QCoreApplication.translate(
        "StoreDialogs",
        "{problem}\n\nNothing was written to it. {choices} You can {restore}{salvage}; either "
        "way the file is first moved to {damaged_folder}, so nothing is deleted.").format(
        problem=problem_sentence(error), choices=choices, restore=restore, salvage=salvage,
        damaged_folder=damaged_dir())


def offer_repair(parent: QWidget | None, error: StoreError, backup: Path | None) -> str:
    """A damaged or empty store: RESTORE the newest good backup, SALVAGE, or CANCEL."""
    box = QMessageBox(QMessageBox.Icon.Warning,
                      QCoreApplication.translate("StoreDialogs", "The store is damaged"),
                      repair_text(error, backup), QMessageBox.StandardButton.NoButton, parent)
    named(box, "repairStoreBox", QCoreApplication.translate("StoreDialogs", "Damaged store"))
    restore = None
    if backup is not None:
        restore = named(box.addButton(QCoreApplication.translate("StoreDialogs",
                                                                 "Restore the backup"),
                                      QMessageBox.ButtonRole.AcceptRole),
                        "restoreBackupButton",
                        QCoreApplication.translate("StoreDialogs",
                                                   "Restore the newest good backup"))
    if error.fault is StoreFault.EMPTY:
        salvage_text = QCoreApplication.translate("StoreDialogs", "Start a new store")
    else:
        salvage_text = QCoreApplication.translate("StoreDialogs", "Salvage what can be read")
    salvage = named(box.addButton(salvage_text, QMessageBox.ButtonRole.ActionRole),
                    "salvageStoreButton", salvage_text)
    cancel = named(box.addButton(QCoreApplication.translate("StoreDialogs", "Cancel"),
                                 QMessageBox.ButtonRole.RejectRole),
                   "repairCancelButton",
                   QCoreApplication.translate("StoreDialogs", "Leave the store as it is"))
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
    title = QCoreApplication.translate("StoreDialogs", "Answers waiting in a rescue file")
    if len(files) == 1:
        text = QCoreApplication.translate(
            "StoreDialogs", "{answers} could not be saved last time and were written to a rescue "
            "file:\n{files}\n\nPut them back now? (One change: Ctrl+Z undoes it.)")
    else:
        text = QCoreApplication.translate(
            "StoreDialogs", "{answers} could not be saved last time and were written to rescue "
            "files:\n{files}\n\nPut them back now? (One change: Ctrl+Z undoes it.)")
    box = QMessageBox(QMessageBox.Icon.Question, title,
                      text.format(answers=plural(answers, "answer"), files=listed),
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    named(box, "restoreRescueBox", title)
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    return box.exec() == QMessageBox.StandardButton.Yes
