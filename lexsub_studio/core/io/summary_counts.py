"""The counts every file summary shares: items by part of speech, and mean/min/max of a count.

``lexsub validate`` summarises the LexSub formats (validate.py) and the later benchmarks
(formats/benchmarks.py) with the same keys, so both take them from here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from lexsub_studio.core.model.data import parse_lexelt

#: The PoS keys of every summary, in this order; "unknown" collects lexelts without a known PoS.
POS_KEYS = ("n", "v", "a", "r", "unknown")


def spread(values: Iterable[float]) -> dict[str, float | None]:
    """Mean, min and max of some counts (all None when there are none)."""
    numbers = list(values)
    if not numbers:
        return {"mean": None, "min": None, "max": None}
    return {"mean": sum(numbers) / len(numbers), "min": min(numbers), "max": max(numbers)}


def pos_counts(lexelts: Iterable[str]) -> dict[str, int]:
    """How many of the given lexelt strings (one per item) fall under each PoS (POS_KEYS order)."""
    counter = Counter(parse_lexelt(lexelt).pos or "unknown" for lexelt in lexelts)
    return {key: counter.get(key, 0) for key in POS_KEYS}
