"""How much of an input file is read: the size and line-length limits, and readers that keep them.

Every input is read through here, so that no file, pipe or device can make the program read
without end: ``/dev/zero`` or an endless pipe ends with one clear message, not with the memory
exhausted. Regular files are sized before they are read; pipes, FIFOs and devices (which
cannot be sized, nor read twice) are read once, a block at a time, and stopped as soon as a
limit is passed. docs/formats.md states the limits.

Only ``os`` is imported: the official scorer's path reads through this module, and its start-up
is part of its speed (diagnostics are imported only when a limit is passed).
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import BinaryIO, NoReturn

#: No input file is read beyond this size. A million-item oot file, far larger than any task
#: published, is some 100 MB.
MAX_FILE_BYTES = 1 << 30
#: No line of a line-based file (gold, system, weighted, responses, CoNLL) may be longer. A line
#: holds one item; a weighted line ranking the whole vocabulary of a task is under 1 MiB.
MAX_LINE_BYTES = 8 << 20
#: How much of a stream's start is looked at to tell text from binary data (``/dev/urandom``)
#: before reading on: a stream cannot be sized, and binary data would be read to the size limit.
SNIFF_BYTES = 64 << 10
#: Pipes and devices are read this many bytes at a time (at most one line limit, so that a line
#: lying inside one block is within the limit and only lines that span blocks need measuring).
STREAM_BLOCK_BYTES = 1 << 20


def describe_size(size: int) -> str:
    """1 GiB, 8 MiB: the limits as the messages and the docs write them."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if size >= 1 << shift and size % (1 << shift) == 0:
            return f"{size >> shift} {unit}"
    return f"{size} bytes"


def _refuse(display: str, code: str, message: str, line: int | None = None) -> NoReturn:
    from lexsub_studio.core.model.diagnostics import InputError

    raise InputError.at(display, code, message, line)


def refuse_large_file(display: str, limit: int) -> NoReturn:
    _refuse(display, "file-too-large",
            f"the file is larger than {describe_size(limit)}, the most this program reads; "
            "is it the file you meant (not a device or an endless stream)?")


def refuse_long_line(display: str, line: int | None, offset: int, limit: int) -> NoReturn:
    which = "this line" if line is not None else f"the line that starts at byte {offset}"
    _refuse(display, "line-too-long",
            f"{which} is longer than {describe_size(limit)}, the longest line this program "
            "reads: this is not a LexSub text file, or it is damaged", line)


def first_long_line(data: bytes, limit: int, start: int = 0) -> int | None:
    """The byte offset where the first line (from ``start``, a line's start) longer than
    ``limit`` starts, or None.

    Hops from line start to the last newline within ``limit`` bytes of it: every line that starts
    in that window ends in it, so a window holding no newline is the only way a line can be too
    long. The hops number about ``len(data) / limit``, each scanning back over part of a line, so
    a whole file is checked in microseconds.
    """
    size = len(data)
    while size - start > limit:
        end = data.rfind(b"\n", start, start + limit + 1)
        if end < 0:
            return start
        start = end + 1
    return None


def check_line_lengths(data: bytes, display: str) -> None:
    """InputError (with the line's number) when a line of ``data`` is longer than the limit."""
    limit = MAX_LINE_BYTES
    offset = first_long_line(data, limit)
    if offset is not None:
        refuse_long_line(display, data.count(b"\n", 0, offset) + 1, offset, limit)


def first_binary_byte(data: bytes, *, utf8: bool) -> int | None:
    """The offset of the first byte in ``data`` (a stream's start) that no text input holds:
    with ``utf8``, the first byte that is not UTF-8 (a character cut at the end of ``data`` is
    not one); else the first NUL byte. None for text."""
    if not utf8:
        offset = data.find(b"\0")
        return None if offset < 0 else offset
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.reason == "unexpected end of data" and error.end == len(data):
            return None  # the next block holds the rest of the character
        return error.start
    return None


