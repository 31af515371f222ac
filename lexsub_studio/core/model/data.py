"""The data model shared by every format, workspace and command.

Corpus -> Lexelt -> Instance is the lexelt XML corpus; GoldItem, SystemAnswer, WeightedAnswer and
ResponseRow are one line of the gold, system, weighted and annotator-responses files. All are plain
data: readers build them, writers serialise them, and nothing here touches a file.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

#: The four PoS letters of the SemEval-2007 data, and their names.
POS_NAMES: dict[str, str] = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}

#: Letters used by later datasets (CoInCo writes N, V, J, R) mapped to the lexsub letters.
POS_ALIASES: dict[str, str] = {
    "n": "n", "v": "v", "a": "a", "r": "r",
    "N": "n", "V": "v", "J": "a", "j": "a", "A": "a", "R": "r",
}


@dataclass(frozen=True, slots=True)
class LexeltName:
    """A parsed lexelt item string: ``bright.a``, ``stand.n.v`` (tagged n, corrected to v)."""

    item: str
    lemma: str
    pos: str | None
    original_pos: str | None = None

    @property
    def pos_corrected(self) -> bool:
        return self.original_pos is not None and self.original_pos != self.pos


def lexelt_pos(item: str) -> str | None:
    """``parse_lexelt(item).pos`` without making a LexeltName: the readers check every
    lexelt's PoS, and a corpus may have as many lexelts as instances."""
    lemma, dot, last = item.rpartition(".")
    return POS_ALIASES.get(last) if dot and lemma else None


def parse_lexelt(item: str) -> LexeltName:
    """Split a lexelt item into lemma, PoS and (for ``lemma.ori.pos``) the original PoS.

    The PoS is the last dot-separated part, mapped through POS_ALIASES; an unknown letter gives
    ``pos=None`` (callers decide whether that is an error). The original PoS is recognised only
    when the part before the PoS is itself a PoS letter, so lemmas containing dots survive.
    """
    lemma, dot, last = item.rpartition(".")
    if not dot or not lemma:
        return LexeltName(item, item, None)
    pos = POS_ALIASES.get(last)
    head, dot2, middle = lemma.rpartition(".")
    if dot2 and head and middle in POS_ALIASES:
        return LexeltName(item, head, pos, POS_ALIASES[middle])
    return LexeltName(item, lemma, pos)


@dataclass(slots=True)
class Instance:
    """One sentence with its target.

    ``context`` is the context text exactly as written in the file (character references
    resolved, whitespace kept); ``context[head_start:head_end]`` is the head's text.
    ``attributes`` keeps any further attributes of ``<instance>`` (for example the source
    sentence id of a corpus made from CoNLL files) so that writing the corpus back keeps them.
    """

    id: str
    context: str
    head_start: int
    head_end: int
    attributes: dict[str, str] = field(default_factory=dict)
    line: int | None = None

    @property
    def head(self) -> str:
        return self.context[self.head_start:self.head_end]

    @property
    def left(self) -> str:
        return self.context[: self.head_start]

    @property
    def right(self) -> str:
        return self.context[self.head_end:]

    def display_context(self) -> str:
        """The context with runs of whitespace folded to single spaces, for display only."""
        return " ".join(self.context.split())


@dataclass(slots=True)
class Lexelt:
    """A target lemma and PoS with its instances, in file order."""

    item: str
    instances: list[Instance] = field(default_factory=list)
    line: int | None = None

    @property
    def name(self) -> LexeltName:
        return parse_lexelt(self.item)


@dataclass(slots=True)
class Corpus:
    """A lexelt XML corpus: ``<corpus lang=...>`` holding lexelts, in file order."""

    lexelts: list[Lexelt] = field(default_factory=list)
    lang: str | None = "english"
    path: str | None = None
    #: The DOCTYPE line of the source file, if any, kept so that a round trip keeps it.
    doctype: str | None = None

    def instances(self) -> list[tuple[Lexelt, Instance]]:
        return [(lexelt, instance) for lexelt in self.lexelts for instance in lexelt.instances]

    def __len__(self) -> int:
        return sum(len(lexelt.instances) for lexelt in self.lexelts)

    def find(self, lexelt_item: str, instance_id: str) -> Instance | None:
        for lexelt in self.lexelts:
            if lexelt.item == lexelt_item:
                for instance in lexelt.instances:
                    if instance.id == instance_id:
                        return instance
        return None


@dataclass(slots=True)
class GoldItem:
    """One line of a gold or multiword gold file: ``lexelt id :: sub freq;sub freq;``.

    ``entries`` keeps the file order, which is by frequency descending in well-formed files.
    A substitute given twice on one line is merged by the reader (with a warning).
    """

    lexelt: str
    id: str
    entries: list[tuple[str, int]]
    line: int | None = None

    @property
    def key(self) -> tuple[str, str]:
        return (self.lexelt, self.id)

    def freq(self) -> dict[str, int]:
        return dict(self.entries)


@dataclass(slots=True)
class SystemAnswer:
    """One line of a system best (``::``), oot (``:::``) or mw (``::``) file, as a clean reader
    sees it: answers trimmed, empty answers dropped, order kept (best guess first)."""

    lexelt: str
    id: str
    answers: list[str]
    line: int | None = None

    @property
    def key(self) -> tuple[str, str]:
        return (self.lexelt, self.id)


