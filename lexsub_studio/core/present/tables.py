"""A table as every kind the project writes: aligned text, CSV, JSON records, Markdown, LaTeX
(booktabs) and HTML. A table is a pandas DataFrame or a ``RowTable`` (a header and rows of
Python values): a command that lays out a few rows of figures need not import pandas for them
(about 0.15 s and 20 MB of a ``lexsub score`` run); CSV is written by pandas either way.

Cells are written by the number policy (core/present/numbers.py) unless a column has its own
formatter in ``formats``. Columns are taken by position, so a frame may repeat a header.
``align`` gives one ``l`` or ``r`` per column; by default a column of numbers is right-aligned
and any other left-aligned. In HTML a right-aligned column's cells have the class ``num``.

Why no ``Styler``: ``Styler.to_latex`` and ``Styler.to_html`` need jinja2, which is not a
dependency (nor worth one for a tabular); their escaping is not the project's one LaTeX
escaper either. Why no ``DataFrame.to_json``: it keeps 15 significant digits, so a JSON figure
would lose the last digit the CSV keeps; JSON is ``json.dumps`` of ``records(frame)``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.text import (
    aligned,
    aligned_lines,
    json_text,
    latex_escape,
    markdown_escape,
)

if TYPE_CHECKING:
    import pandas as pd

Formatter = Callable[[Any], str]
#: The class of a right-aligned (number) column's header and cells in HTML.
_NUMBER_CLASS = ' class="num"'
#: (row, column) positions, counted from 0 over the frame's rows and columns.
Positions = Collection[tuple[int, int]]


class RowTable:
    """A header and its rows of Python values, laid out as a DataFrame of objects would be."""

    __slots__ = ("columns", "rows")

    def __init__(self, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        self.columns = list(columns)
        self.rows = [list(row) for row in rows]

    def frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(self.rows, columns=pd.Index(self.columns, dtype=object),
                            dtype=object)


Table: TypeAlias = "pd.DataFrame | RowTable"


def _rows(frame: Table) -> list[list[Any]]:
    rows = frame.rows if isinstance(frame, RowTable) else frame.itertuples(index=False,
                                                                            name=None)
    return [[numbers.plain(value) for value in row] for row in rows]


def header(frame: Table) -> list[str]:
    return [str(column) for column in frame.columns]


def numeric_columns(frame: Table) -> list[bool]:
    """Which columns hold numbers: every cell a number or undefined (a flag is a word, not a
    number; a figure with no value anywhere is still a figure column)."""
    rows = _rows(frame)
    return [bool(rows) and all(row[column] is None or _is_number(row[column]) for row in rows)
            for column in range(len(frame.columns))]


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def column_align(frame: Table, align: str | None = None) -> str:
    return align or "".join("r" if numeric else "l" for numeric in numeric_columns(frame))


def cell_texts(frame: Table, output: str = "text",
               decimals: int = numbers.SCORE_DECIMALS,
               formats: Mapping[str, Formatter] | None = None) -> list[list[str]]:
    """Every cell as ``output`` writes it: a column's formatter from ``formats`` (given the
    plain value, None when undefined), else ``numbers.cell`` with ``decimals``."""
    chosen = [(formats or {}).get(name) for name in header(frame)]
    return [[numbers.cell(value, output, decimals) if formatter is None else formatter(value)
             for value, formatter in zip(row, chosen, strict=True)]
            for row in _rows(frame)]


def text_lines(frame: Table, *, align: str | None = None,
               decimals: int = numbers.SCORE_DECIMALS,
               formats: Mapping[str, Formatter] | None = None) -> list[str]:
    """Aligned columns for the terminal, one line per row after the header."""
    return aligned_lines(header(frame), cell_texts(frame, "text", decimals, formats),
                         column_align(frame, align))


def text_table(frame: Table, *, align: str | None = None,
               decimals: int = numbers.SCORE_DECIMALS,
               formats: Mapping[str, Formatter] | None = None) -> str:
    return aligned(header(frame), cell_texts(frame, "text", decimals, formats),
                   column_align(frame, align))


def csv_table(frame: Table) -> str:
    """CSV with a header row: floats with every digit, undefined values as empty fields.

    Columns of numbers are written by pandas in C (a float as its shortest exact form, NaN as
    an empty field); only columns of Python objects are written cell by cell."""
    import pandas as pd

    if isinstance(frame, RowTable):
        frame = frame.frame()
    shown = frame.copy(deep=False)
    for position, dtype in enumerate(frame.dtypes):
        if pd.api.types.is_object_dtype(dtype):
            # pandas-stubs leave a Series out of isetitem's values; pandas takes one.
            shown.isetitem(position,
                           frame.iloc[:, position].map(numbers.machine))  # type: ignore[arg-type]
    return shown.to_csv(index=False, lineterminator="\n", na_rep="")


def records(frame: Table) -> list[dict[str, Any]]:
    """One dict per row with Python values (None where undefined), ready for ``json.dumps``."""
    names = header(frame)
    return [dict(zip(names, row, strict=True)) for row in _rows(frame)]


def json_table(frame: Table) -> str:
    return json_text(records(frame))


def markdown_table(frame: Table, *, title: str | None = None, align: str | None = None,
                   decimals: int = numbers.SCORE_DECIMALS,
                   formats: Mapping[str, Formatter] | None = None) -> str:
    """A GitHub-flavoured Markdown table, its title in bold above it."""
    sides = column_align(frame, align)
    lines = [f"**{markdown_escape(title)}**", ""] if title else []
    lines += ["| " + " | ".join(markdown_escape(name) for name in header(frame)) + " |",
              "|" + "|".join("---:" if side == "r" else "---" for side in sides) + "|"]
    lines += ["| " + " | ".join(markdown_escape(text) for text in row) + " |"
              for row in cell_texts(frame, "markdown", decimals, formats)]
    return "\n".join(lines) + "\n"


def latex_table(frame: Table, *, title: str | None = None, align: str | None = None,
                decimals: int = numbers.SCORE_DECIMALS,
                formats: Mapping[str, Formatter] | None = None,
                bold: Positions = ()) -> str:
    """A booktabs tabular (``\\usepackage{booktabs}``), the title as a comment line above it;
    cells at ``bold`` positions in ``\\textbf``."""
    lines = [f"% {' '.join(title.split())}"] if title else []
    lines += [f"\\begin{{tabular}}{{{column_align(frame, align)}}}", "\\toprule",
              " & ".join(latex_escape(name) for name in header(frame)) + " \\\\", "\\midrule"]
    for row_number, row in enumerate(cell_texts(frame, "latex", decimals, formats)):
        cells = [f"\\textbf{{{latex_escape(text)}}}" if (row_number, column) in bold
                 else latex_escape(text) for column, text in enumerate(row)]
        lines.append(" & ".join(cells) + " \\\\")
    lines += ["\\bottomrule", "\\end{tabular}"]
    return "\n".join(lines) + "\n"


def html_table(frame: Table, *, caption: str | None = None, align: str | None = None,
               decimals: int = numbers.SCORE_DECIMALS,
               formats: Mapping[str, Formatter] | None = None, bold: Positions = (),
               header_titles: Mapping[str, str] | None = None,
               cell_titles: Mapping[tuple[int, int], str] | None = None) -> str:
    """An HTML table: ``caption`` above it, a tool tip on headers named in ``header_titles``
    and on cells in ``cell_titles``, cells at ``bold`` positions in ``<strong>``; the header and
    cells of a right-aligned column have the class ``num``."""
    sides = column_align(frame, align)
    header_titles = header_titles or {}
    cell_titles = cell_titles or {}
    parts = ["<table>\n"]
    if caption:
        parts.append(f"<caption>{html.escape(caption)}</caption>\n")
    parts.append("<thead><tr>")
    parts += [f"<th{_NUMBER_CLASS if side == 'r' else ''}{_title(header_titles.get(name))}>"
              f"{html.escape(name)}</th>" for name, side in zip(header(frame), sides, strict=True)]
    parts.append("</tr></thead>\n<tbody>\n")
    for row_number, row in enumerate(cell_texts(frame, "html", decimals, formats)):
        parts.append("<tr>")
        for column, text in enumerate(row):
            css = _NUMBER_CLASS if sides[column] == "r" else ""
            shown = html.escape(text)
            if (row_number, column) in bold:
                shown = f"<strong>{shown}</strong>"
            title = _title(cell_titles.get((row_number, column)))
            parts.append(f"<td{css}{title}>{shown}</td>")
        parts.append("</tr>\n")
    parts.append("</tbody>\n</table>\n")
    return "".join(parts)


def _title(text: str | None) -> str:
    return f' title="{html.escape(text)}"' if text else ""
