"""The few Perl behaviours the official scorer's output depends on, reproduced exactly.

The official scorer is a Perl program that reads bytes, so everything here works on ``bytes``:
its regular expressions are compiled as bytes patterns, where ``\\w`` is ``[A-Za-z0-9_]`` and
``\\s`` is ``[ \\t\\n\\r\\f\\v]``, exactly Perl's classes on a byte string. Non-ASCII bytes then
behave as in the original and are printed back unchanged.
"""

from __future__ import annotations

import re

NONSPACE = re.compile(rb"\S")


class LazyPattern:
    """A bytes pattern compiled when first used, with the methods of a compiled one.

    One run scores one task, which needs a few of the scorer's patterns; compiling all of them
    when the modules load (in Python, pattern by pattern) would take a part of every run's
    start-up. Each call costs one more function call: patterns used line by line in a hot loop
    are compiled up front instead (or their method is fetched once, from ``compiled``).
    """

    __slots__ = ("_compiled", "source")

    def __init__(self, source: bytes) -> None:
        self.source = source
        self._compiled: re.Pattern[bytes] | None = None

    @property
    def compiled(self) -> re.Pattern[bytes]:
        if self._compiled is None:
            self._compiled = re.compile(self.source)
        return self._compiled

    def findall(self, data: bytes, *span: int) -> list:
        return self.compiled.findall(data, *span)

    def search(self, data: bytes, *span: int) -> re.Match[bytes] | None:
        return self.compiled.search(data, *span)

    def match(self, data: bytes, *span: int) -> re.Match[bytes] | None:
        return self.compiled.match(data, *span)

# Single bytes as integers for membership tests: ``HYPHEN in data`` is a plain scan, while
# ``b"-" in data`` first tries to read its operand as an integer and builds (then discards) a
# TypeError, which costs more than the scan itself on short lines. Longer needles use find().
HYPHEN = ord("-")
APOSTROPHE = ord("'")
SEMICOLON = ord(";")


def perl_true(value: bytes | None) -> bool:
    """Perl's truth of a string: undefined, empty and ``"0"`` are false."""
    return bool(value) and value != b"0"


def perl_split(text: bytes) -> list[bytes]:
    """``split(';', text)``: fields between semicolons, trailing empty fields dropped."""
    stripped = text.rstrip(b";")
    return stripped.split(b";") if stripped else []


def perl_count(digits: bytes) -> int | float:
    """The number Perl makes of a run of digits: exact while it fits 64 bits, a double beyond,
    and infinity past the largest double (``"9" x 400`` is ``Inf`` in Perl).

    Python's ``int`` would refuse more than 4,300 digits and ``float(int)`` overflows past
    1.8e308; ``float`` of the digits themselves does neither, and rounds as Perl's reading
    does (to the last digit, docs/official-scorer.md says what is not promised)."""
    if len(digits) < 20:  # below 10**19, always under 2**64: the usual case, kept quick
        return int(digits)
    significant = digits.lstrip(b"0")
    if len(significant) <= 20:
        value = int(significant or b"0")
        return value if value < 1 << 64 else float(value)
    return float(significant)


class _CountValues(dict[bytes, "int | float"]):
    """Count digits read as Perl reads them (``perl_count``), remembered. A gold file repeats a
    handful of counts (1, 2, 3 ...), and looking one up costs a fraction of parsing its digits
    again."""

    def __missing__(self, digits: bytes) -> int | float:
        value = self[digits] = perl_count(digits)
        return value


#: The number a run of digits denotes, as ``perl_count`` reads it.
count_value = _CountValues().__getitem__
