"""The measures, against the worked examples of the papers and hand-computed values."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexsub_studio.core.scoring import measures
from lexsub_studio.core.scoring.measures import Ragged, answer_weights

# Jabbari et al. (2010): H = {G:3, M:3, S:2, J:1, Ch:1}, so |H| = 10 and maxfreq = 3.
HAPPY = {"G": 3, "M": 3, "S": 2, "J": 1, "Ch": 1}
HAPPY_TOTAL = 10
HAPPY_MAX = 3


def weights(*answers: str) -> list[int]:
    return answer_weights(HAPPY, answers)


def test_jabbari_best_single_most_frequent_answer_scores_one_where_original_gives_0_3() -> None:
    assert measures.jabbari_best(weights("M"), HAPPY_MAX) == 1.0  # 3 / (3 * 1)
    assert measures.best_score(weights("M"), HAPPY_TOTAL) == pytest.approx(0.3)  # 3 / 10 / 1


def test_jabbari_best_single_lesser_answer_scores_two_thirds_where_original_gives_0_2() -> None:
    assert measures.jabbari_best(weights("S"), HAPPY_MAX) == pytest.approx(2 / 3)  # 2 / (3 * 1)
    assert measures.best_score(weights("S"), HAPPY_TOTAL) == pytest.approx(0.2)  # 2 / 10 / 1


def test_jabbari_best_one_right_one_wrong_halves_the_credit() -> None:
    assert measures.jabbari_best(weights("S", "X"), HAPPY_MAX) == pytest.approx(1 / 3)  # 2/(3*2)


def test_best1_takes_the_first_answer_only() -> None:
    assert measures.best1(weights("S", "M"), HAPPY_MAX) == pytest.approx(2 / 3)  # 2 / 3
    assert measures.best1(weights("X", "M"), HAPPY_MAX) == 0.0
    assert measures.best1([], HAPPY_MAX) == 0.0


def test_coverage_of_the_perfect_answer_set_is_one() -> None:
    cover = measures.coverage(weights("G", "M", "S", "J", "Ch"), HAPPY_TOTAL)
    assert (cover.precision, cover.recall, cover.f) == (1.0, 1.0, 1.0)  # 10/10, 10/(10+0)


def test_coverage_all_five_plus_five_wrong() -> None:
    cover = measures.coverage(weights("G", "M", "S", "J", "Ch", "X", "Y", "Z", "V", "W"),
                              HAPPY_TOTAL)
    assert cover.recall == 1.0  # 10 / 10
    assert cover.precision == pytest.approx(10 / 15)  # 10 / (10 + 1 * 5)
    assert cover.f == pytest.approx(2 * (10 / 15) / (10 / 15 + 1))


def test_coverage_three_of_five_right_plus_two_wrong() -> None:
    cover = measures.coverage(weights("G", "S", "J", "X", "Y"), HAPPY_TOTAL)
    assert cover.recall == pytest.approx(0.6)  # (3 + 2 + 1) / 10
    assert cover.precision == pytest.approx(0.75)  # 6 / (6 + 1 * 2)


def test_coverage_penalty_scales_the_wrong_answers() -> None:
    answer_set = weights("G", "S", "J", "X", "Y")
    assert measures.coverage(answer_set, HAPPY_TOTAL, 2).precision == pytest.approx(0.6)  # 6/10
    assert measures.coverage(answer_set, HAPPY_TOTAL, 0).precision == 1.0  # 6 / 6


def test_coverage_of_no_answers_is_zero() -> None:
    assert measures.coverage([], HAPPY_TOTAL) == measures.Coverage(0.0, 0.0, 0.0)


def test_task_description_happy_example() -> None:
    # glad 3, merry 2, cheerful 1, jovial 1 (H = 7); the system says glad;cheerful.
    freq = {"glad": 3, "merry": 2, "cheerful": 1, "jovial": 1}
    item = answer_weights(freq, ["glad", "cheerful"])
    assert item == [3, 1]
    assert measures.best_score(item, 7) == pytest.approx((3 + 1) / 7 / 2)  # .286
    assert round(measures.best_score(item, 7), 3) == 0.286
    assert measures.oot_score(item, 7) == pytest.approx((3 + 1) / 7)


def test_top_n_and_optimal_f_by_hand() -> None:
    ranked = weights("G", "X", "M")  # [3, 0, 3], H = 10
    # cut 1: credit 3, wrong 0: P = 1, R = .3, F = 2 * .3 / 1.3
    # cut 2: credit 3, wrong 1: P = 3/4, R = .3, F = 2 * .75 * .3 / 1.05
    # cut 3: credit 6, wrong 1: P = 6/7, R = .6, F = 2 * (6/7) * .6 / (6/7 + .6) = 7.2 / 10.2
    cut1, cut2, cut3 = 0.6 / 1.3, 0.45 / 1.05, 7.2 / 10.2
    assert measures.top_n_f(ranked, HAPPY_TOTAL) == pytest.approx(
        [cut1, cut2, cut3] + [cut3] * 7)
    best, cutoff = measures.optimal_f(ranked, HAPPY_TOTAL)
    assert best == pytest.approx(cut3)
    assert cutoff == 3


def test_optimal_f_takes_the_shortest_cutoff_and_zero_for_nothing_right() -> None:
    assert measures.optimal_f(weights("M", "X", "Y"), HAPPY_TOTAL) == (
        pytest.approx(2 * 1 * 0.3 / 1.3), 1)
    assert measures.optimal_f(weights("X", "Y"), HAPPY_TOTAL) == (0.0, 0)
    assert measures.optimal_f([], HAPPY_TOTAL) == (0.0, 0)
    assert measures.top_n_f([], HAPPY_TOTAL) == [0.0] * 10


def test_precision_and_recall_at_k_by_hand() -> None:
    ranked = [3, 0, 2, 0, 1]
    assert measures.precision_at(ranked, 1) == 1.0  # 1 / 1
    assert measures.precision_at(ranked, 3) == pytest.approx(2 / 3)  # 2 of the top 3
    assert measures.recall_at(ranked, 10, 5) == pytest.approx(3 / 5)  # 3 gold of 5 substitutes
    # A list shorter than k still divides by k.
    assert measures.precision_at([3], 3) == pytest.approx(1 / 3)


def test_gap_by_hand() -> None:
    gold = [3, 3, 2, 1, 1]
    # numerator: rank 2 holds a gold answer: (0 + 3) / 2; rank 3: (0 + 3 + 1) / 3
    numerator = 3 / 2 + 4 / 3
    # denominator, ideal ranking 3,3,2,1,1: 3/1 + 6/2 + 8/3 + 9/4 + 10/5
    denominator = 3 + 3 + 8 / 3 + 9 / 4 + 2
    assert measures.gap([0, 3, 1], gold) == pytest.approx(numerator / denominator)
    assert measures.gap([3, 3, 2, 1, 1], [1, 2, 3, 1, 3]) == pytest.approx(1.0)
    assert measures.gap([], gold) == 0.0


def test_gap_rewards_putting_heavier_answers_first() -> None:
    assert measures.gap([3, 1], [3, 1]) > measures.gap([1, 3], [3, 1])
    # [1, 3]: (1/1 + 4/2) / (3/1 + 4/2) = 3 / 5
    assert measures.gap([1, 3], [3, 1]) == pytest.approx(3 / 5)


def test_ragged_helpers() -> None:
    ragged = Ragged.from_lists([[1, 2, 3], [], [4]])
    assert list(ragged.sum(ragged.values)) == [6, 0, 4]
    assert list(ragged.head_sum(ragged.values, 2)) == [3, 0, 4]
    assert list(ragged.running(ragged.values)) == [1, 3, 6, 4]
    assert list(ragged.rank()) == [1, 2, 3, 1]
    assert list(ragged.first(-1)) == [1, -1, 4]


weight_lists = st.lists(st.integers(min_value=0, max_value=5), max_size=12)


@pytest.mark.slow
@given(st.lists(st.tuples(weight_lists, st.integers(min_value=1, max_value=30)), max_size=8),
       st.floats(min_value=0, max_value=3))
def test_many_items_at_once_equal_one_at_a_time(items: list[tuple[list[int], int]],
                                                penalty: float) -> None:
    import numpy as np

    ragged = Ragged.from_lists([w for w, _ in items])
    human = np.array([h for _, h in items], dtype=float)
    assert list(measures.best_scores(ragged, human)) == pytest.approx(
        [measures.best_score(w, h) for w, h in items])
    top = measures.top_n_f_scores(ragged, human, penalty)
    for n in (1, 5, 10):
        assert list(top[n]) == pytest.approx(
            [measures.top_n_f(w, h, penalty)[n - 1] for w, h in items])
    best, _ = measures.optimal_f_scores(ragged, human, penalty)
    assert list(best) == pytest.approx([measures.optimal_f(w, h, penalty)[0] for w, h in items])


gold_weights = st.lists(st.integers(min_value=1, max_value=5), min_size=1, max_size=6)


@pytest.mark.slow
@given(gold_weights, st.data())
def test_properties_of_rankings_of_distinct_answers(gold: list[int], data: st.DataObject) -> None:
    # A ranking of distinct answers: some gold substitutes (each once) and some wrong ones.
    chosen = data.draw(st.lists(st.sampled_from(range(len(gold))), unique=True))
    wrong = data.draw(st.integers(min_value=0, max_value=5))
    ranked = data.draw(st.permutations([gold[i] for i in chosen] + [0] * wrong))
    human = sum(gold)
    assert 0.0 <= measures.gap(ranked, gold) <= 1.0 + 1e-9
    cover = measures.coverage(ranked, human)
    assert 0.0 <= cover.recall <= 1.0 + 1e-9
    assert 0.0 <= cover.f <= 1.0 + 1e-9
    best, cutoff = measures.optimal_f(ranked, human)
    assert all(best >= f - 1e-12 for f in measures.top_n_f(ranked, human))
    assert 0 <= cutoff <= len(ranked)
    assert measures.gap(sorted(gold, reverse=True), gold) == pytest.approx(1.0)
