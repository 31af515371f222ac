"""Writing one output: a reader never sees a half-written file, a crash never truncates one.

A regular file (or a new one) is written to a temporary file beside it, flushed to disk, given
the mode it should have (an overwritten file keeps its own, a new one gets 0o666 less the umask),
renamed over the target and the folder flushed, so the rename itself survives a power cut. A
symlink is followed: the file it points to is replaced, the link stays. Standard output (``-``),
a terminal, a FIFO or another device is written as a stream, in place: there is nothing to
rename there. Several files that belong together are written by core/io/output_set.py.

Temporary files are named ``.NAME.lexsub-PID-HEX.tmp`` (HEX: 8 random hex digits); one left by
a process that was killed (no longer running, and older than this process) is removed by the next
write into the same folder (core/io/leftovers.py). docs/formats.md ("Writing outputs") states the
rules.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from lexsub_studio.core.io.durable import commit
from lexsub_studio.core.io.leftovers import tidy_directory
from lexsub_studio.core.io.output_paths import (
    OutputKind,
    OutputTarget,
    refuse_unwritable,
    resolve_output,
)


def current_umask() -> int:
    """The process's umask, read without changing it where the system allows (changing it,
    even for an instant, would race with a file another thread is creating)."""
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status",
                                                         encoding="ascii") as status:
        for line in status:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def new_file_mode() -> int:
    """What ``open(path, "w")`` would give a new file: 0o666 less the umask."""
    return 0o666 & ~current_umask()


def create_temporary(target: OutputTarget) -> tuple[int, str]:
    """A new temporary file beside ``target`` with the mode the target will have: (fd, path)."""
    folder = target.path.parent
    folder.mkdir(parents=True, exist_ok=True)
    tidy_directory(folder)
    descriptor, name = tempfile.mkstemp(prefix=f".{target.path.name}.lexsub-{os.getpid()}-",
                                        suffix=".tmp", dir=folder)
    try:
        if os.name == "posix":  # elsewhere there are no such modes or owners to keep
            os.fchmod(descriptor, new_file_mode() if target.mode is None else target.mode)
            owner = (os.geteuid(), os.getegid())
            if target.uid is not None and (target.uid, target.gid) != owner:
                with contextlib.suppress(OSError):  # only root may give a file away
                    os.fchown(descriptor, target.uid,
                              target.gid if target.gid is not None else -1)
    except BaseException:
        os.close(descriptor)
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
    return descriptor, name


#: Errors of writing (not of opening) that the system reports without a file name.
_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EIO})


@contextlib.contextmanager
def naming_the_output(path: str | Path) -> Iterator[None]:
    """A disk that fills up or a file-size limit passed (``ulimit -f``) while writing raises
    an OSError without a file name: it is given ``path``, the output the user named, so
    that the message says which file could not be written."""
    try:
        yield
    except OSError as error:
        if error.filename is not None or error.errno not in _WRITE_ERRORS:
            raise
        raise OSError(error.errno, error.strerror, str(path)) from None


def stage_bytes(target: OutputTarget, data: bytes) -> str:
    """Write ``data`` to a temporary file beside ``target``, flushed to disk; its path."""
    descriptor, name = create_temporary(target)
    try:
        with naming_the_output(target.path), os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
    return name


@contextlib.contextmanager
def open_stream(target: OutputTarget, mode: str = "w", encoding: str | None = "utf-8",
                newline: str | None = "") -> Iterator[IO]:
    """Write to standard output, a terminal, a FIFO or a device in place.

    Standard output and error are written through the process's own streams (never reopened,
    never closed). Anything else is opened without O_CREAT: a /dev path that does not exist is
    an error, not a new file in /dev. A FIFO waits for its reader, as ``cat > FIFO`` does.
    """
    binary = "b" in mode
    if target.kind in (OutputKind.STDOUT, OutputKind.STDERR):
        stream = sys.stdout if target.kind is OutputKind.STDOUT else sys.stderr
        handle = stream.buffer if binary else stream
        yield handle
        handle.flush()
        return
    descriptor = os.open(target.path, os.O_WRONLY | os.O_TRUNC)
    if binary:
        file = os.fdopen(descriptor, "wb")
    else:
        file = os.fdopen(descriptor, "w", encoding=encoding, newline=newline)
    with naming_the_output(target.path), file:
        yield file


@contextlib.contextmanager
def atomic_open(path: str | Path, mode: str = "w", encoding: str | None = "utf-8",
                newline: str | None = "") -> Iterator[IO]:
    """Open ``path`` for writing as the module docstring says; on success the file is complete.

    ``newline=""`` by default so that what the caller writes is what lands on disk, on every
    platform. On an exception the temporary file is removed and ``path`` is left untouched.
    A directory, a block device or a socket raises OutputRefused (an OSError).
    """
    target = resolve_output(path)
    refuse_unwritable(target)
    if target.kind.streamed:
        with open_stream(target, mode, encoding, newline) as handle:
            yield handle
        return
    descriptor, temporary = create_temporary(target)
    try:
        if "b" in mode:
            handle = os.fdopen(descriptor, mode)
        else:
            handle = os.fdopen(descriptor, mode, encoding=encoding, newline=newline)
        with naming_the_output(target.path), handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        commit(temporary, target.path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def atomic_write_text(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    with atomic_open(path, "w", encoding=encoding) as handle:
        handle.write(text)


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    with atomic_open(path, "wb", encoding=None, newline=None) as handle:
        handle.write(data)
