"""Where a judging annotator's labels go as files: the hand-in (File › Hand in / export
judgements) and the rescue of labels the store could not take, both ``# lexsub-judgements 1``
files (core/io/formats/judgements.py), written atomically."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from lexsub_studio.core.io.formats.judgements import write_judgements
from lexsub_studio.core.model.judgements import JudgementRow
from lexsub_studio.core.runtime.settings_paths import beside_store, rescue_dir


def hand_in(rows: Iterable[JudgementRow], path: str | Path) -> int:
    """Write the judgements file atomically (a crash never leaves half a file); returns the
    number of rows."""
    listed = list(rows)
    write_judgements(listed, path)
    return len(listed)


def write_judgements_rescue(rows: Iterable[JudgementRow], store: Path) -> Path:
    """Labels the store could not take, written beside the free production's rescue files:
    ``rescue/<task name>-<digest>/<annotator>-<YYYYMMDD-HHMMSS>.judgements.tsv``."""
    stem = store.name.removesuffix(".judgements.sqlite3")
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = beside_store(rescue_dir(), store).parent / f"{stem}-{stamp}.judgements.tsv"
    target.parent.mkdir(parents=True, exist_ok=True)
    write_judgements(list(rows), target)
    return target
