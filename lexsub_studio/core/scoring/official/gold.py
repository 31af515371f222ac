"""The official scorer's reading of gold files, quirks included.

Two readers: ``read_official_gold`` for best and oot (``lexelt id :: sub count;sub count;``) and
``read_official_mw_gold`` for multiwords. Both keep per item only what scoring needs, in compact
form (a dict of counts per item), so that a million items fit in memory.
"""

from __future__ import annotations

import io
import re
from operator import add, itemgetter
from typing import TYPE_CHECKING

from lexsub_studio.core.scoring.official.perl import (
    APOSTROPHE,
    HYPHEN,
    SEMICOLON,
    LazyPattern,
    count_value,
    perl_count,
    perl_split,
    perl_true,
)
from lexsub_studio.core.scoring.official.release import Release

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

#: A best/oot gold line; the leftmost match in the line, as Perl's unanchored search finds it.
GOLD_LINE = LazyPattern(rb"(?m)^[^\n]*?[\w.]+ (\S+) :: ([^\n]*)")


def line_scan(pattern: bytes) -> LazyPattern:
    """A pattern that ``findall`` turns into one tuple per line: the groups of ``pattern`` at
    its leftmost match in the line (a lazy prefix tries the start positions in order, as Perl's
    unanchored search does), or, when the line does not match, the whole line as the last
    group. ``pattern`` must not match a newline."""
    return LazyPattern(rb"(?m)^(?:[^\n]*?" + pattern + rb"|([^\n]*))")


#: A multiword gold line (ids must be digits): Perl's ``([\w.]+)\s+(\d+)\s*:: (.*)``, where
#: within one line \s can only meet the final newline, where it changes nothing.
MW_GOLD_SCAN = line_scan(rb"([\w.]+)[^\S\n]+(\d+)[^\S\n]*:: ([^\n]*)")

Count = int | float
#: What scoring needs of one gold item: counts an answer can earn (digits as written), H (the sum
#: of the counts of its distinct substitutes) and its mode (None when it has none).
GoldEntry = tuple[dict[bytes, bytes], int, bytes | None]


class OfficialGold:
    """The gold as the official scorer holds it after reading.

    ``substitutes`` maps the id of every item of T that has at least one readable field to its
    substitutes and their counts, as the digits written in the file (a substitute repeated on
    a line keeps its last count; an id on several lines merges them). ``modes`` maps ids to
    their mode (a mode Perl finds false, ``"0"``, is counted in ``total_modes`` but left out).
    ``total_items`` (|T|) and ``total_modes`` are the original's counters: they count lines,
    not distinct ids.
    """

    __slots__ = (
        "error_lines",
        "hyphenated",
        "modes",
        "repeated_ids",
        "substitutes",
        "total_items",
        "total_modes",
    )

    def __init__(self) -> None:
        self.substitutes: dict[bytes, dict[bytes, bytes]] = {}
        self.modes: dict[bytes, bytes] = {}
        self.total_items = 0
        self.total_modes = 0
        #: Ids with a substitute containing ``-`` (their spaced spelling earns the same credit).
        self.hyphenated: set[bytes] = set()
        #: Ids of T on more than one gold line -> their 1-based lines (filled only when any).
        self.repeated_ids: dict[bytes, list[int]] = {}
        #: mw only: the ``Error in GOLD on line N`` lines the original prints while reading.
        self.error_lines: list[int] = []

    def take(self, ident: bytes) -> GoldEntry | None:
        """The item ``ident`` for scoring, once: (credit counts, H, mode); None when it is not
        an item of T with a readable field, or was taken already."""
        counts = self.substitutes.pop(ident, None)
        if counts is None:
            return None
        human = sum(map(count_value, counts.values()))
        if ident in self.hyphenated:
            counts = self.credits_of(counts)
        return counts, human, self.modes.get(ident)

    def finish(self) -> None:
        """Complete the totals (nothing left to do once the whole file has been read)."""

    @staticmethod
    def credits_of(counts: dict[bytes, bytes]) -> dict[bytes, bytes]:
        """The counts an answer can earn: the substitutes, plus for a hyphenated substitute its
        spelling with spaces. A substitute written with spaces on the line keeps its own count
        (in the original the result depends on hash order there: we pick this one)."""
        merged: dict[bytes, bytes] = {}
        for substitute, count in counts.items():
            if HYPHEN in substitute:
                merged.setdefault(substitute.replace(b"-", b" "), count)
        merged.update(counts)
        return merged


