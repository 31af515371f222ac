"""Short names that tell systems apart: ``third-team-alpha-run-best`` and
``third-team-beta-run-best`` read ``…alpha…`` and ``…beta…`` where a column is too narrow for
the whole name (the Items tab's headers), instead of two identical ``thir…best``.

The part every name shares at its start and at its end is dropped, cut at a separator
(``-``, ``_``, ``.``, ``/``, space) so that no word is split, and an ellipsis marks each cut.
"""

from __future__ import annotations

from collections.abc import Sequence

ELLIPSIS = "…"
SEPARATORS = frozenset("-_./ ")


def _common_start(texts: Sequence[str]) -> str:
    """The characters every text starts with (names, not paths: compared character by
    character)."""
    length = 0
    for chars in zip(*texts, strict=False):
        if any(char != chars[0] for char in chars):
            break
        length += 1
    return texts[0][:length] if texts else ""


def _shared_start(names: Sequence[str]) -> int:
    """How many leading characters every name shares, cut back to just after a separator."""
    shared = _common_start(names)
    return max((place + 1 for place, char in enumerate(shared) if char in SEPARATORS), default=0)


def _shared_end(names: Sequence[str], start: int) -> int:
    """How many trailing characters every name shares after ``start``, cut forward to a
    separator (which is dropped with them)."""
    rests = [name[start:][::-1] for name in names]
    shared = _common_start(rests)
    return max((place + 1 for place, char in enumerate(shared) if char in SEPARATORS), default=0)


def distinguishing_names(names: Sequence[str]) -> list[str]:
    """Each name shortened to the part that tells it from the others, an ellipsis where the
    shared start or end was dropped; a name is kept whole when that is no shorter or when it
    would leave nothing (one name, or one name the start and end of all the others)."""
    if len(set(names)) < 2:
        return list(names)
    start = _shared_start(names)
    end = _shared_end(names, start)
    shortened: list[str] = []
    for name in names:
        middle = name[start:len(name) - end]
        short = f"{ELLIPSIS if start else ''}{middle}{ELLIPSIS if end else ''}"
        shortened.append(short if middle and len(short) < len(name) else name)
    if len(set(shortened)) < len(set(names)):
        return list(names)
    return shortened
