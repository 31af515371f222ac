"""Gold and multiword gold files: ``lexelt id :: sub freq;sub freq;`` (one line per item).

The reader takes the variations of the official and later datasets: a leading blank line and no
final newline, CRLF and a BOM, lexelts with spaces and upper-case PoS letters, ``; `` separators,
substitutes with digits, dots, apostrophes or upper case (the count is the last token), and a
substitute given twice on a line (merged, with a warning).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from sys import intern
from typing import cast

import numpy as np

from lexsub_studio.core.io.formats.gold_entries import (
    USUAL_ENTRIES,
    UsualEntries,
    read_usual_entries,
)

# The writer lives apart (no numpy); its names stay importable from here.
from lexsub_studio.core.io.formats.gold_writer import format_gold_line as format_gold_line
from lexsub_studio.core.io.formats.gold_writer import write_gold as write_gold
from lexsub_studio.core.io.formats.itemline import (
    ItemLine,
    checked_lexelt,
)
from lexsub_studio.core.io.formats.line_reader import (
    ItemStats,
    LineReader,
    read_text_file,
)
from lexsub_studio.core.io.formats.textfile import decode_utf8
from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.item_tables import GoldTable, TableBuilder, joined_arrays

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


class GoldReadResult:
    """What a gold file held: its items as a table (``table``, what scoring takes) and, made
    on first use, as a list of GoldItem (``items``); what was said about it; its counts."""

    def __init__(self, items: GoldTable | Sequence[GoldItem], diagnostics: Diagnostics,
                 stats: GoldStats | None = None, multiword: bool = False,
                 path: str = "<input>") -> None:
        self._table = items if isinstance(items, GoldTable) else None
        self._items = None if isinstance(items, GoldTable) else list(items)
        self.diagnostics = diagnostics
        self.stats = stats if stats is not None else GoldStats()
        self.multiword = multiword
        self.path = path

    @property
    def table(self) -> GoldTable:
        if self._table is None:
            self._table = GoldTable.from_items(self._items or [])
        return self._table

    @property
    def items(self) -> list[GoldItem]:
        if self._items is None:
            self._items = self.table.items()
        return self._items


def read_gold(path: str | Path, *, multiword: bool = False) -> GoldReadResult:
    return read_text_file(path, partial(_parse_gold_text, multiword=multiword))


def read_gold_bytes(data: bytes, path: str = "<input>", *,
                    multiword: bool = False) -> GoldReadResult:
    return parse_gold_text(decode_utf8(data, path), path, multiword=multiword)


def parse_gold_text(text: str, path: str = "<input>", *, multiword: bool = False) -> GoldReadResult:
    return _parse_gold_text(text, path, multiword)


def _wrong_separator(separator: str) -> str:
    return "':::' separates an oot system line; gold lines use ' :: '; line ignored"


def _parse_gold_text(text: str, path: str, multiword: bool,
                     usual_path: bool = True) -> GoldReadResult:
    """The reader. ``usual_path=False`` reads every line the careful way (tests compare)."""
    stats = GoldStats()
    reader = LineReader(path, stats)
    columns = _GoldColumns()
    block = _GoldBlockReader(reader, columns, multiword)
    first_number = 1
    # A block of lines at a time: what reading makes on the way (the lines, their entries as
    # texts) is freed block by block, so the peak memory is the table's, not the text's.
    for texts in reader.text_blocks(text):
        block.read(texts, first_number, usual_path and not multiword)
        columns.end_block()
        first_number += len(texts)
    table = columns.table()
    stats.items = len(table)
    stats.entries = len(table.coded_substitutes)
    return GoldReadResult(table, reader.diagnostics, stats, multiword, path)


class _GoldBlockReader:
    """Reads blocks of a gold file's lines into ``columns``. The usual lines of a block,
    "lexelt id :: sub 3;sub 1;", are found first and their entries read at once; then every
    line is taken in turn, the others the careful way, which says what is wrong, so that what
    is said keeps the order of the lines. The usual lines' reading is the one quick path the
    gold keeps: reading every line the careful way takes 2.5 times the CPU on a 100k gold
    (benchmarks/bench_parser_paths.py); tests/test_reader_usual_path.py holds the two equal."""

    def __init__(self, reader: LineReader, columns: _GoldColumns, multiword: bool) -> None:
        self.reader = reader
        self.columns = columns
        self.multiword = multiword
        self.known_lexelt = ""

    def read(self, texts: list[str], first_number: int, usual_path: bool) -> None:
        # The gold reader's LineReader is made with GoldStats (parse_gold_text).
        reader, columns, stats = self.reader, self.columns, cast(GoldStats, self.reader.stats)
        diagnostics = reader.diagnostics
        keys, rests = _usual_lines(texts) if usual_path else ([], [])
        usual = read_usual_entries(rests, _NOTED_ENTRY, columns.vocabulary)
        base = columns.add_usual_block(usual)
        add_lexelt, add_id = columns.lexelts.append, columns.ids.append
        add_line, add_source = columns.lines.append, columns.sources.append
        # Plain lists: a look-up per line in a numpy array costs more than the rest of the line.
        repeated, unsorted, noted = (usual.repeated.tolist(), usual.unsorted.tolist(),
                                     usual.noted.tolist())
        empty = (usual.offsets[1:] == usual.offsets[:-1]).tolist()
        known_lexelt = self.known_lexelt
        claim = reader.claim
        usual_index = -1
        for index, line_text in enumerate(texts):
            key = keys[index] if keys else None
            number = first_number + index
            if key is not None:
                usual_index += 1
                if not repeated[usual_index]:
                    lexelt, item_id = key
                    if not claim(lexelt, item_id, number):
                        stats.ignored_lines += 1
                        continue
                    if lexelt != known_lexelt:
                        known_lexelt = checked_lexelt(lexelt, known_lexelt, diagnostics, number)
                    if unsorted[usual_index]:
                        _say_unsorted(diagnostics, number)
                    if noted[usual_index]:
                        rest = rests[usual_index]
                        _note_removed_entries(rest, len(line_text) - len(rest), number,
                                              diagnostics)
                    if empty[usual_index]:
                        diagnostics.warning("no-entries",
                                            f"{lexelt} {item_id} has no substitutes", number)
                    add_lexelt(intern(lexelt))
                    add_id(item_id)
                    add_line(number)
                    add_source(base + usual_index)
                    continue
            if not line_text or line_text.isspace():
                stats.blank_lines += 1
                continue
            parsed = reader.item_line(number, line_text, "::", _wrong_separator)
            if parsed is not None:
                _read_careful_line(parsed, number, columns, diagnostics, stats, self.multiword)
        self.known_lexelt = known_lexelt


def _usual_lines(texts: list[str]) -> tuple[list[tuple[str, str] | None], list[str]]:
    """Per line, its (lexelt, id) if it is a usual line, else None; and the usual lines' texts
    after ``" :: "``. A usual line has one ``" :: "``, no other ``"::"`` before it, a lexelt
    and an id without spaces, and usual entries (USUAL_ENTRIES)."""
    keys: list[tuple[str, str] | None] = []
    rests: list[str] = []
    usual_entries = USUAL_ENTRIES.fullmatch
    for line_text in texts:
        head, separator, rest = line_text.partition(" :: ")
        key = head.split()
        if (separator and len(key) == 2 and "::" not in head and usual_entries(rest)):
            keys.append((key[0], key[1]))
            rests.append(rest)
        else:
            keys.append(None)
    return keys, rests


class _GoldColumns(TableBuilder):
    """The gold table as it is read (TableBuilder), each entry with its count."""

    def __init__(self) -> None:
        super().__init__()
        self.usual_counts: list[np.ndarray] = []
        self.careful_counts: list[int] = []

    def add_usual_block(self, usual: UsualEntries) -> int:
        """Keep a block's usual entries; the index its first usual line has among all."""
        self.usual_counts.append(usual.counts)
        return self.add_usual_codes(usual.substitutes, np.diff(usual.offsets))

    def add(self, lexelt: str, item_id: str, line: int, substitutes: list[str],
            counts: list[int]) -> None:
        self.add_careful(lexelt, item_id, line, substitutes)
        self.careful_counts += counts

    def table(self) -> GoldTable:
        offsets, gather = self.placed()
        counts = joined_arrays(self.usual_counts)
        if gather is not None:
            counts = np.concatenate((counts, np.array(self.careful_counts,
                                                       dtype=np.int64)))[gather]
        # The readers keep only the first line of an item.
        return GoldTable(self.lexelts, self.ids, self.line_array(), offsets,
                         self.texts_in_order(gather), counts, keys_unique=True)