#: Bytes of the gold data read per ``findall`` call, so a huge gold never exists twice.
_CHUNK = 1 << 22


def line_chunks(data: bytes, size: int = _CHUNK) -> Iterator[tuple[int, int]]:
    """(start, end) ranges of ``data`` made of whole lines, for ``findall(data, start, end)``.

    Each range ends at a newline (excluded) or at the end of the data; a final newline opens
    no further line, as in Perl.
    """
    if not data:
        return
    length = len(data) - 1 if data.endswith(b"\n") else len(data)
    start = 0
    while True:
        end = data.find(b"\n", start + size, length) if start + size < length else -1
        if end < 0:
            yield start, length
            return
        yield start, end
        start = end + 1


_SECOND = itemgetter(1)


#: A run of whole lines: the lines of ``buffer[start:end]`` (see line_chunks), and whether any
#: line follows them.
LineChunk = tuple[bytes, int, int, bool]


def chunks_of_bytes(data: bytes) -> Iterator[LineChunk]:
    """The lines of ``data`` in line_chunks' ranges, as LineChunks."""
    spans = list(line_chunks(data))
    for index, (start, end) in enumerate(spans, 1):
        yield data, start, end, index < len(spans)


def chunks_of_file(read: Callable[[int], bytes], size: int = _CHUNK) -> Iterator[LineChunk]:
    """The lines of a file read ``size`` bytes at a time with ``read``, as LineChunks: the
    lines line_chunks finds in the whole file, without the whole file in memory at once.

    A block's complete lines are handed on as they are, without copying; the line that runs
    from one block into the next is joined and handed on alone.
    """
    pending: tuple[bytes, int, int] | None = None
    for piece in _file_pieces(read, size):
        if pending is not None:
            yield (*pending, True)
        pending = piece
    if pending is not None:
        yield (*pending, False)


def _file_pieces(read: Callable[[int], bytes], size: int) -> Iterator[tuple[bytes, int, int]]:
    carry = b""  # the start of a line whose end is in a later block
    while True:
        block = read(size)
        if not block:
            if carry:  # the last line, without a final newline
                yield carry, 0, len(carry)
            return
        first = block.find(b"\n")
        if first < 0:
            carry += block
            continue
        start = 0
        if carry:
            line = carry + block[:first]
            yield line, 0, len(line)
            start = first + 1
        last = block.rfind(b"\n")
        if last >= start:
            yield block, start, last
        carry = block[last + 1:]


#: Every field of a plain gold line: from its first word character, a substitute of two
#: characters or more, then a space and digits up to the end of the field.
PLAIN_FIELD = re.compile(rb"(\w[^;]+) (\d+)(?:;|\Z)")


def plain_pairs(stripped: bytes, release: Release) -> list[tuple[bytes, bytes]] | None:
    """The (substitute, count digits) of every field, when every field of ``stripped`` is plain;
    None when one is not.

    A field is plain when all its characters are of the release's substitute class and it ends
    with a space and digits. The release's per-field search (``Release.fields``) can only start
    at a word character; from there its greedy substitute runs over the rest of the field and
    gives back characters up to the space before the final digits, if that leaves it two
    characters or more; otherwise the search fails there and at every later start. PLAIN_FIELD,
    anchored by ``;`` or the end instead of scanning each field, finds the same start, the same
    substitute and the same digits, far faster. It finds nothing in a field that does not end
    with a space and digits, and it cannot find two matches in one field (each match runs to the
    field's end), so a count short of the fields means "not plain". The characters are checked
    with one translate (release.plain_marks).
    """
    marked = stripped.translate(release.plain_marks)
    if 0 in marked:
        return None
    pairs = PLAIN_FIELD.findall(stripped)
    return pairs if len(pairs) == stripped.count(b";") + 1 else None


