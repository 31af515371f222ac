"""Answers the store could not take, as the Annotate workspace handles them: shown at once (the
bar above the fields, the count in the status bar), tried again on request, or copied to a
rescue file while they keep being tried."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from lexsub_studio.gui.annotate.save_bar import UnsavedBar
from lexsub_studio.gui.annotate.status_widgets import AnnotateStatusWidgets
from lexsub_studio.gui.app_state import AppState


class UnsavedAnswers(QObject):
    #: A sentence for the status bar: what the retry or the rescue file did.
    message = Signal(str)

    def __init__(self, state: AppState, bar: UnsavedBar, status: AnnotateStatusWidgets,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._bar = bar
        self._status = status
        bar.retry_requested.connect(self.retry_saving)
        bar.rescue_requested.connect(self.write_rescue_file)
        state.save_state_changed.connect(self.show_state)

    def retry_saving(self) -> None:
        if self._state.retry_saving():
            self.message.emit(self.tr("Every answer is saved now."))
        else:
            self.message.emit(self.tr("Still not saved; tried again every few seconds."))

    def write_rescue_file(self) -> None:
        try:
            written = self._state.write_rescue_file(stop_retrying=False)
        except OSError as error:
            self.message.emit(self.tr("The rescue file could not be written either: "
                                      "{reason}.").format(
                reason=error.strerror or self.tr("the disk refused it")))
            return
        if written is not None:
            self.message.emit(self.tr("A copy of the unsaved answers is in {path}; they are "
                                      "still tried again.").format(path=written))

    def show_state(self) -> None:
        work = self._state.work
        self._bar.show_state(work, self._state.lost_store_rescue)
        self._status.show_unsaved(0 if work is None else work.unsaved_count)
