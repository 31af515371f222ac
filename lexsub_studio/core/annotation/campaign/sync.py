"""Offline-first sync of one annotator's store with the campaign server, in a thread of its own.

The SQLite store stays the source of truth: every committed change raises the answer's revision
in the store's ``outbox`` in the same transaction
(core/annotation/store.py). This worker, on its own SQLite
connection and never on the GUI thread, sends the answers whose revision the server has not
confirmed, in batches, each batch one server transaction of ``lexsub.push_answer`` calls, and
marks them confirmed in the outbox only after the server committed. A kill or a lost network
between the two only means the batch is sent again: the server ignores a revision it already
holds (keyed by campaign, annotator, instance; the device and revision decide), so nothing is
lost and nothing doubled, and an older revision never overwrites a newer one.

A round's cost does not grow with the assignment: it starts with one small query (the
annotator's ``assignment_version``, raised by the server whenever their assignments change, and
the batches the server recorded for this store's device) and pulls the assignments into the
store's ``campaign_assignments`` only when that version differs from the one the store last
applied (kept in its meta with them). When they changed it hands the new set to
``on_assignments`` (on the worker thread: a GUI forwards it by a queued signal). A store that
was rolled back (restored, copied back, salvaged) starts a new device epoch before it sends
anything (core/annotation/campaign/device.py).

Its state, reported after every round through ``on_status`` (called on the worker thread):
"synced", "N answers waiting" (the server is reachable and the rest is on its way), or
"offline" (the server cannot be reached; the answers wait in the outbox, and the worker tries
again every ``retry_seconds``).

One answer the server refuses (a data error: a character PostgreSQL text cannot hold, a value
out of range) never holds up the others. When a batch fails so, it is sent again one answer at a
time, each in a savepoint of one transaction: the refused answers are moved aside into the
store's ``outbox_refused`` with the server's reason (they no longer count as waiting), the rest
are committed. The status counts the refused answers; a later edit (a new revision) of one is
sent again. A lost connection, a refused login or a missing right is no fault of one answer: the
batch waits, as before.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, NamedTuple

from lexsub_studio.core.annotation.campaign.db import connect_link, server_error
from lexsub_studio.core.annotation.campaign.device import (
    count_batch,
    device_id,
    epoch_due,
    meta_value,
    record_batch,
    start_epoch,
)
from lexsub_studio.core.annotation.campaign.link import CampaignLink
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.runtime.debug_log import logger

log = logger(__name__)

#: Answers sent in one server transaction.
BATCH_SIZE = 500
#: How long the worker's own writes to the store wait for the GUI's lock.
STORE_BUSY_TIMEOUT_S = 5.0
#: The assignment_version (lexsub.members) whose assignments the store holds.
ASSIGNMENT_VERSION_KEY = "campaign_assignment_version"

#: An outbox row still to send: newer than the server confirmed, and not this very revision
#: refused by the server already.
_WAITING = """o.revision > o.synced_revision
       AND NOT EXISTS (SELECT 1 FROM outbox_refused AS r
                        WHERE r.lexelt = o.lexelt AND r.id = o.id AND r.revision = o.revision)"""
_PENDING_SQL = f"""
    SELECT o.lexelt, o.id, o.revision, o.changed_at, a.sub1, a.sub2, a.sub3, a.multiword,
           a.nil, a.proper_name, a.comment, a.seconds, a.lexelt IS NULL
      FROM outbox AS o LEFT JOIN answers AS a ON a.lexelt = o.lexelt AND a.id = o.id
     WHERE {_WAITING}
     ORDER BY o.changed_at, o.lexelt, o.id
     LIMIT ?"""
#: The refused answers whose refused revision is still the answer's latest.
_REFUSED_SQL = """
    SELECT r.lexelt, r.id, r.reason FROM outbox_refused AS r
      JOIN outbox AS o ON o.lexelt = r.lexelt AND o.id = r.id AND o.revision = r.revision
     ORDER BY r.refused_at, r.lexelt, r.id"""
#: How many refused answers a status names (the count covers them all).
REFUSED_SHOWN = 5
_STATE_SQL = """
    SELECT m.assignment_version,
           (SELECT d.batches FROM lexsub.devices AS d
             WHERE d.campaign = m.campaign AND d.annotator = m.annotator AND d.device = %s)
      FROM lexsub.members AS m WHERE m.campaign = %s AND m.annotator = %s"""
_PUSH_SQL = ("SELECT lexsub.push_answer(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, "
             "%s, %s)")


class SyncState(StrEnum):
    SYNCED = "synced"
    WAITING = "waiting"
    OFFLINE = "offline"


@dataclass(frozen=True, slots=True)
class SyncStatus:
    state: SyncState
    waiting: int
    #: Why the worker is offline, as a sentence (empty otherwise).
    reason: str = ""
    assigned: int | None = None
    #: Answers the server refused, moved aside (their latest revision), and the first of them
    #: as "lexelt id: the server's reason".
    refused: int = 0
    refused_reasons: tuple[str, ...] = ()

    def text(self) -> str:
        """What the status bar shows."""
        if self.state is SyncState.SYNCED:
            text = "synced"
        elif self.state is SyncState.WAITING:
            text = f"{self.waiting} answer{'s' if self.waiting != 1 else ''} waiting"
        else:
            text = "offline"
        if self.refused:
            text += f", {self.refused} answer{'s' if self.refused != 1 else ''} refused"
        return text


class _ServerState(NamedTuple):
    assignment_version: str
    #: Batches the server recorded for this store's device (None: none yet).
    batches: int | None


def pending_count(db: sqlite3.Connection) -> int:
    return int(db.execute(f"SELECT count(*) FROM outbox AS o WHERE {_WAITING}").fetchone()[0])


@dataclass(frozen=True, slots=True)
class RefusedAnswer:
    lexelt: str
    id: str
    reason: str

    def __str__(self) -> str:
        return f"{self.lexelt} {self.id}: {self.reason}"


def refused_answers(db: sqlite3.Connection) -> list[RefusedAnswer]:
    """The answers the server refused whose refused revision is still the latest."""
    return [RefusedAnswer(str(lexelt), str(id_), str(reason))
            for lexelt, id_, reason in db.execute(_REFUSED_SQL)]


def assigned_keys(db: sqlite3.Connection) -> set[tuple[str, str]]:
    return {(str(lexelt), str(id_)) for lexelt, id_ in
            db.execute("SELECT lexelt, id FROM campaign_assignments")}


class CampaignSync:
    """Pushes one store's outbox to the campaign server and pulls its assignments."""

    def __init__(self, store_path: str | Path, link: CampaignLink, *,
                 on_status: Callable[[SyncStatus], None] | None = None,
                 on_assignments: Callable[[frozenset[tuple[str, str]]], None] | None = None,
                 retry_seconds: float = 5.0, connect_timeout: float = 5.0) -> None:
        self.store_path = Path(store_path)
        self.link = link
        self.on_status = on_status
        self.on_assignments = on_assignments
        self.retry_seconds = retry_seconds
        self.connect_timeout = connect_timeout
        self._server: Any = None
        self._local: sqlite3.Connection | None = None
        self._device: str | None = None
        self._assigned: int | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.status = SyncStatus(SyncState.OFFLINE, 0, "not synced yet")

    # -- the thread ------------------------------------------------------------------------------

    def start(self) -> None:
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="campaign-sync", daemon=True)
        self._thread.start()

    def wake(self) -> None:
        """Sync soon: an answer was just committed."""
        self._wake.set()

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                status = self.sync_once()
                if status.state is SyncState.WAITING:
                    continue  # more to send now
                log.debug("sync %s/%s: next round in %g s", self.link.campaign,
                          self.link.annotator, self.retry_seconds)
                self._wake.wait(self.retry_seconds)
                self._wake.clear()
        finally:
            self.close()

    # -- one round -------------------------------------------------------------------------------

    def sync_once(self) -> SyncStatus:
        """One round: one small query (has the assignment changed? was the store rolled back?),
        a new epoch if it was, one batch sent, the assignments pulled if they changed; the status
        after it (never raises)."""
        try:
            local = self._local_db()
            waiting = pending_count(local)
        except sqlite3.Error as error:
            return self._report(SyncStatus(SyncState.OFFLINE, self.status.waiting,
                                           f"the store cannot be read now ({error})"))
        try:
            server = self._server_db()
            state = self._server_state(local, server)
            # No members row visible: not (or no longer) a member; nothing to reconcile with.
            if state is not None and epoch_due(local, state.batches):
                start_epoch(local, server, self.link.campaign, self.link.annotator)
                self._device = device_id(local)
            pushed = self._push_batch(local, server)
            assigned = self._pull_assignments(
                local, server, state.assignment_version if state is not None else "none")
            waiting = pending_count(local)
            refused = refused_answers(local)
        except InputError as error:
            self._drop_server()
            return self._report(SyncStatus(SyncState.OFFLINE, waiting, error.diagnostic.message))
        except sqlite3.Error as error:
            return self._report(SyncStatus(SyncState.OFFLINE, waiting,
                                           f"the store cannot be written now ({error})"))
        except Exception as error:  # the driver's errors: the server went away mid-batch
            if not _is_driver_error(error):
                raise
            self._drop_server()
            reason = server_error(self.link.url, error, "cannot send the answers")
            return self._report(SyncStatus(SyncState.OFFLINE, waiting,
                                           reason.diagnostic.message))
        state = SyncState.SYNCED if waiting == 0 else SyncState.WAITING
        if state is SyncState.WAITING and pushed == 0:
            # Nothing was accepted although answers wait: do not spin.
            state = SyncState.OFFLINE
        log.debug("sync %s/%s: %d answers sent, %d waiting, %d refused, %d assignments pulled",
                  self.link.campaign, self.link.annotator, pushed, waiting, len(refused),
                  assigned)
        return self._report(SyncStatus(state, waiting, "", assigned, len(refused),
                                       tuple(map(str, refused[:REFUSED_SHOWN]))))

    def drain(self, deadline_seconds: float = 60.0) -> SyncStatus:
        """Sync until nothing waits, the server is unreachable or the deadline passes."""
        end = time.monotonic() + deadline_seconds
        status = self.sync_once()
        while status.state is SyncState.WAITING and time.monotonic() < end:
            status = self.sync_once()
        return status

    def close(self) -> None:
        self._drop_server()
        if self._local is not None:
            with contextlib.suppress(sqlite3.Error):
                self._local.close()
            self._local = None

    # -- parts -----------------------------------------------------------------------------------

    def _report(self, status: SyncStatus) -> SyncStatus:
        if status.state is SyncState.OFFLINE:
            log.debug("sync %s/%s offline (%d waiting): %s", self.link.campaign,
                      self.link.annotator, status.waiting, status.reason or "nothing accepted")
        self.status = status
        listener = self.on_status
        if listener is not None:
            try:
                listener(status)
            except RuntimeError:
                # The window that listened is gone (a deleted Qt object): sync on, unheard.
                self.on_status = None
        return status

    def _local_db(self) -> sqlite3.Connection:
        if self._local is None:
            # mode=rw: a store deleted meanwhile is an error, never re-created empty.
            db = sqlite3.connect(f"{self.store_path.resolve().as_uri()}?mode=rw", uri=True,
                                 isolation_level=None, timeout=STORE_BUSY_TIMEOUT_S,
                                 check_same_thread=False)
            try:
                # This connection only writes what may be lost (the outbox's confirmations,
                # the assignments pulled): without an fsync per commit it holds the store's
                # lock for microseconds, not for the GUI's 200 ms of patience. After a power
                # cut the answers are merely sent again.
                db.execute("PRAGMA synchronous=NORMAL")
                self._device = device_id(db)
            except sqlite3.Error:
                db.close()
                raise
            self._local = db
        return self._local

    def _server_db(self) -> Any:
        if self._server is None or self._server.closed:
            server = connect_link(self.link, timeout=self.connect_timeout)
            # An idle round is one statement, one round trip: no BEGIN/COMMIT around it. The
            # writes keep their explicit transactions.
            server.autocommit = True
            self._server = server
        return self._server

    def _server_state(self, local: sqlite3.Connection, server: Any) -> _ServerState | None:
        """The annotator's assignment version and the batches the server recorded for this
        store's device (None: no members row is visible): one small query, whatever the size
        of the assignment."""
        import psycopg

        # Read at every round: another worker on the same store may have begun an epoch.
        self._device = device_id(local)
        try:
            row = server.execute(_STATE_SQL, (self._device, self.link.campaign,
                                              self.link.annotator)).fetchone()
        except (psycopg.errors.UndefinedColumn, psycopg.errors.UndefinedTable) as error:
            raise InputError.at(None, "campaign-server-old",
                                "the campaign database was made by an older LexSub Studio; "
                                "the organiser must bring it up to date before answers can "
                                "be sent") from error
        if row is None:
            return None
        return _ServerState(str(row[0]), None if row[1] is None else int(row[1]))

    def _drop_server(self) -> None:
        if self._server is not None:
            with contextlib.suppress(Exception):
                self._server.close()
            self._server = None

    def _push_batch(self, local: sqlite3.Connection, server: Any) -> int:
        rows = local.execute(_PENDING_SQL, (BATCH_SIZE,)).fetchall()
        if not rows:
            return 0
        self._note_batch(local, server)
        link = self.link
        parameters = []
        for (lexelt, id_, revision, changed_at, sub1, sub2, sub3, multiword, nil, proper_name,
             comment, seconds, deleted) in rows:
            parameters.append((link.campaign, link.annotator, lexelt, id_, sub1 or "",
                               sub2 or "", sub3 or "", multiword or "", bool(nil),
                               bool(proper_name), comment or "", seconds, bool(deleted),
                               revision, self._device, _timestamp(changed_at)))
        try:
            with server.transaction(), server.cursor() as cursor:
                cursor.executemany(_PUSH_SQL, parameters)
            refused: dict[int, str] = {}
        except Exception as error:
            if not _refused_by_server(error):
                raise
            log.debug("the server refused a batch of %d answers (%s); sending them one by one",
                      len(parameters), refusal_reason(error))
            refused = _push_one_by_one(server, parameters)
        sent = [(row[2], row[0], row[1]) for index, row in enumerate(rows)
                if index not in refused]
        now = datetime.now(UTC).isoformat(timespec="microseconds")
        # Only now, after the server committed: a kill before this line sends them again.
        local.execute("BEGIN IMMEDIATE")
        try:
            local.executemany(
                "UPDATE outbox SET synced_revision = max(synced_revision, ?) "
                "WHERE lexelt = ? AND id = ?", sent)
            if local.execute("SELECT EXISTS (SELECT 1 FROM outbox_refused)").fetchone()[0]:
                # A refused answer edited since then and now accepted is no longer refused.
                local.executemany("DELETE FROM outbox_refused WHERE revision <= ? "
                                  "AND lexelt = ? AND id = ?", sent)
            local.executemany(
                "INSERT OR REPLACE INTO outbox_refused (lexelt, id, revision, reason, "
                "refused_at) VALUES (?, ?, ?, ?, ?)",
                [(rows[index][0], rows[index][1], rows[index][2], reason, now)
                 for index, reason in refused.items()])
            local.execute("COMMIT")
        except sqlite3.Error:
            with contextlib.suppress(sqlite3.Error):
                local.execute("ROLLBACK")
            raise
        return len(rows)

    def _note_batch(self, local: sqlite3.Connection, server: Any) -> None:
        """Count the batch just read in the store, then on the server, before it is sent: a
        store holding fewer batches than the server recorded was rolled back (device.py)."""
        count = count_batch(local)
        record_batch(server, self.link.campaign, self.link.annotator, str(self._device), count)

    def _pull_assignments(self, local: sqlite3.Connection, server: Any, version: str) -> int:
        """The assignments, pulled only when their version moved since the store's last pull;
        how many there are."""
        if version == meta_value(local, ASSIGNMENT_VERSION_KEY):
            if self._assigned is None:
                self._assigned = int(local.execute(
                    "SELECT count(*) FROM campaign_assignments").fetchone()[0])
            return self._assigned
        with server.transaction():
            keys = {(str(lexelt), str(id_)) for lexelt, id_ in server.execute(
                "SELECT lexelt, id FROM lexsub.assignments WHERE campaign = %s "
                "AND annotator = %s", (self.link.campaign, self.link.annotator))}
        # The version read before the pull goes with it: a change made meanwhile raised the
        # version again, and the next round pulls once more.
        changed = keys != assigned_keys(local)
        local.execute("BEGIN IMMEDIATE")
        try:
            if changed:
                local.execute("DELETE FROM campaign_assignments")
                local.executemany("INSERT INTO campaign_assignments VALUES (?, ?)", sorted(keys))
            local.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                          (ASSIGNMENT_VERSION_KEY, version))
            local.execute("COMMIT")
        except sqlite3.Error:
            with contextlib.suppress(sqlite3.Error):
                local.execute("ROLLBACK")
            raise
        self._assigned = len(keys)
        if changed:
            self._tell_assignments(frozenset(keys))
        return len(keys)

    def _tell_assignments(self, keys: frozenset[tuple[str, str]]) -> None:
        listener = self.on_assignments
        if listener is not None:
            try:
                listener(keys)
            except RuntimeError:
                self.on_assignments = None  # the window that listened is gone


