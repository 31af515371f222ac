"""Backing a campaign up and restoring it, roles included, into a fresh cluster set up as
docs/campaign.md says: an existing invitation pushes and pulls there."""

from __future__ import annotations

import json
import sqlite3
import stat
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import pytest
from campaign_fixtures import made_up_corpus, set_up_server

from lexsub_studio.cli.main import main
from lexsub_studio.core.annotation.campaign.db import assign, connect, init_campaign
from lexsub_studio.core.annotation.campaign.link import CampaignLink
from lexsub_studio.core.annotation.campaign.members import revoke
from lexsub_studio.core.annotation.campaign.sync import CampaignSync, SyncState, assigned_keys
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.model.data import ResponseRow

_ANSWERS = ("SELECT annotator, lexelt, id, sub1, sub2, sub3, multiword, nil, proper_name, "
            "comment, seconds, deleted, revision, device, changed_at, received_at "
            "FROM lexsub.answers ORDER BY annotator, lexelt, id")
_CONFLICTS = ("SELECT conflict_id, annotator, lexelt, id, sub1, revision, device, changed_at, "
              "winner_revision, winner_device FROM lexsub.conflicts ORDER BY conflict_id")


def _sync(store: AnnotationStore, link: CampaignLink) -> SyncState:
    sync = CampaignSync(store.path, link, connect_timeout=2)
    state = sync.drain(10).state
    sync.close()
    return state


def _moved(link: CampaignLink, url: str) -> CampaignLink:
    """The same invitation, its server name now reaching the restored server (in the tests,
    another port and database on 127.0.0.1)."""
    target = urlsplit(url)
    source = urlsplit(link.url)
    return replace(link, url=source._replace(netloc=f"{link.role}@{target.hostname}:"
                                             f"{target.port}", path=target.path).geturl())


def test_a_backup_restored_into_a_fresh_cluster_lets_invitations_sync_again(
        campaign_url: str, logged_postgres_server, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    corpus, xml = made_up_corpus(3)
    init_campaign(campaign_url, "round", "Round", corpus, xml)
    links = {link.annotator: link for link in
             assign(campaign_url, "round", ["amira", "bruno", "chen"], 2, seed=5).new_links}
    home = AnnotationStore.open(tmp_path / "home.sqlite")
    office = AnnotationStore.open(tmp_path / "office.sqlite")
    home.put_answer(ResponseRow("bright.a", "1", "amira", ("vivid",), comment="tab\there"))
    office.put_answer(ResponseRow("bright.a", "1", "amira", ("shiny",)))
    office.put_answer(ResponseRow("bright.a", "1", "amira", ("glowing",), seconds=1.25))
    for store in (home, office):
        assert _sync(store, links["amira"]) is SyncState.SYNCED
    bruno = AnnotationStore.open(tmp_path / "bruno.sqlite")
    bruno.put_answer(ResponseRow("pale.a", "7", "bruno", ("wan", "ashen"), nil=False))
    assert _sync(bruno, links["bruno"]) is SyncState.SYNCED
    revoke(campaign_url, "round", "chen")

    backup_file = tmp_path / "round.backup.json"
    assert main(["campaign", "backup", campaign_url, "-o", str(backup_file),
                 "--campaign", "round"]) == 0
    out = capsys.readouterr().out
    assert "2 answers, 1 conflicts, 3 annotator roles" in out
    assert stat.S_IMODE(backup_file.stat().st_mode) == 0o600
    text = backup_file.read_text(encoding="utf-8")
    assert all(link.password not in text for link in links.values())
    assert "SCRAM-SHA-256$" in text and json.loads(text)["campaigns"] == ["round"]

    server = logged_postgres_server
    url = set_up_server(server, tmp_path, "organiser_restore", "restored")
    assert main(["campaign", "restore", str(backup_file), url]) == 0
    assert "3 annotator roles made with their passwords" in capsys.readouterr().out
    with connect(campaign_url) as before, connect(server.url(database="restored")) as after:
        assert after.execute(_ANSWERS).fetchall() == before.execute(_ANSWERS).fetchall()
        assert after.execute(_CONFLICTS).fetchall() == before.execute(_CONFLICTS).fetchall()
        assignments = "SELECT annotator, lexelt, id FROM lexsub.assignments ORDER BY 1, 2, 3"
        assert after.execute(assignments).fetchall() == before.execute(assignments).fetchall()
        assert after.execute("SELECT rolcanlogin FROM pg_roles WHERE rolname = %s",
                             (links["chen"].role,)).fetchone() == (False,)

    # The existing invitations (links) push and pull on the restored server.
    moved = _moved(links["amira"], url)
    home.put_answer(ResponseRow("bright.a", "2", "amira", ("sunny",)))
    assert _sync(home, moved) is SyncState.SYNCED
    with connect(server.url(database="restored")) as after:
        assert after.execute("SELECT sub1 FROM lexsub.answers WHERE annotator = 'amira' AND "
                             "id = '2'").fetchone() == ("sunny",)
        expected = {tuple(row) for row in after.execute(
            "SELECT lexelt, id FROM lexsub.assignments WHERE annotator = 'amira'")}
    local = sqlite3.connect(home.path)
    assert assigned_keys(local) == expected and expected
    local.close()
    bruno.put_answer(ResponseRow("pale.a", "8", "bruno", ("faint",)))
    assert _sync(bruno, _moved(links["bruno"], url)) is SyncState.SYNCED
    with pytest.raises(psycopg.OperationalError, match="not permitted to log in"):
        psycopg.connect(**_moved(links["chen"], url).connection_arguments())
    # A conflict restored keeps its number; the next one follows it.
    office.put_answer(ResponseRow("bright.a", "1", "amira", ("radiant",)))
    home.put_answer(ResponseRow("bright.a", "1", "amira", ("lit",)))
    home.put_answer(ResponseRow("bright.a", "1", "amira", ("lucid",)))
    assert _sync(office, _moved(links["amira"], url)) is SyncState.SYNCED
    assert _sync(home, moved) is SyncState.SYNCED
    with connect(server.url(database="restored")) as after:
        assert [row[0] for row in after.execute(
            "SELECT conflict_id FROM lexsub.conflicts ORDER BY 1")] == [1, 2]
    for store in (home, office, bruno):
        store.close()

    # Restoring again into the same database is refused: it holds the campaign.
    assert main(["campaign", "restore", str(backup_file), url]) == 2
    assert "exists on this server already" in capsys.readouterr().err


def test_a_file_that_is_not_a_backup_is_refused(tmp_path: Path, campaign_url: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"format": "something else"}', encoding="utf-8")
    assert main(["campaign", "restore", str(wrong), campaign_url]) == 2
    assert "this is not a campaign backup" in capsys.readouterr().err
