"""An annotator package's ZIP archive, opened and read so that no archive can exhaust memory.

A package is small: a manifest, one or two corpora and a guidelines page. A hostile or damaged
archive can claim or hold far more (a 1 MB file whose guidelines expand to 1 GiB), so every
member is read against a limit twice over: its declared size is checked before anything is
decompressed, and the bytes are counted as they come out, a block at a time, and the reading
stopped at the limit. The archive's directory is sized before the ZIP reader loads it, members
that are encrypted or use a compression other than stored and deflated are refused before
they are read, and a member named twice is refused (a reader would otherwise take one of the
two silently). Every refusal is an InputError naming the package, and the member where there is
one: ``round1.lexsubpkg!guidelines.md``. docs/formats.md states the limits.
"""

from __future__ import annotations

import os
import stat
import struct
import zipfile
import zlib
from collections import Counter
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

from lexsub_studio.core.io.formats.limits import describe_size
from lexsub_studio.core.model.diagnostics import InputError

#: A package's archive directory (the ZIP central directory) is at most this large. The four
#: members of a real package take some 300 bytes; the ZIP reader loads the whole directory
#: into memory before anything can be checked, so it is sized first.
MAX_DIRECTORY_BYTES = 64 << 10
#: At most this many members. A package has four; re-zipping by hand may add a few folders.
MAX_MEMBERS = 32
#: Each member is read up to its own limit, far above anything a real package holds: the
#: manifest of a thousand training items is under 300 KiB, and the corpus of 100,000 instances
#: is some 30 MiB. The corpus limit also bounds the memory of opening a package: a member is
#: held twice while read (its blocks, then joined) and parsed after, so a corpus that inflates
#: to the limit costs some 250 MB at most (measured: docs/formats.md, Annotator package).
MAX_MANIFEST_BYTES = 1 << 20
MAX_GUIDELINES_BYTES = 8 << 20
MAX_CORPUS_BYTES = 64 << 20
#: Decompressed bytes are taken this many at a time, so a member that claims a small size and
#: expands beyond it is stopped within one block of its limit.
READ_BLOCK_BYTES = 1 << 20

#: The compression methods packages use (every ZIP tool writes these by default).
SUPPORTED_COMPRESSION = {zipfile.ZIP_STORED: "stored", zipfile.ZIP_DEFLATED: "deflated"}

_END_OF_DIRECTORY = b"PK\x05\x06"
_ZIP64_LOCATOR = b"PK\x06\x07"
_END_RECORD_BYTES = 22
#: The end-of-directory record may be followed by a comment of up to 64 KiB.
_END_SEARCH_BYTES = _END_RECORD_BYTES + 0xFFFF


