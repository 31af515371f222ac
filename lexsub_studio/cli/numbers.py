"""Whole-number options checked when the command line is read: a usage error naming the option
and its range (exit 2), never a traceback from deep inside (numpy refuses a negative seed) nor a
run that exhausts memory (``--samples 99999999999999999``).

The ranges are those of the GUI's spin boxes where the GUI offers the same setting.
"""

from __future__ import annotations

from collections.abc import Callable

#: Bootstrap resamples and randomisation shuffles of ``lexsub compare`` (the significance page's
#: range; memory stays bounded, each block of samples is a few MiB).
MAX_SAMPLES = 1_000_000
#: Bootstrap replicates of ``lexsub agree`` (the Gold & Agreement workspace's range: each one
#: recomputes every figure).
MAX_REPLICATES = 100_000
#: The longest number text read: beyond it no option value is meaningful, and int() would
#: refuse 4,301 digits anyway.
_MAX_DIGITS = 30


def whole_number(option: str, low: int, high: int | None = None,
                 meaning: str = "") -> Callable[[str], int]:
    """An argparse ``type`` reading a whole number from ``low`` to ``high`` (no upper bound
    when None); anything else is refused with a sentence naming ``option``."""
    import argparse

    bounds = f"at least {low:,}" if high is None else f"at least {low:,} and at most {high:,}"
    what = f"a whole number of at most {_MAX_DIGITS} digits"
    if meaning:
        what = f"{meaning}: {what}"

    def read(text: str) -> int:
        digits = text.strip().removeprefix("-").removeprefix("+")
        value: int | None = None
        if digits.isascii() and digits.isdigit() and len(digits) <= _MAX_DIGITS:
            value = int(text)
        if value is None or value < low or (high is not None and value > high):
            shown = text if len(text) <= 40 else f"{text[:30]}… ({len(text):,} characters)"
            raise argparse.ArgumentTypeError(
                f"{option} must be {bounds} ({what}), not {shown}")
        return value

    return read


def seed(option: str = "--seed") -> Callable[[str], int]:
    """A random seed: a whole number, 0 or more (numpy's generators take no negative seed)."""
    return whole_number(option, 0, None, "a random seed")
