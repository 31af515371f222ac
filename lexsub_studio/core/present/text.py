"""Cells already written as text, laid out: aligned columns for the terminal, the one
escaper of each markup (LaTeX, Markdown), and the one way a JSON document is written.

No pandas here: the lighter commands (``packages check``, ``campaign status``, ``make-task``)
print their tables through this module without loading it; core/present/tables.py lays out
DataFrames through the same functions.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

#: Columns are separated by two spaces; label columns are left-aligned, numbers right-aligned.
COLUMN_GAP = "  "

_LATEX_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
                  "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
                  "^": r"\textasciicircum{}"}


def default_align(columns: int, left: int = 1) -> str:
    """``left`` label columns, then numbers: ``lrr``."""
    return "l" * min(left, columns) + "r" * max(0, columns - left)


def aligned_lines(header: Sequence[str], rows: Sequence[Sequence[str]],
                  align: str | None = None) -> list[str]:
    """The header and rows padded to their columns' widths, one ``l`` or ``r`` per column in
    ``align`` (default: the first column left, the others right). Lines carry no trailing
    blanks."""
    align = align or default_align(len(header))
    if len(align) != len(header):
        raise ValueError(f"{len(align)} alignments for {len(header)} columns")
    widths = [max(len(line[column]) for line in [header, *rows])
              for column in range(len(header))]
    return [COLUMN_GAP.join(cell.ljust(width) if side == "l" else cell.rjust(width)
                            for cell, width, side in zip(line, widths, align, strict=True))
            .rstrip() for line in [header, *rows]]


def aligned(header: Sequence[str], rows: Sequence[Sequence[str]],
            align: str | None = None) -> str:
    """``aligned_lines`` as one text ending in a newline."""
    return "\n".join(aligned_lines(header, rows, align)) + "\n"


def a_file_of_kind(kind: str) -> str:
    """``a best file``, ``an oot file``, ``an mw file``: the article as the kind is spoken (its
    first letter a vowel, or ``mw`` said letter by letter, "em-double-u")."""
    article = "an" if kind[:1] in "aeiou" or kind == "mw" else "a"
    return f"{article} {kind} file"


def latex_escape(text: str) -> str:
    """Text as LaTeX typesets it literally (the ten special characters escaped)."""
    return "".join(_LATEX_SPECIAL.get(char, char) for char in text)


def markdown_escape(text: str) -> str:
    """Text safe inside a Markdown table cell (a ``|`` would end the cell)."""
    return text.replace("|", "\\|")


def json_text(document: Any) -> str:
    """A JSON document as every command writes it: indented by 2, non-ASCII letters as they
    are (a system named ``système`` reads so), ending in a newline."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
