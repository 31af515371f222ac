"""Paired bootstrap and approximate randomisation: hand-checkable cases and properties."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.model.data import GoldItem, SystemAnswer
from lexsub_studio.core.scoring.compare import significance
from lexsub_studio.core.scoring.compare.significance import (
    Cancelled,
    approximate_randomisation,
    paired_bootstrap,
    paired_scores,
    run_test,
)
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score


@pytest.mark.parametrize("method", significance.METHODS)
def test_identical_systems_give_p_one(method: str) -> None:
    scores = [0.2, 0.5, 0.0, 1.0, 0.3]
    result = run_test(method, scores, scores, samples=500, seed=1)
    # Every sample has difference 0, which reaches the observed 0: r = 500, p = 501 / 501.
    assert result.reached == 500
    assert result.p_value == 1.0
    assert result.difference == 0.0


@pytest.mark.parametrize("method", significance.METHODS)
def test_better_on_every_item_of_many_gives_a_small_p(method: str) -> None:
    rng = np.random.default_rng(7)
    b = rng.uniform(0.0, 0.5, size=200)
    a = b + rng.uniform(0.1, 0.3, size=200)
    result = run_test(method, a, b, samples=2000, seed=3)
    # No sample reaches a difference this large: p = (0 + 1) / (2000 + 1).
    assert result.reached == 0
    assert result.p_value == pytest.approx(1 / 2001)
    assert result.difference > 0


def test_bootstrap_of_a_constant_difference_never_reaches_it() -> None:
    # a - b = 0.5 on every item: every resample has mean 0.5, |0.5 - 0.5| = 0 < 0.5.
    result = paired_bootstrap([1.0, 1.0, 1.0], [0.5, 0.5, 0.5], samples=100, seed=0)
    assert result.reached == 0
    assert result.p_value == pytest.approx(1 / 101)
    assert result.mean_a == 1.0 and result.mean_b == 0.5 and result.difference == 0.5


def test_randomisation_on_two_items_matches_the_exact_count() -> None:
    # Differences (1, 1): of the four sign patterns, (+,+) and (-,-) give |mean| 1 = observed,
    # (+,-) and (-,+) give 0. So about half of the shuffles reach it.
    result = approximate_randomisation([1.0, 1.0], [0.0, 0.0], samples=20000, seed=5)
    assert result.reached / result.samples == pytest.approx(0.5, abs=0.02)


def test_randomisation_approaches_the_exact_permutation_p() -> None:
    a = np.array([0.9, 0.4, 0.7, 0.2, 0.6, 0.8])
    b = np.array([0.5, 0.5, 0.1, 0.3, 0.2, 0.4])
    differences = a - b
    observed = abs(differences.mean())
    patterns = list(itertools.product((1, -1), repeat=6))
    exact = sum(abs((np.array(signs) * differences).mean()) >= observed - 1e-12
                for signs in patterns) / len(patterns)
    result = approximate_randomisation(a, b, samples=40000, seed=11)
    assert result.reached / result.samples == pytest.approx(exact, abs=0.01)


@pytest.mark.parametrize("method", significance.METHODS)
def test_a_seed_reproduces_the_result(method: str) -> None:
    a = [0.1, 0.9, 0.4, 0.4, 0.7, 0.0, 0.3]
    b = [0.2, 0.5, 0.4, 0.6, 0.1, 0.1, 0.3]
    first = run_test(method, a, b, samples=3000, seed=42)
    again = run_test(method, a, b, samples=3000, seed=42)
    assert first == again


def test_blocks_give_the_same_count_as_one_block(monkeypatch: pytest.MonkeyPatch) -> None:
    a = [0.3, 0.8, 0.1, 0.5]
    b = [0.2, 0.6, 0.4, 0.5]
    whole = approximate_randomisation(a, b, samples=1000, seed=9)
    monkeypatch.setattr(significance, "BLOCK_NUMBERS", 40)  # 10 samples a block
    calls: list[int] = []
    blocked = approximate_randomisation(a, b, samples=1000, seed=9,
                                        progress=lambda done, total: calls.append(done))
    assert calls[0] == 10 and calls[-1] == 1000 and len(calls) == 100
    # Blocks draw the same random numbers in another grouping, so the tallies agree closely
    # but need not be equal; both are valid estimates of one p-value.
    assert blocked.p_value == pytest.approx(whole.p_value, abs=0.06)


def test_a_progress_callback_can_cancel() -> None:
    with pytest.raises(Cancelled):
        paired_bootstrap([0.1, 0.2], [0.2, 0.1], samples=10, seed=0,
                         progress=lambda done, total: False)


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="one length"):
        paired_bootstrap([0.1, 0.2], [0.3], samples=10)
    with pytest.raises(ValueError, match="no items"):
        paired_bootstrap([], [], samples=10)
    with pytest.raises(ValueError, match="at least 1"):
        paired_bootstrap([1.0], [0.0], samples=0)
    with pytest.raises(ValueError, match="unknown test"):
        run_test("t-test", [1.0], [0.0])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=30),
       st.lists(st.floats(0, 1), min_size=1, max_size=30), st.integers(0, 2**32 - 1))
def test_p_values_are_proper_and_symmetric(first: list[float], second: list[float],
                                           seed: int) -> None:
    n = min(len(first), len(second))
    a, b = first[:n], second[:n]
    for method in significance.METHODS:
        forward = run_test(method, a, b, samples=200, seed=seed)
        backward = run_test(method, b, a, samples=200, seed=seed)
        assert 1 / 201 <= forward.p_value <= 1.0
        # Two-sided: swapping the systems flips the sign of every difference, not the p-value.
        assert forward.reached == backward.reached
        assert forward.difference == pytest.approx(-backward.difference)


def test_paired_scores_align_by_item_and_count_missing_as_zero() -> None:
    gold = [GoldItem("bright.a", "1", [("clever", 3), ("smart", 1)], 1),
            GoldItem("bright.a", "2", [("vivid", 2), ("bold", 2)], 2),
            GoldItem("take.v", "3", [("grab", 4)], 3)]
    options = ScoreOptions(kind="best")
    first = score([SystemAnswer("bright.a", "1", ["clever"], 1),
                   SystemAnswer("take.v", "3", ["grab", "seize"], 2)], gold, options)
    second = score([SystemAnswer("bright.a", "2", ["bold"], 1)], gold, options)
    paired = paired_scores(first, second, "best.recall")
    assert paired.keys == [("bright.a", "1"), ("bright.a", "2"), ("take.v", "3")]
    # Item 1: clever 3 / H 4 = 0.75 over 1 answer. Item 3: grab 4 / 4 = 1, over 2 answers = 0.5.
    assert paired.a.tolist() == pytest.approx([0.75, 0.0, 0.5])
    # Second system: only item 2, bold 2 / 4 = 0.5; the others unanswered score 0.
    assert paired.b.tolist() == pytest.approx([0.0, 0.5, 0.0])
    with pytest.raises(KeyError, match="not scored"):
        paired_scores(first, second, "ranking.gap")


@pytest.mark.parametrize(("difference", "p_value", "symbol"), [
    (0.2, 0.0001, "≫"), (0.2, 0.001, ">"), (0.2, 0.049, ">"), (0.2, 0.05, "≈"),
    (0.0, 0.0001, "≈"), (-0.2, 0.01, "<"), (-0.2, 0.0009, "≪")])
def test_a_verdict_as_one_symbol(difference: float, p_value: float, symbol: str) -> None:
    assert significance.verdict_symbol(difference, p_value) == symbol


def test_systems_in_rank_order_highest_first_missing_last() -> None:
    from lexsub_studio.core.scoring.compare.significance_text import rank_order, symbol_legend

    assert rank_order([0.2, None, 0.5, 0.2, 0.9]) == [4, 2, 0, 3, 1]
    assert symbol_legend() == ("≫ / ≪: better / worse, p < 0.001; > / <: better / worse, "
                               "p < 0.05; ≈: no significant difference")
