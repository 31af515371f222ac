"""What went wrong with an annotator's store, said in plain words and naming the store's file.

SQLite reports a locked file, a read-only file, a full disk and a damaged file each with its own
result code; the annotator must hear which one it is (a locked store is not "damaged"), because
what to do differs: close the other program, fix the permissions, free some space, or restore a
backup. Raw texts such as "OperationalError" or "database is locked" never reach the user.
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
from enum import StrEnum
from pathlib import Path

from lexsub_studio.core.model.diagnostics import Diagnostic, InputError, Severity


class StoreFault(StrEnum):
    LOCKED = "store-locked"
    READ_ONLY = "store-read-only"
    FULL = "store-full"
    WRITE_FAILED = "store-write-failed"
    DAMAGED = "store-damaged"
    EMPTY = "store-empty"
    OTHER_CORPUS = "store-other-corpus"
    CANNOT_OPEN = "store-cannot-open"
    VANISHED = "store-vanished"


#: Why, for each fault: the second half of every message.
REASONS: dict[StoreFault, str] = {
    StoreFault.LOCKED: "another program is using the store right now (another LexSub Studio "
                       "window, or a backup or synchronisation tool)",
    StoreFault.READ_ONLY: "the store is read-only (its permissions, or a read-only disk or "
                          "folder)",
    StoreFault.FULL: "the disk is full or the store has reached the largest file allowed",
    StoreFault.WRITE_FAILED: "the disk reported an error while writing",
    StoreFault.DAMAGED: "the file is damaged or is not an annotation store",
    StoreFault.EMPTY: "the file is empty (0 bytes): it held a store that was cut short, or "
                      "was never written",
    StoreFault.OTHER_CORPUS: "the store was made for another corpus",
    StoreFault.CANNOT_OPEN: "the file or its folder cannot be opened (a missing permission, "
                            "or a file where a folder should be)",
    StoreFault.VANISHED: "another program deleted, replaced or overwrote the store's file "
                         "while it was open, so nothing more is written to it",
}

#: Faults after which the same write may well succeed later without anyone repairing anything.
PASSING_FAULTS = frozenset({StoreFault.LOCKED})

_SQLITE_FAULTS = {
    "SQLITE_BUSY": StoreFault.LOCKED,
    "SQLITE_LOCKED": StoreFault.LOCKED,
    "SQLITE_READONLY": StoreFault.READ_ONLY,
    "SQLITE_PERM": StoreFault.READ_ONLY,
    "SQLITE_AUTH": StoreFault.READ_ONLY,
    "SQLITE_FULL": StoreFault.FULL,
    "SQLITE_TOOBIG": StoreFault.FULL,
    "SQLITE_CORRUPT": StoreFault.DAMAGED,
    "SQLITE_NOTADB": StoreFault.DAMAGED,
    "SQLITE_FORMAT": StoreFault.DAMAGED,
    "SQLITE_SCHEMA": StoreFault.DAMAGED,
    "SQLITE_MISMATCH": StoreFault.DAMAGED,
    "SQLITE_CANTOPEN": StoreFault.CANNOT_OPEN,
}

_OS_FAULTS = {
    errno.EROFS: StoreFault.READ_ONLY,
    errno.EACCES: StoreFault.READ_ONLY,
    errno.EPERM: StoreFault.READ_ONLY,
    errno.ENOSPC: StoreFault.FULL,
    errno.EFBIG: StoreFault.FULL,
    errno.EDQUOT: StoreFault.FULL,
    errno.ENOTDIR: StoreFault.CANNOT_OPEN,
    errno.EEXIST: StoreFault.CANNOT_OPEN,
    errno.EISDIR: StoreFault.CANNOT_OPEN,
}


class StoreError(InputError):
    """A store that cannot be opened, read or written; ``fault`` says which kind of trouble."""

    def __init__(self, path: str | Path, fault: StoreFault, action: str,
                 detail: str = "") -> None:
        super().__init__(Diagnostic(Severity.ERROR, fault.value,
                                    f"{action}: {REASONS[fault]}{detail}", str(path)))
        self.fault = fault
        self.path = Path(path)

    @property
    def passing(self) -> bool:
        """True when waiting may be enough (a lock), False when someone must fix something."""
        return self.fault in PASSING_FAULTS


def classify(error: BaseException) -> StoreFault:
    """The kind of fault behind an exception raised by sqlite3 or the file system."""
    if isinstance(error, sqlite3.Error):
        name = getattr(error, "sqlite_errorname", "") or ""
        # Extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE ...) share the primary name.
        for primary, fault in _SQLITE_FAULTS.items():
            if name == primary or name.startswith(primary + "_"):
                return fault
        if name.startswith("SQLITE_IOERR"):
            return StoreFault.WRITE_FAILED
        text = str(error).lower()
        if "locked" in text:
            return StoreFault.LOCKED
        if "readonly" in text or "read-only" in text:
            return StoreFault.READ_ONLY
        if isinstance(error, sqlite3.DatabaseError) and not isinstance(
                error, sqlite3.OperationalError):
            return StoreFault.DAMAGED
        return StoreFault.WRITE_FAILED
    if isinstance(error, OSError) and error.errno in _OS_FAULTS:
        return _OS_FAULTS[error.errno]
    return StoreFault.WRITE_FAILED


def store_error(path: str | Path, error: BaseException, action: str) -> StoreError:
    """A StoreError for ``error`` (raised while doing ``action``, e.g. "cannot save")."""
    fault = classify(error)
    if fault is StoreFault.WRITE_FAILED and _out_of_room(Path(path)):
        fault = StoreFault.FULL
    return StoreError(path, fault, action)


#: Below this much free space a failed write is taken for a full disk.
_LOW_DISK_BYTES = 1 << 20


def _out_of_room(path: Path) -> bool:
    """SQLite reports a full disk or a file-size limit (RLIMIT_FSIZE) as a plain I/O error at
    times; the free space and the limit tell them apart from a failing disk."""
    try:
        if shutil.disk_usage(path.parent).free < _LOW_DISK_BYTES:
            return True
    except OSError:
        return False
    try:
        import resource
    except ImportError:  # not on Windows
        return False
    limit, _ = resource.getrlimit(resource.RLIMIT_FSIZE)
    if limit == resource.RLIM_INFINITY:
        return False
    sizes = [Path(f"{path}{suffix}") for suffix in ("", "-wal", "-journal")]
    return any(part.exists() and part.stat().st_size + _LOW_DISK_BYTES > limit
               for part in sizes)
