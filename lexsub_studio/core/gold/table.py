"""A gold as arrays: what gold assembly computes, written out without an object per entry.

Assembling the gold of 100,000 items yields about half a million entries. ``GoldTable`` keeps
them as sorted arrays; ``file_text`` writes the gold file from them in a handful of whole-array
operations, and ``items`` makes the GoldItem list for whoever needs objects (the GUI, scoring).
Both give exactly what ``format_gold_line`` and the gold reader agree on; a test holds them
together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from lexsub_studio.core.io.formats.itemline import check_writable_key
from lexsub_studio.core.model.data import GoldItem

#: Pieces per line outside its entries: lexelt, " ", id, " :: " and the line feed.
_LINE_PIECES = 5
#: Pieces per entry: the substitute and " count;".
_ENTRY_PIECES = 2
#: Lines made into text at once (``file_text``).
_LINES_AT_ONCE = 65_536


@dataclass(slots=True)
class GoldTable:
    """Entries sorted by item (in ``keys`` order), then in the gold's entry order.

    ``bounds[k]:bounds[k + 1]`` are item k's entries; an item without entries has no line.
    Each entry is a text (an index into ``texts``) and a frequency.
    """

    keys: Sequence[tuple[str, str]]
    texts: Sequence[str]
    bounds: np.ndarray
    text: np.ndarray
    freq: np.ndarray

    def __len__(self) -> int:
        """The number of lines (items with at least one entry)."""
        return int(np.count_nonzero(np.diff(self.bounds)))

    def items(self) -> list[GoldItem]:
        entries = list(zip(_objects(self.texts)[self.text].tolist(), self.freq.tolist(),
                           strict=True))
        bounds = self.bounds.tolist()
        return [GoldItem(lexelt, instance_id, entries[bounds[index]:bounds[index + 1]])
                for index, (lexelt, instance_id) in enumerate(self.keys)
                if bounds[index] < bounds[index + 1]]

    def file_text(self) -> str:
        """The gold file: one ``lexelt id :: sub freq;...`` line per item with entries, each
        ending in LF. ValueError, naming the item, for a key or substitute that cannot be
        written so that it reads back the same (as ``format_gold_line``)."""
        lines = np.flatnonzero(np.diff(self.bounds) > 0)
        if not len(lines):
            return ""
        keys = (self.keys if len(lines) == len(self.keys)
                else [self.keys[index] for index in lines.tolist()])
        lexelts = [lexelt for lexelt, _ in keys]
        ids = [instance_id for _, instance_id in keys]
        self._check_writable(lexelts, ids)
        texts = _objects(self.texts)
        freq_pieces = np.empty(int(self.freq.max()) + 1, dtype=object)
        # The counts present (non-negative integers); bincount, as np.unique imports numpy.ma.
        for value in np.flatnonzero(np.bincount(self.freq)).tolist():
            freq_pieces[value] = f" {value};"
        # Made a block of lines at a time: the pieces of a million lines at once (an object
        # and a list reference each, some 13 million of them) would double the memory the
        # gold of a million items needs.
        return "".join(
            self._lines_text(lines[start:start + _LINES_AT_ONCE],
                             lexelts[start:start + _LINES_AT_ONCE],
                             ids[start:start + _LINES_AT_ONCE], texts, freq_pieces)
            for start in range(0, len(lines), _LINES_AT_ONCE))

    def _lines_text(self, lines: np.ndarray, lexelts: list[str], ids: list[str],
                    texts: np.ndarray, freq_pieces: np.ndarray) -> str:
        """The text of ``lines`` (items with entries, ascending), in a handful of whole-array
        operations. Their entries are one run of the arrays: items without entries have none."""
        bounds = self.bounds
        starts, ends = bounds[lines], bounds[lines + 1]
        first, last = int(starts[0]), int(ends[-1])
        n_entries = last - first
        line_index = np.arange(len(lines), dtype=np.int64)
        pieces = np.empty(_LINE_PIECES * len(lines) + _ENTRY_PIECES * n_entries, dtype=object)
        # Line k begins after the k earlier lines' own pieces and their entries' pieces.
        entries_before = np.concatenate([[0], np.cumsum(ends - starts)[:-1]])
        line_start = _LINE_PIECES * line_index + _ENTRY_PIECES * entries_before
        pieces[line_start] = lexelts
        pieces[line_start + 1] = " "
        pieces[line_start + 2] = ids
        pieces[line_start + 3] = " :: "
        entry_line = np.repeat(line_index, ends - starts)
        entry_position = (line_start[entry_line] + 4
                          + _ENTRY_PIECES * (np.arange(n_entries) - entries_before[entry_line]))
        pieces[entry_position] = texts[self.text[first:last]]
        pieces[entry_position + 1] = freq_pieces[self.freq[first:last]]
        pieces[line_start + 4 + _ENTRY_PIECES * (ends - starts)] = "\n"
        return "".join(pieces.tolist())

    def _check_writable(self, lexelts: list[str], ids: list[str]) -> None:
        """The rules of ``format_gold_line``, checked once per distinct text and lexelt; ids
        are checked together and one by one only when that finds a problem."""
        freq_ok = self.freq.dtype.kind in "iu" and (not len(self.freq) or self.freq.min() > 0)
        if not freq_ok:
            raise ValueError("a gold count is not a positive integer")
        used, first_entry = np.unique(self.text, return_index=True)
        for text, entry in zip(used.tolist(), first_entry.tolist(), strict=True):
            substitute = self.texts[text]
            if (not substitute or substitute != substitute.strip() or ";" in substitute
                    or "\n" in substitute or "\r" in substitute):
                item = int(np.searchsorted(self.bounds, entry, side="right")) - 1
                lexelt, instance_id = self.keys[item]
                raise ValueError(f"{lexelt} {instance_id}: substitute {substitute!r} cannot "
                                 "be written (empty, surrounding spaces, ';' or a line break)")
        for lexelt, instance_id in dict(zip(lexelts, ids, strict=True)).items():
            check_writable_key(lexelt, instance_id)
        # Every id is plain when their concatenation has no whitespace, none is empty and none
        # starts with "::"; otherwise the careful check finds (and names) the one that is not.
        if "" in ids or len("".join(ids).split()) != 1 or "\0::" in f"\0{chr(0).join(ids)}":
            for lexelt, instance_id in zip(lexelts, ids, strict=True):
                check_writable_key(lexelt, instance_id)


def _objects(values: Sequence[str]) -> np.ndarray:
    """The strings as a numpy object array, to pick many of them by index at once."""
    objects = np.empty(len(values), dtype=object)
    objects[:] = list(values)
    return objects
