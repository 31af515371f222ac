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


def pairwise_agreement(pooled: PooledResponses, monitor: Monitor | None = None) -> PairwiseResult:
    monitor = monitor or Monitor()
    n_items, n_annotators = pooled.n_items, pooled.n_annotators
    sizes = pooled.set_sizes()
    masks = pooled.masks
    item_score_sum = np.zeros(n_items)
    item_masi_sum = np.zeros(n_items)
    item_pairs = np.zeros(n_items, dtype=np.int64)
    pair_score_sum = np.zeros((n_annotators, n_annotators))
    pair_count = np.zeros((n_annotators, n_annotators), dtype=np.int64)
    first, second = np.triu_indices(n_annotators, 1)
    # Every pair of a block of items at once: one (items x pairs) array per quantity.
    for start in range(0, n_items, _CHUNK_ITEMS):
        monitor.step(start, n_items)
        stop = min(start + _CHUNK_ITEMS, n_items)
        block_sizes = sizes[start:stop]
        size_a, size_b = block_sizes[:, first], block_sizes[:, second]
        both = (size_a > 0) & (size_b > 0)
        block_masks = masks[start:stop]
        inter = np.bitwise_count(block_masks[:, first] & block_masks[:, second]).sum(
            axis=2, dtype=np.int64)
        union = np.where(both, size_a + size_b - inter, 1)
        jaccard = np.where(both, inter / union, 0.0)
        masi = jaccard * masi_factor_array(size_a, size_b, inter)
        # Added pair by pair, in pair order, so that each item's sum is the same to the last
        # bit as adding its pair scores one at a time (a row sum would group them otherwise).
        for pair in range(len(first)):
            item_score_sum[start:stop] += jaccard[:, pair]
            item_masi_sum[start:stop] += masi[:, pair]
        item_pairs[start:stop] += both.sum(axis=1)
        pair_score_sum[first, second] += jaccard.sum(axis=0)
        pair_count[first, second] += both.sum(axis=0)
    pair_score_sum[second, first] = pair_score_sum[first, second]
    pair_count[second, first] = pair_count[first, second]
    monitor.step(n_items, n_items)
    return PairwiseResult(item_score_sum, item_pairs, item_masi_sum, pair_score_sum, pair_count)


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
