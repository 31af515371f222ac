"""Per-item scores of systems scored side by side, aligned by item: the matrix behind the
Scoring workspace's Items tab (plain numpy arrays, built off the GUI thread, with what its
filters and sorting need), and the look-up of one item's per-item records in each system's
report."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from lexsub_studio.core.scoring.compare.system_scores import SystemScores


class ItemScores:
    """Per-item scores of every system for one measure, aligned by item (plain arrays).

    Everything the items table needs for filtering and sorting is computed here, so that it can
    be built off the GUI thread and shown at once.
    """

    def __init__(self, keys: Sequence[tuple[str, str]], pos: Sequence[str],
                 systems: Sequence[str], scores: np.ndarray,
                 positions: np.ndarray | None = None) -> None:
        self.keys = list(keys)
        self.pos = list(pos)
        self.systems = list(systems)
        #: items x systems; NaN where a system has no score for the measure.
        self.scores = scores
        #: items x systems: the item's row in each system's per-item frame (-1: none).
        self.positions = (positions if positions is not None
                          else np.full(scores.shape, -1, dtype=np.int64))
        self.lexelt_array = np.array([key[0] for key in self.keys], dtype=str)
        self.pos_array = np.array(self.pos, dtype=str)
        # Text columns sort by rank (numpy's unique sorts in C), numbers by value.
        self.text_ranks = [np.unique(column, return_inverse=True)[1].astype(np.float64)
                           for column in (self.lexelt_array,
                                          np.array([key[1] for key in self.keys], dtype=str),
                                          self.pos_array)]
        # Systems without the measure (NaN) take no part in the spread or in "all fail".
        scored = ~np.isnan(scores)
        has_any = scored.any(axis=1) if scores.size else np.zeros(len(self.keys), dtype=bool)
        high = np.where(scored, scores, -np.inf).max(axis=1, initial=-np.inf)
        low = np.where(scored, scores, np.inf).min(axis=1, initial=np.inf)
        self.spread = np.where(has_any, high - low, 0.0)
        self.all_fail = has_any & np.all(~scored | (scores == 0.0), axis=1)

    @classmethod
    def empty(cls) -> ItemScores:
        return cls([], [], [], np.zeros((0, 0)))

    def __len__(self) -> int:
        return len(self.keys)


def item_scores(systems: Sequence[SystemScores], measure: str) -> ItemScores:
    """Every item of T (in the first system's order), each system's per-item score for the
    measure (NaN where a system does not have it; 0 for an item it did not answer)."""
    from lexsub_studio.core.scoring.compare.significance import item_column

    reports = [system.report for system in systems]
    frames = [report.items for report in reports if report is not None]
    if not frames:
        return ItemScores([], [], [s.name for s in systems], np.zeros((0, len(systems))))
    base = max(frames, key=len)
    base_lexelts = base["lexelt"].to_numpy()
    base_ids = base["id"].to_numpy()
    keys = list(zip(base_lexelts.tolist(), base_ids.tolist(), strict=True))
    pos = base["pos"].tolist()
    row_of: dict[tuple[str, str], int] | None = None
    scores = np.full((len(keys), len(systems)), np.nan)
    positions = np.full((len(keys), len(systems)), -1, dtype=np.int64)
    for number, report in enumerate(reports):
        if report is None:
            continue
        frame = report.items
        try:
            column = item_column(report, measure)
        except KeyError:
            column = None
        # Systems scored on one gold share its items in one order: a plain column copy.
        if len(frame) == len(keys) and np.array_equal(frame["id"].to_numpy(), base_ids) \
                and np.array_equal(frame["lexelt"].to_numpy(), base_lexelts):
            positions[:, number] = np.arange(len(keys))
            if column is not None:
                scores[:, number] = frame[column].to_numpy(dtype=np.float64)
            continue
        if row_of is None:
            row_of = {key: row for row, key in enumerate(keys)}
        values = (frame[column].to_numpy(dtype=np.float64).tolist() if column is not None
                  else [math.nan] * len(frame))
        if column is not None:
            scores[:, number] = 0.0  # an item of T the system did not answer scores 0
        for place, (key, value) in enumerate(zip(zip(frame["lexelt"], frame["id"], strict=True),
                                                 values, strict=True)):
            row = row_of.get(key)
            if row is not None:
                scores[row, number] = value
                positions[row, number] = place
    return ItemScores(keys, pos, [s.name for s in systems], scores, positions)


def item_rows(systems: Sequence[SystemScores], items: ItemScores,
              row: int) -> list[dict[str, Any] | None]:
    """Each system's per-item record of one item (None where it has none): a positional look-up,
    instead of searching 100,000 rows per system."""
    found: list[dict[str, Any] | None] = []
    for number, system in enumerate(systems):
        place = int(items.positions[row, number]) if number < items.positions.shape[1] else -1
        if system.report is None or place < 0:
            found.append(None)
        else:
            found.append(system.report.items.iloc[place].to_dict())  # type: ignore[arg-type]
    return found
