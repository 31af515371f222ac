"""MASI and Jaccard against hand values; Krippendorff's alpha by hand and against brute force."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.agreement.alpha import (
    KINDS,
    SUBSET_LIMIT,
    alpha_reference,
    alpha_values,
    prepare_alpha,
)
from lexsub_studio.core.agreement.similarity import (
    jaccard_distance,
    jaccard_similarity,
    masi_distance,
    masi_similarity,
)


@pytest.mark.parametrize(("a", "b", "jaccard", "masi"), [
    ({"a", "b"}, {"a", "b"}, 1.0, 1.0),                 # equal: J = 1, M = 1
    ({"a"}, {"a", "b"}, 1 / 2, 1 / 2 * 2 / 3),          # subset: J = 1/2, M = 2/3 -> 1/3
    ({"a", "b"}, {"b", "c"}, 1 / 3, 1 / 3 * 1 / 3),     # overlap: J = 1/3, M = 1/3 -> 1/9
    ({"a"}, {"b"}, 0.0, 0.0),                           # disjoint
    ({"a", "b", "c"}, {"a"}, 1 / 3, 1 / 3 * 2 / 3),     # superset: 2/9
])
def test_similarities_against_hand_values(a: set[str], b: set[str], jaccard: float,
                                          masi: float) -> None:
    assert jaccard_similarity(a, b) == pytest.approx(jaccard, abs=1e-15)
    assert masi_similarity(a, b) == pytest.approx(masi, abs=1e-15)
    assert masi_similarity(b, a) == pytest.approx(masi, abs=1e-15)
    assert jaccard_distance(a, b) == pytest.approx(1 - jaccard, abs=1e-15)
    assert masi_distance(a, b) == pytest.approx(1 - masi, abs=1e-15)


def test_masi_weights_are_exact_thirds_not_rounded() -> None:
    # {a} vs {a,b}: exactly 1/3, not 0.5 * 0.67 = 0.335.
    assert masi_similarity({"a"}, {"a", "b"}) == pytest.approx(1 / 3, abs=1e-15)
    assert masi_similarity({"a", "b"}, {"b", "c"}) == pytest.approx(1 / 9, abs=1e-15)


# Three units: u1 = {a,b},{a}; u2 = {a},{a}; u3 = {c},{b,c}; n = 6 values.
HAND_UNITS = [[{"a", "b"}, {"a"}], [{"a"}, {"a"}], [{"c"}, {"b", "c"}]]


def test_alpha_masi_by_hand() -> None:
    # MASI distances: d({a,b},{a}) = 1 - 1/2*2/3 = 2/3; d({c},{b,c}) = 2/3; d({a},{a}) = 0.
    # D_o = (1/6) * (2*(2/3)/1 + 0 + 2*(2/3)/1) = (1/6) * 8/3 = 4/9.
    # Unordered pairs among the six values ({a,b} {a} {a} {a} {c} {b,c}):
    #   {a,b}-{a} x3: 3 * 2/3 = 2;  {a,b}-{c}: 1;  {a,b}-{b,c}: 1 - 1/9 = 8/9;
    #   {a}-{a} x3: 0;  {a}-{c} x3: 3;  {a}-{b,c} x3: 3;  {c}-{b,c}: 2/3.
    #   Sum = 2 + 1 + 8/9 + 3 + 3 + 2/3 = 95/9; ordered pairs: 190/9.
    # D_e = (190/9) / (6*5) = 19/27;  alpha = 1 - (4/9) / (19/27) = 1 - 12/19 = 7/19.
    values = alpha_values(prepare_alpha(HAND_UNITS))
    assert values["masi"] == pytest.approx(7 / 19, abs=1e-12)
    assert alpha_reference(HAND_UNITS, "masi") == pytest.approx(7 / 19, abs=1e-12)


def test_alpha_jaccard_by_hand() -> None:
    # Jaccard distances: {a,b}-{a}: 1/2; {c}-{b,c}: 1/2; {a,b}-{b,c}: 2/3.
    # D_o = (1/6) * (2*(1/2) + 0 + 2*(1/2)) = 1/3.
    # Unordered sum = 3*(1/2) + 1 + 2/3 + 0 + 3 + 3 + 1/2 = 29/3; ordered 58/3.
    # D_e = (58/3) / 30 = 29/45;  alpha = 1 - (1/3) / (29/45) = 1 - 15/29 = 14/29.
    values = alpha_values(prepare_alpha(HAND_UNITS))
    assert values["jaccard"] == pytest.approx(14 / 29, abs=1e-12)
    assert alpha_reference(HAND_UNITS, "jaccard") == pytest.approx(14 / 29, abs=1e-12)


def test_missing_values_and_single_value_units_are_left_out() -> None:
    # Empty sets are missing; the unit with one value left is not pairable, so adding it
    # changes nothing.
    with_extra = [*HAND_UNITS, [{"z"}, set(), set()], [set()]]
    values = alpha_values(prepare_alpha(with_extra))
    assert values["masi"] == pytest.approx(7 / 19, abs=1e-12)
    assert values["jaccard"] == pytest.approx(14 / 29, abs=1e-12)


def test_alpha_undefined_without_expected_disagreement() -> None:
    assert alpha_values(prepare_alpha([[{"a"}, {"a"}], [{"a"}, {"a"}]])) == {
        "masi": None, "jaccard": None}
    assert alpha_values(prepare_alpha([[{"a"}]])) == {"masi": None, "jaccard": None}
    assert alpha_values(prepare_alpha([])) == {"masi": None, "jaccard": None}
    assert alpha_reference([[{"a"}, {"a"}]], "masi") is None


def test_perfect_agreement_with_variety_gives_one() -> None:
    values = alpha_values(prepare_alpha([[{"a"}, {"a"}], [{"b", "c"}, {"b", "c"}]]))
    assert values["masi"] == pytest.approx(1.0, abs=1e-12)
    assert values["jaccard"] == pytest.approx(1.0, abs=1e-12)


def test_unit_weights_equal_repeating_units() -> None:
    # Counting u1 twice (bootstrap weight 2) equals listing it twice.
    weighted = alpha_values(prepare_alpha(HAND_UNITS), np.array([2.0, 1.0, 1.0]))
    repeated = alpha_values(prepare_alpha([HAND_UNITS[0], *HAND_UNITS]))
    for kind in KINDS:
        assert weighted[kind] == pytest.approx(repeated[kind], abs=1e-12)


ELEMENTS = st.sampled_from("abcdefghij")
SMALL_SET = st.frozensets(ELEMENTS, min_size=0, max_size=3)
LARGE_SET = st.frozensets(st.sampled_from("abcdefghijklmnop"), min_size=SUBSET_LIMIT + 1,
                          max_size=12)
UNITS = st.lists(st.lists(st.one_of(SMALL_SET, SMALL_SET, SMALL_SET, LARGE_SET), max_size=5),
                 max_size=6)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(UNITS)
def test_fast_alpha_equals_brute_force(units: list[list[frozenset[str]]]) -> None:
    fast = alpha_values(prepare_alpha(units))
    for kind in KINDS:
        reference = alpha_reference(units, kind)
        if reference is None:
            assert fast[kind] is None
        else:
            assert fast[kind] == pytest.approx(reference, abs=1e-9)


@settings(max_examples=100, deadline=None)
@given(UNITS, st.lists(st.integers(0, 3), min_size=6, max_size=6))
def test_alpha_never_above_one(units: list[list[frozenset[str]]], weights: list[int]) -> None:
    data = prepare_alpha(units)
    for value in alpha_values(data, np.array(weights[: len(units)], dtype=float)).values():
        assert value is None or value <= 1.0 + 1e-12
