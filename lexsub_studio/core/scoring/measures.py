"""Every per-item measure, each implemented once, over many items at a time.

An item's answers reach these functions as *weights*: the gold frequency of each answer, in the
system's order, 0 for an answer not in the gold (``answer_weights`` builds them). The answers of
all items form one ``Ragged`` array (one flat array of weights plus where each item starts), so
that a measure over 100,000 items is a handful of numpy operations. Each measure also has a
one-item form over plain Python numbers (``best_score([3, 1], 7)``), a thin wrapper over the
same code, used by tests and explanations.

Conventions (documented in docs/metrics.md): an empty answer list scores 0 everywhere; P@k divides
by k even when fewer than k answers were given; a coverage precision whose denominator is 0 (no
answers, or only wrong ones with penalty 0) is 0; F is 0 when P + R = 0; the optimal cut-off is the
shortest one reaching the best F.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

#: The cut-offs reported by top-n F (Jabbari et al. 2010, Table 3).
TOP_N = tuple(range(1, 11))

FloatArray = np.ndarray


def answer_weights(freq: Mapping[str, int], answers: Iterable[str]) -> list[int]:
    """The gold frequency of each answer, in order; 0 for an answer the annotators did not give."""
    return [freq.get(answer, 0) for answer in answers]


def distinct(answers: Iterable[str]) -> list[str]:
    """The answers with repeats removed, first occurrence kept, order kept."""
    return list(dict.fromkeys(answers))


class Carry:
    """Where a cumulative sum over every item's values stands before the next items, when the
    items are measured a chunk at a time: a chunk's sums then start from it, so each item's sum
    is the same number, to the last bit, as when all items are measured at once. (Only a sum of
    values that are not whole numbers needs it: whole numbers add up exactly in any grouping.)"""

    __slots__ = ("total",)

    def __init__(self) -> None:
        self.total = 0.0


@dataclass(frozen=True, slots=True)
class Ragged:
    """Variable-length lists of numbers, one per item, stored flat."""

    values: FloatArray
    starts: np.ndarray
    lengths: np.ndarray

    @classmethod
    def from_flat(cls, values: Sequence[float], lengths: Sequence[int]) -> Ragged:
        length_array = np.asarray(lengths, dtype=np.int64)
        starts = np.zeros(len(length_array), dtype=np.int64)
        if len(length_array) > 1:
            np.cumsum(length_array[:-1], out=starts[1:])
        return cls(np.asarray(values, dtype=np.float64), starts, length_array)

    @classmethod
    def from_lists(cls, lists: Iterable[Sequence[float]]) -> Ragged:
        flat: list[float] = []
        lengths: list[int] = []
        for values in lists:
            flat.extend(values)
            lengths.append(len(values))
        return cls.from_flat(flat, lengths)

    def __len__(self) -> int:
        return len(self.lengths)

    def owner(self) -> np.ndarray:
        """The item index of every flat value."""
        return np.repeat(np.arange(len(self.lengths)), self.lengths)

    def rank(self) -> np.ndarray:
        """The 1-based position of every flat value within its item."""
        return np.arange(len(self.values)) - np.repeat(self.starts, self.lengths) + 1

    def running(self, flat: FloatArray) -> FloatArray:
        """Within each item, the running sum of ``flat`` up to and including each position."""
        total = np.cumsum(flat)
        before = np.concatenate(([0.0], total))[np.repeat(self.starts, self.lengths)]
        return total - before

    def sum(self, flat: FloatArray, carry: Carry | None = None) -> FloatArray:
        """The sum of ``flat`` over each item: differences of one cumulative sum (from the
        ``carry`` of the items before, when measured a chunk at a time)."""
        if carry is None:
            total = np.concatenate(([0.0], np.cumsum(flat)))
        else:
            # np.cumsum adds in order: starting from the carried total gives every partial sum
            # the value the cumulative sum over all items has there.
            total = np.cumsum(np.concatenate(([carry.total], flat)))
            carry.total = float(total[-1])
        return total[self.starts + self.lengths] - total[self.starts]

    def head_sum(self, flat: FloatArray, n: int) -> FloatArray:
        """The sum of ``flat`` over the first n values of each item (all of a shorter item)."""
        return self.head_sums(flat, (n,))[0]

    def head_sums(self, flat: FloatArray, ns: Sequence[int]) -> list[FloatArray]:
        """``head_sum`` for several n at once (one cumulative sum)."""
        total = np.concatenate(([0.0], np.cumsum(flat)))
        base = total[self.starts]
        return [total[self.starts + np.minimum(self.lengths, n)] - base for n in ns]

    def first(self, default: float = 0.0) -> FloatArray:
        """The first value of each item, ``default`` for an empty item."""
        out = np.full(len(self.lengths), default, dtype=np.float64)
        present = self.lengths > 0
        out[present] = self.values[self.starts[present]]
        return out


def _ratio(numerator: FloatArray, denominator: FloatArray) -> FloatArray:
    """numerator / denominator, 0 where the denominator is 0."""
    numerator = np.asarray(numerator, dtype=np.float64)
    denominator = np.asarray(denominator, dtype=np.float64)
    out = np.zeros(np.broadcast(numerator, denominator).shape, dtype=np.float64)
    np.divide(numerator, denominator, out=out, where=denominator != 0)
    return out


# --- SemEval-2007 (McCarthy & Navigli) -------------------------------------------------------

def best_scores(weights: Ragged, human_total: FloatArray) -> FloatArray:
    """best: credit / H, divided by the number of answers; 0 with no answers."""
    return _ratio(weights.sum(weights.values), human_total * weights.lengths)


def oot_scores(weights: Ragged, human_total: FloatArray) -> FloatArray:
    """oot: credit / H, not divided by the number of answers."""
    return _ratio(weights.sum(weights.values), human_total)


# --- Jabbari, Hepple & Guthrie (2010) --------------------------------------------------------

def jabbari_best_scores(weights: Ragged, max_freq: FloatArray) -> FloatArray:
    """best(i) = sum of freq(a) / (maxfreq * |A|): one most frequent answer scores 1."""
    return _ratio(weights.sum(weights.values), max_freq * weights.lengths)


def best1_scores(weights: Ragged, max_freq: FloatArray) -> FloatArray:
    """best1(i) = freq(best guess) / maxfreq; the best guess is the first answer."""
    return _ratio(weights.first(), max_freq)


def wrong_flags(weights: Ragged) -> FloatArray:
    """1.0 for every answer that is not a gold substitute."""
    return (weights.values == 0).astype(np.float64)


def coverage_scores(credit: FloatArray, wrong: FloatArray, human_total: FloatArray,
                    penalty: float) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Coverage P, R, F from their parts: R = credit / H; P = credit / (credit + k * wrong);
    F = 2PR / (P + R)."""
    recall = _ratio(credit, human_total)
    precision = _ratio(credit, credit + penalty * np.asarray(wrong, dtype=np.float64))
    f = _ratio(2 * precision * recall, precision + recall)
    return precision, recall, f