def refuse_binary_stream(display: str, data: bytes, offset: int) -> NoReturn:
    """InputError at the line and column of ``data[offset]``: a stream that is not text."""
    line = data.count(b"\n", 0, offset) + 1
    line_start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    sample = data[:_UTF16_SAMPLE]
    # Text in UTF-16 has NUL in about every other byte; NUL everywhere (/dev/zero) is no text.
    utf16 = utf16_problem(data) if sample.count(0) * 4 < len(sample) * 3 else None
    code = "not-utf8"
    if utf16:
        why = f"{utf16}; save it as UTF-8 and try again"
    elif data[offset] == 0:
        code = "not-text"
        why = ("this is not a text file: it holds a NUL byte, which no text file holds "
               "(binary data, or a device such as /dev/zero?)")
    else:  # as decode_utf8 says it of a file, and then: binary data is not read on
        why = (f"the file is not UTF-8: byte 0x{data[offset]:02x} cannot be decoded (save "
               "the file as UTF-8 and try again; binary data, or a device such as "
               "/dev/urandom?)")
    why += "; nothing more of this stream was read"
    from lexsub_studio.core.model.diagnostics import InputError

    raise InputError.at(display, code, why, line, column)


UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_GZIP_MAGIC = b"\x1f\x8b"
#: How much of a file's start is looked at to tell UTF-16 without a byte-order mark.
_UTF16_SAMPLE = 4096


def utf16_problem(data: bytes) -> str | None:
    """Why ``data`` is UTF-16 rather than UTF-8 text, or None: a UTF-16 byte-order mark, or
    (without one) NUL bytes in a quarter or more of its start, as ASCII text in UTF-16 has."""
    if data.startswith(_GZIP_MAGIC):
        return None  # compressed data may hold any bytes
    if data.startswith(UTF16_BOMS):
        return "the file is UTF-16 (it starts with a UTF-16 byte-order mark), not UTF-8"
    sample = data[:_UTF16_SAMPLE]
    if sample and sample.count(0) * 4 >= len(sample):
        return ("the file looks like UTF-16 without a byte-order mark (every other byte is "
                "0x00), not UTF-8")
    return None



class LimitedReader:
    """A binary file's ``read``, stopped with an InputError once the file passes MAX_FILE_BYTES
    or (with ``lines``) a line passes MAX_LINE_BYTES, so that a reader taking blocks from it (the
    official scorer's) never runs on without end.

    The check costs two searches per block; lines are not counted, so a long line is named by
    its number only when it is the first one, and otherwise by the byte where it starts.
    """

    __slots__ = ("_handle", "_open_line", "_seen_newline", "_sniffed", "display", "max_bytes",
                 "max_line", "sniff", "total", "xml_any_line")

    def __init__(self, handle: BinaryIO, display: str, *, lines: bool = True,
                 already_read: int = 0, xml_any_line: bool = False,
                 sniff: str | None = None) -> None:
        self._handle = handle
        #: For a stream (never a regular file, which a reader may take as bytes): "utf8" stops
        #: at a start that is not UTF-8, "nul" at a NUL byte in it (the official scorer reads
        #: any bytes, but no text file holds NUL), within SNIFF_BYTES; None looks at nothing.
        self.sniff = sniff if sniff is not None and not is_regular(handle) else None
        self._sniffed = b""
        self.display = display
        self.max_bytes = MAX_FILE_BYTES
        self.max_line: int | None = MAX_LINE_BYTES if lines else None
        self.total = already_read
        #: Lift the line limit when the input starts as XML, JSON or gzip do (one-line files).
        self.xml_any_line = xml_any_line
        self._open_line = 0  # bytes of the line not yet ended by a newline
        self._seen_newline = False

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0:
            return b"".join(iter(lambda: self.read(STREAM_BLOCK_BYTES), b""))
        block = self._handle.read(size)
        if block:
            if self.sniff is not None:
                self._sniff(block)
            self._check(block)
        return block

    def _sniff(self, block: bytes) -> None:
        """Refuse binary data at its first block, before it is read to the size limit."""
        start = self._sniffed + block[:SNIFF_BYTES - len(self._sniffed)]
        if not self._sniffed and start.startswith(b"\x1f\x8b"):
            self.sniff = None  # gzip data (a SWORDS benchmark): binary by nature
            return
        offset = first_binary_byte(start, utf8=self.sniff == "utf8")
        if offset is not None:
            refuse_binary_stream(self.display, start, offset)
        self._sniffed = start
        if len(start) >= SNIFF_BYTES:
            self.sniff = None

    def _check(self, block: bytes) -> None:
        start = self.total
        self.total += len(block)
        if self.total > self.max_bytes:
            refuse_large_file(self.display, self.max_bytes)
        if self.xml_any_line and start == 0 and starts_as_document(block):
            self.max_line = None
        limit = self.max_line
        if limit is None:
            return
        first = block.find(b"\n")
        if first < 0:
            self._open_line += len(block)
            if self._open_line > limit:
                self._long_line(start - (self._open_line - len(block)))
            return
        if self._open_line + first > limit:
            self._long_line(start - self._open_line)
        inner = first_long_line(block, limit, first + 1) if len(block) > limit else None
        if inner is not None:
            self._seen_newline = True
            self._long_line(start + inner)
        self._seen_newline = True
        self._open_line = len(block) - block.rfind(b"\n") - 1
        if self._open_line > limit:
            self._long_line(self.total - self._open_line)

    def _long_line(self, offset: int) -> NoReturn:
        refuse_long_line(self.display, None if self._seen_newline else 1, offset,
                         self.max_line or 0)


