"""Pooling annotator responses: one normalised, checked table shared by gold assembly and agreement.

Each (item, annotator) cell holds the annotator's substitute set h_i as a bit mask over the item's
own vocabulary (bit k = the item's k-th distinct substitute, in order of first appearance), so
that set intersections and unions over every annotator pair are vectorised popcounts. An item
with more than 64 distinct substitutes simply uses more 64-bit words. The item vocabularies are
stored flat: ``entry_offsets[i]:entry_offsets[i+1]`` are item i's entries, each a global form id
(into ``forms``) with its frequency (the number of annotators who gave it).

Input problems are reported with file and line and counted in ``stats``; nothing is dropped
silently. The rules (spec §2-§3): a row flagged NIL or proper name has an empty h_i even if
substitute cells are filled (warned); a blank row is a missing answer, like an absent row; a
duplicated (annotator, item) row keeps the first and reports the later ones.

The work is vectorised (core/model/factorize.py, numpy) because a realistic collection has a million
rows; Python loops run only over distinct strings and over the rows that need a message. One run
is split by job: ``pool_rows.py`` (where each row comes from, the messages and counts),
``pool_keys.py`` (items and annotators), ``pool_substitutes.py`` (the substitutes, merges and
multiwords); the table itself is built here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from lexsub_studio.core.agreement import pool_keys, pool_substitutes
from lexsub_studio.core.agreement.pool_rows import PoolRows
from lexsub_studio.core.agreement.progress import Monitor
from lexsub_studio.core.model.data import (
    CodedColumn,
    Corpus,
    ResponseColumns,
    ResponseRow,
    parse_lexelt,
)
from lexsub_studio.core.model.diagnostics import Diagnostic, Diagnostics, Severity
from lexsub_studio.core.model.factorize import factorize
from lexsub_studio.core.model.response_form import DEFAULT_OPTIONS, MergeMap, NormaliseOptions

# PROPER_NAME_ENTRY: imported from here too (core/agreement/item_answers.py).
from lexsub_studio.core.model.rules import PROPER_NAME_ENTRY as PROPER_NAME_ENTRY
from lexsub_studio.core.model.rules import items_in_t

#: At most this many example locations are quoted in one summary warning.
EXAMPLES_SHOWN = 5



@dataclass(frozen=True, slots=True)
class ResponseSource:
    """The rows read from one responses file (``path`` is quoted in every message), as
    ResponseRow objects or, as the responses reader gives them, as columns."""

    path: str
    rows: Sequence[ResponseRow] | ResponseColumns
    #: True when the responses reader already warned about flagged rows with substitutes and
    #: rows with both flags (they are still counted here, but not reported twice).
    reader_checked: bool = False
    #: What the reader reported about the file, kept with its rows so that pooling them again
    #: (after a curation decision) reports the same input problems.
    read_problems: tuple[Diagnostic, ...] = ()

    @property
    def columns(self) -> ResponseColumns:
        if isinstance(self.rows, ResponseColumns):
            return self.rows
        return ResponseColumns.from_rows(self.rows)


@dataclass(slots=True)
class PooledResponses:
    """Every item x annotator answer, normalised. Items are in corpus order when a corpus was
    given, else in order of first appearance; annotators are sorted by name, so no figure
    depends on the order of the input files."""

    keys: list[tuple[str, str]]
    annotators: list[str]
    #: every distinct normalised substitute; entries refer to it by index.
    forms: list[str]
    #: (items + 1,) start of each item's entries; entry k of item i is its local substitute k.
    entry_offsets: np.ndarray
    #: per entry: global form id and the number of annotators who gave it.
    entry_form: np.ndarray
    entry_freq: np.ndarray
    #: (items, annotators, words) uint64 bit masks of h_i over the item's entries.
    masks: np.ndarray
    #: (items, annotators): a non-blank row (NIL and proper name count as answering).
    answered: np.ndarray
    #: (items, annotators): a row exists, blank or not.
    has_row: np.ndarray
    nil: np.ndarray
    proper_name: np.ndarray
    #: (items, annotators): index into ``multiword_forms``, -1 for none.
    multiword: np.ndarray
    multiword_forms: list[str]
    diagnostics: Diagnostics
    stats: dict[str, int] = field(default_factory=dict)
    #: per annotator name: the files its rows came from, in input order.
    annotator_files: dict[str, list[str]] = field(default_factory=dict)
    #: (item, annotator) -> the annotator's comment, for the counted rows that have one (few
    #: rows do, so a dict rather than a column of empty strings).
    comments: dict[tuple[int, int], str] = field(default_factory=dict)
    #: (item, annotator) -> (written, counted) per substitute of the row, as the annotator wrote
    #: them (normalised) and as the merges count them, for the rows a merge changed: what the
    #: annotator gave stays visible beside the organiser's decision.
    written: dict[tuple[int, int], tuple[tuple[str, str], ...]] = field(default_factory=dict)

    @property
    def n_items(self) -> int:
        return len(self.keys)

    @property
    def n_annotators(self) -> int:
        return len(self.annotators)

    @property
    def entry_item(self) -> np.ndarray:
        return np.repeat(np.arange(self.n_items, dtype=np.int64), np.diff(self.entry_offsets))

    @property
    def entry_local(self) -> np.ndarray:
        lengths = np.diff(self.entry_offsets)
        return (np.arange(int(self.entry_offsets[-1]), dtype=np.int64)
                - np.repeat(self.entry_offsets[:-1], lengths))

    def vocab(self, item: int) -> list[str]:
        """The item's distinct substitutes, local id order."""
        start, stop = int(self.entry_offsets[item]), int(self.entry_offsets[item + 1])
        return [self.forms[form] for form in self.entry_form[start:stop].tolist()]

    def freq(self, item: int) -> list[int]:
        start, stop = int(self.entry_offsets[item]), int(self.entry_offsets[item + 1])
        return self.entry_freq[start:stop].tolist()

    def set_sizes(self) -> np.ndarray:
        """(items, annotators) |h_i|."""
        return np.bitwise_count(self.masks).sum(axis=2, dtype=np.int64)

    def pooled_counts(self) -> np.ndarray:
        """Per item: the size of the pooled multiset of substitutes (NIL, proper name excluded)."""
        return self.set_sizes().sum(axis=1)

    def in_t(self) -> np.ndarray:
        """Items of T (core/model/rules.py)."""
        return items_in_t(self.pooled_counts())

    def pos_tags(self) -> list[str]:
        """Per item the PoS letter of its lexelt, ``?`` when unknown."""
        cache: dict[str, str] = {}
        tags = []
        for lexelt, _ in self.keys:
            tag = cache.get(lexelt)
            if tag is None:
                tag = cache[lexelt] = parse_lexelt(lexelt).pos or "?"
            tags.append(tag)
        return tags

    def substitute_sets(self, item: int) -> list[frozenset[str]]:
        """h_i of every annotator at one item (empty sets for no answer)."""
        vocab = self.vocab(item)
        sets = []
        for annotator in range(self.n_annotators):
            mask = join_words(self.masks[item, annotator])
            sets.append(frozenset(vocab[k] for k in range(len(vocab)) if mask >> k & 1))
        return sets

    def occurrences(self) -> dict[tuple[str, str], dict[str, int]]:
        """Per item each normalised form (substitute or multiword) and how many wrote it."""
        result: dict[tuple[str, str], dict[str, int]] = {}
        multiwords = self.multiword.tolist()
        for item, key in enumerate(self.keys):
            forms = dict(zip(self.vocab(item), self.freq(item), strict=True))
            for index in multiwords[item]:
                if index >= 0:
                    form = self.multiword_forms[index]
                    forms[form] = forms.get(form, 0) + 1
            if forms:
                result[key] = forms
        return result


