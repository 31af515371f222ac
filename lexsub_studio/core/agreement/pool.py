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
rows; Python loops run only over distinct strings and over the rows that need a message.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain, compress

import numpy as np

from lexsub_studio.core.agreement.progress import Monitor
from lexsub_studio.core.model.data import (
    CodedColumn,
    Corpus,
    ResponseColumns,
    ResponseRow,
    parse_lexelt,
)
from lexsub_studio.core.model.diagnostics import Diagnostic, Diagnostics, Severity
from lexsub_studio.core.model.factorize import (
    factorize,
    factorize_texts,
    first_appearances,
    repeated_positions,
)
from lexsub_studio.core.model.first_seen import FirstSeenCodes
from lexsub_studio.core.model.response_form import (
    DEFAULT_OPTIONS,
    MergeMap,
    NormaliseOptions,
    normalise_response,
)
from lexsub_studio.core.model.rules import MAX_SUBSTITUTES, PROPER_NAME_ENTRY, items_in_t

#: At most this many example locations are quoted in one summary warning.
EXAMPLES_SHOWN = 5

STAT_KEYS = (
    "rows", "rows_used", "blank_rows", "nil_rows", "proper_name_rows", "multiword_rows",
    "duplicate_rows", "not_in_corpus_rows", "flagged_with_substitutes", "both_flags",
    "split_cells", "more_than_three", "repeated_in_row", "merged_by_map", "merged_in_row",
    "substitute_pn",
    "annotators_in_several_files", "missing_answers", "corpus_items_without_responses",
)


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


