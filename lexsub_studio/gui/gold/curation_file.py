"""The adjudication file the curation view keeps its decisions in: read off the GUI thread under
the busy row (``open_file``), written after each decision in order (``save``, through
``adjudication_saver.py``), saved elsewhere on request (``save_as``), all written before the
window closes (``flush``). The decisions themselves stay the panel's: ``loaded`` hands it those
to hold once a file is read, or those from before when it could not be."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from lexsub_studio.core.gold.adjudication import Adjudication, read_adjudication, write_adjudication
from lexsub_studio.core.gold.normalise import MergeMap
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.busy import BusyIndicator
from lexsub_studio.gui.gold.adjudication_saver import AdjudicationSaver
from lexsub_studio.gui.tasks import Task, run_in_background


def _has_merges(adjudication: Adjudication) -> bool:
    return adjudication.merge_map() != MergeMap({}, {})


class AdjudicationFile(QObject):
    #: (adjudication, merges_changed): the decisions to hold from now on.
    loaded = Signal(object, bool)
    #: True while the file is read (no decision can be taken), False once it is done.
    reading = Signal(bool)
    #: where the decisions are kept changed without a decision (a write failed).
    path_changed = Signal()
    status_message = Signal(str)

    def __init__(self, widget: QWidget, busy: BusyIndicator) -> None:
        super().__init__(widget)
        self._widget = widget
        self._busy = busy
        #: the adjudication file, saved after every step (None: not saved yet).
        self.path: Path | None = None
        self.saver = AdjudicationSaver(self)
        self.saver.failed.connect(self._save_failed)
        self._opening: Task | None = None
        #: what stays if the file being read cannot be.
        self._before: tuple[Adjudication, Path | None] = (Adjudication(), None)

    def open_file(self, path: Path, held: Adjudication) -> Task:
        """Read ``path`` (nothing to read: no decision yet); ``held`` are the decisions held
        until now, handed back if the file cannot be read."""
        if self._opening is not None:
            # A newer file wins; the state to go back to is still the one before the first.
            earlier = self._opening
            self._opening = None
            earlier.cancel()
        else:
            self._before = (held, self.path)
        self.path = path

        def job(_token: object, _report: object) -> Adjudication:
            return read_adjudication(path) if path.exists() else Adjudication()

        task = run_in_background(job)
        self._opening = task
        task.result.connect(lambda adjudication, t=task: self._opened(t, adjudication))
        task.error.connect(lambda error, t=task: self._open_failed(t, error))
        task.finished.connect(lambda t=task: self._open_stopped(t))
        self._busy.watch(task, self.tr("Reading the decisions in {path}…").format(path=path))
        self.reading.emit(True)
        return task

    def is_reading(self) -> bool:
        return self._opening is not None

    def _opened(self, task: Task, adjudication: Adjudication) -> None:
        if task is not self._opening:
            return
        self._opening = None
        self.reading.emit(False)
        merges = adjudication.merge_map()
        # A computation started while the file was read pooled without merges.
        self.loaded.emit(adjudication, merges != self._before[0].merge_map()
                         or _has_merges(adjudication))
        if len(adjudication):
            self.status_message.emit(self.tr("{count_adjudication} adjudication decision(s) "
                                             "restored from {path}").format(
                                         count_adjudication=len(adjudication), path=self.path))

    def _open_failed(self, task: Task, error: BaseException) -> None:
        if task is not self._opening:
            return
        self._go_back()
        dialogs.show_error(self._widget, self.tr("Cannot read the adjudication file"), error)

    def _open_stopped(self, task: Task) -> None:
        if task is self._opening:  # cancelled from the busy row
            self._go_back()

    def _go_back(self) -> None:
        self._opening = None
        held, self.path = self._before
        self.reading.emit(False)
        self.loaded.emit(held, _has_merges(held))

    def forget(self) -> None:
        """No file any more (a file being read is left unread)."""
        if self._opening is not None:
            reading = self._opening
            self._opening = None
            reading.cancel()
            self.reading.emit(False)
        self.path = None

    def save(self, adjudication: Adjudication) -> None:
        """Write the decisions in the background, after any write asked before."""
        if self.path is not None and self._opening is None:
            self.saver.save(adjudication, self.path)

    def save_as(self, adjudication: Adjudication, path: str | Path) -> bool:
        """Write the decisions to this file and keep them there from now on."""
        try:
            write_adjudication(adjudication, path)
        except OSError as error:
            dialogs.show_error(self._widget, self.tr("Cannot save the adjudication"), error)
            return False
        self.path = Path(path)
        self.status_message.emit(self.tr("Decisions saved in {path}").format(path=path))
        return True

    def flush(self) -> None:
        """Return once every decision asked to be saved is written."""
        self.saver.flush()

    def _save_failed(self, path: Path, error: BaseException) -> None:
        if path != self.path:
            return  # said already, or the decisions have moved to another file since
        # Said once: the decisions stay in the app until saved elsewhere.
        self.path = None
        self.path_changed.emit()
        dialogs.show_error(self._widget, self.tr("Cannot save the adjudication: use “Save "
                                                 "decisions as…”"), error)
