"""Pausing Python's cyclic garbage collector around bulk work that builds acyclic objects.

Reading a million response rows, scoring 100,000 items or loading a large corpus creates
millions of small objects that are all still alive: every few hundred allocations trigger a
collection that rescans them, now and then the whole growing heap, and finds nothing to free.
Reference counting still frees everything, so the pause only removes wasted scans.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the collector for the block; afterwards restore the state it had.

    When it was running, one collection of the young generations follows: it moves the new
    objects to the oldest generation in one pass, where otherwise the next steps would pay for
    two. Nested use is safe: only the outermost block resumes collection.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
            gc.collect(1)