def _flags(column: Sequence[bool]) -> np.ndarray:
    if isinstance(column, CodedColumn):
        return np.array(column.values, dtype=bool)[np.asarray(column.codes)] \
            if len(column.values) else np.zeros(len(column), dtype=bool)
    return np.array(column, dtype=bool)


def join_words(words: np.ndarray) -> int:
    """One cell's mask words as a Python integer."""
    value = 0
    for position, word in enumerate(words.tolist()):
        value |= int(word) << (64 * position)
    return value


class _Pooler:
    """One pooling run: the rows sorted into items and annotators (pool_keys.py), their
    substitutes (pool_substitutes.py), and the pooled table built from them here."""

    def __init__(self, sources: Sequence[ResponseSource], options: NormaliseOptions,
                 merge_map: MergeMap | None, corpus: Corpus | None, monitor: Monitor) -> None:
        self.rows = PoolRows(sources)
        self.options = options
        self.merge_map = merge_map if merge_map else None
        self.corpus = corpus
        self.monitor = monitor
        self.diagnostics = self.rows.diagnostics
        self.stats = self.rows.stats
        self.columns = self.rows.columns
        self.n_rows = self.rows.n_rows

    # -- the run ----------------------------------------------------------------------------

    def run(self) -> PooledResponses:
        n = self.n_rows
        self.stats["rows"] = n
        self.monitor.step(0, 4)
        rows = self.rows
        key_codes, all_keys = pool_keys.key_codes(rows)
        valid_keys = pool_keys.check_corpus(rows, self.corpus, key_codes, all_keys)
        valid = valid_keys[key_codes] if n else np.zeros(0, dtype=bool)
        # Items: the valid keys, in order of first appearance.
        item_of_key = np.cumsum(valid_keys) - 1
        item_of_row = np.where(valid, item_of_key[key_codes], -1) if n else \
            np.zeros(0, dtype=np.int64)
        # A column a row (a million of them) lives only as long as it is needed.
        del key_codes
        keys = [key for key, ok in zip(all_keys, valid_keys.tolist(), strict=True) if ok]
        keys = pool_keys.corpus_order(rows, self.corpus, keys, item_of_row, valid)
        n_items = len(keys)

        annotator_codes, annotator_names = pool_keys.annotator_codes(rows)
        annotators = sorted(str(name) for name in annotator_names)
        position = {name: index for index, name in enumerate(annotators)}
        remap = np.array([position[str(name)] for name in annotator_names], dtype=np.int64)
        annotator_of_row = remap[annotator_codes] if n else np.zeros(0, dtype=np.int64)
        del annotator_codes
        n_annotators = len(annotators)
        annotator_files = pool_keys.annotator_files(rows, annotator_of_row, annotators)

        cell_of_row = item_of_row * n_annotators + annotator_of_row
        used = valid & pool_keys.check_duplicates(rows, cell_of_row, valid, annotators,
                                                  annotator_of_row, keys, item_of_row)
        self.stats["rows_used"] = int(used.sum())
        nil = np.concatenate([np.zeros(0, dtype=bool)]
                             + [_flags(columns.nil) for columns in self.columns])
        proper_name = np.concatenate([np.zeros(0, dtype=bool)]
                                     + [_flags(columns.proper_name) for columns in self.columns])
        flagged = nil | proper_name
        self.monitor.step(1, 4)

        forms, entry_row, entry_form, has_filled_cell = pool_substitutes.substitute_entries(
            rows, used & ~flagged, self.options)
        pool_substitutes.check_flags(rows, used, nil, proper_name, has_filled_cell)
        written_form = entry_form
        entry_form = pool_substitutes.apply_merge_map(rows, self.merge_map, forms, entry_row,
                                                      entry_form, keys, item_of_row)
        written = pool_substitutes.written_answers(forms, entry_row, written_form, entry_form,
                                                   cell_of_row, n_annotators)
        entry_row, entry_form = pool_substitutes.deduplicate_in_row(rows, forms, entry_row,
                                                                    entry_form, written_form)
        del written_form
        self.monitor.step(2, 4)

        multiword_forms, multiword_of_row = pool_substitutes.multiwords(
            rows, self.options, self.merge_map, used, keys, item_of_row)
        has_substitute = np.bincount(entry_row, minlength=n) > 0
        blank = used & ~flagged & ~has_substitute & (multiword_of_row < 0)
        self.stats["blank_rows"] = int(blank.sum())
        self.stats["nil_rows"] = int((used & nil & ~proper_name).sum())
        self.stats["proper_name_rows"] = int((used & proper_name).sum())
        self.stats["multiword_rows"] = int((used & (multiword_of_row >= 0)).sum())

        # Item vocabularies: distinct (item, form) pairs in order of first appearance.
        n_forms = max(len(forms), 1)
        pair_keys = item_of_row[entry_row].astype(np.int64, copy=False)
        pair_keys *= n_forms
        pair_keys += entry_form
        # An entry per substitute given (millions): the entry and row columns are freed as
        # soon as they are used, before the pairs' hash table (the peak of pooling) is built.
        entry_cell = cell_of_row[entry_row]
        if n_items * n_annotators < 2**31:
            entry_cell = entry_cell.astype(np.int32)
        del entry_row, entry_form, item_of_row
        # Annotators of one item mostly agree: far fewer pairs than entries.
        pair_codes, pairs = factorize(pair_keys, distinct_hint=len(pair_keys) // 4)
        del pair_keys
        # A pair per distinct (item, substitute) (millions too): each pair column is freed, or
        # put in item order for the pooled table, before the masks are built, so that the
        # peak memory of a million items stays under a gigabyte.
        n_pairs = len(pairs)
        pair_item = pairs // n_forms
        order = np.argsort(pair_item, kind="stable")
        counts = np.bincount(pair_item, minlength=n_items)
        del pair_item
        entry_form_sorted = (pairs % n_forms)[order].astype(np.int64)
        del pairs
        entry_freq_sorted = np.bincount(pair_codes, minlength=n_pairs).astype(np.int64)[order]
        offsets = np.zeros(n_items + 1, dtype=np.int64)
        np.cumsum(counts, out=offsets[1:])
        local_of_pair = np.empty(n_pairs, dtype=np.int64)
        local_of_pair[order] = (np.arange(n_pairs, dtype=np.int64)
                                - np.repeat(offsets[:-1], counts))
        del order

        widest = int(counts.max(initial=0))
        n_words = max(1, (widest + 63) // 64)
        cells = n_items * n_annotators
        masks = np.zeros((cells, n_words), dtype=np.uint64)
        local = local_of_pair.astype(np.uint64)[pair_codes]
        del pair_codes, local_of_pair
        if n_words == 1:
            # The usual case (no item has more than 64 substitutes): no word index, and the
            # bits are made in place of the local ids.
            np.left_shift(np.uint64(1), local, out=local)
            np.bitwise_or.at(masks.reshape(-1), entry_cell, local)
        else:
            np.bitwise_or.at(masks, (entry_cell, local >> np.uint64(6)),
                             np.left_shift(np.uint64(1), local & np.uint64(63)))
        del entry_cell, local
        self.monitor.step(3, 4)

        shape = (n_items, n_annotators)
        used_cells = cell_of_row[used]
        has_row = np.zeros(cells, dtype=bool)
        has_row[used_cells] = True
        answered = np.zeros(cells, dtype=bool)
        answered[cell_of_row[used & ~blank]] = True
        nil_cells = np.zeros(cells, dtype=bool)
        nil_cells[cell_of_row[used & nil & ~proper_name]] = True
        proper_cells = np.zeros(cells, dtype=bool)
        proper_cells[cell_of_row[used & proper_name]] = True
        multiword = np.full(cells, -1, dtype=np.int32)
        multiword[used_cells] = multiword_of_row[used]

        pooled = PooledResponses(
            keys=keys, annotators=annotators, forms=forms, entry_offsets=offsets,
            entry_form=entry_form_sorted, entry_freq=entry_freq_sorted,
            masks=masks.reshape(n_items, n_annotators, n_words),
            answered=answered.reshape(shape), has_row=has_row.reshape(shape),
            nil=nil_cells.reshape(shape), proper_name=proper_cells.reshape(shape),
            multiword=multiword.reshape(shape), multiword_forms=multiword_forms,
            diagnostics=self.diagnostics, stats=self.stats, annotator_files=annotator_files,
            comments=self._comments(used, cell_of_row, n_annotators), written=written,
        )
        self._report_missing(pooled, blank, annotator_of_row)
        self.monitor.step(4, 4)
        return pooled

    # -- steps ------------------------------------------------------------------------------

    def _comments(self, used: np.ndarray, cell_of_row: np.ndarray,
                  n_annotators: int) -> dict[tuple[int, int], str]:
        # Only the rows with a comment are visited: most have none.
        rows, texts = self.rows.filled_cells([columns.comment for columns in self.columns])
        if not rows:
            return {}
        positions = np.array(rows, dtype=np.int64)
        counted = np.flatnonzero(used[positions]).tolist()
        cells = cell_of_row[positions[counted]].tolist()
        width = max(n_annotators, 1)
        comments: dict[tuple[int, int], str] = {}
        for cell, index in zip(cells, counted, strict=True):
            text = texts[index].strip()
            if text:
                comments[divmod(cell, width)] = text
        return comments

    def _report_missing(self, pooled: PooledResponses, blank: np.ndarray,
                        annotator_of_row: np.ndarray) -> None:
        """One warning per annotator who left items unanswered (absent or blank rows)."""
        if not pooled.n_items:
            return
        blank_rows = np.flatnonzero(blank)
        for position, name in enumerate(pooled.annotators):
            count = int((~pooled.answered[:, position]).sum())
            if not count:
                continue
            self.stats["missing_answers"] += count
            absent = np.flatnonzero(~pooled.has_row[:, position])
            blanks = blank_rows[annotator_of_row[blank_rows] == position]
            parts = []
            if len(absent):
                examples = ", ".join(" ".join(pooled.keys[item])
                                     for item in absent[:EXAMPLES_SHOWN].tolist())
                more = " ..." if len(absent) > EXAMPLES_SHOWN else ""
                parts.append(f"{len(absent)} without a row (e.g. {examples}{more})")
            if len(blanks):
                examples = ", ".join(self.rows.where(row)
                                     for row in blanks[:EXAMPLES_SHOWN].tolist())
                more = " ..." if len(blanks) > EXAMPLES_SHOWN else ""
                parts.append(f"{len(blanks)} blank row(s) at {examples}{more}")
            files = pooled.annotator_files.get(name, [])
            self.rows.report(Severity.WARNING, "missing-answers",
                             f"annotator '{name}' did not answer {count} of {pooled.n_items} "
                             "item(s): " + "; ".join(parts)
                             + ". They count as missing, not as disagreement.",
                             path=files[0] if files else None)


def pool_responses(sources: Sequence[ResponseSource], *,
                   options: NormaliseOptions = DEFAULT_OPTIONS,
                   merge_map: MergeMap | None = None,
                   corpus: Corpus | None = None,
                   monitor: Monitor | None = None) -> PooledResponses:
    """Normalise and check every row of every source and pool them into one table."""
    return _Pooler(sources, options, merge_map, corpus, monitor or Monitor()).run()