def ordinary_line(rest: bytes, release: Release
                  ) -> tuple[bytes, list[tuple[bytes, bytes]]] | bytes | None:
    """Read an ordinary gold line without the general machinery, or say it is unusual.

    Returns (fields text, [(substitute, count digits)]) for a line of T, the count digits of a
    one-field line whose count is not above 1 (not in T), or None for anything unusual (no
    field left, a count starting with 0, a one-field line without count, no readable field, a
    substitute Perl finds false), which _GoldReader.read_line handles exactly. Kept beside
    read_line because it pays: scoring 100,000 (1,000,000) best items takes 4-6% (11%) more
    CPU with every line read by read_line (benchmarks/bench_parser_paths.py).
    """
    stripped = rest.rstrip(b";")
    if stripped.find(b"pn") >= 0:
        fields = stripped.split(b";")
        fields = [f for f in fields if b"pn" not in f] if release.drops_pn_containing \
            else [f for f in fields if f != b"pn"]
        stripped = b";".join(fields)
    if not stripped or stripped.find(b" 0") >= 0:
        return None
    pairs = plain_pairs(stripped, release)
    if pairs is None:
        if SEMICOLON not in stripped:  # one field: in T when its count is above 1
            found = release.first_count.search(stripped)
            if found is None:
                return None
            if count_value(found.group(1)) <= 1:
                return found.group(1)
        pairs = release.fields.findall(stripped)
        if not pairs:
            return None
    elif len(pairs) == 1 and count_value(pairs[0][1]) <= 1:
        # The first-count search finds the same digits in a plain field.
        return pairs[0][1]
    if release.drops_gold_apostrophe and APOSTROPHE in stripped:
        pairs = [(sub.replace(b"'", b"", 1), count) for sub, count in pairs]
        if pairs[0][0] == b"0":
            return None
    return stripped, pairs


def mode_of(stripped: bytes, pairs: list[tuple[bytes, bytes]]) -> bytes | None:
    """The mode of an ordinary line: its first substitute, unless a later field has the same
    count. (No count starts with 0 on an ordinary line, so below 2**64 equal numbers are equal
    digits; counting the digits in the text first spares the search on most lines. Beyond,
    Perl compares doubles, which different digits can make equal.)"""
    mode, digits = pairs[0]
    if len(digits) > 19:
        first = perl_count(digits)
        later = map(perl_count, map(_SECOND, pairs[1:]))
        return None if first in later else mode
    if stripped.count(digits) > 1 and digits in map(_SECOND, pairs[1:]):
        return None
    return mode


#: A field of a usual gold line: a substitute of two characters or more, the first an ASCII
#: word character, the others ASCII word characters, apostrophes, hyphens or white space but
#: the newline (all of them in both releases' substitute class), then a space and a count
#: without leading zeros below 10**18.
_USUAL_FIELD = rb"[A-Za-z0-9_][A-Za-z0-9_'\- \t\r\f\v]+ [1-9][0-9]{0,17}"
#: A best/oot gold line as GOLD_LINE finds it, one row per line: (id, fields, b"") when its
#: fields are all usual (the trailing ``;`` left out), else (id, b"", ``::`` and the text after
#: it; a usual line starts with a word character, never with ``:``). Both alternatives follow
#: the match of the id that GOLD_LINE finds: once its lazy prefix is fixed, an id (non-spaces
#: between a space and `` :: ``) has a single reading, and the second alternative matches
#: wherever the first fails. A usual line's fields are read by PLAIN_FIELD exactly as the
#: release's per-field search reads them (see plain_pairs); what else the general rules do to
#: a line (dropping "pn" fields, deleting apostrophes) is left to usual_entry. Sorting the
#: lines this way while splitting the file costs less than checking each line's characters
#: when it is taken.
GOLD_ROWS = LazyPattern(rb"(?m)^[^\n]*?[\w.]+ (\S+)(?: :: (" + _USUAL_FIELD + rb"(?:;"
                        + _USUAL_FIELD + rb")*+);*$| (:: [^\n]*))")
