"""Clean scoring of a best or oot file as whole columns: the gold prepared, the answers matched
and weighed for every item at once.

It does what ``scorer.prepare_gold``, ``scorer.match_answers`` and ``items.build_columns`` do item
by item (the same rules, the same tally, the same columns), for the readers' tables
(core/model/item_tables.py): each distinct text is spelled once and given an integer code, and
everything after is arrays of codes and counts. The measures are the same functions
(``items.measure_columns``). Under the defects that change how the gold is prepared or how an
empty line borrows answers (``PER_ITEM_DEFECTS``), and for weighted files, scoring goes item by
item instead.

The report's columns of texts and tuples (each item's answers, its mode, its lines) are made
only when the per-item table is asked for (``Deferred``): a command that prints the figures never
builds them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise, repeat
from operator import eq
from typing import Any

import numpy as np

from lexsub_studio.core.model import rules
from lexsub_studio.core.model.item_tables import AnswerTable, GoldTable, TextCodes, offsets_of
from lexsub_studio.core.scoring.clean import scorer as clean
from lexsub_studio.core.scoring.clean import spelling
from lexsub_studio.core.scoring.clean.items import (
    ColumnSums,
    ItemView,
    Summed,
    measure_columns,
    view_cuts,
)
from lexsub_studio.core.scoring.measures import Carry, Ragged

#: The kept defects scored item by item: they change how the gold is prepared (lexelt-key,
#: pn-entries, spelling, unique-mode) or let an empty line borrow another's answers (no-reuse).
PER_ITEM_DEFECTS = frozenset({"lexelt-key", "pn-entries", "spelling", "unique-mode", "no-reuse"})
#: A text's code when it is a flag entry (pn, nil) or nothing is left of it once spelled.
FLAG, EMPTIED = -1, -2
#: Item index and text code packed in one integer key: the code takes the low bits.
_CODE_BITS = 32


def serves(kind: str, kept: frozenset[str]) -> bool:
    """Whether a ``kind`` file under these kept defects is scored as columns."""
    return kind in ("best", "oot") and not kept & PER_ITEM_DEFECTS


class Deferred:
    """A report column made when the per-item table is built, not before (once: columns that
    share their values, as the oot and ranking views do, share the objects too)."""

    __slots__ = ("_made", "_make")

    def __init__(self, make: Callable[[], list[Any]]) -> None:
        self._make = make
        self._made: list[Any] | None = None

    def make(self) -> list[Any]:
        if self._made is None:
            self._made = self._make()
            self._make = _made_already
        return self._made


def _made_already() -> list[Any]:
    raise AssertionError("a deferred column is made once")


@dataclass(slots=True)
class ColumnarGold:
    """The gold items in T, prepared: per item its lexelt, id, PoS, line, H, maxfreq and mode
    (a code, -1 for none), and its distinct clean substitutes (codes) with their counts, in
    order of first appearance (item i's at ``offsets[i]:offsets[i + 1]``)."""

    lexelts: list[str]
    ids: list[str]
    pos: list[str]
    lines: np.ndarray
    offsets: np.ndarray
    forms: np.ndarray
    counts: np.ndarray
    human_total: np.ndarray
    max_freq: np.ndarray
    mode: np.ndarray
    codes: TextCodes
    #: (reason, count) of what the preparation left out, in the order the tally takes them.
    ignored: list[tuple[str, int]]
    _keys: dict[tuple[str, str], int] | None = field(default=None, repr=False)
    _by_id: dict[str, int] | None = field(default=None, repr=False)
    _sorted_keys: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False)

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    def index_of_id(self) -> dict[str, int] | None:
        """Each item's index by its id alone when no id is given twice (as in nearly every
        gold: an id then names its item, and a dict of ids is half the size of one of
        (lexelt, id) pairs); None when some id is shared by two lexelts."""
        if self._by_id is None:
            self._by_id = dict(zip(self.ids, range(len(self.ids)), strict=True))
        return self._by_id if len(self._by_id) == len(self.ids) else None

    def index_of_key(self) -> dict[tuple[str, str], int]:
        if self._keys is None:
            self._keys = {key: index for index, key in enumerate(zip(self.lexelts, self.ids,
                                                                     strict=True))}
        return self._keys

    def sorted_entry_keys(self) -> tuple[np.ndarray, np.ndarray]:
        """``_entry_keys`` of every item (kept: a gold scores many systems)."""
        if self._sorted_keys is None:
            self._sorted_keys = _entry_keys(self, 0, len(self))
        return self._sorted_keys

    def mode_texts(self) -> list[str | None]:
        text_of = self.codes.texts
        return [text_of[code] if code >= 0 else None for code in self.mode.tolist()]


