"""The skeleton every line-based text reader shares (gold, system, weighted, responses).

A reader reads its file once and decodes it (``read_text_file``; the garbage collector is the
entry point's business, core/runtime/collector.py); then parses the text, going through the
lines, counting them and the blank ones (``lines``); for ``lexelt id :: rest`` files, reports
lines of another shape or with another separator (``item_lines``); and keeps the first line of
an item, reporting the later ones (``claim``).
What each file's lines hold is the reader's own business.

The counts are typed: ``LineStats`` and a subclass per reader, whose fields are the counts in
the order summaries list them. They also read by name (``stats["lines"]``, ``dict(stats)``),
the form summaries and scripts take them in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TypeVar

from lexsub_studio.core.io.formats.itemline import (
    IdRegistry,
    ItemLine,
    LineProblem,
    check_lexelt_pos,
    split_item_line,
)
from lexsub_studio.core.io.formats.textfile import decode_utf8, line_texts, read_input_bytes
from lexsub_studio.core.model.diagnostics import Diagnostics

Result = TypeVar("Result")
#: The size of a block of lines a reader takes at a time (``LineReader.text_blocks``).
BLOCK_CHARACTERS = 1 << 18


def read_text_file(path: str | Path, parse: Callable[[str, str], Result], *,
                   nul_per_cell: bool = False) -> Result:
    """``parse(text, path)`` of a file read within the input limits and decoded as UTF-8
    (``nul_per_cell``: see decode_utf8)."""
    display = str(path)
    return parse(decode_utf8(read_input_bytes(path), display, nul_per_cell=nul_per_cell),
                 display)


@dataclass(slots=True)
class LineStats:
    """The counts every reader keeps; a subclass adds its own. Read by name too, as a mapping
    is (``stats["lines"]``, ``stats.get(name, 0)``, ``dict(stats)``); not a Mapping, whose
    ``items()`` would clash with the gold's count of items."""

    lines: int = 0
    blank_lines: int = 0

    def keys(self) -> tuple[str, ...]:
        return _field_names(type(self))

    def __getitem__(self, name: str) -> int:
        if name not in self.keys():
            raise KeyError(name)
        value: int = getattr(self, name)
        return value

    def get(self, name: str, default: int = 0) -> int:
        return self[name] if name in self.keys() else default

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.keys())


_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(field.name for field in fields(cls))
    return names


@dataclass(slots=True)
class ItemStats(LineStats):
    """The counts of a reader of item lines (gold, system, weighted)."""

    ignored_lines: int = 0


@dataclass(slots=True)
class AnswerStats(ItemStats):
    """The counts of a reader of system answers (system, weighted)."""

    answer_lines: int = 0
    answers: int = 0
    duplicate_lines: int = 0


class LineReader:
    """The lines of one file, the diagnostics said about them and the first line of each item.
    A repeated item is an error (gold files); AnswerLineReader says how answer files differ."""

    def __init__(self, path: str, stats: ItemStats) -> None:
        self.diagnostics = Diagnostics(path)
        self.stats = stats
        self.registry = IdRegistry(self.diagnostics)

    def _texts(self, text: str) -> list[str]:
        texts = line_texts(text.removeprefix("\ufeff"))
        self.stats.lines = len(texts)
        return texts

    def lines(self, text: str) -> Iterator[tuple[int, str]]:
        """(line number, text) of every line that is not blank; all lines and the blank ones
        are counted."""
        stats = self.stats
        for number, line_text in enumerate(self._texts(text), start=1):
            if not line_text or line_text.isspace():
                stats.blank_lines += 1
                continue
            yield number, line_text

    def item_lines(self, text: str, separator: str,
                   wrong_separator: Callable[[str], str]) -> Iterator[tuple[int, ItemLine]]:
        """(line number, line) of every ``lexelt id SEPARATOR rest`` line of a new item, its
        lexelt's PoS checked. Other lines are errors and, like repeated items, ignored and
        counted in ``ignored_lines``; ``wrong_separator`` says what a line with the given other
        separator is, and ``other_separator_line`` is told of it."""
        stats = self.stats
        item_line = self.item_line
        for number, line_text in enumerate(self._texts(text), start=1):
            if not line_text or line_text.isspace():
                stats.blank_lines += 1
                continue
            parsed = item_line(number, line_text, separator, wrong_separator)
            if parsed is not None:
                yield number, parsed

    def text_blocks(self, text: str) -> Iterator[list[str]]:
        """The lines of ``text`` (its BOM dropped), a block of whole lines at a time, all of
        them counted in ``lines`` once the last block is given; a reader with a quicker path
        for usual lines walks them itself and hands the others to ``item_line``. A block holds
        about BLOCK_CHARACTERS characters: what a reader makes of a block is freed before the
        next, so a large file's lines are never all in memory as separate strings."""
        block_characters = BLOCK_CHARACTERS  # read here, so that tests can make blocks small
        text = text.removeprefix("\ufeff")
        lines = 0
        start = 0
        while start < len(text):
            end = text.find("\n", start + block_characters)
            end = len(text) if end < 0 else end + 1
            block = line_texts(text[start:end])
            lines += len(block)
            yield block
            start = end
        self.stats.lines = lines

    def item_line(self, number: int, line_text: str, separator: str,
                  wrong_separator: Callable[[str], str]) -> ItemLine | None:
        """One line that is not blank, as ``item_lines`` reads it: the ItemLine of a new item,
        or None when the line is reported and ignored."""
        diagnostics = self.diagnostics
        parsed = split_item_line(line_text)
        if isinstance(parsed, LineProblem):
            diagnostics.error(parsed.code, f"{parsed.message}; line ignored", number,
                              parsed.column)
            self.stats.ignored_lines += 1
            return None
        if parsed.separator != separator:
            diagnostics.error("wrong-separator", wrong_separator(parsed.separator), number,
                              parsed.separator_column)
            self.other_separator_line()
            self.stats.ignored_lines += 1
            return None
        first = self.registry.claim(parsed.lexelt, parsed.id, number)
        if first is not None:
            self.repeated_item(parsed.lexelt, parsed.id, number, first)
            self.stats.ignored_lines += 1
            return None
        check_lexelt_pos(parsed.lexelt, diagnostics, number)
        return parsed

    def other_separator_line(self) -> None:
        """A line with another separator was ignored; a reader that counts them says so here."""

    def claim(self, lexelt: str, item_id: str, number: int) -> bool:
        """Whether this is the item's first line; a later one is reported (the caller ignores
        it and counts it in ``ignored_lines``)."""
        first = self.registry.claim(lexelt, item_id, number)
        if first is None:
            return True
        self.repeated_item(lexelt, item_id, number, first)
        return False

    def repeated_item(self, lexelt: str, item_id: str, number: int, first: int) -> None:
        self.diagnostics.error(
            "duplicate-item",
            f"{lexelt} {item_id} was already given on line {first}; this line is ignored",
            number, 1)


class AnswerLineReader(LineReader):
    """A system answers file: the first line of an item counts, a later one is a warning,
    counted in ``duplicate_lines``."""

    stats: AnswerStats

    def __init__(self, path: str, stats: AnswerStats) -> None:
        super().__init__(path, stats)

    def repeated_item(self, lexelt: str, item_id: str, number: int, first: int) -> None:
        self.diagnostics.warning(
            "duplicate-item",
            f"{lexelt} {item_id} was already answered on line {first}; "
            "the first line counts, this one is ignored",
            number, 1)
        self.stats.duplicate_lines += 1