#: The first byte of an unusual line's GOLD_ROWS text (``:``).
UNUSUAL = ord(":")
_FIRST = itemgetter(0)
_THIRD = itemgetter(2)


#: usual_entry's answer for a line that is not an item of T (one field of count 1).
NOT_IN_T: GoldEntry = ({}, 0, None)


def usual_entry(usual: bytes) -> GoldEntry | None:
    """The item of a usual gold line (GOLD_ROWS' fields), as read_line reads it: its credit
    counts, H and mode; NOT_IN_T when the line is not an item of T; None when read_line must
    read it (a field containing "pn", which the final release drops, or a first substitute
    "0'", which the apostrophe's deletion makes Perl-false)."""
    if usual.find(b"pn") >= 0 or usual.startswith(b"0' "):
        return None
    pairs = PLAIN_FIELD.findall(usual)
    if APOSTROPHE in usual:  # the final release deletes the first of each substitute
        pairs = [(sub.replace(b"'", b"", 1), count) for sub, count in pairs]
    mode: bytes | None
    mode, digits = pairs[0]
    if len(pairs) == 1:
        if count_value(digits) <= 1:
            return NOT_IN_T
    # A later field with the same count cancels the mode: its count is the digits between a
    # space and the field's end (no count starts with 0 on a usual line, so equal numbers are
    # equal digits).
    elif usual.count(digits) > 1 and (usual + b";").find(b" %b;" % digits,
                                                         usual.find(b";")) >= 0:
        mode = None
    counts = dict(pairs)
    human = sum(map(count_value, counts.values()))
    if HYPHEN in usual:
        counts = OfficialGold.credits_of(counts)
    return counts, human, mode


class LazyGold:
    """The final release's gold, read when scoring asks for an item.

    The file is only split into lines and ids up front (GOLD_ROWS: its usual lines are known
    then); a line is parsed when the system file first names its id, and finish() parses the
    lines no system line named, for the totals. The result is the one OfficialGold gives,
    without building every item first. (Not for the trial release, whose count carries over
    from line to line, nor for a gold that names an id twice: read_official_gold handles those.)
    """

    __slots__ = ("raw", "release", "repeated_ids", "total_items", "total_modes")

    def __init__(self, raw: dict[bytes, bytes], release: Release) -> None:
        #: id -> its line as GOLD_ROWS reads it (the fields of a usual line, else ``::`` and
        #: the text after it), until the item is taken.
        self.raw = raw
        self.release = release
        self.total_items = 0
        self.total_modes = 0
        self.repeated_ids: dict[bytes, list[int]] = {}

    def take(self, ident: bytes) -> GoldEntry | None:
        text = self.raw.pop(ident, None)
        if text is None:
            return None
        if text[0] != UNUSUAL:
            entry = usual_entry(text)
            if entry is not None:
                if entry is NOT_IN_T:
                    return None
                self.total_items += 1
                if entry[2] is not None:
                    self.total_modes += 1
                return entry
            return self.read_line(ident, text)
        return self.read_line(ident, text[3:])

    def read_line(self, ident: bytes, rest: bytes) -> GoldEntry | None:
        """The item of the gold line ``rest`` of ``ident``, taken from ``raw`` by the caller,
        read by the general rules (ordinary_line, else the full reading), counted in the totals."""
        parsed = ordinary_line(rest, self.release)
        if parsed.__class__ is not tuple:  # None: unusual; the count digits: not in T
            return None if parsed else self._take_unusual(ident, rest)
        stripped, pairs = parsed
        self.total_items += 1
        counts = dict(pairs)
        human = sum(map(count_value, counts.values()))
        mode = mode_of(stripped, pairs)
        if mode is not None:
            self.total_modes += 1
        if HYPHEN in stripped:
            counts = OfficialGold.credits_of(counts)
        return counts, human, mode

    def _take_unusual(self, ident: bytes, rest: bytes) -> GoldEntry | None:
        reader = _GoldReader(self.release)
        reader.read_line(ident, rest)
        reader.drop_false_modes()
        gold = reader.gold
        self.total_items += gold.total_items
        self.total_modes += gold.total_modes
        return gold.take(ident)

    def finish(self) -> None:
        """Count the items no system line asked for into the totals."""
        # Listing the ids once keeps this linear: looking for the first key left after many
        # pops walks over every popped slot of the dict.
        for ident in list(self.raw):
            self.take(ident)


