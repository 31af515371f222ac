"""Progress reporting and cancellation for the long agreement computations.

The GUI runs them in a worker and passes two callables: ``progress(done, total)`` and
``should_cancel()``. The core calls them between chunks of work and raises ``Cancelled`` as soon
as cancellation is asked for, so no half-finished result is ever returned.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

ProgressCallback = Callable[[int, int], None]
CancelCheck = Callable[[], bool]


class Cancelled(Exception):
    """The caller asked a running computation to stop."""


@dataclass(slots=True)
class Monitor:
    """Bundles the two optional callables so that every step can report and check cheaply."""

    progress: ProgressCallback | None = None
    should_cancel: CancelCheck | None = None

    def step(self, done: int, total: int) -> None:
        if self.should_cancel is not None and self.should_cancel():
            raise Cancelled
        if self.progress is not None:
            self.progress(done, total)
