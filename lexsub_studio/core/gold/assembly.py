"""Gold assembly: from N annotators' responses to the gold and the multiword gold (spec §2).

freq(sub) = the number of annotators who gave ``sub`` for the item (once per annotator, after
normalisation and accepted merges). Proper-name responses become the entry ``pn`` with the number
of annotators who chose it; NIL adds nothing. Entries are ordered by frequency, descending; ties
in alphabetical (code-point) order of the normalised text, ``pn`` included. One line per item with
at least one entry. Items are in corpus order when a corpus is given, else in order of first
appearance in the response files (taken in the order given).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from lexsub_studio.core.agreement.pool import PooledResponses, ResponseSource, pool_responses
from lexsub_studio.core.agreement.progress import CancelCheck, Monitor, ProgressCallback
from lexsub_studio.core.gold.normalise import DEFAULT_OPTIONS, MergeMap, NormaliseOptions
from lexsub_studio.core.gold.table import GoldTable
from lexsub_studio.core.model.data import Corpus, GoldItem, ResponseRow
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.factorize import factorize
from lexsub_studio.core.model.rules import PROPER_NAME_ENTRY, item_modes


def entry_order(entry: tuple[str, int]) -> tuple[int, str]:
    """The project's gold entry order: frequency descending, then alphabetical."""
    return (-entry[1], entry[0])


class GoldAssembly:
    """The gold and multiword gold of pooled responses, as tables (``gold_table``,
    ``multiword_table``: what the files are written from) and, on first use, as GoldItems."""

    __slots__ = ("_gold", "_multiword_gold", "gold_table", "multiword_table", "pooled", "stats")

    def __init__(self, gold_table: GoldTable, multiword_table: GoldTable,
                 pooled: PooledResponses, stats: dict[str, int] | None = None) -> None:
        self.gold_table = gold_table
        self.multiword_table = multiword_table
        self.pooled = pooled
        #: items, gold_lines, multiword_lines, items_without_entries, pn_entries, items_in_T,
        #: items_with_mode (plus the pooling counts in ``pooled.stats``).
        self.stats = stats if stats is not None else {}
        self._gold: list[GoldItem] | None = None
        self._multiword_gold: list[GoldItem] | None = None

    @property
    def gold(self) -> list[GoldItem]:
        if self._gold is None:
            self._gold = self.gold_table.items()
        return self._gold

    @property
    def multiword_gold(self) -> list[GoldItem]:
        if self._multiword_gold is None:
            self._multiword_gold = self.multiword_table.items()
        return self._multiword_gold

    @property
    def diagnostics(self) -> Diagnostics:
        return self.pooled.diagnostics


def assemble_gold(pooled: PooledResponses) -> GoldAssembly:
    """Build the gold and multiword gold lines from pooled responses."""
    n_items, n_annotators = pooled.n_items, pooled.n_annotators
    forms = list(pooled.forms)
    if PROPER_NAME_ENTRY in forms:
        proper_name_form = forms.index(PROPER_NAME_ENTRY)
    else:
        proper_name_form = len(forms)
        forms.append(PROPER_NAME_ENTRY)
    proper_name_counts = pooled.proper_name.sum(axis=1)
    named = np.flatnonzero(proper_name_counts)
    gold = _gold_table(
        pooled.keys, forms,
        np.concatenate([pooled.entry_item, named]),
        np.concatenate([pooled.entry_form, np.full(len(named), proper_name_form)]),
        np.concatenate([pooled.entry_freq, proper_name_counts[named]]))
    marked = np.flatnonzero(pooled.multiword.ravel() >= 0)
    multiword_gold = _gold_table(
        pooled.keys, pooled.multiword_forms, marked // max(n_annotators, 1),
        pooled.multiword.ravel()[marked].astype(np.int64), np.ones(len(marked), dtype=np.int64))

    in_t = pooled.in_t()
    mode = item_modes(pooled.entry_freq, pooled.entry_item, pooled.entry_local, n_items,
                      pooled.entry_offsets, in_t)
    stats = {
        "items": n_items,
        "gold_lines": len(gold),
        "multiword_lines": len(multiword_gold),
        "items_without_entries": n_items - len(gold),
        "pn_entries": len(named),
        "items_in_T": int(in_t.sum()),
        "items_with_mode": int((mode >= 0).sum()),
    }
    return GoldAssembly(gold, multiword_gold, pooled, stats)


