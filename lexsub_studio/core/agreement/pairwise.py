"""Pairwise agreement (task description §6, spec §3) and the per-pair set similarities.

For every item and every unordered pair of annotators who both gave a non-empty h_i, the score is
|h_i ∩ h'_i| / |h_i ∪ h'_i|. (Two non-empty sets pool at least two substitutes, so every such
item is in T.) The same pass also sums the MASI similarities, which Krippendorff's alpha needs
for its observed disagreement.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lexsub_studio.core.agreement.pool import PooledResponses
from lexsub_studio.core.agreement.progress import Monitor
from lexsub_studio.core.agreement.similarity import masi_factor_array


@dataclass(slots=True)
class PairwiseResult:
    #: per item: sum of the pair scores (Jaccard) and the number of pairs behind them.
    item_score_sum: np.ndarray
    item_pairs: np.ndarray
    #: per item: sum of the pair MASI similarities (same pairs).
    item_masi_sum: np.ndarray
    #: (annotators, annotators), symmetric: sum of scores and number of items per pair.
    pair_score_sum: np.ndarray
    pair_count: np.ndarray

    @property
    def pairs(self) -> int:
        return int(self.item_pairs.sum())

    @property
    def overall(self) -> float | None:
        pairs = self.pairs
        return float(self.item_score_sum.sum()) / pairs if pairs else None

    def matrix(self) -> np.ndarray:
        """Mean score per annotator pair; NaN where a pair shares no scored item (and on the
        diagonal)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.pair_count > 0, self.pair_score_sum
                            / np.maximum(self.pair_count, 1), np.nan)

    def annotator_sums(self) -> tuple[np.ndarray, np.ndarray]:
        """Per annotator: the sum of its pair scores and its number of pair scores."""
        return self.pair_score_sum.sum(axis=1), self.pair_count.sum(axis=1)


#: Items scored together: bounds the (items x pairs) arrays to a few tens of megabytes.
_CHUNK_ITEMS = 32_768
#: A block of items scores only its answering pairs when they are fewer than all of its
#: (item, pair) cells divided by this (scoring a listed pair costs more than a cell).
_SPARSE_RATIO = 4


def pairwise_agreement(pooled: PooledResponses, monitor: Monitor | None = None) -> PairwiseResult:
    """Every pair of annotators who both gave substitutes for an item, scored.

    A block of items where most annotators answered scores every pair at once, one array per
    quantity. A block where few did (a campaign of 50 annotators with 5 per item: 10 pairs per
    item out of 1,225) lists and scores only its answering pairs. Both add the same scores in
    the same order, so the results are the same to the last bit whichever is taken: per item,
    the pair scores one at a time in pair order (first annotator, then second; a pair that did
    not both answer adds 0.0, which changes no sum); per pair, the block's scores one at a time
    in item order, then the block's sum to the pair's total."""
    monitor = monitor or Monitor()
    n_items, n_annotators = pooled.n_items, pooled.n_annotators
    sizes = pooled.set_sizes()
    item_score_sum = np.zeros(n_items)
    item_masi_sum = np.zeros(n_items)
    item_pairs = np.zeros(n_items, dtype=np.int64)
    pair_score_sum = np.zeros((n_annotators, n_annotators))
    pair_count = np.zeros((n_annotators, n_annotators), dtype=np.int64)
    all_pairs = n_annotators * (n_annotators - 1) // 2
    for start in range(0, n_items, _CHUNK_ITEMS):
        monitor.step(start, n_items)
        stop = min(start + _CHUNK_ITEMS, n_items)
        answering = (sizes[start:stop] > 0).sum(axis=1)
        item_pairs[start:stop] = answering * (answering - 1) // 2
        if int(item_pairs[start:stop].sum()) * _SPARSE_RATIO < (stop - start) * all_pairs:
            _score_listed_pairs(pooled, sizes, start, stop, item_score_sum, item_masi_sum,
                                pair_score_sum, pair_count)
        else:
            _score_every_pair(pooled, sizes, start, stop, item_score_sum, item_masi_sum,
                              pair_score_sum, pair_count)
    first, second = np.triu_indices(n_annotators, 1)
    pair_score_sum[second, first] = pair_score_sum[first, second]
    pair_count[second, first] = pair_count[first, second]
    monitor.step(n_items, n_items)
    return PairwiseResult(item_score_sum, item_pairs, item_masi_sum, pair_score_sum, pair_count)


