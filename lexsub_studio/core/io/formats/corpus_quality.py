"""Counting damaged text in corpus contexts: replacement characters, C1 controls, mojibake.

The distributed SemEval files contain all three. They are kept exactly as written (a corpus
must not change under its users' feet) and counted, so that the validation summary says how
much of the text is damaged.

Double encoding ("mojibake") heuristic: text that was UTF-8, decoded as Latin-1 or
Windows-1252 and encoded again shows each non-ASCII character as a UTF-8 lead byte read as
a Latin-1 letter (``Â``..``ô``, U+00C2..U+00F4) followed by its continuation bytes read as
Latin-1 symbols or C1 controls (U+0080..U+00BF) or as the Windows-1252 punctuation that lives at
0x80..0x9F (``€``, ``’``, ``™`` ...). A candidate counts only if the characters, turned back into
those bytes, decode as exactly one UTF-8 character: ``Ã©`` (é) and ``â€™`` (’) count,
``Ã`` followed by a space does not. Legitimate text rarely has such pairs (a capital
accented letter followed directly by ``©``, ``°`` or ``«`` would be a false positive).
A mojibake ``’`` read as Latin-1 also contains two C1 controls, so it counts in both figures.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lexsub_studio.core.io.formats import in_pieces

#: The characters Windows-1252 puts at bytes 0x80..0x9F (its five unassigned bytes excluded).
_CP1252_HIGH = "".join(
    bytes([byte]).decode("cp1252", errors="ignore") for byte in range(0x80, 0xA0))
_CONTINUATION_CLASS = "\u0080-\u00bf" + re.escape(_CP1252_HIGH)
_MOJIBAKE_CANDIDATE = re.compile(f"[\u00c2-\u00f4][{_CONTINUATION_CLASS}]{{1,3}}")
#: Any character that can start one of the kinds of damage counted here.
_DAMAGE_START = re.compile("[\u0080-\u009f\u00c2-\u00f4\ufffd]")
_C1_CONTROL = re.compile("[\u0080-\u009f]")
_REPLACEMENT_CHARACTER = "\ufffd"
_CP1252_BYTE = {char: char.encode("cp1252")[0] for char in _CP1252_HIGH}


def _as_byte(char: str) -> int:
    code = ord(char)
    return code if code < 0x100 else _CP1252_BYTE[char]


def _continuation_count(lead: str) -> int:
    code = ord(lead)
    if code <= 0xDF:
        return 1
    if code <= 0xEF:
        return 2
    return 3


def count_double_encoded(text: str) -> int:
    """How many characters of ``text`` look like UTF-8 decoded once too often (see module doc)."""
    count = 0
    for match in _MOJIBAKE_CANDIDATE.finditer(text):
        candidate = match.group(0)
        needed = _continuation_count(candidate[0])
        if len(candidate) < needed + 1:
            continue
        try:
            decoded = bytes(_as_byte(char) for char in candidate[:needed + 1]).decode("utf-8")
        except UnicodeDecodeError:
            continue
        if len(decoded) == 1:
            count += 1
    return count


#: In the raw UTF-8 file, anything that may become one of the counted kinds of damage: a
#: C1 control; a mojibake lead character (U+00C2..U+00F4) followed by the first byte of a
#: possible continuation character or by a reference; a character reference to U+0080..U+00FF
#: or U+FFFD (a literal U+FFFD is looked for separately). Each pattern starts with a fixed
#: byte so that the regular expression engine can skip ahead quickly; one alternation over
#: all of them would be several times slower on a large file.
#: The first two are at most three bytes long, and searched a piece at a time
#: (in_pieces.search); a reference may hold any number of leading zeros, so it is searched in
#: one call, and only in a file that holds a character reference at all.
_RAW_DAMAGE_SHORT = (
    re.compile(rb"\xc2[\x80-\x9f]"),
    re.compile(rb"\xc3[\x82-\xb4][\xc2\xc5\xc6\xcb\xe2&]"),
)
_SHORT_DAMAGE_LONGEST = 3
_RAW_DAMAGE_REFERENCE = re.compile(
    rb"&#(?:0*(?:1[2-9][0-9]|2[0-4][0-9]|25[0-5]|65533)"
    rb"|[xX]0*(?:[89a-fA-F][0-9a-fA-F]|[fF][fF][fF][dD]));")


def raw_may_be_damaged(data: bytes) -> bool:
    """False when the UTF-8 file ``data`` certainly yields no counted damage in any text."""
    if in_pieces.contains(data, "\ufffd".encode()):
        return True
    if any(in_pieces.search(pattern, data, _SHORT_DAMAGE_LONGEST) is not None
           for pattern in _RAW_DAMAGE_SHORT):
        return True
    return (in_pieces.contains(data, b"&#")
            and _RAW_DAMAGE_REFERENCE.search(data) is not None)


def may_be_damaged(text: str) -> bool:
    """False when ``text`` certainly has none of the damage counted here (a quick pre-check)."""
    # Nearly every English context is pure ASCII, and isascii() is far cheaper than a search.
    return not text.isascii() and _DAMAGE_START.search(text) is not None


def count_c1_controls(text: str) -> int:
    return len(_C1_CONTROL.findall(text))


def count_replacement_characters(text: str) -> int:
    return text.count(_REPLACEMENT_CHARACTER)


@dataclass(slots=True)
class QualityFinding:
    """One kind of damage: how many characters, and in which instances (lexelt, id, line)."""

    characters: int = 0
    instances: list[tuple[str, str, int | None]] = field(default_factory=list)

    def add(self, count: int, where: tuple[str, str, int | None]) -> None:
        if count:
            self.characters += count
            self.instances.append(where)


@dataclass(slots=True)
class QualityReport:
    replacement_chars: QualityFinding = field(default_factory=QualityFinding)
    c1_controls: QualityFinding = field(default_factory=QualityFinding)
    double_encoded: QualityFinding = field(default_factory=QualityFinding)

    def findings(self) -> dict[str, QualityFinding]:
        return {"replacement_chars": self.replacement_chars, "c1_controls": self.c1_controls,
                "double_encoded": self.double_encoded}

    def scan(self, text: str, where: tuple[str, str, int | None]) -> None:
        """Count the damage in one context; call it only where may_be_damaged(text) holds."""
        self.replacement_chars.add(count_replacement_characters(text), where)
        self.c1_controls.add(count_c1_controls(text), where)
        self.double_encoded.add(count_double_encoded(text), where)
