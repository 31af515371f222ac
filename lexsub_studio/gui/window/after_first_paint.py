"""Run something once the shown window has been painted and its start-up work has run.

A file named on the command line used to start opening as soon as the window was shown. The
window's first layout and paint still lay ahead then, and they call into Python a few hundred
times (every table's header sizes its sections from its model's ``headerData``). Run while a
worker reads a large corpus, each such call waits for Python's lock behind the worker, and the
window froze for 0.1-0.2 s just as the opening began (benchmarks/bench_annotation.py). The
work comes in passes: the first paint, then the item views' and headers' own timers, some
milliseconds later, which size the hidden pages' tables too. So the action waits for the event
loop to run out of work after the first paint, then SETTLE_MS more.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractEventDispatcher, QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

#: A window that is never painted (minimised at start, say) still opens its file after this.
LATEST_START_MS = 3000
#: After the first paint and the loop's first idle moment: the views' sizing timers have fired
#: 10 to 30 ms after the first paint on this machine.
SETTLE_MS = 100


class AfterFirstPaint(QObject):
    """Calls ``action`` once, SETTLE_MS after the event loop first ran out of work following
    ``window``'s first paint (or after LATEST_START_MS, whichever comes first)."""

    def __init__(self, window: QWidget, action: Callable[[], object]) -> None:
        super().__init__(window)
        self._window = window
        self._action = action
        self._done = False
        self._painted = False
        window.installEventFilter(self)
        QTimer.singleShot(LATEST_START_MS, self, self._run)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self._painted:
            self._painted = True
            self._window.removeEventFilter(self)
            dispatcher = QAbstractEventDispatcher.instance()
            if dispatcher is None:
                QTimer.singleShot(SETTLE_MS, self, self._run)
            else:
                dispatcher.aboutToBlock.connect(self._idle)
        return False

    def _idle(self) -> None:
        dispatcher = QAbstractEventDispatcher.instance()
        if dispatcher is not None:
            dispatcher.aboutToBlock.disconnect(self._idle)
        QTimer.singleShot(SETTLE_MS, self, self._run)

    def _run(self) -> None:
        if self._done:
            return
        self._done = True
        if not self._painted:
            self._window.removeEventFilter(self)
        self._action()
