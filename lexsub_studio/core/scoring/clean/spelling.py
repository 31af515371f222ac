"""How substitutes are spelled before they are compared: the clean rule and the official one.

Clean scoring applies one rule to gold substitutes, system answers and modes alike, so that
``well-lit``, ``well lit`` and ``well  lit`` are one substitute, and ``don't`` equals ``dont``.
The official (final release) rule, kept for the ``spelling`` defect switch, treats the three
differently; it is reproduced here so that switching the fix off gives the official comparison.
"""

from __future__ import annotations

import re
from typing import TypeVar

#: A count as a gold holds it: int, or a float for the official reading of a huge count.
Count = TypeVar("Count", int, int | float)

_APOSTROPHES = str.maketrans({"'": None, "\u2019": None, "-": " "})
_NON_PREFIX = re.compile(r"^non[ -](.*)", re.DOTALL)


def clean_form(text: str) -> str:
    """The clean spelling: apostrophes deleted, hyphens made spaces, whitespace runs folded."""
    return " ".join(text.translate(_APOSTROPHES).split())


def official_gold_form(text: str) -> str:
    """A gold substitute as the final release stores it: its first apostrophe deleted."""
    return " ".join(text.split()).replace("'", "", 1)


def official_answer_form(text: str) -> str:
    """A system answer as the final release rewrites it: ``non-X`` -> ``nonX``, every hyphen
    a space, the first apostrophe deleted."""
    text = " ".join(text.split())
    text = _NON_PREFIX.sub(r"non\1", text)
    return text.replace("-", " ").replace("'", "", 1)


def official_credit_keys(entries: list[tuple[str, Count]]) -> dict[str, Count]:
    """The final release's credit table: each gold spelling, and for one with hyphens also its
    spelling with spaces. A spelling written on the line takes precedence over a derived one."""
    table: dict[str, Count] = {}
    for substitute, count in entries:
        table[substitute] = count
    for substitute, count in entries:
        if "-" in substitute:
            table.setdefault(substitute.replace("-", " "), count)
    return table
