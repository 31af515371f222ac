"""Results tables and their export.

A ``Table`` is plain rows of text and numbers with the figure key behind each column; the league
table and the breakdowns (compare/league.py) and the post-hoc table (post_hoc.py) are built as
one. Tables render as CSV, LaTeX, Markdown or HTML, laid out by core/present/tables.py;
``html_report`` puts tables and plots in one self-contained HTML page (plots embedded as base64
PNG or inline SVG). The GUI shows the same Table objects it exports.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.numbers import SCORE_DECIMALS
from lexsub_studio.core.present.signature import LABEL, signature_line
from lexsub_studio.core.scoring.shown_figures import Cell, best_shown, figure_text, is_best

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure


TABLE_FORMATS = ("csv", "latex", "markdown", "html")


SUFFIX_FORMATS = {".csv": "csv", ".tex": "latex", ".md": "markdown", ".markdown": "markdown",
                  ".html": "html", ".htm": "html"}


@dataclass(slots=True)
class Table:
    title: str
    header: list[str]
    rows: list[list[Cell]]
    #: The figure key behind each column (None for label columns), for explanations.
    keys: list[str | None] = field(default_factory=list)
    #: How LaTeX, Markdown and HTML write figures: "fraction" (0.360) or "percent" (35.98, as
    #: the official scorer rounds); CSV always holds the full-precision fraction.
    unit: str = "fraction"
    #: The reproducibility signatures of the runs behind its figures (core/present/signature.py),
    #: each once; an exported table carries them (docs/reproduction.md, "The signature").
    signatures: list[str] = field(default_factory=list)


def cell_text(value: Cell, digits: int = SCORE_DECIMALS, output: str = "gui") -> str:
    """Numbers to ``digits`` decimals; None (undefined or not scored) as ``output`` writes it
    (core/present/numbers.py)."""
    return numbers.cell(value, output, digits)


def _align(table: Table) -> str:
    """Label columns left, figure columns right."""
    return "".join("r" if key else "l" for key in _keys(table))


def _shown_frame(table: Table, output: str) -> pd.DataFrame:
    """The table's cells as ``output`` shows them, in a frame for core/present/tables.py."""
    import pandas as pd

    return pd.DataFrame([[_shown_cell(table, column, value, output)
                          for column, value in enumerate(row)] for row in table.rows],
                        columns=pd.Index(table.header, dtype=object), dtype=object)


def _best_positions(table: Table) -> set[tuple[int, int]]:
    best = _column_best(table)
    return {(row_number, column) for row_number, row in enumerate(table.rows)
            for column, value in enumerate(row) if _is_best(table, best, column, value)}


def to_csv(table: Table) -> str:
    """CSV with full precision; an undefined value is an empty field."""
    import pandas as pd

    from lexsub_studio.core.present.tables import csv_table

    return csv_table(pd.DataFrame(table.rows, columns=pd.Index(table.header, dtype=object),
                                  dtype=object))


def to_latex(table: Table) -> str:
    """A booktabs tabular: label columns left, numbers right; the best value of each numeric
    column in bold."""
    from lexsub_studio.core.present.tables import latex_table

    return latex_table(_shown_frame(table, "latex"), title=table.title, align=_align(table),
                       bold=_best_positions(table))


def to_markdown(table: Table) -> str:
    from lexsub_studio.core.present.tables import markdown_table

    return markdown_table(_shown_frame(table, "markdown"), title=table.title,
                          align=_align(table))


def to_html(table: Table) -> str:
    from lexsub_studio.core.present.tables import html_table

    return html_table(_shown_frame(table, "html"), caption=table.title, align=_align(table),
                      bold=_best_positions(table))


