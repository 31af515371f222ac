"""Exact line numbers of elements, also past line 65,535.

libxml2 keeps an element's line in 16 bits; beyond line 65,535 it guesses from neighbouring
text and is often one line late. Large corpora have hundreds of thousands of lines, and a
message pointing at the wrong line is worse than none. So for such files the start tags of an
element name are found in the raw bytes, in document order, and paired with the parsed elements
of that name; when the two counts differ (the name also occurs in a comment or CDATA section)
the parser's guess is used after all.

The reader asks for lines one child of the root at a time, in order, and frees each child once
read (corpus_reader._GradualRelease): the elements of the child being read are numbered from
the count of those freed before it, so the index holds one child's elements, not the whole
file's (on 100,000 instances, 23 MB of element handles at the peak of the opening).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import partial
from operator import attrgetter

from lxml import etree

#: The last line libxml2 stores exactly for an element.
LAST_EXACT_LINE = 65_535

_parser_line = attrgetter("sourceline")
_tag_of = attrgetter("tag")


class SourceLines:
    """``lines.of(element)``: the 1-based line of the element's start tag;
    ``lines.for_tag(tag)``: the same as a fast function for elements named ``tag``."""

    def __init__(self, data: bytes, root: etree._Element) -> None:
        self._data = data
        self._root = root
        self.big = data.count(b"\n") >= LAST_EXACT_LINE - 1
        #: Per element name, the line of each of its start tags in the file, in order; None
        #: when the start tags and the elements do not pair.
        self._tag_lines: dict[str, list[int] | None] = {}
        #: Indexes over the whole tree, for elements asked out of the reader's order.
        self._exact: dict[str, dict[etree._Element, int]] = {}
        #: How many nodes of each name were freed with children of the root already read, and
        #: how many of those children (still in the tree, emptied) have each name.
        self._freed: dict[object, int] = {}
        self._released_names: dict[object, int] = {}
        self._last_released: etree._Element | None = None
        #: The child of the root being read, and its elements' lines by name.
        self._current: etree._Element | None = None
        self._local: dict[str, dict[etree._Element, int]] = {}

    def of(self, element: etree._Element) -> int | None:
        tag = element.tag
        if not self.big or not isinstance(tag, str):
            return element.sourceline
        local = self._local.get(tag)
        line = local.get(element) if local is not None else None
        if line is None:
            line = self._look_up(tag, element)
        return line if line is not None else element.sourceline

    def for_tag(self, tag: str) -> Callable[[etree._Element], int | None]:
        # Small files: the parser's numbers are exact, and reading them costs nothing more.
        if not self.big or self._lines_of_tag(tag) is None:
            return _parser_line
        return partial(self._of_tag, tag)

    def forget_within(self, element: etree._Element) -> None:
        """Let go of ``element`` and the indexed elements inside it, which are about to be
        freed; they are counted by name, so that the elements left are still paired with
        their start tags in the file."""
        if not self.big:
            return
        exact, freed = self._exact, self._freed
        own = exact.get(element.tag)
        if own:
            own.pop(element, None)
        # Counted by name in C (a Counter over the tags), not element by element in Python:
        # a 100k-instance corpus frees 300,000 of them while it opens.
        for name, count in Counter(map(_tag_of, element.iterdescendants())).items():
            freed[name] = freed.get(name, 0) + count
        for name, index in exact.items():
            if index:
                for inner in element.iterdescendants(name):
                    index.pop(inner, None)
        name = element.tag
        self._released_names[name] = self._released_names.get(name, 0) + 1
        self._last_released = element
        if self._current is element:
            self._current = None
            self._local = {}

    def forget(self) -> None:
        """Let go of every element, one at a time (see corpus_reader._GradualRelease): each
        index holds a handle on every element of its name, and a dict dropped whole releases
        them all in one step that holds Python's lock."""
        for index in (*self._exact.values(), *self._local.values()):
            while index:
                index.popitem()
        self._exact.clear()
        self._local = {}
        self._current = None
        self._last_released = None

    def _of_tag(self, tag: str, element: etree._Element) -> int | None:
        local = self._local.get(tag)
        line = local.get(element) if local is not None else None
        if line is None:
            line = self._look_up(tag, element)
        return line if line is not None else element.sourceline

    def _look_up(self, tag: str, element: etree._Element) -> int | None:
        lines = self._lines_of_tag(tag)
        if lines is None:
            return None
        root = self._root
        if element is root:
            return lines[0]  # the root's start tag comes first
        child = element
        parent = child.getparent()
        while parent is not None and parent is not root:
            child, parent = parent, parent.getparent()
        if parent is None or child.getprevious() is not self._last_released:
            return self._index(tag).get(element)
        # Every child of the root before this one was read and freed: its elements are
        # numbered on from those.
        if self._current is not child:
            self._current = child
            self._local = {}
        first = (self._freed.get(tag, 0) + self._released_names.get(tag, 0)
                 + (root.tag == tag))
        local = {inner: lines[first + number] for number, inner in enumerate(child.iter(tag))}
        self._local[tag] = local
        return local.get(element)

    def _lines_of_tag(self, tag: str) -> list[int] | None:
        if tag in self._tag_lines:
            return self._tag_lines[tag]
        pattern = re.compile(b"<" + re.escape(tag.encode("utf-8")) + rb"[\s/>]")
        offsets = [match.start() for match in pattern.finditer(self._data)]
        # Every element of this name: those freed, and those left in the tree.
        elements = self._freed.get(tag, 0) + sum(1 for _ in self._root.iter(tag))
        lines: list[int] | None = None
        if len(offsets) == elements:
            count = self._data.count
            line, counted_to = 1, 0
            lines = []
            for offset in offsets:
                line += count(b"\n", counted_to, offset)
                counted_to = offset
                lines.append(line)
        self._tag_lines[tag] = lines
        return lines

    def _index(self, tag: str) -> dict[etree._Element, int]:
        index = self._exact.get(tag)
        if index is not None:
            return index
        index = {}
        lines = self._lines_of_tag(tag)
        freed = self._freed.get(tag, 0)
        # The freed elements of this name came before every one left, unless one left comes
        # first: the root, or an emptied child of the root; then the pairing is not known.
        in_order = not freed or (tag != self._root.tag and tag not in self._released_names)
        if lines is not None and in_order:
            for element, line in zip(self._root.iter(tag), lines[freed:], strict=True):
                index[element] = line
        self._exact[tag] = index
        return index
