"""Answers the campaign server refuses: moved aside with the reason, never blocking the rest."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from campaign_fixtures import made_up_corpus

from lexsub_studio.cli.main import main
from lexsub_studio.core.annotation.campaign.db import assign, connect, init_campaign
from lexsub_studio.core.annotation.campaign.join import join_campaign, store_for
from lexsub_studio.core.annotation.campaign.link import CampaignLink
from lexsub_studio.core.annotation.campaign.plan import corpus_keys
from lexsub_studio.core.annotation.campaign.sync import CampaignSync, SyncState, pending_count
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.model.data import ResponseRow


def _amira(url: str) -> tuple[CampaignLink, list[tuple[str, str]]]:
    corpus, xml = made_up_corpus(6)
    init_campaign(url, "round1", "Round one", corpus, xml)
    link = assign(url, "round1", ["amira"], 1, seed=7).new_links[0]
    return link, corpus_keys(corpus)


def _on_server(url: str) -> dict[tuple[str, str], str]:
    with connect(url) as db:
        return {(lexelt, id_): comment for lexelt, id_, comment in db.execute(
            "SELECT lexelt, id, comment FROM lexsub.answers WHERE annotator = 'amira'")}


def test_a_refused_answer_is_moved_aside_and_the_other_twenty_are_sent(
        campaign_url: str, tmp_path: Path) -> None:
    link, keys = _amira(campaign_url)
    store = AnnotationStore.open(tmp_path / "amira.sqlite3")
    bad = keys[10]
    for key in keys[:21]:
        comment = "a NUL \x00 here" if key == bad else "fine"
        store.put_answer(ResponseRow(*key, "amira", ("vivid",), comment=comment))
    sync = CampaignSync(store.path, link)
    status = sync.drain()
    assert (status.state, status.waiting, status.refused) == (SyncState.SYNCED, 0, 1)
    assert status.text() == "synced, 1 answer refused"
    assert len(status.refused_reasons) == 1
    assert status.refused_reasons[0].startswith(f"{bad[0]} {bad[1]}: the server refused it")
    assert "NUL" in status.refused_reasons[0]
    on_server = _on_server(campaign_url)
    assert len(on_server) == 20 and bad not in on_server
    local = sqlite3.connect(store.path)
    assert pending_count(local) == 0
    assert local.execute("SELECT lexelt, id, revision FROM outbox_refused").fetchall() == [
        (*bad, 1)]
    # A later edit of the refused answer is a new revision: it is sent again, and goes through.
    store.put_answer(ResponseRow(*bad, "amira", ("vivid",), comment="mended"))
    assert pending_count(local) == 1
    status = sync.drain()
    assert (status.state, status.waiting, status.refused) == (SyncState.SYNCED, 0, 0)
    assert status.text() == "synced"
    assert _on_server(campaign_url)[bad] == "mended"
    assert local.execute("SELECT count(*) FROM outbox_refused").fetchone()[0] == 0
    local.close()
    sync.close()
    store.close()


def test_lexsub_campaign_sync_lists_the_refused_answers(
        campaign_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    link, keys = _amira(campaign_url)
    joined = join_campaign(link)
    store = AnnotationStore.open(store_for(joined))
    store.put_answer(ResponseRow(*keys[0], "amira", ("vivid",), comment="x\x00y"))
    store.put_answer(ResponseRow(*keys[1], "amira", ("shiny",)))
    store.close()
    assert main(["campaign", "sync", "round1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("synced, 1 answer refused\n")
    assert "refused by the server (kept on this computer, sent again once changed): 1" in out
    assert f"  {keys[0][0]} {keys[0][1]}: the server refused it: " in out
    assert len(_on_server(campaign_url)) == 1
