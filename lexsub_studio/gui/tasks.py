"""The one way to run work off the GUI thread.

``run_in_background(job)`` runs ``job(token, report)`` on the global QThreadPool. ``report(text)``
sends progress; ``token.cancelled`` tells a long job to stop early. The Task's ``result``,
``error``, ``progress`` and ``finished`` signals are always emitted on the GUI thread, because
the worker only emits private signals of the Task, which lives on the GUI thread (queued
connection). The job must not touch widgets. A cancelled task emits ``finished`` only.

While any task runs, Python's lock changes hands every ``WORKER_SWITCH_INTERVAL`` seconds
instead of every 5 ms. The GUI thread needs the lock for every call into Python (a model's
``data`` or ``headerData``, an overridden ``event``), and a layout or paint makes dozens of them
in a row; with the default interval each waited up to 5 ms behind a worker running Python, so
one relayout while a 100,000-instance corpus was being read froze the window for 0.4-0.9 s
(benchmarks/bench_annotation.py, docs/performance.md).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from lexsub_studio.core.runtime.collector import bulk_work_ended, bulk_work_started
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

#: How often Python's lock changes hands while a task runs (seconds; Python's default is 0.005).
WORKER_SWITCH_INTERVAL = 0.0005


class Task(QObject):
    result = Signal(object)
    error = Signal(object)
    progress = Signal(str)
    finished = Signal()

    # Emitted by the worker thread; delivered to this object's slots on the GUI thread.
    _done = Signal(object)
    _failed = Signal(object)
    _reported = Signal(str)

    def __init__(self, job: Job, parent: QObject | None = None, bulk: bool = False) -> None:
        super().__init__(parent)
        self.token = CancelToken()
        self._job = job
        #: The job's name in debug traces (its function's qualified name).
        self.name = getattr(job, "__qualname__", type(job).__name__)
        self.is_finished = False
        #: The job allocates much and frees little (see run_in_background).
        self.bulk = bulk
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
        if self.bulk:
            bulk_work_ended()
        if not _running:
            _restore_switch_interval()
        self.finished.emit()


class _Runnable(QRunnable):
    def __init__(self, task: Task) -> None:
        super().__init__()
        self._task = task

    def run(self) -> None:
        self._task._run()


#: Tasks in flight, kept alive until they finish (the pool holds only the runnable).
_running: set[Task] = set()
#: The switch interval in force before the first of the tasks now running started.
_interval_before: list[float] = []


def _share_lock_finely() -> None:
    if not _interval_before:
        _interval_before.append(sys.getswitchinterval())
        sys.setswitchinterval(min(WORKER_SWITCH_INTERVAL, _interval_before[0]))


def _restore_switch_interval() -> None:
    if _interval_before:
        sys.setswitchinterval(_interval_before.pop())


def run_in_background(job: Job, pool: QThreadPool | None = None, bulk: bool = False) -> Task:
    """Start ``job`` on a pool thread; connect to the returned Task's signals right away
    (they are delivered through the GUI thread's event loop, so nothing is missed).

    ``bulk``: the job builds much that stays alive (a corpus being opened); the garbage
    collector pauses until it ends (core/runtime/collector.py). Only for jobs that end."""
    task = Task(job, bulk=bulk)
    _running.add(task)
    _share_lock_finely()
    if bulk:
        bulk_work_started()
    (pool or QThreadPool.globalInstance()).start(_Runnable(task))
    return task
