"""``--explain``: every reason true and named, against the official scorer's real run.

Each case is one item whose clean and official scores differ for one cause (or two that
combine), scored by both sides from the same bytes."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import parse_system_text
from lexsub_studio.core.scoring.explain.differences import Difference, compare_with_official
from lexsub_studio.core.scoring.official.scorer import run_official
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score


def explain(gold: str, system: str, kind: str = "best", release: str = "final",
            **options: object) -> dict[str, Difference]:
    report = score(parse_system_text(system, kind).answers, parse_gold_text(gold).items,
                   ScoreOptions(kind=kind, **options))
    official = run_official(system.encode(), gold.encode(), task=kind, release=release)
    differences = compare_with_official(report, official, parse_gold_text(gold).items,
                                        release, gold_text=gold)
    return {difference.id: difference for difference in differences}


def only_reason(difference: Difference) -> str:
    assert len(difference.reasons) == 1, difference.reasons
    assert "no single cause" not in str(difference)
    return difference.reasons[0]


def test_a_missing_clean_line_is_not_called_an_answer_without_answers() -> None:
    gold = "wild.a.n 160 :: savage 2;fierce 1;\nbank.n 7 :: shore 2;edge 1;\n"
    system = "wild.n 160 :: savage\ndog.n 7 :: shore\n"
    strict = explain(gold, system, strict_lexelt=True)
    assert only_reason(strict["160"]) == (
        "line 1 gives the lexelt 'wild.n' for the gold's 'wild.a.n' (the same lemma); the "
        "official scorer matches it by id, strict lexelt matching drops it")
    matched = explain(gold, system)
    assert "160" not in matched  # matched by id on both sides
    assert only_reason(matched["7"]) == (
        "the system line's lexelt 'dog.n' is not the gold's 'bank.n'; the official scorer "
        "matches by id alone (line 2), clean scoring counts it as a line for an unknown item")
    assert not any("holds no answer" in reason for d in matched.values() for reason in d.reasons)


def test_an_answer_text_without_answers_is_named_when_clean_scoring_has_the_line() -> None:
    reason = only_reason(explain("dash.n 3 :: fast 2;quick 1;\n", "dash.n 3 :: -\n")["3"])
    assert reason == ("the answer text '-' holds no answer for clean scoring; the official "
                      "scorer counts it as an attempt")


def test_a_gold_entry_with_a_space_before_its_count() -> None:
    reason = only_reason(explain("near.r 1 :: close 2;near  1;\n", "near.r 1 :: near\n")["1"])
    assert reason == ("gold entry 'near  1' is read by the official scorer as 'near ', spaces "
                      "included, which no answer matches; clean scoring reads 'near'")


def test_a_one_letter_gold_entry() -> None:
    reason = only_reason(explain("x.n 2 :: a 1;bb 1;cc 1;\n", "x.n 2 :: a\n")["2"])
    assert reason.startswith("gold entry 'a 1' is not read by the official scorer (it has a "
                             "single character")


def test_a_gold_token_the_official_scorer_reads_as_another_word() -> None:
    reason = only_reason(explain("fold.v 4 :: @card@-fold 2;bend 1;\n", "fold.v 4 :: fold\n")
                         ["4"])
    assert reason == ("gold entry '@card@-fold 2' is read by the official scorer as another "
                      "word, 'fold'; clean scoring reads '@card@ fold'")
    unread = only_reason(explain("six.n 3 :: @card@ 2;half 1;\n", "six.n 3 :: half\n")["3"])
    assert unread.startswith("gold entry '@card@ 2' is not read by the official scorer (it "
                             "starts with '@'")


def test_a_gold_entry_with_a_lone_apostrophe() -> None:
    reason = only_reason(explain("fish.v 4 :: fish ' 2;angle 1;\n", "fish.v 4 :: fish\n")["4"])
    assert reason.startswith("gold entry 'fish ' 2' is read by the official scorer as 'fish ', "
                             "spaces included")


@pytest.mark.parametrize("entry", ["-", "--"])
def test_entries_the_spelling_rule_empties_take_the_item_out_of_clean_t(entry: str) -> None:
    differences = explain(f"dash.n 5 :: {entry} 1;go 1;\n", "dash.n 5 :: go\n")
    reason = only_reason(differences["5"])
    assert reason == ("the official scorer scores this id, clean scoring does not: the gold "
                      "item has 1 response for clean scoring, fewer than 2, so it is not in its "
                      f"T; gold entry '{entry} 1' is empty under the spelling rule and is "
                      "removed; the official scorer puts a line with more than one field in T")


def test_a_flag_in_capitals() -> None:
    reason = only_reason(explain("pn.n 5 :: PN 2;name 2;label 1;\n", "pn.n 5 :: name\n")["5"])
    assert reason == ("gold entry 'PN 2' is a flag, not a substitute: clean scoring removes it "
                      "(in any case), the official scorer counts it as 'PN'")


def test_two_causes_that_combine_are_both_named() -> None:
    # 'zero ' earns nothing officially (its trailing space), and H differs (nil 3 counts there).
    difference = explain("nil.n 4 :: nil 3;zero 2;none 1;\n", "nil.n 4 :: zero \n")["4"]
    assert difference.reasons == [
        "answer 'zero ' has a trailing space",
        "gold entry 'nil 3' is a flag, not a substitute: clean scoring removes it (in any case), "
        "the official scorer counts it as 'nil'"]
    assert str(difference).startswith("nil.n 4: no single cause, these combine: answer 'zero ' "
                                      "has a trailing space; gold entry 'nil 3'")


def test_a_trailing_space_on_an_answer_worth_nothing_is_not_a_cause() -> None:
    difference = explain("near.r 1 :: close 2;near  1;\n", "near.r 1 :: near;far \n")["1"]
    assert not any("trailing space" in reason for reason in difference.reasons)


def test_the_command_line_explains_with_the_gold_as_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "gold"
    system = tmp_path / "system"
    gold.write_text("near.r 1 :: close 2;near  1;\n", encoding="utf-8")
    system.write_text("near.r 1 :: near\n", encoding="utf-8")
    assert main(["score", str(system), str(gold), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "near.r 1: gold entry 'near  1' is read by the official scorer as 'near '" in out
    assert "no single cause" not in out


def test_the_cr_of_a_crlf_gold_line_is_named_as_the_field_that_puts_it_in_official_t() -> None:
    gold = "only.n 9 :: alone 1;\r\nbb.n 10 :: two 2;three 1;\r\n"
    differences = explain(gold, "only.n 9 :: alone\r\nbb.n 10 :: two\r\n")
    reason = only_reason(differences["9"])
    assert reason.endswith("the official scorer puts a line with more than one field in T (a "
                           "blank field, such as the CR that ends a CRLF line, is one)")


# --- Only causes that change the credit are named --------------------------------------------
TWELVE = ";".join(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"])


def test_more_than_10_answers_is_no_cause_when_both_views_agree() -> None:
    # Twelve distinct answers: the first 10 as written are the first 10 distinct ones, so the
    # cut changes nothing; the item differs by its trailing space alone.
    gold = "x.n 1 :: go 3;run 2;\nx.n 2 :: go 3;run 2;\n"
    system = f"x.n 1 ::: run ;{TWELVE};go\nx.n 2 ::: go;run;{TWELVE}\n"
    differences = explain(gold, system, "oot")
    assert set(differences) == {"1"}
    assert only_reason(differences["1"]) == "answer 'run ' has a trailing space"


@pytest.mark.parametrize("release", ["final", "trial"])
def test_more_than_10_answers_named_when_the_cut_changes_the_credit(release: str) -> None:
    gold = "x.n 2 :: go 3;run 2;\n"
    system = "x.n 2 ::: " + ";".join(["a"] * 10) + ";go\n"
    differences = explain(gold, system, "oot", release)
    if release == "trial":
        # The trial release keeps every answer: both sides score 'go', and the repeated 'a'
        # (worth nothing) changes no oot score.
        assert differences == {}
        return
    assert only_reason(differences["2"]) == (
        "the line has 11 answers; the official scorer keeps the first 10 answers as written, "
        "clean scoring the first 10 distinct ones: only clean scoring scores 'go'")
    # Collapsing the named cause (the same line without the repeats) removes the difference.
    assert explain(gold, "x.n 2 ::: a;go\n", "oot", release) == {}


def test_a_gold_entry_holding_a_comma_overwrites_the_substitute_it_names() -> None:
    # As in golds built from SWORDS: 'much, really 8' is 'really' to the official field
    # pattern, so its count replaces that of 'really 9' (a repeated substitute keeps its last
    # count); clean scoring reads 'much, really' as a substitute of its own.
    gold = "x.n 1 :: really 9;much, really 8;very 3;\n"
    system = f"x.n 1 ::: really;very;{TWELVE}\n"
    reason = only_reason(explain(gold, system, "oot")["1"])
    assert reason == (
        "gold entry 'much, really 8' holds a comma: the official scorer reads it as 'really' "
        "(count 8), the substitute of 'really 9' too, and keeps the last count, 8; clean "
        "scoring reads 'much, really' as a substitute of its own")
    assert "answers" not in reason
    # The entry before 'really 9': its count is overwritten, and the official H lacks it.
    earlier = "x.n 1 :: much, really 8;really 9;very 3;\n"
    assert "keeps the last count, 9 (of 'really 9')" in only_reason(
        explain(earlier, system, "oot")["1"])
    # Removing the named cause removes the difference.
    assert explain("x.n 1 :: really 9;very 3;\n", system, "oot") == {}
