"""Gold and system files as columns: what the readers hand to clean scoring.

A gold or system file of 100,000 or 1,000,000 lines is held as a few flat columns instead of one
object per line: per item its lexelt, id and line number and where its entries start; per entry
its text (and, for the gold, its count). A text is a 32-bit code into the file's distinct
texts (``CodedTexts``), so a file's memory grows with its answers, not with Python objects per
answer, and scoring works on whole columns at once (core/scoring/clean/columnar.py), spelling
each distinct text once.

Each table is also a read-only sequence of the plain objects (``GoldItem``, ``SystemAnswer``),
made one at a time when asked for, for the code that walks items one by one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import overload

import numpy as np

from lexsub_studio.core.model.data import GoldItem, SystemAnswer


def offsets_of(lengths: Sequence[int] | np.ndarray) -> np.ndarray:
    """Where each of consecutive runs of ``lengths`` starts, and the end: n + 1 offsets."""
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(np.asarray(lengths, dtype=np.int64), out=offsets[1:])
    return offsets


def file_order(sources: np.ndarray, usual_offsets: np.ndarray, careful_lengths: list[int],
               usual_total: int) -> tuple[np.ndarray, np.ndarray]:
    """Where each item's entries are, once put in file order, and where each comes from.

    A reader keeps the entries of its usual lines (``usual_offsets``, ``usual_total`` in all)
    apart from those of the lines it read the careful way (``careful_lengths``, placed after
    them); ``sources`` says per item which it is: the index of its usual line, or -1 - k for
    the k-th careful one. Returns the items' offsets and, per entry, its position among the
    usual entries followed by the careful ones."""
    careful = offsets_of(careful_lengths) + usual_total
    is_usual = sources >= 0
    usual_sources = sources[is_usual]
    careful_sources = -1 - sources[~is_usual]
    starts = np.empty(len(sources), dtype=np.int64)
    lengths = np.empty(len(sources), dtype=np.int64)
    starts[is_usual] = usual_offsets[usual_sources]
    lengths[is_usual] = usual_offsets[usual_sources + 1] - starts[is_usual]
    starts[~is_usual] = careful[careful_sources]
    lengths[~is_usual] = careful[careful_sources + 1] - starts[~is_usual]
    offsets = offsets_of(lengths)
    gather = (np.arange(int(offsets[-1]), dtype=np.int64)
              - np.repeat(offsets[:-1] - starts, lengths))
    return offsets, gather


def joined_arrays(parts: list[np.ndarray]) -> np.ndarray:
    """Per-block arrays of whole numbers put end to end (empty when there are none)."""
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)


class TextCodes(dict[str, int]):
    """Texts numbered in the order they are first coded; ``texts`` gives them back. A table
    holds its entries as these codes: a text costs one dict look-up per entry as it is read,
    and whatever is done with it after (spelling, for scoring) is done once per distinct
    text, not once per entry."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def __missing__(self, text: str) -> int:
        code = self[text] = len(self.texts)
        self.texts.append(text)
        return code

    def coded(self, texts: Iterable[str], count: int = -1) -> np.ndarray:
        return np.fromiter(map(self.__getitem__, texts), dtype=np.int32, count=count)


class CodedTexts:
    """A column of texts as codes into a list of distinct texts; the list of texts itself
    (``texts()``) is made on first use and kept."""

    __slots__ = ("_texts", "codes", "vocabulary")

    def __init__(self, codes: np.ndarray, vocabulary: list[str]) -> None:
        self.codes = codes
        self.vocabulary = vocabulary
        self._texts: list[str] | None = None

    @classmethod
    def of(cls, texts: Sequence[str]) -> CodedTexts:
        numbering = TextCodes()
        return cls(numbering.coded(texts, len(texts)), numbering.texts)

    def __len__(self) -> int:
        return len(self.codes)

    def texts(self) -> list[str]:
        if self._texts is None:
            vocabulary = np.empty(len(self.vocabulary), dtype=object)
            vocabulary[:] = self.vocabulary
            self._texts = vocabulary[self.codes].tolist()
        return self._texts




