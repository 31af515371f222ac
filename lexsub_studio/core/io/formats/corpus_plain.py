"""The usual corpus file, read without building a tree.

Nearly every lexelt XML corpus has one shape: an XML declaration, perhaps a plain DOCTYPE line,
``<corpus lang="...">``, then lexelts of instances that each hold one context with one head,
nothing between the tags but blanks, nothing in the text but characters and the predefined or
numeric character references. Such a file is read here by regular expressions from its text,
with no tree in memory: ``read_corpus`` of a 100,000-instance corpus takes 0.57 s this way
against 1.22 s through the parser (benchmarks/bench_parser_paths.py, 2 December 2026), 2.14x,
which is why this second path is kept.

The rule is all or nothing: ``read_plain_corpus`` gives the corpus only when every byte of the
file is in that shape and nothing in it would be reported (no stray text, no repeated id or
lexelt, no empty lexelt, no comment). Anything else, including every malformed file, returns
None and the file goes through the parser (corpus_reader), which reads the rest and says what
is wrong where. When both can read a file they give the same corpus, diagnostics and line
numbers: tests/test_corpus_plain.py holds them to it on generated files of every shape.

What the shape admits and why each limit is there:

- Tags and attributes on one line each, attributes in double quotes: libxml2 numbers an
  element by where its start tag ends, the line index (corpus_lines) by where it starts, and
  the two agree only on one-line tags.
- Blanks between tags are spaces, tabs and newlines (XML's own white space); carriage returns
  only as CR LF, which XML reads as LF (a lone CR is left to the parser).
- Attribute values without ``<`` or white space other than spaces (XML would rewrite those),
  references resolved in an instance's; attribute names without a colon and not starting
  with ``xml`` (namespaces).
- An instance's id is its first attribute; other attributes are kept as the parser keeps them.
- No character XML forbids, no ``]]>`` in text, no text run of a million characters or more
  (the parser's own limits on huge nodes are its to apply).
"""

from __future__ import annotations

import re

from lexsub_studio.core.io.formats import in_pieces
from lexsub_studio.core.model.data import Corpus, Instance, Lexelt

#: A text run's longest length here (a million characters less one); longer ones are left to
#: the parser and its limits.
_RUN = "{0,999999}"
_BLANKS = r"[ \t\n]*"
_EQUALS = r"[ \t]*=[ \t]*"
_TEXT = "[^<]" + _RUN
_NAME = r"[A-Za-z_][A-Za-z0-9_.-]{0,200}"
_VALUE = r'[^"<\t\n]' + _RUN
#: An attribute after an instance's id; the same with its name and value as groups.
_MORE = r"[ \t]+" + _NAME + _EQUALS + '"' + _VALUE + '"'
_ATTRIBUTE = r"[ \t]+(" + _NAME + ")" + _EQUALS + '"(' + _VALUE + ')"'
#: The most attributes an instance has here; the parser's reader decides beyond.
_MOST_ATTRIBUTES = 100
_QUOTED_ENCODING = "(?:\"[A-Za-z][A-Za-z0-9._-]*\"|'[A-Za-z][A-Za-z0-9._-]*')"

#: Everything before the first lexelt: declaration, DOCTYPE without internal subset, the
#: corpus start tag with its optional ``lang``.
_PROLOGUE = re.compile(
    r"\ufeff?"
    r"(?:<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(?:\"1\.[0-9]+\"|'1\.[0-9]+')"
    r"(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*" + _QUOTED_ENCODING + ")?"
    r"(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(?:\"(?:yes|no)\"|'(?:yes|no)'))?"
    r"[ \t\n]*\?>)?" + _BLANKS +
    # The blanks after a DOCTYPE inside its group: two runs of blanks side by side would let
    # a failing match try every split of a long run between them (quadratic in its length).
    r"(?:(<!DOCTYPE[ \t]+corpus(?:[ \t]+SYSTEM[ \t]+\"[^\"<>\[\]&\n]*\")?[ \t]*>)" +
    _BLANKS + ")?"
    r"<corpus(?:[ \t]+lang" + _EQUALS + r"\"([^\"<&\t\n]{0,200})\")?[ \t]*>")
_LEXELT_START = re.compile(
    _BLANKS + r"<lexelt[ \t]+item" + _EQUALS + r'"([^"<&\t\n]{1,1000})"[ \t]*>')
