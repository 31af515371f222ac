"""Codes in order of first appearance, and first appearances, for the pooling's integer keys.

pandas hashes these in linear time, but importing it costs about 0.15 s: more than pooling
three annotators' 10,000 rows takes. Small arrays are therefore sorted with numpy (no import);
from ``HASH_FROM`` values on, where the hash is several times faster than the sort and the
import is paid back, pandas is imported on first use. Both paths give identical results.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: From this many values on, pandas' hash table (imported then) does the work.
HASH_FROM = 200_000


def factorize(values: np.ndarray, hash_from: int = HASH_FROM,
              distinct_hint: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Integer ``values`` as (codes, uniques): ``uniques`` in order of first appearance and
    ``uniques[codes] == values``, as ``pandas.factorize`` gives them. A caller that factorizes
    many arrays of one input may lower ``hash_from``: the import is paid once for them all.
    ``distinct_hint``: about how many distinct values to expect, when far fewer than values;
    the hash table starts that small and grows only if needed (by default it is sized for
    every value distinct: some 16 bytes a value, the largest allocation of a long array)."""
    if len(values) >= hash_from:
        import pandas as pd

        codes, uniques = pd.factorize(values, size_hint=distinct_hint)
        return codes.astype(np.int64, copy=False), uniques
    count = len(values)
    if not count:
        return np.zeros(0, dtype=np.int64), values[:0].copy()
    # One unstable sort (a third of the time of np.unique's stable one, which the first
    # positions would need): each run of equal values is a group, and the smallest position
    # in the group is where its value first appears, whatever order the sort left it in.
    order = np.argsort(values)
    ordered = values[order]
    group_starts_here = np.empty(count, dtype=bool)
    group_starts_here[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=group_starts_here[1:])
    group_starts = np.flatnonzero(group_starts_here)
    first = np.minimum.reduceat(order, group_starts)
    by_first = np.argsort(first)  # the first positions are distinct: any sort is stable
    rank = np.empty(len(first), dtype=np.int64)
    rank[by_first] = np.arange(len(first), dtype=np.int64)
    codes = np.empty(count, dtype=np.int64)
    codes[order] = rank[np.cumsum(group_starts_here) - 1]
    return codes, ordered[group_starts][by_first]


def factorize_texts(texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Strings as (codes, uniques), uniques in order of first appearance (an object array).
    A dict does it in linear time, about as fast as pandas on these lengths."""
    index: dict[str, int] = {}
    codes = np.fromiter((index.setdefault(text, len(index)) for text in texts),
                        dtype=np.int64, count=len(texts))
    uniques = np.empty(len(index), dtype=object)
    uniques[:] = list(index)
    return codes, uniques


def first_appearances(values: np.ndarray) -> np.ndarray:
    """The positions, ascending, where each distinct integer value first appears."""
    if len(values) >= HASH_FROM:
        import pandas as pd

        return np.flatnonzero(~pd.Index(values).duplicated(keep="first"))
    if not len(values):
        return np.zeros(0, dtype=np.int64)
    _, first = np.unique(values, return_index=True)
    return np.sort(first)


def repeated_positions(values: np.ndarray) -> np.ndarray:
    """The positions, ascending, whose value appeared at an earlier position."""
    repeated = np.ones(len(values), dtype=bool)
    repeated[first_appearances(values)] = False
    return np.flatnonzero(repeated)
