"""Rolling backups of an annotator's store, and the two ways back from a damaged one.

Backups are made with SQLite's online backup API (a consistent copy even while the store is
open and being written) into ``<home>/backups/<corpus stem>-<digest>/<annotator>/``, named by
UTC time, the newest ``KEEP_BACKUPS`` kept. A copy that fails SQLite's integrity check, holds no
store (an empty file) or, when the caller says which store it opened, is of another file or
another corpus is thrown away at once, so none of them ever pushes a good backup out of the
rotation.

A damaged (or 0-byte) store is never written to: it is moved with its write-ahead log into
``<home>/damaged/`` and replaced either by the newest good backup (``restore_backup``) or by a
new store holding every answer that could still be read from it (``salvage``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from lexsub_studio.core.annotation.campaign.device import EPOCH_DUE_KEY, mark_epoch_due
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.annotation.store_faults import StoreError, StoreFault, store_error
from lexsub_studio.core.annotation.store_identity import StoreStamp
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.runtime.settings_paths import backups_dir, beside_store, damaged_dir

KEEP_BACKUPS = 5
#: A store open in the GUI is backed up again after this long, if anything was saved since.
BACKUP_INTERVAL_MINUTES = 10
_STORE_SUFFIXES = ("", "-wal", "-shm")
_ANSWER_QUERIES = (
    "SELECT lexelt, id, sub1, sub2, sub3, multiword, nil, proper_name, comment, seconds "
    "FROM answers",
    # A damaged page stops a scan: reading from the other end, and through the key's index,
    # reaches the rows beyond it.
    "SELECT lexelt, id, sub1, sub2, sub3, multiword, nil, proper_name, comment, seconds "
    "FROM answers ORDER BY rowid DESC",
    "SELECT lexelt, id, sub1, sub2, sub3, multiword, nil, proper_name, comment, seconds "
    "FROM answers ORDER BY lexelt, id",
)


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def backup_time(backup: Path) -> datetime | None:
    """When a backup was made (UTC), read from its name."""
    try:
        return datetime.strptime(backup.stem, "%Y%m%dT%H%M%S%fZ").replace(tzinfo=UTC)
    except ValueError:
        return None


def backup_folder(store: Path) -> Path:
    return beside_store(backups_dir(), store)


def backups_of(store: Path) -> list[Path]:
    """The store's backups, newest first."""
    folder = backup_folder(store)
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.sqlite3"), reverse=True)


def make_backup(store: Path, stamp: StoreStamp | None = None) -> Path:
    """Back the store up now; returns the backup. Raises StoreError when no good copy was made.

    A copy is kept only when it is a whole store: it passes SQLite's integrity check and holds
    the store's tables (an empty database, such as a 0-byte file, is refused). With ``stamp``
    (the store as the program opened it) the file at the path must also still be the file
    opened and hold the corpus or task it was made for: a store deleted, replaced or swapped
    for another corpus's is never kept as this one's backup. The file is never created: a
    store that is gone stays gone. Older backups are dropped only after a good one was made,
    so the rotation never pushes the last good backup out.
    """
    folder = backup_folder(store)
    target = folder / f"{_stamp()}.sqlite3"
    partial = folder / f".{target.name}.partial"
    _check_identity(store, stamp)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # mode=rw: a missing store is an error, never a new empty database.
        source = sqlite3.connect(f"{store.resolve().as_uri()}?mode=rw", uri=True, timeout=2.0)
        try:
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)
                fault = _fault_of_copy(copy, stamp)
            finally:
                copy.close()
        finally:
            source.close()
        # Swapped while it was copied: the copy may be of the other file.
        _check_identity(store, stamp)
    except StoreError:
        partial.unlink(missing_ok=True)
        raise
    except (sqlite3.Error, OSError) as error:
        partial.unlink(missing_ok=True)
        raise store_error(store, error, "no backup was made") from error
    if fault is not None:
        partial.unlink(missing_ok=True)
        raise StoreError(store, fault, "no backup was made")
    os.replace(partial, target)
    for old in backups_of(store)[KEEP_BACKUPS:]:
        old.unlink(missing_ok=True)
    return target


def _check_identity(store: Path, stamp: StoreStamp | None) -> None:
    if stamp is None:
        return
    try:
        at_path = os.stat(store)
    except FileNotFoundError:
        raise StoreError(store, StoreFault.VANISHED, "no backup was made",
                         " (the file was deleted or moved away)") from None
    except OSError as error:
        raise store_error(store, error, "no backup was made") from error
    if (at_path.st_dev, at_path.st_ino) != (stamp.device, stamp.inode):
        raise StoreError(store, StoreFault.VANISHED, "no backup was made",
                         " (another file was put in its place)")