def _score_every_pair(pooled: PooledResponses, sizes: np.ndarray, start: int, stop: int,
                      item_score_sum: np.ndarray, item_masi_sum: np.ndarray,
                      pair_score_sum: np.ndarray, pair_count: np.ndarray) -> None:
    """Every pair of every item of the block at once: one (items x pairs) array per quantity."""
    first, second = np.triu_indices(pooled.n_annotators, 1)
    block_sizes = sizes[start:stop]
    size_a, size_b = block_sizes[:, first], block_sizes[:, second]
    both = (size_a > 0) & (size_b > 0)
    block_masks = pooled.masks[start:stop]
    inter = np.bitwise_count(block_masks[:, first] & block_masks[:, second]).sum(
        axis=2, dtype=np.int64)
    union = np.where(both, size_a + size_b - inter, 1)
    jaccard = np.where(both, inter / union, 0.0)
    masi = jaccard * masi_factor_array(size_a, size_b, inter)
    # Added pair by pair, in pair order, so that each item's sum is the same to the last bit as
    # adding its pair scores one at a time (a row sum would group them otherwise).
    for pair in range(len(first)):
        item_score_sum[start:stop] += jaccard[:, pair]
        item_masi_sum[start:stop] += masi[:, pair]
    # With pairs along the contiguous axis, a sum over the items adds one row at a time, in
    # item order (along a contiguous axis numpy sums in an order of its own).
    pair_score_sum[first, second] += np.ascontiguousarray(jaccard).sum(axis=0)
    pair_count[first, second] += both.sum(axis=0)


def _score_listed_pairs(pooled: PooledResponses, sizes: np.ndarray, start: int, stop: int,
                        item_score_sum: np.ndarray, item_masi_sum: np.ndarray,
                        pair_score_sum: np.ndarray, pair_count: np.ndarray) -> None:
    """Only the pairs that both answered an item of the block, listed in item, then pair
    order; ufunc.at adds one element at a time in the order given."""
    n_annotators = pooled.n_annotators
    items, a, b = _answering_pairs(sizes[start:stop])
    items = items + start
    size_a, size_b = sizes[items, a], sizes[items, b]
    masks = pooled.masks
    inter = np.bitwise_count(masks[items, a] & masks[items, b]).sum(axis=1, dtype=np.int64)
    jaccard = inter / (size_a + size_b - inter)
    masi = jaccard * masi_factor_array(size_a, size_b, inter)
    np.add.at(item_score_sum, items, jaccard)
    np.add.at(item_masi_sum, items, masi)
    cell = a * n_annotators + b
    block_sum = np.zeros(n_annotators * n_annotators)
    np.add.at(block_sum, cell, jaccard)
    pair_score_sum += block_sum.reshape(n_annotators, n_annotators)
    pair_count += np.bincount(cell, minlength=n_annotators * n_annotators).reshape(
        n_annotators, n_annotators)


def _answering_pairs(sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(item, first, second) of every pair of annotators who both gave substitutes for an item,
    first < second, sorted by item, then first, then second."""
    item, annotator = np.nonzero(sizes > 0)  # by item, then annotator
    pieces: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    # The k-th next answer of the same item makes a pair with this one: k goes up to the most
    # answers an item has, minus one.
    per_item = np.bincount(item) if len(item) else np.zeros(0, dtype=np.int64)
    for k in range(1, int(per_item.max()) if len(per_item) else 0):
        same = item[:-k] == item[k:]
        pieces.append((item[:-k][same], annotator[:-k][same], annotator[k:][same]))
    if not pieces:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    items, firsts, seconds = (np.concatenate(parts) for parts in zip(*pieces, strict=True))
    order = np.lexsort((seconds, firsts, items))
    return items[order], firsts[order], seconds[order]


def pair_item_scores(pooled: PooledResponses, first: int, second: int) -> np.ndarray:
    """Per item, the two annotators' pair score |h ∩ h'| / |h ∪ h'|; NaN where they do not both
    give substitutes (no score, as in pairwise agreement)."""
    masks = pooled.masks
    sizes = pooled.set_sizes()
    both = (sizes[:, first] > 0) & (sizes[:, second] > 0)
    inter = np.bitwise_count(masks[:, first] & masks[:, second]).sum(axis=1, dtype=np.int64)
    union = sizes[:, first] + sizes[:, second] - inter
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(both, inter / np.maximum(union, 1), np.nan)


#: The pair view's default: the items where the two share no substitute at all.
DEFAULT_DISAGREEMENT = 1.0


def pair_disagreements(pooled: PooledResponses, first: int, second: int,
                       at_least: float = DEFAULT_DISAGREEMENT) -> list[int]:
    """Items where the pair's disagreement, 1 - pair score, is at least ``at_least`` (0 < it
    <= 1; 1 lists the items where they share nothing), among the items both gave substitutes
    for."""
    if not 0.0 < at_least <= 1.0:
        raise ValueError(f"a disagreement threshold is above 0 and at most 1, not {at_least}")
    scores = pair_item_scores(pooled, first, second)
    # A small tolerance: 1 - 2/3 must count as at least 1/3.
    return np.flatnonzero(1.0 - scores >= at_least - 1e-12).tolist()


def item_pair_scores(pooled: PooledResponses, item: int) -> np.ndarray:
    """(annotators, annotators) pair scores of one item; NaN where a pair has none (and on the
    diagonal)."""
    masks = pooled.masks[item]
    sizes = np.bitwise_count(masks).sum(axis=1, dtype=np.int64)
    inter = np.bitwise_count(masks[:, None, :] & masks[None, :, :]).sum(axis=2, dtype=np.int64)
    union = sizes[:, None] + sizes[None, :] - inter
    both = (sizes[:, None] > 0) & (sizes[None, :] > 0)
    np.fill_diagonal(both, False)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(both, inter / np.maximum(union, 1), np.nan)
