"""Fleiss' kappa for the multiword decision, on hand-computed cases."""

from __future__ import annotations

import numpy as np
import pytest

from lexsub_studio.core.agreement.kappa import binary_counts, fleiss_kappa


def test_fleiss_kappa_by_hand() -> None:
    # Three items, three raters, categories [multiword, not]:
    #   [3,0]: P = (3*2 + 0)/(3*2) = 1;  [1,2]: P = (0 + 2*1)/6 = 1/3;  [0,3]: P = 1.
    #   P̄ = (1 + 1/3 + 1)/3 = 7/9.  p = (4/9, 5/9);  P_e = 16/81 + 25/81 = 41/81.
    #   kappa = (7/9 - 41/81) / (1 - 41/81) = (22/81) / (40/81) = 0.55.
    counts = np.array([[3, 0], [1, 2], [0, 3]])
    assert fleiss_kappa(counts) == pytest.approx(0.55, abs=1e-12)


def test_items_with_fewer_than_two_raters_are_left_out() -> None:
    counts = np.array([[3, 0], [1, 2], [0, 3], [1, 0], [0, 0]])
    assert fleiss_kappa(counts) == pytest.approx(0.55, abs=1e-12)


def test_varying_numbers_of_raters() -> None:
    # [2,0]: P = 1;  [1,3]: P = (0 + 3*2)/(4*3) = 1/2.  P̄ = 3/4.
    # p = (3/6, 3/6); P_e = 1/2.  kappa = (3/4 - 1/2)/(1/2) = 1/2.
    assert fleiss_kappa(np.array([[2, 0], [1, 3]])) == pytest.approx(0.5, abs=1e-12)


def test_weights_repeat_items() -> None:
    counts = np.array([[3, 0], [1, 2], [0, 3]])
    repeated = np.array([[3, 0], [3, 0], [1, 2], [0, 3]])
    assert fleiss_kappa(counts, np.array([2, 1, 1])) == pytest.approx(fleiss_kappa(repeated))


def test_undefined_cases() -> None:
    assert fleiss_kappa(np.array([[0, 3], [0, 2]])) is None      # everyone in one category
    assert fleiss_kappa(np.array([[1, 0], [0, 1]])) is None      # no item with two raters
    assert fleiss_kappa(np.zeros((0, 2))) is None


def test_binary_counts() -> None:
    assert binary_counts(np.array([3, 2]), np.array([1, 0])).tolist() == [[1, 2], [0, 2]]
