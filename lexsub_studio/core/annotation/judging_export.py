"""The annotator's judgements file (``# lexsub-judgements 1``, docs/formats.md): what *Hand in /
Export judgements* writes, atomically, and what a rescue of unsaved labels writes.

UTF-8, tab-separated, LF endings: the format line, the header row, then one row per judged
candidate (lexelt, id, annotator, candidate, label, seconds; seconds may be empty).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from lexsub_studio.core.annotation.judging import LABELS
from lexsub_studio.core.annotation.judging_work import Judged
from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.runtime.settings_paths import beside_store, rescue_dir

JUDGEMENTS_MAGIC = "# lexsub-judgements 1"
JUDGEMENTS_COLUMNS = ("lexelt", "id", "annotator", "candidate", "label", "seconds")


def _seconds_cell(seconds: float | None) -> str:
    if seconds is None:
        return ""
    return str(int(seconds)) if float(seconds).is_integer() else repr(float(seconds))


def format_judgements(rows: Iterable[Judged], annotator: str) -> str:
    """The file's text; ValueError naming the row for what the format cannot hold."""
    lines = [JUDGEMENTS_MAGIC, "\t".join(JUDGEMENTS_COLUMNS)]
    for number, row in enumerate(rows, start=1):
        if row.label not in LABELS:
            raise ValueError(f"row {number} ({row.lexelt} {row.id} {row.candidate!r}): label "
                             f"{row.label!r} is not one of {', '.join(LABELS)}")
        if row.seconds is not None and not (math.isfinite(row.seconds) and row.seconds >= 0):
            raise ValueError(f"row {number} ({row.lexelt} {row.id} {row.candidate!r}): "
                             f"seconds {row.seconds!r} is not a duration")
        cells = (row.lexelt, row.id, annotator, row.candidate, row.label,
                 _seconds_cell(row.seconds))
        if any(ch in cell for cell in cells for ch in "\t\r\n"):
            raise ValueError(f"row {number} ({row.lexelt} {row.id} {row.candidate!r}): a tab "
                             "or a line break cannot be written in the tab-separated format")
        lines.append("\t".join(cells))
    return "\n".join(lines) + "\n"


def write_judgements(rows: Iterable[Judged], annotator: str, path: str | Path) -> int:
    """Write the file atomically (a crash never leaves half a file); returns the row count."""
    listed = list(rows)
    atomic_write_text(path, format_judgements(listed, annotator))
    return len(listed)


def write_judgements_rescue(rows: Iterable[Judged], annotator: str, store: Path) -> Path:
    """Labels the store could not take, written beside the free production's rescue files:
    ``rescue/<task name>-<digest>/<annotator>-<YYYYMMDD-HHMMSS>.judgements.tsv``."""
    stem = store.name.removesuffix(".judgements.sqlite3")
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = beside_store(rescue_dir(), store).parent / f"{stem}-{stamp}.judgements.tsv"
    target.parent.mkdir(parents=True, exist_ok=True)
    write_judgements(rows, annotator, target)
    return target