def _read_careful_line(parsed: ItemLine, number: int, columns: _GoldColumns,
                       diagnostics: Diagnostics, stats: GoldStats, multiword: bool) -> None:
    if parsed.glued:
        diagnostics.warning(
            "no-space-after-separator",
            "no space after '::' (the official scorer skips such a gold line)",
            number, parsed.separator_column)
    ignored_before = stats.ignored_entries
    entries = _parse_entries(parsed, number, diagnostics, stats, multiword)
    if _NOTED_ENTRY.search(";" + parsed.rest):
        _note_removed_entries(parsed.rest, parsed.rest_offset, number, diagnostics)
    if not entries and stats.ignored_entries == ignored_before:
        diagnostics.warning("no-entries",
                            f"{parsed.lexelt} {parsed.id} has no substitutes", number)
    columns.add(intern(parsed.lexelt), parsed.id, number,
                [substitute for substitute, _ in entries], [count for _, count in entries])


def _parse_entries(parsed: ItemLine, line: int, diagnostics: Diagnostics,
                   stats: GoldStats, multiword: bool) -> list[tuple[str, int]]:
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


def _note_removed_entries(rest: str, rest_offset: int, line: int,
                          diagnostics: Diagnostics) -> None:
    """Say which entries clean scoring will remove under a rule the file's reader may not
    expect (docs/metrics.md: the spelling rule, pn and nil entries). ``rest`` is the line's
    text after its separator, which starts at 0-based column ``rest_offset``."""
    for match in _NOTED_ENTRY.finditer(";" + rest):
        substitute = match.group("sub").strip()
        column = rest_offset + match.start("sub")  # 1-based: the ";" added shifts it
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
        _say_unsorted(diagnostics, line)


def _say_unsorted(diagnostics: Diagnostics, line: int) -> None:
    diagnostics.info("unsorted-entries",
                     "entries are not in descending count order (the official scorer "
                     "takes the first entry with the highest count as the mode)", line)


def _check_entry(entry: str, substitute: str, count_text: str, count: int, column: int,
                 counts: dict[str, int], first_column: dict[str, int], line: int,
                 diagnostics: Diagnostics, stats: GoldStats, multiword: bool) -> bool:
    """Report what is wrong or unusual with one entry; False when the caller must skip it."""
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