class _GoldReader:
    """Reads gold lines into an OfficialGold, carrying the original's state between lines."""

    def __init__(self, release: Release) -> None:
        self.release = release
        self.gold = OfficialGold()
        self.carried: bytes | None = None
        self.unreadable_ids: set[bytes] = set()

    def read_line(self, ident: bytes, rest: bytes) -> bool:
        """Read one gold line faithfully, whatever it holds; True when it belongs to T."""
        release = self.release
        gold = self.gold
        fields = perl_split(rest)
        if release.drops_pn_containing:
            fields = [f for f in fields if b"pn" not in f]
        else:
            fields = [f for f in fields if f != b"pn"]
        number = self.carried if release.count_carries_over else None
        if fields:
            found = release.first_count.search(fields[0])
            if found:
                number = found.group(1)
        self.carried = number
        if len(fields) <= 1 and (number is None or perl_count(number) <= 1):
            return False
        gold.total_items += 1
        pairs = release.fields.findall(b";".join(fields))
        if not pairs:
            self.unreadable_ids.add(ident)
            return True
        self.carried = pairs[-1][1]
        counts = gold.substitutes.get(ident)
        if counts is None:
            counts = gold.substitutes[ident] = {}
        mode: bytes | None = None
        mode_count: Count = 0
        mode_cancelled = False
        for substitute, digits in pairs:
            if release.drops_gold_apostrophe:
                substitute = substitute.replace(b"'", b"", 1)
            count = perl_count(digits)
            if not perl_true(mode):
                mode = substitute
                mode_count = count
                gold.modes[ident] = substitute
                gold.total_modes += 1
            elif not mode_cancelled and count == mode_count:
                gold.modes.pop(ident, None)
                gold.total_modes -= 1
                mode_cancelled = True
            counts[substitute] = digits
            if HYPHEN in substitute:
                gold.hyphenated.add(ident)
        return True

    def read_exact(self, data: bytes) -> OfficialGold:
        """Read a whole file line by line with read_line (no shortcut)."""
        for ident, rest in GOLD_LINE.findall(data):
            self.read_line(ident, rest)
        return self.gold

    def read(self, data: bytes) -> OfficialGold | None:
        """Read a whole file in order (the trial release's count carries over from line to
        line). Returns None when an id of T is on several lines: merging them needs
        read_exact."""
        gold = self.gold
        substitutes = gold.substitutes
        modes = gold.modes
        release = self.release
        for start, end in line_chunks(data):
            for ident, rest in GOLD_LINE.findall(data, start, end):
                parsed = ordinary_line(rest, release)
                if parsed is None:
                    self.read_line(ident, rest)
                elif isinstance(parsed, bytes):
                    self.carried = parsed
                else:
                    stripped, pairs = parsed
                    self.carried = pairs[-1][1]
                    gold.total_items += 1
                    substitutes[ident] = dict(pairs)
                    mode = mode_of(stripped, pairs)
                    if mode is not None:
                        modes[ident] = mode
                        gold.total_modes += 1
                    if HYPHEN in stripped:
                        gold.hyphenated.add(ident)
        distinct = len(substitutes) + len(self.unreadable_ids.difference(substitutes))
        return gold if distinct == gold.total_items else None

    def drop_false_modes(self) -> None:
        """Forget modes Perl finds false (``"0"``): they count in total_modes but never act."""
        modes = self.gold.modes
        if b"0" in modes.values():
            for ident in [ident for ident, mode in modes.items() if mode == b"0"]:
                del modes[ident]


