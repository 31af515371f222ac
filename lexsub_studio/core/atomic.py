"""Atomic file writing: a reader never sees a half-written export, a crash never truncates one."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO


@contextlib.contextmanager
def atomic_open(path: str | Path, mode: str = "w", encoding: str | None = "utf-8",
                newline: str | None = "") -> Iterator[IO]:
    """Open a temporary file beside ``path``; on success fsync it and rename it over ``path``.

    ``newline=""`` by default so that what the caller writes is what lands on disk, on every
    platform. On an exception the temporary file is removed and ``path`` is left untouched.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    binary = "b" in mode
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        if binary:
            handle = os.fdopen(fd, mode)
        else:
            handle = os.fdopen(fd, mode, encoding=encoding, newline=newline)
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise


def atomic_write_text(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    with atomic_open(path, "w", encoding=encoding) as handle:
        handle.write(text)


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    with atomic_open(path, "wb", encoding=None, newline=None) as handle:
        handle.write(data)
