"""The annotator responses file: what an annotator hands to the organiser.

UTF-8, tab-separated. The first line is ``# lexsub-responses 1`` (the format version), the second
the header row with exactly the columns of RESPONSES_COLUMNS, then one row per (annotator,
instance). ``nil`` and ``proper_name`` are 0 or 1; ``seconds`` (time spent) may be empty.
A row with an error is reported and not used; everything else is kept. A cell holding NUL
(U+0000) or a lone surrogate half is such an error, reported at its line and column: no campaign
server could store the row. The writer
(``write_responses``, ``format_responses``) is core/io/formats/responses_writer.py's, named here
too.
"""

from __future__ import annotations

import math
import operator
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, repeat
from pathlib import Path
from typing import Any

import numpy as np

from lexsub_studio.core.io.formats.byte_cells import CodedCells, FileCells, tab_separated_lines
from lexsub_studio.core.io.formats.itemline import key_problem
from lexsub_studio.core.io.formats.line_reader import LineStats
from lexsub_studio.core.io.formats.responses_writer import (
    FORMAT_NAME,
    FORMAT_VERSION,
    RESPONSES_COLUMNS,
    RESPONSES_MAGIC,
    SUBSTITUTE_COLUMNS,
    format_responses,
    format_responses_row,
    write_responses,
)
from lexsub_studio.core.io.formats.textfile import (
    UTF8_BOM,
    decode_utf8,
    line_texts,
    read_input_bytes,
)
from lexsub_studio.core.model.data import CodedColumn, ResponseColumns, ResponseRow
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError
from lexsub_studio.core.model.factorize import factorize
from lexsub_studio.core.model.first_seen import FirstSeenCodes

__all__ = [
    "FORMAT_NAME", "FORMAT_VERSION", "RESPONSES_COLUMNS", "RESPONSES_MAGIC", "ResponsesReadResult",
    "ResponsesStats", "format_responses", "format_responses_row", "parse_responses_text",
    "read_responses", "read_responses_bytes", "write_responses",
]

_SUBSTITUTE_COLUMNS = SUBSTITUTE_COLUMNS
_COLUMN_COUNT = len(RESPONSES_COLUMNS)
_FLAGS = ("0", "1")
_intern = sys.intern
_MAGIC_LINE = re.compile(rf"#\s*{FORMAT_NAME}\s+(\S+)\s*")
_PLAIN_DECIMAL = r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_PLAIN_SECONDS = re.compile(_PLAIN_DECIMAL)
_SECONDS = re.compile(rf"{_PLAIN_DECIMAL}(?:[eE][+-]?[0-9]+)?")
_DIGITS_AND_DOTS = re.compile(r"[0-9.\n]*")
#: A plain decimal this long may overflow to infinity; such a cell takes the careful path.
_LONGEST_FINITE = 300
#: In a joined column of digits, dots and line breaks: a cell with two dots, a cell too long.
_TWO_DOTS = re.compile(r"\.[0-9]*\.")
_TOO_LONG = re.compile(rf"[0-9.]{{{_LONGEST_FINITE}}}")
_FLAG_SET = frozenset(_FLAGS)
#: What no cell may hold: NUL (PostgreSQL's text, and so a campaign server, cannot store it; C
#: programs end a string there) and lone surrogate halves (not characters: a text made in
#: memory may hold one, UTF-8 cannot encode it).
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


@dataclass(slots=True)
class ResponsesStats(LineStats):
    """The counts of a responses file (``lines``, ``blank_lines`` and these)."""

    rows: int = 0
    ignored_rows: int = 0
    duplicate_rows: int = 0
    flagged_with_substitutes: int = 0


class ResponsesReadResult:
    """What a responses file held: its rows (as columns; ``rows`` makes ResponseRow objects of
    them on first use), the problems found and the counts."""

    __slots__ = ("_rows", "columns", "diagnostics", "path", "stats", "version")

    def __init__(self, columns: ResponseColumns, diagnostics: Diagnostics,
                 stats: ResponsesStats | None = None, version: int = FORMAT_VERSION,
                 path: str = "<input>") -> None:
        self.columns = columns
        self.diagnostics = diagnostics
        self.stats = stats if stats is not None else ResponsesStats()
        self.version = version
        self.path = path
        self._rows: list[ResponseRow] | None = None

    @property
    def rows(self) -> list[ResponseRow]:
        if self._rows is None:
            self._rows = self.columns.rows()
        return self._rows


def read_responses(path: str | Path) -> ResponsesReadResult:
    """Read a responses file; raise InputError when the magic line or the header is wrong."""
    return read_responses_bytes(read_input_bytes(path), str(path))