#: One instance, from the blanks before it: id, further attributes, left text, head, right text.
_INSTANCE = re.compile(
    _BLANKS + r"<instance[ \t]+id" + _EQUALS + r'"([^"<\t\n]{1,10000})"((?:' + _MORE +
    r")*)[ \t]*>" + _BLANKS + "<context>(" + _TEXT + ")<head>(" + _TEXT + ")</head>(" + _TEXT +
    ")</context>" + _BLANKS + "</instance>")
_LEXELT_END = re.compile(_BLANKS + "</lexelt>")
#: A lexelt's end and the next one's start in one match: a corpus may have as many lexelts as
#: instances, and each look costs as much as an instance's.
_LEXELT_END_AND_START = re.compile(_LEXELT_END.pattern + _LEXELT_START.pattern)
#: An instance, then (group 6, empty) where it ends, then, when its lexelt ends there and another
#: starts, that one's item (group 7): the usual corpus with one instance a lexelt is read with
#: one look a lexelt instead of three.
_INSTANCE_THEN = re.compile(
    _INSTANCE.pattern + "()(?:" + _LEXELT_END_AND_START.pattern + ")?")
_CORPUS_END = re.compile(_BLANKS + "</corpus>" + _BLANKS + r"\Z")
_ATTRIBUTES = re.compile(_ATTRIBUTE)
#: The control characters XML forbids (the file's bytes are dropped of these to find them:
#: quicker than a search); it forbids U+FFFE and U+FFFF too, whose UTF-8 starts EF BF.
_FORBIDDEN_CONTROLS = bytes([*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20)])
_FORBIDDEN_START = b"\xef\xbf"
_FORBIDDEN_BYTES = ("\ufffe".encode(), "\uffff".encode())
#: The name of a reference XML resolves without a DTD (between ``&`` and ``;``).
_REFERENCE = re.compile(r"(amp|lt|gt|quot|apos)|#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6})")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


class _NotPlain(Exception):
    """Something in the file is not in the plain shape: the parser reads it instead."""


def read_plain_corpus(data: bytes) -> Corpus | None:
    """The corpus of ``data`` (the file's bytes, valid UTF-8) when the whole file has the plain
    shape, its DOCTYPE as written; else None."""
    # Each look over the whole file is a call of its own (and the first goes a few megabytes
    # at a time): a window reading the file in the background takes Python's lock back
    # between two, where a run of C calls with no Python call between them kept it for some
    # 55 ms.
    for look in (_holds_forbidden_controls, _holds_forbidden_noncharacters, _holds_comment):
        if look(data):
            return None
    text = in_pieces.decode_utf8(data)
    if _holds_cdata_end(text):
        return None
    if in_pieces.contains(text, "\r"):
        text = text.replace("\r\n", "\n")
        if "\r" in text:  # a lone CR: XML reads it as a newline, libxml2's line count may not
            return None
    prologue = _PROLOGUE.match(text)
    if prologue is None:
        return None
    corpus = Corpus(lang=prologue.group(2), doctype=prologue.group(1))
    try:
        _read_lexelts(text, prologue.end(), text.count("\n", 0, prologue.end()) + 1, corpus)
    except _NotPlain:
        return None
    return corpus


def _holds_forbidden_controls(data: bytes) -> bool:
    return not in_pieces.deletes_nothing(data, _FORBIDDEN_CONTROLS)


def _holds_forbidden_noncharacters(data: bytes) -> bool:
    return in_pieces.contains(data, _FORBIDDEN_START) and any(
        in_pieces.contains(data, forbidden) for forbidden in _FORBIDDEN_BYTES)


def _holds_comment(data: bytes) -> bool:
    """Never in the shape, the commonest thing outside it, and found in one quick pass: such a
    file goes to the parser without a read here that would fail at the comment."""
    return in_pieces.contains(data, b"<!--")


def _holds_cdata_end(text: str) -> bool:
    """``]]>`` is allowed in no text outside a CDATA section."""
    return in_pieces.contains(text, "]]>")


