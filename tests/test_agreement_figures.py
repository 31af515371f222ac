"""Pairwise, mode and multiword agreement on hand-computed cases, and their properties."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.agreement.alpha import alpha_reference
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.agreement.progress import Cancelled
from lexsub_studio.core.agreement.report import FIGURES, AgreementReport, compute_agreement
from lexsub_studio.core.model.data import ResponseRow


def rows_for(item: str, answers: dict[str, list[str]], lexelt: str = "happy.a",
             ) -> list[ResponseRow]:
    return [ResponseRow(lexelt, item, name, tuple(subs)) for name, subs in answers.items()]


# The task description's example (section 4): item 9999 of happy.a.
HAPPY = {"1": ["glad", "merry"], "2": ["glad"], "3": ["cheerful", "glad"], "4": ["merry"],
         "5": ["jovial"]}


def report_for(rows: list[ResponseRow], **kwargs: Any) -> AgreementReport:
    return compute_agreement(pool_responses([ResponseSource("r.tsv", rows)]), **kwargs)


def test_pairwise_agreement_by_hand() -> None:
    # Jaccard per pair: 1-2 {glad,merry}/{glad} = 1/2; 1-3 = 1/3; 1-4 = 1/2; 2-3 = 1/2;
    # every other pair is disjoint (0). 10 pairs: PA = (1/2+1/3+1/2+1/2)/10 = (11/6)/10 = 11/60.
    report = report_for(rows_for("9999", HAPPY))
    assert report.figures["pairwise_agreement"] == pytest.approx(11 / 60)
    assert report.counts == {"items": 1, "items_in_T": 1, "items_with_mode": 1,
                             "annotators": 5, "pairs": 10}
    names = report.annotators
    matrix = report.pair_matrix
    assert matrix[names.index("1"), names.index("3")] == pytest.approx(1 / 3)
    assert matrix[names.index("4"), names.index("5")] == 0
    assert math.isnan(matrix[0, 0])
    # Annotator 1: pairs with 2, 3, 4, 5 -> (1/2 + 1/3 + 1/2 + 0)/4 = 4/3/4 = 1/3.
    per = report.per_annotator.set_index("annotator")
    assert per.loc["1", "pairwise_agreement"] == pytest.approx(1 / 3)
    assert per.loc["5", "pairwise_agreement"] == 0


def test_mode_agreement_by_hand() -> None:
    # freq: glad 3, merry 2, cheerful 1, jovial 1 -> mode glad; annotators 1, 2, 3 have it: 3/5.
    # Leave-one-out: 1 -> others glad 2 (unique) hit; 2 -> others glad 2, merry 2: tie, skipped;
    # 3 -> others glad 2, merry 2: skipped; 4 -> others glad 3: miss; 5 -> glad 3: miss. 1/3.
    report = report_for(rows_for("9999", HAPPY))
    assert report.figures["mode_agreement"] == pytest.approx(3 / 5)
    assert report.figures["mode_agreement_loo"] == pytest.approx(1 / 3)
    assert report.per_item.loc[0, "mode"] == "glad"
    per = report.per_annotator.set_index("annotator")
    assert per.loc["2", "loo_n"] == 0
    assert per.loc["2", "mode_agreement_loo"] is None


def test_nil_proper_name_and_blank_are_not_paired() -> None:
    rows = rows_for("1", {"a": ["glad"], "b": ["glad"]})
    rows += [ResponseRow("happy.a", "1", "c", ("glad",), nil=True),   # empty h_i despite subs
             ResponseRow("happy.a", "1", "d", proper_name=True),
             ResponseRow("happy.a", "1", "e")]                        # blank: missing
    report = report_for(rows)
    # Only a-b is a pair: 1/1.
    assert report.counts["pairs"] == 1
    assert report.figures["pairwise_agreement"] == 1.0
    # Only a and b count for the mode (glad 2): 2/2.
    assert report.figures["mode_agreement"] == 1.0


def test_items_outside_t_do_not_count() -> None:
    # Item 2 pools one substitute only: not in T, no pairs, no mode.
    rows = rows_for("1", {"a": ["x"], "b": ["x", "y"]}) + rows_for("2", {"a": ["z"]})
    report = report_for(rows)
    assert report.counts["items"] == 2
    assert report.counts["items_in_T"] == 1
    # Item 1: J = 1/2; mode x (2 vs 1), both have it.
    assert report.figures["pairwise_agreement"] == pytest.approx(0.5)
    assert report.figures["mode_agreement"] == 1.0


def test_multiword_agreement_by_hand() -> None:
    rows = [
        ResponseRow("take.v", "1", "A", ("happen",), multiword="take place"),
        ResponseRow("take.v", "1", "B", ("occur",), multiword="Take  place"),
        ResponseRow("take.v", "1", "C", ("grab",)),
        ResponseRow("take.v", "1", "D"),                                  # blank: not answering
        ResponseRow("take.v", "2", "A", ("x",), multiword="take off"),
        ResponseRow("take.v", "2", "B", ("y",), multiword="take on"),
        ResponseRow("take.v", "2", "C", nil=True),                       # NIL counts as answering
    ]
    report = report_for(rows)
    # Identification: item 1 pairs AB agree, AC and BC disagree; item 2 the same: 2/6 = 1/3.
    assert report.figures["mw_identification_agreement"] == pytest.approx(1 / 3)
    # String: pairs where both marked: item 1 AB equal after normalisation, item 2 AB differ.
    assert report.figures["mw_string_agreement"] == pytest.approx(1 / 2)
    # Fleiss: items [2 marked, 1 not] twice: P_i = (2*1 + 0)/(3*2) = 1/3; P̄ = 1/3;
    # p = (4/6, 2/6); P_e = 4/9 + 1/9 = 5/9; kappa = (1/3 - 5/9)/(4/9) = -1/2.
    assert report.figures["fleiss_kappa_mw"] == pytest.approx(-0.5)


def test_undefined_figures_are_none_and_warned() -> None:
    report = report_for(rows_for("1", {"a": ["x"]}))
    for name in ("pairwise_agreement", "mode_agreement", "mw_string_agreement",
                 "alpha_masi", "alpha_jaccard", "fleiss_kappa_mw"):
        assert report.figures[name] is None
    assert any("only 1 annotator" in warning for warning in report.warnings)
    assert any("Pairwise agreement is undefined" in warning for warning in report.warnings)


def test_mostly_nil_annotator_is_warned() -> None:
    rows = rows_for("1", {"a": ["x"], "b": ["x"]})
    rows += [ResponseRow("happy.a", str(i), "b", nil=True) for i in (2, 3, 4)]
    report = report_for(rows)
    assert any("annotator 'b' answered NIL on 3 of 4" in w for w in report.warnings)


def test_grouping_by_pos_and_lexelt() -> None:
    rows = rows_for("1", {"a": ["x"], "b": ["x"]}, lexelt="bright.a")
    rows += rows_for("2", {"a": ["x"], "b": ["y"]}, lexelt="run.v")
    rows += rows_for("3", {"a": ["x", "y"], "b": ["y"]}, lexelt="run.v")
    report = report_for(rows)
    by_pos = report.grouped("pos").set_index("pos")
    assert by_pos.loc["a", "pairwise_agreement"] == 1.0
    # run.v: items 2 (0) and 3 (1/2): (0 + 1/2)/2 = 1/4.
    assert by_pos.loc["v", "pairwise_agreement"] == pytest.approx(0.25)
    by_lexelt = report.grouped("lexelt").set_index("lexelt")
    assert by_lexelt.loc["run.v", "items"] == 2
    assert report.figures["pairwise_agreement"] == pytest.approx((1 + 0 + 0.5) / 3)


def test_bootstrap_is_reproducible_with_a_seed() -> None:
    rows = []
    generator = random.Random(4)
    for item in range(30):
        for name in "abcd":
            rows.append(ResponseRow("w.n", str(item), name,
                                    tuple(generator.sample("pqrstu", generator.randint(1, 3)))))
    first = report_for(rows, bootstrap=50, seed=11)
    second = report_for(rows, bootstrap=50, seed=11)
    other = report_for(rows, bootstrap=50, seed=12)
    assert first.intervals == second.intervals
    assert first.intervals != other.intervals
    interval = first.intervals["pairwise_agreement"]
    assert interval.replicates == 50
    assert interval.low <= first.figures["pairwise_agreement"] <= interval.high


# ---------------------------------------------------------------------------------------------
# Properties

SUBSTITUTES = st.lists(st.sampled_from(["p", "q", "r", "s", "t"]), min_size=0, max_size=3,
                       unique=True)
ANSWER = st.tuples(SUBSTITUTES, st.sampled_from(["", "", "", "take off", "take on"]),
                   st.sampled_from(["", "", "", "", "nil", "pn"]))
COLLECTION = st.lists(st.lists(ANSWER, min_size=2, max_size=4), min_size=1, max_size=6)


def collection_rows(collection: list[list[tuple[list[str], str, str]]]) -> list[ResponseRow]:
    rows = []
    for item, answers in enumerate(collection):
        for annotator, (subs, multiword, flag) in enumerate(answers):
            rows.append(ResponseRow("w.v", str(item), f"ann{annotator}", tuple(subs),
                                    multiword=multiword, nil=flag == "nil",
                                    proper_name=flag == "pn"))
    return rows


def same_figures(first: dict[str, float | None], second: dict[str, float | None]) -> bool:
    return all((first[name] is None and second[name] is None)
               or (first[name] is not None and second[name] is not None
                   and math.isclose(first[name], second[name], abs_tol=1e-9))
               for name in FIGURES)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(SUBSTITUTES.filter(bool), st.sampled_from(["", "x y"])),
                min_size=1, max_size=6),
       st.integers(2, 5))
def test_identical_annotators_agree_fully(items: list[tuple[list[str], str]],
                                          annotators: int) -> None:
    rows = [ResponseRow("w.n", str(item), f"ann{a}", tuple(subs), multiword=multiword)
            for item, (subs, multiword) in enumerate(items) for a in range(annotators)]
    report = report_for(rows)
    assert report.figures["pairwise_agreement"] == 1.0
    assert report.figures["mode_agreement"] in (None, 1.0)
    assert report.figures["mw_identification_agreement"] == 1.0
    assert report.figures["mw_string_agreement"] in (None, 1.0)


@settings(max_examples=25, deadline=None)
@given(COLLECTION, st.randoms(use_true_random=False))
def test_figures_do_not_depend_on_row_file_or_annotator_order(
        collection: list[list[tuple[list[str], str, str]]], generator: random.Random) -> None:
    rows = collection_rows(collection)
    baseline = report_for(rows).figures
    shuffled = list(rows)
    generator.shuffle(shuffled)
    split = generator.randint(0, len(shuffled))
    sources = [ResponseSource("second.tsv", shuffled[split:]),
               ResponseSource("first.tsv", shuffled[:split])]
    assert same_figures(baseline, compute_agreement(pool_responses(sources)).figures)
    renamed = [ResponseRow(r.lexelt, r.id, "z" + r.annotator[::-1], r.substitutes,
                           r.multiword, r.nil, r.proper_name) for r in rows]
    assert same_figures(baseline, report_for(renamed).figures)


@settings(max_examples=30, deadline=None)
@given(COLLECTION)
def test_figures_stay_in_range(collection: list[list[tuple[list[str], str, str]]]) -> None:
    figures = report_for(collection_rows(collection)).figures
    for name in ("pairwise_agreement", "mode_agreement", "mode_agreement_loo",
                 "mw_identification_agreement", "mw_string_agreement"):
        assert figures[name] is None or 0.0 <= figures[name] <= 1.0
    for name in ("alpha_masi", "alpha_jaccard", "fleiss_kappa_mw"):
        assert figures[name] is None or figures[name] <= 1.0 + 1e-12


def test_progress_is_reported_and_cancel_stops_the_computation() -> None:
    pooled = pool_responses([ResponseSource("r.tsv", rows_for("9999", HAPPY))])
    calls: list[tuple[int, int]] = []
    compute_agreement(pooled, bootstrap=3, seed=1, progress=lambda d, t: calls.append((d, t)))
    assert calls and all(0 <= done <= total for done, total in calls)
    assert (3, 3) in calls                       # the bootstrap's last step
    with pytest.raises(Cancelled):
        compute_agreement(pooled, should_cancel=lambda: True)


def test_items_wider_than_one_mask_word() -> None:
    # 25 annotators, each with "common" plus three substitutes of their own: 76 distinct
    # substitutes at one item, more than one 64-bit word. Every pair shares only "common":
    # J = 1/7 (|∩| = 1, |∪| = 4 + 4 - 1), so PA = 1/7; the mode "common" is in every answer.
    rows = [ResponseRow("wide.n", "1", f"a{n:02d}", ("common", f"x{n}", f"y{n}", f"z{n}"))
            for n in range(25)]
    rows += rows_for("2", {"a00": ["p"], "a01": ["p", "q"]}, lexelt="wide.n")
    pooled = pool_responses([ResponseSource("r.tsv", rows)])
    assert pooled.masks.shape[2] == 2
    report = compute_agreement(pooled)
    # Item 2 adds one pair scoring 1/2: (300 * 1/7 + 1/2) / 301.
    assert report.figures["pairwise_agreement"] == pytest.approx((300 / 7 + 0.5) / 301)
    assert report.per_item.loc[0, "mode"] == "common"
    units = [pooled.substitute_sets(item) for item in range(pooled.n_items)]
    for kind in ("masi", "jaccard"):
        assert report.figures[f"alpha_{kind}"] == pytest.approx(alpha_reference(units, kind))


@settings(max_examples=30, deadline=None)
@given(COLLECTION)
def test_alpha_from_the_pooled_table_equals_brute_force(
        collection: list[list[tuple[list[str], str, str]]]) -> None:
    pooled = pool_responses([ResponseSource("r.tsv", collection_rows(collection))])
    report = compute_agreement(pooled)
    units = [pooled.substitute_sets(item) for item in range(pooled.n_items)]
    for kind in ("masi", "jaccard"):
        reference = alpha_reference(units, kind)
        value = report.figures[f"alpha_{kind}"]
        assert (value is None) == (reference is None)
        if reference is not None:
            assert value == pytest.approx(reference, abs=1e-9)