class PackageArchive:
    """An open package archive whose members are read within limits."""

    def __init__(self, path: str | Path) -> None:
        self.display = str(path)
        self._archive = _open_archive(path, self.display)
        infos = self._archive.infolist()
        if len(infos) > MAX_MEMBERS:
            self._archive.close()
            self._refuse(None, "bad-package",
                         f"the package holds {len(infos)} members; a package has at most "
                         f"{MAX_MEMBERS} (it needs four)")
        twice = sorted(name for name, count in Counter(i.filename for i in infos).items()
                       if count > 1)
        if twice:
            self._archive.close()
            self._refuse(None, "bad-package",
                         f"the package holds {_listed(twice)} more than once; it cannot be "
                         "known which copy is meant: the package is damaged or was altered")
        self._infos = {info.filename: info for info in infos}

    def __enter__(self) -> PackageArchive:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self._archive.close()

    def __contains__(self, name: object) -> bool:
        return name in self._infos

    def read(self, name: str, limit: int) -> bytes:
        """The member's bytes; InputError when it is larger than ``limit``, encrypted,
        compressed in a way packages do not use, or damaged."""
        info = self._infos[name]
        if info.flag_bits & 0x1:
            self._refuse(name, "package-member-encrypted",
                         "this member is encrypted; packages are never encrypted, and it cannot "
                         "be read without a password")
        if info.compress_type not in SUPPORTED_COMPRESSION:
            self._refuse(name, "package-member-unsupported",
                         f"this member is compressed with ZIP method {info.compress_type}; "
                         "packages use only stored or deflated members (make the package "
                         "with 'lexsub packages make' or an ordinary ZIP tool)")
        if info.file_size > limit:
            self._too_large(name, limit, declared=info.file_size)
        blocks: list[bytes] = []
        total = 0
        try:
            with self._archive.open(info) as member:
                while block := member.read(READ_BLOCK_BYTES):
                    total += len(block)
                    if total > limit:
                        self._too_large(name, limit)
                    blocks.append(block)
        except zipfile.BadZipFile as error:
            checksum = "CRC" in str(error)
            self._refuse(name, "package-member-damaged",
                         "this member's checksum does not match its content"
                         if checksum else "this member's header does not match the directory",
                         end="the package is damaged")
        except (zlib.error, EOFError, OSError):
            self._refuse(name, "package-member-damaged",
                         "this member's compressed data cannot be decompressed",
                         end="the package is damaged or was cut short")
        return b"".join(blocks)

    def _too_large(self, name: str, limit: int, declared: int | None = None) -> None:
        size = f"declares {declared:,} bytes" if declared is not None else "expands to more"
        self._refuse(name, "package-member-too-large",
                     f"this member {size}, more than the {describe_size(limit)} a package's "
                     f"{name} may hold: the package is damaged or was made to exhaust memory")

    def _refuse(self, name: str | None, code: str, message: str, end: str = "") -> None:
        where = self.display if name is None else f"{self.display}!{name}"
        raise InputError.at(where, code, f"{message}; {end}" if end else message)


def _listed(names: list[str]) -> str:
    return ", ".join(names[:5]) + (" ..." if len(names) > 5 else "")


def _open_archive(path: str | Path, display: str) -> zipfile.ZipFile:
    def refuse(message: str) -> InputError:
        return InputError.at(display, "bad-package", message)

    try:
        # Opened without blocking: a FIFO named like a package would otherwise wait forever
        # for a writer before it could be refused (O_NONBLOCK does nothing to a regular file).
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise refuse("not an annotator package: not a regular file")
            problem = _directory_problem(handle)
        if problem:
            raise refuse(problem)
        return zipfile.ZipFile(path)
    except zipfile.BadZipFile as error:
        raise refuse("not an annotator package (a ZIP file was expected): the file is not a "
                     "ZIP archive, or it is damaged or cut short") from error
    except OSError as error:
        raise refuse(f"the file cannot be read: {error.strerror or 'input/output error'}"
                     ) from error


def _directory_problem(handle: BinaryIO) -> str | None:
    """Why the archive's directory must not be loaded (too large, ZIP64), or None. An archive
    without an end-of-directory record is left to the ZIP reader, which refuses it."""
    size = handle.seek(0, os.SEEK_END)
    start = max(0, size - _END_SEARCH_BYTES)
    handle.seek(start)
    tail = handle.read()
    # Found as the ZIP reader finds it: a record ending the file (no comment), else the last
    # signature, which the reader refuses when no whole record follows it.
    if tail[-_END_RECORD_BYTES:].startswith(_END_OF_DIRECTORY) and tail.endswith(b"\0\0"):
        at = len(tail) - _END_RECORD_BYTES
    else:
        at = tail.rfind(_END_OF_DIRECTORY)
    if at < 0 or len(tail) - at < _END_RECORD_BYTES:
        return None
    entries, directory_bytes = struct.unpack("<HI", tail[at + 10:at + 16])
    locator_at = start + at - 20
    if locator_at >= 0:
        handle.seek(locator_at)
        zip64 = handle.read(4) == _ZIP64_LOCATOR
    else:
        zip64 = False
    if zip64 or entries == 0xFFFF:
        return ("the package is a ZIP64 archive, a form only archives of more than 4 GiB or "
                "65,535 members need; a package is far smaller: it is damaged or was altered")
    if directory_bytes > MAX_DIRECTORY_BYTES or entries > MAX_MEMBERS:
        return (f"the package's directory lists {entries:,} members in {directory_bytes:,} "
                f"bytes; a package has at most {MAX_MEMBERS} members: it is damaged or was "
                "made to exhaust memory")
    return None
