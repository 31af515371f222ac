"""The annotator's store: one SQLite file per (corpus, annotator), written at each committed change.

Durability is the point of this module. The database runs in WAL mode with ``synchronous=FULL``:
every committed transaction is fsynced to the write-ahead log before ``commit`` returns, so a
killed process (SIGKILL) *and* a power cut lose nothing that was committed. ``NORMAL`` would
survive SIGKILL but could lose the last transactions on power loss; annotation hours are worth
the few milliseconds. Each change is one transaction.

The schema is versioned: ``schema_version`` holds the version and ``MIGRATIONS[n]`` brings a store
from version ``n - 1`` to ``n``. A store written by a newer program is refused with a clear
message rather than guessed at.

Faults are honest (see store_faults.py): a locked, read-only, full or damaged store raises a
StoreError saying which, naming the file. A damaged or empty (0-byte) store is refused before
anything is written to it, so it can still be restored from a backup or salvaged
(store_backups.py). Writes wait at most ``WRITE_BUSY_TIMEOUT_MS`` for a lock: the annotator's
key press must never hang for seconds behind another program; the caller keeps the answer and
retries. Before every write the file at the path must still be the store opened
(store_identity.py): a store deleted, replaced or overwritten by another program is *lost*, and
no write is ever reported saved into it again.
"""

from __future__ import annotations

import contextlib
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from lexsub_studio.core.annotation.store_faults import StoreError, StoreFault, store_error
from lexsub_studio.core.annotation.store_identity import (
    FileWatch,
    StoreStamp,
    give_identity,
)
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.model.diagnostics import InputError

Key = tuple[str, str]


def _migrate_to_1(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute(
        """CREATE TABLE answers (
            lexelt TEXT NOT NULL,
            id TEXT NOT NULL,
            sub1 TEXT NOT NULL DEFAULT '',
            sub2 TEXT NOT NULL DEFAULT '',
            sub3 TEXT NOT NULL DEFAULT '',
            multiword TEXT NOT NULL DEFAULT '',
            nil INTEGER NOT NULL DEFAULT 0,
            proper_name INTEGER NOT NULL DEFAULT 0,
            comment TEXT NOT NULL DEFAULT '',
            seconds REAL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (lexelt, id)
        )"""
    )


def _migrate_to_2(db: sqlite3.Connection) -> None:
    # The corpus the store was made for, so a store copied beside another corpus is refused
    # instead of attaching its answers to the wrong sentences.
    db.execute(
        """CREATE TABLE corpus (
            fingerprint TEXT NOT NULL,
            digest TEXT NOT NULL,
            title TEXT NOT NULL,
            instances INTEGER NOT NULL,
            recorded_at TEXT NOT NULL
        )"""
    )


def _migrate_to_3(db: sqlite3.Connection) -> None:
    # The campaign outbox (core/annotation/campaign/sync.py): each answer's revision, raised by
    # every change in the same transaction as the change, and the revision the campaign server has
    # confirmed. The answers an older store already holds are revision 1, still to be sent.
    db.execute(
        """CREATE TABLE outbox (
            lexelt TEXT NOT NULL,
            id TEXT NOT NULL,
            revision INTEGER NOT NULL,
            synced_revision INTEGER NOT NULL DEFAULT 0,
            changed_at TEXT NOT NULL,
            PRIMARY KEY (lexelt, id)
        )"""
    )
    db.execute("INSERT INTO outbox (lexelt, id, revision, synced_revision, changed_at) "
               "SELECT lexelt, id, 1, 0, updated_at FROM answers")
    # The instances the campaign server assigns to this annotator, as last pulled.
    db.execute("CREATE TABLE campaign_assignments (lexelt TEXT NOT NULL, id TEXT NOT NULL, "
               "PRIMARY KEY (lexelt, id))")


def _migrate_to_4(db: sqlite3.Connection) -> None:
    # Answers the campaign server refused (a character its text cannot hold, say), kept aside
    # with the server's reason so that they stop holding up the rest of the outbox. A row
    # stands for one revision: a later edit of the answer is sent again.
    db.execute(
        """CREATE TABLE outbox_refused (
            lexelt TEXT NOT NULL,
            id TEXT NOT NULL,
            revision INTEGER NOT NULL,
            reason TEXT NOT NULL,
            refused_at TEXT NOT NULL,
            PRIMARY KEY (lexelt, id)
        )"""
    )


#: version -> the step that brings a store from version - 1 to version. Append, never edit.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _migrate_to_1,
                                                               2: _migrate_to_2,
                                                               3: _migrate_to_3,
                                                               4: _migrate_to_4}
