"""Inputs that can be read only once (a pipe, a FIFO, a process substitution such as
``<(cat FILE)``, a device), kept for the rest of a command.

A command often opens an input twice: once to detect its kind (core/io/formats/detect.py) and
once in the reader of that kind. A regular file reads the same both times; a stream gives its
bytes to the first reader only, and a FIFO's second opening waits for a writer that never comes.
While ``streams_read_once()`` is active (each ``lexsub`` command runs inside it), the bytes of
every stream read are kept by the stream's identity (device and inode, which ``os.stat`` gives
without opening it, so a FIFO is never opened twice), and a second reading returns them.

Only ``os`` and ``stat`` are imported: the official scorer's start-up goes through here.
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import BinaryIO

#: (device, inode) -> bytes of each stream read during the command; None when not remembering.
_kept: dict[tuple[int, int], bytes] | None = None


class _StreamsReadOnce:
    """The context of one command: streams read in it are kept until it ends."""

    def __enter__(self) -> None:
        global _kept
        self._outer = _kept
        _kept = {} if _kept is None else _kept

    def __exit__(self, *exc_info: object) -> None:
        global _kept
        _kept = self._outer


def streams_read_once() -> _StreamsReadOnce:
    """Keep every stream's bytes until the end of the ``with`` block (one command)."""
    return _StreamsReadOnce()


def read_input(path: str | Path, read: Callable[[BinaryIO], bytes]) -> bytes:
    """``read(handle)`` of ``path`` opened for binary reading, or the bytes a stream gave
    earlier in the command. OSError (a missing file ...) propagates."""
    kept = _kept
    if kept is None:
        with open(path, "rb") as handle:
            return read(handle)
    try:
        status = os.stat(path)
    except OSError:
        status = None
    if status is not None and not stat.S_ISREG(status.st_mode):
        key = (status.st_dev, status.st_ino)
        if key in kept:
            return kept[key]
    with open(path, "rb") as handle:
        data = read(handle)
    if status is not None and not stat.S_ISREG(status.st_mode) and not stat.S_ISDIR(
            status.st_mode):
        kept[(status.st_dev, status.st_ino)] = data
    return data



def is_regular_path(path: str | Path) -> bool:
    """Whether ``path`` is a regular file (read as often as wanted); False for a stream, a
    device, a folder or a path that cannot be looked at."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False