@dataclass(slots=True)
class WeightedAnswer:
    """One line of a Senseval-3 style weighted file, normalised: weights sum to 1, ranked by
    weight descending with ties in file order. Substitutes have ``_`` turned back into spaces."""

    lexelt: str
    id: str
    ranked: list[tuple[str, float]]
    comment: str | None = None
    line: int | None = None

    @property
    def key(self) -> tuple[str, str]:
        return (self.lexelt, self.id)

    @property
    def answers(self) -> list[str]:
        return [substitute for substitute, _ in self.ranked]


@dataclass(slots=True)
class ResponseRow:
    """One annotator's answer for one instance (a row of the responses exchange file)."""

    lexelt: str
    id: str
    annotator: str
    substitutes: tuple[str, ...] = ()
    multiword: str = ""
    nil: bool = False
    proper_name: bool = False
    comment: str = ""
    seconds: float | None = None
    line: int | None = None

    @property
    def key(self) -> tuple[str, str]:
        return (self.lexelt, self.id)

    @property
    def is_blank(self) -> bool:
        """No substitute, no multiword and no flag: the annotator did not answer."""
        return not (any(s.strip() for s in self.substitutes) or self.multiword.strip()
                    or self.nil or self.proper_name)


class CodedColumn(Sequence[Any]):
    """A column held as integer codes into its distinct values: row k is
    ``values[codes[k]]`` (``codes`` an integer numpy array, ``values`` the distinct values).
    A responses file of 100,000 rows has a few thousand
    distinct values a column: four bytes a row instead of a list's eight-byte reference, and
    pooling works on the codes. It reads as a sequence; a list is made only when asked for."""

    __slots__ = ("codes", "values")

    def __init__(self, codes: Any, values: list[Any]) -> None:
        self.codes = codes
        self.values = values

    def __len__(self) -> int:
        return len(self.codes)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return list(map(self.values.__getitem__, self.codes[index].tolist()))
        return self.values[self.codes[index]]

    def __iter__(self) -> Iterator[Any]:
        return map(self.values.__getitem__, self.codes.tolist())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CodedColumn | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"CodedColumn({list(self)!r})"

    def tolist(self) -> list[Any]:
        return list(self)


@dataclass(slots=True)
class ResponseColumns:
    """Many ResponseRows stored column by column: row k is index k of every column.

    A collection of ten annotators on 100,000 instances is a million rows; held as columns they
    are read, pooled and checked without a Python object per row, and a ResponseRow is made only
    for the rows someone asks for. ``substitutes`` holds one column per substitute position (the
    file's sub1, sub2, sub3), "" where a row has fewer. A column is a list, or for a file read
    from its bytes a CodedColumn.
    """

    lexelt: Sequence[str] = field(default_factory=list)
    id: Sequence[str] = field(default_factory=list)
    annotator: Sequence[str] = field(default_factory=list)
    substitutes: list[Sequence[str]] = field(default_factory=list)
    multiword: Sequence[str] = field(default_factory=list)
    nil: Sequence[bool] = field(default_factory=list)
    proper_name: Sequence[bool] = field(default_factory=list)
    comment: Sequence[str] = field(default_factory=list)
    seconds: Sequence[float | None] = field(default_factory=list)
    #: A list, or a range for a file read in one piece (its rows on consecutive lines).
    line: Sequence[int | None] = field(default_factory=list)
    #: The substitutes coded, when the reader did it while splitting them:
    #: ``substitutes[k][i] == substitute_vocabulary[substitute_codes[i, k]]`` (an integer
    #: numpy array, one row per response). Pooling then codes a file's few thousand distinct
    #: strings instead of every cell. None for rows made in memory.
    substitute_codes: Any = None
    substitute_vocabulary: list[str] | None = None

    def __len__(self) -> int:
        return len(self.lexelt)

    @classmethod
    def from_rows(cls, rows: Iterable[ResponseRow]) -> ResponseColumns:
        rows = list(rows)
        width = max((len(row.substitutes) for row in rows), default=0)
        return cls(
            lexelt=[row.lexelt for row in rows],
            id=[row.id for row in rows],
            annotator=[row.annotator for row in rows],
            substitutes=[[row.substitutes[position] if position < len(row.substitutes) else ""
                          for row in rows] for position in range(width)],
            multiword=[row.multiword for row in rows],
            nil=[row.nil for row in rows],
            proper_name=[row.proper_name for row in rows],
            comment=[row.comment for row in rows],
            seconds=[row.seconds for row in rows],
            line=[row.line for row in rows],
        )

    def rows(self) -> list[ResponseRow]:
        substitutes = (list(zip(*self.substitutes, strict=True)) if self.substitutes
                       else [()] * len(self))
        return [ResponseRow(lexelt, item_id, annotator, tuple(filter(None, cells)), multiword,
                            nil, proper_name, comment, seconds, line)
                for lexelt, item_id, annotator, cells, multiword, nil, proper_name, comment,
                seconds, line in zip(self.lexelt, self.id, self.annotator, substitutes,
                                     self.multiword, self.nil, self.proper_name, self.comment,
                                     self.seconds, self.line, strict=True)]
