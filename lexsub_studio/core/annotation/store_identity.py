"""Whether the file at a store's path is still the store the program opened.

Another program may delete the store, move another file over it (another corpus's store, a
copy from elsewhere) or overwrite it in place while the store is open. SQLite notices none of
it: the open connection goes on writing into the deleted file or over the new one, and every
answer is reported saved and lost. So each write first checks, for the price of three system
calls, that

* a file is still at the path and it is the very file that was opened (device and inode of
  ``os.stat(path)`` equal those of the descriptor held open since then);
* the file is not shorter than after the last write (cut short in place: with write-ahead
  logging a store only grows);
* the file still starts with SQLite's header (overwritten in place, with zeros say) and carries
  the store's own application id there (another database copied over it in place, keeping the
  inode: ``cp other.sqlite3 store.sqlite3``). Each store draws a random id once
  (``give_identity``), which SQLite keeps in the file's header: a copy over the store brings
  another id, or none.

A store that fails once is *lost* for good: nothing more is written to it, whatever comes back
at the path later (see ``AnnotationStore.lost``).
"""

from __future__ import annotations

import os
import secrets
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from lexsub_studio.core.annotation.store_faults import StoreError, StoreFault

SQLITE_HEADER = b"SQLite format 3\x00"
#: Where a database file's header keeps its application id (4 bytes, big-endian).
APPLICATION_ID_OFFSET = 68
_HEADER_READ = APPLICATION_ID_OFFSET + 4


def give_identity(db: sqlite3.Connection) -> int:
    """The store's application id, drawn at random (never 0) the first time, then checkpointed
    so that the file's own header holds it; the id."""
    current = int(db.execute("PRAGMA application_id").fetchone()[0])
    if current == 0:
        current = 1 + secrets.randbelow(2**31 - 1)
        db.execute(f"PRAGMA application_id = {current}")
        # In write-ahead mode the header changes in the log first; a checkpoint puts it in
        # the file (busy readers may delay it: FileWatch then also takes the header as found).
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    return current


@dataclass(frozen=True, slots=True)
class StoreStamp:
    """What identifies one store beyond its path: the file opened and what it was made for.

    ``table`` is the store's own record of what it was made for (``corpus`` for answers,
    ``task`` for judgements), ``fingerprint`` the value it must hold there; a backup checks
    both before it keeps a copy (store_backups.make_backup).
    """

    device: int
    inode: int
    table: str
    fingerprint: str


class FileWatch:
    """The open store's file, held by a descriptor of its own so it can be compared with the
    path. The descriptor is only read and closed after SQLite's connection: closing
    a descriptor of the file while SQLite holds locks on it would drop them (POSIX locks)."""

    def __init__(self, path: Path, application_id: int | None = None) -> None:
        self.path = path
        self._fd = os.open(path, os.O_RDONLY)
        opened = os.fstat(self._fd)
        self.device = opened.st_dev
        self.inode = opened.st_ino
        self._size = opened.st_size
        #: The application ids the file's header may hold: the store's own and, while a
        #: checkpoint has not put it in the file yet, the one found there now.
        self._ids: set[bytes] | None = None
        if application_id is not None:
            found = self._header()[APPLICATION_ID_OFFSET:]
            self._ids = {application_id.to_bytes(4, "big"), found}
        #: Why the store was found lost (None while it is not): once lost, always lost.
        self.lost: str | None = None

    def problem(self) -> str | None:
        """Why the file at the path is no longer the store opened, or None when it still is."""
        if self.lost is not None:
            return self.lost
        try:
            at_path = os.stat(self.path)
        except FileNotFoundError:
            return "the file was deleted or moved away"
        except OSError:
            return "the file can no longer be reached"
        if (at_path.st_dev, at_path.st_ino) != (self.device, self.inode):
            return "another file was put in its place"
        if os.fstat(self._fd).st_size < self._size:
            return "the file was cut short"
        header = self._header()
        if header[:len(SQLITE_HEADER)] != SQLITE_HEADER:
            return "the file was overwritten"
        if self._ids is not None and header[APPLICATION_ID_OFFSET:] not in self._ids:
            return "another database was copied over it"
        return None

    def _header(self) -> bytes:
        if hasattr(os, "pread"):
            return os.pread(self._fd, _HEADER_READ, 0)
        os.lseek(self._fd, 0, os.SEEK_SET)  # no pread on Windows; the descriptor is ours alone
        return os.read(self._fd, _HEADER_READ)

    def check(self, action: str) -> None:
        """Raise StoreError (``StoreFault.VANISHED``) when the file is not the store opened."""
        problem = self.problem()
        if problem is not None:
            self.lost = problem
            raise StoreError(self.path, StoreFault.VANISHED, action, f" ({problem})")

    def mark_lost(self, problem: str) -> None:
        """Found out by other means (a backup found another corpus's store at the path)."""
        if self.lost is None:
            self.lost = problem

    def written(self) -> None:
        """Note the size after a write of this program's (the store only grows)."""
        self._size = max(self._size, os.fstat(self._fd).st_size)

    def stamp(self, table: str, fingerprint: str) -> StoreStamp:
        return StoreStamp(self.device, self.inode, table, fingerprint)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
