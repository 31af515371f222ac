"""System output files: best (``lexelt id :: a;b``), oot (``lexelt id ::: a;b;...``) and mw
(``lexelt id :: multiword``).

This is the clean reader: answers are trimmed and empty ones dropped (counted), the first line of a
(lexelt, id) counts and later ones are reported and ignored, and a line written with the other
kind's separator is an error for that line. The official-compatible scorer has its own parser.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from sys import intern

import numpy as np

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.io.formats.itemline import (
    check_writable_key,
    checked_lexelt,
)
from lexsub_studio.core.io.formats.line_reader import (
    AnswerLineReader,
    AnswerStats,
    read_text_file,
)
from lexsub_studio.core.io.formats.textfile import decode_utf8
from lexsub_studio.core.model.data import SystemAnswer
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.item_tables import (
    AnswerTable,
    TableBuilder,
    TextCodes,
    joined_arrays,
    offsets_of,
)
from lexsub_studio.core.model.rules import OOT_LIMIT

SYSTEM_KINDS: tuple[str, ...] = ("best", "oot", "mw")
#: Whitespace at the start or the end of an answer (the usual lines joined with ";").
_SPACE_BESIDE_ANSWER = re.compile(r"(?:^|;)\s|\s(?:;|$)")
SEPARATORS: dict[str, str] = {"best": "::", "oot": ":::", "mw": "::"}


@dataclass(slots=True)
class SystemStats(AnswerStats):
    """The counts of a system file (``lines``, ``blank_lines``, ``ignored_lines``,
    ``answer_lines``, ``answers``, ``duplicate_lines`` and these)."""

    empty_lines: int = 0
    empty_answers: int = 0
    wrong_kind_lines: int = 0
    over_limit_lines: int = 0


class SystemReadResult:
    """What a system file held: its lines as a table (``table``, what scoring takes) and, made
    on first use, as a list of SystemAnswer (``answers``); what was said; its counts."""

    def __init__(self, answers: AnswerTable | Sequence[SystemAnswer], diagnostics: Diagnostics,
                 kind: str = "best", stats: SystemStats | None = None,
                 path: str = "<input>") -> None:
        self._table = answers if isinstance(answers, AnswerTable) else None
        self._answers = None if isinstance(answers, AnswerTable) else list(answers)
        self.diagnostics = diagnostics
        self.kind = kind
        self.stats = stats if stats is not None else SystemStats()
        self.path = path

    @property
    def table(self) -> AnswerTable:
        if self._table is None:
            self._table = AnswerTable.from_answers(self._answers or [])
        return self._table

    @property
    def answers(self) -> list[SystemAnswer]:
        if self._answers is None:
            self._answers = list(self.table)
        return self._answers


def _check_kind(kind: str) -> None:
    if kind not in SYSTEM_KINDS:
        raise ValueError(f"unknown system file kind {kind!r}; expected one of "
                         f"{', '.join(SYSTEM_KINDS)}")


def read_system(path: str | Path, kind: str) -> SystemReadResult:
    _check_kind(kind)
    return read_text_file(path, partial(_parse_system_text, kind=kind))


def read_system_bytes(data: bytes, kind: str, path: str = "<input>") -> SystemReadResult:
    _check_kind(kind)
    return parse_system_text(decode_utf8(data, path), kind, path)


def parse_system_text(text: str, kind: str, path: str = "<input>") -> SystemReadResult:
    _check_kind(kind)
    return _parse_system_text(text, path, kind)


class _SystemLineReader(AnswerLineReader):
    """Counts the lines written with the other kind's separator."""

    stats: SystemStats

    def other_separator_line(self) -> None:
        self.stats.wrong_kind_lines += 1


def _parse_system_text(text: str, path: str, kind: str,
                       usual_path: bool = True) -> SystemReadResult:
    """The reader. ``usual_path=False`` reads every line the careful way (tests compare)."""
    stats = SystemStats()
    reader = _SystemLineReader(path, stats)
    diagnostics = reader.diagnostics
    expected = SEPARATORS[kind]

    def wrong_separator(separator: str) -> str:
        other = "oot" if separator == ":::" else "best or mw"
        return (f"'{separator}' is the separator of {other} files; a {kind} file "
                f"uses ' {expected} '; line ignored")

    lines = _AnswerColumns()
    first_number = 1
    known_lexelt = [""]
    # A block of lines at a time, as the gold reader (the answers as separate texts, before
    # they are coded, are never all in memory at once).
    for texts in reader.text_blocks(text):
        _read_block(texts, first_number, usual_path, reader, lines, kind, wrong_separator,
                    known_lexelt)
        lines.end_block()
        first_number += len(texts)
    table = lines.table()
    # Usual lines drop their empty answers too: counted here, in the order of the lines.
    for number, dropped in lines.dropped_by_line():
        stats.empty_answers += dropped
        lines.first_empty_answer_line = lines.first_empty_answer_line or number
    stats.answer_lines = len(table)
    stats.answers = len(table.coded_answers)
    if stats.empty_answers:
        diagnostics.info(
            "empty-answers-dropped",
            f"{stats.empty_answers} empty answer(s) between ';' dropped "
            f"(first on line {lines.first_empty_answer_line})")
    stats.empty_lines = len(lines.empty_lines)
    stats.over_limit_lines = lines.over_limit_lines
    if stats.empty_lines:
        diagnostics.info(
            "lines-without-answers",
            f"{stats.empty_lines} line(s) give no answer: the item is not attempted "
            f"(first on line {lines.empty_lines[0]})")
    return SystemReadResult(table, diagnostics, kind, stats, path)


