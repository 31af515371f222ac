"""System output files: best (``lexelt id :: a;b``), oot (``lexelt id ::: a;b;...``) and mw
(``lexelt id :: multiword``).

This is the clean reader: answers are trimmed and empty ones dropped (counted), the first line of a
(lexelt, id) counts and later ones are reported and ignored, and a line written with the other
kind's separator is an error for that line. The official-compatible scorer has its own parser.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from sys import intern

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.io.formats.itemline import check_writable_key
from lexsub_studio.core.io.formats.line_reader import (
    AnswerLineReader,
    AnswerStats,
    read_text_file,
)
from lexsub_studio.core.io.formats.textfile import decode_utf8
from lexsub_studio.core.model.data import SystemAnswer
from lexsub_studio.core.model.diagnostics import Diagnostics
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


@dataclass(slots=True)
class SystemReadResult:
    answers: list[SystemAnswer]
    diagnostics: Diagnostics
    kind: str = "best"
    stats: SystemStats = field(default_factory=SystemStats)
    path: str = "<input>"


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
    first_empty_answer_line: int | None = None
    first_empty_line: int | None = None
    answers: list[SystemAnswer] = []
    expected = SEPARATORS[kind]

    def wrong_separator(separator: str) -> str:
        other = "oot" if separator == ":::" else "best or mw"
        return (f"'{separator}' is the separator of {other} files; a {kind} file "
                f"uses ' {expected} '; line ignored")

    for number, parsed in reader.item_lines(text, expected, wrong_separator):
        if parsed.glued:
            diagnostics.warning(
                "no-space-after-separator",
                f"no space after '{expected}' (the official scorer skips such a line)",
                number, parsed.separator_column)
        fields = parsed.rest.split(";")
        # Interned: a system repeats a few thousand words a million times, and one string per
        # word instead of per answer is most of a large file's memory.
        kept = list(map(intern, filter(None, map(str.strip, fields))))
        dropped = len(fields) - len(kept)
        # A lone empty text is "no answers", and a trailing ';' leaves one empty field: neither
        # is an empty answer the writer meant to give, so neither is counted as one.
        if fields[-1].strip() == "":
            dropped -= 1
        if dropped > 0:
            stats.empty_answers += dropped
            first_empty_answer_line = first_empty_answer_line or number
        if not kept:
            stats.empty_lines += 1
            first_empty_line = first_empty_line or number
        if kind == "oot" and len(kept) > OOT_LIMIT:
            stats.over_limit_lines += 1
            diagnostics.warning(
                "too-many-answers",
                f"{len(kept)} answers; the oot task takes at most {OOT_LIMIT} "
                f"(all are kept here, scorers use the first {OOT_LIMIT})",
                number)
        if kind == "mw" and len(kept) > 1:
            diagnostics.warning(
                "several-multiwords",
                f"{len(kept)} answers separated by ';' on an mw line, which holds one multiword "
                "(the official scorer compares the whole text with the gold mode)",
                number)
        answers.append(SystemAnswer(intern(parsed.lexelt), parsed.id, kept, number))
        stats.answer_lines += 1
        stats.answers += len(kept)
    if stats.empty_answers:
        diagnostics.info(
            "empty-answers-dropped",
            f"{stats.empty_answers} empty answer(s) between ';' dropped "
            f"(first on line {first_empty_answer_line})")
    if stats.empty_lines:
        diagnostics.info(
            "lines-without-answers",
            f"{stats.empty_lines} line(s) give no answer: the item is not attempted "
            f"(first on line {first_empty_line})")
    return SystemReadResult(answers, diagnostics, kind, stats, path)


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
