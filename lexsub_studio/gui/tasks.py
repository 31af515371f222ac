"""The one way to run work off the GUI thread.

``run_in_background(job)`` runs ``job(token, report)`` on the global QThreadPool. ``report(text)``
sends progress; ``token.cancelled`` tells a long job to stop early. The Task's ``result``,
``error``, ``progress`` and ``finished`` signals are always emitted on the GUI thread, because
the worker only emits private signals of the Task, which lives on the GUI thread (queued
connection). The job must not touch widgets. A cancelled task emits ``finished`` only.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from lexsub_studio.core.runtime.debug_log import logger

log = logger(__name__)


class CancelToken:
    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()


Job = Callable[[CancelToken, Callable[[str], None]], Any]


class Task(QObject):
    result = Signal(object)
    error = Signal(object)
    progress = Signal(str)
    finished = Signal()

    # Emitted by the worker thread; delivered to this object's slots on the GUI thread.
    _done = Signal(object)
    _failed = Signal(object)
    _reported = Signal(str)

    def __init__(self, job: Job, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.token = CancelToken()
        self._job = job
        #: The job's name in debug traces (its function's qualified name).
        self.name = getattr(job, "__qualname__", type(job).__name__)
        self.is_finished = False
        self._done.connect(self._on_done)
        self._failed.connect(self._on_failed)
        self._reported.connect(self._on_reported)

    def cancel(self) -> None:
        self.token.cancel()

    def _run(self) -> None:  # worker thread
        log.debug("task %s started", self.name)
        started = time.monotonic()
        try:
            value = self._job(self.token, self._reported.emit)
        except Exception as error:  # handed to the GUI thread, which shows it
            log.debug("task %s failed after %.3f s", self.name, time.monotonic() - started,
                      exc_info=True)
            self._failed.emit(error)
        else:
            log.debug("task %s %s after %.3f s", self.name,
                      "cancelled" if self.token.cancelled else "done",
                      time.monotonic() - started)
            self._done.emit(value)

    @Slot(object)
    def _on_done(self, value: object) -> None:
        if not self.token.cancelled:
            self.result.emit(value)
        self._finish()

    @Slot(object)
    def _on_failed(self, error: object) -> None:
        if not self.token.cancelled:
            self.error.emit(error)
        self._finish()

    @Slot(str)
    def _on_reported(self, text: str) -> None:
        if not self.token.cancelled:
            self.progress.emit(text)

    def _finish(self) -> None:
        self.is_finished = True
        _running.discard(self)
        self.finished.emit()


class _Runnable(QRunnable):
    def __init__(self, task: Task) -> None:
        super().__init__()
        self._task = task

    def run(self) -> None:
        self._task._run()


#: Tasks in flight, kept alive until they finish (the pool holds only the runnable).
_running: set[Task] = set()


def run_in_background(job: Job, pool: QThreadPool | None = None) -> Task:
    """Start ``job`` on a pool thread; connect to the returned Task's signals right away
    (they are delivered through the GUI thread's event loop, so nothing is missed)."""
    task = Task(job)
    _running.add(task)
    (pool or QThreadPool.globalInstance()).start(_Runnable(task))
    return task
