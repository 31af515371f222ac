"""Fleiss' kappa, here for the binary decision "the target is part of a multiword".

Annotators do not all answer every item, so the number of raters n_i varies. Following Fleiss
(1971) item by item: P_i = sum_j n_ij (n_ij - 1) / (n_i (n_i - 1)), P̄ = the mean of P_i over
items with n_i >= 2 (items with fewer raters are left out), p_j = sum_i n_ij / sum_i n_i over
the same items, P_e = sum_j p_j², kappa = (P̄ - P_e) / (1 - P_e); undefined when P_e = 1 (every
rating in one category) or no item has two raters. With a constant n this is Fleiss' formula.
"""

from __future__ import annotations

import numpy as np


def fleiss_kappa(counts: np.ndarray, weights: np.ndarray | None = None) -> float | None:
    """``counts``: (items, categories) number of raters per category. ``weights``: how many
    times each item counts (bootstrap resampling); default once."""
    counts = np.asarray(counts, dtype=np.float64)
    raters = counts.sum(axis=1)
    usable = raters >= 2
    if weights is None:
        weights = np.ones(len(counts))
    weights = np.asarray(weights, dtype=np.float64) * usable
    total_weight = weights.sum()
    if total_weight == 0:
        return None
    with np.errstate(invalid="ignore", divide="ignore"):
        agreement = np.where(usable, (counts * (counts - 1)).sum(axis=1)
                             / (raters * (raters - 1)), 0.0)
    mean_agreement = float(weights @ agreement) / total_weight
    proportions = (weights @ counts) / float(weights @ raters)
    chance = float((proportions ** 2).sum())
    if chance >= 1.0 - 1e-15:
        return None
    return float((mean_agreement - chance) / (1.0 - chance))


def binary_counts(raters: np.ndarray, positive: np.ndarray) -> np.ndarray:
    """(items, 2) counts [positive, negative] from raters per item and positives per item."""
    return np.stack([positive, raters - positive], axis=1)
