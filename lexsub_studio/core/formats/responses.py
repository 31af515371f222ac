"""The annotator responses file: what an annotator hands to the organiser.

UTF-8, tab-separated. The first line is ``# lexsub-responses 1`` (the format version), the second
the header row with exactly the columns of RESPONSES_COLUMNS, then one row per (annotator,
instance). ``nil`` and ``proper_name`` are 0 or 1; ``seconds`` (time spent) may be empty.
A row with an error is reported and not used; everything else is kept.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_studio.core.atomic import atomic_write_text
from lexsub_studio.core.collector import collector_paused
from lexsub_studio.core.diagnostics import Diagnostics, InputError
from lexsub_studio.core.formats.textfile import decode_utf8, line_texts
from lexsub_studio.core.model import ResponseRow

FORMAT_NAME = "lexsub-responses"
FORMAT_VERSION = 1
RESPONSES_MAGIC = f"# {FORMAT_NAME} {FORMAT_VERSION}"
RESPONSES_COLUMNS: tuple[str, ...] = (
    "lexelt", "id", "annotator", "sub1", "sub2", "sub3", "multiword", "nil", "proper_name",
    "comment", "seconds",
)
_SUBSTITUTE_COLUMNS = ("sub1", "sub2", "sub3")
_COLUMN_COUNT = len(RESPONSES_COLUMNS)
_FLAGS = ("0", "1")
_intern = sys.intern
_MAGIC_LINE = re.compile(rf"#\s*{FORMAT_NAME}\s+(\S+)\s*")
_SECONDS = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


@dataclass(slots=True)
class ResponsesReadResult:
    rows: list[ResponseRow]
    diagnostics: Diagnostics
    #: lines, blank_lines, rows, ignored_rows, duplicate_rows, flagged_with_substitutes.
    stats: dict[str, int] = field(default_factory=dict)
    version: int = FORMAT_VERSION
    path: str = "<input>"


def read_responses(path: str | Path) -> ResponsesReadResult:
    display = str(path)
    return parse_responses_text(decode_utf8(Path(path).read_bytes(), display), display)


def read_responses_bytes(data: bytes, path: str = "<input>") -> ResponsesReadResult:
    return parse_responses_text(decode_utf8(data, path), path)


def parse_responses_text(text: str, path: str = "<input>") -> ResponsesReadResult:
    """Read a responses file; raise InputError when the magic line or the header is wrong."""
    with collector_paused():
        return _parse_responses_text(text, path)


def _parse_responses_text(text: str, path: str) -> ResponsesReadResult:
    texts = line_texts(text.removeprefix("\ufeff"))
    version = _check_magic(texts[0] if texts else "", path)
    if len(texts) < 2:
        raise InputError.at(path, "missing-header",
                            "the header row is missing after the first line", 2)
    _check_header(texts[1], path)
    diagnostics = Diagnostics(path)
    stats = dict.fromkeys(("lines", "blank_lines", "rows", "ignored_rows", "duplicate_rows",
                           "flagged_with_substitutes"), 0)
    stats["lines"] = len(texts)
    # A million rows is a realistic collection: well-formed rows take a fast path without the
    # column bookkeeping that only a problem needs.
    rows: list[ResponseRow] = []
    first_line: dict[tuple[str, str, str], int] = {}
    for number, line_text in enumerate(texts[2:], start=3):
        row = _well_formed_row(line_text, number)
        if row is None:
            if not line_text.strip():
                stats["blank_lines"] += 1
                continue
            row = _parse_row(line_text, number, diagnostics, stats)
            if row is None:
                stats["ignored_rows"] += 1
                continue
        key = (row.annotator, row.lexelt, row.id)
        if key in first_line:
            diagnostics.error(
                "duplicate-row",
                f"annotator '{row.annotator}' answers {row.lexelt} {row.id} on line "
                f"{first_line[key]} and again on line {number}; the row on line "
                f"{number} is ignored",
                number, 1)
            stats["duplicate_rows"] += 1
            stats["ignored_rows"] += 1
            continue
        first_line[key] = number
        rows.append(row)
    stats["rows"] = len(rows)
    return ResponsesReadResult(rows, diagnostics, stats, version, path)


def _well_formed_row(text: str, number: int) -> ResponseRow | None:
    """The row when it has nothing to report, else None (then the careful path reads it).

    Strings are interned: the same lexelts, ids, annotator names and substitutes recur on
    thousands of rows, and pooling hashes and compares them.
    """
    cells = text.split("\t")
    if len(cells) != _COLUMN_COUNT:
        return None
    lexelt_cell, id_cell, annotator_cell, sub1, sub2, sub3, multiword, nil_cell, \
        proper_name_cell, comment, seconds_cell = cells
    lexelt, item_id, annotator = lexelt_cell.strip(), id_cell.strip(), annotator_cell.strip()
    if not (lexelt and item_id and annotator) or nil_cell not in _FLAGS \
            or proper_name_cell not in _FLAGS:
        return None
    nil, proper_name = nil_cell == "1", proper_name_cell == "1"
    seconds: float | None = None
    if seconds_cell:
        # Plain decimals only ("12", "12.5", ".5"); exponents and anything odd take the
        # careful path, which knows every accepted spelling.
        if not (seconds_cell.isascii() and seconds_cell.replace(".", "", 1).isdigit()):
            return None
        seconds = float(seconds_cell)
        if seconds == math.inf:
            return None
    substitutes = tuple(map(_intern, filter(None, (sub1.strip(), sub2.strip(), sub3.strip()))))
    if substitutes and (nil or proper_name
                        or (len(substitutes) > 1 and len(set(substitutes)) < len(substitutes))):
        return None
    if nil and proper_name:
        return None
    return ResponseRow(_intern(lexelt), _intern(item_id), _intern(annotator), substitutes,
                       multiword.strip(), nil, proper_name, comment, seconds, number)


def _check_magic(first: str, path: str) -> int:
    match = _MAGIC_LINE.fullmatch(first.strip())
    if match is None:
        raise InputError.at(path, "not-responses",
                            f"not a responses file: the first line must be '{RESPONSES_MAGIC}'",
                            1, 1)
    version_text = match.group(1)
    if not version_text.isdigit():
        raise InputError.at(path, "bad-version",
                            f"format version '{version_text}' is not a whole number", 1,
                            match.start(1) + 1)
    version = int(version_text)
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
               stats: dict[str, int]) -> ResponseRow | None:
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

    for name in ("lexelt", "id", "annotator"):
        if not values[name].strip():
            problem("missing-field", name, "empty")
    flags: dict[str, bool] = {}
    for name in ("nil", "proper_name"):
        cell = values[name].strip()
        if cell not in ("0", "1"):
            problem("bad-flag", name, f"'{cell}' is not 0 or 1")
        flags[name] = cell == "1"
    seconds = _parse_seconds(values["seconds"].strip())
    if seconds is False:
        problem("bad-seconds", "seconds",
                f"'{values['seconds'].strip()}' is not a number of seconds (0 or more)")
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


def _parse_seconds(cell: str) -> float | bool | None:
    """None for an empty cell, the value, or False when the cell is not a valid duration."""
    if not cell:
        return None
    if not _SECONDS.fullmatch(cell):
        return False
    value = float(cell)
    return value if math.isfinite(value) else False


def _check_row(row: ResponseRow, number: int, columns: dict[str, int],
               diagnostics: Diagnostics, stats: dict[str, int]) -> None:
    if row.substitutes and (row.nil or row.proper_name):
        stats["flagged_with_substitutes"] += 1
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


def format_responses_row(row: ResponseRow, index: int | None = None) -> str:
    """One row without its line ending. ValueError (naming the row and field) if a field holds
    a tab or a line break, or if the row cannot be written."""
    where = f"row {index}" if index is not None else "row"
    where += f" ({row.annotator} {row.lexelt} {row.id})"
    if len(row.substitutes) > len(_SUBSTITUTE_COLUMNS):
        raise ValueError(f"{where}: {len(row.substitutes)} substitutes; the format holds "
                         f"at most {len(_SUBSTITUTE_COLUMNS)}")
    substitutes = list(row.substitutes) + [""] * (len(_SUBSTITUTE_COLUMNS) - len(row.substitutes))
    if row.seconds is not None and not (math.isfinite(row.seconds) and row.seconds >= 0):
        raise ValueError(f"{where}: seconds {row.seconds!r} is not a duration")
    cells = {
        "lexelt": row.lexelt, "id": row.id, "annotator": row.annotator,
        "sub1": substitutes[0], "sub2": substitutes[1], "sub3": substitutes[2],
        "multiword": row.multiword, "nil": "1" if row.nil else "0",
        "proper_name": "1" if row.proper_name else "0", "comment": row.comment,
        "seconds": "" if row.seconds is None else _format_seconds(row.seconds),
    }
    for name, value in cells.items():
        if any(ch in value for ch in "\t\n\r"):
            raise ValueError(f"{where}: field '{name}' contains a tab or a line break, "
                             f"which the tab-separated format cannot hold: {value!r}")
    for name in ("lexelt", "id", "annotator"):
        if not cells[name].strip():
            raise ValueError(f"{where}: field '{name}' is empty")
    return "\t".join(cells[name] for name in RESPONSES_COLUMNS)


def _format_seconds(seconds: float) -> str:
    value = float(seconds)
    return str(int(value)) if value.is_integer() else repr(value)


def format_responses(rows: Iterable[ResponseRow]) -> str:
    lines = [RESPONSES_MAGIC, "\t".join(RESPONSES_COLUMNS)]
    lines += [format_responses_row(row, index) for index, row in enumerate(rows, start=1)]
    return "\n".join(lines) + "\n"


def write_responses(rows: Iterable[ResponseRow], path: str | Path) -> None:
    """Write the magic line, the header and one row per response (LF endings) atomically."""
    atomic_write_text(path, format_responses(rows))
