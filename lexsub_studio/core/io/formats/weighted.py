"""Weighted system answers, Senseval-3 result format: ``lexelt id sub[/weight] ... [!! comment]``.

Fields are separated by whitespace, so a multiword substitute is written with ``_`` for its spaces.
Weights are normalised to sum 1; if any substitute of a line lacks a weight, none is used and the
distribution is uniform. The weight is the text after the *last* ``/``, so a substitute that
contains a slash (``and/or``) must carry an explicit weight (``and/or/0.5``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.io.formats.itemline import check_lexelt_pos
from lexsub_studio.core.io.formats.line_reader import (
    AnswerLineReader,
    AnswerStats,
    read_text_file,
)
from lexsub_studio.core.io.formats.textfile import decode_utf8
from lexsub_studio.core.model.data import WeightedAnswer
from lexsub_studio.core.model.diagnostics import Diagnostics

COMMENT_MARK = "!!"
_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_TOKEN = re.compile(r"\S+")


@dataclass(slots=True)
class WeightedStats(AnswerStats):
    """The counts of a weighted file (``lines``, ``blank_lines``, ``ignored_lines``,
    ``answer_lines``, ``answers``, ``duplicate_lines`` and these)."""

    weighted_lines: int = 0
    uniform_lines: int = 0
    comments: int = 0
    ignored_answers: int = 0
    merged_answers: int = 0


@dataclass(slots=True)
class WeightedReadResult:
    answers: list[WeightedAnswer]
    diagnostics: Diagnostics
    stats: WeightedStats = field(default_factory=WeightedStats)
    path: str = "<input>"


def read_weighted(path: str | Path) -> WeightedReadResult:
    return read_text_file(path, _parse_weighted_text)


def read_weighted_bytes(data: bytes, path: str = "<input>") -> WeightedReadResult:
    return parse_weighted_text(decode_utf8(data, path), path)


def parse_weighted_text(text: str, path: str = "<input>") -> WeightedReadResult:
    return _parse_weighted_text(text, path)


def _parse_weighted_text(text: str, path: str) -> WeightedReadResult:
    stats = WeightedStats()
    reader = AnswerLineReader(path, stats)
    answers: list[WeightedAnswer] = []
    for number, line_text in reader.lines(text):
        answer = _parse_line(line_text, number, reader, stats)
        if answer is None:
            stats.ignored_lines += 1
            continue
        answers.append(answer)
        stats.answer_lines += 1
        stats.answers += len(answer.ranked)
    return WeightedReadResult(answers, reader.diagnostics, stats, path)


def _parse_line(text: str, number: int, reader: AnswerLineReader,
                stats: WeightedStats) -> WeightedAnswer | None:
    diagnostics = reader.diagnostics
    tokens = list(_TOKEN.finditer(text))
    comment: str | None = None
    for index, token in enumerate(tokens):
        if token.group().startswith(COMMENT_MARK):
            comment = text[token.start() + len(COMMENT_MARK):].strip() or None
            tokens = tokens[:index]
            break
    if len(tokens) < 3:
        what = {0: "no lexelt, id or substitute", 1: "no id and no substitute",
                2: "no substitute"}[len(tokens)]
        diagnostics.error("missing-fields",
                          f"{what}: expected 'lexelt id sub[/weight] ...'; line ignored",
                          number, 1)
        return None
    lexelt, item_id = tokens[0].group(), tokens[1].group()
    if not reader.claim(lexelt, item_id, number):
        return None
    check_lexelt_pos(lexelt, diagnostics, number)

    parsed: list[tuple[str, float | None, int]] = []
    for token in tokens[2:]:
        column = token.start() + 1
        tag = token.group()
        substitute_text, slash, weight_text = tag.rpartition("/")
        if not slash:
            substitute_text, weight_text = tag, ""
        substitute = substitute_text.replace("_", " ").strip()
        if not substitute:
            diagnostics.error("bad-answer", f"'{tag}' has no substitute before '/'; ignored",
                              number, column)
            stats.ignored_answers += 1
            continue
        weight: float | None = None
        if slash:
            weight = _parse_weight(weight_text)
            if weight is None or weight <= 0:
                if weight is not None:
                    problem = "is not positive"
                elif _NUMBER.fullmatch(weight_text):
                    problem = "is too large: beyond the largest floating-point number (1.8e308)"
                else:
                    problem = ("is not a number (the weight follows the last '/', so a "
                               "substitute containing '/' needs one: 'and/or/1')")
                shown = weight_text if len(weight_text) <= 40 else (
                    f"{weight_text[:30]}… ({len(weight_text):,} characters)")
                diagnostics.error("bad-weight",
                                  f"weight '{shown}' of '{substitute}' {problem}; "
                                  "answer ignored",
                                  number, column + len(substitute_text) + 1)
                stats.ignored_answers += 1
                continue
        parsed.append((substitute, weight, column))
    if not parsed:
        diagnostics.error("no-answers", "no usable substitute on the line; line ignored", number)
        return None
    if comment is not None:
        stats.comments += 1
    return WeightedAnswer(lexelt, item_id, _rank(parsed, number, diagnostics, stats), comment,
                          number)


def _parse_weight(text: str) -> float | None:
    if not _NUMBER.fullmatch(text):
        return None
    value = float(text)
    return value if math.isfinite(value) else None


def _rank(parsed: list[tuple[str, float | None, int]], number: int, diagnostics: Diagnostics,
          stats: WeightedStats) -> list[tuple[str, float]]:
    unweighted = [substitute for substitute, weight, _ in parsed if weight is None]
    if unweighted and len(unweighted) < len(parsed):
        diagnostics.warning(
            "mixed-weights",
            f"'{unweighted[0]}' has no weight, so no weight on this line is used "
            "(uniform distribution)",
            number)
    uniform = bool(unweighted)
    if uniform:
        stats.uniform_lines += 1
    else:
        stats.weighted_lines += 1
    totals: dict[str, float] = {}
    for substitute, weight, column in parsed:
        value = 1.0 if uniform or weight is None else weight
        if substitute in totals:
            stats.merged_answers += 1
            diagnostics.warning("repeated-substitute",
                                f"'{substitute}' appears again; its weights are added",
                                number, column)
            totals[substitute] += value
        else:
            totals[substitute] = value
    grand_total = math.fsum(totals.values())
    # sorted() is stable, so equal weights keep file order.
    return sorted(((substitute, value / grand_total) for substitute, value in totals.items()),
                  key=lambda pair: -pair[1])


def _holds_other_white_space(text: str) -> bool:
    """Whether ``text`` holds white space other than the plain space (a tab, a line break...):
    splitting at white space, as ``str.isspace`` defines it, takes some away."""
    spaceless = text.replace(" ", "")
    return "".join(spaceless.split()) != spaceless


def format_weighted_line(answer: WeightedAnswer) -> str:
    """One line without its line ending; ValueError if something cannot be written."""
    for value, what in ((answer.lexelt, "lexelt"), (answer.id, "id")):
        if not value or any(ch.isspace() for ch in value) or value.startswith(COMMENT_MARK):
            raise ValueError(f"{what} {value!r} cannot be written (empty, with spaces or "
                             f"starting with '{COMMENT_MARK}')")
    if not answer.ranked:
        raise ValueError(f"{answer.lexelt} {answer.id}: a weighted line needs a substitute")
    tags = []
    for substitute, weight in answer.ranked:
        if ("_" in substitute or not substitute.strip() or substitute != substitute.strip()
                or _holds_other_white_space(substitute)
                or substitute.startswith(COMMENT_MARK)):
            raise ValueError(
                f"{answer.lexelt} {answer.id}: substitute {substitute!r} cannot be written "
                f"(empty, an '_', a tab or line break, surrounding spaces or a leading "
                f"'{COMMENT_MARK}')")
        if not (math.isfinite(weight) and weight > 0):
            raise ValueError(f"{answer.lexelt} {answer.id}: weight {weight!r} of "
                             f"{substitute!r} is not a positive number")
        tags.append(f"{substitute.replace(' ', '_')}/{float(weight)!r}")
    line = f"{answer.lexelt} {answer.id} {' '.join(tags)}"
    if answer.comment:
        if "\n" in answer.comment or "\r" in answer.comment:
            raise ValueError(f"{answer.lexelt} {answer.id}: the comment holds a line break")
        line += f" {COMMENT_MARK} {answer.comment.strip()}"
    return line


def write_weighted(answers: Iterable[WeightedAnswer], path: str | Path) -> None:
    """Write one line per answer (LF endings) atomically; weights are written in full precision."""
    text = "".join(format_weighted_line(answer) + "\n" for answer in answers)
    atomic_write_text(path, text)
