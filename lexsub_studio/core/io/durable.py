"""A finished temporary file renamed over its target, and the rename flushed to disk.

The one step that every write (core/io/atomic.py), every set of writes (output_set.py) and the
completion of a set a killed run left half-renamed (leftovers.py) share; it depends on nothing
else, so those three can use it without importing each other in a circle.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def fsync_directory(folder: Path) -> None:
    """Flush a folder's entries (a rename) to disk; a no-op where folders cannot be opened."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):  # some file systems refuse fsync on a folder
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


def commit(temporary: str, target: Path, *, flush: bool = True) -> None:
    """Rename a finished temporary file over its target and flush the folder (``flush=False``:
    the caller flushes each folder once, after a whole set of renames)."""
    os.replace(temporary, target)
    if flush:
        fsync_directory(target.parent)
