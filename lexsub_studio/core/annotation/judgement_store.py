"""The judging annotator's store: one SQLite file per (judgement task, annotator).

Kept as the free-production store is (store.py): WAL mode with ``synchronous=FULL``, one
transaction per change, so a killed process (SIGKILL) or a power cut loses nothing committed;
a damaged, empty, locked or read-only file is refused with a StoreError naming it, before
anything is written. It has a schema of its own with its own version (``SCHEMA_VERSION``,
``MIGRATIONS``), and records the task it was made for: a store copied beside another task is
refused instead of putting its labels on other candidates.

Tables: ``judgements`` (one row per labelled candidate), ``added`` (the substitutes the
annotator added to an instance, in the order added), ``task`` (the task's fingerprint, digest,
title, items) and ``meta`` (the annotator's name, where they were).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from lexsub_studio.core.annotation.store import (
    OPEN_BUSY_TIMEOUT_S,
    WRITE_BUSY_TIMEOUT_MS,
    StoreFile,
    _check_before_writing,
    _Transaction,
)
from lexsub_studio.core.annotation.store_faults import StoreError, StoreFault, store_error
from lexsub_studio.core.annotation.store_identity import (
    FileWatch,
    give_identity,
)
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.runtime.settings_paths import slug, stores_dir

Key = tuple[str, str]
#: (lexelt, id, candidate): one candidate of one instance.
CandidateKey = tuple[str, str, str]

#: The suffix that tells a judgement store from a free-production store in the same folder.
STORE_SUFFIX = ".judgements.sqlite3"


def judgement_store_path(task_title: str, task_digest: str, annotator: str) -> Path:
    """``<home>/stores/<task name>-<digest>/<annotator>.judgements.sqlite3``."""
    return stores_dir() / f"{slug(task_title)}-{task_digest}" / f"{slug(annotator)}{STORE_SUFFIX}"


def _migrate_to_1(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute(
        """CREATE TABLE task (
            fingerprint TEXT NOT NULL,
            digest TEXT NOT NULL,
            title TEXT NOT NULL,
            items INTEGER NOT NULL,
            recorded_at TEXT NOT NULL
        )"""
    )
    db.execute(
        """CREATE TABLE judgements (
            lexelt TEXT NOT NULL,
            id TEXT NOT NULL,
            candidate TEXT NOT NULL,
            label TEXT NOT NULL,
            seconds REAL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (lexelt, id, candidate)
        )"""
    )
    db.execute(
        """CREATE TABLE added (
            lexelt TEXT NOT NULL,
            id TEXT NOT NULL,
            candidate TEXT NOT NULL,
            added_at TEXT NOT NULL,
            PRIMARY KEY (lexelt, id, candidate)
        )"""
    )


#: version -> the step that brings a store from version - 1 to version. Append, never edit.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _migrate_to_1}
SCHEMA_VERSION = max(MIGRATIONS)
_TABLES = {"schema_version", "meta", "task", "judgements", "added"}
_JUDGEMENT_COLUMNS = ("lexelt", "id", "candidate", "label", "seconds", "updated_at")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class StoredJudgement:
    label: str
    seconds: float | None


@dataclass(frozen=True, slots=True)
class JudgementChange:
    """One change as one transaction: labels set (a label of None removes it) and candidates
    added (True) or taken back (False)."""

    labels: dict[CandidateKey, StoredJudgement | None]
    added: dict[CandidateKey, bool]


class JudgementStore(StoreFile):
    """Labels, added substitutes, position and metadata of one annotator on one task."""

    STAMP_KIND = "task"  # its fingerprint is the judgement task's (check_task)

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        self._busy_timeout_ms: int | None = None
        #: Changes saved so far (a backup is due only after some).
        self.writes = 0
        #: The file opened, checked before every write (store_identity.py).
        self.watch: FileWatch | None = None
        self._fingerprint: str | None = None

    @classmethod
    def open(cls, path: str | Path) -> JudgementStore:
        """Open (creating if needed) and migrate the store at ``path``; StoreError when the
        file is locked, read-only, empty, damaged or not a judgement store, InputError when a
        newer version wrote it."""
        target = Path(path)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise store_error(target, error, "cannot make the folder for the store") from error
        existed = target.exists()
        if existed and target.is_file() and target.stat().st_size == 0:
            raise StoreError(target, StoreFault.EMPTY, "the store was not opened")
        try:
            db = sqlite3.connect(target, isolation_level=None, check_same_thread=False,
                                 timeout=OPEN_BUSY_TIMEOUT_S)
        except sqlite3.Error as error:
            raise store_error(target, error, "cannot open the store") from error
        try:
            if existed:
                _check_before_writing(db, target)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            store = cls(db, target)
            store._migrate()
            tables = {row[0] for row in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables >= _TABLES:
                raise StoreError(target, StoreFault.DAMAGED, "cannot open the store")
            store.watch = FileWatch(target, give_identity(db))
        except InputError:
            db.close()
            raise
        except (sqlite3.Error, OSError) as error:
            db.close()
            raise store_error(target, error, "cannot open the store") from error
        return store

    def _migrate(self) -> None:
        with _Transaction(self._db):
            self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = self._db.execute("SELECT version FROM schema_version").fetchone()
            version = 0 if row is None else row[0]
            if not isinstance(version, int) or version < 0:
                raise StoreError(self.path, StoreFault.DAMAGED, "cannot open the store")
            if row is not None and self._db.execute(
                    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'judgements'"
            ).fetchone() is None:
                # Another kind of store (free production's answers): never migrated into one
                # of these, nor taken for a newer version.
                raise StoreError(self.path, StoreFault.DAMAGED, "the store was not opened")
            if version > SCHEMA_VERSION:
                raise InputError.at(
                    self.path, "store-too-new",
                    f"this judgement store has schema version {version}, written by a newer "
                    f"version of LexSub Studio (this one reads up to {SCHEMA_VERSION}); update "
                    "the program")
            for step in range(version + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[step](self._db)
            if row is None:
                self._db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
            else:
                # Written even when unchanged: a store that cannot be written is found at open.
                self._db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))

    def _write(self, action: str, busy_timeout_ms: int,
               work: Callable[[sqlite3.Connection], object]) -> None:
        if self.watch is not None:
            self.watch.check(action)
        try:
            if busy_timeout_ms != self._busy_timeout_ms:
                self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
                self._busy_timeout_ms = busy_timeout_ms
            with _Transaction(self._db) as db:
                work(db)
            if self.watch is not None:
                self.watch.written()
        except (sqlite3.Error, OSError) as error:
            raise store_error(self.path, error, action) from error

    # -- metadata --------------------------------------------------------------------------------

    def check_task(self, fingerprint: str, digest: str, title: str, items: int) -> None:
        """Record the task on first use; refuse a store made for another task."""
        row = self._db.execute("SELECT fingerprint, title, items FROM task LIMIT 1").fetchone()
        if row is None:
            self._write("cannot record the store's task", WRITE_BUSY_TIMEOUT_MS,
                        lambda db: db.execute("INSERT INTO task VALUES (?, ?, ?, ?, ?)",
                                              (fingerprint, digest, title, items, _now())))
            self._fingerprint = fingerprint
            return
        if row[0] == fingerprint:
            self._fingerprint = fingerprint
        else:
            raise StoreError(
                self.path, StoreFault.OTHER_CORPUS, "the store was not opened",
                f" ({row[1]!r}, {row[2]} instances), not for the judgement task {title!r} "
                f"({items} instances); its labels would land on the wrong candidates")

    def claim_annotator(self, annotator: str) -> None:
        """Record whose store this is; refuse a different exact name sharing the same file."""
        owner = self.get_meta("annotator")
        if owner is None:
            self.set_meta({"annotator": annotator, "created": _now()})
        elif owner != annotator:
            raise InputError.at(self.path, "store-owner",
                                f"this store belongs to annotator {owner!r}, not {annotator!r}")

    # -- judgements ------------------------------------------------------------------------------

    def load(self) -> tuple[dict[CandidateKey, StoredJudgement], list[CandidateKey]]:
        """Every label, and the added candidates in the order they were added."""
        try:
            labels = {(lexelt, id_, candidate): StoredJudgement(label, seconds)
                      for lexelt, id_, candidate, label, seconds in self._db.execute(
                          "SELECT lexelt, id, candidate, label, seconds FROM judgements")}
            added = [(lexelt, id_, candidate) for lexelt, id_, candidate in self._db.execute(
                "SELECT lexelt, id, candidate FROM added ORDER BY added_at, rowid")]
        except sqlite3.Error as error:
            raise store_error(self.path, error, "cannot read the judgements") from error
        return labels, added

    def apply(self, change: JudgementChange,
              busy_timeout_ms: int = WRITE_BUSY_TIMEOUT_MS) -> None:
        """Write ``change`` as ONE transaction; StoreError (nothing of it kept) when the store
        cannot take it."""
        stamp = datetime.now(UTC).isoformat(timespec="microseconds")
        set_rows = [(*key, value.label, value.seconds, stamp)
                    for key, value in change.labels.items() if value is not None]
        removed = [key for key, value in change.labels.items() if value is None]
        added = [(*key, stamp) for key, on in change.added.items() if on]
        taken_back = [key for key, on in change.added.items() if not on]

        def write(db: sqlite3.Connection) -> None:
            db.executemany("DELETE FROM judgements WHERE lexelt = ? AND id = ? AND candidate = ?",
                           removed)
            db.executemany(
                f"INSERT OR REPLACE INTO judgements ({', '.join(_JUDGEMENT_COLUMNS)}) "
                f"VALUES ({', '.join('?' * len(_JUDGEMENT_COLUMNS))})", set_rows)
            db.executemany("DELETE FROM added WHERE lexelt = ? AND id = ? AND candidate = ?",
                           taken_back)
            db.executemany("INSERT OR IGNORE INTO added VALUES (?, ?, ?, ?)", added)

        self._write("your judgements were not saved", busy_timeout_ms, write)
        self.writes += 1

    def judgement_count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM judgements").fetchone()[0])

    # -- position --------------------------------------------------------------------------------

    def position(self) -> Key | None:
        lexelt, id_ = self.get_meta("position_lexelt"), self.get_meta("position_id")
        return None if lexelt is None or id_ is None else (lexelt, id_)

    def set_position(self, key: Key) -> None:
        # Never waits for a lock: the position is saved again at the next move.
        self.set_meta({"position_lexelt": key[0], "position_id": key[1]}, busy_timeout_ms=0)


def stored_rows(store: JudgementStore) -> Iterable[tuple[str, str, str, str]]:
    """(lexelt, id, candidate, label) of every label in the store, for checks and tests."""
    labels, _ = store.load()
    return sorted((*key, value.label) for key, value in labels.items())
