"""Krippendorff's alpha with MASI checked against an outside implementation: nltk's
``AnnotationTask.alpha`` with its ``masi_distance`` (nltk is a dependency of the project).

nltk computes alpha from label frequencies per item, pair by pair; the project's alpha counts
subsets instead (core/agreement/alpha.py). Agreeing to 1e-9 on hand-made and generated data
ties the project's figure to the textbook definition, not only to its own brute-force reference.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.metrics.agreement import AnnotationTask
from nltk.metrics.distance import masi_distance

from lexsub_studio.core.agreement.alpha import SUBSET_LIMIT, alpha_values, prepare_alpha
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.agreement.report import compute_agreement
from lexsub_studio.core.model.data import ResponseRow

Units = list[list[frozenset[str]]]

#: Four items, three annotators; an empty set is an annotator who gave no substitute (missing).
HAND_UNITS: Units = [
    [frozenset({"glad", "merry"}), frozenset({"glad"}), frozenset({"cheerful", "glad"})],
    [frozenset({"hit"}), frozenset({"hit"}), frozenset({"strike", "beat"})],
    [frozenset({"bright", "clever"}), frozenset(), frozenset({"smart"})],
    [frozenset({"field"}), frozenset({"area", "field", "domain"}), frozenset({"area"})],
]


def nltk_alpha(units: Units) -> float:
    triples = [(f"annotator {position}", f"item {number}", answer)
               for number, unit in enumerate(units) for position, answer in enumerate(unit)]
    task = AnnotationTask(triples, distance=masi_distance, missing_values=[frozenset()])
    return task.alpha()


def project_alpha(units: Units) -> float | None:
    return alpha_values(prepare_alpha(units))["masi"]


def test_alpha_masi_on_hand_made_units_equals_nltk() -> None:
    expected = nltk_alpha(HAND_UNITS)
    assert -1.0 < expected < 1.0  # real disagreement: neither perfect nor degenerate
    assert project_alpha(HAND_UNITS) == pytest.approx(expected, abs=1e-9)


def test_the_agreement_report_alpha_masi_equals_nltk() -> None:
    # The same answers as annotator responses, through pooling and the report.
    rows = [ResponseRow("word.n", str(number), f"annotator{position}", tuple(sorted(answer)))
            for number, unit in enumerate(HAND_UNITS) for position, answer in enumerate(unit)]
    report = compute_agreement(pool_responses([ResponseSource("responses.tsv", rows)]))
    assert report.figures["alpha_masi"] == pytest.approx(nltk_alpha(HAND_UNITS), abs=1e-9)


ANSWER = st.frozensets(st.sampled_from("abcdefgh"), min_size=0, max_size=4)
LARGE_ANSWER = st.frozensets(st.sampled_from("abcdefghijklmn"), min_size=SUBSET_LIMIT + 1,
                             max_size=11)
UNITS = st.lists(st.lists(st.one_of(ANSWER, ANSWER, ANSWER, LARGE_ANSWER), min_size=1,
                          max_size=6), min_size=1, max_size=8)


def _pairable_answers(units: Units) -> set[frozenset[str]]:
    return {answer for unit in units if sum(1 for value in unit if value) >= 2
            for answer in unit if answer}


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(UNITS)
def test_alpha_masi_equals_nltk(units: Units) -> None:
    ours = project_alpha(units)
    if ours is None:
        # Undefined: no expected disagreement, as when every pairable answer is the same set.
        assert len(_pairable_answers(units)) <= 1
        return
    assert ours == pytest.approx(nltk_alpha(units), abs=1e-9)