def _read_block(texts: list[str], first_number: int, usual_path: bool,
                reader: _SystemLineReader, lines: _AnswerColumns, kind: str,
                wrong_separator: Callable[[str], str], known: list[str]) -> None:
    """Read a block of lines into ``lines``. Its usual lines, "lexelt id ::: a;b;c", are found
    first and their answers read at once; then every line is taken in turn, the others the
    careful way, which says what is wrong, so that what is said keeps the order of the lines.
    ``known`` holds the last lexelt whose PoS was checked (it carries from block to block)."""
    stats, diagnostics = reader.stats, reader.diagnostics
    expected = SEPARATORS[kind]
    keys, rests = _usual_lines(texts, expected) if usual_path else ([None] * len(texts), [])
    usual = _usual_answers(rests, lines.vocabulary)
    base = lines.add_usual_block(usual)
    add_lexelt, add_id = lines.lexelts.append, lines.ids.append
    add_line, add_source = lines.lines.append, lines.sources.append
    counts = usual.counts.tolist()
    # Which usual lines' answer counts call for something (_check_answer_count), at once.
    to_check = _counts_to_check(usual.counts, kind).tolist()
    plain = reader.claim_plain_block(texts, keys, first_number) if usual_path else None
    if plain is not None:
        lines.add_usual_items(plain.keys, plain.numbers, base)
        stats.blank_lines += plain.blank_lines
        for index in np.flatnonzero(to_check).tolist():
            _check_answer_count(counts[index], kind, plain.numbers[index], lines, diagnostics)
        if plain.keys:
            known[0] = plain.keys[-1][0]
        return
    known_lexelt = known[0]
    claim = reader.block_claim(texts, keys, first_number)
    usual_index = -1
    for index, line_text in enumerate(texts):
        key = keys[index]
        number = first_number + index
        if key is not None:
            usual_index += 1
            lexelt, item_id = key
            if not claim(lexelt, item_id, number):
                stats.ignored_lines += 1
                continue
            if lexelt != known_lexelt:
                known_lexelt = checked_lexelt(lexelt, known_lexelt, diagnostics, number)
            if to_check[usual_index]:
                _check_answer_count(counts[usual_index], kind, number, lines, diagnostics)
            add_lexelt(intern(lexelt))
            add_id(item_id)
            add_line(number)
            add_source(base + usual_index)
            continue
        if not line_text or line_text.isspace():
            stats.blank_lines += 1
            continue
        parsed = reader.item_line(number, line_text, expected, wrong_separator)
        if parsed is None:
            continue
        if parsed.glued:
            diagnostics.warning(
                "no-space-after-separator",
                f"no space after '{expected}' (the official scorer skips such a line)",
                number, parsed.separator_column)
        fields = parsed.rest.split(";")
        kept = list(filter(None, map(str.strip, fields)))
        lines.note_dropped(number, len(fields) - len(kept) - (fields[-1].strip() == ""))
        _check_answer_count(len(kept), kind, number, lines, diagnostics)
        lines.add_careful(intern(parsed.lexelt), parsed.id, number, kept)
    known[0] = known_lexelt


def _counts_to_check(counts: np.ndarray, kind: str) -> np.ndarray:
    """Where ``_check_answer_count`` has something to do or say: no answer; for oot, more
    than OOT_LIMIT; for mw, more than one."""
    if kind == "oot":
        return (counts == 0) | (counts > OOT_LIMIT)
    if kind == "mw":
        return counts != 1
    return counts == 0


def _check_answer_count(count: int, kind: str, number: int, lines: _AnswerColumns,
                        diagnostics: Diagnostics) -> None:
    """What a line's number of answers calls for: none, too many for oot, several for mw."""
    if not count:
        lines.empty_lines.append(number)
    if kind == "oot" and count > OOT_LIMIT:
        lines.over_limit_lines += 1
        diagnostics.warning(
            "too-many-answers",
            f"{count} answers; the oot task takes at most {OOT_LIMIT} "
            f"(all are kept here, scorers use the first {OOT_LIMIT})",
            number)
    if kind == "mw" and count > 1:
        diagnostics.warning(
            "several-multiwords",
            f"{count} answers separated by ';' on an mw line, which holds one multiword "
            "(the official scorer compares the whole text with the gold mode)",
            number)


