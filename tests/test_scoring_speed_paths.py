"""The fast paths of scoring many systems: the prepared gold shared by every system and every
warning, what-if column totals, compact reports, and the explanations fixed on the way."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import parse_system_text
from lexsub_studio.core.model.data import GoldItem, SystemAnswer, WeightedAnswer
from lexsub_studio.core.scoring.clean import items
from lexsub_studio.core.scoring.clean.fixes import FIX_NAMES
from lexsub_studio.core.scoring.clean.scorer import readable_tally_line
from lexsub_studio.core.scoring.compare.league import group_values
from lexsub_studio.core.scoring.compare.system_scores import (
    ALL_FAMILIES,
    prepare_gold,
    score_system_file,
)
from lexsub_studio.core.scoring.report.render import render
from lexsub_studio.core.scoring.report.score_report import (
    PreparedGoldSet,
    ScoreOptions,
    column_total,
    explain_item,
    score,
)

GOLD = """bright.a 1 :: clever 4;intelligent 2;quick-witted 1;smart 3;
bright.a 2 :: vivid 2;bold 2;
bright.a 3 :: shining 1;
take.v 4 :: grab 2;seize 1;
take.v 4 :: grab 5;
"""
OOT = """bright.a 1 ::: clever;a;intelligent;b;quick-witted;c;d;e;f;g;smart
bright.a 2 ::: Vivid;vivid;vivid
take.v 4 ::: grabs;seize
"""


def gold_items(text: str = GOLD) -> list[GoldItem]:
    return parse_gold_text(text).items


def answers(text: str = OOT, kind: str = "oot") -> list[SystemAnswer]:
    return parse_system_text(text, kind).answers


def figures(report) -> dict[str, float | None]:
    return {key: figure.value for key, figure in report.figures.items()}


# --- the prepared gold ------------------------------------------------------------------------

def test_prepared_gold_serves_every_defect_that_leaves_the_gold_alone() -> None:
    prepared = PreparedGoldSet(gold_items())
    assert prepared.serves(frozenset({"distinct-answers", "oot-limit", "no-reuse"}))
    assert not prepared.serves(frozenset({"spelling"}))
    kept = frozenset({"distinct-answers", "oot-limit"})
    options = ScoreOptions(kind="oot", families=ALL_FAMILIES, kept_defects=kept)
    direct = score(answers(), gold_items(), options)
    shared = score(answers(), prepared, options)
    assert figures(shared) == figures(direct)
    assert shared.ignored == direct.ignored
    # Item 1 with every answer and repeats kept: clever 4 + intelligent 2 + quick-witted 1 +
    # smart 3 = 10 over H = 10: 1. Item 2 vivid twice: 2 + 2 = 4 over 4: 1. Item 4 (first line,
    # H = 3): seize 1 / 3. Recall (1 + 1 + 1/3) / 3 items of T.
    assert shared.figures["oot.recall"].value == pytest.approx((1 + 1 + 1 / 3) / 3)


def test_restricted_gold_scores_like_the_gold_items_it_keeps() -> None:
    prepared = PreparedGoldSet(gold_items())
    keys = {("bright.a", "2"), ("take.v", "4")}
    subset = prepared.restricted(keys)
    assert [(item.lexelt, item.id) for item in subset] == [("bright.a", "2"), ("take.v", "4")]
    options = ScoreOptions(kind="oot", families=("official",))
    lines = [line for line in answers() if line.key in keys]
    plain = [item for item in gold_items() if item.key in keys]
    assert figures(score(lines, subset, options)) == figures(score(lines, plain, options))
    # Told apart by id alone, the items are prepared again from the plain list.
    by_id = PreparedGoldSet(gold_items(), frozenset({"lexelt-key"})).restricted(keys)
    assert not isinstance(by_id, PreparedGoldSet) and len(by_id) == 2


def test_column_total_is_the_sum_of_the_scored_column() -> None:
    options = ScoreOptions(kind="oot", families=("official",))
    # Clean: item 1 first ten answers, distinct: clever 4 + intelligent 2 + quick-witted 1 = 7
    # of H 10; item 2 'Vivid', 'vivid': 2 of 4; item 4 'grabs', 'seize': 1 of 3.
    expected = 7 / 10 + 2 / 4 + 1 / 3
    assert column_total(answers(), gold_items(), options, "oot_score") == pytest.approx(expected)
    assert column_total(answers(), PreparedGoldSet(gold_items()), options,
                        "oot_score") == pytest.approx(expected)
    assert score(answers(), gold_items(), options).items["oot_score"].sum() == pytest.approx(
        expected)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a.n", "b.v"]), st.sampled_from("1234"),
                          st.lists(st.sampled_from(["x", "y", "z", "x-y", "pn", "Z"]),
                                   min_size=1, max_size=4),
                          st.lists(st.integers(1, 3), min_size=4, max_size=4)),
                min_size=1, max_size=6),
       st.lists(st.tuples(st.sampled_from(["a.n", "b.v"]), st.sampled_from("12345"),
                          st.lists(st.sampled_from(["x", "y", "z", "x y", "X", ""]),
                                   max_size=12)), max_size=8),
       st.frozensets(st.sampled_from(FIX_NAMES[:-1])), st.sampled_from(["best", "oot"]))
def test_a_prepared_gold_scores_like_the_plain_gold(gold_rows, system_rows, kept, kind) -> None:
    gold = [GoldItem(lexelt, item_id, list(zip(subs, counts, strict=False)), number)
            for number, (lexelt, item_id, subs, counts) in enumerate(gold_rows, start=1)]
    lines = [SystemAnswer(lexelt, item_id, given_answers, number)
             for number, (lexelt, item_id, given_answers) in enumerate(system_rows, start=1)]
    options = ScoreOptions(kind=kind, families=ALL_FAMILIES, kept_defects=kept)
    prepared = PreparedGoldSet(gold, frozenset({"oot-limit"}))
    direct = score(lines, gold, options)
    shared = score(lines, prepared, options)
    assert figures(shared) == figures(direct)
    assert shared.counts == direct.counts


# --- compact reports --------------------------------------------------------------------------

def test_a_compacted_report_keeps_figures_groups_and_explanations() -> None:
    report = score(answers(), gold_items(), ScoreOptions(kind="oot", families=ALL_FAMILIES))
    compact = report.compacted()
    assert "answers" not in compact.items.columns and "oot_answers" in compact.items.columns
    assert compact.items["attempted"].dtype == np.int8
    assert compact.items["human_total"].dtype == np.int8
    assert compact.items["oot_score"].dtype == np.float64
    assert figures(compact) == figures(report)
    for by in ("pos", "lexelt"):
        assert group_values(compact, by, "oot.recall") == group_values(report, by, "oot.recall")
        full = report.group_figures(by)
        # Every figure but top-n F, whose per-item columns the compact copy drops.
        assert compact.group_figures(by) == {
            group: {key: figure for key, figure in values.items()
                    if not key.startswith("coverage.top")}
            for group, values in full.items()}
    assert "coverage.top3_f" in compact.figures and "top3_f" not in compact.items.columns
    for measure in ("oot", "oot.mode", "coverage", "ranking.gap", "coverage.optimal_f"):
        assert (compact.explain_item("bright.a", "1", measure)
                == report.explain_item("bright.a", "1", measure))
    with pytest.raises(ValueError, match=r"no 'coverage\.top3_f' scores"):
        compact.explain_item("bright.a", "1", "coverage.top3_f")


def test_equal_weights_are_one_tuple_and_views_share_their_tuples() -> None:
    report = score(answers(), gold_items(), ScoreOptions(kind="oot", families=ALL_FAMILIES))
    frame = report.items
    # oot views and the ranking cut at the same 10 answers: the same objects.
    for row in range(len(frame)):
        assert frame["oot_answers"].iloc[row] is frame["ranking_answers"].iloc[row]
        assert frame["oot_weights"].iloc[row] is frame["ranking_weights"].iloc[row]
    columns = items.build_columns(
        "best", ("official",), PreparedGoldSet(gold_items("a.n 1 :: x 2;y 1;\n"
                                                          "a.n 2 :: x 2;z 1;\n")).prepared,
        [None, None], frozenset(), 1.0)
    assert columns["best_weights"][0] is columns["best_weights"][1]


def test_score_system_file_with_a_shared_gold_gives_the_same_scores(tmp_path: Path) -> None:
    system = tmp_path / "run.oot"
    system.write_text(OOT, encoding="utf-8")
    gold = gold_items()
    shared = prepare_gold(gold)
    assert prepare_gold(shared) is shared
    plain = score_system_file(system, gold, GOLD.encode(), kind="oot")
    reused = [score_system_file(system, shared, GOLD.encode(), kind="oot") for _ in range(2)]
    for result in reused:
        assert figures(result.report) == figures(plain.report)
        assert result.official == plain.official
        assert [(w.code, w.count, w.effect) for w in result.warnings] == [
            (w.code, w.count, w.effect) for w in plain.warnings]
    codes = {warning.code: warning for warning in plain.warnings}
    # 'Vivid' on item 2 is a case variant; 'grabs' on item 4 looks inflected.
    assert codes["case-variants"].count == 1 and codes["inflected"].count == 1
    # bright.a 1 has 11 answers: smart (3) is the eleventh. Official: (7 + 3) / 10 = 1 instead
    # of 0.7, over the 3 items of T: +0.3 / 3.
    assert codes["oot-over-limit"].effect == pytest.approx(0.3 / 3)
    assert "answers" not in plain.report.items.columns


# --- explanations and wording -----------------------------------------------------------------

def test_oot_explanation_lists_only_the_credits_earned() -> None:
    report = score(answers(), gold_items(), ScoreOptions(kind="oot"))
    # First ten answers; clever 4, intelligent 2, quick-witted 1 earn credit, the other seven
    # nothing: (4 + 2 + 1) / 10 = 0.7.
    assert explain_item(report, "bright.a", "1", "oot") == (
        "oot: credit (4 + 2 + 1) / 10 from 3 of 10 answers = 0.7")
    # 'Vivid' earns nothing, 'vivid' 2: 2 / 4 = 0.5.
    assert explain_item(report, "bright.a", "2", "oot.recall") == (
        "oot: credit 2 / 4 from 1 of 2 answers = 0.5")
    ranked = WeightedAnswer("take.v", "4", [("grip", 0.9)])
    weighted = score([ranked], gold_items(), ScoreOptions(kind="weighted"))
    assert explain_item(weighted, "take.v", "4", "oot") == (
        "oot: credit 0 / 3 from 0 of 1 answer = 0")


def test_explaining_a_measure_the_report_does_not_have_is_an_error() -> None:
    report = score(answers("bright.a 1 :: clever\n", "best"), gold_items(),
                   ScoreOptions(kind="best"))
    assert explain_item(report, "bright.a", "1", "best") == (
        "best: credit 4 / 10 = 0.4, divided by 1 answer = 0.4")
    for measure in ("oot", "oot.recall", "ranking.gap", "coverage.f", "mw"):
        with pytest.raises(ValueError, match=r"a best report has no '.*' scores; it explains "
                                             r"best, best.mode"):
            explain_item(report, "bright.a", "1", measure)


def test_not_scored_lines_agree_with_their_count() -> None:
    assert readable_tally_line("1 gold items with fewer than 2 responses (not in T)") == (
        "1 gold item with fewer than 2 responses (not in T)")
    assert readable_tally_line("1 system lines repeating an item (the first line is used)") == (
        "1 system line repeating an item (the first line is used)")
    assert readable_tally_line("2 gold items with fewer than 2 responses (not in T)") == (
        "2 gold items with fewer than 2 responses (not in T)")
    # bright.a 3 has 1 response (not in T), and the system answers it: each reason counts 1.
    report = score(answers(OOT + "bright.a 3 ::: shining\n"), gold_items(),
                   ScoreOptions(kind="oot"))
    text = render(report, "table", None, None, [])
    assert "  1 gold item with fewer than 2 responses (not in T)" in text
    assert "  1 system line for items not in T or not in the gold" in text
    assert report.ignored[0].startswith("1 gold items")  # the tally's own wording stays
