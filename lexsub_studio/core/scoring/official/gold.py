"""The official scorer's reading of gold files, quirks included.

Two readers: ``read_official_gold`` for best and oot (``lexelt id :: sub count;sub count;``) and
``read_official_mw_gold`` for multiwords. Both keep per item only what scoring needs, in compact
form (a dict of counts per item), so that a million items fit in memory.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from lexsub_studio.core.scoring.official.perl import (
    HYPHEN,
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
GoldEntry = tuple[dict[bytes, bytes], int | float, bytes | None]


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

    def drop_false_modes(self) -> None:
        """Forget modes Perl finds false (``"0"``): they count in total_modes but never act."""
        modes = self.gold.modes
        if b"0" in modes.values():
            for ident in [ident for ident, mode in modes.items() if mode == b"0"]:
                del modes[ident]


def read_official_gold(data: bytes, release: Release) -> OfficialGold:
    """Read a best/oot gold file as the official scorer does (non-matching lines are skipped)."""
    reader = _GoldReader(release)
    gold = reader.read_exact(data)
    distinct = len(gold.substitutes) + len(reader.unreadable_ids.difference(gold.substitutes))
    if distinct != gold.total_items:  # an id of T on several lines: say which
        gold.repeated_ids = _repeated_ids(data, release)
    reader.drop_false_modes()
    return gold


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


def read_official_mw_gold(data: bytes, release: Release) -> OfficialGold:
    """Read a multiword gold file as the official scorer does.

    An item counts when its first field's count is above 1; its mode is the first field with a
    count above 1, cancelled by a later field with the same count. Non-blank lines that do not
    match are recorded in ``error_lines`` (the original prints them while reading). The trial
    release carries the count last read over to a line whose first field has none.
    """
    gold = OfficialGold()
    modes = gold.modes
    first_count = release.first_count.search
    carries = release.count_carries_over
    carried: bytes | None = None
    number = 0
    for start, end in line_chunks(data):
        for _, ident, rest, other in MW_GOLD_SCAN.findall(data, start, end):
            number += 1
            if not ident:
                # bytes.isspace() is Perl's \s exactly
                if other and not other.isspace():
                    gold.error_lines.append(number)
                continue
            stripped = rest.rstrip(b";")
            # The first field's count decides whether the line is an item (the original
            # searches the first field of its split).
            semicolon = stripped.find(b";")
            found = first_count(stripped, 0, semicolon if semicolon >= 0 else len(stripped))
            if found is not None:
                carried = found.group(1)
            elif not carries:
                carried = None
            if carried is None or count_value(carried) <= 1:
                continue
            gold.total_items += 1
            carried, mode_change = _mw_mode(ident, release.fields.findall(stripped), carried,
                                            release, modes)
            gold.total_modes += mode_change
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
