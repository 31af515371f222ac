"""The judgements file: an annotator's labels of candidate substitutes (``# lexsub-judgements 1``).

UTF-8, tab-separated. The first line is ``# lexsub-judgements 1`` (the format version), the
second the header row with exactly the columns of JUDGEMENTS_COLUMNS, then one row per
(annotator, instance, candidate): the label is one of ``acceptable``, ``not-acceptable``,
``unsure`` (core/model/judgements.py), ``seconds`` (time spent on the judgement) may be empty.
A row with an error is reported with its line and column and not used; the first two lines
being wrong makes the file unreadable (InputError). docs/formats.md describes the format.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.io.formats.stream_inputs import is_regular_path
from lexsub_studio.core.io.formats.textfile import decode_utf8, line_texts, read_input_bytes
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError
from lexsub_studio.core.model.judgements import LABELS, JudgementRow, candidate_form

FORMAT_NAME = "lexsub-judgements"
FORMAT_VERSION = 1
JUDGEMENTS_MAGIC = f"# {FORMAT_NAME} {FORMAT_VERSION}"
JUDGEMENTS_COLUMNS: tuple[str, ...] = ("lexelt", "id", "annotator", "candidate", "label",
                                       "seconds")
_MAGIC_LINE = re.compile(rf"#\s*{FORMAT_NAME}\s+(\S+)")
_SECONDS = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_FIRST_ROW_LINE = 3


@dataclass(slots=True)
class JudgementsStats:
    lines: int = 0
    blank_lines: int = 0
    rows: int = 0
    ignored_rows: int = 0
    duplicate_rows: int = 0


@dataclass(slots=True)
class JudgementsReadResult:
    rows: list[JudgementRow]
    diagnostics: Diagnostics
    stats: JudgementsStats = field(default_factory=JudgementsStats)
    version: int = FORMAT_VERSION
    path: str = "<input>"


def looks_like_judgements(first_line: str) -> bool:
    """Whether a file's first line names this format (any version): kind detection's test."""
    return _MAGIC_LINE.match(first_line.removeprefix("\ufeff").strip()) is not None


def is_judgements_file(path: str | Path) -> bool | None:
    """Whether the file's first line names this format; None when the file cannot be opened
    (its reader then says why)."""
    try:
        if is_regular_path(path):
            with open(path, "rb") as handle:
                first = handle.readline(4096)
        else:  # a pipe's first line is the reader's too: read it whole, once (kept)
            first = read_input_bytes(path).split(b"\n", 1)[0]
    except OSError:
        return None
    return looks_like_judgements(first.decode("utf-8", errors="replace"))


def read_judgements(path: str | Path) -> JudgementsReadResult:
    """Read a judgements file; InputError when it cannot be read or its first lines are wrong."""
    display = str(path)
    try:
        data = read_input_bytes(path)
    except OSError as error:
        raise InputError.at(display, "unreadable",
                            f"cannot read the file: {error.strerror or error}") from None
    return read_judgements_bytes(data, display)


def read_judgements_bytes(data: bytes, path: str = "<input>") -> JudgementsReadResult:
    return parse_judgements_text(decode_utf8(data, path), path)


def parse_judgements_text(text: str, path: str = "<input>") -> JudgementsReadResult:
    texts = line_texts(text.removeprefix("\ufeff"))
    version = _check_magic(texts[0] if texts else "", path)
    if len(texts) < 2:
        raise InputError.at(path, "missing-header",
                            "the header row is missing after the first line", 2, 1)
    _check_header(texts[1], path)
    diagnostics = Diagnostics(path)
    stats = JudgementsStats(lines=len(texts))
    rows: list[JudgementRow] = []
    first_line: dict[tuple[str, str, str, str], int] = {}
    for number, line_text in enumerate(texts[_FIRST_ROW_LINE - 1:], start=_FIRST_ROW_LINE):
        if not line_text.strip():
            stats.blank_lines += 1
            continue
        row = _parse_row(line_text, number, diagnostics)
        if row is None:
            stats.ignored_rows += 1
            continue
        key = (row.annotator, row.lexelt, row.id, candidate_form(row.candidate))
        earlier = first_line.setdefault(key, number)
        if earlier != number:
            diagnostics.error(
                "duplicate-row",
                f"annotator '{row.annotator}' judges '{row.candidate}' of {row.lexelt} "
                f"{row.id} on line {earlier} and again here; this row is ignored",
                number, _column_of(line_text, 3))
            stats.duplicate_rows += 1
            stats.ignored_rows += 1
            continue
        rows.append(row)
    stats.rows = len(rows)
    return JudgementsReadResult(rows, diagnostics, stats, version, path)


def _column_of(line_text: str, index: int) -> int:
    """The 1-based column where the cell ``index`` (0-based) of a tab-separated line starts."""
    cells = line_text.split("\t")
    return sum(len(cell) + 1 for cell in cells[:index]) + 1


def _check_magic(first: str, path: str) -> int:
    match = _MAGIC_LINE.fullmatch(first.strip())
    if match is None:
        raise InputError.at(path, "not-judgements",
                            f"not a judgements file: the first line must be "
                            f"'{JUDGEMENTS_MAGIC}'", 1, 1)
    text = match.group(1)
    column = match.start(1) + 1 + (len(first) - len(first.lstrip()))
    if not (text.isascii() and text.isdigit()) or len(text.lstrip("0")) > 9:
        raise InputError.at(path, "bad-version",
                            f"format version '{text[:20]}' is not a version number", 1, column)
    version = int(text)
    if version > FORMAT_VERSION:
        raise InputError.at(
            path, "newer-version",
            f"written by a newer version of LexSub Studio (judgements format {version}; this "
            f"version reads format {FORMAT_VERSION} and older): please update LexSub Studio",
            1, column)
    if version < 1:
        raise InputError.at(path, "bad-version", f"format version {version} does not exist",
                            1, column)
    return version


def _check_header(header: str, path: str) -> None:
    found = tuple(cell.strip() for cell in header.split("\t"))
    if found == JUDGEMENTS_COLUMNS:
        return
    expected = " <TAB> ".join(JUDGEMENTS_COLUMNS)
    if "\t" not in header:
        detail = "it has no tab (the columns must be separated by tabs)"
        column = 1
    else:
        mismatches = [index for index, (want, got)
                      in enumerate(zip(JUDGEMENTS_COLUMNS, found, strict=False)) if want != got]
        if mismatches:
            index = mismatches[0]
            detail = f"column {index + 1} is '{found[index]}' where " \
                     f"'{JUDGEMENTS_COLUMNS[index]}' is expected"
            column = _column_of(header, index)
        else:
            detail = f"{len(found)} columns where {len(JUDGEMENTS_COLUMNS)} are expected"
            column = 1
    raise InputError.at(path, "bad-header",
                        f"the header row is wrong: {detail}; it must be: {expected}", 2, column)


def _parse_row(text: str, number: int, diagnostics: Diagnostics) -> JudgementRow | None:
    cells = text.split("\t")
    if len(cells) != len(JUDGEMENTS_COLUMNS):
        diagnostics.error(
            "field-count",
            f"row has {len(cells)} tab-separated fields; expected {len(JUDGEMENTS_COLUMNS)} "
            f"({', '.join(JUDGEMENTS_COLUMNS)}); row ignored", number, 1)
        return None
    values = {name: cell.strip() for name, cell in zip(JUDGEMENTS_COLUMNS, cells, strict=True)}
    ok = True

    def problem(code: str, name: str, message: str) -> None:
        nonlocal ok
        ok = False
        diagnostics.error(code, f"{name}: {message}; row ignored", number,
                          _column_of(text, JUDGEMENTS_COLUMNS.index(name)))

    for name in ("lexelt", "id", "annotator", "candidate"):
        if not values[name]:
            problem("missing-field", name, "empty")
    label = values["label"]
    if label not in LABELS:
        shown = label if len(label) <= 40 else f"{label[:30]}… ({len(label):,} characters)"
        problem("bad-label", "label", f"'{shown}' is not one of {', '.join(LABELS)}")
    seconds = _parse_seconds(values["seconds"])
    if seconds is False:
        cell = values["seconds"]
        shown = cell if len(cell) <= 40 else f"{cell[:30]}… ({len(cell):,} characters)"
        problem("bad-seconds", "seconds",
                f"'{shown}' is not a number of seconds (0 or more, below 1.8e308)")
    if not ok:
        return None
    return JudgementRow(values["lexelt"], values["id"], values["annotator"],
                        values["candidate"], label,
                        None if seconds is None else float(seconds), number)


def _parse_seconds(cell: str) -> float | bool | None:
    """None for an empty cell, the value, or False when the cell is not a duration."""
    if not cell:
        return None
    if not _SECONDS.fullmatch(cell):
        return False
    value = float(cell)
    return value if math.isfinite(value) else False


# --- writing ------------------------------------------------------------------------------------

def format_judgement_row(row: JudgementRow, index: int | None = None) -> str:
    """One row without its line ending; ValueError naming the row and the field for what the
    format cannot hold (a tab or a line break, an empty key, an unknown label)."""
    where = f"row {index}" if index is not None else "row"
    where += f" ({row.annotator} {row.lexelt} {row.id} {row.candidate!r})"
    if row.label not in LABELS:
        raise ValueError(f"{where}: label {row.label!r} is not one of {', '.join(LABELS)}")
    if row.seconds is not None and not (math.isfinite(row.seconds) and row.seconds >= 0):
        raise ValueError(f"{where}: seconds {row.seconds!r} is not a duration")
    seconds = "" if row.seconds is None else (
        str(int(row.seconds)) if float(row.seconds).is_integer() else repr(float(row.seconds)))
    cells = {"lexelt": row.lexelt, "id": row.id, "annotator": row.annotator,
             "candidate": row.candidate, "label": row.label, "seconds": seconds}
    for name, value in cells.items():
        if any(character in value for character in "\t\n\r"):
            raise ValueError(f"{where}: field '{name}' contains a tab or a line break, which "
                             f"the tab-separated format cannot hold: {value!r}")
        if name in ("lexelt", "id", "annotator", "candidate") and not value.strip():
            raise ValueError(f"{where}: field '{name}' is empty")
    return "\t".join(cells[name] for name in JUDGEMENTS_COLUMNS)


def format_judgements(rows: Iterable[JudgementRow]) -> str:
    lines = [JUDGEMENTS_MAGIC, "\t".join(JUDGEMENTS_COLUMNS)]
    lines += [format_judgement_row(row, index) for index, row in enumerate(rows, start=1)]
    return "\n".join(lines) + "\n"


def write_judgements(rows: Iterable[JudgementRow], path: str | Path) -> None:
    """The format line, the header and one row per judgement (LF endings), atomically."""
    atomic_write_text(path, format_judgements(rows))
