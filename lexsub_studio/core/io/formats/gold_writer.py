"""Writing a gold file: one ``lexelt id :: sub freq;sub freq;`` line per item.

Apart from the reader (core/io/formats/gold.py), whose columns need numpy: a command that only
writes a gold (``lexsub judge pool``) does not load it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.io.formats.itemline import check_writable_key
from lexsub_studio.core.model.data import GoldItem


def format_gold_line(item: GoldItem) -> str:
    """``lexelt id :: sub freq;sub freq;`` without a line ending; ValueError if not writable."""
    check_writable_key(item.lexelt, item.id)
    parts = []
    for substitute, count in item.entries:
        if (not substitute or substitute != substitute.strip()
                or ";" in substitute or "\n" in substitute or "\r" in substitute):
            raise ValueError(f"{item.lexelt} {item.id}: substitute {substitute!r} cannot be "
                             "written (empty, surrounding spaces, ';' or a line break)")
        # type() is a quick yes for plain ints; the careful test handles int subclasses.
        if not (type(count) is int and count > 0) and (
                isinstance(count, bool) or not isinstance(count, int) or count <= 0):
            raise ValueError(f"{item.lexelt} {item.id}: count {count!r} of {substitute!r} "
                             "is not a positive integer")
        parts.append(f"{substitute} {count};")
    return f"{item.lexelt} {item.id} :: {''.join(parts)}"


def write_gold(items: Iterable[GoldItem], path: str | Path) -> None:
    """Write one line per item, each ending in LF, atomically."""
    text = "".join(format_gold_line(item) + "\n" for item in items)
    atomic_write_text(path, text)