def read_responses_bytes(data: bytes, path: str = "<input>") -> ResponsesReadResult:
    """``parse_responses_text`` of the bytes decoded as UTF-8. The usual file is coded from
    the bytes themselves: its decoded text (as large again as the file, and a million rows
    make a file of some 60 MB) is made to check the encoding and the first two lines, then
    dropped, and made again only for a file the line reader must read."""
    text = decode_utf8(data, path, nul_per_cell=True)
    if data.startswith(UTF8_BOM):
        return _parse_responses_text(text, path)
    first_end = text.find("\n")
    second_end = text.find("\n", first_end + 1) if first_end >= 0 else -1
    if second_end < 0:
        return _parse_responses_text(text, path)
    version = _check_magic(text[:first_end].removesuffix("\r"), path)
    _check_header(text[first_end + 1:second_end].removesuffix("\r"), path)
    del text
    coded = _read_coded_bytes(data, path, version)
    if coded is not None:
        return coded
    return _read_by_lines(data.decode("utf-8"), path)


def parse_responses_text(text: str, path: str = "<input>") -> ResponsesReadResult:
    """Read a responses text; raise InputError when the magic line or the header is wrong."""
    return _parse_responses_text(text, path)


def _parse_responses_text(text: str, path: str) -> ResponsesReadResult:
    text = text.removeprefix("\ufeff")
    head = text.split("\n", 2)
    if len(head) == 3:
        # Checked first, so that a wrong file reports as before whichever path reads it.
        version = _check_magic(head[0].removesuffix("\r"), path)
        _check_header(head[1].removesuffix("\r"), path)
        coded = _read_coded(text, path, version)
        if coded is not None:
            return coded
    return _read_by_lines(text, path)


def _has_repeats(values: np.ndarray) -> bool:
    """Whether any value appears more than once. Sorted and its neighbours compared: about
    thirty times faster than counting ``np.unique``'s hashed values here, and without its
    question whether the array is masked, which imports numpy.ma (some 6 ms of every run)."""
    ordered = np.sort(values)
    return bool((ordered[1:] == ordered[:-1]).any())


def _read_coded(text: str, path: str, version: int) -> ResponsesReadResult | None:
    """A file read from its bytes: each column coded by whole-array operations and a string
    made only for each distinct value (the rows share them). The few rows with anything to
    report (a blank line, a row of another shape, a carriage return or a NUL, an empty or
    unwritable key, an odd flag or duration, a flagged row with substitutes, a substitute given
    twice) are found by the same operations and read by the line reader, which reports them;
    the rows are then merged in line order. None for a text no line of which is usual, or one
    that cannot be encoded: the line reader reads it all."""
    try:
        data = text.encode()
    except UnicodeEncodeError:  # a lone surrogate, from a text made in memory
        return None
    return _read_coded_bytes(data, path, version)