def prepare_gold(table: GoldTable) -> ColumnarGold:
    """``scorer.prepare_gold`` of a whole table: flags and emptied entries removed, the rest
    spelled, merged per item, H, maxfreq and the mode found, only the items in T kept."""
    ignored: list[tuple[str, int]] = []
    keep, first_repeat = _first_of_each_key(table)
    lexelts = table.lexelts if keep is None else [table.lexelts[i] for i in keep.tolist()]
    ids = table.ids if keep is None else [table.ids[i] for i in keep.tolist()]
    lines = table.lines if keep is None else table.lines[keep]
    substitutes = table.coded_substitutes
    offsets, text_codes, counts = table.offsets, substitutes.codes, table.counts
    if keep is not None:
        offsets, gather = _gathered(table.offsets, keep)
        text_codes, counts = text_codes[gather], counts[gather]
    items = len(ids)
    codes = TextCodes()
    fate = _GoldFates(codes)
    # Each distinct text spelled once, then every entry's code taken from its text's. 32-bit
    # codes and items, and no copy where nothing is dropped: a million items' six million
    # entries are arrays of 24 MB each.
    entry_code = _code_of_each_text(fate, substitutes.vocabulary)[text_codes]
    owner = np.repeat(np.arange(items, dtype=np.int32), np.diff(offsets))
    dropped = entry_code < 0
    dropped_count = np.bincount(owner[dropped], weights=counts[dropped],
                                minlength=items).astype(np.int64)
    if dropped.any():
        kept = ~dropped
        forms, form_counts, form_owner = _merged(entry_code[kept], counts[kept], owner[kept])
        del kept
    else:
        forms, form_counts, form_owner = _merged(entry_code, counts, owner)
    del owner, dropped
    lengths = np.bincount(form_owner, minlength=items)
    form_offsets = offsets_of(lengths)
    human_total = np.bincount(form_owner, weights=form_counts, minlength=items).astype(np.int64)
    max_freq = np.zeros(items, dtype=np.int64)
    filled = np.flatnonzero(lengths)
    if len(filled):
        max_freq[filled] = np.maximum.reduceat(form_counts, form_offsets[:-1][filled])
    in_t = rules.items_in_t(human_total)
    local = np.arange(len(forms), dtype=np.int64) - np.repeat(form_offsets[:-1], lengths)
    mode_local = rules.modes_of_items(form_counts, form_owner, local, items, form_offsets)
    has_mode = mode_local >= 0
    mode = np.full(items, -1, dtype=np.int64)
    mode[has_mode] = forms[form_offsets[:-1][has_mode] + mode_local[has_mode]]
    original = np.arange(len(table)) if keep is None else keep
    _tally_preparation(ignored, first_repeat, original, in_t, entry_code, human_total,
                       dropped_count, len(table))
    chosen = np.flatnonzero(in_t)
    in_t_entry = np.repeat(in_t, lengths)
    chosen_list = chosen.tolist()
    pos_of = _PosOf()
    t_lexelts = [lexelts[i] for i in chosen_list]
    return ColumnarGold(
        lexelts=t_lexelts, ids=[ids[i] for i in chosen_list],
        pos=list(map(pos_of.__getitem__, t_lexelts)), lines=np.asarray(lines)[chosen],
        offsets=offsets_of(lengths[chosen]), forms=forms[in_t_entry],
        counts=form_counts[in_t_entry].astype(np.int32),
        human_total=human_total[chosen], max_freq=max_freq[chosen], mode=mode[chosen],
        codes=codes, ignored=ignored)


def _code_of_each_text(coding: dict[str, int], texts: list[str]) -> np.ndarray:
    """``coding[text]`` of each of ``texts`` (a table's distinct texts), in their order."""
    return np.fromiter(map(coding.__getitem__, texts), dtype=np.int32, count=len(texts))


