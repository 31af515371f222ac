"""The annotator's store: one SQLite file per (corpus, annotator), written at each committed change.

Durability is the point of this module. The database runs in WAL mode with ``synchronous=FULL``:
every committed transaction is fsynced to the write-ahead log before ``commit`` returns, so a
killed process (SIGKILL) *and* a power cut lose nothing that was committed. ``NORMAL`` would
survive SIGKILL but could lose the last transactions on power loss; annotation hours are worth
the few milliseconds. Each change is one transaction.

The schema is versioned: ``schema_version`` holds the version and ``MIGRATIONS[n]`` brings a store
from version ``n - 1`` to ``n``. A store written by a newer program is refused with a clear
message rather than guessed at.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path

from lexsub_studio.core.diagnostics import InputError
from lexsub_studio.core.model import ResponseRow

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


#: version -> the step that brings a store from version - 1 to version. Append, never edit.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _migrate_to_1}
SCHEMA_VERSION = max(MIGRATIONS)

_ANSWER_COLUMNS = ("lexelt", "id", "sub1", "sub2", "sub3", "multiword", "nil", "proper_name",
                   "comment", "seconds", "updated_at")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class AnnotationStore:
    """Answers, position and metadata of one annotator on one corpus."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path

    # -- opening -------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path) -> AnnotationStore:
        """Open (creating if needed) and migrate the store at ``path``.

        Raises InputError when the file is not a store or was written by a newer version.
        """
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        # The connection is created by the loader thread and then used only by the GUI thread,
        # never by two threads at once.
        db = sqlite3.connect(target, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            store = cls(db, target)
            store._migrate()
        except sqlite3.DatabaseError as error:
            db.close()
            raise InputError.at(target, "bad-store",
                                f"not an annotation store or damaged: {error}") from error
        except InputError:
            db.close()
            raise
        return store

    def _migrate(self) -> None:
        with self._transaction():
            self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = self._db.execute("SELECT version FROM schema_version").fetchone()
            version = 0 if row is None else int(row[0])
            if version > SCHEMA_VERSION:
                raise InputError.at(
                    self.path, "store-too-new",
                    f"this store has schema version {version}, written by a newer version of "
                    f"LexSub Studio (this one reads up to {SCHEMA_VERSION}); update the program")
            for step in range(version + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[step](self._db)
            if row is None:
                self._db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
            elif version != SCHEMA_VERSION:
                self._db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def close(self) -> None:
        self._db.close()

    # -- metadata --------------------------------------------------------------------------------

    def schema_version(self) -> int:
        return int(self._db.execute("SELECT version FROM schema_version").fetchone()[0])

    def pragma(self, name: str) -> str | int:
        return self._db.execute(f"PRAGMA {name}").fetchone()[0]

    def get_meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, values: dict[str, str]) -> None:
        with self._transaction():
            self._db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", values.items())

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
        rows = self._db.execute(f"SELECT {', '.join(_ANSWER_COLUMNS)} FROM answers")
        answers: dict[Key, ResponseRow] = {}
        for lexelt, id_, s1, s2, s3, multiword, nil, pn, comment, seconds, _ in rows:
            answers[(lexelt, id_)] = ResponseRow(
                lexelt, id_, annotator, tuple(s for s in (s1, s2, s3) if s), multiword,
                bool(nil), bool(pn), comment, seconds)
        return answers

    def put_answer(self, row: ResponseRow) -> None:
        """Save one instance's answer (replacing any earlier one) in its own transaction."""
        self.apply_changes([row], [])

    def delete_answer(self, key: Key) -> None:
        self.apply_changes([], [key])

    def apply_changes(self, rows: Iterable[ResponseRow], deleted: Iterable[Key]) -> None:
        """Save and delete several answers as ONE transaction (an import is one change)."""
        stamp = _now()
        with self._transaction():
            self._db.executemany("DELETE FROM answers WHERE lexelt = ? AND id = ?", deleted)
            self._db.executemany(
                f"INSERT OR REPLACE INTO answers ({', '.join(_ANSWER_COLUMNS)}) "
                f"VALUES ({', '.join('?' * len(_ANSWER_COLUMNS))})",
                (_answer_values(row, stamp) for row in rows))

    def answer_count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM answers").fetchone()[0])

    # -- position --------------------------------------------------------------------------------

    def position(self) -> Key | None:
        lexelt, id_ = self.get_meta("position_lexelt"), self.get_meta("position_id")
        return None if lexelt is None or id_ is None else (lexelt, id_)

    def set_position(self, key: Key) -> None:
        self.set_meta({"position_lexelt": key[0], "position_id": key[1]})


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
            self._db.execute("COMMIT")
        else:
            self._db.execute("ROLLBACK")
