"""Per-item scoring: one row per gold item of T, every measure with the numbers behind it.

One Python pass gathers each item's answers and their gold weights; every measure is then applied
to all items at once (measures.py). Which columns exist depends on the system kind:

- best: the best view is every answer (best guess first).
- oot: the oot view is the first 10 answers (all of them under the kept ``oot-limit`` defect);
  it is also the ranking.
- weighted: the best view is the top answer, the oot view the top 10, the ranking all of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any

import numpy as np

from lexsub_studio.core.model.rules import BEST_LIMIT, OOT_LIMIT
from lexsub_studio.core.scoring import measures
from lexsub_studio.core.scoring.clean.scorer import MatchedAnswer, PreparedGold
from lexsub_studio.core.scoring.measures import Ragged

KINDS = ("best", "oot", "weighted", "mw")
FAMILIES = ("official", "jabbari", "ranking")

#: Which measure families each system kind supports.
KIND_FAMILIES: dict[str, tuple[str, ...]] = {
    "best": ("official", "jabbari"),
    "oot": ("official", "jabbari", "ranking"),
    "weighted": ("official", "jabbari", "ranking"),
    "mw": ("official",),
}


def view_cuts(kind: str, kept: frozenset[str]) -> dict[str, int | None]:
    """Each view is a prefix of the item's answers: how many it keeps (None: all of them)."""
    if kind == "best":
        return {"best": None}
    if kind == "oot":
        cut = None if "oot-limit" in kept else OOT_LIMIT
        return {"oot": cut, "ranking": cut}
    return {"best": BEST_LIMIT, "oot": OOT_LIMIT, "ranking": None}


class _View:
    """The answers and weights one group of measures sees, for every item."""

    def __init__(self) -> None:
        self.answers: list[tuple[str, ...]] = []
        self.weights: list[tuple[int, ...]] = []
        self.flat: list[int] = []
        self.lengths: list[int] = []

    def add(self, answers: tuple[str, ...], weights: tuple[int, ...]) -> None:
        self.answers.append(answers)
        self.weights.append(weights)
        self.flat.extend(weights)
        self.lengths.append(len(weights))

    def ragged(self) -> Ragged:
        return Ragged.from_flat(self.flat, self.lengths)


def build_columns(kind: str, families: Sequence[str], gold: Sequence[PreparedGold],
                  matched: Sequence[MatchedAnswer | None], kept: frozenset[str],
                  penalty: float) -> dict[str, Any]:
    """Every per-item column for the requested families, in the order of ``gold``."""
    empty_attempted = "empty-not-attempted" in kept
    cuts = view_cuts(kind, kept)
    # Views with the same cut are one view (oot and ranking of an oot file), and equal weight
    # tuples are one object: a league table keeps these columns for every system, so sharing
    # them saves most of their memory.
    views_by_cut: dict[int | None, _View] = {}
    for cut in cuts.values():
        views_by_cut.setdefault(cut, _View())
    seen = {name: views_by_cut[cut] for name, cut in cuts.items()}
    cut_views = list(views_by_cut.items())
    shared_weights: dict[tuple[int, ...], tuple[int, ...]] = {}
    share = shared_weights.setdefault
    no_weight = repeat(0)
    every_answers: list[tuple[str, ...]] = []
    attempted: list[int] = []
    mode_attempted: list[int] = []
    gold_sorted: list[int] = []
    gold_lengths: list[int] = []
    for item, answer in zip(gold, matched, strict=True):
        answers = answer.answers if answer is not None else []
        present = answer is not None
        attempted.append(int(present if empty_attempted
                             else (answer is not None and answer.own_answers)))
        mode_attempted.append(int(item.mode is not None
                                  and (present if empty_attempted else bool(answers))))
        every_answer = tuple(answers)
        every_answers.append(every_answer)
        every_weight = tuple(map(item.freq.get, every_answer, no_weight))
        every_weight = share(every_weight, every_weight)
        for cut, view in cut_views:
            if cut is None or cut >= len(every_answer):
                view.add(every_answer, every_weight)
            else:
                view.add(every_answer[:cut], share(every_weight[:cut], every_weight[:cut]))
        gold_sorted.extend(sorted(item.gold_weights, reverse=True))
        gold_lengths.append(len(item.gold_weights))

    human = np.array([item.human_total for item in gold], dtype=np.float64)
    max_freq = np.array([item.max_freq for item in gold], dtype=np.float64)
    modes = [item.mode for item in gold]
    columns: dict[str, Any] = {
        "lexelt": [item.lexelt for item in gold],
        "id": [item.id for item in gold],
        "pos": [item.pos for item in gold],
        "gold_line": [item.line for item in gold],
        "system_line": [answer.line if answer else None for answer in matched],
        # Set only where the line's lexelt differs from the gold's (``wild.n`` for ``wild.a.n``),
        # so a view can mark the mismatch; None elsewhere.
        "system_lexelt": [answer.lexelt if answer and answer.lexelt != item.lexelt else None
                          for item, answer in zip(gold, matched, strict=True)],
        "reused_from_line": [answer.reused_from_line if answer else None for answer in matched],
        "human_total": human,
        "max_freq": max_freq,
        "gold_size": np.array(gold_lengths, dtype=np.int64),
        "mode": modes,
        "one": np.ones(len(gold), dtype=np.int64),
        "attempted": np.array(attempted, dtype=np.int64),
        "has_mode": np.array([mode is not None for mode in modes], dtype=np.int64),
        "answers": every_answers,
    }
    views: dict[str, ItemView] = {}
    for name, view in seen.items():
        if name == "best":
            hits = [int(mode is not None and bool(listed) and listed[0] == mode)
                    for mode, listed in zip(modes, view.answers, strict=True)]
        elif name == "ranking":  # the ranking measures do not look at the mode
            hits = []
        else:
            hits = [int(mode is not None and mode in listed)
                    for mode, listed in zip(modes, view.answers, strict=True)]
        views[name] = ItemView(view.ragged(), view.answers, view.weights,
                               np.array(hits, dtype=np.int64))
    return measure_columns(families, columns, views, np.array(mode_attempted, dtype=np.int64),
                           Ragged.from_flat(gold_sorted, gold_lengths), penalty)


