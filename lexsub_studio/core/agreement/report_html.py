"""The agreement report as one self-contained HTML page (no Qt; the values are the core's).

Numbers are written by the number policy (core/present/numbers.py), like ``lexsub agree``'s
table: four decimals; an undefined figure is a dash, as in every HTML table. The tables are
core/present/tables.py's.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import pandas as pd

from lexsub_studio.core.agreement.export import (
    ANNOTATOR_COLUMNS,
    counts_sentence,
    figure_rows,
    pair_matrix_rows,
)
from lexsub_studio.core.agreement.glossary import figure_notes, glossary_rows
from lexsub_studio.core.agreement.report import AgreementReport
from lexsub_studio.core.agreement.terms import FIGURE_TERMS, definition, label
from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.tables import html_table

_STYLE = """
body { font-family: sans-serif; margin: 2em; color: #1f2937; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #d1d5db; padding: 3px 8px; }
th { background: #f3f4f6; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
"""


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Headers and figure names that are keys show their label, with the definition as the
    cell's tool tip."""
    shown_rows = [[label(value) if column == 0 and isinstance(value, str)
                   and value in FIGURE_TERMS else value for column, value in enumerate(row)]
                  for row in rows]
    cell_titles = {(row_number, 0): definition(row[0]) for row_number, row in enumerate(rows)
                   if isinstance(row[0], str) and row[0] in FIGURE_TERMS and definition(row[0])}
    frame = pd.DataFrame(shown_rows, columns=pd.Index([label(str(h)) for h in headers],
                                                      dtype=object), dtype=object)
    header_titles = {label(str(h)): definition(str(h)) for h in headers if definition(str(h))}
    return html_table(frame, decimals=numbers.AGREEMENT_DECIMALS, header_titles=header_titles,
                      cell_titles=cell_titles)


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
        parts.append(_table(["annotator", *names], pair_matrix_rows(report, "html")))
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
