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
from lexsub_studio.core.agreement.report_about import ReportAbout
from lexsub_studio.core.agreement.terms import FIGURE_TERMS, definition, label
from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.pages import html_list, html_page, html_paragraph, html_section
from lexsub_studio.core.present.tables import html_table


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


def about_section(about: ReportAbout) -> str:
    """Which files, when, which version, whether curation changed the figures, what else was
    written with the page."""
    return html_section("About this report",
                        html_paragraph("Responses files:") + html_list(about.file_lines())
                        + "".join(html_paragraph(line) for line in about.lines()))


def report_html(report: AgreementReport, title: str = "Agreement report",
                about: ReportAbout | None = None) -> str:
    """The report page: what it rests on (``about``), the figures and their chart (inline
    SVG: the page stays one file), the pairwise matrix, per annotator, PoS and target, notes,
    glossary and warnings."""
    from lexsub_studio.core.agreement.chart import chart_svg

    parts = [html_paragraph(f"{counts_sentence(report)}.")]
    if about is not None:
        parts.append(about_section(about))
    parts += [html_section("Figures", _table(*figure_rows(report))),
              html_section("Chart", f'<figure class="chart">\n{chart_svg(report)}\n</figure>\n')]
    if report.intervals:
        parts.append(html_paragraph(f"Bootstrap over items: {report.bootstrap_replicates} "
                                    f"replicates, seed {report.bootstrap_seed}."))
    names = report.annotators
    if len(names) >= 2:
        parts.append(html_section("Pairwise agreement per annotator pair",
                                  _table(["annotator", *names],
                                         pair_matrix_rows(report, "html"))))
    parts += [html_section("Each annotator against the others",
                           _frame(report.per_annotator[ANNOTATOR_COLUMNS])),
              html_section("By part of speech", _frame(report.grouped("pos"))),
              html_section("By target", _frame(report.grouped("lexelt")))]
    notes = figure_notes(report)
    if notes:
        parts.append(html_section("Notes", html_list(notes)))
    glossary = "".join(f"<dt>{html.escape(name)}</dt><dd>{html.escape(meaning)}</dd>\n"
                       for _, name, meaning in glossary_rows())
    parts.append(html_section("Glossary", f"<dl>\n{glossary}</dl>\n"))
    if report.warnings:
        parts.append(html_section("Warnings", html_list(report.warnings)))
    if report.signature:
        parts.append(html_section("Signature", html_paragraph(report.signature)))
    return html_page(title, parts)
