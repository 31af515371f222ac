"""Baselines drawn from the gold of the other instances of the same lexelt (leave-one-out).

For an item of lexelt L, its pool is every substitute the gold gives for the *other* items of L
(the item's own gold line is left out, so the baseline never sees the answer it is scored on),
``pn`` entries excluded, each with its total frequency there.

- lemma-frequency ranks the pool by that total, descending; ties by the number of other items
  giving the substitute, descending, then alphabetically. Weights are the totals.
- random shuffles the pool with ``random.Random("{seed}:{lexelt}:{id}")`` after sorting it,
  so each item's order depends only on the seed and the item (same on every platform, whatever
  else is in the files). Weights are equal: the ranking is the file order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from lexsub_studio.core.dataset.baselines.common import (
    BaselineResult,
    ProgressCallback,
    Target,
    drop_unwritable,
)
from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.rules import PROPER_NAME_ENTRY

#: Progress is reported every this many items.
PROGRESS_EVERY = 500


class _LexeltTotals:
    """Per lexelt: substitute -> (total frequency, number of items), and each item's entries."""

    def __init__(self, gold: Sequence[GoldItem]) -> None:
        self.totals: dict[str, dict[str, list[int]]] = {}
        self.own: dict[tuple[str, str], dict[str, int]] = {}
        for item in gold:
            entries = {sub: count for sub, count in item.entries if sub != PROPER_NAME_ENTRY}
            self.own[item.key] = entries
            lexelt_totals = self.totals.setdefault(item.lexelt, {})
            for substitute, count in entries.items():
                total = lexelt_totals.setdefault(substitute, [0, 0])
                total[0] += count
                total[1] += 1

    def pool(self, target: Target) -> dict[str, tuple[int, int]]:
        """The leave-one-out pool: substitute -> (total frequency, items) without the target."""
        own = self.own.get(target.key, {})
        pool = {}
        for substitute, (total, items) in self.totals.get(target.lexelt, {}).items():
            count = own.get(substitute)
            if count is not None:
                total, items = total - count, items - 1
            if total > 0:
                pool[substitute] = (total, items)
        return pool


def _run(kind: str, targets: Sequence[Target], gold: Sequence[GoldItem], seed: int,
         progress: ProgressCallback | None) -> BaselineResult:
    totals = _LexeltTotals(gold)
    diagnostics = Diagnostics(None)
    stats = {"items": len(targets), "answered": 0, "without_candidates": 0}
    ranked: dict[tuple[str, str], list[tuple[str, float]]] = {}
    for done, target in enumerate(targets):
        if progress is not None and done % PROGRESS_EVERY == 0:
            progress(done, len(targets))
        pool = totals.pool(target)
        if kind == "frequency":
            order = sorted(pool, key=lambda sub: (-pool[sub][0], -pool[sub][1], sub))
            candidates = [(sub, float(pool[sub][0])) for sub in order]
        else:
            order = sorted(pool)
            random.Random(f"{seed}:{target.lexelt}:{target.id}").shuffle(order)
            candidates = [(sub, 1.0) for sub in order]
        candidates = drop_unwritable(candidates, diagnostics, stats,
                                     f"{target.lexelt} {target.id}")
        ranked[target.key] = candidates
        stats["answered" if candidates else "without_candidates"] += 1
    if progress is not None:
        progress(len(targets), len(targets))
    if stats["without_candidates"]:
        diagnostics.info("no-candidates",
                         f"{stats['without_candidates']} item(s) have no substitute in the gold "
                         "of the other items of their lexelt and get no answer")
    return BaselineResult(kind, list(targets), ranked, diagnostics, stats)


def frequency_baseline(targets: Sequence[Target], gold: Sequence[GoldItem], *,
                       progress: ProgressCallback | None = None) -> BaselineResult:
    return _run("frequency", targets, gold, 0, progress)


def random_baseline(targets: Sequence[Target], gold: Sequence[GoldItem], *, seed: int = 0,
                    progress: ProgressCallback | None = None) -> BaselineResult:
    return _run("random", targets, gold, seed, progress)
