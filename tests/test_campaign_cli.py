"""``lexsub campaign`` end to end against the session's PostgreSQL, and its messages."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from campaign_fixtures import made_up_corpus

from lexsub_studio.cli.main import main
from lexsub_studio.core.annotation.campaign.join import store_for
from lexsub_studio.core.annotation.campaign.link import load_link
from lexsub_studio.core.annotation.server_url import public_url, split_url
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.model.data import ResponseRow


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_campaign_runs_end_to_end_from_the_command_line(
        campaign_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    organiser_password = split_url(campaign_url).password
    assert organiser_password
    _, xml = made_up_corpus(3)
    corpus = tmp_path / "round.xml"
    corpus.write_text(xml, encoding="utf-8")
    invitations = tmp_path / "invitations"

    assert main(["campaign", "init", campaign_url, "--corpus", str(corpus)]) == 0
    assert main(["campaign", "assign", campaign_url, "--campaign", "round",
                 "--annotators", "amira,bruno", "--per-instance", "2", "--seed", "4",
                 "--invitations", str(invitations)]) == 0
    out = capsys.readouterr().out
    assert "campaign 'round' created" in out and "12 instances" in out
    assert "24 assignments among 2 annotators, 12 to 12 each" in out
    invitation = invitations / "amira.invitation.json"
    assert _mode(invitation) == 0o600
    assert organiser_password not in invitation.read_text(encoding="utf-8")

    assert main(["campaign", "join", str(invitation)]) == 0
    link = load_link("round")
    link_files = list((tmp_path.parent).rglob("round.campaign.json"))
    assert link_files and all(_mode(path) == 0o600 for path in link_files)
    assert Path(link.corpus_file).read_text(encoding="utf-8") == xml

    store = AnnotationStore.open(store_for(link))
    store.put_answer(ResponseRow("bright.a", "1", "amira", ("vivid", "shiny")))
    store.close()
    assert main(["campaign", "sync", "round"]) == 0
    assert main(["campaign", "status", campaign_url, "--campaign", "round"]) == 0
    out = capsys.readouterr().out
    assert "synced" in out
    lines = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()}
    # Progress as a whole percentage rounded down (core/present/numbers.py): 1 of 12 is 8%.
    assert lines["amira"][1:4] == ["12", "1", "8%"]
    assert lines["bruno"][1:4] == ["12", "0", "0%"]
    assert organiser_password not in out
    assert json.loads(invitation.read_text(encoding="utf-8"))["password"] not in out


def test_an_unreachable_server_is_one_sentence_without_the_password(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, xml = made_up_corpus(1)
    corpus = tmp_path / "c.xml"
    corpus.write_text(xml, encoding="utf-8")
    code = main(["campaign", "init", "postgresql://boss:s3cret-pw@127.0.0.1:1/db",
                 "--corpus", str(corpus)])
    err = capsys.readouterr().err
    assert code == 2
    assert err == "lexsub: 127.0.0.1:1/db: error: cannot connect: Connection refused\n"
    assert "s3cret-pw" not in err and "Traceback" not in err


def test_a_url_that_is_not_postgresql_is_refused(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["campaign", "status", "http://user:pw@example.invalid/x", "--campaign", "c"])
    err = capsys.readouterr().err
    assert code == 2 and "is not a campaign URL" in err and ":pw@" not in err


def test_sync_without_joining_says_how_to_join(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["campaign", "sync", "nowhere"]) == 2
    assert "lexsub campaign join" in capsys.readouterr().err


def test_public_url_hides_every_password() -> None:
    assert public_url("postgresql://amy:pw@h:5/db?sslmode=require") == \
        "postgresql://amy:***@h:5/db?sslmode=require"
    assert public_url("postgresql://h/db?password=pw&sslmode=verify-full") == \
        "postgresql://h/db?password=***&sslmode=verify-full"
    address = split_url("postgresql://amy:pw@h:5/db?sslmode=require&password=other")
    assert address.password == "other"
    assert address.url == "postgresql://amy@h:5/db?sslmode=require"
