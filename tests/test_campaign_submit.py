"""``lexsub campaign submit``: a responses file's answers reach the campaign through the store,
checked whole first; what is left out is counted with its reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from campaign_fixtures import made_up_corpus

from lexsub_studio.cli.main import main
from lexsub_studio.core.annotation.campaign.db import assign, connect, init_campaign
from lexsub_studio.core.annotation.campaign.join import join_campaign, store_for
from lexsub_studio.core.annotation.campaign.link import CampaignLink
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.io.formats.responses import RESPONSES_COLUMNS, RESPONSES_MAGIC
from lexsub_studio.core.model.data import ResponseRow

Key = tuple[str, str]


def _joined_amira(url: str) -> tuple[CampaignLink, list[Key], list[Key]]:
    corpus, xml = made_up_corpus(3)
    init_campaign(url, "round", "Round", corpus, xml)
    links = {link.annotator: link for link in assign(url, "round", ["amira", "bruno"], 1, 5)
             .new_links}
    link = join_campaign(links["amira"])
    with connect(url) as db:
        mine = sorted((str(lx), str(i)) for lx, i in db.execute(
            "SELECT lexelt, id FROM lexsub.assignments WHERE annotator = 'amira'"))
        others = sorted((str(lx), str(i)) for lx, i in db.execute(
            "SELECT lexelt, id FROM lexsub.assignments WHERE annotator = 'bruno'"))
    return link, mine, others


def _line(key: Key, annotator: str, sub: str, comment: str = "", seconds: str = "") -> str:
    return "\t".join([key[0], key[1], annotator, sub, "", "", "", "0", "0", comment, seconds])


def _file(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join([RESPONSES_MAGIC, "\t".join(RESPONSES_COLUMNS), *lines]) + "\n",
                    encoding="utf-8")
    return path


def _on_server(url: str) -> dict[Key, tuple]:
    with connect(url) as db:
        return {(lx, i): (s1, comment, seconds) for lx, i, s1, comment, seconds in db.execute(
            "SELECT lexelt, id, sub1, comment, seconds FROM lexsub.answers "
            "WHERE annotator = 'amira'")}


def test_submit_sends_the_assigned_answers_and_says_what_it_left_out(
        campaign_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link, mine, others = _joined_amira(campaign_url)
    path = _file(tmp_path / "amira.tsv", [
        _line(mine[0], "amira", "vivid", "from the package", "12.5"),
        _line(mine[1], "amira", "shiny"),
        _line(mine[2], "amira", "", ""),                     # blank
        _line(others[0], "amira", "calm"),                   # not assigned to amira
        _line(("bright.a", "999"), "amira", "clear"),        # not in the corpus
        _line(others[1], "bruno", "sunny"),                  # another annotator's
    ])
    assert main(["campaign", "submit", "round", str(path)]) == 0
    out = capsys.readouterr().out
    assert "6 rows read" in out
    assert "1 row(s) of other annotators (bruno: 1)" in out
    assert "1 row(s) for instances not assigned to you" in out
    assert "1 row(s) for instances not in the campaign's corpus" in out
    assert "1 blank row(s)" in out
    assert "saved on this computer: 2 answer(s)" in out
    assert out.rstrip().endswith("synced") or "\nsynced\n" in out
    assert _on_server(campaign_url) == {mine[0]: ("vivid", "from the package", 12.5),
                                        mine[1]: ("shiny", "", None)}
    # The store holds them as answers typed in the app would be, nothing waiting.
    store = AnnotationStore.open(store_for(link))
    assert set(store.load_answers("amira")) == {mine[0], mine[1]}
    assert store.get_meta("annotator") == "amira"
    store.close()
    # Submitting the same file again sends nothing new.
    assert main(["campaign", "submit", "round", str(path)]) == 0
    assert "2 answer(s) already the same on this computer" in capsys.readouterr().out


def test_a_nul_anywhere_stops_the_submission_before_anything_is_saved(
        campaign_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link, mine, _ = _joined_amira(campaign_url)
    bad = _line(mine[1], "amira", "shiny", "bad \x00 byte")
    path = _file(tmp_path / "amira.tsv", [_line(mine[0], "amira", "vivid"), bad])
    assert main(["campaign", "submit", "round", str(path)]) == 2
    err = capsys.readouterr().err
    column = bad.index("\x00") + 1
    assert f"{path}:4:{column}: error: comment: holds a NUL character" in err
    assert "1 error(s); nothing was saved or sent" in err
    assert _on_server(campaign_url) == {}
    assert not store_for(link).exists()


def test_answers_typed_on_this_computer_are_kept_unless_replace(
        campaign_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link, mine, _ = _joined_amira(campaign_url)
    store = AnnotationStore.open(store_for(link))
    store.put_answer(ResponseRow(*mine[0], "amira", ("typed",)))
    store.close()
    path = _file(tmp_path / "amira.tsv", [_line(mine[0], "amira", "filed")])
    assert main(["campaign", "submit", "round", str(path)]) == 0
    assert "1 answer(s) on this computer differ from the file's and are kept" in (
        capsys.readouterr().out)
    assert _on_server(campaign_url)[mine[0]][0] == "typed"
    assert main(["campaign", "submit", "round", str(path), "--replace"]) == 0
    assert "saved on this computer: 1 answer(s) (1 replacing others)" in capsys.readouterr().out
    assert _on_server(campaign_url)[mine[0]][0] == "filed"


def test_a_package_file_under_another_name_is_taken_when_named(
        campaign_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, mine, _ = _joined_amira(campaign_url)
    path = _file(tmp_path / "amy.tsv", [_line(mine[0], "amy", "vivid")])
    assert main(["campaign", "submit", "round", str(path)]) == 0
    assert "saved on this computer: 0 answer(s)" in capsys.readouterr().out
    assert main(["campaign", "submit", "round", str(path), "--annotator-in-file", "amy"]) == 0
    assert _on_server(campaign_url)[mine[0]][0] == "vivid"
