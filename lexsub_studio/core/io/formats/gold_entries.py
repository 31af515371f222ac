"""The entries of a gold file's usual lines, read for the whole file at once.

Nearly every line of a gold file is ``lexelt id :: sub 3;sub 1;``. Reading such lines one entry
at a time in Python is most of a large gold file's reading time; here the entries of every usual
line are split by a few calls over the joined text, and what the reader must say about a line
(counts out of order, entries clean scoring removes) is found for all lines at once. A line
that is not usual, or whose substitutes repeat, is left to the reader's careful path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from lexsub_studio.core.model.item_tables import TextCodes, offsets_of

#: A usual line's entries: each "sub N;", the substitute starting with neither whitespace nor
#: ";" (whitespace before the count is trimmed off it, as the careful path trims it), the count
#: a positive whole number of at most nine digits (below the largest count read), every entry
#: ended by ";". Anything else (another spacing, a zero, a last entry without ";") is read the
#: careful way.
USUAL_ENTRIES = re.compile(r"(?:[^\s;][^;]* [1-9][0-9]{0,8};)*")
#: Where one usual entry's substitute ends and its count is: the last " N;" of the entry.
_COUNT_AND_END = re.compile(r" ([1-9][0-9]{0,8});")


@dataclass(slots=True)
class UsualEntries:
    """The entries of the usual lines, in the order of the lines given: line k's are at
    ``offsets[k]:offsets[k + 1]`` of ``substitutes`` (codes) and ``counts``."""

    substitutes: np.ndarray
    counts: np.ndarray
    offsets: np.ndarray
    #: Per line: its substitutes repeat (the careful path merges and reports them).
    repeated: np.ndarray
    #: Per line: its counts are not in descending order.
    unsorted: np.ndarray
    #: Per line: it may hold an entry the reader notes (``NOTED_ENTRY`` found in it).
    noted: np.ndarray


def read_usual_entries(rests: list[str], noted_entry: re.Pattern[str],
                       vocabulary: TextCodes) -> UsualEntries:
    """The entries of lines whose text after the separator, ``rests``, each matched
    USUAL_ENTRIES, their substitutes coded by ``vocabulary``. ``noted_entry`` is the reader's
    pattern of an entry worth a note, searched in ";" + the line's text."""
    lengths = np.fromiter(map(str.count, rests, _semicolons(len(rests))), dtype=np.int64,
                          count=len(rests))
    offsets = offsets_of(lengths)
    joined = "".join(rests)
    parts = _COUNT_AND_END.split(joined)
    parts.pop()  # the text after the last entry's ";": empty
    substitutes = vocabulary.coded(map(str.strip, parts[0::2]), len(parts) // 2)
    counts = _whole_numbers(parts[1::2])
    owner = np.repeat(np.arange(len(rests), dtype=np.int64), lengths)
    return UsualEntries(substitutes, counts, offsets,
                        _repeated_lines(substitutes, owner, len(rests)),
                        _unsorted_lines(counts, owner, len(rests)),
                        _noted_lines(joined, rests, noted_entry))


def _whole_numbers(digit_texts: list[str]) -> np.ndarray:
    """The counts written as ``digit_texts`` (ASCII digits, at most nine each)."""
    return np.fromiter(map(int, digit_texts), dtype=np.int64, count=len(digit_texts))


def _semicolons(count: int) -> list[str]:
    return [";"] * count


#: Up to this many entries on a line, repeats are found by comparing each entry with the ones
#: before it (one pass per distance); longer lines sort their entries instead.
_SHIFTS_UP_TO = 32


def _repeated_lines(substitutes: np.ndarray, owner: np.ndarray, lines: int) -> np.ndarray:
    """The lines with a substitute twice (``substitutes``: codes, equal for equal texts)."""
    identity = substitutes
    longest = int(np.bincount(owner).max()) if len(owner) else 0
    if longest > _SHIFTS_UP_TO:
        order = np.lexsort((identity, owner))
        identity, owner = identity[order], owner[order]
        longest = 2
    repeated = np.zeros(lines, dtype=bool)
    for distance in range(1, longest):
        same = ((identity[distance:] == identity[:-distance])
                & (owner[distance:] == owner[:-distance]))
        repeated[owner[distance:][same]] = True
    return repeated


def _unsorted_lines(counts: np.ndarray, owner: np.ndarray, lines: int) -> np.ndarray:
    unsorted = np.zeros(lines, dtype=bool)
    rising = (counts[1:] > counts[:-1]) & (owner[1:] == owner[:-1])
    unsorted[owner[1:][rising]] = True
    return unsorted


def _noted_lines(joined: str, rests: list[str], noted_entry: re.Pattern[str]) -> np.ndarray:
    """The lines in which ``noted_entry`` matches: searched once in the joined text, where
    every line's entries end with ";", so a match never spans two lines."""
    noted = np.zeros(len(rests), dtype=bool)
    starts = [match.start() for match in noted_entry.finditer(";" + joined)]
    if starts:
        ends = np.cumsum(np.fromiter(map(len, rests), dtype=np.int64, count=len(rests)))
        noted[np.searchsorted(ends, np.array(starts, dtype=np.int64), side="right")] = True
    return noted
