"""The garbage-collector policy of a whole process, applied by its entry points and nowhere else.

Reading a million response rows, scoring 100,000 items or loading a large corpus creates
millions of small objects that all stay alive: with the collector's default thresholds every
few hundred allocations trigger a collection that rescans them, now and then the whole growing
heap, and finds nothing to free. Reference counting still frees everything acyclic.

The collector's state belongs to the process, so library code never touches it: core functions
run on the GUI's worker threads and in tests, where one function switching the collector off
would switch it off for every thread (and back on in the middle of another's bulk work). The
entry points own the process and choose once:

- ``lexsub`` (cli/main.py) runs one command and exits: the collector is paused for the
  command's run (``paused_for_the_run``) and its state restored afterwards, for a caller that
  runs commands in-process (the tests). The few reference cycles a command makes (exceptions
  with their tracebacks, some of pandas' objects) are freed when the process ends.
- ``lexsub-studio`` (gui/app.py) runs for hours and makes cycles all along (Qt wrappers,
  closures in signal connections), so the collector keeps running: ``settle_for_a_long_run``
  collects once after the start-up imports, freezes everything alive then (modules, classes)
  so that no later collection walks it again, and raises the young generation's threshold so
  that bulk work on a worker thread triggers a collection every ``YOUNG_THRESHOLD``
  allocations instead of every 700. While it opens a corpus (``bulk_work_started`` /
  ``bulk_work_ended``, counted, from the window's background tasks) the collector is paused:
  each collection that building 100,000 instances triggers runs on the worker and keeps
  Python's lock from the window for up to 60 ms, walking objects that all stay alive; what the
  opening kept is then frozen (gui/app_state.py's ``settle_loaded_objects``).

docs/architecture.md ("The process: garbage collection") gives the measurements.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: Allocations (less deallocations) of container objects between two young collections in the
#: GUI. Python's default is 700; at 50,000 a young collection (which walks only the young
#: objects) still runs every few milliseconds of bulk work, and the older generations follow
#: at their default ratios, so cycles are found in well under a second of allocation.
YOUNG_THRESHOLD = 50_000


@contextmanager
def paused_for_the_run() -> Iterator[None]:
    """The command line's policy: no collection while the command runs; afterwards the state
    the collector had (a process that exits then frees everything anyway)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


#: Bulk jobs running now, and whether the collector was enabled before the first of them.
_bulk_jobs: list[bool] = []


def bulk_work_started() -> None:
    """A job that allocates much and frees little starts: no collection until every such job
    has ended."""
    _bulk_jobs.append(gc.isenabled())
    gc.disable()


def bulk_work_ended() -> None:
    """One of the jobs told to ``bulk_work_started`` ended; the last one restores the
    collector as the first found it."""
    if not _bulk_jobs:
        return
    enabled_before = _bulk_jobs[0]
    _bulk_jobs.pop()
    if not _bulk_jobs and enabled_before:
        gc.enable()


def settle_for_a_long_run() -> None:
    """The GUI's policy, applied once after its start-up imports: what is alive then is
    frozen out of the collector's sight, and young collections come less often."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, oldest)