def read_official_gold(data: bytes, release: Release) -> OfficialGold:
    """Read a best/oot gold file as the official scorer does (non-matching lines are skipped)."""
    reader = _GoldReader(release)
    gold = reader.read(data)
    if gold is None:
        reader = _GoldReader(release)
        gold = reader.read_exact(data)
        gold.repeated_ids = _repeated_ids(data, release)
    reader.drop_false_modes()
    return gold


def open_official_gold(data: bytes, release: Release) -> OfficialGold | LazyGold:
    """The gold for scoring: a LazyGold where the release and the file allow it, else the
    fully read OfficialGold. Both offer take() and finish() and the same totals."""
    if release.count_carries_over:
        return read_official_gold(data, release)
    raw: dict[bytes, bytes] = {}
    lines = 0
    for start, end in line_chunks(data):
        rows = GOLD_ROWS.findall(data, start, end)
        lines += len(rows)
        # One of the two texts is empty: adding them makes no copy.
        raw.update(zip(map(_FIRST, rows), map(add, map(_SECOND, rows), map(_THIRD, rows)),
                       strict=True))
    if len(raw) != lines:  # an id on several lines
        return read_official_gold(data, release)
    return LazyGold(raw, release)


def _repeated_ids(data: bytes, release: Release) -> dict[bytes, list[int]]:
    """The ids of T found on more than one gold line, with their 1-based line numbers.

    Only called when the counters show a repeated id, so the common case pays nothing for it.
    """
    reader = _GoldReader(release)
    lines_by_id: dict[bytes, list[int]] = {}
    for number, line in enumerate(io.BytesIO(data), 1):
        match = GOLD_LINE.search(line)
        if match is not None and reader.read_line(match.group(1), match.group(2)):
            lines_by_id.setdefault(match.group(1), []).append(number)
    return {ident: lines for ident, lines in lines_by_id.items() if len(lines) > 1}


#: The usual multiword gold lines, read from one findall per chunk of lines, as rows (one, id,
#: fields text): a line whose first field is its characters (those of both releases'
#: substitutes) and a count of 1 (``one`` is set: such a line is never an item, and most lines
#: are like it), any other ``lexelt id :: fields`` line with single spaces, or a blank line
#: (everything empty). Where a line matches, MW_GOLD_SCAN's leftmost match starts at the same
#: place with the same id and fields (its \s runs meet exactly these single spaces), and the
#: release's first-count search finds the count 1 in such a first field: it starts at the
#: field's start and its greedy run backs off to the field's last space and digits. A chunk
#: with any other line goes through MW_GOLD_SCAN, which also finds the error lines.
#: (The classes are spelled out: the engine tests a class of ranges, unlike one that names
#: \w, with one lookup per byte. In a bytes pattern \w is [A-Za-z0-9_] and \s [ \t\n\r\f\v].)
MW_GOLD_PLAIN = LazyPattern(rb"(?m)^(?:[A-Za-z0-9_.]+ [0-9]+ :: [A-Za-z0-9_\- \t\r\f\v]+( 1)"
                           rb"(?:;[^\n]*)?|[A-Za-z0-9_.]+ ([0-9]+) :: ([^\n]*)|[ \t\r\f\v]*)$")
_ONE = b"1"


def _mw_gold_rows(data: bytes, start: int, end: int, number: int,
                  error_lines: list[int]) -> list[tuple[bytes, bytes, bytes]]:
    """The MW_GOLD_PLAIN rows of the lines of ``data[start:end]``, or for a chunk that has
    another line, rows (b"", id, fields text) with an empty id for lines that do not match
    (the non-blank ones are added to ``error_lines``, numbered from ``number + 1``)."""
    rows = MW_GOLD_PLAIN.findall(data, start, end)
    if len(rows) == data.count(b"\n", start, end) + 1:
        return rows
    rows = []
    for line, (_, ident, rest, other) in enumerate(MW_GOLD_SCAN.findall(data, start, end),
                                                   number + 1):
        # bytes.isspace() is Perl's \s exactly
        if not ident and other and not other.isspace():
            error_lines.append(line)
        rows.append((b"", ident, rest))
    return rows