def render_table(table: Table, fmt: str) -> str:
    """The table as a file in ``fmt`` holds it, signed with the table's signatures."""
    renderers = {"csv": to_csv, "latex": to_latex, "markdown": to_markdown, "html": to_html}
    if fmt not in renderers:
        raise ValueError(f"unknown table format '{fmt}'; expected {', '.join(TABLE_FORMATS)}")
    if fmt == "csv" and table.signatures:
        # One table read whole by a spreadsheet: the signatures as a last column, on every row
        # (a signature holds no white space, so several are joined by one space).
        signed = Table(table.title, [*table.header, LABEL],
                       [[*row, " ".join(table.signatures)] for row in table.rows],
                       [*_keys(table), None], table.unit)
        return to_csv(signed)
    return renderers[fmt](table) + _signature_lines(table.signatures, fmt)


def _signature_lines(signatures: Sequence[str], fmt: str) -> str:
    """The lines after a LaTeX, Markdown or HTML table that give its signatures."""
    if not signatures:
        return ""
    if fmt == "latex":
        return "".join(signature_line(text, "% ") for text in signatures)
    if fmt == "markdown":
        return "\n" + "".join(signature_line(f"`{text}`") for text in signatures)
    return "".join(f"<p>{html.escape(signature_line(text).strip())}</p>\n"
                   for text in signatures)


def format_for_path(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIX_FORMATS:
        raise ValueError(f"cannot tell the format of '{Path(path).name}' from its suffix; "
                         f"use one of {', '.join(SUFFIX_FORMATS)}")
    return SUFFIX_FORMATS[suffix]


def write_table(table: Table, path: str | Path, fmt: str | None = None) -> Path:
    """Write a table atomically, in ``fmt`` or the format its suffix names."""
    target = Path(path)
    atomic_write_text(target, render_table(table, fmt or format_for_path(target)))
    return target


def _keys(table: Table) -> list[str | None]:
    return table.keys or [None] * len(table.header)


def _column_best(table: Table) -> dict[int, float | None]:
    """The best figure of each figure column as written (shown_figures.best_shown): figures that
    read the same are all the best."""
    return {column: best_shown([row[column] for row in table.rows], table.unit)
            for column, key in enumerate(_keys(table)) if key}


def _is_best(table: Table, best: dict[int, float | None], column: int, value: Cell) -> bool:
    return is_best(value, best.get(column), table.unit)


def _shown_cell(table: Table, column: int, value: Cell, output: str = "gui") -> str:
    """A cell as the table's unit writes it in ``output``: figures as fractions or
    percentages, anything else (names, ranks) as it is."""
    if _keys(table)[column]:
        return figure_text(value if isinstance(value, int | float) else None, table.unit,
                           output)
    return cell_text(value, output=output)


def html_report(title: str, tables: Sequence[Table],
                figures: Sequence[tuple[str, Figure]] = (), *, image_format: str = "png",
                notes: Mapping[str, Sequence[str]] | None = None) -> str:
    """One self-contained HTML page: the tables, the plots embedded (base64 PNG or inline
    SVG, nothing linked), and optional notes (for example each system's warnings)."""
    from lexsub_studio.core.present.plots import figure_bytes

    if image_format not in ("png", "svg"):
        raise ValueError(f"plots are embedded as png or svg, not '{image_format}'")
    from lexsub_studio.core.present.pages import html_list, html_page, html_section

    parts = [to_html(table) for table in tables]
    for caption, figure in figures:
        data = figure_bytes(figure, image_format)
        if image_format == "png":
            encoded = base64.b64encode(data).decode("ascii")
            image = (f'<img alt="{html.escape(caption)}" '
                     f'src="data:image/png;base64,{encoded}">')
        else:
            text = data.decode("utf-8")
            image = text[text.index("<svg"):]  # drop the XML prolog and DOCTYPE
        parts.append(f"<figure>\n{image}\n<figcaption>{html.escape(caption)}</figcaption>\n"
                     "</figure>\n")
    parts += [html_section(heading, html_list(lines)) for heading, lines in (notes or {}).items()]
    return html_page(title, parts)


def write_html_report(path: str | Path, title: str, tables: Sequence[Table],
                      figures: Sequence[tuple[str, Figure]] = (), *,
                      image_format: str = "png",
                      notes: Mapping[str, Sequence[str]] | None = None) -> Path:
    target = Path(path)
    atomic_write_text(target, html_report(title, tables, figures, image_format=image_format,
                                          notes=notes))
    return target
