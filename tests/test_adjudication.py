"""The adjudication log, its file, applying it to a gold, typo proposals and provenance."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.gold.adjudication import (
    ADD,
    DROP,
    EXCLUDE,
    INCLUDE,
    MERGE,
    Adjudication,
    Decision,
    adjudication_text,
    apply_gold_decisions,
    parse_adjudication,
    provenance_csv,
    read_adjudication,
    write_adjudication,
)
from lexsub_studio.core.gold.assembly import assemble_gold
from lexsub_studio.core.gold.merge_proposals import TYPO, propose_merges, suggest_typos
from lexsub_studio.core.model.data import GoldItem, ResponseRow
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.paths import demo_dir

ITEM = ("happy.a", "1")
OTHER = ("happy.a", "2")


def rows() -> list[ResponseRow]:
    return [
        ResponseRow("happy.a", "1", "ann", ("glad", "optimistic")),
        ResponseRow("happy.a", "1", "bob", ("glad", "optimisitc"), comment="  spelt in a hurry "),
        ResponseRow("happy.a", "1", "cyd", ("optimistic", "merry")),
        ResponseRow("happy.a", "2", "ann", ("merry",)),
        ResponseRow("happy.a", "2", "bob", (), proper_name=True),
        ResponseRow("happy.a", "2", "cyd", ("joyful", "merry")),
    ]


def pooled_of(adjudication: Adjudication | None = None):
    merge_map = adjudication.merge_map() if adjudication else None
    return pool_responses([ResponseSource("x.tsv", rows())], merge_map=merge_map)


def test_pooling_keeps_each_annotators_comment() -> None:
    pooled = pooled_of()
    item, bob = pooled.keys.index(ITEM), pooled.annotators.index("bob")
    assert pooled.comments == {(item, bob): "spelt in a hurry"}


def test_typo_is_proposed_towards_the_known_word_on_the_items_where_it_occurs() -> None:
    occurrences = pooled_of().occurrences()
    proposals = [p for p in propose_merges(occurrences) if p.reason == TYPO]
    assert [(p.variant, p.canonical, p.items, p.responses) for p in proposals] == \
        [("optimisitc", "optimistic", (ITEM,), 1)]


def test_two_real_words_and_short_forms_are_not_typos() -> None:
    occurrences = {("bright.a", "1"): {"light": 2, "right": 1, "sun": 1, "sum": 1}}
    assert suggest_typos(occurrences) == []
    assert suggest_typos({("x.n", "1"): {"colour": 2, "coluor": 1}}) == \
        [("x.n", "coluor", "colour")]


def test_a_changed_preposition_is_a_different_answer_not_a_typo() -> None:
    occurrences = {("scared.a", "1"): {"be frightened of": 1, "be frightened by": 2,
                                       "be afriad of": 1, "be afraid of": 2}}
    assert suggest_typos(occurrences) == [("scared.a", "be afriad of", "be afraid of")]


def test_a_comparative_or_superlative_is_not_proposed_as_an_inflection() -> None:
    occurrences = {("new.a", "1"): {"latest": 2, "late": 1, "brighter": 1, "bright": 1},
                   ("go.v", "1"): {"went": 1, "go": 1}, ("car.n", "1"): {"cars": 1, "car": 1}}
    proposed = {(p.variant, p.canonical, p.reason) for p in propose_merges(occurrences)}
    assert ("went", "go", "inflection") in proposed and ("cars", "car", "inflection") in proposed
    assert not {variant for variant, _, _ in proposed} & {"latest", "brighter"}


def test_a_merge_keeps_what_was_written_and_a_repeat_it_makes_is_no_input_problem() -> None:
    sources = [ResponseSource("x.tsv", [
        ResponseRow("bright.a", "1", "ann", ("luminous", "light")),
        ResponseRow("bright.a", "1", "bob", ("light", "light")),  # the annotator's own repeat
        ResponseRow("bright.a", "1", "cyd", ("clear",))])]
    plain = pool_responses(sources)
    merged = pool_responses(sources, merge_map=Adjudication(
        [Decision(MERGE, None, "luminous", "light")]).merge_map())
    assert [d.code for d in merged.diagnostics] == [d.code for d in plain.diagnostics] == \
        ["repeated-substitute"]
    assert merged.stats["merged_in_row"] == 1 and merged.stats["merged_by_map"] == 1
    ann = merged.annotators.index("ann")
    assert merged.written == {(0, ann): (("luminous", "light"), ("light", "light"))}
    assert plain.written == {}


def test_merge_map_last_decision_wins_chains_are_followed_and_reversal_takes_back() -> None:
    adjudication = Adjudication()
    adjudication.add(Decision(MERGE, (ITEM,), "a", "b"))
    adjudication.add(Decision(MERGE, (ITEM,), "b", "c"))
    assert adjudication.merge_map().apply("a", ITEM) == "c"
    adjudication.add(Decision(MERGE, None, "x", "y"))
    adjudication.add(Decision(MERGE, None, "y", "x"))
    merge_map = adjudication.merge_map()
    assert merge_map.apply("y", OTHER) == "x" and merge_map.apply("x", OTHER) == "x"


def test_gold_decisions_drop_add_exclude_include() -> None:
    gold = [GoldItem("happy.a", "1", [("glad", 2), ("merry", 1)]),
            GoldItem("happy.a", "2", [("merry", 2), ("joyful", 1)])]
    adjudication = Adjudication()
    adjudication.add(Decision(DROP, (ITEM,), "glad"))
    adjudication.add(Decision(ADD, (ITEM,), "content"))
    adjudication.add(Decision(EXCLUDE, (OTHER,)))
    assert [(g.key, g.entries) for g in apply_gold_decisions(gold, adjudication)] == \
        [(ITEM, [("content", 1), ("merry", 1)])]
    # Adding back a dropped form restores its pooled count; including takes the item back.
    adjudication.add(Decision(ADD, (ITEM,), "glad"))
    adjudication.add(Decision(INCLUDE, (OTHER,)))
    result = apply_gold_decisions(gold, adjudication)
    assert result[0].entries == [("glad", 2), ("content", 1), ("merry", 1)]
    assert result[1] == gold[1]
    adjudication.remove(Decision(INCLUDE, (OTHER,)))
    assert len(apply_gold_decisions(gold, adjudication)) == 1


def test_file_round_trip_and_errors_name_the_place(tmp_path: Path) -> None:
    adjudication = Adjudication([Decision(MERGE, (ITEM,), "optimisitc", "optimistic", "typo",
                                          "org", "2026-01-02T03:04:05+00:00"),
                                 Decision(MERGE, None, "glad", "happy", "by hand", "org", "t"),
                                 Decision(EXCLUDE, (OTHER,), who="org")])
    path = tmp_path / "adjudication.lexsub.json"
    write_adjudication(adjudication, path)
    assert read_adjudication(path) == adjudication
    assert json.loads(path.read_text())["version"] == 1
    with pytest.raises(InputError) as bad_json:
        parse_adjudication('{"format": "lexsub-adjudication",\n "version": }', "a.json")
    assert (bad_json.value.diagnostic.line, bad_json.value.diagnostic.column) == (2, 13)
    newer = adjudication_text(adjudication).replace('"version": 1', '"version": 9')
    with pytest.raises(InputError, match="version 9"):
        parse_adjudication(newer)
    broken = json.loads(adjudication_text(adjudication))
    broken["decisions"][1]["kind"] = "smash"
    with pytest.raises(InputError, match="decision 2: unknown kind"):
        parse_adjudication(json.dumps(broken))
    broken["decisions"][1] = {"kind": "drop", "form": "x", "items": "everywhere"}
    with pytest.raises(InputError, match="decision 2: a 'drop' decision needs the items"):
        parse_adjudication(json.dumps(broken))


def test_provenance_names_who_gave_each_entry_and_who_added_one() -> None:
    adjudication = Adjudication()
    adjudication.add(Decision(MERGE, (ITEM,), "optimisitc", "optimistic", who="org"))
    adjudication.add(Decision(ADD, (OTHER,), "cheerful", who="org"))
    pooled = pooled_of(adjudication)
    gold = apply_gold_decisions(assemble_gold(pooled).gold, adjudication)
    table = list(csv.DictReader(io.StringIO(provenance_csv(pooled, gold, adjudication))))
    by_entry = {(r["id"], r["substitute"]): (r["count"], r["annotators"], r["added_by"])
                for r in table}
    assert by_entry[("1", "optimistic")] == ("3", "ann bob cyd", "")
    assert by_entry[("2", "pn")] == ("1", "bob", "")
    assert by_entry[("2", "cheerful")] == ("1", "", "org")


def test_cli_applies_the_adjudication_file(tmp_path: Path) -> None:
    demo = demo_dir()
    responses = sorted(str(p) for p in (demo / "responses").glob("*.tsv"))
    key = ("fair.a", "9")
    adjudication = Adjudication([Decision(MERGE, (key,), "blonde", "blond", "by hand"),
                                 Decision(EXCLUDE, (("field.n", "21"),))])
    path = tmp_path / "adjudication.lexsub.json"
    write_adjudication(adjudication, path)
    gold = tmp_path / "gold"
    assert main(["gold", *responses, "-o", str(gold), "--corpus", str(demo / "demo.xml"),
                 "--adjudication", str(path)]) == 0
    lines = {line.split(" :: ")[0]: line for line in gold.read_text().splitlines()}
    before = {line.split(" :: ")[0]: line for line in (demo / "gold").read_text().splitlines()}
    assert "field.n 21" in before and "field.n 21" not in lines
    counts = dict(entry.rsplit(" ", 1) for entry in before["fair.a 9"].split(" :: ")[1]
                  .rstrip(";").split(";"))
    assert f"blond {int(counts['blond']) + int(counts['blonde'])};" in lines["fair.a 9"]
    assert "blonde" not in lines["fair.a 9"]


def test_cli_reports_a_broken_adjudication_file_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo = demo_dir()
    path = tmp_path / "adj.json"
    path.write_text("{not json", encoding="utf-8")
    code = main(["gold", str(demo / "responses" / "amira.tsv"), "-o", str(tmp_path / "g"),
                 "--adjudication", str(path)])
    assert code == 2
    err = capsys.readouterr().err
    assert f"{path}:1:2:" in err and "Traceback" not in err


def test_agree_counts_the_adjudications_merges_but_not_its_gold_edits(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = []
    for name, form in (("ann", "blond"), ("bob", "blonde")):
        path = tmp_path / f"{name}.tsv"
        path.write_text("# lexsub-responses 1\nlexelt\tid\tannotator\tsub1\tsub2\tsub3\t"
                        f"multiword\tnil\tproper_name\tcomment\tseconds\nfair.a\t9\t{name}\t"
                        f"{form}\t\t\t\t0\t0\t\t\n", encoding="utf-8")
        paths.append(str(path))

    def pairwise(*extra: str) -> float:
        assert main(["agree", *paths, "--format", "json", *extra]) == 0
        return json.loads(capsys.readouterr().out)["pairwise_agreement"]

    drop_only = tmp_path / "drop.json"
    write_adjudication(Adjudication([Decision(DROP, (("fair.a", "9"),), "blonde")]), drop_only)
    merge = tmp_path / "merge.json"
    write_adjudication(Adjudication([Decision(MERGE, (("fair.a", "9"),), "blonde", "blond")]),
                       merge)
    assert pairwise() == pairwise("--adjudication", str(drop_only)) < \
        pairwise("--adjudication", str(merge))