def read_official_mw_gold(data: bytes, release: Release) -> OfficialGold:
    """Read a multiword gold file as the official scorer does.

    An item counts when its first field's count is above 1; its mode is the first field with a
    count above 1, cancelled by a later field with the same count. Non-blank lines that do not
    match are recorded in ``error_lines`` (the original prints them while reading).
    """
    if release.name == "final":
        return _read_final_mw_gold(data, release)
    gold = OfficialGold()
    modes = gold.modes
    first_count = release.first_count.search
    carries = release.count_carries_over
    apostrophes = release.drops_gold_apostrophe
    value = count_value
    carried: bytes | None = None
    total_items = 0
    total_modes = 0
    number = 0
    for start, end in line_chunks(data):
        rows = _mw_gold_rows(data, start, end, number, gold.error_lines)
        number += len(rows)
        for one, ident, rest in rows:
            if not ident:
                if one:  # a line that is not an item: its count is 1
                    carried = _ONE
                continue
            stripped = rest.rstrip(b";")
            pairs = plain_pairs(stripped, release)
            if pairs is not None:
                carried = pairs[0][1]  # the first-count search finds these digits
            else:
                # The first field's count decides whether the line is an item (the original
                # searches the first field of its split).
                semicolon = stripped.find(b";")
                found = first_count(stripped, 0,
                                    semicolon if semicolon >= 0 else len(stripped))
                if found is not None:
                    carried = found.group(1)
                elif not carries:
                    carried = None
            if carried is None or value(carried) <= 1:
                continue
            total_items += 1
            if pairs is None or (apostrophes and APOSTROPHE in stripped):
                if pairs is None:
                    pairs = release.fields.findall(stripped)
                carried, mode_change = _mw_mode(ident, pairs, carried, release, modes)
                total_modes += mode_change
                continue
            # A plain line: its first count, above 1, makes the first multiword (two
            # characters or more, so never Perl-false) the mode, unless a later count equals it.
            multiword, digits = pairs[0]
            carried = pairs[-1][1]
            if len(pairs) > 1:
                later = list(map(_SECOND, pairs[1:]))
                if digits in later:
                    modes.pop(ident, None)
                    continue
                # Different digits can still be equal numbers (leading zeros, or beyond 64
                # bits where Perl compares doubles): those lines take the general reading.
                if stripped.find(b" 0") >= 0 or len(max(later, key=len)) > 19 \
                        or len(digits) > 19:
                    carried, mode_change = _mw_mode(ident, pairs, carried, release, modes)
                    total_modes += mode_change
                    continue
            modes[ident] = multiword
            total_modes += 1
    gold.total_items = total_items
    gold.total_modes = total_modes
    # A mode Perl finds false ("0") counts in the total but is never genuine: scoring only
    # needs the others.
    for ident in [ident for ident, mode in modes.items() if mode == b"0"]:
        del modes[ident]
    return gold


def _mw_mode(ident: bytes, pairs: list[tuple[bytes, bytes]], carried: bytes | None,
             release: Release, modes: dict[bytes, bytes]) -> tuple[bytes | None, int]:
    """Read the multiwords of an item of MW and record its mode in ``modes``. Returns the count
    digits read last (``carried`` when there are none; the trial release carries them to the
    next line) and the change to the number of modes."""
    total_modes = 0
    mode: bytes | None = None
    mode_count: Count = 0
    mode_cancelled = False
    for multiword, digits in pairs:
        carried = digits
        if release.drops_gold_apostrophe:
            multiword = multiword.replace(b"'", b"", 1)
        count = perl_count(digits)
        if not perl_true(mode) and count > 1:
            mode = multiword
            mode_count = count
            modes[ident] = multiword
            total_modes += 1
        elif not mode_cancelled and perl_true(mode) and count == mode_count:
            modes.pop(ident, None)
            total_modes -= 1
            mode_cancelled = True
    return carried, total_modes