SCHEMA_VERSION = max(MIGRATIONS)
_STORE_TABLES = {"schema_version", "meta", "answers", "corpus", "outbox",
                 "campaign_assignments", "outbox_refused"}
#: Raises an answer's revision in the outbox (a new answer starts at revision 1).
OUTBOX_UPSERT = (
    "INSERT INTO outbox (lexelt, id, revision, synced_revision, changed_at) "
    "VALUES (?, ?, 1, 0, ?) ON CONFLICT (lexelt, id) DO UPDATE SET "
    "revision = outbox.revision + 1, changed_at = excluded.changed_at")

#: How long opening (in the background) waits for another program's lock.
OPEN_BUSY_TIMEOUT_S = 2.0
#: How long a save waits for a lock before giving up and leaving the answer pending: short,
#: because saves run on the GUI thread at a key press.
WRITE_BUSY_TIMEOUT_MS = 200

_ANSWER_COLUMNS = ("lexelt", "id", "sub1", "sub2", "sub3", "multiword", "nil", "proper_name",
                   "comment", "seconds", "updated_at")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class CorpusIdentity:
    """What a store records about its corpus: the sentences' fingerprint decides."""

    fingerprint: str
    digest: str
    title: str
    instances: int


def connect(path: Path) -> sqlite3.Connection:
    """The connection every store uses (tests replace it to open a store read-only)."""
    # The connection is created by the loader thread and then used only by the GUI thread,
    # never by two threads at once.
    return sqlite3.connect(path, isolation_level=None, check_same_thread=False,
                           timeout=OPEN_BUSY_TIMEOUT_S)


class StoreFile(ABC):
    """What the answer store and the judgement store share on their SQLite file: closing it,
    its schema version and pragmas, its ``meta`` table, and the identity of the file opened.
    A subclass holds ``_db``, ``path``, ``watch``, ``_fingerprint`` (of what the store was made
    for, once checked), names that in ``STAMP_KIND`` and has its own ``_write`` (one
    transaction, the file checked first)."""

    #: What the fingerprint of a stamp is of ("corpus", "task").
    STAMP_KIND: str
    _db: sqlite3.Connection
    path: Path
    watch: FileWatch | None
    _fingerprint: str | None

    @abstractmethod
    def _write(self, action: str, busy_timeout_ms: int,
               work: Callable[[sqlite3.Connection], object]) -> None: ...

    @property
    def lost(self) -> bool:
        """True once the file at the path was found not to be this store: never written again."""
        return self.watch is not None and self.watch.lost is not None

    def stamp(self) -> StoreStamp | None:
        """The file opened and what the store was made for (known once it was checked)."""
        if self.watch is None or self._fingerprint is None:
            return None
        return self.watch.stamp(self.STAMP_KIND, self._fingerprint)

    def close(self) -> None:
        self._db.close()
        if self.watch is not None:
            # After the connection: see FileWatch on descriptors and SQLite's locks.
            self.watch.close()

    # -- metadata --------------------------------------------------------------------------------

    def schema_version(self) -> int:
        return int(self._db.execute("SELECT version FROM schema_version").fetchone()[0])

    def pragma(self, name: str) -> str | int:
        return self._db.execute(f"PRAGMA {name}").fetchone()[0]

    def get_meta(self, key: str) -> str | None:
        try:
            row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error as error:
            raise store_error(self.path, error, "cannot read the store") from error
        return None if row is None else str(row[0])

    def set_meta(self, values: dict[str, str],
                 busy_timeout_ms: int = WRITE_BUSY_TIMEOUT_MS) -> None:
        self._write("cannot save the store's details", busy_timeout_ms,
                    lambda db: db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                                              values.items()))