def _read_lexelts(text: str, position: int, line: int, corpus: Corpus) -> None:
    """Read every lexelt from ``position`` (on line ``line``) to the end of the file into
    ``corpus``. ``line`` is always the line ``position`` is on."""
    lexelt_start, instance_at, lexelt_end = (_LEXELT_START.match, _INSTANCE_THEN.match,
                                              _LEXELT_END.match)
    end_and_start = _LEXELT_END_AND_START.match
    count_lines = text.count
    seen_items: set[str] = set()
    seen_ids: set[str] = set()
    references: dict[str, str] = {}
    lexelts = corpus.lexelts
    start = lexelt_start(text, position)
    if start is None:
        item = None
    else:
        item, item_at = start.group(1), start.start(1)
        line += count_lines("\n", position, item_at)  # a start tag is on one line
        position = start.end()
    while item is not None:
        if item in seen_items:
            raise _NotPlain  # the parser's reader warns of a repeated lexelt
        seen_items.add(item)
        lexelt = Lexelt(item, [], line)  # positional: as many lexelts as instances, at worst
        lexelts.append(lexelt)
        append = lexelt.instances.append
        item = None
        while (match := instance_at(text, position)) is not None:
            instance_id, more, left, head, right, _, item = match.groups()
            if "&" in instance_id:
                instance_id = _resolved(instance_id, references)
            if instance_id in seen_ids or not head or head.isspace():
                raise _NotPlain
            seen_ids.add(instance_id)
            opening = match.start(1)
            line += count_lines("\n", position, opening)
            position = opening
            if "&" in left:
                left = _resolved(left, references)
            if "&" in head:
                head = _resolved(head, references)
                if head.isspace():
                    raise _NotPlain
            if "&" in right:
                right = _resolved(right, references)
            attributes = _attributes(more, references) if more else {}
            start_of_head = len(left)
            append(Instance(instance_id, left + head + right, start_of_head,
                            start_of_head + len(head), attributes, line))
            if item is not None:  # the lexelt ended here and the next one started
                line += count_lines("\n", position, match.start(7))
                position = match.end()
                break
            line += count_lines("\n", position, match.end(6))
            position = match.end(6)
        if item is not None:
            continue
        if not lexelt.instances:
            raise _NotPlain  # the parser's reader warns of an empty lexelt
        start = end_and_start(text, position)
        if start is None:  # the last lexelt, or something the parser is to read
            end = lexelt_end(text, position)
            if end is None:
                raise _NotPlain
            line += count_lines("\n", position, end.end())
            position = end.end()
            start = lexelt_start(text, position)
        if start is not None:
            item = start.group(1)
            line += count_lines("\n", position, start.start(1))
            position = start.end()
    if _CORPUS_END.match(text, position) is None:
        raise _NotPlain


def _attributes(written: str, references: dict[str, str]) -> dict[str, str]:
    """An instance's attributes after its id, as the parser keeps them; a repeated name (not
    well-formed) or a second id is left to the parser."""
    pairs = _ATTRIBUTES.findall(written)
    attributes = {name: _resolved(value, references) if "&" in value else value
                  for name, value in pairs}
    if len(attributes) != len(pairs) or len(pairs) >= _MOST_ATTRIBUTES or "id" in attributes or any(
            name[:3].lower() == "xml" for name in attributes):
        raise _NotPlain
    return attributes


def _resolved(text: str, known: dict[str, str]) -> str:
    """``text`` with its predefined and numeric character references resolved; any other
    ``&`` (an undefined entity, a bare ampersand, a reference to a character XML forbids) is
    left to the parser. ``known`` holds the references resolved so far in the file, by name
    (``amp``, ``#8217``): most files use a handful, again and again."""
    first, *rest = text.split("&")
    pieces = [first]
    for piece in rest:
        name, semicolon, after = piece.partition(";")
        character = known.get(name)
        if character is None:
            if not semicolon:
                raise _NotPlain
            character = known[name] = _character(name)
        pieces += (character, after)
    return "".join(pieces)


def _character(name: str) -> str:
    """The character a reference's name (between ``&`` and ``;``) stands for."""
    reference = _REFERENCE.fullmatch(name)
    if reference is None:
        raise _NotPlain
    named, decimal, hexadecimal = reference.groups()
    if named:
        return _NAMED[named]
    code = int(decimal) if decimal else int(hexadecimal, 16)
    if not (code in (0x9, 0xA, 0xD) or 0x20 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD
            or 0x10000 <= code <= 0x10FFFF):
        raise _NotPlain
    return chr(code)
