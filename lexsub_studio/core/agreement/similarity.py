"""Set similarities and distances for set-valued answers: Jaccard and MASI.

MASI (Passonneau 2006) = J(A, B) * M(A, B), with M = 1 when A = B, exactly 2/3 when one set
contains the other, exactly 1/3 when they overlap otherwise, 0 when disjoint. Both similarities
depend only on |A|, |B| and |A ∩ B|, which the fast alpha computation relies on.
"""

from __future__ import annotations

from collections.abc import Set
from fractions import Fraction

import numpy as np

TWO_THIRDS = 2 / 3
ONE_THIRD = 1 / 3


def jaccard_similarity(a: Set[object], b: Set[object]) -> float:
    union = len(a | b)
    return len(a & b) / union if union else 1.0


def masi_similarity(a: Set[object], b: Set[object]) -> float:
    return jaccard_similarity(a, b) * _masi_factor(len(a), len(b), len(a & b))


def jaccard_distance(a: Set[object], b: Set[object]) -> float:
    return 1.0 - jaccard_similarity(a, b)


def masi_distance(a: Set[object], b: Set[object]) -> float:
    return 1.0 - masi_similarity(a, b)


def _masi_factor(size_a: int, size_b: int, intersection: int) -> float:
    if intersection == size_a == size_b:
        return 1.0
    if intersection in (size_a, size_b):
        return TWO_THIRDS
    return ONE_THIRD if intersection else 0.0


def masi_factor_array(size_a: np.ndarray, size_b: np.ndarray,
                      intersection: np.ndarray) -> np.ndarray:
    """The MASI monotonicity factor M, elementwise."""
    contained = (intersection == size_a) | (intersection == size_b)
    return np.where((intersection == size_a) & (intersection == size_b), 1.0,
                    np.where(contained, TWO_THIRDS, np.where(intersection > 0, ONE_THIRD, 0.0)))


def similarity_by_sizes(kind: str, size_a: int, size_b: int, intersection: int) -> Fraction:
    """The similarity of two non-empty sets of the given sizes and intersection size, exactly."""
    if intersection == 0:
        return Fraction(0)
    jaccard = Fraction(intersection, size_a + size_b - intersection)
    if kind == "jaccard":
        return jaccard
    if intersection == size_a == size_b:
        return jaccard
    if intersection in (size_a, size_b):
        return jaccard * Fraction(2, 3)
    return jaccard * Fraction(1, 3)
