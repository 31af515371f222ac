"""Krippendorff's alpha for set-valued answers, with the MASI and the Jaccard distance.

alpha = 1 - D_o / D_e. The values are the non-empty h_i; NIL, proper name, blank and absent
answers are missing; units (items) with fewer than two values are left out. With n pairable
values, m_u values in unit u and d the distance:
D_o = (1/n) sum_u 1/(m_u - 1) sum over ordered pairs of distinct positions in u of d, and
D_e = 1/(n(n-1)) sum over ordered pairs of distinct positions among all n values of d.

Open-vocabulary answers make the textbook V x V coincidence matrix of distinct answer sets
explode, so D_e is computed without it. Both similarities s(A, B) depend only on a = |A|,
b = |B| and k = |A ∩ B| (s = f(a, b, k), f(a, b, 0) = 0). Möbius inversion over the subsets of the
intersection writes s(A, B) = sum over non-empty I ⊆ A ∩ B of g(a, b, |I|), with
g(a, b, k) = f(a, b, k) - sum_{j<k} C(k, j) g(a, b, j). Hence, with N[I, a] = the number of values
of size a that contain I,
    sum over all ordered pairs (p, q) of s = sum_I sum_{a,b} g(a, b, |I|) N[I, a] N[I, b],
which only visits the subsets of each distinct answer set (7 for a set of three) — exact, and
linear in the data. Pairs of distinct positions drop the n pairs (p, p), each of similarity 1,
and the distance sum is n(n-1) minus the similarity sum. Sets larger than ``SUBSET_LIMIT`` are
compared directly with the sets they share a substitute with (found through an inverted index).
Everything is a function of per-unit weights, so the bootstrap reuses it for resampled items.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence, Set
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np

from lexsub_studio.core.agreement.progress import Monitor
from lexsub_studio.core.agreement.similarity import (
    jaccard_similarity,
    masi_similarity,
    similarity_by_sizes,
)
from lexsub_studio.core.model.factorize import factorize

KINDS = ("masi", "jaccard")
#: Answer sets up to this size go through subset counting (2^size - 1 subsets each).
SUBSET_LIMIT = 8


@dataclass(slots=True)
class AlphaData:
    """Everything alpha needs, independent of how often each unit is counted."""

    n_units: int
    #: per value: its unit and the index of its distinct answer set.
    value_unit: np.ndarray
    value_set: np.ndarray
    #: per unit: sum over ordered pairs of distinct positions of d, divided by (m_u - 1);
    #: zero for units with fewer than two values.
    unit_observed: dict[str, np.ndarray]
    set_sizes: np.ndarray
    #: subset counting: (subset, set) incidences and each subset's size.
    incidence_subset: np.ndarray
    incidence_set: np.ndarray
    subset_sizes: np.ndarray
    #: Möbius weights g, per kind: (subset size, a, b) -> g(a, b, k) as an array.
    mobius: dict[str, np.ndarray]
    #: direct pairs for large sets: (set, set, factor) and the similarity per kind.
    direct_first: np.ndarray
    direct_second: np.ndarray
    direct_factor: np.ndarray
    direct_similarity: dict[str, np.ndarray]


def _mobius_weights(kind: str, largest: int) -> np.ndarray:
    weights = np.zeros((largest + 1, largest + 1, largest + 1))
    for a in range(1, largest + 1):
        for b in range(1, largest + 1):
            exact: list[Fraction] = [Fraction(0)]
            for k in range(1, min(a, b) + 1):
                value = similarity_by_sizes(kind, a, b, k) - sum(
                    comb(k, j) * exact[j] for j in range(1, k))
                exact.append(value)
                weights[k, a, b] = float(value)
    return weights


def prepare_alpha(units: Sequence[Sequence[Set[Hashable]]],
                  monitor: Monitor | None = None) -> AlphaData:
    """Prepare alpha from units given as lists of answer sets (empty sets are missing values)."""
    element_ids: dict[Hashable, int] = {}
    unit_values: list[list[tuple[int, ...]]] = []
    for unit in units:
        values = []
        for answer in unit:
            if answer:
                values.append(tuple(sorted(element_ids.setdefault(element, len(element_ids))
                                           for element in answer)))
        unit_values.append(values)
    observed = {kind: np.zeros(len(units)) for kind in KINDS}
    similarity = {"masi": masi_similarity, "jaccard": jaccard_similarity}
    for position, values in enumerate(unit_values):
        m = len(values)
        if m < 2:
            continue
        sets = [frozenset(value) for value in values]
        for kind in KINDS:
            total = sum(1.0 - similarity[kind](a, b) for a, b in combinations(sets, 2))
            observed[kind][position] = 2.0 * total / (m - 1)
    return prepare_alpha_from_values(unit_values, observed, monitor)


def prepare_alpha_from_values(unit_values: Sequence[Sequence[tuple[int, ...]]],
                              unit_observed: dict[str, np.ndarray],
                              monitor: Monitor | None = None) -> AlphaData:
    """Prepare alpha from per-unit answer sets (sorted tuples of element ids) whose observed
    disagreement per unit is already known."""
    pairable = [(unit, value) for unit, values in enumerate(unit_values) if len(values) >= 2
                for value in values]
    width = max((len(value) for _, value in pairable), default=1)
    if width > SUBSET_LIMIT:
        return _prepare_with_large_sets(unit_values, unit_observed, monitor)
    members = np.full((len(pairable), width), -1, dtype=np.int64)
    for row, (_, value) in enumerate(pairable):
        members[row, :len(value)] = value
    value_unit = np.fromiter((unit for unit, _ in pairable), dtype=np.int64,
                             count=len(pairable))
    return prepare_alpha_from_members(len(unit_values), value_unit, members, unit_observed,
                                      monitor)


def prepare_alpha_from_members(n_units: int, value_unit: np.ndarray, members: np.ndarray,
                               unit_observed: dict[str, np.ndarray],
                               monitor: Monitor | None = None) -> AlphaData:
    """Prepare alpha from its values as rows of element ids: ``members[v]`` holds value v's
    ids ascending, then -1; ``value_unit[v]`` its unit, the values of a unit consecutive and
    units ascending, only units with two values or more. Every set has at most
    ``SUBSET_LIMIT`` members.

    A million values would be a million tuples and several million subset tuples hashed in
    dicts; here each set and each subset is one packed integer (or one row of bytes), coded
    in order of first appearance by whole-array operations. The codes, and so every sum over
    them, come in the same order as the tuples would."""
    monitor = monitor or Monitor()
    monitor.step(0, 2)
    sizes = (members >= 0).sum(axis=1)
    bits = max(int(members.max(initial=0)) + 2, 2).bit_length()
    packable = bits * members.shape[1] <= 63
    value_set, first = _codes(_packed(members, bits) if packable else members)
    distinct = members[first]
    set_sizes = sizes[first].astype(np.int64)
    # A row per value: freed here (when the caller handed them over) before the subsets,
    # several per distinct set, are made.
    del members, sizes, first
    largest_small = int(set_sizes.max(initial=1))
    incidence_set, subset_keys, subset_size = _subsets_by_set(distinct, set_sizes, bits,
                                                               packable)
    del distinct
    monitor.step(1, 2)
    incidence_subset, subset_first = _codes(subset_keys)
    del subset_keys
    subset_sizes = subset_size[subset_first].astype(np.int64)
    nothing = np.zeros(0, dtype=np.int64)
    return AlphaData(
        n_units=n_units,
        value_unit=np.asarray(value_unit, dtype=np.int64),
        value_set=value_set,
        unit_observed=unit_observed,
        set_sizes=set_sizes,
        incidence_subset=incidence_subset,
        incidence_set=incidence_set,
        subset_sizes=subset_sizes,
        mobius={kind: _mobius_weights(kind, largest_small) for kind in KINDS},
        direct_first=nothing,
        direct_second=nothing,
        direct_factor=np.zeros(0),
        direct_similarity={kind: np.zeros(0) for kind in KINDS},
    )


def _subsets_by_set(distinct: np.ndarray, set_sizes: np.ndarray, bits: int, packable: bool,
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every non-empty subset of every distinct set: (its set, its key, its size), set by set
    and, within a set, by size, then combination (the order of a loop over sets and their
    subsets). A set of size s has 2^s - 1 subsets, so each set's block of the result is known
    in advance and every (size, combination) column is written straight into it: no list of
    blocks to join and no sort to bring them into set order (a million sets have millions of
    subsets)."""
    per_set = (np.int64(1) << set_sizes) - 1
    block_start = np.cumsum(per_set) - per_set
    total = int(per_set.sum())
    width = distinct.shape[1]
    keys = (np.empty(total, dtype=np.int64) if packable
            else np.empty((total, width), dtype=np.int64))
    sizes = np.empty(total, dtype=np.int8)
    for size in range(1, int(set_sizes.max(initial=0)) + 1):
        holders = np.flatnonzero(set_sizes == size)
        if not len(holders):
            continue
        held = distinct[holders]
        start = block_start[holders]
        column = 0
        for length in range(1, size + 1):
            for chosen in combinations(range(size), length):
                rows = np.full((len(holders), width), -1, dtype=np.int64)
                rows[:, :length] = held[:, list(chosen)]
                keys[start + column] = _packed(rows, bits) if packable else rows
                sizes[start + column] = length
                column += 1
    incidence_set = np.repeat(np.arange(len(set_sizes), dtype=np.int64), per_set)
    return incidence_set, keys, sizes


