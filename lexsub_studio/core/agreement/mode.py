"""Mode agreement: how often an annotator's answer contains the item's mode (spec §3).

Two variants. All annotators: over items of TM (items of T whose most frequent substitute is
unique), every annotator with a non-empty h_i scores 1 when the mode is in h_i. Leave-one-out:
over items of T, every annotator with a non-empty h_i is compared with the mode of the other
annotators' answers (a unique highest frequency, even if it is 1); where the others have no
unique mode the item is skipped for that annotator. Proper-name answers never compete.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lexsub_studio.core.agreement.pool import PooledResponses
from lexsub_studio.core.agreement.progress import Monitor
from lexsub_studio.core.model.rules import item_modes, items_in_t, unique_max


@dataclass(slots=True)
class ModeResult:
    #: per item: local id of the mode, -1 when the item is not in TM.
    mode: np.ndarray
    #: (items, annotators) booleans: counted / hit, all-annotators mode.
    counted: np.ndarray
    hits: np.ndarray
    #: (items, annotators) booleans: counted / hit, leave-one-out mode.
    loo_counted: np.ndarray
    loo_hits: np.ndarray

    @staticmethod
    def _ratio(hits: np.ndarray, counted: np.ndarray) -> float | None:
        total = int(counted.sum())
        return int(hits.sum()) / total if total else None

    @property
    def overall(self) -> float | None:
        return self._ratio(self.hits, self.counted)

    @property
    def overall_loo(self) -> float | None:
        return self._ratio(self.loo_hits, self.loo_counted)


def has_substitute(masks: np.ndarray, items: np.ndarray, annotator: int | np.ndarray,
                   local: np.ndarray) -> np.ndarray:
    """Whether the annotator's h_i at ``items`` contains local substitute ``local``."""
    words = masks[items, annotator, local >> 6]
    return ((words >> (local & 63).astype(np.uint64)) & np.uint64(1)).astype(bool)


def mode_agreement(pooled: PooledResponses, monitor: Monitor | None = None) -> ModeResult:
    monitor = monitor or Monitor()
    n_items, n_annotators = pooled.n_items, pooled.n_annotators
    entry_item, entry_local = pooled.entry_item, pooled.entry_local
    sizes = pooled.set_sizes()
    nonempty = sizes > 0
    in_t = items_in_t(sizes.sum(axis=1))
    offsets = pooled.entry_offsets
    mode = item_modes(pooled.entry_freq, entry_item, entry_local, n_items, offsets, in_t)

    counted = np.zeros((n_items, n_annotators), dtype=bool)
    hits = np.zeros_like(counted)
    loo_counted = np.zeros_like(counted)
    loo_hits = np.zeros_like(counted)
    with_mode = np.flatnonzero(mode >= 0)
    for annotator in range(n_annotators):
        monitor.step(annotator, n_annotators)
        rows = with_mode[nonempty[with_mode, annotator]]
        counted[rows, annotator] = True
        hits[rows, annotator] = has_substitute(pooled.masks, rows, annotator, mode[rows])

        own = has_substitute(pooled.masks, entry_item, annotator, entry_local)
        others_mode = unique_max(pooled.entry_freq - own, entry_item, entry_local, n_items,
                                 offsets)
        rows = np.flatnonzero(in_t & nonempty[:, annotator] & (others_mode >= 0))
        loo_counted[rows, annotator] = True
        loo_hits[rows, annotator] = has_substitute(pooled.masks, rows, annotator,
                                                   others_mode[rows])
    monitor.step(n_annotators, n_annotators)
    return ModeResult(mode, counted, hits, loo_counted, loo_hits)