def cutoff_f_flat(weights: Ragged, human_total: FloatArray, penalty: float) -> FloatArray:
    """At every flat position, the coverage F of the item's answers up to that position."""
    credit = weights.running(weights.values)
    wrong = weights.running(wrong_flags(weights))
    human = np.repeat(np.asarray(human_total, dtype=np.float64), weights.lengths)
    return coverage_scores(credit, wrong, human, penalty)[2]


def top_n_f_scores(weights: Ragged, human_total: FloatArray, penalty: float,
                   ns: Sequence[int] = TOP_N) -> dict[int, FloatArray]:
    """For each n, F when always returning the top n answers (a shorter list is returned
    whole)."""
    credits = weights.head_sums(weights.values, ns)
    wrongs = weights.head_sums(wrong_flags(weights), ns)
    return {n: coverage_scores(credit, wrong, human_total, penalty)[2]
            for n, credit, wrong in zip(ns, credits, wrongs, strict=True)}


def optimal_f_scores(weights: Ragged, human_total: FloatArray,
                     penalty: float) -> tuple[FloatArray, np.ndarray]:
    """The best F over every cut-off of each ranked list, and the shortest cut-off reaching it
    (0 when no cut-off scores above 0)."""
    flat_f = cutoff_f_flat(weights, human_total, penalty)
    owner = weights.owner()
    best = np.zeros(len(weights), dtype=np.float64)
    np.maximum.at(best, owner, flat_f)
    rank = weights.rank()
    reaching = (flat_f == best[owner]) & (flat_f > 0)
    cutoff = np.full(len(weights), np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(cutoff, owner[reaching], rank[reaching])
    cutoff[best == 0] = 0
    return best, cutoff


# --- Ranking measures ------------------------------------------------------------------------

def hits_at_scores(weights: Ragged, k: int) -> FloatArray:
    """How many of the top k answers are gold substitutes."""
    return weights.head_sum((weights.values > 0).astype(np.float64), k)


def precision_at_scores(weights: Ragged, k: int) -> FloatArray:
    """P@k = gold answers among the top k / k (k, not the list length, is the denominator)."""
    return hits_at_scores(weights, k) / k


def recall_at_scores(weights: Ragged, k: int, gold_size: FloatArray) -> FloatArray:
    """R@k = gold answers among the top k / number of distinct gold substitutes."""
    return _ratio(hits_at_scores(weights, k), gold_size)


def average_precision_sum(weights: Ragged, only_hits: bool,
                          carry: Carry | None = None) -> FloatArray:
    """Per item, the sum over ranks k of p_k = (weights of the top k) / k, over every rank or
    only the ranks holding a gold answer."""
    p = weights.running(weights.values) / weights.rank()
    if only_hits:
        p = np.where(weights.values > 0, p, 0.0)
    return weights.sum(p, carry)


def gap_parts_scores(weights: Ragged, gold_sorted: Ragged,
                     carries: tuple[Carry, Carry] | None = None,
                     ) -> tuple[FloatArray, FloatArray]:
    """GAP's numerator (the system ranking, gold ranks only) and denominator (the ideal ranking:
    ``gold_sorted`` holds each item's gold weights sorted descending); ``carries`` (numerator,
    denominator) when the items are measured a chunk at a time."""
    numerator_carry, denominator_carry = carries or (None, None)
    return (average_precision_sum(weights, True, numerator_carry),
            average_precision_sum(gold_sorted, False, denominator_carry))


def gap_scores(weights: Ragged, gold_sorted: Ragged) -> FloatArray:
    """Generalised average precision (Kishida 2005) of each ranking."""
    return gap_from_parts(*gap_parts_scores(weights, gold_sorted))


def gap_from_parts(numerator: FloatArray, denominator: FloatArray) -> FloatArray:
    return _ratio(numerator, denominator)


# --- One item at a time, over plain numbers --------------------------------------------------

def _one(weights: Sequence[float]) -> Ragged:
    return Ragged.from_flat(list(weights), [len(weights)])


def _scalar(values: FloatArray) -> float:
    return float(values[0])


def best_score(weights: Sequence[float], human_total: float) -> float:
    return _scalar(best_scores(_one(weights), np.array([human_total])))


def oot_score(weights: Sequence[float], human_total: float) -> float:
    return _scalar(oot_scores(_one(weights), np.array([human_total])))


def jabbari_best(weights: Sequence[float], max_freq: float) -> float:
    return _scalar(jabbari_best_scores(_one(weights), np.array([max_freq])))


def best1(weights: Sequence[float], max_freq: float) -> float:
    return _scalar(best1_scores(_one(weights), np.array([max_freq])))


@dataclass(frozen=True, slots=True)
class Coverage:
    precision: float
    recall: float
    f: float


def coverage(weights: Sequence[float], human_total: float, penalty: float = 1.0) -> Coverage:
    """Coverage P, R and F of one answer set."""
    ragged = _one(weights)
    credit = ragged.sum(ragged.values)
    wrong = ragged.sum(wrong_flags(ragged))
    precision, recall, f = coverage_scores(credit, wrong, np.array([human_total]), penalty)
    return Coverage(_scalar(precision), _scalar(recall), _scalar(f))


def top_n_f(weights: Sequence[float], human_total: float, penalty: float = 1.0,
            cutoffs: Sequence[int] = TOP_N) -> list[float]:
    scores = top_n_f_scores(_one(weights), np.array([human_total]), penalty, cutoffs)
    return [_scalar(scores[n]) for n in cutoffs]


def optimal_f(weights: Sequence[float], human_total: float,
              penalty: float = 1.0) -> tuple[float, int]:
    best, cutoff = optimal_f_scores(_one(weights), np.array([human_total]), penalty)
    return float(best[0]), int(cutoff[0])


def precision_at(weights: Sequence[float], k: int) -> float:
    return _scalar(precision_at_scores(_one(weights), k))


def recall_at(weights: Sequence[float], k: int, gold_size: int) -> float:
    return _scalar(recall_at_scores(_one(weights), k, np.array([gold_size])))


def gap(weights: Sequence[float], gold_weights: Sequence[float]) -> float:
    """GAP of one ranking against the item's gold weights (in any order)."""
    return _scalar(gap_scores(_one(weights), _one(sorted(gold_weights, reverse=True))))