def _timestamp(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return datetime.now(UTC)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _is_driver_error(error: Exception) -> bool:
    import psycopg

    return isinstance(error, psycopg.Error)


def _refused_by_server(error: Exception) -> bool:
    """Whether ``error`` is about the data of an answer (so one answer may be at fault), not
    about the connection, the login, the rights or the membership (which no answer changes)."""
    import psycopg

    if isinstance(error, UnicodeEncodeError):
        return True  # a lone surrogate: no encoding the server speaks can carry it
    if isinstance(error, psycopg.errors.ForeignKeyViolation):
        return False  # the annotator is no member (any more): every answer would be refused
    return isinstance(error, psycopg.DataError | psycopg.IntegrityError)


def _push_one_by_one(server: Any, parameters: list[tuple[Any, ...]]) -> dict[int, str]:
    """Send each answer in a savepoint of one transaction; the refused ones (their index in
    ``parameters``, the reason) are left out and the rest committed."""
    refused: dict[int, str] = {}
    with server.transaction(), server.cursor() as cursor:
        for index, values in enumerate(parameters):
            try:
                with server.transaction():
                    cursor.execute(_PUSH_SQL, values)
            except Exception as error:
                if not _refused_by_server(error):
                    raise
                refused[index] = refusal_reason(error)
    return refused


def refusal_reason(error: Exception) -> str:
    """The server's (or the driver's) reason for refusing one answer, as a sentence."""
    if isinstance(error, UnicodeEncodeError):
        return (f"the server refused it: a text holds {error.object[error.start]!r}, a lone "
                "surrogate, which UTF-8 cannot encode")
    text = str(error).strip().splitlines()
    return f"the server refused it: {text[0] if text else type(error).__name__}"
