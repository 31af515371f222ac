"""Merge maps written from the core: read back they are the same map; decisions on proposals
carry over to a new computation's proposals; the CLI writes the merges in force."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.agreement.item_answers import (
    BLANK_ROW,
    NIL,
    NO_ANSWER,
    PROPER_NAME,
    entry_givers,
    item_answers,
)
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.gold.adjudication import MERGE, Adjudication, Decision, write_adjudication
from lexsub_studio.core.gold.merge_map_text import carry_decisions, format_merge_map
from lexsub_studio.core.gold.normalise import MergeMap, MergeSuggestion, read_merge_map
from lexsub_studio.core.model.data import ResponseRow


def test_a_written_merge_map_reads_back_as_the_same_map(tmp_path: Path) -> None:
    merge_map = MergeMap({"colour": "color", "grey": "gray"},
                         {("run.v", "7"): {"ran": "run"},
                          ("bright.a", "2"): {"briliant": "brilliant"}})
    path = tmp_path / "merges.tsv"
    path.write_text(format_merge_map(merge_map), encoding="utf-8")
    again, problems = read_merge_map(path)
    assert not len(problems)
    assert again == merge_map


def test_an_empty_merge_map_is_only_its_header() -> None:
    text = format_merge_map(MergeMap(), header=("# nothing merged",))
    assert text == "# nothing merged\n"


def test_new_proposals_keep_the_decision_and_edited_form_of_the_same_variant_and_scope() -> None:
    previous = [MergeSuggestion("colour", "color-edited", "spelling", 2),
                MergeSuggestion("ran", "run", "inflection", 1, ("run.v", "7")),
                MergeSuggestion("gone", "go", "inflection", 1)]
    proposed = [MergeSuggestion("ran", "run", "inflection", 3, ("run.v", "7")),
                MergeSuggestion("colour", "color", "spelling", 4),
                MergeSuggestion("ran", "run", "inflection", 2),  # other scope: undecided
                MergeSuggestion("taken", "take", "inflection", 1)]
    kept, decisions = carry_decisions(previous, ["accepted", "rejected", "accepted"], proposed)
    assert decisions == ["rejected", "accepted", None, None]
    assert [s.canonical for s in kept] == ["run", "color-edited", "run", "take"]
    # The counts are the new computation's.
    assert [s.responses for s in kept] == [3, 4, 2, 1]


def test_item_answers_flag_each_kind_of_empty_answer() -> None:
    rows = [ResponseRow("bright.a", "1", "ann", ("clever", "smart"), "bright spark"),
            ResponseRow("bright.a", "1", "bob", (), proper_name=True),
            ResponseRow("bright.a", "1", "cid", ()),
            ResponseRow("bright.a", "1", "dan", (), nil=True),
            ResponseRow("bright.a", "2", "cid", ("vivid",))]
    pooled = pool_responses([ResponseSource("r.tsv", rows)])
    first = item_answers(pooled, 0)
    assert [answer.annotator for answer in first] == ["ann", "bob", "cid", "dan"]
    assert set(first[0].substitutes) == {"clever", "smart"}
    assert first[0].multiword == "bright spark" and first[0].flags == ()
    assert first[1].flags == (PROPER_NAME,)
    assert first[2].flags == (BLANK_ROW,)
    assert first[3].flags == (NIL,)
    second = item_answers(pooled, 1)
    assert second[0].flags == (NO_ANSWER,) and second[2].substitutes == ("vivid",)
    # Who gave a gold entry: the substitute's writers; "pn": those who ticked proper name.
    assert entry_givers(pooled, 0, "clever") == ["ann"]
    assert entry_givers(pooled, 0, "pn") == ["bob"]
    assert entry_givers(pooled, 1, "vivid") == ["cid"]
    assert entry_givers(pooled, 1, "nothing") == []


HEADER = ("# lexsub-responses 1\n"
          "lexelt\tid\tannotator\tsub1\tsub2\tsub3\tmultiword\tnil\tproper_name\tcomment\t"
          "seconds\n")


def test_lexsub_gold_write_map_joins_the_map_and_the_adjudication(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    responses = tmp_path / "ann.tsv"
    responses.write_text(HEADER + "run.v\t7\tann\tran\tsprinted\t\t\t0\t0\t\t\n",
                         encoding="utf-8")
    given = tmp_path / "given.tsv"
    given.write_text("colour\tcolor\n", encoding="utf-8")
    adjudication = Adjudication()
    adjudication.add(Decision(MERGE, (("run.v", "7"),), "ran", "run", "by hand", "me", "now"))
    adjudication.add(Decision(MERGE, None, "color", "hue", "by hand", "me", "now"))
    decisions = tmp_path / "adjudication.json"
    write_adjudication(adjudication, decisions)
    written = tmp_path / "out" / "merges.tsv"
    code = main(["gold", str(responses), "--map", str(given), "--adjudication", str(decisions),
                 "--write-map", str(written)])
    assert code == 0
    merge_map, problems = read_merge_map(written)
    assert not len(problems)
    # The adjudication comes after the map, and chains are followed: colour ends as hue.
    assert merge_map.everywhere == {"colour": "hue", "color": "hue"}
    assert merge_map.per_item == {("run.v", "7"): {"ran": "run"}}
    assert "merge map: 3 merge(s) written to" in capsys.readouterr().out
