"""Numbers as the official scorer (a Perl program) prints them, exactly.

``perl_number`` prints as Perl prints (integers in full, floats with ``%.15g``), ``perl_divide``
divides as Perl does, and ``official_round`` is the scorer's own rounding. The official printout
uses them (core/scoring/official/), and so does every percentage written elsewhere
(numbers.py), so that a figure reads the same in the official lines and in any other table.
Here, in the presentation layer, because both use them; they import nothing.
"""

from __future__ import annotations

import math
import re

_DECIMALS = re.compile(rb"\.(\d+)")


def perl_number(value: int | float | None) -> bytes:
    """A number as Perl prints it: integers in full, floats with ``%.15g``, undef as nothing."""
    if value is None:
        return b""
    if isinstance(value, int):
        return b"%d" % value
    if math.isnan(value):
        return b"NaN"
    if math.isinf(value):
        return b"Inf" if value > 0 else b"-Inf"
    return b"%.15g" % value


def _perl_int(value: float) -> int | float:
    """Perl's ``int``: truncation toward zero, an integer while it fits 64 bits."""
    if not math.isfinite(value):
        return value
    truncated = math.trunc(value)
    return truncated if abs(truncated) < 1 << 63 else float(truncated)


def perl_divide(numerator: int | float, denominator: int | float) -> int | float:
    """Perl's ``/`` on 64-bit builds: an integer when both sides are integers and it divides."""
    if isinstance(numerator, int) and isinstance(denominator, int) \
            and numerator % denominator == 0:
        return numerator // denominator
    return numerator / denominator


def official_round(value: int | float, decimals: int, percent: bool) -> bytes:
    """The scorer's ``myround``: round half up on a scaled value, then pad to ``decimals``.

    The float operations are the original's, in its order: ``x * 100`` first when printing a
    percentage, then ``* 10**decimals``, ``int(... + .5)`` and ``/ 10**decimals``; the result is
    printed as Perl prints it and zeros are appended until it has ``decimals`` decimals (or
    ``.00...`` when it printed without a point).
    """
    scale = 10 ** decimals
    if percent:
        value = value * 100
    scaled = _perl_int(value * scale + 0.5)
    text = perl_number(perl_divide(scaled, scale))
    found = _DECIMALS.search(text)
    if found is None:
        return text + b"." + b"0" * decimals
    # The original pads with a loop that would never end on more decimals than asked for; a
    # value printed by %.15g after this rounding never has more, so nothing is lost by stopping.
    return text + b"0" * max(0, decimals - len(found.group(1)))
