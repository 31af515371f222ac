"""Changing a running campaign's assignment on a real PostgreSQL without losing finished work."""

from __future__ import annotations

from collections import Counter

import pytest
from campaign_fixtures import made_up_corpus

from lexsub_studio.cli.main import main as cli_main
from lexsub_studio.core.annotation.campaign.db import (
    assign,
    campaign_status,
    connect,
    init_campaign,
)
from lexsub_studio.core.annotation.campaign.handover import handover
from lexsub_studio.core.model.diagnostics import InputError

Key = tuple[str, str]
_FIVE = ["amira", "bruno", "chen", "dana", "emil"]


def _running_campaign(url: str) -> None:
    """100 instances, two annotators each, among five; every instance answered by its holders
    but those whose number is a multiple of 9 (11 instances left to do)."""
    corpus, xml = made_up_corpus(25)
    init_campaign(url, "round1", "Round one", corpus, xml)
    assign(url, "round1", _FIVE, 2, seed=11)
    _answer_all_but_ninths(url)


def _answer_all_but_ninths(url: str) -> None:
    with connect(url) as db:
        db.execute("""INSERT INTO lexsub.answers (campaign, annotator, lexelt, id, sub1,
                                                 revision, device, changed_at)
                      SELECT campaign, annotator, lexelt, id, 'word', 1, 'laptop', now()
                        FROM lexsub.assignments
                       WHERE id::int % 9 <> 0
                      ON CONFLICT DO NOTHING""")


def _held(url: str) -> dict[str, set[Key]]:
    with connect(url) as db:
        rows = db.execute("SELECT annotator, lexelt, id FROM lexsub.assignments").fetchall()
    held: dict[str, set[Key]] = {}
    for annotator, lexelt, id_ in rows:
        held.setdefault(annotator, set()).add((lexelt, id_))
    return held


def _answered(url: str) -> set[tuple[str, Key]]:
    with connect(url) as db:
        rows = db.execute("SELECT annotator, lexelt, id FROM lexsub.answers "
                          "WHERE NOT deleted").fetchall()
    return {(annotator, (lexelt, id_)) for annotator, lexelt, id_ in rows}


def _done(url: str) -> int:
    with connect(url) as db:
        return campaign_status(db, url, "round1").answered


def test_adding_and_removing_people_keeps_every_answered_instance(campaign_url: str) -> None:
    _running_campaign(campaign_url)
    answered = _answered(campaign_url)
    done = _done(campaign_url)
    assert done == len(answered) == 2 * (100 - 11)

    # A sixth annotator: every answered instance stays with whoever answered it.
    result = assign(campaign_url, "round1", [*_FIVE, "farid"], 2, seed=11)
    held = _held(campaign_url)
    assert all(key in held[name] for name, key in answered)
    assert _done(campaign_url) == done
    assert [link.annotator for link in result.new_links] == ["farid"]
    assert held["farid"]  # the newcomer takes unfinished work
    assert all(Counter(key for keys in held.values() for key in keys)[key] == 2
               for keys in held.values() for key in keys)

    # Two people leave: their answered work stays theirs and keeps counting.
    assign(campaign_url, "round1", ["amira", "bruno", "chen", "farid"], 2, seed=11)
    held = _held(campaign_url)
    assert all(key in held[name] for name, key in answered)
    assert _done(campaign_url) == done
    for gone in ("dana", "emil"):
        assert held[gone] == {key for name, key in answered if name == gone}
    holders = Counter(key for keys in held.values() for key in keys)
    assert set(holders.values()) == {2} and len(holders) == 100


def test_redeal_deals_everything_afresh_and_keeps_the_answers(campaign_url: str) -> None:
    _running_campaign(campaign_url)
    answered = _answered(campaign_url)
    assign(campaign_url, "round1", [*_FIVE, "farid"], 2, seed=11, redeal=True)
    assert _answered(campaign_url) == answered
    assert _done(campaign_url) < len(answered)  # finished work moved: today's behaviour