#: A multiword gold line as the final release reads most of them, one row per line: (id, first
#: multiword, its count, the other fields) for a ``lexelt id :: fields`` line with single spaces
#: whose fields are all "multiword count" with a count without leading zeros (so that equal
#: digits are equal numbers, all below 2**63); (b"", b"", b"", b"", the line) for any other line.
#: Where the first alternative matches, the original's line pattern, first-count search and
#: per-field search all find these groups: they start at the line's, the field's first
#: character, and their greedy runs give back characters to the field's last space and digits.
#: Non-ASCII bytes, tabs, CRs, leading zeros and empty fields send a line to the general reading.
#: A later field, ``\w[\w'\- ]+ [1-9][0-9]{0,17}`` up to the next ';' or the line's end. The look
#: ahead lets the repetition of later fields be possessive: a field cannot end elsewhere, so
#: no other split of the line can match. (A run that never gives characters back, checked by
#: 18 look-behinds, one per length of the count, matches 3-4% faster but takes some 3 ms to
#: compile, which is more than it saves below a million lines.)
_FINAL_LATER_FIELD = rb"\w[\w'\- ]+ [1-9][0-9]{0,17}(?=;|$)"
MW_GOLD_ROWS = LazyPattern(
    rb"(?m)^(?:[A-Za-z0-9_.]++ ([0-9]++) :: (\w[\w'\- ]+) ([1-9][0-9]{0,17})"
    rb"((?:;" + _FINAL_LATER_FIELD + rb")*+;?)|([^\n]*))$")


def _read_final_mw_gold(data: bytes, release: Release) -> OfficialGold:
    """read_official_mw_gold for the final release, whose count does not carry over from line
    to line: each line is read on its own, most of them from MW_GOLD_ROWS' groups."""
    gold = OfficialGold()
    modes = gold.modes
    total_items = total_modes = 0
    unreadable: list[tuple[bytes, ...]] = []
    number = 0
    for start, end in line_chunks(data):
        rows = MW_GOLD_ROWS.findall(data, start, end)
        for row in rows:
            ident, multiword, digits, rest, line = row
            if digits == _ONE:  # the first count is 1: not an item
                continue
            if ident and APOSTROPHE not in multiword:
                total_items += 1
                # A later field with the same count cancels the mode; its count is the digits
                # between a space and the field's end.
                if rest.find(digits) >= 0 and (rest + b";").find(b" %s;" % digits) >= 0:
                    modes.pop(ident, None)
                else:
                    modes[ident] = multiword
                    total_modes += 1
                continue
            if ident:  # the original deletes the first apostrophe of each multiword
                rest = b"%s %s%s" % (multiword, digits, rest)
            else:
                if not line or line.isspace():  # bytes.isspace() is Perl's \s exactly
                    continue
                _, ident, rest, _ = MW_GOLD_SCAN.match(line).groups()
                if not ident:
                    unreadable.append(row)
                    continue
            items, mode_change = _read_mw_item(ident, rest, release, modes)
            total_items += items
            total_modes += mode_change
        if unreadable:
            # Numbered only now: the common case, a file without such lines, never counts.
            wanted = iter(unreadable)
            next_row = next(wanted)
            for line_number, row in enumerate(rows, number + 1):
                if row is next_row:
                    gold.error_lines.append(line_number)
                    next_row = next(wanted, None)
            unreadable.clear()
        number += len(rows)
    gold.total_items = total_items
    gold.total_modes = total_modes
    for ident in [ident for ident, mode in modes.items() if mode == b"0"]:
        del modes[ident]
    return gold


def _read_mw_item(ident: bytes, rest: bytes, release: Release,
                  modes: dict[bytes, bytes]) -> tuple[int, int]:
    """Read the fields text of one multiword gold line, any line, as the final release does:
    (1 when it is an item else 0, the change to the number of modes)."""
    stripped = rest.rstrip(b";")
    semicolon = stripped.find(b";")
    found = release.first_count.search(stripped, 0,
                                       semicolon if semicolon >= 0 else len(stripped))
    if found is None or count_value(found.group(1)) <= 1:
        return 0, 0
    _, mode_change = _mw_mode(ident, release.fields.findall(stripped), None, release, modes)
    return 1, mode_change
