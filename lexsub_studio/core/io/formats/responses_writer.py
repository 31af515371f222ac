"""Writing the annotator responses file (its format: core/io/formats/responses.py, which reads
it). Kept apart from the reader, which works on numpy arrays: the app writes rescue files and
exports answers without loading numpy at its start."""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.model.data import ResponseRow

FORMAT_NAME = "lexsub-responses"
FORMAT_VERSION = 1
RESPONSES_MAGIC = f"# {FORMAT_NAME} {FORMAT_VERSION}"
RESPONSES_COLUMNS: tuple[str, ...] = (
    "lexelt", "id", "annotator", "sub1", "sub2", "sub3", "multiword", "nil", "proper_name",
    "comment", "seconds",
)
SUBSTITUTE_COLUMNS = ("sub1", "sub2", "sub3")
_SUBSTITUTE_COLUMNS = SUBSTITUTE_COLUMNS


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
