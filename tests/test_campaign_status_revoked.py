"""A revoked annotator is named so in the status, and never counted as stuck."""

from __future__ import annotations

import json

from campaign_fixtures import made_up_corpus

from lexsub_studio.cli.main import main
from lexsub_studio.core.annotation.campaign.db import assign, connect, init_campaign
from lexsub_studio.core.annotation.campaign.members import revoke


def test_status_says_who_was_revoked(campaign_url: str, capsys) -> None:
    corpus, xml = made_up_corpus(3)
    init_campaign(campaign_url, "round", "Round", corpus, xml)
    assign(campaign_url, "round", ["amira", "bruno"], 1, seed=1)
    with connect(campaign_url) as db:
        db.execute("UPDATE lexsub.assignments SET assigned_at = now() - interval '3 days'")
    revoke(campaign_url, "round", "bruno")
    assert main(["campaign", "status", campaign_url, "--campaign", "round",
                 "--format", "json"]) == 0
    people = {person["annotator"]: person
              for person in json.loads(capsys.readouterr().out)["annotators"]}
    assert people["bruno"]["revoked"] is True and people["bruno"]["stuck"] is False
    assert people["amira"]["revoked"] is False and people["amira"]["stuck"] is True
    assert main(["campaign", "status", campaign_url, "--campaign", "round"]) == 0
    table = capsys.readouterr().out
    assert "bruno (revoked)" in table
    assert "stuck (work left, nothing received for 24 h): amira" in table