def _read_coded_bytes(data: bytes, path: str, version: int) -> ResponsesReadResult | None:
    """``_read_coded`` of a text's UTF-8 bytes (without a byte order mark)."""
    lines = tab_separated_lines(data, _FIRST_ROW_LINE - 1, _COLUMN_COUNT)
    if lines is None:
        return None
    starts, ends = lines.starts, lines.ends
    count = len(starts)
    position = {name: index for index, name in enumerate(RESPONSES_COLUMNS)}
    file_cells = FileCells(data, starts, ends)

    def coded(name: str, strip: bool = True) -> CodedCells:
        result = file_cells.code([position[name]])
        return _stripped(result) if strip else result

    keys = [coded(name) for name in ("lexelt", "id", "annotator")]
    needs_care = np.zeros(count, dtype=bool)
    for key in keys:
        if "" in key.values:
            needs_care |= key.codes == key.values.index("")
    if _has_unwritable_key(keys[0].values, keys[1].values):
        needs_care |= _unwritable_keys(keys[0], keys[1])
    flags = []
    for name in ("nil", "proper_name"):
        column = position[name]
        first_bytes = np.frombuffer(data, dtype=np.uint8)[starts[:, column]]
        needs_care |= ~((ends[:, column] - starts[:, column] == 1)
                        & ((first_bytes == ord("0")) | (first_bytes == ord("1"))))
        flags.append(first_bytes == ord("1"))
    nil, proper_name = flags
    substitute_columns = [position[name] for name in _SUBSTITUTE_COLUMNS]
    substitutes = _stripped(file_cells.code(substitute_columns))
    substitute_codes = substitutes.codes.reshape(count, len(substitute_columns))
    empty = substitutes.values.index("") if "" in substitutes.values else -1
    filled = substitute_codes != empty
    needs_care |= (nil & proper_name) | ((nil | proper_name) & filled.any(axis=1))
    for first, second in ((0, 1), (0, 2), (1, 2)):
        needs_care |= (substitute_codes[:, first] == substitute_codes[:, second]) \
            & filled[:, first]
    seconds = coded("seconds", strip=False)
    seconds_values, odd_seconds = _seconds_column(seconds.values)
    if odd_seconds:
        needs_care |= np.isin(seconds.codes, odd_seconds)
    numbers = np.flatnonzero(lines.shaped) + _FIRST_ROW_LINE
    parts = {
        "lexelt": keys[0], "id": keys[1], "annotator": keys[2],
        "multiword": coded("multiword"),
        "nil": CodedCells(nil.astype(np.int8), [False, True]),
        "proper_name": CodedCells(proper_name.astype(np.int8), [False, True]),
        "comment": coded("comment", strip=False),
        "seconds": CodedCells(seconds.codes, seconds_values),
    }
    substitute_cells = CodedCells(substitute_codes, substitutes.values)
    diagnostics = Diagnostics(path)
    stats = ResponsesStats(lines=len(lines.shaped) + _FIRST_ROW_LINE - 1)
    if needs_care.any() or not lines.shaped.all():
        # The usual rows stay coded; the others are read by the line reader and merged in.
        keep = ~needs_care
        parts = {name: _kept_cells(cells, keep) for name, cells in parts.items()}
        substitute_cells = _kept_cells(substitute_cells, keep)
        numbers = numbers[keep]
        odd_lines = np.ones(len(lines.shaped), dtype=bool)
        odd_lines[np.flatnonzero(lines.shaped)[keep]] = False
        odd_at = np.flatnonzero(odd_lines)
        texts = [_line_text(data, start, end) for start, end in zip(
            lines.line_starts[odd_at].tolist(), lines.line_ends[odd_at].tolist(), strict=True)]
        odd = _read_lines(texts, (odd_at + _FIRST_ROW_LINE).tolist(), "\n".join(texts),
                          diagnostics, stats)
        parts, substitute_cells, numbers = _merge_coded(parts, substitute_cells, numbers, odd)
    # Interned: ten annotators' files share most substitutes.
    vocabulary = list(map(_intern, substitute_cells.values))
    substitute_codes = substitute_cells.codes.astype(np.int32)
    # Columns of codes, not lists: a list holds an eight-byte reference a row, and ten files
    # of 100,000 rows held that way were most of the memory pooling them needs.
    columns = ResponseColumns(
        **{name: _column(parts[name], intern=True) for name in ("lexelt", "id", "annotator")},
        substitutes=[CodedColumn(substitute_codes[:, index], vocabulary)
                     for index in range(len(substitute_columns))],
        **{name: CodedColumn(parts[name].codes.astype(np.int8), parts[name].values)
           if name in ("nil", "proper_name") else _column(parts[name])
           for name in ("multiword", "nil", "proper_name", "comment", "seconds")},
        line=_line_numbers(numbers),
        substitute_codes=substitute_codes, substitute_vocabulary=vocabulary)
    columns = _drop_duplicate_rows(columns, diagnostics, stats)
    stats.rows = len(columns)
    return ResponsesReadResult(columns, diagnostics, stats, version, path)


