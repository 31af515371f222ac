"""Cells of a tab-separated file coded straight from its bytes.

A responses file of 100,000 rows has 1.1 million cells but only a few thousand distinct values.
Making a Python string of every cell is most of the cost of reading it, so a column is coded
here from its byte slices by whole-array operations, and a string is made only for each distinct
value. The codes are exact (no hashing that could confuse two values): a cell's bytes are cut into
8-byte words, each word column is coded as integers (core/model/factorize.py), and the codes
are combined word by word, so two cells share a code exactly when their bytes are equal.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lexsub_studio.core.model.factorize import HASH_FROM, factorize

_WORD = 8
#: Wider columns (comments, say) are cut in Python; padding them would cost more than it saves.
_WIDEST_PADDED = 64


@dataclass(slots=True)
class CodedCells:
    """``codes[k]`` is the position in ``values`` of cell k's text; values in order of first
    appearance."""

    codes: np.ndarray
    values: list[str]


def tab_separated_cells(data: bytes, first_line: int, width: int
                        ) -> tuple[np.ndarray, np.ndarray] | None:
    """Where each cell of the lines from ``first_line`` (0-based) on starts and ends, as two
    (rows, width) arrays of byte offsets; None when a line has another number of cells, or the
    file holds a carriage return or a NUL (cases the careful reader handles)."""
    if b"\r" in data or b"\0" in data:
        return None
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
    tabs = np.flatnonzero(buffer[body_start:] == ord("\t")) + body_start
    if len(tabs) != rows * (width - 1):
        return None
    tabs = tabs.reshape(rows, width - 1)
    # Every line's tabs must lie inside it: with the right total, a line with too few tabs
    # would push another line's tab into it.
    if not (np.all(tabs[:, 0] >= line_starts) and np.all(tabs[:, -1] < line_ends)):
        return None
    starts = np.empty((rows, width), dtype=np.int64)
    ends = np.empty((rows, width), dtype=np.int64)
    starts[:, 0] = line_starts
    starts[:, 1:] = tabs + 1
    ends[:, :-1] = tabs
    ends[:, -1] = line_ends
    return starts, ends


def code_cells(data: bytes, starts: np.ndarray, ends: np.ndarray,
               hash_from: int = HASH_FROM) -> CodedCells:
    """The cells ``data[starts[k]:ends[k]]`` coded in order of first appearance, each distinct
    value decoded as UTF-8 once (``hash_from`` as core/model/factorize.py's ``factorize``)."""
    count = len(starts)
    lengths = ends - starts
    widest = int(lengths.max()) if count else 0
    if widest == 0:
        return CodedCells(np.zeros(count, dtype=np.int64), [""] if count else [])
    if widest > _WIDEST_PADDED:
        slices = list(map(data.__getitem__, map(slice, starts.tolist(), ends.tolist())))
        distinct: dict[bytes, int] = {}
        codes = np.fromiter((distinct.setdefault(cell, len(distinct)) for cell in slices),
                            dtype=np.int64, count=count)
        return CodedCells(codes, [value.decode() for value in distinct])
    buffer = np.frombuffer(data, dtype=np.uint8)
    offsets = np.arange(_WORD, dtype=np.int64)
    codes = np.zeros(count, dtype=np.int64)
    # Word by word, so that no more than eight bytes a cell are spread out at a time.
    for word in range(-(-widest // _WORD)):
        at = starts[:, None] + (offsets + word * _WORD)
        word_bytes = buffer.take(at, mode="clip")
        word_bytes[at >= ends[:, None]] = 0
        word_codes, word_values = factorize(word_bytes.view(np.int64).reshape(count), hash_from)
        codes = word_codes if word == 0 else factorize(codes * len(word_values) + word_codes,
                                                       hash_from)[0]
    # The first row with each code: codes are numbered by first appearance, so the running
    # maximum rises exactly there.
    first = np.flatnonzero(np.concatenate([[True], np.diff(np.maximum.accumulate(codes)) > 0]))
    values = [data[start:end].decode()
              for start, end in zip(starts[first].tolist(), ends[first].tolist(), strict=True)]
    return CodedCells(codes, values)