class TableBuilder:
    """A reader's table as it is read, block by block: the entries (or answers) of each
    block's usual lines come in at once, coded (``add_usual_codes``), those of the lines read the
    careful way one line at a time (``add_careful``), kept after them; ``placed`` says where
    every item's entries are once put in file order. The gold and system readers add what
    their own entries carry (counts; empty answers dropped)."""

    def __init__(self) -> None:
        self.lexelts: list[str] = []
        self.ids: list[str] = []
        self.lines: list[int] = []
        #: Per item, the index of its usual line among every block's usual ones, or -1 - k for
        #: the k-th line read the careful way.
        self.sources: list[int] = []
        #: Every entry's text is coded as it comes (TextCodes).
        self.vocabulary = TextCodes()
        self.usual_codes: list[np.ndarray] = []
        self.usual_total = 0
        self.usual_lengths: list[np.ndarray] = []
        self.usual_lines = 0
        self.careful_lengths: list[int] = []
        self.careful_codes: list[int] = []
        #: ``lines`` and ``sources`` of the blocks read before, as arrays (``end_block``).
        self._line_blocks: list[np.ndarray] = []
        self._source_blocks: list[np.ndarray] = []

    def add_usual_codes(self, codes: np.ndarray, lengths: np.ndarray) -> int:
        """Keep a block's usual lines' texts, coded by ``vocabulary`` (``lengths`` per line);
        the index its first usual line has among all (the items then name it in
        ``sources``)."""
        first = self.usual_lines
        self.usual_codes.append(codes)
        self.usual_total += len(codes)
        self.usual_lengths.append(lengths)
        self.usual_lines += len(lengths)
        return first

    def add_careful(self, lexelt: str, item_id: str, line: int, texts: list[str]) -> None:
        self.lexelts.append(lexelt)
        self.ids.append(item_id)
        self.lines.append(line)
        self.sources.append(-1 - len(self.careful_lengths))
        self.careful_lengths.append(len(texts))
        self.careful_codes += map(self.vocabulary.__getitem__, texts)

    def end_block(self) -> None:
        """Keep the block's line numbers and sources as arrays: as a list of ints to the end,
        a large file's would be an object apiece, long-lived among the block's short-lived
        ones, which keeps the memory they leave from being given back."""
        if self.lines:
            self._line_blocks.append(np.array(self.lines, dtype=np.int64))
            self.lines = []
        if self.sources:
            self._source_blocks.append(np.array(self.sources, dtype=np.int64))
            self.sources = []

    def source_array(self) -> np.ndarray:
        return joined_arrays([*self._source_blocks, np.array(self.sources, dtype=np.int64)])

    def placed(self) -> tuple[np.ndarray, np.ndarray | None]:
        """Every item's offsets in file order, and per entry its position among the usual
        entries followed by the careful ones; None when the usual entries are already in file
        order (every line usual, none left out)."""
        sources = self.source_array()
        usual_offsets = offsets_of(joined_arrays(self.usual_lengths))
        if not self.careful_lengths and np.array_equal(sources, np.arange(self.usual_lines)):
            return usual_offsets, None
        return file_order(sources, usual_offsets, self.careful_lengths, self.usual_total)

    def texts_in_order(self, gather: np.ndarray | None) -> CodedTexts:
        """The texts in file order, coded (the builder's own codes are used up)."""
        every = np.concatenate([*self.usual_codes, np.array(self.careful_codes, dtype=np.int32)]
                               ).astype(np.int32, copy=False)
        self.usual_codes, self.careful_codes = [], []
        return CodedTexts(every if gather is None else every[gather], self.vocabulary.texts)

    def line_array(self) -> np.ndarray:
        return joined_arrays([*self._line_blocks, np.array(self.lines, dtype=np.int64)])


class _ItemColumns:
    """The columns every item table has: lexelt, id and line number per item, and the
    offsets of each item's entries in the flat entry columns."""

    __slots__ = ("ids", "lexelts", "lines", "offsets")

    def __init__(self, lexelts: list[str], ids: list[str], lines: np.ndarray,
                 offsets: np.ndarray) -> None:
        self.lexelts = lexelts
        self.ids = ids
        #: The line of each item in its file; 0 where it came from no file.
        self.lines = lines
        self.offsets = offsets

    def __len__(self) -> int:
        return len(self.ids)

    def line_of(self, index: int) -> int | None:
        line = int(self.lines[index])
        return line or None

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)


