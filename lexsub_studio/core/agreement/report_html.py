"""The agreement report as one self-contained HTML page (no Qt; the values are the core's).

Numbers are formatted like ``lexsub agree``'s table (four decimals, "undefined" for a figure
that is not defined), so the page and the command line read the same.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import pandas as pd

from lexsub_studio.core.agreement.export import (
    ANNOTATOR_COLUMNS,
    UNDEFINED,
    clean_value,
    counts_sentence,
    figure_rows,
    format_value,
)
from lexsub_studio.core.agreement.glossary import figure_notes, glossary_rows
from lexsub_studio.core.agreement.report import AgreementReport
from lexsub_studio.core.agreement.terms import FIGURE_TERMS, definition, label

_STYLE = """
body { font-family: sans-serif; margin: 2em; color: #1f2937; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #d1d5db; padding: 3px 8px; }
th { background: #f3f4f6; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
"""


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Headers and figure names that are keys show their label, with the definition as the
    cell's tool tip."""
    head = "".join(f"<th{_title(str(h))}>{html.escape(label(str(h)))}</th>" for h in headers)
    body = []
    for row in rows:
        cells = []
        for column, value in enumerate(row):
            if column == 0 and isinstance(value, str) and value in FIGURE_TERMS:
                cells.append(f"<td{_title(value)}>{html.escape(label(value))}</td>")
                continue
            text = format_value(value)
            numeric = isinstance(clean_value(value), int | float) and not isinstance(value, bool)
            css = ' class="n"' if numeric or text == UNDEFINED else ""
            cells.append(f"<td{css}>{html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def _title(key: str) -> str:
    meaning = definition(key)
    return f' title="{html.escape(meaning)}"' if meaning else ""


def _frame(table: pd.DataFrame) -> str:
    return _table([str(c) for c in table.columns],
                  [list(row) for row in table.itertuples(index=False, name=None)])


def report_html(report: AgreementReport, title: str = "Agreement report") -> str:
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
             f"</title><style>{_STYLE}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>",
             f"<p>{html.escape(counts_sentence(report))}.</p>", "<h2>Figures</h2>"]
    parts.append(_table(*figure_rows(report)))
    if report.intervals:
        parts.append(f"<p>Bootstrap over items: {report.bootstrap_replicates} replicates, "
                     f"seed {html.escape(str(report.bootstrap_seed))}.</p>")
    names = report.annotators
    if len(names) >= 2:
        parts.append("<h2>Pairwise agreement per annotator pair</h2>")
        matrix_rows = []
        for i, name in enumerate(names):
            cells: list[Any] = [name]
            for j in range(len(names)):
                cells.append("-" if i == j else
                             f"{format_value(report.pair_matrix[i, j])} "
                             f"({int(report.pair_counts[i, j])})")
            matrix_rows.append(cells)
        parts.append(_table(["annotator", *names], matrix_rows))
    parts += ["<h2>Each annotator against the others</h2>",
              _frame(report.per_annotator[ANNOTATOR_COLUMNS]),
              "<h2>By part of speech</h2>", _frame(report.grouped("pos")),
              "<h2>By target</h2>", _frame(report.grouped("lexelt"))]
    notes = figure_notes(report)
    if notes:
        parts.append("<h2>Notes</h2><ul>")
        parts += [f"<li>{html.escape(note)}</li>" for note in notes]
        parts.append("</ul>")
    parts.append("<h2>Glossary</h2><dl>")
    parts += [f"<dt>{html.escape(name)}</dt><dd>{html.escape(meaning)}</dd>"
              for _, name, meaning in glossary_rows()]
    parts.append("</dl>")
    if report.warnings:
        parts.append("<h2>Warnings</h2><ul>")
        parts += [f"<li>{html.escape(w)}</li>" for w in report.warnings]
        parts.append("</ul>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