def _column_codes(column: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """A column as (codes, uniques), uniques in order of first appearance (an object array),
    as core/model/factorize.py's ``factorize_texts`` gives them; a coded column's codes are
    renumbered rather than its strings hashed again."""
    if isinstance(column, CodedColumn):
        codes, used = factorize(np.asarray(column.codes, dtype=np.int64))
        uniques = np.empty(len(used), dtype=object)
        uniques[:] = [column.values[code] for code in used.tolist()]
        return codes, uniques
    return factorize_texts(column)


def _same_column(first: Sequence[str], second: Sequence[str]) -> bool:
    """Whether two columns hold the same texts row by row (coded ones compared by codes)."""
    if isinstance(first, CodedColumn) and isinstance(second, CodedColumn):
        return (len(first) == len(second) and first.values == second.values
                and bool(np.array_equal(first.codes, second.codes)))
    return first == second


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


def _repeats(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The positions whose code appeared earlier, and for each of them the position of that
    first appearance (hashing, not sorting: repeats are rare and the arrays are long)."""
    repeated = repeated_positions(codes)
    if not len(repeated):
        return repeated, repeated
    wanted = set(codes[repeated].tolist())
    first: dict[int, int] = {}
    for position in np.flatnonzero(np.isin(codes, list(wanted))).tolist():
        first.setdefault(int(codes[position]), position)
    return repeated, np.array([first[int(codes[p])] for p in repeated.tolist()], dtype=np.int64)


class _Pooler:
    """One pooling run: the rows as columns, the diagnostics, the counts."""

    def __init__(self, sources: Sequence[ResponseSource], options: NormaliseOptions,
                 merge_map: MergeMap | None, corpus: Corpus | None, monitor: Monitor) -> None:
        self.sources = sources
        self.options = options
        self.merge_map = merge_map if merge_map else None
        self.corpus = corpus
        self.monitor = monitor
        self.diagnostics = Diagnostics(None)
        self.stats = dict.fromkeys(STAT_KEYS, 0)
        # Columns throughout: a million rows are never a million Python objects here.
        self.columns = [source.columns for source in sources]
        sizes = [len(columns) for columns in self.columns]
        self.n_rows = sum(sizes)
        self.source_of_row = np.repeat(np.arange(len(sources), dtype=np.int64), sizes)
        self.source_start = np.concatenate([[0], np.cumsum(sizes, dtype=np.int64)])

    # -- messages ---------------------------------------------------------------------------

    def report(self, severity: Severity, code: str, message: str, row: int | None = None,
               path: str | None = None) -> None:
        line = None
        if row is not None:
            path = self.sources[int(self.source_of_row[row])].path
            line = self.line(row)
        self.diagnostics.items.append(Diagnostic(severity, code, message, path, line))

    def locate(self, row: int) -> tuple[ResponseColumns, int]:
        """The columns a pooled row comes from, and its index there."""
        source = int(self.source_of_row[row])
        return self.columns[source], row - int(self.source_start[source])

    def line(self, row: int) -> int | None:
        columns, index = self.locate(row)
        return columns.line[index] if columns.line else None

    def where(self, row: int) -> str:
        path = self.sources[int(self.source_of_row[row])].path
        return f"{path}:{self.line(row)}"

    def reader_checked(self, row: int) -> bool:
        return self.sources[int(self.source_of_row[row])].reader_checked

    # -- the run ----------------------------------------------------------------------------

    def run(self) -> PooledResponses:
        n = self.n_rows
        self.stats["rows"] = n
        self.monitor.step(0, 4)
        key_codes, all_keys = self._key_codes()
        valid_keys = self._check_corpus(key_codes, all_keys)
        valid = valid_keys[key_codes] if n else np.zeros(0, dtype=bool)
        # Items: the valid keys, in order of first appearance.
        item_of_key = np.cumsum(valid_keys) - 1
        item_of_row = np.where(valid, item_of_key[key_codes], -1) if n else \
            np.zeros(0, dtype=np.int64)
        # A column a row (a million of them) lives only as long as it is needed.
        del key_codes
        keys = [key for key, ok in zip(all_keys, valid_keys.tolist(), strict=True) if ok]
        keys = self._corpus_order(keys, item_of_row, valid)
        n_items = len(keys)

        annotator_codes, annotator_names = self._annotator_codes()
        annotators = sorted(str(name) for name in annotator_names)
        position = {name: index for index, name in enumerate(annotators)}
        remap = np.array([position[str(name)] for name in annotator_names], dtype=np.int64)
        annotator_of_row = remap[annotator_codes] if n else np.zeros(0, dtype=np.int64)
        del annotator_codes
        n_annotators = len(annotators)
        annotator_files = self._annotator_files(annotator_of_row, annotators)

        cell_of_row = item_of_row * n_annotators + annotator_of_row
        used = valid & self._check_duplicates(cell_of_row, valid, annotators, annotator_of_row,
                                              keys, item_of_row)
        self.stats["rows_used"] = int(used.sum())
        nil = np.concatenate([np.zeros(0, dtype=bool)]
                             + [_flags(columns.nil) for columns in self.columns])
        proper_name = np.concatenate([np.zeros(0, dtype=bool)]
                                     + [_flags(columns.proper_name) for columns in self.columns])
        flagged = nil | proper_name
        self.monitor.step(1, 4)

        forms, entry_row, entry_form, has_filled_cell = self._substitute_entries(used & ~flagged)
        self._check_flags(used, nil, proper_name, has_filled_cell)
        written_form = entry_form
        entry_form = self._apply_merge_map(forms, entry_row, entry_form, keys, item_of_row)
        written = self._written(forms, entry_row, written_form, entry_form, cell_of_row,
                                n_annotators)
        entry_row, entry_form = self._deduplicate_in_row(forms, entry_row, entry_form,
                                                         written_form)
        del written_form
        self.monitor.step(2, 4)

        multiword_forms, multiword_of_row = self._multiwords(used, keys, item_of_row)
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

    def _annotator_codes(self) -> tuple[np.ndarray, list[str]]:
        """Annotator code per row, names in order of first appearance. A file usually holds
        one annotator, which a set per file finds faster than factorising every row."""
        names: dict[str, int] = {}
        parts = []
        for columns in self.columns:
            column = columns.annotator
            if isinstance(column, CodedColumn):
                codes, values = _column_codes(column)
                to_global = np.array([names.setdefault(name, len(names)) for name in values],
                                     dtype=np.int64)
                parts.append(to_global[codes])
            # Comparing with the first name is cheaper than hashing every (fresh) string.
            elif column and column.count(column[0]) == len(column):
                code = names.setdefault(column[0], len(names))
                parts.append(np.full(len(column), code, dtype=np.int64))
            else:
                parts.append(np.fromiter((names.setdefault(name, len(names)) for name in column),
                                         dtype=np.int64, count=len(column)))
        codes = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
        return codes, list(names)

    def _key_codes(self) -> tuple[np.ndarray, list[tuple[str, str]]]:
        """Per row the index of its (lexelt, id) among all keys, in order of first appearance.
        Annotators' files usually list the same items in the same order: a file whose lexelt
        and id columns equal an earlier file's reuses its codes instead of hashing again."""
        key_index: dict[tuple[str, str], int] = {}
        parts = []
        previous: tuple[Sequence[str], Sequence[str], np.ndarray] | None = None
        for columns in self.columns:
            lexelts, ids = columns.lexelt, columns.id
            if (previous is not None and _same_column(previous[0], lexelts)
                    and _same_column(previous[1], ids)):
                parts.append(previous[2])
                continue
            if not lexelts:
                parts.append(np.zeros(0, dtype=np.int64))
                continue
            lexelt_codes, lexelt_names = _column_codes(lexelts)
            id_codes, id_names = _column_codes(ids)
            width = len(id_names)
            local_codes, local_keys = factorize(lexelt_codes * width + id_codes)
            local_pairs = zip(lexelt_names[local_keys // width].tolist(),
                              id_names[local_keys % width].tolist(), strict=True)
            if not key_index:
                key_index = dict(zip(local_pairs, range(len(local_keys)), strict=True))
                to_global = np.arange(len(local_keys), dtype=np.int64)
            else:
                to_global = np.fromiter((key_index.setdefault(pair, len(key_index))
                                         for pair in local_pairs), dtype=np.int64,
                                        count=len(local_keys))
            codes = to_global[local_codes]
            parts.append(codes)
            previous = (lexelts, ids, codes)
        codes = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
        return codes, list(key_index)

    def _check_corpus(self, key_codes: np.ndarray,
                      keys: list[tuple[str, str]]) -> np.ndarray:
        """Per key: in the corpus (always True without one). Rows of unknown keys are errors."""
        if self.corpus is None:
            return np.ones(len(keys), dtype=bool)
        known = {(lexelt.item, instance.id) for lexelt, instance in self.corpus.instances()}
        lexelt_of_id: dict[str, str] = {}
        for lexelt, instance in self.corpus.instances():
            lexelt_of_id.setdefault(instance.id, lexelt.item)
        valid_keys = np.array([key in known for key in keys], dtype=bool)
        if valid_keys.all():
            return valid_keys
        invalid_rows = np.flatnonzero(~valid_keys[key_codes])
        for row in invalid_rows.tolist():
            columns, index = self.locate(row)
            lexelt, instance_id = columns.lexelt[index], columns.id[index]
            elsewhere = lexelt_of_id.get(instance_id)
            hint = (f" (the corpus has id {instance_id} under {elsewhere})"
                    if elsewhere is not None else "")
            self.report(Severity.ERROR, "id-not-in-corpus",
                        f"{lexelt} {instance_id} is not in the corpus{hint}; row ignored", row)
        self.stats["not_in_corpus_rows"] = len(invalid_rows)
        return valid_keys

    def _corpus_order(self, keys: list[tuple[str, str]], item_of_row: np.ndarray,
                      valid: np.ndarray) -> list[tuple[str, str]]:
        if self.corpus is None:
            return keys
        corpus_position: dict[tuple[str, str], int] = {}
        for lexelt, instance in self.corpus.instances():
            corpus_position.setdefault((lexelt.item, instance.id), len(corpus_position))
        by_corpus = sorted(range(len(keys)), key=lambda item: corpus_position[keys[item]])
        new_position = np.empty(len(keys), dtype=np.int64)
        new_position[np.array(by_corpus, dtype=np.int64)] = np.arange(len(keys))
        item_of_row[valid] = new_position[item_of_row[valid]]
        self.stats["corpus_items_without_responses"] = len(corpus_position) - len(keys)
        if self.stats["corpus_items_without_responses"]:
            self.report(Severity.INFO, "corpus-items-without-responses",
                        f"{self.stats['corpus_items_without_responses']} corpus instance(s) "
                        "have no response row at all", path=self.corpus.path)
        return [keys[item] for item in by_corpus]

    def _annotator_files(self, annotator_of_row: np.ndarray,
                         annotators: list[str]) -> dict[str, list[str]]:
        n_sources = max(len(self.sources), 1)
        combined = annotator_of_row * n_sources + self.source_of_row
        first = first_appearances(combined)
        files: dict[str, list[str]] = {}
        for row in first.tolist():
            code = int(combined[row])
            name = annotators[code // n_sources]
            path = self.sources[code % n_sources].path
            seen = files.setdefault(name, [])
            if path in seen:
                continue
            if seen:
                self.stats["annotators_in_several_files"] += 1
                self.report(Severity.WARNING, "annotator-in-several-files",
                            f"annotator '{name}' also has rows in {seen[0]}; the files are "
                            "pooled as one annotator", row)
            seen.append(path)
        return files

    def _check_duplicates(self, cell_of_row: np.ndarray, valid: np.ndarray,
                          annotators: list[str], annotator_of_row: np.ndarray,
                          keys: list[tuple[str, str]], item_of_row: np.ndarray) -> np.ndarray:
        keep = np.ones(len(cell_of_row), dtype=bool)
        codes = np.where(valid, cell_of_row, -1 - np.arange(len(cell_of_row)))
        duplicates, first = _repeats(codes)
        for row, earlier in zip(duplicates.tolist(), first.tolist(), strict=True):
            keep[row] = False
            lexelt, instance_id = keys[int(item_of_row[row])]
            self.report(Severity.ERROR, "duplicate-response",
                        f"annotator '{annotators[int(annotator_of_row[row])]}' already answered "
                        f"{lexelt} {instance_id} at {self.where(earlier)}; the first row "
                        "counts, this one is ignored", row)
        self.stats["duplicate_rows"] = len(duplicates)
        return keep

    def _substitute_entries(self, counted: np.ndarray,
                            ) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
        """Normalised substitutes of the counted rows: (forms, entry row, entry form id) and,
        for every row, whether it has a non-empty cell (for the flag check)."""
        n = self.n_rows
        # Cells row by row, in the order of the row's substitute positions, so that an item's
        # substitutes are numbered in order of first appearance. Three cells a row: their
        # columns are 32-bit, half the memory of the widest step of the pooling.
        cell_row = np.concatenate([np.zeros(0, dtype=np.int32)] + [
            np.repeat(np.arange(start, start + len(columns), dtype=np.int32),
                      len(columns.substitutes))
            for columns, start in zip(self.columns, self.source_start.tolist(), strict=False)])
        # Each distinct raw string gets a code (and is normalised once below, however many
        # annotators wrote it): a file the reader coded needs a lookup per distinct string,
        # other rows one dict lookup per cell (a C-level map, no object array).
        code_of_cell: FirstSeenCodes[str] = FirstSeenCodes()
        parts = [np.zeros(0, dtype=np.int32)]
        for columns in self.columns:
            codes = columns.substitute_codes
            if codes is not None and columns.substitute_vocabulary is not None:
                vocabulary = columns.substitute_vocabulary
                to_global = np.fromiter(map(code_of_cell.__getitem__, vocabulary),
                                        dtype=np.int32, count=len(vocabulary))
                parts.append(to_global[codes].ravel())
            else:
                cells = (columns.substitutes[0] if len(columns.substitutes) == 1
                         else chain.from_iterable(zip(*columns.substitutes, strict=True)))
                parts.append(np.fromiter(map(code_of_cell.__getitem__, cells), dtype=np.int32,
                                         count=len(columns) * len(columns.substitutes)))
        cell_codes = np.concatenate(parts)
        del parts
        distinct_cells = list(code_of_cell)
        # Flat lists rather than a tuple per distinct cell: fewer container objects for the
        # garbage collector to visit while a million rows are alive.
        form_index: FirstSeenCodes[str] = FirstSeenCodes()
        form_ids: list[int] = []
        forms_per_cell: list[int] = []
        for cell in distinct_cells:
            forms = _normalise_cell(cell, self.options)
            form_ids.extend(map(form_index.__getitem__, forms))
            forms_per_cell.append(len(forms))
        per_cell = np.array(forms_per_cell, dtype=np.int64)
        offsets = np.zeros(len(distinct_cells) + 1, dtype=np.int64)
        np.cumsum(per_cell, out=offsets[1:])
        flat_forms = np.array(form_ids, dtype=np.int64)
        split = np.array([";" in cell for cell in distinct_cells], dtype=bool)
        filled = (per_cell > 0)[cell_codes] if len(cell_row) else np.zeros(0, dtype=bool)
        # Marked, not counted: a count would widen the three million cell rows to 64 bits.
        has_filled_cell = np.zeros(n, dtype=bool)
        has_filled_cell[cell_row[filled]] = True

        # Empty cells (a row with fewer than three substitutes) have no form and go here.
        keep = counted[cell_row] & filled
        cell_row, cell_codes = cell_row[keep], cell_codes[keep]
        form_list = list(form_index)
        for cell in np.flatnonzero(split[cell_codes]).tolist():
            row, code = int(cell_row[cell]), int(cell_codes[cell])
            self.stats["split_cells"] += 1
            forms = [form_list[form]
                     for form in flat_forms[offsets[code]:offsets[code + 1]].tolist()]
            self.report(Severity.WARNING, "semicolon-in-substitute",
                        f"substitute '{distinct_cells[code].strip()}' contains ';' (the gold "
                        f"separator); counted as {len(forms)} substitute(s): "
                        + ", ".join(forms), row)
        if (per_cell == 1)[cell_codes].all():
            # The usual case: every cell is one substitute, so entries are the cells.
            # (Looked up per distinct cell first: no offset per cell to hold.)
            first_form = np.zeros(len(per_cell), dtype=np.int64)
            first_form[per_cell > 0] = flat_forms[offsets[:-1][per_cell > 0]]
            entry_row, entry_form = cell_row, first_form[cell_codes]
        else:
            repeat = per_cell[cell_codes]
            entry_row = np.repeat(cell_row, repeat)
            within = (np.arange(int(repeat.sum()), dtype=np.int64)
                      - np.repeat(np.cumsum(repeat) - repeat, repeat))
            entry_form = flat_forms[np.repeat(offsets[cell_codes], repeat) + within]
        per_row = np.bincount(entry_row, minlength=n)
        for row in np.flatnonzero(per_row > MAX_SUBSTITUTES).tolist():
            self.stats["more_than_three"] += 1
            self.report(Severity.WARNING, "more-than-three-substitutes",
                        f"{per_row[row]} substitutes (the protocol allows {MAX_SUBSTITUTES}); "
                        "all are counted", row)
        return form_list, entry_row, entry_form, has_filled_cell

    def _check_flags(self, used: np.ndarray, nil: np.ndarray, proper_name: np.ndarray,
                     has_filled_cell: np.ndarray) -> None:
        with_substitutes = used & (nil | proper_name) & has_filled_cell
        self.stats["flagged_with_substitutes"] = int(with_substitutes.sum())
        both = used & nil & proper_name
        self.stats["both_flags"] = int(both.sum())
        for row in np.flatnonzero(with_substitutes).tolist():
            if not self.reader_checked(row):
                flag = "proper name" if proper_name[row] else "NIL"
                self.report(Severity.WARNING, "flagged-with-substitutes",
                            f"row flagged {flag} also has substitutes; the substitutes are not "
                            "counted", row)
        for row in np.flatnonzero(both).tolist():
            if not self.reader_checked(row):
                self.report(Severity.WARNING, "nil-and-proper-name",
                            "row flagged both NIL and proper name; counted as proper name", row)

    def _apply_merge_map(self, forms: list[str], entry_row: np.ndarray, entry_form: np.ndarray,
                         keys: list[tuple[str, str]], item_of_row: np.ndarray) -> np.ndarray:
        merge_map = self.merge_map
        if merge_map is not None:
            form_index = {form: index for index, form in enumerate(forms)}

            def form_id(text: str) -> int:
                index = form_index.get(text)
                if index is None:
                    index = form_index[text] = len(forms)
                    forms.append(text)
                return index

            everywhere = np.array([form_id(merge_map.everywhere.get(form, form))
                                   for form in list(forms)], dtype=np.int64)
            original = entry_form
            entry_form = everywhere[entry_form] if len(entry_form) else entry_form
            if merge_map.per_item:
                targeted = {item for item, key in enumerate(keys) if key in merge_map.per_item}
                entry_item = item_of_row[entry_row]
                for entry in np.flatnonzero(np.isin(entry_item, list(targeted))).tolist():
                    key = keys[int(entry_item[entry])]
                    entry_form[entry] = form_id(merge_map.apply(forms[original[entry]], key))
            self.stats["merged_by_map"] = int((entry_form != original).sum())
        pn = next((index for index, form in enumerate(forms) if form == PROPER_NAME_ENTRY), None)
        if pn is not None:
            for row in np.unique(entry_row[entry_form == pn]).tolist():
                self.stats["substitute_pn"] += 1
                self.report(Severity.WARNING, "substitute-pn",
                            "substitute 'pn' is written like the proper-name entry of the gold "
                            "and will be indistinguishable from it", row)
        return entry_form

    def _written(self, forms: list[str], entry_row: np.ndarray, written_form: np.ndarray,
                 entry_form: np.ndarray, cell_of_row: np.ndarray,
                 n_annotators: int) -> dict[tuple[int, int], tuple[tuple[str, str], ...]]:
        """Per answer a merge changed, each substitute as written and as counted."""
        if entry_form is written_form:
            return {}
        changed_rows = np.unique(entry_row[entry_form != written_form])
        if not len(changed_rows):
            return {}
        by_row: dict[int, list[tuple[str, str]]] = {}
        for entry in np.flatnonzero(np.isin(entry_row, changed_rows)).tolist():
            by_row.setdefault(int(entry_row[entry]), []).append(
                (forms[written_form[entry]], forms[entry_form[entry]]))
        width = max(n_annotators, 1)
        return {divmod(int(cell_of_row[row]), width): tuple(pairs)
                for row, pairs in by_row.items()}

    @staticmethod
    def _repeats(entry_row: np.ndarray, entry_form: np.ndarray) -> np.ndarray:
        """Entries whose form an earlier entry of the same row already has."""
        # A row's entries are adjacent and few: compare each entry with the ones just before
        # it in the same row (vectorised, one pass per position) instead of hashing them all.
        widest = int(np.bincount(entry_row).max(initial=0)) if len(entry_row) else 0
        repeated_mask = np.zeros(len(entry_row), dtype=bool)
        for shift in range(1, widest):
            same = ((entry_row[shift:] == entry_row[:-shift])
                    & (entry_form[shift:] == entry_form[:-shift]))
            repeated_mask[shift:] |= same
        return repeated_mask

    def _deduplicate_in_row(self, forms: list[str], entry_row: np.ndarray,
                            entry_form: np.ndarray, written_form: np.ndarray,
                            ) -> tuple[np.ndarray, np.ndarray]:
        """Each substitute once per row. A repetition the annotator wrote is an input problem;
        one a merge made (``luminous`` merged into ``light`` on a row that gave both) is the
        organiser's decision at work: counted in ``merged_in_row``, not reported."""
        repeated_mask = self._repeats(entry_row, entry_form)
        if entry_form is not written_form and repeated_mask.any():
            by_merge = repeated_mask & ~self._repeats(entry_row, written_form)
            self.stats["merged_in_row"] = int(by_merge.sum())
            reported = repeated_mask & ~by_merge
        else:
            reported = repeated_mask
        repeated = np.flatnonzero(reported)
        for entry in repeated.tolist():
            self.stats["repeated_in_row"] += 1
            self.report(Severity.INFO, "repeated-substitute",
                        f"'{forms[entry_form[entry]]}' given twice in one row (after "
                        "normalisation); counted once", int(entry_row[entry]))
        if repeated_mask.any():
            return entry_row[~repeated_mask], entry_form[~repeated_mask]
        return entry_row, entry_form

    def _multiwords(self, used: np.ndarray, keys: list[tuple[str, str]],
                    item_of_row: np.ndarray) -> tuple[list[str], np.ndarray]:
        n = self.n_rows
        # Most rows have no multiword: only the filled ones are looked at.
        filled, texts = self._filled_cells([columns.multiword for columns in self.columns])
        form_index: dict[str, int] = {}
        normalised: dict[str, int] = {}
        # Four-byte indices, as the pooled table keeps them: a million rows or more.
        multiword = np.full(n, -1, dtype=np.int32)
        for row, text in zip(filled, texts, strict=True):
            index = normalised.get(text)
            if index is None:
                form = normalise_response(text, self.options)
                index = normalised[text] = (form_index.setdefault(form, len(form_index))
                                            if form else -1)
            multiword[row] = index
        multiword = np.where(used, multiword, -1)
        forms = list(form_index)
        if self.merge_map is not None:
            for row in np.flatnonzero(multiword >= 0).tolist():
                original = forms[multiword[row]]
                mapped = self.merge_map.apply(original, keys[int(item_of_row[row])])
                if mapped != original:
                    index = form_index.get(mapped)
                    if index is None:
                        index = form_index[mapped] = len(forms)
                        forms.append(mapped)
                    multiword[row] = index
        return forms, multiword

    def _filled_cells(self, columns: list[Sequence[str]]) -> tuple[list[int], list[str]]:
        """The pooled rows whose cell in ``columns`` (one a source) is not empty, and their
        texts. A coded column is looked at through its distinct values; in a list, compress
        finds the filled cells in C."""
        rows: list[int] = []
        texts: list[str] = []
        for column, start in zip(columns, self.source_start.tolist(), strict=False):
            if isinstance(column, CodedColumn):
                filled_value = np.array([bool(value) for value in column.values], dtype=bool)
                codes = np.asarray(column.codes)
                filled = np.flatnonzero(filled_value[codes]) if len(filled_value) else codes[:0]
                texts.extend(map(column.values.__getitem__, codes[filled].tolist()))
                rows.extend((filled + start).tolist())
            else:
                indices = list(compress(range(len(column)), column))
                rows.extend(start + index for index in indices)
                texts.extend(column[index] for index in indices)
        return rows, texts

    def _comments(self, used: np.ndarray, cell_of_row: np.ndarray,
                  n_annotators: int) -> dict[tuple[int, int], str]:
        # Only the rows with a comment are visited: most have none.
        rows, texts = self._filled_cells([columns.comment for columns in self.columns])
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
                examples = ", ".join(self.where(row) for row in blanks[:EXAMPLES_SHOWN].tolist())
                more = " ..." if len(blanks) > EXAMPLES_SHOWN else ""
                parts.append(f"{len(blanks)} blank row(s) at {examples}{more}")
            files = pooled.annotator_files.get(name, [])
            self.report(Severity.WARNING, "missing-answers",
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


def _normalise_cell(cell: str, options: NormaliseOptions) -> tuple[str, ...]:
    if ";" not in cell:
        form = normalise_response(cell, options)
        return (form,) if form else ()
    forms = (normalise_response(part, options) for part in cell.split(";"))
    return tuple(dict.fromkeys(form for form in forms if form))
