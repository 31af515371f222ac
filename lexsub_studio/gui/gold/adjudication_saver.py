"""The adjudication file written off the GUI thread after every curation decision.

Each decision hands ``save`` a snapshot of the log; the writes run one at a time on a pool of
one thread of their own, in the order asked, so a later write never overtakes an earlier one. A
write whose file has a newer snapshot queued behind it is skipped: that snapshot holds every
decision it held, and more. ``flush`` waits until everything asked is on disk (before quitting,
an export or a session change).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal

from lexsub_studio.core.gold.adjudication import Adjudication, write_adjudication
from lexsub_studio.gui.tasks import Task, run_in_background


class AdjudicationSaver(QObject):
    #: (path, error): a write to this file failed; the decisions are still in the app.
    failed = Signal(object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        # One thread: the pool runs what it was given first first.
        self._pool.setMaxThreadCount(1)
        self._asked = 0
        #: The number of the newest snapshot asked for, per file (read by the writing thread).
        self._newest: dict[Path, int] = {}
        self._unfinished: set[Task] = set()

    def save(self, adjudication: Adjudication, path: Path) -> Task:
        """Write the decisions as they are now to ``path``, after every earlier write."""
        self._asked += 1
        number = self._asked
        self._newest[path] = number
        # A copy: the GUI goes on taking decisions while the file is written.
        snapshot = Adjudication(list(adjudication.decisions))

        def job(_token: Any, _report: Any) -> bool:
            if self._newest.get(path) != number:
                return False
            write_adjudication(snapshot, path)
            return True

        task = run_in_background(job, self._pool)
        self._unfinished.add(task)
        task.error.connect(lambda error: self.failed.emit(path, error))
        task.finished.connect(lambda: self._unfinished.discard(task))
        return task

    def idle(self) -> bool:
        """Every write asked for is done and its outcome told (``failed``)."""
        return not self._unfinished

    def flush(self) -> None:
        """Return once every write asked for is done (blocks the calling thread)."""
        self._pool.waitForDone()
