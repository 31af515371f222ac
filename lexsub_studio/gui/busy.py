"""A progress row (busy bar, message, Cancel) that follows one background Task at a time."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from lexsub_studio.gui.tasks import Task
from lexsub_studio.gui.widgets import named


class BusyIndicator(QWidget):
    """Shown while its task runs; ``prefix`` names the parts (``{prefix}Progress``,
    ``{prefix}Message``, ``cancel{Prefix}Button``) and ``what`` describes the work (translated
    by the caller: "computing the statistics")."""

    def __init__(self, prefix: str, what: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.task: Task | None = None
        self.bar = named(QProgressBar(self), f"{prefix}Progress",
                         self.tr("{what} progress").format(what=what.capitalize()))
        self.bar.setRange(0, 0)
        self.bar.setMaximumWidth(140)
        self.message = named(QLabel(self), f"{prefix}Message",
                             self.tr("{what} status").format(what=what.capitalize()))
        self.cancel_button = named(QPushButton(self.tr("Cancel"), self),
                                   f"cancel{prefix[0].upper()}{prefix[1:]}Button",
                                   self.tr("Cancel {what}").format(what=what))
        self.cancel_button.clicked.connect(self.cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.bar)
        layout.addWidget(self.message, 1)
        layout.addWidget(self.cancel_button)
        self.setVisible(False)

    def watch(self, task: Task, text: str) -> None:
        """Follow ``task`` (forgetting any earlier one, which should be cancelled)."""
        self.task = task
        self.message.setText(text)
        self.setVisible(True)
        task.progress.connect(lambda message, t=task: self._progress(t, message))
        task.finished.connect(lambda t=task: self._finished(t))

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.is_finished

    def cancel(self) -> None:
        if self.task is not None and not self.task.is_finished:
            self.task.cancel()
        self.task = None
        self.setVisible(False)

    def _progress(self, task: Task, message: str) -> None:
        if task is self.task:
            self.message.setText(message)

    def _finished(self, task: Task) -> None:
        if task is self.task:
            self.task = None
            self.setVisible(False)
