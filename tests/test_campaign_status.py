"""`lexsub campaign status` on a real PostgreSQL: UTC times, pace, stuck flags, live agreement."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from campaign_fixtures import made_up_corpus

from lexsub_studio.cli.main import main as cli_main
from lexsub_studio.core.annotation.campaign.db import (
    assign,
    campaign_responses,
    connect,
    init_campaign,
)
from lexsub_studio.core.io.formats.responses_writer import write_responses

_PEOPLE = ["amira", "bruno", "chen", "dana"]


def _campaign(url: str) -> None:
    corpus, xml = made_up_corpus(5)  # 20 instances
    init_campaign(url, "round1", "Round one", corpus, xml)
    assign(url, "round1", _PEOPLE, 2, seed=3)


def _answer(url: str, annotator: str, count: int, received: str, words: str = "vivid") -> None:
    """``count`` of the annotator's assigned instances answered, received at ``received`` (an
    SQL expression)."""
    with connect(url) as db:
        db.execute(f"""INSERT INTO lexsub.answers (campaign, annotator, lexelt, id, sub1, sub2,
                                                   revision, device, changed_at, received_at)
                       SELECT campaign, annotator, lexelt, id, split_part(%s, ',', 1),
                              split_part(%s, ',', 2), 1, 'laptop', now(), {received}
                         FROM lexsub.assignments WHERE annotator = %s
                        ORDER BY id::int LIMIT %s""", (words, words, annotator, count))


def _status_json(url: str, capsys: pytest.CaptureFixture[str], *extra: str) -> dict:
    assert cli_main(["campaign", "status", url, "--campaign", "round1", "--format", "json",
                     *extra]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture()
def tokyo(monkeypatch: pytest.MonkeyPatch):
    """The process and the server session both in Tokyo's time zone (UTC+9)."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    monkeypatch.setenv("PGTZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_last_answer_is_printed_in_utc_whatever_the_time_zone(
        campaign_url: str, capsys: pytest.CaptureFixture[str], tokyo: None) -> None:
    _campaign(campaign_url)
    _answer(campaign_url, "amira", 1, "timestamptz '2026-01-02 03:04:05+00'")
    assert cli_main(["campaign", "status", campaign_url, "--campaign", "round1"]) == 0
    out = capsys.readouterr().out
    amira = next(line for line in out.splitlines() if line.startswith("amira"))
    assert "2026-01-02 03:04:05" in amira  # not 12:04:05, Tokyo's wall clock
    data = _status_json(campaign_url, capsys)
    people = {person["annotator"]: person for person in data["annotators"]}
    assert people["amira"]["last_answer"] == "2026-01-02T03:04:05Z"
    assert data["read_at"].endswith("Z")


def test_pace_and_stuck_flags_answer_who_is_behind(campaign_url: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    _campaign(campaign_url)
    with connect(campaign_url) as db:
        # Everyone was given their work two days ago ...
        db.execute("UPDATE lexsub.assignments SET assigned_at = now() - interval '2 days'")
        # ... but dana only now (a newcomer's share).
        db.execute("UPDATE lexsub.assignments SET assigned_at = now() "
                   "WHERE annotator = 'dana'")
    _answer(campaign_url, "amira", 6, "now() - interval '2 hours'")  # 6 today
    _answer(campaign_url, "bruno", 3, "now() - interval '30 hours'")  # nothing for 30 h
    # chen: never answered, given work 48 h ago; dana: never answered, given work now.
    data = _status_json(campaign_url, capsys)
    people = {person["annotator"]: person for person in data["annotators"]}
    assert {name: (p["done"], p["assigned"]) for name, p in people.items()} == {
        name: (done, 10) for name, done in (("amira", 6), ("bruno", 3), ("chen", 0),
                                            ("dana", 0))}
    assert people["amira"]["answers_per_hour"] == 0.25  # 6 in the last 24 hours
    assert people["bruno"]["answers_per_hour"] == 0.0
    assert {name for name, p in people.items() if p["stuck"]} == {"bruno", "chen"}
    assert (data["done"], data["assigned"]) == (9, 40)
    # A longer patience flags nobody; the table says the same as the JSON.
    assert not any(p["stuck"] for p in _status_json(campaign_url, capsys, "--stuck-hours",
                                                    "72")["annotators"])
    assert cli_main(["campaign", "status", campaign_url, "--campaign", "round1"]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split() for line in out.splitlines()[1:6]}
    assert rows["amira"][1:4] == ["10", "6", "60%"] and rows["amira"][-2:] == ["0.2", "-"]
    assert rows["chen"][-1] == "STUCK" and rows["bruno"][-1] == "STUCK"
    assert "stuck (work left, nothing received for 24 h): bruno, chen" in out


def test_the_live_agreement_is_lexsub_agree_on_the_answers(
        campaign_url: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _campaign(campaign_url)
    for name, words in zip(_PEOPLE, ("vivid,shiny", "vivid,", "Shiny,glowing", "vivid,glowing"),
                           strict=True):
        _answer(campaign_url, name, 8, "now()", words)
    data = _status_json(campaign_url, capsys)
    with connect(campaign_url) as db:
        rows = campaign_responses(db, campaign_url, "round1")
    files = []
    for name in _PEOPLE:
        path = tmp_path / f"{name}.tsv"
        write_responses([row for row in rows if row.annotator == name], path)
        files.append(str(path))
    assert cli_main(["agree", *files, "--format", "json", "--no-alpha"]) == 0
    agree = json.loads(capsys.readouterr().out)
    live = data["agreement"]
    assert live["pairwise_agreement"] == agree["pairwise_agreement"] is not None
    assert live["mode_agreement"] == agree["mode_agreement"] is not None

    def by_pair(report: dict) -> dict[frozenset[str], float | None]:
        names = report["annotator_names"]
        return {frozenset((a, b)): report["pairwise_matrix"][i][j]
                for i, a in enumerate(names) for j, b in enumerate(names) if i < j}

    assert by_pair(live) == by_pair(agree)
    assert {frozenset(pair["annotators"]): pair["pairwise_agreement"]
            for pair in data["pairs"]} == by_pair(agree)
    assert cli_main(["campaign", "status", campaign_url, "--campaign", "round1"]) == 0
    out = capsys.readouterr().out
    assert "pairwise agreement per annotator pair" in out
    assert f"Pairwise agreement  {agree['pairwise_agreement']:.4f}" in out