class AnnotationStore(StoreFile):
    """Answers, position and metadata of one annotator on one corpus."""

    STAMP_KIND = "corpus"  # its fingerprint is the corpus's (check_corpus)

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        #: Changes of answers saved so far (a backup is due only after some).
        self.answer_writes = 0
        self._busy_timeout_ms: int | None = None
        #: The file opened, checked before every write (store_identity.py); None only for a
        #: store built around a connection by hand.
        self.watch: FileWatch | None = None
        self._fingerprint: str | None = None

    # -- opening -------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path) -> AnnotationStore:
        """Open (creating if needed) and migrate the store at ``path``.

        Raises StoreError (an InputError) when the file is locked, read-only, empty, damaged or
        not a store, and InputError when a newer version wrote it. Nothing is written to a file
        that is refused.
        """
        target = Path(path)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise store_error(target, error, "cannot make the folder for the store") from error
        existed = target.exists()
        if existed and target.is_file() and target.stat().st_size == 0:
            # SQLite would take a 0-byte file for a new database (and drop its write-ahead
            # log): the annotator's answers would be silently reset.
            raise StoreError(target, StoreFault.EMPTY, "the store was not opened")
        try:
            db = connect(target)
        except sqlite3.Error as error:
            raise store_error(target, error, "cannot open the store") from error
        try:
            if existed:
                _check_before_writing(db, target)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            store = cls(db, target)
            store._migrate()
            store._check_tables()
            store.watch = FileWatch(target, give_identity(db))
        except InputError:
            db.close()
            raise
        except sqlite3.Error as error:
            db.close()
            raise store_error(target, error, "cannot open the store") from error
        except OSError as error:
            db.close()
            raise store_error(target, error, "cannot open the store") from error
        return store

    def _migrate(self) -> None:
        with self._transaction():
            self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = self._db.execute("SELECT version FROM schema_version").fetchone()
            version = 0 if row is None else row[0]
            if not isinstance(version, int) or version < 0:
                raise StoreError(self.path, StoreFault.DAMAGED, "cannot open the store")
            if version > SCHEMA_VERSION:
                raise InputError.at(
                    self.path, "store-too-new",
                    f"this store has schema version {version}, written by a newer version of "
                    f"LexSub Studio (this one reads up to {SCHEMA_VERSION}); update the program")
            for step in range(version + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[step](self._db)
            if row is None:
                self._db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
            else:
                # Written even when unchanged: a store that cannot be written (read-only file,
                # disk or folder) is found now, at open, rather than at the first answer.
                self._db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))

    def _check_tables(self) -> None:
        """A store of the right version with a table missing or changed is damaged."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(answers)")}
        tables = {row[0] for row in self._db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables >= _STORE_TABLES or not set(_ANSWER_COLUMNS) <= columns:
            raise StoreError(self.path, StoreFault.DAMAGED, "cannot open the store")

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def _write(self, action: str, busy_timeout_ms: int,
               work: Callable[[sqlite3.Connection], object]) -> None:
        """Run ``work`` as one transaction; any failure becomes a StoreError saying ``action``."""
        if self.watch is not None:
            self.watch.check(action)
        try:
            if busy_timeout_ms != self._busy_timeout_ms:
                self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
                self._busy_timeout_ms = busy_timeout_ms
            with self._transaction() as db:
                work(db)
            if self.watch is not None:
                self.watch.written()
        except sqlite3.Error as error:
            raise store_error(self.path, error, action) from error
        except OSError as error:
            raise store_error(self.path, error, action) from error

    # -- metadata --------------------------------------------------------------------------------

    def check_corpus(self, identity: CorpusIdentity) -> None:
        """Record the corpus on first use; refuse a store made for other sentences."""
        row = self._db.execute(
            "SELECT fingerprint, title, instances FROM corpus LIMIT 1").fetchone()
        if row is None:
            self._write("cannot record the store's corpus", WRITE_BUSY_TIMEOUT_MS,
                        lambda db: db.execute("INSERT INTO corpus VALUES (?, ?, ?, ?, ?)",
                                              (identity.fingerprint, identity.digest,
                                               identity.title, identity.instances, _now())))
            self._fingerprint = identity.fingerprint
            return
        fingerprint, title, instances = row
        if fingerprint == identity.fingerprint:
            self._fingerprint = fingerprint
        else:
            raise StoreError(
                self.path, StoreFault.OTHER_CORPUS, "the store was not opened",
                f" ({title!r}, {instances} instances), not for {identity.title!r} "
                f"({identity.instances} instances); its answers would land on the wrong "
                "sentences")

    def claim_annotator(self, annotator: str) -> None:
        """Record whose store this is; refuse a different exact name sharing the same file."""
        owner = self.get_meta("annotator")
        if owner is None:
            self.set_meta({"annotator": annotator, "created": _now()})
        elif owner != annotator:
            raise InputError.at(self.path, "store-owner",
                                f"this store belongs to annotator {owner!r}, not {annotator!r}")

    # -- answers ---------------------------------------------------------------------------------

    def load_answers(self, annotator: str) -> dict[Key, ResponseRow]:
        answers: dict[Key, ResponseRow] = {}
        try:
            rows = self._db.execute(f"SELECT {', '.join(_ANSWER_COLUMNS)} FROM answers")
            for lexelt, id_, s1, s2, s3, multiword, nil, pn, comment, seconds, _ in rows:
                answers[(lexelt, id_)] = ResponseRow(
                    lexelt, id_, annotator, tuple(s for s in (s1, s2, s3) if s), multiword,
                    bool(nil), bool(pn), comment, seconds)
        except sqlite3.Error as error:
            raise store_error(self.path, error, "cannot read the answers") from error
        return answers

    def put_answer(self, row: ResponseRow) -> None:
        """Save one instance's answer (replacing any earlier one) in its own transaction."""
        self.apply_changes([row], [])

    def delete_answer(self, key: Key) -> None:
        self.apply_changes([], [key])

    def apply_changes(self, rows: Iterable[ResponseRow], deleted: Iterable[Key],
                      busy_timeout_ms: int = WRITE_BUSY_TIMEOUT_MS) -> None:
        """Save and delete several answers as ONE transaction (an import is one change).

        Raises StoreError when the store cannot be written (nothing of the change is kept).
        """
        stamp = _now()
        values = [_answer_values(row, stamp) for row in rows]
        removed = list(deleted)
        # Microseconds: the campaign's sync lag is measured from this moment.
        changed_at = datetime.now(UTC).isoformat(timespec="microseconds")
        changed: list[tuple[object, object, str]] = [(key[0], key[1], changed_at)
                                                     for key in removed]
        changed += [(value[0], value[1], changed_at) for value in values]

        def write(db: sqlite3.Connection) -> None:
            db.executemany("DELETE FROM answers WHERE lexelt = ? AND id = ?", removed)
            db.executemany(
                f"INSERT OR REPLACE INTO answers ({', '.join(_ANSWER_COLUMNS)}) "
                f"VALUES ({', '.join('?' * len(_ANSWER_COLUMNS))})", values)
            db.executemany(OUTBOX_UPSERT, changed)

        self._write("your answers were not saved", busy_timeout_ms, write)
        self.answer_writes += 1

    def answer_count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM answers").fetchone()[0])

    def campaign_assignments(self) -> set[Key]:
        """The instances the campaign server assigned to this annotator, as last pulled."""
        try:
            rows = self._db.execute("SELECT lexelt, id FROM campaign_assignments").fetchall()
        except sqlite3.Error as error:
            raise store_error(self.path, error, "cannot read the store") from error
        return {(str(lexelt), str(id_)) for lexelt, id_ in rows}

    # -- position --------------------------------------------------------------------------------

    def position(self) -> Key | None:
        lexelt, id_ = self.get_meta("position_lexelt"), self.get_meta("position_id")
        return None if lexelt is None or id_ is None else (lexelt, id_)

    def set_position(self, key: Key) -> None:
        # Never waits for a lock: the position is saved again at the next move.
        self.set_meta({"position_lexelt": key[0], "position_id": key[1]}, busy_timeout_ms=0)