def test_a_dry_run_says_what_would_move_and_changes_nothing(campaign_url: str,
                                                            capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    _running_campaign(campaign_url)
    before = _held(campaign_url)
    code = cli_main(["campaign", "assign", campaign_url, "--campaign", "round1",
                     "--annotators", "amira,bruno,chen,dana,emil,farid", "--per-instance", "2",
                     "--seed", "11", "--dry-run"])
    out = capsys.readouterr().out
    assert code == 0
    assert _held(campaign_url) == before
    with connect(campaign_url) as db:
        assert db.execute("SELECT count(*) FROM lexsub.members").fetchone()[0] == 5
    assert "dry run: nothing changed" in out
    lines = {line.split()[0]: line.split() for line in out.splitlines()[2:]}
    # annotator, before, finished, kept, given, taken away, after
    farid = lines["farid"]
    assert farid[1:3] == ["0", "0"] and int(farid[4]) > 0 and farid[6] == farid[4]
    for name in _FIVE:
        row = [int(value) for value in lines[name][1:]]
        assert row[1] == len([k for n, k in _answered(campaign_url) if n == name])
        assert row[0] - row[4] + row[3] == row[5]  # before - taken + given = after


def test_handover_moves_only_unfinished_work(campaign_url: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    _running_campaign(campaign_url)
    before = _held(campaign_url)
    answered = _answered(campaign_url)
    mine_done = {key for name, key in answered if name == "amira"}
    unfinished = before["amira"] - mine_done
    assert unfinished
    result = handover(campaign_url, "round1", "amira", ["bruno", "chen"])
    after = _held(campaign_url)
    assert after["amira"] == mine_done
    moved = after["bruno"] - before["bruno"] | after["chen"] - before["chen"]
    assert moved == unfinished == {key for keys in result.handover.moved.values()
                                   for key in keys}
    assert _done(campaign_url) == len(answered)
    # Unknown names and nobody to take the work are refused in words.
    with pytest.raises(InputError, match="no annotator 'zoe'"):
        handover(campaign_url, "round1", "zoe")
    with pytest.raises(InputError, match="no annotator 'bob'"):
        handover(campaign_url, "round1", "amira", ["bob"])
    # By default every other listed annotator takes part; a dry run changes nothing.
    code = cli_main(["campaign", "handover", campaign_url, "--campaign", "round1",
                     "--from", "bruno", "--dry-run"])
    out = capsys.readouterr().out
    assert code == 0 and "dry run" in out and "to amira, chen, dana, emil" in out
    assert _held(campaign_url) == after


def test_handover_with_nobody_to_take_it_is_refused(campaign_url: str) -> None:
    corpus, xml = made_up_corpus(2)
    init_campaign(campaign_url, "round1", "Round one", corpus, xml)
    assign(campaign_url, "round1", ["amira", "bruno"], 2, seed=1)  # both hold everything
    with pytest.raises(InputError, match="already holds every one"):
        handover(campaign_url, "round1", "amira", ["bruno"])
    assign(campaign_url, "round1", ["amira"], 1, seed=1)
    with pytest.raises(InputError, match="nobody to take the work of 'amira'"):
        handover(campaign_url, "round1", "amira")


def test_assigning_again_with_the_same_names_moves_nothing(campaign_url: str) -> None:
    _running_campaign(campaign_url)
    before = _held(campaign_url)
    result = assign(campaign_url, "round1", _FIVE, 2, seed=99)
    assert _held(campaign_url) == before
    assert all(change.given == change.taken == 0 for change in result.changes)


def test_the_server_remembers_who_was_listed_and_a_handover_goes_to_them(
        campaign_url: str) -> None:
    _running_campaign(campaign_url)
    assign(campaign_url, "round1", ["amira", "bruno", "chen"], 2, seed=11)
    with connect(campaign_url) as db:
        listed = {p.annotator: p.listed for p in campaign_status(db, campaign_url,
                                                                 "round1").annotators}
    assert listed == {"amira": True, "bruno": True, "chen": True, "dana": False,
                      "emil": False}
    result = handover(campaign_url, "round1", "amira", dry_run=True)
    assert result.targets == ["bruno", "chen"]  # dana and emil, dropped, take nothing
