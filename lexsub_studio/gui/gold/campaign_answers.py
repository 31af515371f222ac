"""The campaign window's answers: *Export answers…* and *Open in Gold & Agreement*.

Both read the campaign's answers from the server and write one responses file per annotator
(core/annotation/campaign/export.py) in the background; the window says how far it is and, when
done, which file holds whom. *Export answers…* writes into a folder the organiser chooses (a
folder holding files already is used only after asking, replacing the files of the same names).
*Open in Gold & Agreement* writes into a folder of the app's own for this server and campaign
(``workspace_folder``, named in the message) and adds its files to the Gold & Agreement
workspace as responses files, as *Add responses files…* does: opening again re-reads them, so
the pooled answers, agreement and adjudication follow the server.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from lexsub_studio.core.annotation.campaign.export import (
    ExportResult,
    export_campaign,
    workspace_folder,
)
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.dialogs import error_text
from lexsub_studio.gui.gold.sources_panel import SourcesPanel
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named

#: (URL, campaign, password or None), or None when the window does not name a campaign yet.
Connection = tuple[str, str, str | None]


class GoldInputs(Protocol):
    """What of the Gold & Agreement workspace ``show_in_gold`` uses."""

    sources: SourcesPanel

    def add_files(self, paths: list[str]) -> int: ...

    def schedule_analysis(self, suggest: bool = False) -> None: ...


class CampaignAnswers(QWidget):
    """Two buttons and a message line, under the campaign window's tables."""

    #: An export finished (its ExportResult); tests and automation wait on it.
    exported = Signal(object)

    def __init__(self, connection: Callable[[], Connection | None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.connection = connection
        #: The Gold & Agreement workspace the exported files go to (its window sets it).
        self.gold: GoldInputs | None = None
        self.task: Task | None = None
        self.export_button = named(QPushButton(self.tr("Export answers…"), self),
                                   "campaignExportButton", self.tr("Export answers"),
                                   self.tr("Write one responses file per annotator into a "
                                           "folder, for lexsub gold, lexsub agree or sharing"))
        self.gold_button = named(QPushButton(self.tr("Open in Gold && Agreement"), self),
                                 "campaignOpenInGoldButton",
                                 self.tr("Open in Gold and Agreement"),
                                 self.tr("Add the campaign's answers to the Gold & Agreement "
                                         "workspace as responses files, to adjudicate and "
                                         "export the gold"))
        self.message = named(QLabel(self), "campaignExportMessage", self.tr("Export message"))
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QHBoxLayout()
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.gold_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        self.export_button.clicked.connect(self.choose_and_export)
        self.gold_button.clicked.connect(self.open_in_gold)

    # -- the two actions -------------------------------------------------------------------------

    def choose_and_export(self) -> Task | None:
        connection = self._connection()
        if connection is None:
            return None
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Folder for the campaign's responses files"))
        if not folder:
            return None
        held = [entry.name for entry in Path(folder).iterdir()] if Path(folder).is_dir() else []
        if held and not dialogs.confirm(
                self, self.tr("Export answers"),
                self.tr("{folder} holds {count} file(s) already. Write the responses files "
                        "there, replacing those of the same names? Other files are left as "
                        "they are.").format(folder=folder, count=len(held))):
            return None
        return self.export_to(folder, replace=bool(held))

    def export_to(self, folder: str | Path, *, replace: bool = False) -> Task | None:
        """Export into ``folder`` in the background; the message names the files when done."""
        connection = self._connection()
        if connection is None:
            return None
        return self._start(connection, Path(folder), replace, prune=False, then_open=False)

    def open_in_gold(self) -> Task | None:
        """Export into the app's folder for this campaign and add the files to the workspace."""
        connection = self._connection()
        if connection is None:
            return None
        url, campaign, _ = connection
        try:
            folder = workspace_folder(url, campaign)
        except Exception as error:  # the studio home cannot be used: said in the message
            self.message.setText(error_text(error))
            return None
        return self._start(connection, folder, True, prune=True, then_open=True)

    # -- the background work ---------------------------------------------------------------------

    def _connection(self) -> Connection | None:
        connection = self.connection()
        if connection is None:
            self.message.setText(self.tr("Give the server's URL and the campaign's name first."))
        elif self.task is not None:
            self.message.setText(self.tr("An export is under way; wait for it to finish."))
            return None
        return connection

    def _start(self, connection: Connection, folder: Path, replace: bool, *, prune: bool,
               then_open: bool) -> Task:
        url, campaign, password = connection
        self.message.setText(self.tr("Reading the answers of {campaign}…").format(
            campaign=campaign))
        self._set_busy(True)
        reading = self.tr("Writing file {done} of {total}…")

        def job(_token: object, report: Callable[[str], None]) -> ExportResult:
            def progress(done: int, total: int) -> None:
                report(reading.format(done=done, total=total))

            return export_campaign(url, campaign, folder, password=password, replace=replace,
                                   prune=prune, progress=progress)

        task = run_in_background(job)
        self.task = task
        task.progress.connect(self.message.setText)
        task.result.connect(lambda result: self._done(result, then_open))
        task.error.connect(self._failed)
        task.finished.connect(self._finished)
        return task

    def _set_busy(self, busy: bool) -> None:
        self.export_button.setEnabled(not busy)
        self.gold_button.setEnabled(not busy)

    def _finished(self) -> None:
        self.task = None
        self._set_busy(False)

    def _failed(self, error: object) -> None:
        self.message.setText(self.tr("The answers were not exported: {reason}").format(
            reason=error_text(error) if isinstance(error, BaseException) else str(error)))

    def _done(self, result: ExportResult, then_open: bool) -> None:
        if not result.files:
            self.message.setText(self.tr("The campaign has no answers yet: no file written."))
            self.exported.emit(result)
            return
        text = result.summary()
        if then_open and self.gold is not None:
            added = show_in_gold(self.gold, result)
            text = self.tr("Opened in Gold & Agreement ({count} file(s) added, the others "
                           "read again): ").format(count=added) + text
        self.message.setText(text)
        self.message.setToolTip(str(result.folder))
        self.exported.emit(result)


def show_in_gold(workspace: GoldInputs, result: ExportResult) -> int:
    """Add the export's files to the Gold & Agreement workspace: new files are added, those
    listed already are read again, and files of the same folder no longer exported leave the
    list. Returns how many were added."""
    paths = [str(item.path.resolve()) for item in result.files]
    folder = result.folder.resolve()
    files_list = workspace.sources.files_list
    listed = set(workspace.sources.paths())
    gone = []
    for row in range(files_list.count() - 1, -1, -1):
        path = files_list.item(row).data(Qt.ItemDataRole.UserRole)
        if Path(path).parent == folder and path not in paths:
            files_list.takeItem(row)
            gone.append(path)
    again = [path for path in paths if path in listed]
    if gone or again:
        workspace.sources.sources_stale.emit(gone + again)
    added = workspace.add_files([path for path in paths if path not in listed])
    if not added:
        workspace.schedule_analysis(True)
    return added
