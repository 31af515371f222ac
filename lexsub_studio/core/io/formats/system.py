"""System output files: best (``lexelt id :: a;b``), oot (``lexelt id ::: a;b;...``) and mw
(``lexelt id :: multiword``).

This is the clean reader: answers are trimmed and empty ones dropped (counted), the first line of a
(lexelt, id) counts and later ones are reported and ignored, and a line written with the other
kind's separator is an error for that line. The official-compatible scorer has its own parser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from sys import intern

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.io.formats.itemline import (
    check_writable_key,
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
)
from lexsub_studio.core.model.rules import OOT_LIMIT

SYSTEM_KINDS: tuple[str, ...] = ("best", "oot", "mw")
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


def _parse_system_text(text: str, path: str, kind: str) -> SystemReadResult:
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
    # A block of lines at a time, as the gold reader (the answers as separate texts, before
    # they are coded, are never all in memory at once).
    for texts in reader.text_blocks(text):
        _read_block(texts, first_number, reader, lines, kind, wrong_separator)
        lines.end_block()
        first_number += len(texts)
    table = lines.table()
    for number, dropped in lines.dropped:
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


def _read_block(texts: list[str], first_number: int, reader: _SystemLineReader,
                lines: _AnswerColumns, kind: str, wrong_separator: Callable[[str], str]) -> None:
    """Read a block of lines into ``lines``, each line in turn, saying what is wrong in the
    order of the lines."""
    stats, diagnostics = reader.stats, reader.diagnostics
    expected = SEPARATORS[kind]
    for number, line_text in enumerate(texts, first_number):
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


class _AnswerColumns(TableBuilder):
    """The answer table as it is read (TableBuilder), with what each line dropped and said."""

    def __init__(self) -> None:
        super().__init__()
        #: (line number, empty answers dropped) of the lines that dropped some, in line order.
        self.dropped: list[tuple[int, int]] = []
        self.first_empty_answer_line: int | None = None
        #: The lines without an answer, and the number of oot lines with more than ten.
        self.empty_lines: list[int] = []
        self.over_limit_lines = 0

    def note_dropped(self, line: int, dropped: int) -> None:
        if dropped > 0:
            self.dropped.append((line, dropped))

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
