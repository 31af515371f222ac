"""Sync rounds on a real PostgreSQL: an idle round's cost, and stores rolled back by a restore,
a copy put back by hand or a salvage, whose later edits must all reach the server."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from campaign_fixtures import made_up_corpus
from psycopg import pq

from lexsub_studio.core.annotation.campaign.db import (
    assign,
    campaign_conflicts,
    connect,
    init_campaign,
)
from lexsub_studio.core.annotation.campaign.link import CampaignLink
from lexsub_studio.core.annotation.campaign.sync import CampaignSync, SyncState, assigned_keys
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.annotation.store_backups import make_backup, restore_backup, salvage
from lexsub_studio.core.model.data import ResponseRow

Key = tuple[str, str]


def _campaign(url: str, annotators: list[str], per_instance: int = 1) -> dict[str, CampaignLink]:
    corpus, xml = made_up_corpus(6)
    init_campaign(url, "round1", "Round one", corpus, xml)
    return {link.annotator: link
            for link in assign(url, "round1", annotators, per_instance, seed=7).new_links}


def _answer(store_path: Path, key: Key, *substitutes: str) -> None:
    store = AnnotationStore.open(store_path)
    try:
        store.put_answer(ResponseRow(key[0], key[1], "amira", substitutes))
    finally:
        store.close()


def _server_answers(url: str) -> dict[Key, str]:
    with connect(url) as db:
        return {(str(lexelt), str(id_)): str(sub1) for lexelt, id_, sub1 in db.execute(
            "SELECT lexelt, id, sub1 FROM lexsub.answers WHERE annotator = 'amira'")}


def _conflicts(url: str) -> list[tuple[Key, tuple[str, ...]]]:
    with connect(url) as db:
        return sorted(((c.lexelt, c.id), c.substitutes)
                      for c in campaign_conflicts(db, url, "round1"))


def _sync(store_path: Path, link: CampaignLink) -> None:
    sync = CampaignSync(store_path, link)
    try:
        assert sync.drain().state is SyncState.SYNCED, sync.status.reason
    finally:
        sync.close()


@contextmanager
def _statements_sent(sync: CampaignSync, trace: Path) -> Iterator[list[str]]:
    """The statements the worker's connection sends meanwhile, from libpq's own trace."""
    server = sync._server
    assert server is not None
    server.prepare_threshold = None  # every statement travels as text, so the trace shows it
    sent: list[str] = []
    with open(trace, "w", encoding="utf-8") as stream:
        server.pgconn.trace(stream.fileno())
        server.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS)
        try:
            yield sent
        finally:
            server.pgconn.untrace()
    for line in trace.read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if len(fields) > 3 and fields[0] == "F" and fields[2] in ("Query", "Parse"):
            sent.append(fields[3])


# -- the cost of a round ------------------------------------------------------------------------


def test_an_idle_round_is_one_small_query_and_a_change_arrives_at_the_next(
        campaign_url: str, tmp_path: Path) -> None:
    links = _campaign(campaign_url, ["amira", "bruno"])
    store_path = tmp_path / "amira.sqlite"
    _answer(store_path, ("bright.a", "1"), "vivid")
    told: list[frozenset[Key]] = []
    sync = CampaignSync(store_path, links["amira"], on_assignments=told.append)
    assert sync.drain().state is SyncState.SYNCED
    assert len(told) == 1

    with _statements_sent(sync, tmp_path / "idle.trace") as sent:
        status = sync.sync_once()
    assert status.state is SyncState.SYNCED
    assert len(sent) == 1, sent
    assert "lexsub.assignments" not in sent[0]
    assert status.assigned == len(told[0])

    # The organiser moves one of amira's instances to bruno: the next round pulls it.
    moved = sorted(told[0])[0]
    with connect(campaign_url) as db:
        db.execute("UPDATE lexsub.assignments SET annotator = 'bruno' WHERE annotator = 'amira' "
                   "AND lexelt = %s AND id = %s", moved)
    with _statements_sent(sync, tmp_path / "changed.trace") as sent:
        status = sync.sync_once()
    assert sum("lexsub.assignments" in statement for statement in sent) == 1
    assert told[-1] == told[0] - {moved}
    local = sqlite3.connect(store_path)
    assert assigned_keys(local) == told[0] - {moved}
    local.close()
    assert status.assigned == len(told[0]) - 1
    # And quiet again afterwards.
    with _statements_sent(sync, tmp_path / "again.trace") as sent:
        sync.sync_once()
    assert len(sent) == 1 and "lexsub.assignments" not in sent[0]
    sync.close()


def test_the_assignment_version_moves_only_for_the_annotators_concerned(
        campaign_url: str) -> None:
    _campaign(campaign_url, ["amira", "bruno", "chen"])

    def versions() -> dict[str, int]:
        with connect(campaign_url) as db:
            return {str(name): int(version) for name, version in db.execute(
                "SELECT annotator, assignment_version FROM lexsub.members")}

    first = versions()
    assert all(version > 0 for version in first.values())
    with connect(campaign_url) as db:
        key = db.execute("SELECT lexelt, id FROM lexsub.assignments "
                         "WHERE annotator = 'amira' LIMIT 1").fetchone()
        db.execute("DELETE FROM lexsub.assignments WHERE annotator = 'amira' AND lexelt = %s "
                   "AND id = %s", key)
    second = versions()
    assert second["amira"] > first["amira"]
    assert (second["bruno"], second["chen"]) == (first["bruno"], first["chen"])
    with connect(campaign_url) as db:
        db.execute("INSERT INTO lexsub.assignments VALUES ('round1', 'chen', %s, %s)", key)
    third = versions()
    assert third["chen"] > second["chen"]
    assert (third["amira"], third["bruno"]) == (second["amira"], second["bruno"])


# -- stores rolled back -------------------------------------------------------------------------


def test_a_store_copied_back_by_hand_loses_no_later_edit(campaign_url: str,
                                                          tmp_path: Path) -> None:
    link = _campaign(campaign_url, ["amira"])["amira"]
    store_path = tmp_path / "amira.sqlite"
    for key, word in ((("bright.a", "1"), "a"), (("bright.a", "2"), "b"),
                      (("bright.a", "4"), "d")):
        _answer(store_path, key, word)
    _sync(store_path, link)
    kept = tmp_path / "kept-copy.sqlite"
    shutil.copyfile(store_path, kept)  # the store is closed: the file is all of it

    # More work, synced: then the laptop's store is replaced by the old copy.
    _answer(store_path, ("bright.a", "1"), "a2")
    _answer(store_path, ("bright.a", "3"), "c")
    _answer(store_path, ("bright.a", "4"), "d2")
    _sync(store_path, link)
    shutil.copyfile(kept, store_path)

    # The annotator carries on: these edits reuse revisions the server already holds.
    _answer(store_path, ("bright.a", "1"), "a3")
    _answer(store_path, ("bright.a", "3"), "c3")
    _sync(store_path, link)
    assert _server_answers(campaign_url) == {
        ("bright.a", "1"): "a3", ("bright.a", "2"): "b", ("bright.a", "3"): "c3",
        ("bright.a", "4"): "d2"}
    # Every difference between the old copy and the server is visible: the server's copies the
    # later edits replaced, and the old copy's answer the server holds a later change of.
    assert _conflicts(campaign_url) == [
        (("bright.a", "1"), ("a2",)), (("bright.a", "3"), ("c",)), (("bright.a", "4"), ("d",))]

    # Later edits of the restored store count above the server's revisions, and replacing
    # the store's own earlier answers keeps no further conflict row.
    _answer(store_path, ("bright.a", "2"), "b2")
    _answer(store_path, ("bright.a", "4"), "d3")
    _sync(store_path, link)
    assert _server_answers(campaign_url)[("bright.a", "2")] == "b2"
    assert _server_answers(campaign_url)[("bright.a", "4")] == "d3"
    assert len(_conflicts(campaign_url)) == 3


def test_a_backup_restored_by_the_app_starts_a_new_epoch(campaign_url: str,
                                                          tmp_path: Path) -> None:
    link = _campaign(campaign_url, ["amira"])["amira"]
    store_path = tmp_path / "amira.sqlite"
    _answer(store_path, ("pale.a", "19"), "wan")
    _sync(store_path, link)
    backup = make_backup(store_path)
    _answer(store_path, ("pale.a", "19"), "ashen")
    _sync(store_path, link)
    restore_backup(store_path, backup)
    _answer(store_path, ("pale.a", "19"), "pallid")
    _sync(store_path, link)
    assert _server_answers(campaign_url) == {("pale.a", "19"): "pallid"}
    assert _conflicts(campaign_url) == [(("pale.a", "19"), ("ashen",))]


def test_a_salvaged_store_loses_no_later_edit(campaign_url: str, tmp_path: Path) -> None:
    link = _campaign(campaign_url, ["amira"])["amira"]
    store_path = tmp_path / "amira.sqlite"
    _answer(store_path, ("pale.a", "19"), "wan")
    _answer(store_path, ("pale.a", "19"), "ashen")  # revision 2 on the server
    _answer(store_path, ("pale.a", "20"), "faint")
    _sync(store_path, link)
    # Salvage restarts every answer at revision 1, under the same device.
    assert salvage(store_path).answers == 2
    _answer(store_path, ("pale.a", "19"), "pallid")
    _sync(store_path, link)
    assert _server_answers(campaign_url) == {("pale.a", "19"): "pallid",
                                             ("pale.a", "20"): "faint"}
    # The salvaged answer equal to the server's is no conflict; the replaced one is kept.
    assert _conflicts(campaign_url) == [(("pale.a", "19"), ("ashen",))]


def test_answers_a_restored_server_lost_are_sent_again(campaign_url: str,
                                                        tmp_path: Path) -> None:
    link = _campaign(campaign_url, ["amira"])["amira"]
    store_path = tmp_path / "amira.sqlite"
    _answer(store_path, ("pale.a", "19"), "wan")
    _sync(store_path, link)
    _answer(store_path, ("pale.a", "19"), "ashen")
    _answer(store_path, ("pale.a", "20"), "faint")
    _sync(store_path, link)
    # The server goes back to a dump taken after the first batch: the store counts the lost
    # answers as sent.
    with connect(campaign_url) as db:
        db.execute("UPDATE lexsub.answers SET sub1 = 'wan', revision = 1 "
                   "WHERE lexelt = 'pale.a' AND id = '19'")
        db.execute("DELETE FROM lexsub.answers WHERE lexelt = 'pale.a' AND id = '20'")
        db.execute("UPDATE lexsub.devices SET batches = 1")
    _sync(store_path, link)
    assert _server_answers(campaign_url) == {("pale.a", "19"): "ashen",
                                             ("pale.a", "20"): "faint"}
    assert _conflicts(campaign_url) == []  # the server was behind: nothing to keep aside


def test_one_revision_of_one_device_with_other_content_is_kept_not_taken_for_a_retry(
        campaign_url: str) -> None:
    _campaign(campaign_url, ["amira"])

    def push(revision: int, word: str) -> str:
        with connect(campaign_url) as db:
            return str(db.execute(
                "SELECT lexsub.push_answer('round1', 'amira', 'pale.a', '19', %s, '', '', '', "
                "false, false, '', NULL, false, %s, 'laptop', now())",
                (word, revision)).fetchone()[0])

    assert push(2, "wan") == "stored"
    assert push(2, "wan") == "already"  # a retry
    assert push(2, "ashen") == "conflict"  # two copies of one store
    assert push(2, "ashen") == "conflict"
    assert _server_answers(campaign_url) == {("pale.a", "19"): "wan"}
    assert _conflicts(campaign_url) == [(("pale.a", "19"), ("ashen",))]
    with connect(campaign_url) as db:
        assert db.execute("SELECT device FROM lexsub.conflicts").fetchone()[0] == "laptop (copy)"