def starts_as_xml(data: bytes) -> bool:
    return data.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"<")


def starts_as_document(data: bytes) -> bool:
    """XML, a JSON object or gzip data (a SWORDS benchmark): formats often written on one
    line, which the line limit would refuse; only the size limit holds for them."""
    if data.startswith(b"\x1f\x8b"):
        return True
    return data.removeprefix(b"\xef\xbb\xbf").lstrip().startswith((b"<", b"{"))


def is_regular(handle: BinaryIO) -> bool:
    try:
        return stat.S_ISREG(os.fstat(handle.fileno()).st_mode)
    except (AttributeError, OSError, ValueError):
        return False


def read_limited(handle: BinaryIO, display: str, *, lines: bool = True,
                 xml_any_line: bool = False, sniff: str = "utf8") -> bytes:
    """The whole of an open binary file, within the limits (InputError beyond them): without
    ``lines`` only its size is limited; with ``xml_any_line`` also an input that starts as XML,
    a JSON object or gzip data does.

    A regular file is sized first and read in one call. Anything else (a pipe, a FIFO, a
    process substitution such as ``<(cat FILE)``, a device) is read once, block by block, and
    stopped at the first limit passed: it cannot be read a second time, so callers keep the
    bytes and never read such a file again. A stream's start is looked at first (``sniff``,
    as LimitedReader does): "utf8" for the readers of UTF-8 text, "nul" for the official
    scorer's files, which may be in another 8-bit encoding.
    """
    blocks: list[bytes] = []
    regular = is_regular(handle)
    if regular:
        size = os.fstat(handle.fileno()).st_size
        if size > MAX_FILE_BYTES:
            refuse_large_file(display, MAX_FILE_BYTES)
        if size:
            blocks.append(handle.read(size))
    # What a regular file gained since it was sized (usually nothing), or a whole stream. Files
    # in /proc and /sys say they are empty and are read this way too.
    reader = LimitedReader(handle, display, lines=lines and not regular,
                           already_read=sum(map(len, blocks)), xml_any_line=xml_any_line,
                           sniff=None if regular else sniff)
    while block := reader.read(STREAM_BLOCK_BYTES):
        blocks.append(block)
    data = blocks[0] if len(blocks) == 1 else b"".join(blocks)
    if regular and lines and not (xml_any_line and starts_as_document(data[:4096])):
        check_line_lengths(data, display)
    return data
