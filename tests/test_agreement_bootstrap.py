"""Percentile bootstrap intervals: each end cuts off its share of the replicates, no more and no
less, so an interval that grew to the replicates' whole range [min, max] is caught."""

from __future__ import annotations

import random

import numpy as np
import pytest

from lexsub_studio.core.agreement.bootstrap import bootstrap_intervals
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.agreement.report import compute_agreement
from lexsub_studio.core.model.data import ResponseRow

#: Per-item scores whose weighted mean is the figure under test: spread out, so that
#: resampling 40 items gives many distinct means.
ITEM_SCORES = np.array([(item * 7919) % 40 / 40 for item in range(40)], dtype=np.float64)


def _recording_mean(seen: list[float]):
    def statistic(weights: np.ndarray) -> dict[str, float | None]:
        value = float(weights @ ITEM_SCORES / weights.sum())
        seen.append(value)
        return {"mean": value}
    return statistic


@pytest.mark.parametrize("confidence", [0.95, 0.8])
def test_each_end_cuts_off_its_tail_of_the_replicates(confidence: float) -> None:
    seen: list[float] = []
    replicates = 2000
    interval = bootstrap_intervals(len(ITEM_SCORES), _recording_mean(seen), ["mean"],
                                   replicates, seed=5, confidence=confidence)["mean"]
    assert len(seen) == replicates == interval.replicates
    tail = (1 - confidence) / 2
    below = sum(value < interval.low for value in seen) / replicates
    above = sum(value > interval.high for value in seen) / replicates
    # Ties and interpolation move a tail by a replicate or two, never by a whole percent.
    assert below == pytest.approx(tail, abs=0.01)
    assert above == pytest.approx(tail, abs=0.01)
    assert min(seen) < interval.low < interval.high < max(seen)


def test_replicates_where_a_figure_is_undefined_are_left_out() -> None:
    calls = iter(range(100))

    def sometimes_undefined(weights: np.ndarray) -> dict[str, float | None]:
        number = next(calls)
        return {"figure": None if number % 4 == 0 else float(number)}

    interval = bootstrap_intervals(10, sometimes_undefined, ["figure"], 100, seed=1,
                                   confidence=0.5)["figure"]
    defined = [float(n) for n in range(100) if n % 4]
    assert interval.replicates == len(defined) == 75
    # The middle half of 1, 2, 3, 5, 6, 7, ..., 99: a quarter of them on each side.
    assert sum(value < interval.low for value in defined) == pytest.approx(75 / 4, abs=1)
    assert sum(value > interval.high for value in defined) == pytest.approx(75 / 4, abs=1)


def test_agreement_intervals_narrow_as_the_confidence_falls() -> None:
    generator = random.Random(8)
    rows = [ResponseRow("w.n", str(item), name,
                        tuple(generator.sample("pqrstu", generator.randint(1, 3))))
            for item in range(40) for name in "abcd"]
    pooled = pool_responses([ResponseSource("r.tsv", rows)])
    wide = compute_agreement(pooled, bootstrap=300, seed=2, confidence=0.95).intervals
    narrow = compute_agreement(pooled, bootstrap=300, seed=2, confidence=0.5).intervals
    for name in ("pairwise_agreement", "alpha_masi", "alpha_jaccard"):
        # The same replicates (same seed) cut at other percentiles: strictly nested.
        assert wide[name].low < narrow[name].low < narrow[name].high < wide[name].high, name
