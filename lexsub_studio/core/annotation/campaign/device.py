"""A store's device on the campaign server, and the new epoch a restored store starts.

Answers are keyed on the server by (campaign, annotator, instance) and ordered by the revision
each store counts per answer, so a store must never count again revisions the server already
holds from it. A store rolled back (a backup restored by the app or copied back by hand, a
salvaged store whose answers restart at revision 1) would, and its later edits would be taken
for retries ("already") or stale sends ("older") and dropped. So every store counts the batches
it sends (``batches`` in its meta, raised in the same moment it reads a batch) and the server
records the highest count per device (``lexsub.devices``). A store holding fewer batches than the
server recorded for its device was rolled back; restore and salvage also say so in the store's
meta (``EPOCH_DUE_KEY``). Either way, before sending anything, the worker starts a new epoch:

1. It reads this annotator's answers on the server and compares each with the store.
2. Where they agree, the store's revision is raised to the server's (a later edit goes above).
3. Where they differ, the later change wins (revisions of a rolled-back store mean nothing):
   a store answer changed after the server's copy is sent with a revision above the server's,
   and the server's copy is kept in ``lexsub.conflicts``; a store answer older than the server's
   copy is not sent, is kept in ``lexsub.conflicts``, and the store counts from the server's
   revision on. An answer only the server holds gets its revision into the store's outbox (not
   sent); one only the store holds is sent.
4. The store takes a new device id (the old ones remembered as its ancestors, and told to the
   server with the moment the epoch began), so a copy of the store still in use elsewhere can
   never collide with it; replacing an answer of its own earlier epochs keeps no conflict row.

Each step can be interrupted: the new id is kept in the store before the server hears of it
(``NEXT_DEVICE_KEY``), the server's rows are written idempotently, and the store's outbox changes
in one transaction that only then retires the old id.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

DEVICE_KEY = "device_id"
#: The devices this store was before its epochs began (JSON list, oldest first).
ANCESTORS_KEY = "device_ancestors"
#: The id the epoch being started takes (kept until the store's outbox is renumbered).
NEXT_DEVICE_KEY = "device_next"
#: Batches this store has sent (or begun to send) to the campaign server.
BATCHES_KEY = "campaign_batches"
#: Set by restoring a backup or salvaging: the next sync starts a new epoch, whatever it counts.
EPOCH_DUE_KEY = "campaign_epoch_due"

_CONTENT_COLUMNS = ("sub1", "sub2", "sub3", "multiword", "nil", "proper_name", "comment",
                    "seconds")
_LOCAL_SQL = f"""
    SELECT o.lexelt, o.id, o.revision, o.synced_revision, o.changed_at, a.lexelt IS NULL,
           {', '.join(f'a.{column}' for column in _CONTENT_COLUMNS)}
      FROM outbox AS o LEFT JOIN answers AS a ON a.lexelt = o.lexelt AND a.id = o.id"""
_SERVER_SQL = f"""
    SELECT lexelt, id, revision, changed_at, deleted, device,
           {', '.join(_CONTENT_COLUMNS)}
      FROM lexsub.answers WHERE campaign = %s AND annotator = %s"""
_CONFLICT_SQL = """
    INSERT INTO lexsub.conflicts (campaign, annotator, lexelt, id, sub1, sub2, sub3, multiword,
                                  nil, proper_name, comment, seconds, deleted, revision, device,
                                  changed_at, winner_revision, winner_device)
    VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)
    ON CONFLICT DO NOTHING"""

Key = tuple[str, str]


def meta_value(db: sqlite3.Connection, key: str) -> str | None:
    row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def device_id(db: sqlite3.Connection) -> str:
    """This store's device: made once, kept in the store; a new one at each new epoch."""
    found = meta_value(db, DEVICE_KEY)
    if found is not None:
        return found
    db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)",
               (DEVICE_KEY, uuid.uuid4().hex))
    return str(meta_value(db, DEVICE_KEY))


def batches_sent(db: sqlite3.Connection) -> int:
    found = meta_value(db, BATCHES_KEY)
    try:
        return int(found) if found is not None else 0
    except ValueError:
        return 0


def count_batch(db: sqlite3.Connection) -> int:
    """Raise the store's batch count (committed before the batch leaves); the new count."""
    db.execute("BEGIN IMMEDIATE")
    try:
        count = batches_sent(db) + 1
        db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                   (BATCHES_KEY, str(count)))
        db.execute("COMMIT")
    except sqlite3.Error:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    return count


