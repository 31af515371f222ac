"""Byte-level work on a lexelt XML file before the XML parser sees it.

The parser reports positions but explains encoding problems poorly, and it rejects a quirk of
some distributed copies of the SemEval files (a space before the ``;`` of a character reference,
``&#233 ;``). So the raw bytes are checked for UTF-8 here, with the line and column of the first
bad byte, and those references are repaired here, keeping every byte offset after them unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexsub_studio.core.io.formats import in_pieces
from lexsub_studio.core.model.diagnostics import InputError

#: ``&#233 ;`` or ``&#xE9 ;``: a numeric character reference with blanks before its ``;``.
_SPACED_REFERENCE = re.compile(rb"&#(x[0-9A-Fa-f]+|[0-9]+)([ \t]+);")
_DECLARED_ENCODING = re.compile(
    rb"\A(?:\xef\xbb\xbf)?<\?xml[^>]*?\bencoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
_DOCTYPE_START = re.compile(rb"<!DOCTYPE\b")
_UTF8_NAMES = frozenset({"utf-8", "utf8", "us-ascii", "ascii"})


@dataclass(frozen=True, slots=True)
class ReferenceRepair:
    """One repaired character reference: where it was, as written and as repaired."""

    line: int
    column: int
    original: str
    repaired: str


def line_and_column(data: bytes, offset: int) -> tuple[int, int]:
    """The 1-based line and character column of byte ``offset`` (the bytes before it are UTF-8)."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return line, column


def declared_encoding(data: bytes) -> str | None:
    """The encoding named in the XML declaration, if there is one."""
    match = _DECLARED_ENCODING.match(data)
    return match.group(1).decode("ascii") if match else None


def declares_non_utf8(encoding: str | None) -> bool:
    return encoding is not None and encoding.lower() not in _UTF8_NAMES


def check_utf8(data: bytes, path: str) -> None:
    """Raise InputError naming the line and column of the first byte that is not UTF-8."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputError.at(path, "not-utf8",
                            "the file is UTF-16 (it starts with a UTF-16 byte-order mark); "
                            "save it as UTF-8", 1, 1)
    try:
        in_pieces.decode_utf8(data)
    except UnicodeDecodeError as error:
        line, column = line_and_column(data, error.start)
        byte = data[error.start]
        hint = "save it as UTF-8 (for example: iconv -f WINDOWS-1252 -t UTF-8)"
        encoding = declared_encoding(data)
        if declares_non_utf8(encoding):
            hint = (f"its XML declaration names {encoding}; LexSub Studio reads UTF-8 only, so "
                    f"convert it (for example: iconv -f {encoding} -t UTF-8)")
        raise InputError.at(
            path, "not-utf8",
            f"the file is not valid UTF-8: byte 0x{byte:02X} ({error.reason}); {hint}",
            line, column) from None


def repair_spaced_references(data: bytes) -> tuple[bytes, list[ReferenceRepair]]:
    """Turn ``&#233 ;`` into ``&#0233;``: the blanks become leading zeros.

    Padding with zeros instead of deleting the blanks keeps the file the same length, so the
    parser's line and column numbers for anything later on the line still match the file.
    """
    if not in_pieces.contains(data, b"&#"):
        return data, []
    matches = list(_SPACED_REFERENCE.finditer(data))
    if not matches:
        return data, []
    repairs: list[ReferenceRepair] = []
    pieces: list[bytes] = []
    previous_end = 0
    # Lines are counted incrementally: a file with thousands of repairs must stay linear.
    line, line_start, counted_to = 1, 0, 0
    for match in matches:
        start = match.start()
        line += data.count(b"\n", counted_to, start)
        counted_to = start
        newline = data.rfind(b"\n", line_start, start)
        if newline >= 0:
            line_start = newline + 1
        column = len(data[line_start:start].decode("utf-8", errors="replace")) + 1
        number, blanks = match.group(1), match.group(2)
        zeros = b"0" * len(blanks)
        if number.startswith(b"x"):
            repaired = b"&#x" + zeros + number[1:] + b";"
        else:
            repaired = b"&#" + zeros + number + b";"
        repairs.append(ReferenceRepair(line, column, match.group(0).decode("ascii"),
                                       repaired.decode("ascii")))
        pieces.append(data[previous_end:start])
        pieces.append(repaired)
        previous_end = match.end()
    pieces.append(data[previous_end:])
    return b"".join(pieces), repairs


def raw_doctype(data: bytes) -> tuple[str | None, int, bool]:
    """The first DOCTYPE declaration as written, its byte offset, and whether it has an
    internal subset (``[...]``); ``(None, -1, False)`` when there is none.

    With an internal subset only the part before ``[`` would be worth keeping, so the caller
    uses the parser's rendering instead; the subset itself is never kept.
    """
    match = _DOCTYPE_START.search(data)
    if match is None:
        return None, -1, False
    end = data.find(b">", match.start())
    if end < 0:
        return None, match.start(), False
    declaration = data[match.start():end + 1]
    if b"[" in declaration:
        return None, match.start(), True
    return declaration.decode("utf-8"), match.start(), False
