"""Alpha prepared from rows of element ids (whole-array coding) against the general
preparation that interns each set and subset as a tuple: the same arrays, in the same order."""

from __future__ import annotations

import random

import numpy as np
import pytest

from lexsub_studio.core.agreement.alpha import (
    KINDS,
    SUBSET_LIMIT,
    _prepare_with_large_sets,
    alpha_reference,
    alpha_values,
    prepare_alpha_from_values,
)
from lexsub_studio.core.agreement.pairwise import pairwise_agreement
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.agreement.report import alpha_data_from_pooled
from lexsub_studio.core.model.data import ResponseRow

ARRAY_FIELDS = ("value_unit", "value_set", "set_sizes", "incidence_subset", "incidence_set",
                "subset_sizes")


def _units(seed: int, vocabulary: int, largest: int) -> list[list[tuple[int, ...]]]:
    chooser = random.Random(seed)
    units = []
    for _ in range(300):
        values = []
        for _ in range(chooser.randint(0, 6)):
            size = chooser.randint(1, largest)
            values.append(tuple(sorted(chooser.sample(range(vocabulary), size))))
        units.append(values)
    return units


def _observed(units: list[list[tuple[int, ...]]]) -> dict[str, np.ndarray]:
    return {kind: np.linspace(0.0, 1.0, len(units)) for kind in KINDS}


@pytest.mark.parametrize(("seed", "vocabulary", "largest"),
                         [(1, 6, 3), (2, 40, 3), (3, 12, SUBSET_LIMIT),
                          # ids too wide to pack eight of them in one integer
                          (4, 1 << 40, SUBSET_LIMIT)])
def test_rows_of_ids_give_the_tuples_arrays(seed: int, vocabulary: int, largest: int) -> None:
    units = _units(seed, vocabulary, largest)
    observed = _observed(units)
    fast = prepare_alpha_from_values(units, observed)
    general = _prepare_with_large_sets(units, observed)
    for name in ARRAY_FIELDS:
        assert np.array_equal(getattr(fast, name), getattr(general, name)), name
    assert fast.n_units == general.n_units
    for kind in KINDS:
        assert np.array_equal(fast.mobius[kind], general.mobius[kind])
    assert alpha_values(fast) == alpha_values(general)
    weights = np.random.default_rng(seed).integers(0, 3, len(units)).astype(float)
    assert alpha_values(fast, weights) == alpha_values(general, weights)


def test_nothing_pairable_gives_no_alpha() -> None:
    units: list[list[tuple[int, ...]]] = [[(1,)], [], [(2, 3)]]
    assert alpha_values(prepare_alpha_from_values(units, _observed(units))) == dict.fromkeys(KINDS)


def _pooled_alpha(rows: list[ResponseRow]) -> dict[str, float | None]:
    pooled = pool_responses([ResponseSource("r.tsv", rows)])
    return alpha_values(alpha_data_from_pooled(pooled, pairwise_agreement(pooled)))


def _reference(rows: list[ResponseRow], kind: str) -> float | None:
    units: dict[tuple[str, str], list[set[str]]] = {}
    for row in rows:
        answer = {word for cell in row.substitutes for word in cell.split(";")}
        units.setdefault((row.lexelt, row.id), []).append(answer)
    return alpha_reference(list(units.values()), kind)


@pytest.mark.parametrize("largest_answer", [3, SUBSET_LIMIT + 2])
def test_pooled_sets_beyond_one_mask_word_give_the_definitions_alpha(
        largest_answer: int) -> None:
    # Thirty annotators with three words each give one item 90 distinct substitutes: its
    # sets are spread over two 64-bit words. One annotator may give a set larger than
    # SUBSET_LIMIT (split cells), which takes the general path.
    chooser = random.Random(7)
    words = [f"w{number}" for number in range(90)]
    rows = []
    for annotator in range(30):
        for item, vocabulary in (("1", words), ("2", words[:5]), ("3", words[40:44])):
            answer = chooser.sample(vocabulary, 3)
            if annotator == 0 and item == "1":
                answer = words[:largest_answer]
            cells = (";".join(answer),) if len(answer) > 3 else tuple(answer)
            rows.append(ResponseRow("bright.a", item, f"ann{annotator:02d}", cells,
                                    line=len(rows) + 3))
    figures = _pooled_alpha(rows)
    for kind in KINDS:
        assert figures[kind] == pytest.approx(_reference(rows, kind), abs=1e-12)
