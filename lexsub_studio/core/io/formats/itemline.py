"""The ``lexelt id :: rest`` line shape shared by gold, multiword gold and system files.

The separator is a run of colons standing as its own token (``::`` or ``:::``); the id is the last
whitespace-separated token before it and the lexelt is everything before the id, so lexelts that
contain spaces (``e commerce.J 125 :: ...``) are read correctly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from lexsub_studio.core.model.data import parse_lexelt
from lexsub_studio.core.model.diagnostics import Diagnostics

_SEPARATOR = re.compile(r"(?<!\S):{2,}")


@dataclass(slots=True)
class ItemLine:
    lexelt: str
    id: str
    separator: str
    #: Everything after the separator, untrimmed.
    rest: str
    #: 0-based index of ``rest`` in the line, to turn offsets in ``rest`` into columns.
    rest_offset: int
    separator_column: int
    #: True when the separator is glued to the text after it (``::word``).
    glued: bool


@dataclass(frozen=True, slots=True)
class LineProblem:
    code: str
    message: str
    column: int | None


def split_item_line(text: str) -> ItemLine | LineProblem:
    match = _SEPARATOR.search(text)
    if match is None:
        return LineProblem("no-separator",
                           "no ' :: ' separator: expected 'lexelt id :: ...'", None)
    separator = match.group()
    separator_column = match.start() + 1
    if separator not in ("::", ":::"):
        return LineProblem("bad-separator",
                           f"separator '{separator}' is neither '::' nor ':::'", separator_column)
    head = text[:match.start()].rstrip()
    tokens = head.split()
    if not tokens:
        return LineProblem("missing-id",
                           f"nothing before '{separator}': expected 'lexelt id {separator} ...'", 1)
    if len(tokens) == 1:
        return LineProblem(
            "missing-id",
            f"only '{tokens[0]}' before '{separator}': expected 'lexelt id {separator} ...'",
            head.index(tokens[0]) + 1,
        )
    item_id = tokens[-1]
    lexelt = head[: len(head) - len(item_id)].strip()
    rest = text[match.end():]
    glued = bool(rest) and not rest[0].isspace()
    return ItemLine(lexelt, item_id, separator, rest, match.end(), separator_column, glued)


def check_lexelt_pos(lexelt: str, diagnostics: Diagnostics, line: int) -> None:
    """Warn about a lexelt whose last dot-separated part is not a known PoS letter."""
    if not has_known_pos(lexelt):
        diagnostics.warning(
            "unknown-pos",
            f"lexelt '{lexelt}' does not end in a known PoS (.n .v .a .r, or N V J R)",
            line, 1,
        )


def checked_lexelt(lexelt: str, known: str, diagnostics: Diagnostics, line: int) -> str:
    """A block reader's check of a lexelt that differs from the last one found good
    (``known``; a lexelt's lines follow each other): the lexelt when its PoS is known, else
    ``known``, the warning said, so that each of its lines is checked again."""
    if has_known_pos(lexelt):
        return lexelt
    check_lexelt_pos(lexelt, diagnostics, line)
    return known


@lru_cache(maxsize=4096)
def has_known_pos(lexelt: str) -> bool:
    # Cached: a file repeats each lexelt on a hundred lines or more.
    return parse_lexelt(lexelt).pos is not None


class IdRegistry:
    """Remembers where each (lexelt, id) and each bare id was first seen in one file.

    Reports a repeated (lexelt, id) and, once per id, an id shared by two lexelts, which the
    official scorer (keying items by id alone) would merge.

    Keyed by id, not by (lexelt, id): an id is nearly always given with one lexelt, and a
    tuple per item (two, with the id's first line) would be a third of the memory a large
    file's reading takes, its small objects scattered among the lines' short-lived ones. The
    keys of an id given with a second lexelt are kept apart.
    """

    def __init__(self, diagnostics: Diagnostics) -> None:
        self._diagnostics = diagnostics
        #: Per id, the lexelt it was first given with, and the line.
        self._lexelt_of_id: dict[str, str] = {}
        self._line_of_id: dict[str, int] = {}
        #: (lexelt, id) -> first line, for the lexelts an id is given with after its first.
        self._other_keys: dict[tuple[str, str], int] = {}
        self._shared_ids_reported: set[str] = set()

    def first_line(self, lexelt: str, item_id: str) -> int | None:
        if self._lexelt_of_id.get(item_id) == lexelt:
            return self._line_of_id[item_id]
        return self._other_keys.get((lexelt, item_id))

    def claim(self, lexelt: str, item_id: str, line: int) -> int | None:
        """``first_line`` and, for a new item, ``register`` in one look-up: the line where the
        item was first seen (nothing is registered then), or None for a new item."""
        seen = self._lexelt_of_id.get(item_id)
        if seen == lexelt:
            return self._line_of_id[item_id]
        if seen is not None:
            first = self._other_keys.setdefault((lexelt, item_id), line)
            if first != line:
                return first
        self._note_id(lexelt, item_id, line, seen)
        return None

    def _note_id(self, lexelt: str, item_id: str, line: int, seen: str | None) -> None:
        if seen is None:
            self._lexelt_of_id[item_id] = lexelt
            self._line_of_id[item_id] = line
        elif item_id not in self._shared_ids_reported:
            self._shared_ids_reported.add(item_id)
            self._diagnostics.warning(
                "shared-id",
                f"id '{item_id}' is also used by lexelt '{seen}' on line "
                f"{self._line_of_id[item_id]}; "
                "the official scorer keys items by id alone and would merge them",
                line,
            )


def check_writable_key(lexelt: str, item_id: str) -> None:
    """Refuse a lexelt or id that a writer cannot write so that it reads back the same."""
    if (not lexelt.strip() or lexelt != lexelt.strip() or "\n" in lexelt or "\r" in lexelt
            or ("::" in lexelt and any(token.startswith("::") for token in lexelt.split()))):
        raise ValueError(f"lexelt {lexelt!r} cannot be written (empty, surrounding spaces, "
                         "a line break or a '::' token)")
    # split() == [item_id] says "not empty and no whitespace" in one C call (writers check
    # every item of a 100,000-line file).
    if item_id.split() != [item_id] or item_id.startswith("::"):
        raise ValueError(f"id {item_id!r} of {lexelt} cannot be written "
                         "(empty, with spaces, or starting with '::')")


def key_problem(lexelt: str, item_id: str) -> tuple[str, int, str] | None:
    """Why a non-empty, trimmed lexelt or id read from another format (a responses row) could
    not be written in a ``lexelt id :: ...`` line that reads back the same, as check_writable_key
    refuses it: (``"lexelt"`` or ``"id"``, 0-based offset of the culprit, reason); None when
    both can be written. White space is any character ``str.split`` splits on (U+00A0,
    U+0085, U+2028 too), as the item-line readers take the id to be one such token."""
    if item_id and item_id.split() != [item_id]:
        offset = next(index for index, character in enumerate(item_id) if character.isspace())
        return ("id", offset, f"holds {describe_character(item_id[offset])}, white space, "
                "which an id cannot hold (in gold and system lines the id is one "
                "space-separated token)")
    if item_id.startswith("::"):
        return ("id", 0, "starts with '::', which gold and system lines take for the separator")
    for character in "\r\n":
        if character in lexelt:
            return ("lexelt", lexelt.index(character),
                    f"holds {describe_character(character)}, a line break")
    if "::" in lexelt:
        for match in re.finditer(r"\S+", lexelt):
            if match.group().startswith("::"):
                return ("lexelt", match.start(), "holds a token starting with '::', which "
                        "gold and system lines take for the separator")
    return None


def describe_character(character: str) -> str:
    """``a space`` or ``U+2028 (LINE SEPARATOR)``: a character named for a message."""
    if character == " ":
        return "a space"
    import unicodedata

    name = unicodedata.name(character, "")
    return f"U+{ord(character):04X}" + (f" ({name})" if name else "")