def record_batch(server: Any, campaign: str, annotator: str, device: str, count: int) -> None:
    """Tell the server this device has sent ``count`` batches (never lowers its record)."""
    with server.transaction():
        server.execute(
            "INSERT INTO lexsub.devices (campaign, annotator, device, batches) "
            "VALUES (%s, %s, %s, %s) ON CONFLICT (campaign, annotator, device) "
            "DO UPDATE SET batches = greatest(lexsub.devices.batches, excluded.batches)",
            (campaign, annotator, device, count))


def epoch_due(db: sqlite3.Connection, recorded_batches: int | None) -> bool:
    """Whether the store must start a new epoch before it sends anything: it was marked
    (restored, salvaged, an epoch left half-made), or the server's count of its batches is not
    the store's. More on the server: the store was rolled back. Fewer: the server was (restored
    from a dump) and lost answers the store counts as sent; or, rarely, a worker was stopped
    between counting a batch and the server recording it, when reconciling changes nothing."""
    if meta_value(db, EPOCH_DUE_KEY) is not None or meta_value(db, NEXT_DEVICE_KEY) is not None:
        return True
    sent = batches_sent(db)
    if recorded_batches is None:
        return sent > 0
    return recorded_batches != sent


def mark_epoch_due(db: sqlite3.Connection, reason: str) -> None:
    """Restore and salvage call this on the store they made (outside any transaction)."""
    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (EPOCH_DUE_KEY, reason))


@dataclass(frozen=True, slots=True)
class EpochOutcome:
    device: str
    #: Store answers newer than the server's copy, now waiting to be sent.
    resent: int
    #: Differences kept in lexsub.conflicts (the side that lost).
    conflicts: int


def start_epoch(local: sqlite3.Connection, server: Any, campaign: str,
                annotator: str) -> EpochOutcome:
    """Reconcile the store with the server's copy of its answers and take a new device id."""
    old = device_id(local)
    new = meta_value(local, NEXT_DEVICE_KEY)
    if new is None:
        new = uuid.uuid4().hex
        local.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                      (NEXT_DEVICE_KEY, new))
    ancestors = [*_ancestors(local), old]
    with server.transaction():
        remote = {(str(row[0]), str(row[1])): row for row in server.execute(
            _SERVER_SQL, (campaign, annotator))}
    snapshot = {(str(row[0]), str(row[1])): row for row in local.execute(_LOCAL_SQL)}
    plan = _plan(snapshot, remote, {*ancestors})
    conflicts = [_conflict_row(campaign, annotator, new, side, winner)
                 for side, winner in plan.conflicts]
    with server.transaction():
        server.execute(
            "INSERT INTO lexsub.devices (campaign, annotator, device, ancestors) "
            "VALUES (%s, %s, %s, %s) ON CONFLICT (campaign, annotator, device) DO NOTHING",
            (campaign, annotator, new, ancestors))
        if conflicts:
            with server.cursor() as cursor:
                cursor.executemany(_CONFLICT_SQL, conflicts)
    local.execute("BEGIN IMMEDIATE")
    try:
        # A change saved by the annotator since the snapshot is newer than anything: it goes
        # above the server's revision and is sent, whatever the plan said.
        local.executemany(
            "UPDATE outbox SET "
            "synced_revision = CASE WHEN revision = ? AND changed_at = ? THEN ? ELSE 0 END, "
            "revision = CASE WHEN revision = ? AND changed_at = ? THEN ? "
            "ELSE max(revision, ?) END WHERE lexelt = ? AND id = ?",
            [(before, changed, synced, before, changed, revision, above, *key)
             for key, (before, changed, revision, synced, above) in plan.renumber.items()])
        local.executemany(
            "INSERT INTO outbox (lexelt, id, revision, synced_revision, changed_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (lexelt, id) DO UPDATE SET "
            "revision = max(outbox.revision, excluded.revision + 1), synced_revision = 0",
            [(*key, revision, revision, changed) for key, (revision, changed)
             in plan.adopt.items()])
        # The batches are counted per device: the new one has sent none yet.
        local.executemany(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
            [(DEVICE_KEY, new), (ANCESTORS_KEY, json.dumps(ancestors)), (BATCHES_KEY, "0")])
        local.execute("DELETE FROM meta WHERE key IN (?, ?)", (NEXT_DEVICE_KEY, EPOCH_DUE_KEY))
        local.execute("COMMIT")
    except sqlite3.Error:
        with contextlib.suppress(sqlite3.Error):
            local.execute("ROLLBACK")
        raise
    return EpochOutcome(new, plan.resent, len(conflicts))


