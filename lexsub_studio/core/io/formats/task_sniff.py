"""Telling a judgement task file (``lexsub judge make``) from any other file by its beginning,
without reading it whole: opening and dropping files use it to choose judgement mode."""

from __future__ import annotations

from pathlib import Path

from lexsub_studio.core.io.formats.judgement_task import TASK_FORMAT

#: How much of a file is read: ``judge make`` writes ``"format"`` as the first key.
SNIFF_BYTES = 4096


def looks_like_judgement_task(path: str | Path) -> bool:
    """A JSON object whose beginning names the judgement task format (the reader then checks
    the whole file); False for a file that cannot be read."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(SNIFF_BYTES)
    except OSError:
        return False
    return (head.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"{")
            and f'"{TASK_FORMAT}"'.encode() in head)
