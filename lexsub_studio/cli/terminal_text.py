"""What ``lexsub`` prints to a terminal: text from the inputs (annotator names, substitutes,
comments) with its bidirectional controls escaped.

A right-to-left override (U+202E) or an isolate inside an annotator's name reorders the rest
of the line as the terminal shows it, so that a message can read as something it does not say.
On a terminal each such control is shown as ``<U+202E>``; a file or a pipe gets the text
unchanged, as it is data there.
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import TextIO

#: The Unicode bidirectional formatting characters: embeddings, overrides, isolates, marks.
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def escape_bidi_controls(text: str) -> str:
    """``text`` with each bidirectional control written as ``<U+202E>`` (its code point)."""
    return BIDI_CONTROLS.sub(lambda found: f"<U+{ord(found.group()):04X}>", text)


class BidiEscapingStream:
    """A text stream that escapes bidirectional controls in what is written to it and passes
    everything else (``buffer``, ``fileno``, ``flush`` ...) to the stream it wraps."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(escape_bidi_controls(text))
        return len(text)

    def writelines(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def escape_on_terminals() -> None:
    """Wrap standard output and standard error when they are terminals."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        try:
            terminal = stream is not None and stream.isatty()
        except (AttributeError, OSError, ValueError):
            terminal = False
        if terminal and not isinstance(stream, BidiEscapingStream):
            setattr(sys, name, BidiEscapingStream(stream))
