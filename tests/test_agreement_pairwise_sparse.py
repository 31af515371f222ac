"""Pairwise agreement: a block of items where few annotators answered scores only its answering
pairs, with the very same sums as scoring every pair (both paths agree to the last bit), and
the same figures as the former pass, kept here as the reference (per item to the last bit; per
pair up to the order numpy chose for summing a column, which the former pass left to it)."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.agreement import pairwise
from lexsub_studio.core.agreement.pairwise import pairwise_agreement
from lexsub_studio.core.agreement.pool import PooledResponses, ResponseSource, pool_responses
from lexsub_studio.core.agreement.similarity import masi_factor_array
from lexsub_studio.core.model.data import ResponseRow


def _dense(pooled: PooledResponses, chunk: int) -> tuple[np.ndarray, ...]:
    """Every pair of every item, a block of items at a time (the former pass)."""
    n_items, n_annotators = pooled.n_items, pooled.n_annotators
    sizes, masks = pooled.set_sizes(), pooled.masks
    item_score_sum, item_masi_sum = np.zeros(n_items), np.zeros(n_items)
    item_pairs = np.zeros(n_items, dtype=np.int64)
    pair_score_sum = np.zeros((n_annotators, n_annotators))
    pair_count = np.zeros((n_annotators, n_annotators), dtype=np.int64)
    first, second = np.triu_indices(n_annotators, 1)
    for start in range(0, n_items, chunk):
        stop = min(start + chunk, n_items)
        size_a, size_b = sizes[start:stop][:, first], sizes[start:stop][:, second]
        both = (size_a > 0) & (size_b > 0)
        block = masks[start:stop]
        inter = np.bitwise_count(block[:, first] & block[:, second]).sum(axis=2, dtype=np.int64)
        union = np.where(both, size_a + size_b - inter, 1)
        jaccard = np.where(both, inter / union, 0.0)
        masi = jaccard * masi_factor_array(size_a, size_b, inter)
        for pair in range(len(first)):
            item_score_sum[start:stop] += jaccard[:, pair]
            item_masi_sum[start:stop] += masi[:, pair]
        item_pairs[start:stop] += both.sum(axis=1)
        pair_score_sum[first, second] += jaccard.sum(axis=0)
        pair_count[first, second] += both.sum(axis=0)
    pair_score_sum[second, first] = pair_score_sum[first, second]
    pair_count[second, first] = pair_count[first, second]
    return item_score_sum, item_pairs, item_masi_sum, pair_score_sum, pair_count


_WORDS = [f"w{number}" for number in range(70)]  # more than 64: masks of two words


def _pool(answers: list[tuple[int, int, list[str]]]) -> PooledResponses:
    rows = [ResponseRow("w.n", str(item), f"a{annotator}", tuple(cells), line=number)
            for number, (item, annotator, cells) in enumerate(answers, start=1)]
    return pool_responses([ResponseSource("r.tsv", rows)])


def _fields(result: pairwise.PairwiseResult) -> tuple[np.ndarray, ...]:
    return (result.item_score_sum, result.item_pairs, result.item_masi_sum,
            result.pair_score_sum, result.pair_count)


_ANSWERS = st.lists(st.tuples(st.integers(0, 12), st.integers(0, 9),
                              st.lists(st.sampled_from(_WORDS), max_size=5)), max_size=80)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(_ANSWERS, st.sampled_from([1, 2, 3, 5, 32_768]))
def test_listed_pairs_and_every_pair_give_the_same_sums_to_the_last_bit(
        answers: list[tuple[int, int, list[str]]], chunk: int) -> None:
    pooled = _pool(answers)
    results = []
    for ratio in (10**9, 0):  # every pair always; listed pairs always
        with mock.patch.object(pairwise, "_CHUNK_ITEMS", chunk), \
                mock.patch.object(pairwise, "_SPARSE_RATIO", ratio):
            results.append(_fields(pairwise_agreement(pooled)))
    every, listed = results
    for mine, theirs in zip(listed, every, strict=True):
        assert mine.dtype == theirs.dtype and mine.shape == theirs.shape
        assert mine.tobytes() == theirs.tobytes()
    expected = _dense(pooled, chunk)
    for exact in (0, 1, 2, 4):  # item sums, item pairs, MASI sums, pair counts
        assert every[exact].tobytes() == expected[exact].tobytes()
    assert every[3].ravel().tolist() == pytest.approx(expected[3].ravel().tolist(), rel=1e-12)


def test_many_annotators_few_per_item_score_only_their_pairs() -> None:
    # 40 annotators, 3 per item: 3 pairs per item, 120 items.
    rows = [ResponseRow("w.n", str(item), f"a{(item + k * 7) % 40:02d}",
                        (_WORDS[(item + k) % 4], _WORDS[4 + k]), line=item * 3 + k)
            for item in range(120) for k in range(3)]
    pooled = pool_responses([ResponseSource("r.tsv", rows)])
    with mock.patch.object(pairwise, "_score_every_pair", None):  # must not be needed
        result = pairwise_agreement(pooled)
    assert result.item_pairs.tolist() == [3] * 120
    assert result.pairs == 360
    expected = _dense(pooled, 32_768)
    assert result.item_score_sum.tobytes() == expected[0].tobytes()
    assert result.pair_count.tolist() == expected[4].tolist()
    assert result.pair_score_sum.ravel().tolist() == pytest.approx(
        expected[3].ravel().tolist(), rel=1e-12)