def _usual_lines(texts: list[str], separator: str,
                 ) -> tuple[list[tuple[str, str] | None], list[str]]:
    """Per line, its (lexelt, id) if it is a usual line, else None; and the usual lines' texts
    after the separator. A usual line has the separator between spaces, no other ``"::"``
    before it, and a lexelt and an id without spaces."""
    keys: list[tuple[str, str] | None] = []
    rests: list[str] = []
    spaced = f" {separator} "
    for line_text in texts:
        head, found, rest = line_text.partition(spaced)
        key = head.split()
        if found and len(key) == 2 and "::" not in head:
            keys.append((key[0], key[1]))
            rests.append(rest)
        else:
            keys.append(None)
    return keys, rests


@dataclass(slots=True)
class _UsualAnswers:
    """The answers of the usual lines, read at once: line k's are at
    ``offsets[k]:offsets[k + 1]``; ``dropped`` counts its empty answers (a last empty field,
    the trace of a final ';' or of no answer at all, is not one)."""

    codes: np.ndarray
    offsets: np.ndarray
    counts: np.ndarray
    dropped: np.ndarray


def _usual_answers(rests: list[str], vocabulary: TextCodes) -> _UsualAnswers:
    fields_per_line = np.fromiter(map(str.count, rests, [";"] * len(rests)), dtype=np.int64,
                                  count=len(rests)) + 1
    joined = ";".join(rests)
    fields = joined.split(";") if rests else []
    if _SPACE_BESIDE_ANSWER.search(joined):  # most files have none: then nothing to trim
        fields = list(map(str.strip, fields))
    present = np.fromiter(map(bool, fields), dtype=bool, count=len(fields))
    field_offsets = offsets_of(fields_per_line)
    before = np.concatenate(([0], np.cumsum(present)))
    counts = before[field_offsets[1:]] - before[field_offsets[:-1]]
    last_empty = ~present[field_offsets[1:] - 1] if len(rests) else np.zeros(0, dtype=bool)
    dropped = fields_per_line - counts - last_empty
    # Coded: a system repeats a few thousand words a million times; a code per answer, not a
    # string, is what the table keeps.
    codes = vocabulary.coded(filter(None, fields), int(counts.sum()))
    return _UsualAnswers(codes, offsets_of(counts), counts, dropped)


class _AnswerColumns(TableBuilder):
    """The answer table as it is read (TableBuilder), with what each line dropped and said."""

    def __init__(self) -> None:
        super().__init__()
        self.usual_dropped: list[np.ndarray] = []
        #: (line number, empty answers dropped) of the careful lines that dropped some.
        self.careful_dropped: list[tuple[int, int]] = []
        self.first_empty_answer_line: int | None = None
        #: The lines without an answer, and the number of oot lines with more than ten.
        self.empty_lines: list[int] = []
        self.over_limit_lines = 0

    def add_usual_block(self, usual: _UsualAnswers) -> int:
        """Keep a block's usual answers; the index its first usual line has among all."""
        self.usual_dropped.append(usual.dropped)
        return self.add_usual_codes(usual.codes, usual.counts)

    def note_dropped(self, line: int, dropped: int) -> None:
        if dropped > 0:
            self.careful_dropped.append((line, dropped))

    def dropped_by_line(self) -> list[tuple[int, int]]:
        """(line number, empty answers dropped) of every line kept that dropped some, in line
        order: the usual lines' and the careful ones'."""
        sources = self.source_array()
        numbers = self.line_array()
        is_usual = sources >= 0
        dropped = np.zeros(len(sources), dtype=np.int64)
        dropped[is_usual] = joined_arrays(self.usual_dropped)[sources[is_usual]]
        found = [(int(numbers[i]), int(dropped[i])) for i in np.flatnonzero(dropped > 0)]
        return sorted(found + self.careful_dropped)

    def table(self) -> AnswerTable:
        offsets, gather = self.placed()
        return AnswerTable(self.lexelts, self.ids, self.line_array(), offsets,
                           self.texts_in_order(gather))


def format_system_line(answer: SystemAnswer, kind: str) -> str:
    """One line without its line ending; ValueError if an answer cannot be written."""
    _check_kind(kind)
    check_writable_key(answer.lexelt, answer.id)
    for text in answer.answers:
        if (not text.strip() or text != text.strip()
                or any(ch in text for ch in ";\n\r")):
            raise ValueError(f"{answer.lexelt} {answer.id}: answer {text!r} cannot be written "
                             "(empty, surrounding spaces, ';' or a line break)")
    return f"{answer.lexelt} {answer.id} {SEPARATORS[kind]} {';'.join(answer.answers)}"


def write_system(answers: Iterable[SystemAnswer], path: str | Path, kind: str) -> None:
    """Write one line per answer (LF endings) atomically."""
    _check_kind(kind)
    text = "".join(format_system_line(answer, kind) + "\n" for answer in answers)
    atomic_write_text(path, text)
