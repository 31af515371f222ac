"""Output held back until a command knows what it must say first.

``lexsub score`` on the official path learns only at the end of the system file whether the file
is of another kind than the one asked for; the hint that says so must come before the official
lines, so those lines are held here, then written after it. Nothing is imported at module level:
the official path's start-up is part of its speed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import BinaryIO

#: Output beyond this is held in an unnamed temporary file, not in memory: the -v lines of a
#: million-item file are some 120 MB.
HOLD_IN_MEMORY_BYTES = 16 << 20


class HeldOutput:
    """A binary stream that keeps what is written to it until ``release``; in memory up to
    HOLD_IN_MEMORY_BYTES, then in a temporary file the system removes even after a kill (or
    in memory still, when no temporary file can be made)."""

    __slots__ = ("_parts", "_size", "_spill", "limit")

    def __init__(self, limit: int | None = None) -> None:
        self._parts: list[bytes] = []
        self._size = 0
        self._spill: BinaryIO | None = None
        #: Bytes held in memory before the rest goes to a temporary file; None: all in memory.
        self.limit: int | None = HOLD_IN_MEMORY_BYTES if limit is None else limit

    def write(self, data: bytes) -> int:
        if self._spill is not None:
            return self._spill.write(data)
        self._parts.append(bytes(data))
        self._size += len(data)
        if self.limit is not None and self._size > self.limit:
            self._spill_to_file()
        return len(data)

    def flush(self) -> None:
        """Nothing reaches the real stream before ``release``."""

    def _spill_to_file(self) -> None:
        import tempfile

        try:
            spill = tempfile.TemporaryFile()  # noqa: SIM115  # open until release() closes it
        except OSError:
            self.limit = None  # no temporary file can be made: hold the rest in memory
            return
        spill.write(b"".join(self._parts))
        self._parts.clear()
        self._spill = spill

    def release(self, stream: BinaryIO) -> None:
        """Write everything held to ``stream`` and let go of it."""
        if self._spill is None:
            stream.write(b"".join(self._parts))
            self._parts.clear()
        else:
            import shutil

            spill, self._spill = self._spill, None
            with spill:
                spill.seek(0)
                shutil.copyfileobj(spill, stream, 1 << 20)
        self._size = 0
        stream.flush()