def _entry_sort_order(item: np.ndarray, freq: np.ndarray, rank: np.ndarray) -> np.ndarray:
    """Sort by item, then frequency descending, then the text's alphabetical rank. One int64
    key when it fits (much faster than a three-key lexsort), else the lexsort."""
    if not len(item):
        return np.zeros(0, dtype=np.int64)
    top, ranks, items = int(freq.max()) + 1, int(rank.max()) + 1, int(item.max()) + 1
    if items * top * ranks < 2**62:
        return np.argsort((item * top + (top - 1 - freq)) * ranks + rank, kind="stable")
    return np.lexsort((rank, -freq, item))


def _gold_table(keys: Sequence[tuple[str, str]], texts: Sequence[str], item: np.ndarray,
                form: np.ndarray, freq: np.ndarray) -> GoldTable:
    """Entries sorted by item and ``entry_order``; counts of the same (item, form) are added
    (a substitute literally written "pn" shares the proper-name entry)."""
    width = max(len(texts), 1)
    codes, pairs = factorize(item * width + form)
    if len(pairs) != len(codes):
        freq = np.bincount(codes, weights=freq, minlength=len(pairs)).astype(np.int64)
        item, form = pairs // width, pairs % width
    rank = np.empty(len(texts), dtype=np.int64)
    rank[np.array(sorted(range(len(texts)), key=texts.__getitem__), dtype=np.int64)] = \
        np.arange(len(texts))
    order = _entry_sort_order(item, freq, rank[form])
    bounds = np.searchsorted(item[order], np.arange(len(keys) + 1))
    return GoldTable(keys, list(texts), bounds, form[order], freq[order])


def build_gold(sources: Sequence[ResponseSource] | Sequence[ResponseRow], *,
               options: NormaliseOptions = DEFAULT_OPTIONS,
               merge_map: MergeMap | None = None,
               corpus: Corpus | None = None,
               progress: ProgressCallback | None = None,
               should_cancel: CancelCheck | None = None) -> GoldAssembly:
    """Pool the responses and assemble the gold; plain rows count as one source ``<input>``.
    ``progress``/``should_cancel`` as in ``compute_agreement`` (``Cancelled`` on cancel)."""
    monitor = Monitor(progress, should_cancel)
    return assemble_gold(pool_responses(as_sources(sources), options=options,
                                        merge_map=merge_map, corpus=corpus, monitor=monitor))


def as_sources(sources: Sequence[ResponseSource] | Sequence[ResponseRow],
               ) -> list[ResponseSource]:
    if all(isinstance(source, ResponseSource) for source in sources):
        return list(sources)  # type: ignore[arg-type]
    return [ResponseSource("<input>", list(sources))]  # type: ignore[arg-type]


def read_sources(paths: Sequence[str | Path]) -> tuple[list[ResponseSource], Diagnostics]:
    """Read responses files with the project's responses reader, keeping each file's path."""
    from lexsub_studio.core.io.formats.responses import read_responses
    from lexsub_studio.core.runtime.memory import return_freed_memory

    diagnostics = Diagnostics(None)
    sources = []
    for path in paths:
        result = read_responses(path)
        diagnostics.extend(result.diagnostics)
        sources.append(ResponseSource(str(path), result.columns, reader_checked=True))
        # Reading a file of a million rows frees some 400 MB of working arrays; the C library
        # would keep those pages, and the next file's would come on top of them.
        return_freed_memory()
    return sources, diagnostics


def build_gold_from_files(paths: Sequence[str | Path], *,
                          options: NormaliseOptions = DEFAULT_OPTIONS,
                          merge_map: MergeMap | None = None,
                          corpus: Corpus | None = None) -> tuple[GoldAssembly, Diagnostics]:
    """Read responses files and assemble the gold; returns the assembly and the reader's
    diagnostics (the pooling diagnostics are in ``assembly.diagnostics``)."""
    sources, read_diagnostics = read_sources(paths)
    return build_gold(sources, options=options, merge_map=merge_map,
                      corpus=corpus), read_diagnostics
