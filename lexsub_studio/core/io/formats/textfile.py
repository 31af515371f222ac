"""Reading, decoding and line splitting shared by the line-based readers (gold, system, weighted,
responses, CoNLL).

Every reader accepts a UTF-8 byte-order mark and CRLF line endings, and refuses bytes that are not
UTF-8 with the line and column of the first bad byte, a file over 1 GiB and a line over 8 MiB
(core/io/formats/limits.py), so that one rule holds for every format. Files are read once: a pipe
or a process substitution (``<(cat FILE)``) can only be read once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lexsub_studio.core.io.formats.limits import (  # utf16_problem: also this module's
    UTF16_BOMS,
    check_line_lengths,
    read_limited,
    utf16_problem,
)
from lexsub_studio.core.io.formats.stream_inputs import read_input
from lexsub_studio.core.model.diagnostics import InputError

UTF8_BOM = b"\xef\xbb\xbf"


@dataclass(slots=True)
class TextLine:
    """One line of a text file: 1-based number and text without its line ending."""

    number: int
    text: str

    @property
    def is_blank(self) -> bool:
        return not self.text.strip()


def read_input_bytes(path: str | Path, *, xml: bool = False) -> bytes:
    """A whole input file's bytes, read once and within the limits (core/io/formats/limits.py);
    ``xml``: no line limit when the file starts as XML does (a corpus may be one line), so that
    only something else (``/dev/zero``) is stopped at its first long line. OSError propagates."""
    return read_input(path, lambda handle: read_limited(handle, str(path), xml_any_line=xml))


def read_input_or_refuse(path: str | Path, *, xml: bool = False, lines: bool = True) -> bytes:
    """``read_input_bytes`` for a reader's entry point: a file that cannot be opened or read is
    an InputError (``unreadable``) naming it and why. ``lines=False``: the size limit only (a
    JSON file is often one long line)."""
    try:
        return read_input(path, lambda handle: read_limited(handle, str(path), lines=lines,
                                                            xml_any_line=xml))
    except OSError as error:
        raise InputError.at(str(path), "unreadable",
                            f"cannot read the file: {error.strerror or error}") from None


def decode_utf8(data: bytes, path: str, *, nul_per_cell: bool = False) -> str:
    """Decode UTF-8 (dropping a leading BOM); raise InputError at the first bad byte, at the first
    NUL character or at a line longer than the limit. ``nul_per_cell``: NUL characters are left
    in for the reader, which reports each where it stands and keeps the other rows (the
    responses reader: an annotator's other answers stay usable)."""
    check_line_lengths(data, path)
    if data.startswith(UTF8_BOM):
        data = data[len(UTF8_BOM):]
    if data.startswith(UTF16_BOMS):
        raise InputError.at(path, "not-utf8", f"{utf16_problem(data)}; save it as UTF-8 and "
                            "try again", 1, 1)
    nul = -1 if nul_per_cell else data.find(b"\0")
    if nul >= 0:
        raise _nul_error(data, nul, path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = data.count(b"\n", 0, error.start) + 1
        # The column counts characters, so decode the valid part of the line to measure it.
        column = len(data[line_start:error.start].decode("utf-8", errors="replace")) + 1
        bad_byte = data[error.start]
        raise InputError.at(
            path, "not-utf8",
            f"the file is not UTF-8: byte 0x{bad_byte:02x} cannot be decoded "
            "(save the file as UTF-8 and try again)",
            line, column,
        ) from None


def _nul_error(data: bytes, offset: int, path: str) -> InputError:
    """No text format of the task allows a NUL character, yet NUL is valid UTF-8: without this
    check a UTF-16 file of ASCII text decodes as UTF-8, one NUL between every two characters,
    and reads as some other kind of file. Refused like a bad byte, at its line and column."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    utf16 = utf16_problem(data)
    if utf16:
        message = f"{utf16}; save it as UTF-8 and try again"
    else:
        message = ("the file holds a NUL character (byte 0x00), which no text format allows "
                   "(a damaged file?)")
    return InputError.at(path, "nul-character", message, line, column)


def split_lines(text: str) -> list[TextLine]:
    """Split on LF only (a CR before it is dropped) so that line numbers match what editors show.

    ``str.splitlines`` is avoided on purpose: it also splits on form feeds, vertical tabs and
    Unicode separators, which would shift every later line number.
    """
    parts = text.split("\n")
    if parts and parts[-1] == "":
        parts.pop()  # the newline that ends the last line opens no new line
    return [TextLine(number, part[:-1] if part.endswith("\r") else part)
            for number, part in enumerate(parts, start=1)]


def line_texts(text: str) -> list[str]:
    """The lines' texts as ``split_lines`` cuts them (line k is at index k - 1), without a
    TextLine per line, for readers that meet a million lines."""
    parts = text.split("\n")
    if parts and parts[-1] == "":
        parts.pop()
    if "\r" in text:
        parts = [part[:-1] if part.endswith("\r") else part for part in parts]
    return parts


def read_text_file(path: str | Path) -> tuple[str, str]:
    """Read and decode a file; return (display path, text). OSError propagates to the caller."""
    display = str(path)
    return display, decode_utf8(read_input_bytes(path), display)
