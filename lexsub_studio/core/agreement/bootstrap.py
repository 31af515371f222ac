"""Percentile bootstrap confidence intervals over items.

Each replicate draws as many items as there are, with replacement (a seeded numpy Generator, so a
seed reproduces the intervals exactly), and recomputes every overall figure from per-item
weights (how often each item was drawn). A replicate in which a figure is undefined is left out
of that figure's interval; the number of replicates behind each interval is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from lexsub_studio.core.agreement.progress import Monitor

DEFAULT_CONFIDENCE = 0.95


@dataclass(frozen=True, slots=True)
class Interval:
    low: float | None
    high: float | None
    #: replicates in which the figure was defined (the interval's sample size).
    replicates: int


def bootstrap_intervals(n_items: int,
                        statistic: Callable[[np.ndarray], dict[str, float | None]],
                        names: Sequence[str], replicates: int, seed: int | None, *,
                        confidence: float = DEFAULT_CONFIDENCE,
                        monitor: Monitor | None = None) -> dict[str, Interval]:
    """``statistic(weights)`` returns every figure for one weighting of the items."""
    monitor = monitor or Monitor()
    rng = np.random.default_rng(seed)
    samples: dict[str, list[float]] = {name: [] for name in names}
    for replicate in range(replicates):
        monitor.step(replicate, replicates)
        if n_items == 0:
            break
        drawn = rng.integers(0, n_items, size=n_items)
        weights = np.bincount(drawn, minlength=n_items).astype(np.float64)
        for name, value in statistic(weights).items():
            if value is not None and name in samples:
                samples[name].append(value)
    monitor.step(replicates, replicates)
    tail = (1.0 - confidence) / 2.0
    intervals = {}
    for name in names:
        values = np.array(samples[name])
        if len(values):
            low, high = np.quantile(values, [tail, 1.0 - tail])
            intervals[name] = Interval(float(low), float(high), len(values))
        else:
            intervals[name] = Interval(None, None, 0)
    return intervals
