"""Where a judging annotator's labels go as files: the hand-in (File › Hand in / export
judgements) and the rescue of labels the store could not take, both ``# lexsub-judgements 1``
files (core/io/formats/judgements.py), written atomically.

A rescue file goes where free production's go (rescue.py: ``rescue/<task name>-<digest>/
<annotator>.judgements-<YYYYMMDD-HHMMSS>.tsv``, else the home folder); the next opening of the
task puts its labels back and moves it into ``restored/``.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from lexsub_studio.core.annotation.rescue import rescue_files_for, write_rescue
from lexsub_studio.core.io.formats.judgements import read_judgements, write_judgements
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.model.judgements import JudgementRow


def hand_in(rows: Iterable[JudgementRow], path: str | Path) -> int:
    """Write the judgements file atomically (a crash never leaves half a file); returns the
    number of rows."""
    listed = list(rows)
    write_judgements(listed, path)
    return len(listed)


def write_judgements_rescue(rows: Iterable[JudgementRow], store: Path,
                            when: datetime | None = None) -> Path:
    """Write the labels a judgement store could not take; raises OSError if nowhere works."""
    listed = list(rows)
    return write_rescue(lambda path: write_judgements(listed, path), store, when)


def read_judgements_rescues(store: Path) -> tuple[list[Path], list[JudgementRow]]:
    """This store's rescue files not restored yet (oldest first) and their rows; a file that
    cannot be read is left where it is, for the annotator to hand in by hand."""
    files: list[Path] = []
    rows: list[JudgementRow] = []
    for path in rescue_files_for(store):
        try:
            result = read_judgements(path)
        except (OSError, InputError):
            continue
        files.append(path)
        rows.extend(result.rows)
    return files, rows
