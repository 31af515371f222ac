"""Exact line numbers of elements, also past line 65,535.

libxml2 keeps an element's line in 16 bits; beyond line 65,535 it guesses from neighbouring
text and is often one line late. Large corpora have hundreds of thousands of lines, and a
message pointing at the wrong line is worse than none. So for such files the start tags of an
element name are found in the raw bytes, in document order, and paired with the parsed elements
of that name; when the two counts differ (the name also occurs in a comment or CDATA section)
the parser's guess is used after all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from operator import attrgetter

from lxml import etree

#: The last line libxml2 stores exactly for an element.
LAST_EXACT_LINE = 65_535

_parser_line = attrgetter("sourceline")


class SourceLines:
    """``lines.of(element)``: the 1-based line of the element's start tag;
    ``lines.for_tag(tag)``: the same as a fast function for elements named ``tag``."""

    def __init__(self, data: bytes, root: etree._Element) -> None:
        self._data = data
        self._root = root
        self._exact: dict[str, dict[etree._Element, int]] = {}
        self.big = data.count(b"\n") >= LAST_EXACT_LINE - 1

    def of(self, element: etree._Element) -> int | None:
        tag = element.tag
        if not self.big or not isinstance(tag, str):
            return element.sourceline
        line = self._index(tag).get(element)
        return line if line is not None else element.sourceline

    def for_tag(self, tag: str) -> Callable[[etree._Element], int | None]:
        # Small files: the parser's numbers are exact, and reading them costs nothing more.
        if not self.big:
            return _parser_line
        index = self._index(tag)
        # Every element named ``tag`` is in a non-empty index, so dict.get never misses.
        return index.get if index else _parser_line

    def forget_within(self, element: etree._Element) -> None:
        """Let go of ``element`` and the indexed elements inside it."""
        for tag, index in self._exact.items():
            if not index:
                continue
            index.pop(element, None)
            for inner in element.iter(tag):
                index.pop(inner, None)

    def forget(self) -> None:
        """Let go of every element, one at a time (see corpus_reader._free_tree_gradually):
        each index holds a handle on every element of its name, and a dict dropped whole
        releases them all in one step that holds Python's lock."""
        for index in self._exact.values():
            while index:
                index.popitem()
        self._exact.clear()

    def _index(self, tag: str) -> dict[etree._Element, int]:
        index = self._exact.get(tag)
        if index is not None:
            return index
        pattern = re.compile(b"<" + re.escape(tag.encode("utf-8")) + rb"[\s/>]")
        elements = list(self._root.iter(tag))
        offsets = [match.start() for match in pattern.finditer(self._data)]
        index = {}
        if len(offsets) == len(elements):
            count = self._data.count
            line, counted_to = 1, 0
            for element, offset in zip(elements, offsets, strict=True):
                line += count(b"\n", counted_to, offset)
                counted_to = offset
                index[element] = line
        self._exact[tag] = index
        return index