def _fault_of_copy(copy: sqlite3.Connection, stamp: StoreStamp | None) -> StoreFault | None:
    """Why the copy must not be kept as a backup, or None when it is a whole store."""
    if copy.execute("PRAGMA quick_check").fetchone() != ("ok",):
        return StoreFault.DAMAGED
    tables = {row[0] for row in copy.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not tables:
        return StoreFault.EMPTY
    if "schema_version" not in tables or "meta" not in tables:
        return StoreFault.DAMAGED
    if stamp is None:
        return None
    if stamp.table not in tables:
        return StoreFault.DAMAGED
    # The table name comes from StoreStamp, never from the file.
    row = copy.execute(f"SELECT fingerprint FROM {stamp.table} LIMIT 1").fetchone()
    if row is None or row[0] != stamp.fingerprint:
        return StoreFault.OTHER_CORPUS
    return None


def is_good_backup(backup: Path) -> bool:
    """True when the file passes SQLite's integrity check and holds the answers table."""
    try:
        # immutable: a backup is never written, so no lock, journal or shared memory is needed.
        db = sqlite3.connect(f"{backup.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
        try:
            if db.execute("PRAGMA quick_check").fetchone() != ("ok",):
                return False
            db.execute("SELECT COUNT(*) FROM answers").fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return False
    return True


def newest_good_backup(store: Path) -> Path | None:
    return next((backup for backup in backups_of(store) if is_good_backup(backup)), None)


def set_aside(store: Path) -> Path:
    """Move a damaged store (with its write-ahead log) into ``<home>/damaged/``; its new path."""
    folder = beside_store(damaged_dir(), store).parent
    folder.mkdir(parents=True, exist_ok=True)
    aside = folder / f"{store.stem}-{_stamp()}.sqlite3"
    for suffix in _STORE_SUFFIXES:
        part = Path(f"{store}{suffix}")
        if part.exists():
            shutil.move(part, f"{aside}{suffix}")
    return aside


def restore_backup(store: Path, backup: Path) -> Path:
    """Replace the (damaged) store by ``backup``; returns where the damaged file was set aside."""
    aside = set_aside(store)
    partial = store.with_name(f".{store.name}.restoring")
    shutil.copyfile(backup, partial)
    _mark_rolled_back(partial, "restored")
    os.replace(partial, store)
    return aside


@dataclass(frozen=True, slots=True)
class SalvageResult:
    answers: int
    set_aside: Path


def salvage(store: Path) -> SalvageResult:
    """Read every answer still readable from the (damaged) store into a new store in its place."""
    aside = set_aside(store)
    rows, meta = _read_what_can_be_read(aside)
    fresh = AnnotationStore.open(store)
    try:
        annotator = meta.get("annotator", "")
        fresh.apply_changes(
            [ResponseRow(lexelt, id_, annotator, tuple(s for s in (s1, s2, s3) if s),
                         multiword, bool(nil), bool(pn), comment, seconds)
             for lexelt, id_, s1, s2, s3, multiword, nil, pn, comment, seconds in rows], [])
        # The answers restart at revision 1 under the same device: a campaign's sync must
        # start a new epoch before it sends them (campaign/device.py).
        fresh.set_meta({**meta, EPOCH_DUE_KEY: "salvaged"})
    finally:
        fresh.close()
    return SalvageResult(len(rows), aside)


def _mark_rolled_back(copy: Path, reason: str) -> None:
    """A store put back from a backup is older than what its campaign server may hold."""
    try:
        db = sqlite3.connect(copy)
        try:
            with db:
                mark_epoch_due(db, reason)
        finally:
            db.close()
    except sqlite3.Error as error:
        raise store_error(copy, error, "the backup was not restored") from error


def _read_what_can_be_read(aside: Path) -> tuple[list[tuple], dict[str, str]]:
    rows: dict[tuple[str, str], tuple] = {}
    meta: dict[str, str] = {}
    # Read a copy: opening the damaged file itself could make SQLite write to it (recovery).
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "copy.sqlite3"
        for suffix in ("", "-wal"):
            if Path(f"{aside}{suffix}").exists():
                shutil.copyfile(f"{aside}{suffix}", f"{copy}{suffix}")
        try:
            db = sqlite3.connect(copy)
        except sqlite3.Error:
            return [], {}
        try:
            for query in _ANSWER_QUERIES:
                try:
                    for row in db.execute(query):
                        if _plausible(row):
                            rows.setdefault((row[0], row[1]), row)
                except sqlite3.Error:
                    continue
            with contextlib.suppress(sqlite3.Error):
                meta = {str(k): str(v) for k, v in db.execute("SELECT key, value FROM meta")}
        finally:
            db.close()
    return list(rows.values()), meta


def _plausible(row: tuple) -> bool:
    lexelt, id_, s1, s2, s3, multiword, nil, pn, comment, seconds = row
    texts = (lexelt, id_, s1, s2, s3, multiword, comment)
    return (all(isinstance(t, str) for t in texts) and bool(lexelt) and bool(id_)
            and isinstance(nil, int) and isinstance(pn, int)
            and (seconds is None or isinstance(seconds, int | float)))