def _packed(rows: np.ndarray, bits: int) -> np.ndarray:
    """Rows of ids -1 or more as one integer each, ``bits`` bits a column."""
    packed = np.zeros(len(rows), dtype=np.int64)
    for column in range(rows.shape[1]):
        packed = (packed << bits) | (rows[:, column] + 1)
    return packed


def _codes(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each key's code (keys: integers, or rows compared whole), coded in order of first
    appearance, and the position where each code first appears."""
    if not len(keys):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    if keys.ndim == 1:
        # Sets and subsets recur (the same answers in many units): far fewer than the keys.
        codes, _ = factorize(keys, distinct_hint=len(keys) // 4)
        return codes, _first_positions(codes)
    whole = np.ascontiguousarray(keys).view(np.dtype((np.void, keys.dtype.itemsize
                                                       * keys.shape[1]))).reshape(-1)
    _, first, inverse = np.unique(whole, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order), dtype=np.int64)
    return rank[inverse.reshape(-1)], first[order]


def _first_positions(codes: np.ndarray) -> np.ndarray:
    """Where each code first appears, for codes numbered in order of first appearance: the
    positions where the running maximum rises (no second hash table over the keys)."""
    rises = np.empty(len(codes), dtype=bool)
    rises[:1] = True
    np.greater(codes[1:], np.maximum.accumulate(codes)[:-1], out=rises[1:])
    return np.flatnonzero(rises)


def _prepare_with_large_sets(unit_values: Sequence[Sequence[tuple[int, ...]]],
                             unit_observed: dict[str, np.ndarray],
                             monitor: Monitor | None = None) -> AlphaData:
    """The general preparation, for inputs with a set larger than ``SUBSET_LIMIT``: such a
    set is compared directly with the sets it shares an element with."""
    monitor = monitor or Monitor()
    set_index: dict[tuple[int, ...], int] = {}
    value_unit: list[int] = []
    value_set: list[int] = []
    for unit, values in enumerate(unit_values):
        if len(values) < 2:
            continue
        for value in values:
            value_unit.append(unit)
            value_set.append(set_index.setdefault(value, len(set_index)))
    distinct = list(set_index)
    set_sizes = np.array([len(value) for value in distinct], dtype=np.int64)
    largest_small = int(set_sizes[set_sizes <= SUBSET_LIMIT].max(initial=1))

    subset_index: dict[tuple[int, ...], int] = {}
    incidence_subset: list[int] = []
    incidence_set: list[int] = []
    large: list[int] = []
    for position, value in enumerate(distinct):
        if position % 65536 == 0:
            monitor.step(position, len(distinct))
        if len(value) > SUBSET_LIMIT:
            large.append(position)
            continue
        for size in range(1, len(value) + 1):
            for subset in combinations(value, size):
                incidence_subset.append(subset_index.setdefault(subset, len(subset_index)))
                incidence_set.append(position)
    subset_sizes = np.array([len(subset) for subset in subset_index], dtype=np.int64)

    direct_first: list[int] = []
    direct_second: list[int] = []
    direct_factor: list[float] = []
    direct_similarity: dict[str, list[float]] = {kind: [] for kind in KINDS}
    if large:
        postings: dict[int, list[int]] = defaultdict(list)
        for position, value in enumerate(distinct):
            for element in value:
                postings[element].append(position)
        large_set = set(large)
        for position in large:
            mine = frozenset(distinct[position])
            neighbours = {other for element in mine for other in postings[element]}
            for other in sorted(neighbours):
                theirs = frozenset(distinct[other])
                # Ordered pairs: a small partner is reached from this side only, so it counts
                # twice; a large partner reaches this set itself, so once from each side.
                factor = 1.0 if other in large_set else 2.0
                direct_first.append(position)
                direct_second.append(other)
                direct_factor.append(factor)
                direct_similarity["masi"].append(masi_similarity(mine, theirs))
                direct_similarity["jaccard"].append(jaccard_similarity(mine, theirs))
    return AlphaData(
        n_units=len(unit_values),
        value_unit=np.array(value_unit, dtype=np.int64),
        value_set=np.array(value_set, dtype=np.int64),
        unit_observed=unit_observed,
        set_sizes=set_sizes,
        incidence_subset=np.array(incidence_subset, dtype=np.int64),
        incidence_set=np.array(incidence_set, dtype=np.int64),
        subset_sizes=subset_sizes,
        mobius={kind: _mobius_weights(kind, largest_small) for kind in KINDS},
        direct_first=np.array(direct_first, dtype=np.int64),
        direct_second=np.array(direct_second, dtype=np.int64),
        direct_factor=np.array(direct_factor),
        direct_similarity={kind: np.array(values) for kind, values
                           in direct_similarity.items()},
    )


def alpha_values(data: AlphaData, unit_weights: np.ndarray | None = None,
                 ) -> dict[str, float | None]:
    """Alpha per distance kind; ``unit_weights`` = how often each unit counts (default once)."""
    if unit_weights is None:
        unit_weights = np.ones(data.n_units)
    unit_weights = np.asarray(unit_weights, dtype=np.float64)
    set_weights = np.bincount(data.value_set, weights=unit_weights[data.value_unit],
                              minlength=len(data.set_sizes))
    n = float(set_weights.sum())
    if np.count_nonzero(set_weights) < 2:
        # No values, or every value the same answer set: D_e = 0, alpha undefined.
        return dict.fromkeys(KINDS)
    width = data.mobius["masi"].shape[1]
    # (subset, size of the holding set) as one index, built in place: the incidences are the
    # longest arrays of the whole report.
    index = data.incidence_subset * width
    index += data.set_sizes[data.incidence_set]
    counts = np.bincount(index, weights=set_weights[data.incidence_set],
                         minlength=len(data.subset_sizes) * width)
    del index
    counts = counts.reshape(len(data.subset_sizes), width)
    result: dict[str, float | None] = {}
    for kind in KINDS:
        similarity_sum = 0.0
        for size in range(1, width):
            rows = counts[data.subset_sizes == size]
            if len(rows):
                similarity_sum += float(((rows @ data.mobius[kind][size]) * rows).sum())
        if len(data.direct_first):
            similarity_sum += float((data.direct_factor * set_weights[data.direct_first]
                                     * set_weights[data.direct_second]
                                     * data.direct_similarity[kind]).sum())
        expected = n * (n - 1) - (similarity_sum - n)
        observed = float(unit_weights @ data.unit_observed[kind])
        result[kind] = 1.0 - (n - 1) * observed / expected if expected > 0 else None
    return result


def alpha_reference(units: Sequence[Sequence[Set[Hashable]]], kind: str) -> float | None:
    """Alpha straight from the definition, over all pairs of values: for tests, small inputs."""
    similarity = masi_similarity if kind == "masi" else jaccard_similarity
    pairable = [[frozenset(v) for v in unit if v] for unit in units]
    pairable = [unit for unit in pairable if len(unit) >= 2]
    values = [value for unit in pairable for value in unit]
    n = len(values)
    if n < 2:
        return None
    observed = sum(
        sum(1.0 - similarity(a, b) for i, a in enumerate(unit) for j, b in enumerate(unit)
            if i != j) / (len(unit) - 1)
        for unit in pairable) / n
    expected = sum(1.0 - similarity(a, b) for i, a in enumerate(values)
                   for j, b in enumerate(values) if i != j) / (n * (n - 1))
    if expected == 0:
        return None
    return 1.0 - observed / expected
