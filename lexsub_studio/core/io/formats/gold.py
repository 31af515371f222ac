"""Gold and multiword gold files: ``lexelt id :: sub freq;sub freq;`` (one line per item).

The reader takes the variations of the official and later datasets: a leading blank line and no
final newline, CRLF and a BOM, lexelts with spaces and upper-case PoS letters, ``; `` separators,
substitutes with digits, dots, apostrophes or upper case (the count is the last token), and a
substitute given twice on a line (merged, with a warning).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from sys import intern

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.io.formats.itemline import ItemLine, check_writable_key
from lexsub_studio.core.io.formats.line_reader import (
    ItemStats,
    LineReader,
    read_text_file,
)
from lexsub_studio.core.io.formats.textfile import decode_utf8
from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.diagnostics import Diagnostics

_COUNT = re.compile(r"[0-9]+")
#: The largest count read. A count is how many annotators gave the substitute; a billion
#: leaves room for any pooled dataset, and any line of counts up to it adds up exactly in the
#: 64-bit integers and doubles that scoring uses (a line holds at most 8 MiB). Larger counts
#: (up to thousands of digits, which Python's int() refuses) are errors, not tracebacks.
MAX_COUNT = 1_000_000_000
_MAX_COUNT_DIGITS = len(str(MAX_COUNT))
#: A count the reader refuses as too large (a positive count is valid, 0 not a count at all).
COUNT_TOO_LARGE = -1
#: How much of a long entry a message quotes.
_QUOTED_CHARACTERS = 60
#: An entry clean scoring removes that deserves a note: one made only of hyphens and apostrophes
#: (nothing is left of it under the spelling rule), or the flag pn or nil in any case (the exact
#: lower-case flags are the usual spelling and get none). Searched in ";" + the entries, so
#: that every match starts with a literal ";", which the search finds fast.
_NOTED_ENTRY = re.compile(
    r";\s*(?P<sub>[-'\u2019][-'\u2019\s]*?|P[nN]|pN|N[iI][lL]|n(?:I[lL]|iL))\s+[0-9]+\s*(?=;|$)")
_FLAG_NAMES = {"pn": "the flag 'pn' (proper name)", "nil": "the flag 'nil' (no substitute)"}


@dataclass(slots=True)
class GoldStats(ItemStats):
    """The counts of a gold file (``lines``, ``blank_lines``, ``ignored_lines`` and these)."""

    items: int = 0
    entries: int = 0
    ignored_entries: int = 0
    merged_entries: int = 0


@dataclass(slots=True)
class GoldReadResult:
    items: list[GoldItem]
    diagnostics: Diagnostics
    stats: GoldStats = field(default_factory=GoldStats)
    multiword: bool = False
    path: str = "<input>"


def read_gold(path: str | Path, *, multiword: bool = False) -> GoldReadResult:
    return read_text_file(path, partial(_parse_gold_text, multiword=multiword))


def read_gold_bytes(data: bytes, path: str = "<input>", *,
                    multiword: bool = False) -> GoldReadResult:
    return parse_gold_text(decode_utf8(data, path), path, multiword=multiword)


def parse_gold_text(text: str, path: str = "<input>", *, multiword: bool = False) -> GoldReadResult:
    return _parse_gold_text(text, path, multiword)


def _wrong_separator(separator: str) -> str:
    return "':::' separates an oot system line; gold lines use ' :: '; line ignored"


def _parse_gold_text(text: str, path: str, multiword: bool) -> GoldReadResult:
    stats = GoldStats()
    reader = LineReader(path, stats)
    diagnostics = reader.diagnostics
    items: list[GoldItem] = []
    for number, parsed in reader.item_lines(text, "::", _wrong_separator):
        if parsed.glued:
            diagnostics.warning(
                "no-space-after-separator",
                "no space after '::' (the official scorer skips such a gold line)",
                number, parsed.separator_column)
        ignored_before = stats.ignored_entries
        entries = _parse_entries(parsed, number, diagnostics, stats, multiword)
        if _NOTED_ENTRY.search(";" + parsed.rest):
            _note_removed_entries(parsed, number, diagnostics)
        if not entries and stats.ignored_entries == ignored_before:
            diagnostics.warning("no-entries",
                                f"{parsed.lexelt} {parsed.id} has no substitutes", number)
        items.append(GoldItem(intern(parsed.lexelt), parsed.id, entries, number))
        stats.items += 1
        stats.entries += len(entries)
    return GoldReadResult(items, diagnostics, stats, multiword, path)


def _parse_entries(parsed: ItemLine, line: int, diagnostics: Diagnostics,
                   stats: GoldStats, multiword: bool) -> list[tuple[str, int]]:
    if not multiword:
        entries = _well_formed_entries(parsed.rest)
        if entries is not None:
            _note_unsorted(entries, line, diagnostics)
            return entries
    counts: dict[str, int] = {}
    first_column: dict[str, int] = {}
    offset = parsed.rest_offset
    for raw in parsed.rest.split(";"):
        field_offset = offset
        offset += len(raw) + 1
        entry = raw.strip()
        if not entry:
            continue
        # The count is the last whitespace token, so substitutes may hold digits and spaces.
        parts = entry.rsplit(None, 1)
        if len(parts) == 2:
            substitute, count_text = parts[0].rstrip(), parts[1]
        else:
            substitute, count_text = "", entry
        count = read_count(count_text)
        column = field_offset + len(raw) - len(raw.lstrip()) + 1
        if (not substitute or count <= 0 or substitute in counts or multiword) and not (
                _check_entry(entry, substitute, count_text, count, column, counts,
                             first_column, line, diagnostics, stats, multiword)):
            continue
        counts[substitute] = count
        first_column[substitute] = column
    entries = list(counts.items())
    _note_unsorted(entries, line, diagnostics)
    return entries


def _note_removed_entries(parsed: ItemLine, line: int, diagnostics: Diagnostics) -> None:
    """Say which entries clean scoring will remove under a rule the file's reader may not
    expect (docs/metrics.md: the spelling rule, pn and nil entries)."""
    for match in _NOTED_ENTRY.finditer(";" + parsed.rest):
        substitute = match.group("sub").strip()
        column = parsed.rest_offset + match.start("sub")  # 1-based: the ";" added shifts it
        flag = substitute.lower()
        if flag in _FLAG_NAMES:
            if substitute == flag:
                continue
            diagnostics.info(
                "flag-in-other-case",
                f"entry '{substitute}' is {_FLAG_NAMES[flag]} written with capitals; clean "
                "scoring removes it as it removes 'pn' and 'nil' (the official scorer keeps it "
                "as a substitute)", line, column)
        else:
            diagnostics.info(
                "empty-after-spelling",
                f"entry '{substitute}' is only hyphens and apostrophes: nothing is left of it "
                "once hyphens are read as spaces and apostrophes deleted, so clean scoring "
                "removes it (its count is not a response)", line, column)


def _note_unsorted(entries: list[tuple[str, int]], line: int, diagnostics: Diagnostics) -> None:
    counts = [count for _, count in entries]
    if counts != sorted(counts, reverse=True):
        diagnostics.info("unsorted-entries",
                         "entries are not in descending count order (the official scorer "
                         "takes the first entry with the highest count as the mode)", line)


def _well_formed_entries(rest: str) -> list[tuple[str, int]] | None:
    """The entries of a line with nothing to report, or None (then the reporting path runs).

    Nearly every line of a real gold file is well formed; this path skips the column
    bookkeeping that only a problem needs. Kept beside the reporting path because it pays:
    reading a gold of 100,000 (1,000,000) lines takes 8-13% (13%) more CPU without it
    (benchmarks/bench_parser_paths.py).
    """
    entries = []
    for raw in rest.split(";"):
        # Usually "substitute count" with one space; other spacing takes the general split.
        substitute, _, count = raw.rpartition(" ")
        if not (count.isdigit() and count.isascii()):
            parts = raw.rsplit(None, 1)
            if not parts:  # an empty entry (a final ';', or ';;') holds nothing to keep
                continue
            if len(parts) != 2 or not (parts[1].isdigit() and parts[1].isascii()):
                return None
            substitute, count = parts
        substitute = substitute.strip()
        if len(count) > _MAX_COUNT_DIGITS:  # perhaps too large: the reporting path says so
            return None
        value = int(count)
        if not substitute or value <= 0 or value > MAX_COUNT:
            return None
        # Interned: gold files repeat the same substitutes across items (memory, and equal
        # strings compare by identity when scoring).
        entries.append((intern(substitute), value))
    if len(dict(entries)) != len(entries):  # a repeated substitute
        return None
    return entries


def _check_entry(entry: str, substitute: str, count_text: str, count: int, column: int,
                 counts: dict[str, int], first_column: dict[str, int], line: int,
                 diagnostics: Diagnostics, stats: GoldStats, multiword: bool) -> bool:
    """Report what is wrong or unusual with one entry; False when the caller must skip it.

    Kept apart from the loop so that well-formed entries, nearly all of them, cost little.
    """
    if not substitute:
        stats.ignored_entries += 1
        what = "has a count but no substitute" if _COUNT.fullmatch(count_text) else "has no count"
        diagnostics.error("bad-entry", f"entry '{_quoted(entry)}' {what}; entry ignored", line,
                          column)
        return False
    if count == COUNT_TOO_LARGE:
        stats.ignored_entries += 1
        diagnostics.error(
            "count-too-large",
            f"the count of '{_quoted(substitute)}' ({_quoted(count_text)}, "
            f"{len(count_text):,} digits) is larger than {MAX_COUNT:,}, the largest count this "
            "program reads (a count is how many annotators gave the substitute); entry ignored",
            line, column + len(entry) - len(count_text))
        return False
    if count == 0:
        stats.ignored_entries += 1
        diagnostics.error(
            "bad-count",
            f"entry '{_quoted(entry)}' does not end with a positive whole-number count "
            f"('{_quoted(count_text)}'); entry ignored",
            line, column + len(entry) - len(count_text))
        return False
    if substitute in counts:
        stats.merged_entries += 1
        merged = counts[substitute] + count
        diagnostics.warning(
            "repeated-substitute",
            f"'{substitute}' appears again (first at column {first_column[substitute]}); "
            f"counts merged: {counts[substitute]} + {count} = {merged}",
            line, column)
        counts[substitute] = merged
        return False
    if multiword and " " not in substitute and "-" not in substitute:
        diagnostics.info("single-word-multiword",
                         f"'{substitute}' in a multiword gold file is a single word",
                         line, column)
    return True


def read_count(text: str) -> int:
    """The count an entry ends with; 0 when it is not a whole number, ``COUNT_TOO_LARGE`` when it
    is one larger than MAX_COUNT (found without int(), which refuses 4,301 digits or more)."""
    if not (text.isascii() and text.isdigit()):
        return 0
    significant = text.lstrip("0")
    if len(significant) > _MAX_COUNT_DIGITS:
        return COUNT_TOO_LARGE
    value = int(significant or "0")
    return value if value <= MAX_COUNT else COUNT_TOO_LARGE


def _quoted(text: str) -> str:
    """``text``, or its start and end when it is too long to quote in a message."""
    if len(text) <= _QUOTED_CHARACTERS:
        return text
    half = _QUOTED_CHARACTERS // 2
    return f"{text[:half]}…{text[-10:]}"


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