def _check_before_writing(db: sqlite3.Connection, path: Path) -> None:
    """Refuse a damaged file, or a database of another program, before anything is written."""
    verdict = db.execute("PRAGMA quick_check").fetchone()
    if verdict is None or verdict[0] != "ok":
        raise StoreError(path, StoreFault.DAMAGED, "the store was not opened")
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if tables and "schema_version" not in tables:
        raise StoreError(path, StoreFault.DAMAGED, "the store was not opened")


def _answer_values(row: ResponseRow, stamp: str) -> tuple[object, ...]:
    if len(row.substitutes) > 3:
        raise ValueError(f"{row.lexelt} {row.id}: at most three substitutes, got "
                         f"{len(row.substitutes)}")
    subs = (*row.substitutes, "", "", "")[:3]
    return (row.lexelt, row.id, *subs, row.multiword, int(row.nil), int(row.proper_name),
            row.comment, row.seconds, stamp)


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any exception."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> sqlite3.Connection:
        self._db.execute("BEGIN IMMEDIATE")
        return self._db

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is None:
            try:
                self._db.execute("COMMIT")
            except sqlite3.Error:
                # A failed COMMIT (a full disk, a lock) leaves the transaction open: close it,
                # or every later write would fail with "transaction within a transaction".
                self._roll_back()
                raise
        else:
            self._roll_back()

    def _roll_back(self) -> None:
        if self._db.in_transaction:
            # SQLite may have rolled back already after the error that brought us here.
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