class GoldTable(_ItemColumns, Sequence[GoldItem]):
    """Gold items as columns: ``substitutes`` and ``counts`` hold every entry, item after item,
    in file order (``offsets[i]:offsets[i + 1]`` are item i's)."""

    __slots__ = ("coded_substitutes", "counts", "keys_unique")

    def __init__(self, lexelts: list[str], ids: list[str], lines: np.ndarray,
                 offsets: np.ndarray, substitutes: Sequence[str] | CodedTexts,
                 counts: np.ndarray, *, keys_unique: bool = False) -> None:
        super().__init__(lexelts, ids, lines, offsets)
        #: The entries' substitutes as codes (what scoring reads); ``substitutes`` as texts.
        self.coded_substitutes = (substitutes if isinstance(substitutes, CodedTexts)
                                  else CodedTexts.of(substitutes))
        self.counts = counts
        #: True when no (lexelt, id) is given twice (the readers keep an item's first line
        #: only); False when that is not known.
        self.keys_unique = keys_unique

    @classmethod
    def from_items(cls, items: Sequence[GoldItem]) -> GoldTable:
        substitutes: list[str] = []
        counts: list[int] = []
        lengths: list[int] = []
        for item in items:
            for substitute, count in item.entries:
                substitutes.append(substitute)
                counts.append(count)
            lengths.append(len(item.entries))
        return cls([item.lexelt for item in items], [item.id for item in items],
                   np.array([item.line or 0 for item in items], dtype=np.int64),
                   offsets_of(lengths), substitutes, np.array(counts, dtype=np.int64))

    @property
    def substitutes(self) -> list[str]:
        return self.coded_substitutes.texts()

    def _item(self, index: int) -> GoldItem:
        start, end = int(self.offsets[index]), int(self.offsets[index + 1])
        entries = list(zip(self.substitutes[start:end], self.counts[start:end].tolist(),
                           strict=True))
        return GoldItem(self.lexelts[index], self.ids[index], entries, self.line_of(index))

    @overload
    def __getitem__(self, index: int) -> GoldItem: ...
    @overload
    def __getitem__(self, index: slice) -> list[GoldItem]: ...

    def __getitem__(self, index: int | slice) -> GoldItem | list[GoldItem]:
        if isinstance(index, slice):
            return [self._item(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("gold item index out of range")
        return self._item(index)

    def __iter__(self) -> Iterator[GoldItem]:
        return map(self._item, range(len(self)))

    def items(self) -> list[GoldItem]:
        """Every item as a GoldItem (for code that keeps or changes them)."""
        return list(self)


class AnswerTable(_ItemColumns, Sequence[SystemAnswer]):
    """System answer lines as columns: ``answers`` holds every line's answers, line after line
    (``offsets[i]:offsets[i + 1]`` are line i's), trimmed, empty ones dropped."""

    __slots__ = ("coded_answers",)

    def __init__(self, lexelts: list[str], ids: list[str], lines: np.ndarray,
                 offsets: np.ndarray, answers: Sequence[str] | CodedTexts) -> None:
        super().__init__(lexelts, ids, lines, offsets)
        #: The answers as codes (what scoring reads); ``answers`` as texts.
        self.coded_answers = (answers if isinstance(answers, CodedTexts)
                              else CodedTexts.of(answers))

    @property
    def answers(self) -> list[str]:
        return self.coded_answers.texts()

    @classmethod
    def from_answers(cls, lines: Sequence[SystemAnswer]) -> AnswerTable:
        answers: list[str] = []
        lengths: list[int] = []
        for line in lines:
            answers.extend(line.answers)
            lengths.append(len(line.answers))
        return cls([line.lexelt for line in lines], [line.id for line in lines],
                   np.array([line.line or 0 for line in lines], dtype=np.int64),
                   offsets_of(lengths), answers)

    def _line(self, index: int) -> SystemAnswer:
        start, end = int(self.offsets[index]), int(self.offsets[index + 1])
        return SystemAnswer(self.lexelts[index], self.ids[index], self.answers[start:end],
                            self.line_of(index))

    @overload
    def __getitem__(self, index: int) -> SystemAnswer: ...
    @overload
    def __getitem__(self, index: slice) -> list[SystemAnswer]: ...

    def __getitem__(self, index: int | slice) -> SystemAnswer | list[SystemAnswer]:
        if isinstance(index, slice):
            return [self._line(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("system line index out of range")
        return self._line(index)

    def __iter__(self) -> Iterator[SystemAnswer]:
        return map(self._line, range(len(self)))
