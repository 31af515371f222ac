"""The campaign database on a real PostgreSQL: schema, assignment, row-level security, sync."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg
import pytest
from campaign_fixtures import made_up_corpus

from lexsub_studio.core.annotation.campaign.db import (
    assign,
    campaign_conflicts,
    campaign_responses,
    campaign_status,
    connect,
    init_campaign,
    schema_version,
)
from lexsub_studio.core.annotation.campaign.link import CampaignLink
from lexsub_studio.core.annotation.campaign.plan import assign as package_assign
from lexsub_studio.core.annotation.campaign.plan import corpus_keys
from lexsub_studio.core.annotation.campaign.schema import SCHEMA_VERSION
from lexsub_studio.core.annotation.campaign.sync import CampaignSync, SyncState, assigned_keys
from lexsub_studio.core.annotation.server_url import split_url
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.model.diagnostics import InputError


def _campaign(url: str, annotators: list[str], name: str = "round1",
              per_lexelt: int = 6, per_instance: int = 2) -> dict[str, CampaignLink]:
    corpus, xml = made_up_corpus(per_lexelt)
    init_campaign(url, name, "Round one", corpus, xml)
    result = assign(url, name, annotators, per_instance, seed=7)
    return {link.annotator: link for link in result.new_links}


def _store(tmp_path: Path, name: str) -> AnnotationStore:
    return AnnotationStore.open(tmp_path / f"{name}.sqlite")


def _row(key: tuple[str, str], annotator: str, *substitutes: str) -> ResponseRow:
    return ResponseRow(key[0], key[1], annotator, substitutes)


def _server_answers(url: str, campaign: str = "round1") -> list[tuple]:
    with connect(url) as db:
        return db.execute(
            "SELECT annotator, lexelt, id, sub1, revision, deleted FROM lexsub.answers "
            "WHERE campaign = %s ORDER BY annotator, lexelt, id", (campaign,)).fetchall()


def test_init_makes_the_schema_and_loads_the_corpus(campaign_url: str) -> None:
    corpus, xml = made_up_corpus(3)
    info = init_campaign(campaign_url, "round1", "Round one", corpus, xml)
    assert info.instances == len(corpus_keys(corpus))
    with connect(campaign_url) as db:
        assert schema_version(db) == SCHEMA_VERSION
        keys = db.execute("SELECT lexelt, id FROM lexsub.instances ORDER BY position").fetchall()
    assert [tuple(key) for key in keys] == corpus_keys(corpus)
    with pytest.raises(InputError, match="already exists"):
        init_campaign(campaign_url, "round1", "Again", corpus, xml)
    # A second campaign in the same database reuses the tables.
    assert init_campaign(campaign_url, "round2", "Round two", corpus, xml).name == "round2"


def test_assignment_is_the_packages_one_and_can_change(campaign_url: str) -> None:
    corpus, xml = made_up_corpus(5)
    init_campaign(campaign_url, "round1", "Round one", corpus, xml)
    result = assign(campaign_url, "round1", ["amira", "bruno", "chen"], 2, seed=3)
    expected = package_assign(corpus_keys(corpus), ["amira", "bruno", "chen"], 2, 3)
    with connect(campaign_url) as db:
        stored = db.execute("SELECT annotator, lexelt, id FROM lexsub.assignments").fetchall()
    assert {(a, (lx, i)) for a, lx, i in stored} == {
        (name, key) for name, keys in expected.items() for key in keys}
    assert result.loads == {name: len(keys) for name, keys in expected.items()}
    assert {link.annotator for link in result.new_links} == {"amira", "bruno", "chen"}
    # Re-assigning with one more annotator: only the newcomer gets a role; the loads move.
    again = assign(campaign_url, "round1", ["amira", "bruno", "chen", "dana"], 2, seed=3)
    assert [link.annotator for link in again.new_links] == ["dana"]
    assert sum(again.loads.values()) == 2 * len(corpus)
    assert max(again.loads.values()) - min(again.loads.values()) <= 1


def test_annotator_a_can_neither_read_nor_write_b_rows(campaign_url: str, tmp_path: Path
                                                       ) -> None:
    links = _campaign(campaign_url, ["amira", "bruno"], per_instance=2)
    key_a, key_b = ("bright.a", "1"), ("bright.a", "2")
    for name, key in (("amira", key_a), ("bruno", key_b)):
        store = _store(tmp_path, name)
        store.put_answer(_row(key, name, f"word-of-{name}"))
        assert CampaignSync(store.path, links[name]).drain().state is SyncState.SYNCED
        store.close()

    with psycopg.connect(**links["amira"].connection_arguments()) as amira:
        amira.autocommit = True
        # Reading: only her own rows, whatever the query says.
        assert {row[0] for row in amira.execute(
            "SELECT annotator FROM lexsub.answers")} == {"amira"}
        assert amira.execute("SELECT count(*) FROM lexsub.answers "
                             "WHERE annotator = 'bruno'").fetchone()[0] == 0
        assert {row[0] for row in amira.execute(
            "SELECT DISTINCT annotator FROM lexsub.assignments")} == {"amira"}
        assert {row[0] for row in amira.execute(
            "SELECT annotator FROM lexsub.members")} == {"amira"}
        # Writing: updates of B's rows touch nothing, inserts as B are refused, deletes too.
        changed = amira.execute("UPDATE lexsub.answers SET sub1 = 'hacked' "
                                "WHERE annotator = 'bruno'")
        assert changed.rowcount == 0
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            amira.execute(
                "INSERT INTO lexsub.answers (campaign, annotator, lexelt, id, revision, device, "
                "changed_at) VALUES ('round1', 'bruno', 'pale.a', '19', 9, 'x', now())")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            amira.execute("DELETE FROM lexsub.answers")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            amira.execute("SELECT lexsub.push_answer('round1', 'bruno', 'bright.a', '2', "
                          "'mine', '', '', '', false, false, '', NULL, false, 99, 'x', now())")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            amira.execute("INSERT INTO lexsub.assignments VALUES "
                          "('round1', 'amira', 'bright.a', '2')")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            amira.execute("UPDATE lexsub.members SET role = current_user "
                          "WHERE annotator = 'bruno'")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            amira.execute("ALTER TABLE lexsub.answers DISABLE ROW LEVEL SECURITY")
    # B's answer is untouched; the organiser (the tables' owner) sees both.
    assert [(a, lx, i, s) for a, lx, i, s, _, _ in _server_answers(campaign_url)] == [
        ("amira", "bright.a", "1", "word-of-amira"), ("bruno", "bright.a", "2", "word-of-bruno")]


def test_sync_sends_each_revision_once_and_pulls_assignments(campaign_url: str,
                                                             tmp_path: Path) -> None:
    links = _campaign(campaign_url, ["amira", "bruno"])
    store = _store(tmp_path, "amira")
    store.put_answer(_row(("bright.a", "1"), "amira", "vivid"))
    store.put_answer(_row(("charge.n", "8"), "amira", "fee"))
    sync = CampaignSync(store.path, links["amira"])
    status = sync.drain()
    assert (status.state, status.waiting) == (SyncState.SYNCED, 0)
    assert status.text() == "synced"
    first = _server_answers(campaign_url)
    assert [(lx, i, s, r) for _, lx, i, s, r, _ in first] == [
        ("bright.a", "1", "vivid", 1), ("charge.n", "8", "fee", 1)]
    # A kill between the server's commit and the outbox's update: everything is sent again,
    # and the server still holds each answer once, at the same revision.
    db = sqlite3.connect(store.path)
    db.execute("UPDATE outbox SET synced_revision = 0")
    db.commit()
    db.close()
    assert sync.drain().state is SyncState.SYNCED
    assert _server_answers(campaign_url) == first
    # A change raises the revision; a deletion travels as a deleted row.
    store.put_answer(_row(("bright.a", "1"), "amira", "shining"))
    store.delete_answer(("charge.n", "8"))
    assert sync.drain().state is SyncState.SYNCED
    assert [(lx, i, s, r, d) for _, lx, i, s, r, d in _server_answers(campaign_url)] == [
        ("bright.a", "1", "shining", 2, False), ("charge.n", "8", "", 2, True)]
    # The assignments came down into the store.
    local = sqlite3.connect(store.path)
    with connect(campaign_url) as server:
        expected = {tuple(row) for row in server.execute(
            "SELECT lexelt, id FROM lexsub.assignments WHERE annotator = 'amira'")}
    assert assigned_keys(local) == expected and expected
    local.close()
    sync.close()
    store.close()


def test_an_older_revision_never_overwrites_a_newer(campaign_url: str) -> None:
    _campaign(campaign_url, ["amira"], per_instance=1)

    def push(revision: int, word: str, device: str = "laptop") -> str:
        with connect(campaign_url) as db:
            return str(db.execute(
                "SELECT lexsub.push_answer('round1', 'amira', 'pale.a', '19', %s, '', '', '', "
                "false, false, '', NULL, false, %s, %s, now())",
                (word, revision, device)).fetchone()[0])

    assert push(2, "wan") == "stored"
    assert push(1, "ashen") == "older"
    assert push(2, "wan") == "already"
    assert [(s, r) for _, _, _, s, r, _ in _server_answers(campaign_url)] == [("wan", 2)]


def test_two_laptops_newer_revision_wins_and_the_other_is_kept(campaign_url: str,
                                                               tmp_path: Path) -> None:
    links = _campaign(campaign_url, ["amira"], per_instance=1)
    key = ("settle.v", "13")
    home, office = _store(tmp_path, "home"), _store(tmp_path, "office")
    home.put_answer(_row(key, "amira", "resolve"))
    office.put_answer(_row(key, "amira", "decide"))
    office.put_answer(_row(key, "amira", "agree"))  # revision 2 on the office laptop
    for store in (home, office):
        assert CampaignSync(store.path, links["amira"]).drain().state is SyncState.SYNCED
    assert [(s, r) for _, _, _, s, r, _ in _server_answers(campaign_url)] == [("agree", 2)]
    with connect(campaign_url) as db:
        conflicts = campaign_conflicts(db, campaign_url, "round1")
    assert [(c.substitutes, c.revision, c.winner_revision) for c in conflicts] == [
        (("resolve",), 1, 2)]
    # Sending the losing answer again keeps one conflict, not two.
    db = sqlite3.connect(home.path)
    db.execute("UPDATE outbox SET synced_revision = 0")
    db.commit()
    db.close()
    CampaignSync(home.path, links["amira"]).drain()
    with connect(campaign_url) as db:
        assert len(campaign_conflicts(db, campaign_url, "round1")) == 1


def test_offline_keeps_the_answers_waiting_and_sends_them_later(campaign_url: str,
                                                                tmp_path: Path) -> None:
    links = _campaign(campaign_url, ["amira"], per_instance=1)
    good = links["amira"]
    parts = split_url(good.url).url.replace(f":{good.url.rsplit(':', 1)[1].split('/')[0]}/",
                                            ":1/")
    unreachable = CampaignLink(parts, good.campaign, good.annotator, good.role, good.password)
    store = _store(tmp_path, "amira")
    store.put_answer(_row(("pale.a", "20"), "amira", "pallid"))
    store.put_answer(_row(("pale.a", "21"), "amira", "faint"))
    seen = []
    status = CampaignSync(store.path, unreachable, on_status=seen.append,
                          connect_timeout=1).sync_once()
    assert (status.state, status.waiting, status.text()) == (SyncState.OFFLINE, 2, "offline")
    assert "cannot connect" in status.reason and good.password not in status.reason
    assert seen == [status]
    assert _server_answers(campaign_url) == []
    assert CampaignSync(store.path, good).drain().state is SyncState.SYNCED
    assert len(_server_answers(campaign_url)) == 2


def test_a_wrong_password_is_offline_with_a_sentence(campaign_url: str, tmp_path: Path) -> None:
    links = _campaign(campaign_url, ["amira"], per_instance=1)
    good = links["amira"]
    wrong = CampaignLink(good.url, good.campaign, good.annotator, good.role, "not-it")
    store = _store(tmp_path, "amira")
    store.put_answer(_row(("pale.a", "20"), "amira", "pallid"))
    status = CampaignSync(store.path, wrong).sync_once()
    assert status.state is SyncState.OFFLINE
    assert "password authentication failed" in status.reason
    assert "not-it" not in status.reason


def test_status_and_responses_count_only_live_assigned_answers(campaign_url: str,
                                                                tmp_path: Path) -> None:
    links = _campaign(campaign_url, ["amira", "bruno"], per_instance=2, per_lexelt=2)
    store = _store(tmp_path, "amira")
    store.put_answer(_row(("bright.a", "1"), "amira", "vivid"))
    store.put_answer(_row(("bright.a", "2"), "amira", "sunny"))
    store.delete_answer(("bright.a", "2"))
    CampaignSync(store.path, links["amira"]).drain()
    with connect(campaign_url) as db:
        status = campaign_status(db, campaign_url, "round1")
        responses = campaign_responses(db, campaign_url, "round1")
    progress = {person.annotator: (person.assigned, person.answered)
                for person in status.annotators}
    assert progress == {"amira": (8, 1), "bruno": (8, 0)}
    assert [(r.annotator, r.key, r.substitutes) for r in responses] == [
        ("amira", ("bright.a", "1"), ("vivid",))]


def test_an_older_store_gains_an_outbox_holding_its_answers(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    store = AnnotationStore.open(path)
    store.put_answer(_row(("bright.a", "1"), "amira", "vivid"))
    store.close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE outbox")
    db.execute("DROP TABLE campaign_assignments")
    db.execute("DROP TABLE outbox_refused")
    db.execute("UPDATE schema_version SET version = 2")
    db.commit()
    db.close()
    reopened = AnnotationStore.open(path)
    rows = reopened._db.execute("SELECT lexelt, id, revision, synced_revision "
                                "FROM outbox").fetchall()
    assert rows == [("bright.a", "1", 1, 0)]
    reopened.close()


def test_answers_beyond_one_batch_are_waiting_until_the_next_round(
        campaign_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import lexsub_studio.core.annotation.campaign.sync as sync_module

    links = _campaign(campaign_url, ["amira"], per_instance=1)
    monkeypatch.setattr(sync_module, "BATCH_SIZE", 2)
    store = _store(tmp_path, "amira")
    for number in range(1, 6):
        store.put_answer(_row(("bright.a", str(number)), "amira", "vivid"))
    sync = CampaignSync(store.path, links["amira"])
    first = sync.sync_once()
    assert (first.state, first.waiting, first.text()) == (SyncState.WAITING, 3,
                                                          "3 answers waiting")
    assert len(_server_answers(campaign_url)) == 2
    assert sync.drain().state is SyncState.SYNCED
    assert len(_server_answers(campaign_url)) == 5
    sync.close()


def test_an_invitation_names_the_annotator_role_not_the_organiser(campaign_url: str) -> None:
    links = _campaign(campaign_url, ["amira"], per_instance=1)
    assert links["amira"].url.startswith(f"postgresql://{links['amira'].role}@127.0.0.1:")
    assert "postgres@" not in links["amira"].url