class _GoldFates(dict[str, int]):
    """Each gold substitute's code: its clean spelling's, FLAG or EMPTIED (spelled once)."""

    def __init__(self, codes: TextCodes) -> None:
        super().__init__()
        self.codes = codes

    def __missing__(self, substitute: str) -> int:
        form = spelling.clean_form(substitute)
        if form.lower() in clean.NOT_SUBSTITUTES:
            code = FLAG
        elif not form:
            code = EMPTIED
        else:
            code = self.codes[form]
        self[substitute] = code
        return code


def _entry_keys(gold: ColumnarGold, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
    """(item << 32 | form code) of every entry of items ``start:stop`` (items counted from
    ``start``), sorted, and the counts in that order."""
    offsets = gold.offsets[start:stop + 1]
    owner = np.repeat(np.arange(stop - start, dtype=np.int64), np.diff(offsets))
    keys = (owner << _CODE_BITS) | gold.forms[offsets[0]:offsets[-1]]
    del owner
    order = np.argsort(keys, kind="stable")
    return keys[order], gold.counts[offsets[0]:offsets[-1]][order]


class _PosOf(dict[str, str]):
    def __missing__(self, lexelt: str) -> str:
        pos = self[lexelt] = clean.pos_of(lexelt)
        return pos


def _first_of_each_key(table: GoldTable) -> tuple[np.ndarray | None, int]:
    """The items to keep when a (lexelt, id) repeats (its first line) and the index of the
    first repeating line; (None, -1) when none repeats (the readers keep only the first line
    of an item; a table made from a list may not)."""
    if table.keys_unique:
        return None, -1
    first: dict[tuple[str, str], int] = {}
    for index, key in enumerate(zip(table.lexelts, table.ids, strict=True)):
        first.setdefault(key, index)
    if len(first) == len(table):
        return None, -1
    keep = np.array(sorted(first.values()), dtype=np.int64)
    is_first = np.zeros(len(table), dtype=bool)
    is_first[keep] = True
    return keep, int(np.flatnonzero(~is_first)[0])


def _gathered(offsets: np.ndarray, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The offsets of the chosen items' runs once put together, and where each entry comes
    from."""
    starts = offsets[:-1][chosen]
    lengths = offsets[1:][chosen] - starts
    new_offsets = offsets_of(lengths)
    gather = (np.arange(int(new_offsets[-1]), dtype=np.int64)
              - np.repeat(new_offsets[:-1] - starts, lengths))
    return new_offsets, gather


def _merged(code: np.ndarray, count: np.ndarray, owner: np.ndarray,
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Entries of one item with the same spelling merged into the first, their counts summed
    (``well-lit 2;well lit 1`` is one substitute given 3 times); order kept."""
    later = _repeats(code, owner)
    if not later.any():
        return code, count, owner
    # Only the entries of the items with a repeat are looked at one by one (a few in a
    # thousand in real files): each adds its count to its spelling's first entry.
    touched = np.flatnonzero(np.isin(owner, np.unique(owner[later])))
    summed = count.astype(np.int64, copy=True)
    first_position: dict[int, int] = {}
    for position, value, is_later in zip(
            touched.tolist(),
            ((owner[touched].astype(np.int64) << _CODE_BITS) | code[touched]).tolist(),
            later[touched].tolist(), strict=True):
        first = first_position.setdefault(value, position)
        if is_later:
            summed[first] += summed[position]
    keep = ~later
    return code[keep], summed[keep], owner[keep]


#: Up to this many codes in a run, repeats are found by comparing each with those before it.
_SHIFTS_UP_TO = 32


def _repeats(code: np.ndarray, owner: np.ndarray) -> np.ndarray:
    """Per position, whether an earlier position of the same owner holds the same code."""
    later = np.zeros(len(code), dtype=bool)
    if not len(code):
        return later
    lengths = np.bincount(owner)
    longest = int(lengths.max())
    # Runs of up to _SHIFTS_UP_TO codes: each compared with those before it. The few longer
    # runs: their positions sorted by (owner, code, position).
    for distance in range(1, min(longest, _SHIFTS_UP_TO)):
        later[distance:] |= ((code[distance:] == code[:-distance])
                             & (owner[distance:] == owner[:-distance]))
    if longest > _SHIFTS_UP_TO:
        positions = np.flatnonzero(lengths[owner] > _SHIFTS_UP_TO)
        long_code, long_owner = code[positions], owner[positions]
        order = np.lexsort((np.arange(len(positions)), long_code, long_owner))
        same = ((long_code[order][1:] == long_code[order][:-1])
                & (long_owner[order][1:] == long_owner[order][:-1]))
        later[positions[order[1:][same]]] = True
    return later


#: The tally reasons of gold preparation that are counted per line as it is met.
REPEATED_GOLD_LINES = "gold lines repeating an earlier item (the first line is used)"
OUT_OF_T = "gold items with fewer than 2 responses (not in T)"


def _tally_preparation(ignored: list[tuple[str, int]], first_repeat: int, original: np.ndarray,
                       in_t: np.ndarray, entry_code: np.ndarray, human_total: np.ndarray,
                       dropped_count: np.ndarray, lines: int) -> None:
    """What ``scorer.prepare_gold`` tallies, in its order: the repeated lines and the items out
    of T in the order it first meets each, then the removed flag and emptied entries and the
    items out of T only because of them."""
    out = np.flatnonzero(~in_t)
    met = []
    if first_repeat >= 0:
        met.append((first_repeat, REPEATED_GOLD_LINES, lines - len(in_t)))
    if len(out):
        met.append((int(original[out[0]]), OUT_OF_T, len(out)))
    ignored.extend((reason, count) for _, reason, count in sorted(met))
    for reason, count in ((clean.FLAGS_REMOVED, int((entry_code == FLAG).sum())),
                          (clean.EMPTIED_REMOVED, int((entry_code == EMPTIED).sum())),
                          (clean.LEFT_T, int((~in_t & rules.items_in_t(
                              human_total + dropped_count)).sum()))):
        if count:
            ignored.append((reason, count))


@dataclass(slots=True)
class Matched:
    """Per gold item in T, the system line scored for it (-1: none), and what matching left
    out or found odd."""

    row: np.ndarray
    lexelt_differs: np.ndarray


def match_lines(gold: ColumnarGold, lines: AnswerTable, tally: clean.Tally, *,
                strict_lexelt: bool = False,
                mismatches: list[clean.LexeltMismatch] | None = None) -> Matched:
    """``scorer.match_answers``' choice of line per item: the first line with the item's key,
    or the one line whose lexelt names the item's lemma with other PoS letters."""
    found = _gold_item_of_each_line(gold, lines)
    row = np.full(len(gold), -1, dtype=np.int64)
    differs = np.zeros(len(gold), dtype=bool)
    missing = np.flatnonzero(found < 0).tolist()
    by_id = _indexes_of_ids(gold, {lines.ids[position] for position in missing})
    if not any(_same_lemma_item(gold, lines, position, by_id) is not None
               for position in missing):
        # No line is matched by its lemma: every line without its key is unknown, and the
        # first line of each item is scored, which arrays find without a loop over lines.
        rows_found = np.flatnonzero(found >= 0)
        items_found = found[rows_found]
        unique_items, first = np.unique(items_found, return_index=True)
        repeating = np.ones(len(rows_found), dtype=bool)
        repeating[first] = False
        # The tally keeps its reasons in the order the lines first give them.
        said = []
        if missing:
            said.append((missing[0], clean.UNKNOWN_ITEM, len(missing)))
        if repeating.any():
            said.append((int(rows_found[repeating][0]), REPEATED_SYSTEM_LINES,
                         int(repeating.sum())))
        for _, reason, count in sorted(said):
            tally.add(reason, count)
        row[unique_items] = rows_found[first]
        return Matched(row, differs)
    rows: list[int] = [-1] * len(gold)
    for position, index in enumerate(found.tolist()):
        lexelt = lines.lexelts[position]
        if index < 0:
            item_id = lines.ids[position]
            index = _same_lemma_item(gold, lines, position, by_id)
            if index is None:
                tally.add(clean.UNKNOWN_ITEM)
                continue
            if strict_lexelt:
                tally.add(clean.STRICT_LEXELT_DROPPED)
                if mismatches is not None:
                    mismatches.append(clean.LexeltMismatch(
                        lines.line_of(position), lexelt, item_id, gold.lexelts[index], False))
                continue
        if rows[index] >= 0:
            tally.add(REPEATED_SYSTEM_LINES)
            continue
        if lexelt != gold.lexelts[index]:
            differs[index] = True
            if mismatches is not None:
                mismatches.append(clean.LexeltMismatch(
                    lines.line_of(position), lexelt, lines.ids[position], gold.lexelts[index],
                    True))
        rows[index] = position
    row[:] = rows
    return Matched(row, differs)


REPEATED_SYSTEM_LINES = "system lines repeating an item (the first line is used)"


def _gold_item_of_each_line(gold: ColumnarGold, lines: AnswerTable) -> np.ndarray:
    """The gold item with each line's (lexelt, id), -1 where there is none."""
    count = len(lines.ids)
    by_id = gold.index_of_id()
    if by_id is None:
        index_of = gold.index_of_key()
        return np.fromiter(map(index_of.get, zip(lines.lexelts, lines.ids, strict=True),
                               repeat(-1)), dtype=np.int64, count=count)
    found = np.fromiter(map(by_id.get, lines.ids, repeat(-1)), dtype=np.int64, count=count)
    # Index -1 (no item with the id) reads None, which equals no lexelt.
    lexelt_at = [*gold.lexelts, None]
    same_lexelt = np.fromiter(map(eq, map(lexelt_at.__getitem__, found.tolist()),
                                  lines.lexelts), dtype=bool, count=count)
    found[~same_lexelt] = -1
    return found


def _indexes_of_ids(gold: ColumnarGold, ids: set[str]) -> dict[str, list[int]]:
    """The gold items of each of ``ids`` (only those: most lines find their item by key)."""
    found: dict[str, list[int]] = {}
    if ids:
        for index, item_id in enumerate(gold.ids):
            if item_id in ids:
                found.setdefault(item_id, []).append(index)
    return found


def _same_lemma_item(gold: ColumnarGold, lines: AnswerTable, position: int,
                     by_id: dict[str, list[int]]) -> int | None:
    """The one gold item with line ``position``'s id whose lemma its lexelt names with other
    PoS letters (``wild.n 160`` for ``wild.a.n 160``); None when there is none, or several.
    ``by_id`` holds the gold items of the ids looked for."""
    lexelt = lines.lexelts[position]
    same = [index for index in by_id.get(lines.ids[position], ())
            if clean.same_lemma_other_pos(lexelt, gold.lexelts[index])]
    return same[0] if len(same) == 1 else None


class _AnswerCodes(dict[str, int]):
    """Each system answer's code: its clean spelling's (the gold's codes, extended by the
    spellings the gold does not have), or EMPTIED."""

    def __init__(self, codes: TextCodes, extra: TextCodes) -> None:
        super().__init__()
        self.codes = codes
        self.extra = extra

    def __missing__(self, answer: str) -> int:
        form = spelling.clean_form(answer)
        if not form:
            code = EMPTIED
        else:
            code = self.codes.get(form)
            if code is None:
                code = len(self.codes) + self.extra[form]
        self[answer] = code
        return code


#: Items measured at a time in a report wanted for its figures only: the arrays over every
#: answer of the items measured at once are the largest of a run (a million items' ten
#: million answers would be gigabytes of them at the same time). Read at call time.
CHUNK_ITEMS = 16_384


def item_columns(kind: str, families: Sequence[str], gold: ColumnarGold, lines: AnswerTable,
                 kept: frozenset[str], penalty: float, tally: clean.Tally, *,
                 strict_lexelt: bool = False,
                 mismatches: list[clean.LexeltMismatch] | None = None,
                 figures_only: frozenset[str] | None = None) -> tuple[dict[str, Any], int]:
    """Every per-item column of a best or oot scoring (as ``items.build_columns``), and the
    number of items without an answer line. With ``figures_only`` (the names of the columns
    the figures and counts sum), the items are measured CHUNK_ITEMS at a time and only those
    columns are kept, as their sums (``_summed_in_chunks``, ``items.ColumnSums``)."""
    matched = match_lines(gold, lines, tally, strict_lexelt=strict_lexelt, mismatches=mismatches)
    row = matched.row
    present = row >= 0
    without_line = int((~present).sum())
    extra = TextCodes()
    answer_code = _AnswerCodes(gold.codes, extra)
    # Every answer of the file coded once (a few thousand distinct texts spelled), then each
    # item's taken from the codes: no text per answer is handled twice.
    # 32-bit codes and items: a million items' ten million answers are arrays of 40 MB each,
    # and each is freed as soon as the next step has what it needs.
    coded = lines.coded_answers
    handed = [_code_of_each_text(answer_code, coded.vocabulary)[coded.codes]]
    del coded
    if figures_only is not None:
        return _summed_in_chunks(kind, families, gold, lines, row, handed[0], kept, penalty,
                                 figures_only), without_line
    items = len(gold)
    answers = _item_answers(handed, lines.offsets, row, gold.sorted_entry_keys(), kept)
    code, offsets, weight = answers.code, answers.offsets, answers.weight
    own, mode_attempted = _own_columns(gold, 0, items, present, answers.lengths, kept)
    text_of = _TextOf(gold.codes, extra)
    every_answer = Deferred(lambda: _tuples(text_of.texts(code), offsets))
    every_weight = Deferred(lambda: _shared(_tuples(weight.tolist(), offsets)))
    columns: dict[str, Any] = {
        "lexelt": gold.lexelts,
        "id": gold.ids,
        "pos": gold.pos,
        "gold_line": Deferred(lambda: [line or None for line in gold.lines.tolist()]),
        "system_line": Deferred(lambda: _system_lines(lines, row)),
        "system_lexelt": Deferred(lambda: _system_lexelts(lines, row, matched.lexelt_differs)),
        "reused_from_line": Deferred(lambda: [None] * items),
        # The per-item frame's order: the mode among the gold's own columns.
        **{name: own[name] for name in ("human_total", "max_freq", "gold_size")},
        "mode": Deferred(gold.mode_texts),
        **{name: own[name] for name in ("one", "attempted", "has_mode")},
        "answers": every_answer,
    }
    views = _views(kind, kept, answers, gold.mode, (every_answer, every_weight))
    columns = measure_columns(families, columns, views, mode_attempted, _ideal(gold, 0, items),
                              penalty)
    return columns, without_line


def _summed_in_chunks(kind: str, families: Sequence[str], gold: ColumnarGold,
                      lines: AnswerTable, row: np.ndarray, every_code: np.ndarray,
                      kept: frozenset[str], penalty: float,
                      wanted: frozenset[str]) -> ColumnSums:
    """The ``wanted`` columns' sums, the items measured a chunk at a time. GAP's running sums
    carry from chunk to chunk (measures.Carry), so every item's value is the same as when all
    are measured at once; a column of fractions is put back together whole before its sum
    (numpy sums pairwise: by chunks, the last bit could differ), one of whole numbers is
    summed chunk by chunk (exact in any grouping)."""
    pieces: dict[str, list[np.ndarray]] = {}
    whole_sums: dict[str, Any] = {}
    carries = (Carry(), Carry())
    chunk = CHUNK_ITEMS
    for start in range(0, max(len(gold), 1), chunk):  # one chunk, empty, for no items
        stop = min(start + chunk, len(gold))
        entry_keys = _entry_keys(gold, start, stop)
        answers = _item_answers([every_code], lines.offsets, row[start:stop], entry_keys, kept)
        own, mode_attempted = _own_columns(gold, start, stop, row[start:stop] >= 0,
                                           answers.lengths, kept)
        views = _views(kind, kept, answers, gold.mode[start:stop], None)
        del answers, entry_keys
        columns = measure_columns(families, own, views, mode_attempted,
                                  _ideal(gold, start, stop), penalty, carries)
        del views
        for name, values in columns.items():
            if name not in wanted:
                continue
            if values.dtype.kind in "iu":
                part = values.sum()
                whole_sums[name] = part if name not in whole_sums else whole_sums[name] + part
            else:
                pieces.setdefault(name, []).append(values)
    summed = ColumnSums({name: Summed(total) for name, total in whole_sums.items()})
    for name in list(pieces):
        summed[name] = Summed(np.concatenate(pieces.pop(name)).sum())
    return summed


def _own_columns(gold: ColumnarGold, start: int, stop: int, present: np.ndarray,
                 answer_counts: np.ndarray, kept: frozenset[str],
                 ) -> tuple[dict[str, Any], np.ndarray]:
    """The columns of items ``start:stop`` that come from the gold and the matching, and per
    item whether it has a mode and was attempted. ``present``: the item has a line;
    ``answer_counts``: how many answers it kept (an empty line is not an attempt unless the
    ``empty-not-attempted`` defect is kept)."""
    attempted = present if "empty-not-attempted" in kept else answer_counts > 0
    has_mode = gold.mode[start:stop] >= 0
    return {
        "human_total": gold.human_total[start:stop].astype(np.float64),
        "max_freq": gold.max_freq[start:stop].astype(np.float64),
        "gold_size": np.diff(gold.offsets[start:stop + 1]).astype(np.int64),
        "one": np.ones(stop - start, dtype=np.int64),
        "attempted": attempted.astype(np.int64),
        "has_mode": has_mode.astype(np.int64),
    }, (has_mode & attempted).astype(np.int64)


@dataclass(slots=True)
class _Answers:
    """The answers of a run of items, spelled, the emptied ones dropped and repeats removed:
    each one's code, item (counted from the run's first), rank in its item and gold weight;
    per item how many, and where they start."""

    code: np.ndarray
    owner: np.ndarray
    rank: np.ndarray
    weight: np.ndarray
    lengths: np.ndarray
    offsets: np.ndarray


def _item_answers(handed: list[np.ndarray], line_offsets: np.ndarray, row: np.ndarray,
                  entry_keys: tuple[np.ndarray, np.ndarray], kept: frozenset[str]) -> _Answers:
    """The answers of a run of items whose lines are ``row`` (-1: none), taken from the codes
    of every answer of the file (``handed[0]``; the list is emptied once they are taken, which
    frees them when the caller keeps no other reference), weighed by the run's gold entries
    (``entry_keys``, as ``_entry_keys`` gives them)."""
    items = len(row)
    safe = np.maximum(row, 0)
    line_lengths = np.diff(line_offsets)
    lengths = np.where(row >= 0, line_lengths[safe] if len(line_lengths) else 0, 0)
    answer_offsets = offsets_of(lengths)
    gather = (np.arange(int(answer_offsets[-1]), dtype=np.int64)
              - np.repeat(answer_offsets[:-1] - line_offsets[:-1][safe]
                          if len(line_lengths) else answer_offsets[:-1], lengths))
    code = handed[0][gather]
    handed.clear()
    del gather
    owner = np.repeat(np.arange(items, dtype=np.int32), lengths)
    keep = code != EMPTIED
    if "distinct-answers" not in kept:
        keep &= ~_repeats_where(code, owner, keep)
    code, owner = code[keep], owner[keep]
    del keep
    lengths = np.bincount(owner, minlength=items)
    offsets = offsets_of(lengths)
    rank = (np.arange(len(code), dtype=np.int64) - np.repeat(offsets[:-1], lengths)).astype(
        np.int32)
    weight = _weights(entry_keys, code, owner)
    return _Answers(code, owner, rank, weight, lengths, offsets)


def _views(kind: str, kept: frozenset[str], answers: _Answers, mode: np.ndarray,
           deferred: tuple[Deferred, Deferred] | None) -> dict[str, ItemView]:
    """Each view's weights and mode hits; its answers and weights as tuples (``deferred``: every
    answer's and every weight's, made when asked for) when the per-item rows are wanted."""
    code, owner, rank, weight, lengths = (answers.code, answers.owner, answers.rank,
                                          answers.weight, answers.lengths)
    items = len(lengths)
    views: dict[str, ItemView] = {}
    for name, cut in view_cuts(kind, kept).items():
        if name == "ranking" and "oot" in views and view_cuts(kind, kept)["oot"] == cut:
            views[name] = views["oot"]  # the same answers: one view, as build_columns has it
            continue
        in_view = np.ones(len(code), dtype=bool) if cut is None else rank < cut
        view_lengths = lengths if cut is None else np.minimum(lengths, cut)
        view_offsets = offsets_of(view_lengths)
        view_code, view_weight, view_owner = code[in_view], weight[in_view], owner[in_view]
        if name == "best":
            first = view_lengths > 0
            hits = np.zeros(items, dtype=np.int64)
            hits[first] = view_code[view_offsets[:-1][first]] == mode[first]
        else:
            hits = np.bincount(view_owner[view_code == mode[view_owner]],
                               minlength=items).clip(max=1)
        tuples: tuple[Any, Any] = (None, None) if deferred is None else (
            Deferred(_cut_tuples(deferred[0], cut)), Deferred(_cut_tuples(deferred[1], cut)))
        views[name] = ItemView(
            Ragged(view_weight.astype(np.float64), view_offsets[:-1], view_lengths),
            *tuples, (hits & (mode >= 0)).astype(np.int64))
    return views


def _repeats_where(code: np.ndarray, owner: np.ndarray, considered: np.ndarray) -> np.ndarray:
    """Per position, whether an earlier considered position of the same owner has its code
    (positions not considered are never repeats and repeat nothing)."""
    positions = np.flatnonzero(considered)
    later = np.zeros(len(code), dtype=bool)
    later[positions] = _repeats(code[positions], owner[positions])
    return later


def _weights(entry_keys: tuple[np.ndarray, np.ndarray], code: np.ndarray,
             owner: np.ndarray) -> np.ndarray:
    """The gold count of each answer's spelling in its item, 0 where the item has none
    (``entry_keys``: the run's gold entries as ``_entry_keys`` gives them)."""
    keys, counts = entry_keys
    wanted = (owner.astype(np.int64) << _CODE_BITS) | code
    at = np.searchsorted(keys, wanted)
    at_valid = np.minimum(at, max(len(keys) - 1, 0))
    found = (at < len(keys)) & (keys[at_valid] == wanted) if len(keys) else np.zeros(
        len(wanted), dtype=bool)
    weight = np.zeros(len(code), dtype=np.int64)
    weight[found] = counts[at_valid[found]]
    return weight


def _ideal(gold: ColumnarGold, start: int, stop: int) -> Ragged:
    """Each of items ``start:stop``'s gold counts, highest first (GAP's ideal ranking)."""
    offsets = gold.offsets[start:stop + 1]
    lengths = np.diff(offsets)
    counts = gold.counts[offsets[0]:offsets[-1]]
    owner = np.repeat(np.arange(stop - start, dtype=np.int64), lengths)
    order = np.lexsort((-counts, owner))
    return Ragged(counts[order].astype(np.float64), offsets[:-1] - offsets[0], lengths)


class _TextOf:
    """Codes back to spellings: the gold's codes first, then the system's own."""

    def __init__(self, codes: TextCodes, extra: TextCodes) -> None:
        self.codes = codes
        self.extra = extra

    def texts(self, code: np.ndarray) -> list[str]:
        every = self.codes.texts + self.extra.texts
        return [every[value] for value in code.tolist()]


def _tuples(values: list[Any], offsets: np.ndarray) -> list[tuple[Any, ...]]:
    bounds = offsets.tolist()
    return [tuple(values[start:end]) for start, end in pairwise(bounds)]


def _shared(values: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Equal tuples made one object, as build_columns shares them (a league table keeps these
    columns for every system)."""
    shared: dict[tuple[int, ...], tuple[int, ...]] = {}
    share = shared.setdefault
    return [share(value, value) for value in values]


def _cut_tuples(every: Deferred, cut: int | None) -> Callable[[], list[tuple[Any, ...]]]:
    """A view's tuples: each item's whole tuple (the same object) where the cut leaves it
    whole, else its first ``cut`` values."""
    if cut is None:
        return every.make
    return lambda: [values if len(values) <= cut else values[:cut] for values in every.make()]


def _system_lines(lines: AnswerTable, row: np.ndarray) -> list[int | None]:
    numbers = lines.lines.tolist()
    return [numbers[r] or None if r >= 0 else None for r in row.tolist()]


def _system_lexelts(lines: AnswerTable, row: np.ndarray, differs: np.ndarray) -> list[str | None]:
    lexelts = lines.lexelts
    return [lexelts[r] if flag else None
            for r, flag in zip(row.tolist(), differs.tolist(), strict=True)]