class Summed:
    """A numeric column kept as its sum (``ColumnSums``)."""

    __slots__ = ("total",)

    def __init__(self, total: Any) -> None:
        self.total = total


class ColumnSums(dict[str, Summed]):
    """The per-item columns of a report wanted for its figures only, each as its sum: what
    numpy's sum of the whole column gives (clean/columnar.py makes them a chunk of items at a
    time, so that the columns of a million items are never all in memory at once)."""


@dataclass(slots=True)
class ItemView:
    """What one group of measures sees of every item: the gold weight of each answer it keeps
    (``weights``), the answers and weights themselves for the report's columns (lists of
    tuples, or a Deferred making them), and per item whether the view finds the mode (best:
    the first answer is the mode; oot and ranking: the mode is among the answers)."""

    weights: Ragged
    answers: Any
    weight_tuples: Any
    mode_hits: np.ndarray


def measure_columns(families: Sequence[str], columns: dict[str, Any],
                    views: dict[str, ItemView], mode_attempted: np.ndarray, ideal: Ragged,
                    penalty: float,
                    carries: tuple[measures.Carry, measures.Carry] | None = None,
                    ) -> dict[str, Any]:
    """Every measure's per-item columns, added to ``columns`` (which holds the items' own:
    human_total, max_freq, gold_size ...) from each view of the answers. One implementation,
    whichever way the views were gathered (per item in ``build_columns``, or as whole columns
    by clean/columnar.py). ``carries``: GAP's running sums, when the items come a chunk at a
    time (columnar.py, for a report wanted for its figures only)."""
    human = columns["human_total"]
    max_freq = columns["max_freq"]
    official = "official" in families
    jabbari = "jabbari" in families
    for name in ("best", "oot"):
        if name not in views:
            continue
        view = views[name]
        weights = view.weights
        credit = weights.sum(weights.values)
        columns[f"{name}_answers"] = view.answers
        columns[f"{name}_weights"] = view.weight_tuples
        columns[f"{name}_count"] = weights.lengths
        columns[f"{name}_credit"] = credit
        if official:
            score = (measures.best_scores if name == "best" else measures.oot_scores)
            columns[f"{name}_score"] = score(weights, human)
            columns[f"{name}_mode_attempted"] = mode_attempted
            columns[f"{name}_mode_hit"] = view.mode_hits
        if jabbari and name == "best":
            columns["jabbari_best_denominator"] = max_freq * weights.lengths
            columns["jabbari_best"] = measures.jabbari_best_scores(weights, max_freq)
            columns["best1_numerator"] = weights.first()
            columns["best1"] = measures.best1_scores(weights, max_freq)
        if jabbari and name == "oot":
            wrong = weights.sum(measures.wrong_flags(weights))
            precision, recall, f = measures.coverage_scores(credit, wrong, human, penalty)
            columns["coverage_wrong"] = wrong
            columns["coverage_precision"] = precision
            columns["coverage_recall"] = recall
            columns["coverage_f"] = f
            best_f, cutoff = measures.optimal_f_scores(weights, human, penalty)
            columns["optimal_f"] = best_f
            columns["optimal_cutoff"] = cutoff
            for n, scores in measures.top_n_f_scores(weights, human, penalty).items():
                columns[f"top{n}_f"] = scores
    if "ranking" in families and "ranking" in views:
        view = views["ranking"]
        weights = view.weights
        columns["ranking_answers"] = view.answers
        columns["ranking_weights"] = view.weight_tuples
        for k in (1, 3):
            columns[f"p_at_{k}_hits"] = measures.hits_at_scores(weights, k)
            columns[f"p_at_{k}"] = measures.precision_at_scores(weights, k)
        gold_size = columns["gold_size"]
        columns["r_at_10_hits"] = measures.hits_at_scores(weights, 10)
        columns["r_at_10"] = measures.recall_at_scores(weights, 10, gold_size)
        numerator, denominator = measures.gap_parts_scores(weights, ideal, carries)
        columns["gap_numerator"] = numerator
        columns["gap_denominator"] = denominator
        columns["gap"] = measures.gap_from_parts(numerator, denominator)
    return columns