@dataclass(slots=True)
class _Plan:
    #: key -> (revision and change time in the snapshot, new revision, new synced revision,
    #: the least revision should the annotator have changed it since).
    renumber: dict[Key, tuple[int, str, int, int, int]]
    #: key -> (the server's revision, its change time): answers only the server holds.
    adopt: dict[Key, tuple[int, str]]
    #: (the losing side's row, (the winner's revision, the winner's device or None for the new)).
    conflicts: list[tuple[tuple[Any, ...], tuple[int, str | None]]]
    resent: int = 0


def _plan(snapshot: dict[Key, tuple[Any, ...]], remote: dict[Key, tuple[Any, ...]],
          lineage: set[str]) -> _Plan:
    """What to do with each answer; ``lineage`` holds the store's device ids so far."""
    plan = _Plan({}, {}, [])
    for key, server_row in remote.items():
        theirs_revision, theirs_changed = int(server_row[2]), server_row[3]
        mine = snapshot.get(key)
        if mine is None:
            plan.adopt[key] = (theirs_revision, _iso(theirs_changed))
            continue
        revision, changed = int(mine[2]), str(mine[4])
        above = theirs_revision + 1
        if _local_content(mine) == _server_content(server_row):
            settled = max(revision, theirs_revision)
            plan.renumber[key] = (revision, changed, settled, settled, above)
        elif str(server_row[5]) in lineage and theirs_revision < revision:
            # The server is behind this very store (it lost what it was sent, or the edit is
            # simply waiting): sent again, nothing to keep.
            plan.renumber[key] = (revision, changed, revision, 0, above)
            plan.resent += 1
        elif _moment(changed) > theirs_changed:
            # The store's answer is the later change: it wins, the server's copy is kept.
            new_revision = max(revision, above)
            plan.renumber[key] = (revision, changed, new_revision, 0, above)
            plan.conflicts.append((_server_side(server_row), (new_revision, None)))
            plan.resent += 1
        else:
            # The server holds a later change than the store: the store's older answer is kept
            # as the losing side, and the store counts on from the server's revision.
            settled = max(revision, theirs_revision)
            plan.renumber[key] = (revision, changed, settled, settled, above)
            plan.conflicts.append((_local_side(key, mine),
                                   (theirs_revision, str(server_row[5]))))
    for key, mine in snapshot.items():
        if key not in remote:
            # Never received by the server (or lost by it): sent again.
            plan.renumber[key] = (int(mine[2]), str(mine[4]), int(mine[2]), 0, int(mine[2]))
            plan.resent += 1
    return plan


def _ancestors(local: sqlite3.Connection) -> list[str]:
    try:
        found = json.loads(meta_value(local, ANCESTORS_KEY) or "[]")
    except ValueError:
        return []
    return [str(device) for device in found] if isinstance(found, list) else []


def _local_content(row: tuple[Any, ...]) -> tuple[Any, ...]:
    if row[5]:  # no answer row: deleted
        return ("deleted",)
    sub1, sub2, sub3, multiword, nil, proper_name, comment, seconds = row[6:14]
    return (sub1 or "", sub2 or "", sub3 or "", multiword or "", bool(nil), bool(proper_name),
            comment or "", seconds)


def _server_content(row: tuple[Any, ...]) -> tuple[Any, ...]:
    if row[4]:
        return ("deleted",)
    sub1, sub2, sub3, multiword, nil, proper_name, comment, seconds = row[6:14]
    return (sub1, sub2, sub3, multiword, bool(nil), bool(proper_name), comment, seconds)


def _server_side(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """(lexelt, id, content..., deleted, revision, device, changed_at) of the server's copy."""
    lexelt, id_, revision, changed_at, deleted, device = row[:6]
    return (lexelt, id_, *row[6:14], bool(deleted), int(revision), str(device), changed_at)


def _local_side(key: Key, row: tuple[Any, ...]) -> tuple[Any, ...]:
    deleted = bool(row[5])
    content = ("", "", "", "", False, False, "", None) if deleted else (
        *(value or "" for value in row[6:10]), bool(row[10]), bool(row[11]), row[12] or "",
        row[13])
    return (*key, *content, deleted, int(row[2]), None, _moment(str(row[4])))


def _conflict_row(campaign: str, annotator: str, new_device: str, side: tuple[Any, ...],
                  winner: tuple[int, str | None]) -> tuple[Any, ...]:
    # A side or a winner without a device is the store's, which is the new epoch's now.
    lexelt_to_revision, device, changed_at = side[:12], side[12], side[13]
    return (campaign, annotator, *lexelt_to_revision,
            device if device is not None else new_device, changed_at, winner[0],
            winner[1] if winner[1] is not None else new_device)


def _moment(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return datetime.min.replace(tzinfo=UTC)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")