def _unwritable_keys(lexelt: CodedCells, item_id: CodedCells) -> np.ndarray:
    """The rows whose (non-empty) key key_problem refuses, asked once a distinct pair."""
    pairs, first = factorize(lexelt.codes * len(item_id.values) + item_id.codes)
    refused = np.fromiter(
        ((bool(lexelt_text) and bool(id_text) and key_problem(lexelt_text, id_text) is not None)
         for lexelt_text, id_text in zip(
             map(lexelt.values.__getitem__, (first // len(item_id.values)).tolist()),
             map(item_id.values.__getitem__, (first % len(item_id.values)).tolist()),
             strict=True)),
        dtype=bool, count=len(first))
    return refused[pairs]


def _kept_cells(cells: CodedCells, keep: np.ndarray) -> CodedCells:
    """The cells of the rows where ``keep`` is true (their values kept as they are)."""
    return CodedCells(cells.codes[keep], cells.values)


def _line_text(data: bytes, start: int, end: int) -> str:
    """A line as line_texts cuts it: a carriage return before its line break dropped."""
    text = data[start:end].decode()
    return text[:-1] if text.endswith("\r") else text


def _merge_coded(parts: dict[str, CodedCells], substitutes: CodedCells, numbers: np.ndarray,
                 odd: ResponseColumns) -> tuple[dict[str, CodedCells], CodedCells, np.ndarray]:
    """The coded rows and the line reader's rows as one set of coded columns, in line order:
    the few odd rows' values coded into each column's values (a new value added at its end),
    the substitutes coded again by first appearance, as in a file without odd rows (pooling
    numbers an item's substitutes in that order)."""
    all_numbers = np.concatenate([numbers, np.asarray(odd.line, dtype=np.int64)])
    order = np.argsort(all_numbers, kind="stable")

    def merged(cells: CodedCells, values: list[Any]) -> CodedCells:
        extended = list(cells.values)
        # The first position of each value (a column of seconds may hold infinity twice, for
        # two odd cells), in one dict made at C speed: the odd rows are few, the values many
        # (an id column holds one a row).
        position = dict(zip(reversed(extended), range(len(extended) - 1, -1, -1), strict=True))

        def code_of(value: Any) -> int:
            code = position.get(value)
            if code is None:
                code = position[value] = len(extended)
                extended.append(value)
            return code

        added = np.fromiter(map(code_of, values), dtype=np.int64, count=len(values))
        codes = np.concatenate([cells.codes, added.reshape(-1, *cells.codes.shape[1:])])
        return CodedCells(codes[order], extended)

    width = substitutes.codes.shape[1]
    odd_substitutes = [*odd.substitutes, *[[""] * len(odd)] * (width - len(odd.substitutes))]
    coded_substitutes = merged(substitutes, list(chain.from_iterable(
        zip(*odd_substitutes, strict=True))))
    renumbered, uniques = factorize(coded_substitutes.codes.ravel())
    coded_substitutes = CodedCells(
        renumbered.reshape(coded_substitutes.codes.shape),
        list(map(coded_substitutes.values.__getitem__, uniques.tolist())))
    return ({name: merged(cells, list(getattr(odd, name))) for name, cells in parts.items()},
            coded_substitutes, all_numbers[order])


def _line_numbers(numbers: np.ndarray) -> Sequence[int]:
    """The rows' line numbers: a range when they are consecutive (a million int objects
    otherwise), else the numbers as codes into the range of line numbers itself."""
    if not len(numbers):
        return range(0)
    first, last = int(numbers[0]), int(numbers[-1])
    if last - first + 1 == len(numbers):
        return range(first, last + 1)
    return CodedColumn(numbers.astype(np.int32), range(last + 1))


def _has_unwritable_key(lexelts: list[str], ids: list[str]) -> bool:
    """Whether some (trimmed, non-empty) lexelt or id may be one key_problem refuses: an id
    with white space or starting with '::', a lexelt with '::' or a carriage return. Checked
    on the joined cells, in a few C calls, as every row of a clean file passes."""
    return bool(ids) and (len("".join(ids).split()) != 1
                          or "\0::" in f"\0{chr(0).join(ids)}"
                          or any("::" in value or "\r" in value for value in lexelts))


def _stripped(cells: CodedCells) -> CodedCells:
    """The cells with surrounding white space removed, values that become equal sharing a
    code (still in order of first appearance)."""
    stripped = [value.strip() for value in cells.values]
    if stripped == cells.values:
        return cells
    recoding: FirstSeenCodes[str] = FirstSeenCodes()
    new_codes = np.fromiter(map(recoding.__getitem__, stripped), dtype=np.int64,
                            count=len(stripped))
    return CodedCells(new_codes[cells.codes], list(recoding))


def _column(cells: CodedCells, intern: bool = False) -> CodedColumn:
    """The cells as a column of four-byte codes, rows with equal text sharing one object."""
    values = list(map(_intern, cells.values)) if intern else cells.values
    return CodedColumn(cells.codes.astype(np.int32), values)


def _flag_column(flags: np.ndarray) -> CodedColumn:
    return CodedColumn(flags.astype(np.int8), [False, True])


def _read_by_lines(text: str, path: str) -> ResponsesReadResult:
    texts = line_texts(text)
    version = _check_magic(texts[0] if texts else "", path)
    if len(texts) < 2:
        raise InputError.at(path, "missing-header",
                            "the header row is missing after the first line", 2)
    _check_header(texts[1], path)
    diagnostics = Diagnostics(path)
    stats = ResponsesStats(lines=len(texts))
    body = texts[_FIRST_ROW_LINE - 1:]
    columns = _read_lines(body, range(_FIRST_ROW_LINE, _FIRST_ROW_LINE + len(body)), text,
                          diagnostics, stats)
    columns = _drop_duplicate_rows(columns, diagnostics, stats)
    stats.rows = len(columns)
    return ResponsesReadResult(columns, diagnostics, stats, version, path)


def _read_lines(body: list[str], numbers: Sequence[int], searched: str,
                diagnostics: Diagnostics, stats: ResponsesStats) -> ResponseColumns:
    """The rows of the lines ``body`` (``numbers``: their line numbers, ascending), in line
    order, repeated rows not yet dropped. ``searched``: a text holding every line of ``body``,
    searched once for what no cell may hold."""
    # The whole of a file that cannot be coded from its bytes comes here, and the odd lines of
    # one that can. A million rows is a realistic collection, and one odd row must not make
    # the other 999,999 slow: every row with eleven cells is split in one go and checked with
    # whole-column operations; only the rows with something to report (and lines of another
    # shape) are read one by one, by the careful reader that knows every message. Both are
    # kept: the careful reader alone takes 8.75 times the CPU on 200,000 rows
    # (benchmarks/bench_parser_paths.py, 2 December 2026); tests/test_reader_fast_paths.py
    # holds the two to the same rows and messages.
    shaped = np.fromiter(map(str.count, body, repeat("\t")), dtype=np.int64,
                         count=len(body)) == _COLUMN_COUNT - 1
    if _UNSTORABLE.search(searched):
        # Rare: only then is each line searched, and the lines holding one read carefully.
        shaped &= ~np.fromiter((_UNSTORABLE.search(line) is not None for line in body),
                               dtype=bool, count=len(body))
    shaped_at = np.flatnonzero(shaped)
    line_numbers = np.asarray(numbers, dtype=np.int64)
    quick = _split_columns(body if len(shaped_at) == len(body)
                           else [body[index] for index in shaped_at.tolist()],
                           line_numbers[shaped_at].tolist())
    careful_at = np.concatenate([np.flatnonzero(~shaped), shaped_at[quick.needs_care]])
    careful_at.sort()
    careful = ResponseColumns.from_rows(_read_carefully(
        body, line_numbers.tolist(), careful_at.tolist(), diagnostics, stats))
    columns = quick.columns
    if len(careful):
        columns = _merge_by_line(columns, careful)
    return columns


#: The first row is on line 3, after the magic line and the header.
_FIRST_ROW_LINE = 3


@dataclass(slots=True)
class _QuickColumns:
    """The well-shaped rows split into columns, and which of them the careful reader must see."""

    columns: ResponseColumns
    needs_care: np.ndarray


def _split_columns(lines: list[str], numbers: list[int]) -> _QuickColumns:
    """Columns of lines that have exactly eleven cells (``numbers``: their line numbers). A row
    goes to the careful reader when it has anything to report: an empty key cell, a flag other
    than 0 or 1, seconds that are not a plain decimal, substitutes on a flagged row, a
    substitute given twice, both flags."""
    count = len(lines)
    if not count:
        return _QuickColumns(ResponseColumns(substitutes=[[], [], []]),
                             np.zeros(0, dtype=bool))
    cells = "\t".join(lines).split("\t")
    raw = [cells[position::_COLUMN_COUNT] for position in range(_COLUMN_COUNT)]
    del cells
    # Interned: the same lexelts, ids and names recur on thousands of rows and across files;
    # pooling hashes and compares them, and each is then stored once.
    lexelt, item_id, annotator = (list(map(_intern, map(str.strip, column)))
                                  for column in raw[:3])
    # Substitutes are coded row by row in order of first appearance (which pooling uses in
    # place of hashing every cell again) and each stored once, as the file's vocabulary.
    vocabulary_codes: FirstSeenCodes[str] = FirstSeenCodes()
    substitute_codes = np.fromiter(
        map(vocabulary_codes.__getitem__,
            chain.from_iterable(zip(*(map(str.strip, column) for column in raw[3:6]),
                                    strict=True))),
        dtype=np.int64, count=3 * count).reshape(count, 3)
    vocabulary = list(vocabulary_codes)
    vocabulary_objects = np.empty(len(vocabulary), dtype=object)
    vocabulary_objects[:] = vocabulary
    sub1, sub2, sub3 = (vocabulary_objects[substitute_codes[:, position]].tolist()
                        for position in range(3))
    multiword = list(map(str.strip, raw[6]))
    nil_cells, proper_name_cells, comment, seconds_cells = raw[7:]
    needs_care = np.zeros(count, dtype=bool)
    for column in (lexelt, item_id, annotator):
        if "" in column:
            needs_care |= _flags(map(operator.not_, column), count)
    if _has_unwritable_key(lexelt, item_id):
        needs_care |= _flags((key_problem(*key) is not None
                              for key in zip(lexelt, item_id, strict=True)), count)
    nil = _flags(map("1".__eq__, nil_cells), count)
    proper_name = _flags(map("1".__eq__, proper_name_cells), count)
    for column in (nil_cells, proper_name_cells):
        if not set(column) <= _FLAG_SET:
            needs_care |= ~_flags(map(_FLAG_SET.__contains__, column), count)
    needs_care |= nil & proper_name
    empty = vocabulary_codes.get("", -1)
    filled = substitute_codes != empty
    needs_care |= (nil | proper_name) & filled.any(axis=1)
    for first, second in ((0, 1), (0, 2), (1, 2)):
        needs_care |= (substitute_codes[:, first] == substitute_codes[:, second]) \
            & filled[:, first]
    seconds, odd_seconds = _seconds_column(seconds_cells)
    needs_care[odd_seconds] = True
    columns = ResponseColumns(lexelt, item_id, annotator, [sub1, sub2, sub3], multiword,
                              nil.tolist(), proper_name.tolist(), comment, seconds, numbers,
                              substitute_codes=substitute_codes,
                              substitute_vocabulary=vocabulary)
    if needs_care.any():
        keep = ~needs_care
        columns = _select(columns, keep)
    return _QuickColumns(columns, needs_care)


def _flags(values: Iterable[object], count: int) -> np.ndarray:
    return np.fromiter(values, dtype=bool, count=count)


def _seconds_column(cells: list[str]) -> tuple[list[float | None], list[int]]:
    """The seconds as numbers, and the rows whose cell is not a plain decimal ("12", "12.5",
    ".5"): exponents, spaces and anything odd take the careful path, which knows every accepted
    spelling. The usual column is recognised at once: only digits and dots, at most one dot a
    cell, no cell that is a lone dot, none long enough to overflow."""
    joined = "\n".join(cells)
    # Searches of the joined column, not a pass over a hundred thousand cell objects each.
    if (_DIGITS_AND_DOTS.fullmatch(joined) and not _TWO_DOTS.search(joined)
            and not _TOO_LONG.search(joined) and "\n.\n" not in f"\n{joined}\n"):
        if "" not in cells:
            return list(map(float, cells)), []
        return [float(cell) if cell else None for cell in cells], []
    values: list[float | None] = []
    odd: list[int] = []
    for row, cell in enumerate(cells):
        if not cell:
            values.append(None)
            continue
        value = float(cell) if _PLAIN_SECONDS.fullmatch(cell) else math.inf
        if value == math.inf:
            odd.append(row)
        values.append(value)
    return values, odd


def _select(columns: ResponseColumns, keep: np.ndarray) -> ResponseColumns:
    """The rows where ``keep`` is true."""
    return _take([columns], np.flatnonzero(keep))


def _take(parts: list[ResponseColumns], order: np.ndarray) -> ResponseColumns:
    """The rows of ``parts`` (one after the other) at the positions ``order``. The parts have
    the same number of substitute columns, and coded substitutes in the same vocabulary or
    none."""

    def take(columns: list[Any]) -> Any:
        if len(columns) == 1 and isinstance(columns[0], CodedColumn | range):
            # A coded file's column stays coded (its line numbers a range or coded too).
            only = columns[0]
            if isinstance(only, range):
                return _line_numbers(np.arange(only.start, only.stop)[order])
            return CodedColumn(only.codes[order], only.values)
        values = np.empty(sum(map(len, columns)), dtype=object)
        start = 0
        for column in columns:
            values[start:start + len(column)] = column
            start += len(column)
        return values[order].tolist()

    first = parts[0]
    codes = [part.substitute_codes for part in parts]
    return ResponseColumns(
        **{name: take([getattr(part, name) for part in parts]) for name in _ROW_COLUMNS},
        substitutes=[take([part.substitutes[position] for part in parts])
                     for position in range(len(first.substitutes))],
        substitute_codes=(None if any(code is None for code in codes)
                          else np.concatenate(codes)[order]),
        substitute_vocabulary=first.substitute_vocabulary)


#: The one-value-a-row fields of ResponseColumns, in its order, without the substitutes.
_ROW_COLUMNS = ("lexelt", "id", "annotator", "multiword", "nil", "proper_name", "comment",
                "seconds", "line")


def _read_carefully(body: list[str], numbers: list[int], positions: list[int],
                    diagnostics: Diagnostics, stats: ResponsesStats) -> list[ResponseRow]:
    rows = []
    for position in positions:
        line_text = body[position]
        if not line_text.strip():
            stats.blank_lines += 1
            continue
        row = _parse_row(line_text, numbers[position], diagnostics, stats)
        if row is None:
            stats.ignored_rows += 1
            continue
        rows.append(row)
    return rows


def _merge_by_line(quick: ResponseColumns, careful: ResponseColumns) -> ResponseColumns:
    """Both sets of rows as one, in line order; the careful rows' substitutes are coded into
    the quick rows' vocabulary."""
    width = len(quick.substitutes)
    careful.substitutes += [[""] * len(careful)] * (width - len(careful.substitutes))
    if quick.substitute_vocabulary is not None:
        vocabulary = quick.substitute_vocabulary
        vocabulary_codes: FirstSeenCodes[str] = FirstSeenCodes(
            zip(vocabulary, range(len(vocabulary)), strict=True))
        careful.substitute_codes = np.fromiter(
            map(vocabulary_codes.__getitem__,
                chain.from_iterable(zip(*careful.substitutes, strict=True))),
            dtype=np.int64, count=width * len(careful)).reshape(len(careful), width)
        quick.substitute_vocabulary = list(vocabulary_codes)
    order = np.argsort(np.array([*quick.line, *careful.line], dtype=np.int64), kind="stable")
    return _take([quick, careful], order)


def _drop_duplicate_rows(columns: ResponseColumns, diagnostics: Diagnostics,
                         stats: ResponsesStats) -> ResponseColumns:
    """An annotator answering an instance twice: the first row counts, the later ones are
    reported and left out."""
    annotator = columns.annotator
    if _coded_keys_repeat(columns) is False:
        return columns
    # A file usually holds one annotator (compared by identity: the names are interned);
    # then the (lexelt, id) pairs alone tell whether a row repeats.
    if (not isinstance(annotator, CodedColumn) and annotator
            and annotator.count(annotator[0]) == len(annotator)
            and len(set(zip(columns.lexelt, columns.id, strict=True))) == len(annotator)):
        return columns
    keys = list(zip(annotator, columns.lexelt, columns.id, strict=True))
    if len(set(keys)) == len(keys):
        return columns
    first_line: dict[tuple[str, str, str], int] = {}
    keep = np.ones(len(keys), dtype=bool)
    for row, key in enumerate(keys):
        number = columns.line[row]
        earlier = first_line.setdefault(key, number)  # type: ignore[arg-type]
        if earlier == number:
            continue
        annotator, lexelt, item_id = key
        diagnostics.error(
            "duplicate-row",
            f"annotator '{annotator}' answers {lexelt} {item_id} on line {earlier} and again "
            f"on line {number}; the row on line {number} is ignored",
            number, 1)
        keep[row] = False
        stats.duplicate_rows += 1
        stats.ignored_rows += 1
    # The careful reader's messages came first; every message is shown in line order.
    diagnostics.items.sort(key=lambda diagnostic: diagnostic.line or 0)
    return _select(columns, keep)


def _coded_keys_repeat(columns: ResponseColumns) -> bool | None:
    """Whether two rows share a key, told from the codes of a file read from its bytes; None
    for columns held as lists."""
    lexelt, item_id, annotator = columns.lexelt, columns.id, columns.annotator
    if not (isinstance(lexelt, CodedColumn) and isinstance(item_id, CodedColumn)
            and isinstance(annotator, CodedColumn)):
        return None
    # No two rows share an id in the usual file (then no two share a key): no sort is needed.
    # (Counted, not told from the number of values: a column merged with odd rows may hold a
    # value no row uses any more.)
    if len(item_id.values) >= len(item_id) and np.bincount(item_id.codes).max(initial=0) <= 1:
        return False
    keys = (annotator.codes.astype(np.int64) * len(lexelt.values) + lexelt.codes) \
        * len(item_id.values) + item_id.codes
    return _has_repeats(keys)


def _check_magic(first: str, path: str) -> int:
    match = _MAGIC_LINE.fullmatch(first.strip())
    if match is None:
        raise InputError.at(path, "not-responses",
                            f"not a responses file: the first line must be '{RESPONSES_MAGIC}'",
                            1, 1)
    version_text = match.group(1)
    if not (version_text.isascii() and version_text.isdigit()):
        raise InputError.at(path, "bad-version",
                            f"format version '{version_text[:20]}' is not a whole number", 1,
                            match.start(1) + 1)
    significant = version_text.lstrip("0") or "0"
    if len(significant) > 9:  # no such version will ever be (and int() refuses 4,301 digits)
        raise InputError.at(path, "bad-version",
                            f"format version {significant[:12]}… ({len(significant):,} digits) "
                            "does not exist", 1, match.start(1) + 1)
    version = int(significant)
    if version > FORMAT_VERSION:
        raise InputError.at(
            path, "newer-version",
            f"written by a newer version of LexSub Studio (responses format {version}; this "
            f"version reads format {FORMAT_VERSION} and older): please update LexSub Studio",
            1, match.start(1) + 1)
    if version < 1:
        raise InputError.at(path, "bad-version", f"format version {version} does not exist",
                            1, match.start(1) + 1)
    return version


def _check_header(header: str, path: str) -> None:
    found = tuple(cell.strip() for cell in header.split("\t"))
    if found == RESPONSES_COLUMNS:
        return
    expected = "\t".join(RESPONSES_COLUMNS)
    mismatches = [(index, want, got) for index, (want, got)
                  in enumerate(zip(RESPONSES_COLUMNS, found, strict=False)) if want != got]
    if "\t" not in header:
        detail = "it has no tab (the columns must be separated by tabs)"
    elif mismatches:
        index, want, got = mismatches[0]
        detail = f"column {index + 1} is '{got}' where '{want}' is expected"
    else:
        detail = f"{len(found)} columns where {len(RESPONSES_COLUMNS)} are expected"
    raise InputError.at(path, "bad-header",
                        f"the header row is wrong: {detail}; it must be: "
                        f"{expected.replace(chr(9), ' <TAB> ')}",
                        2, 1)


def _parse_row(text: str, number: int, diagnostics: Diagnostics,
               stats: ResponsesStats) -> ResponseRow | None:
    cells = text.split("\t")
    if len(cells) != len(RESPONSES_COLUMNS):
        diagnostics.error(
            "field-count",
            f"row has {len(cells)} tab-separated fields; expected {len(RESPONSES_COLUMNS)} "
            f"({', '.join(RESPONSES_COLUMNS)}); row ignored",
            number)
        return None
    columns: dict[str, int] = {}
    offset = 0
    for name, cell in zip(RESPONSES_COLUMNS, cells, strict=True):
        columns[name] = offset + 1
        offset += len(cell) + 1
    values = dict(zip(RESPONSES_COLUMNS, cells, strict=True))
    ok = True

    def problem(code: str, name: str, message: str) -> None:
        nonlocal ok
        ok = False
        diagnostics.error(code, f"{name}: {message}; row ignored", number, columns[name])

    for name, cell in values.items():
        found = _UNSTORABLE.search(cell)
        if found is not None:
            ok = False
            diagnostics.error("unstorable-character",
                              f"{name}: {_unstorable_name(found.group())}; row ignored",
                              number, columns[name] + found.start())
    for name in ("lexelt", "id", "annotator"):
        if not values[name].strip():
            problem("missing-field", name, "empty")
    lexelt, item_id = values["lexelt"].strip(), values["id"].strip()
    unwritable = key_problem(lexelt, item_id) if lexelt and item_id else None
    if unwritable is not None:
        name, offset, reason = unwritable
        cell = values[name]
        ok = False
        diagnostics.error("bad-key", f"{name}: {reason}; row ignored", number,
                          columns[name] + len(cell) - len(cell.lstrip()) + offset)
    flags: dict[str, bool] = {}
    for name in ("nil", "proper_name"):
        cell = values[name].strip()
        if cell not in ("0", "1"):
            problem("bad-flag", name, f"'{cell}' is not 0 or 1")
        flags[name] = cell == "1"
    seconds = _parse_seconds(values["seconds"].strip())
    if seconds is False:
        cell = values["seconds"].strip()
        shown = cell if len(cell) <= 40 else f"{cell[:30]}… ({len(cell):,} characters)"
        problem("bad-seconds", "seconds",
                f"'{shown}' is not a number of seconds (0 or more, below 1.8e308)")
    if not ok:
        return None
    substitutes = tuple(cell.strip() for name in _SUBSTITUTE_COLUMNS
                        if (cell := values[name]).strip())
    row = ResponseRow(
        lexelt=values["lexelt"].strip(),
        id=values["id"].strip(),
        annotator=values["annotator"].strip(),
        substitutes=substitutes,
        multiword=values["multiword"].strip(),
        nil=flags["nil"],
        proper_name=flags["proper_name"],
        comment=values["comment"],
        seconds=None if seconds is None else float(seconds),
        line=number,
    )
    _check_row(row, number, columns, diagnostics, stats)
    return row


def _unstorable_name(character: str) -> str:
    if character == "\x00":
        return ("holds a NUL character (U+0000), which a campaign server cannot store and many "
                "programs take for the end of the text")
    return (f"holds U+{ord(character):04X}, half of a surrogate pair without its other half, "
            "which is not a character")


def _parse_seconds(cell: str) -> float | bool | None:
    """None for an empty cell, the value, or False when the cell is not a valid duration."""
    if not cell:
        return None
    if not _SECONDS.fullmatch(cell):
        return False
    value = float(cell)
    return value if math.isfinite(value) else False


def _check_row(row: ResponseRow, number: int, columns: dict[str, int],
               diagnostics: Diagnostics, stats: ResponsesStats) -> None:
    if row.substitutes and (row.nil or row.proper_name):
        stats.flagged_with_substitutes += 1
        flag = "nil" if row.nil else "proper_name"
        diagnostics.warning(
            "flag-with-substitutes",
            f"the row is flagged {flag} but also gives substitutes "
            f"({', '.join(row.substitutes)}); a flagged row counts as no substitute",
            number, columns[flag])
    if row.nil and row.proper_name:
        diagnostics.warning("nil-and-proper-name",
                            "the row is flagged both nil and proper_name", number,
                            columns["nil"])
    repeated = sorted({s for s in row.substitutes if row.substitutes.count(s) > 1})
    if repeated:
        diagnostics.warning("repeated-substitute",
                            f"'{repeated[0]}' is given twice in the same row", number,
                            columns["sub1"])
