"""Cells of a tab-separated file coded straight from its bytes.

A responses file of 100,000 rows has 1.1 million cells but only a few thousand distinct values.
Making a Python string of every cell is most of the cost of reading it, so a column is coded
here from its byte slices by whole-array operations, and a string is made only for each distinct
value. The codes are exact (no hashing that could confuse two values): a cell's bytes are cut into
8-byte words, each word column is coded as integers (core/model/factorize.py), and the codes
are combined word by word, so two cells share a code exactly when their bytes are equal.

A small file (fewer than ``HASH_FROM`` cells) is cheaper the plain way: split at once into byte
strings (one C-level split) and coded by a dict, a lookup a cell, where the word-by-word codes
would sort every word column. Both ways give the same codes and values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

import numpy as np

from lexsub_studio.core.model.factorize import HASH_FROM, factorize
from lexsub_studio.core.model.first_seen import FirstSeenCodes

_WORD = 8
#: Wider columns (comments, say) are cut in Python; padding them would cost more than it saves.
_WIDEST_PADDED = 64


@dataclass(slots=True)
class CodedCells:
    """``codes[k]`` is the position in ``values`` of cell k's text; values in order of first
    appearance."""

    codes: np.ndarray
    #: The distinct cells: texts, or the flags and numbers read from them.
    values: list[Any]


def tab_separated_cells(data: bytes, first_line: int, width: int
                        ) -> tuple[np.ndarray, np.ndarray] | None:
    """Where each cell of the lines from ``first_line`` (0-based) on starts and ends, as two
    (rows, width) arrays of byte offsets (int32 below 2 GiB); None when a line has another
    number of cells, or the file holds a carriage return or a NUL (cases the careful reader
    handles)."""
    lines = tab_separated_lines(data, first_line, width)
    if lines is None or not lines.shaped.all():
        return None
    return lines.starts, lines.ends


@dataclass(slots=True)
class TabSeparatedLines:
    """The lines from some line on: ``line_starts``/``line_ends`` (byte offsets, the line
    break excluded) of every line, ``shaped`` which of them have exactly the expected number
    of cells and hold neither a carriage return nor a NUL, and where the cells of those lines
    start and end (``starts``/``ends``, one row a shaped line, in order)."""

    line_starts: np.ndarray
    line_ends: np.ndarray
    shaped: np.ndarray
    starts: np.ndarray
    ends: np.ndarray


def tab_separated_lines(data: bytes, first_line: int, width: int) -> TabSeparatedLines | None:
    """The lines from ``first_line`` (0-based) on, and the cells of those with ``width``
    cells and no carriage return or NUL (the others are for the careful reader); None when
    there is no such line at all."""
    buffer = np.frombuffer(data, dtype=np.uint8)
    line_ends = np.flatnonzero(buffer == ord("\n"))
    if not data.endswith(b"\n"):
        line_ends = np.append(line_ends, len(data))
    line_starts = np.concatenate([[0], line_ends[:-1] + 1])
    line_starts, line_ends = line_starts[first_line:], line_ends[first_line:]
    rows = len(line_starts)
    if not rows:
        return None
    body_start = int(line_starts[0])
    # Four-byte offsets when they fit: a file of a million rows has eleven million cells, and
    # two arrays of eight-byte offsets were the largest part of the memory reading it takes.
    offset_type = np.int32 if len(data) < 2**31 - 2**10 else np.int64
    tabs: np.ndarray = np.flatnonzero(buffer[body_start:] == ord("\t")).astype(offset_type)
    tabs += body_start
    odd_bytes = b"\r" in data or b"\0" in data
    # The usual file, told in two comparisons: the right number of tabs, and every line's first
    # and last tab inside it (with the right total, a line with too few tabs would push another
    # line's tab into it).
    usual = not odd_bytes and len(tabs) == rows * (width - 1)
    if usual:
        tabs = tabs.reshape(rows, width - 1)
        usual = bool(np.all(tabs[:, 0] >= line_starts) and np.all(tabs[:, -1] < line_ends))
    if usual:
        shaped = np.ones(rows, dtype=bool)
    else:
        tabs = tabs.ravel()
        # The line of each tab: the first line ending at or after it.
        owners = np.searchsorted(line_ends, tabs)
        shaped = np.bincount(owners, minlength=rows) == width - 1
        if odd_bytes:
            body = buffer[body_start:]
            odd_at = np.flatnonzero((body == ord("\r")) | (body == 0)) + body_start
            shaped[np.searchsorted(line_ends, odd_at)] = False
        if not shaped.any():
            return None
        tabs = tabs[shaped[owners]].reshape(-1, width - 1)
    shaped_starts, shaped_ends = line_starts[shaped], line_ends[shaped]
    starts = np.empty((len(shaped_starts), width), dtype=offset_type)
    ends = np.empty((len(shaped_starts), width), dtype=offset_type)
    starts[:, 0] = shaped_starts
    starts[:, 1:] = tabs + 1
    ends[:, :-1] = tabs
    ends[:, -1] = shaped_ends
    return TabSeparatedLines(line_starts, line_ends, shaped, starts, ends)


def code_cells(data: bytes, starts: np.ndarray, ends: np.ndarray,
               hash_from: int = HASH_FROM, words: np.ndarray | None = None) -> CodedCells:
    """The cells ``data[starts[k]:ends[k]]`` coded in order of first appearance, each distinct
    value decoded as UTF-8 once (``hash_from`` as core/model/factorize.py's ``factorize``).
    ``words``: ``word_view(data)``, for a caller that codes several columns of one file."""
    count = len(starts)
    lengths = ends - starts
    widest = int(lengths.max()) if count else 0
    if widest == 0:
        return CodedCells(np.zeros(count, dtype=np.int64), [""] if count else [])
    if widest > _WIDEST_PADDED:
        return code_byte_strings(
            list(map(data.__getitem__, map(slice, starts.tolist(), ends.tolist()))))
    if words is None:
        words = word_view(data)
    codes = factorize(_cell_words(words, starts, lengths, 0), hash_from)[0]
    for word in range(1, -(-widest // _WORD)):
        # A cell of at most 8 * word bytes is told apart from every other by now: only the
        # longer ones are read on, and given codes above all codes so far (they are longer
        # than any cell that keeps its code, so equal to none of them).
        longer = np.flatnonzero(lengths > word * _WORD)
        word_codes, word_values = factorize(
            _cell_words(words, starts[longer], lengths[longer], word), hash_from)
        pair_codes = factorize(codes[longer] * len(word_values) + word_codes, hash_from)[0]
        codes[longer] = pair_codes + (int(codes.max()) + 1)
    if widest > _WORD:
        codes = factorize(codes, hash_from)[0]  # numbered again by first appearance
    # The first row with each code: codes are numbered by first appearance, so the running
    # maximum rises exactly there.
    first = np.flatnonzero(np.concatenate([[True], np.diff(np.maximum.accumulate(codes)) > 0]))
    values = [data[start:end].decode()
              for start, end in zip(starts[first].tolist(), ends[first].tolist(), strict=True)]
    return CodedCells(codes, values)


#: The bytes of a word that lie in a cell ``k`` bytes long (k = 0..8): its ``k`` low bytes.
_KEEP_LOW_BYTES = np.array([(1 << (8 * kept)) - 1 for kept in range(_WORD + 1)],
                           dtype=np.uint64)


def word_view(data: bytes) -> np.ndarray:
    """Element ``k`` is the little-endian 64-bit word of ``data[k:k + 8]`` (zero bytes past
    the end), for every ``k`` from 0 to ``len(data)``: overlapping, unaligned views of one
    padded copy, so that a cell's word is one gathered element, not eight gathered bytes."""
    padded = data + bytes(_WORD)
    return np.ndarray(shape=(len(data) + 1,), dtype="<u8", buffer=padded, strides=(1,))


def _cell_words(words: np.ndarray, starts: np.ndarray, lengths: np.ndarray,
                word: int) -> np.ndarray:
    """Each cell's ``word``-th eight bytes as an integer, the bytes past its end zero."""
    offset = word * _WORD
    # A cell shorter than the offset reads a word it then clears entirely: any word will do.
    at = np.minimum(starts + offset, len(words) - 1)
    values = words[at]
    values &= _KEEP_LOW_BYTES[np.clip(lengths - offset, 0, _WORD)]
    return values.view(np.int64)


def code_byte_strings(cells: Sequence[bytes]) -> CodedCells:
    """Byte strings coded in order of first appearance by a dict, each distinct value decoded
    as UTF-8 once: what ``code_cells`` gives for the same cells."""
    index: FirstSeenCodes[bytes] = FirstSeenCodes()
    codes = np.fromiter(map(index.__getitem__, cells), dtype=np.int64, count=len(cells))
    return CodedCells(codes, [value.decode() for value in index])


class FileCells:
    """The cells ``tab_separated_cells`` found in ``data``, coded column by column (``code``).
    A file of fewer than ``HASH_FROM`` cells is split into byte strings once and coded by a
    dict; a larger one word by word from its bytes, hashed with pandas (whose import all its
    columns then share)."""

    __slots__ = ("_by_column", "_data", "_ends", "_starts", "_words")

    def __init__(self, data: bytes, starts: np.ndarray, ends: np.ndarray) -> None:
        self._data, self._starts, self._ends = data, starts, ends
        self._by_column: list[list[bytes]] | None = None
        self._words: np.ndarray | None = None
        if starts.size < HASH_FROM:
            self._by_column = _split_by_column(data, starts, ends)
        else:
            self._words = word_view(data)

    def code(self, columns: Sequence[int]) -> CodedCells:
        """The cells of ``columns`` row by row (a row's cells in the order given), coded."""
        if self._by_column is not None:
            if len(columns) == 1:
                return code_byte_strings(self._by_column[columns[0]])
            return code_byte_strings(list(chain.from_iterable(
                zip(*(self._by_column[column] for column in columns), strict=True))))
        chosen = list(columns)
        return code_cells(self._data, self._starts[:, chosen].ravel(),
                          self._ends[:, chosen].ravel(), 0, self._words)


def _split_by_column(data: bytes, starts: np.ndarray, ends: np.ndarray) -> list[list[bytes]]:
    """Every cell as a byte string, a list per column. The rows' lines were checked to have the
    same number of cells (and no carriage return), so one split at their tabs and line breaks
    cuts them all, row by row: of the body when they are all its lines, else of their spans."""
    rows, width = starts.shape
    if not rows:
        return [[] for _ in range(width)]
    if np.all(ends[:-1, -1] + 1 == starts[1:, 0]) and int(ends[-1, -1]) >= len(data) - 1:
        body = data[int(starts[0, 0]):]
    else:  # some lines between or after them are not among the rows: the rows' spans alone
        body = b"\n".join(map(data.__getitem__,
                               map(slice, starts[:, 0].tolist(), ends[:, -1].tolist())))
    cells = body.replace(b"\n", b"\t").split(b"\t")
    return [cells[column:rows * width:width] for column in range(width)]
