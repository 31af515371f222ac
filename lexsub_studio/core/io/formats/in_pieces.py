"""Looks over a whole file's bytes or text, a megabyte at a time.

A search, a decode or a translate over 30 MB is one C call that keeps Python's lock for 10 to
60 ms. The window reads corpora on a worker thread, and every call the window makes into
Python while painting (a model's ``headerData``, an overridden ``event``) waits for that lock:
a few such calls behind a few such looks froze the window for a tenth of a second while a
100,000-instance corpus opened (benchmarks/bench_annotation.py). Done a piece at a time, the
lock changes hands between pieces; the answers are the same as the whole-buffer calls'
(tests/test_in_pieces.py holds them to it).
"""

from __future__ import annotations

import codecs
import re
from typing import TypeVar

#: Bytes (or characters) looked at in one C call: about a millisecond of work.
PIECE = 1 << 20

Buffer = TypeVar("Buffer", bytes, str)


def find(data: Buffer, needle: Buffer) -> int:
    """``data.find(needle)``."""
    size, reach = len(data), max(len(needle) - 1, 0)
    for start in range(0, size, PIECE):
        found = data.find(needle, start, min(size, start + PIECE + reach))
        if found >= 0:
            return found
    return 0 if not needle and not data else -1


def contains(data: Buffer, needle: Buffer) -> bool:
    """``needle in data``."""
    return find(data, needle) >= 0


def search(pattern: re.Pattern[bytes], data: bytes, longest: int) -> re.Match[bytes] | None:
    """The first match of ``pattern`` in ``data`` that starts where a match of at most
    ``longest`` bytes starts (``pattern.search(data)`` for such a pattern), with no
    lookbehind or anchor that would see across a piece's edge."""
    size = len(data)
    for start in range(0, max(size, 1), PIECE):
        match = pattern.search(data, start, min(size, start + PIECE + longest))
        if match is not None:
            return match
    return None


def decode_utf8(data: bytes) -> str:
    """``data.decode("utf-8")``; invalid UTF-8 raises the same UnicodeDecodeError."""
    if len(data) <= PIECE:
        return data.decode("utf-8")
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    view = memoryview(data)
    parts: list[str] = []
    try:
        for start in range(0, len(data), PIECE):
            parts.append(decoder.decode(view[start:start + PIECE]))
        parts.append(decoder.decode(b"", final=True))
    except UnicodeDecodeError:
        # The whole-buffer call names the offending byte by its place in the file.
        return data.decode("utf-8")
    finally:
        view.release()
    return "".join(parts)


def deletes_nothing(data: bytes, removed: bytes) -> bool:
    """True when ``data`` holds none of the bytes ``removed`` (by dropping them: quicker
    than a search for any of them)."""
    for start in range(0, len(data), PIECE):
        piece = data[start:start + PIECE]
        if len(piece.translate(None, removed)) != len(piece):
            return False
    return True
