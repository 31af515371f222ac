"""File › Hand in / export responses and File › Import responses, for the window: the open
session's answers written to or read from a responses file in the background (gui/responses_io),
the folder remembered, the outcome told in the status bar. An import's progress row (with
Cancel) sits in the status bar."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QStatusBar, QWidget

from lexsub_studio.core.annotation.work import ImportPlan
from lexsub_studio.gui import responses_io, settings
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.busy import BusyIndicator
from lexsub_studio.gui.tasks import Task


class ResponsesFiles(QObject):
    #: A sentence for the status bar.
    message = Signal(str)

    def __init__(self, window: QWidget, state: AppState, store: QSettings, bar: QStatusBar,
                 flush_workspaces: Callable[[], None]) -> None:
        super().__init__(window)
        self._window = window
        self._state = state
        self._store = store
        self._flush_workspaces = flush_workspaces
        # An import reads in the background: its progress row offers Cancel.
        self.import_busy = BusyIndicator("responsesImport", self.tr("importing responses"), bar)
        self.import_busy.cancel_button.clicked.connect(lambda: self.message.emit(
            self.tr("Import cancelled; your answers are unchanged.")))
        bar.addPermanentWidget(self.import_busy)

    def export(self) -> Task | None:
        """Ask where and write the responses file in the background (the running task)."""
        session = self._state.session
        if session is None:
            return None
        self._flush_workspaces()
        return responses_io.export_responses(self._window, session, self.last_directory(),
                                             self._exported, self.message.emit)

    def _exported(self, path: Path, count: int) -> None:
        self._store.setValue(settings.LAST_DIRECTORY, str(path.parent))
        self.message.emit(self.tr("Exported {count} answers to {path}").format(
            count=count, path=path))

    def import_(self) -> Task | None:
        """Ask for a responses file, read it in the background and apply its rows."""
        session = self._state.session
        if session is None:
            return None
        self._flush_workspaces()
        self.import_busy.cancel()
        return responses_io.import_responses(self._window, session, self._state.undo_stack,
                                             self.last_directory(), self._imported,
                                             self.message.emit, self.import_busy.watch)

    def _imported(self, path: Path, plan: ImportPlan) -> None:
        self._store.setValue(settings.LAST_DIRECTORY, str(path.parent))
        self.message.emit(responses_io.describe_import(plan))

    def last_directory(self) -> Path:
        # Never the demo's folder, installed with the app: it is not where files are saved.
        return settings.start_directory(self._store)
