"""An agreement report as JSON-ready data, as a plain-text table and as CSV.

Undefined figures are ``None`` (JSON null), "undefined" in tables and an empty cell in CSV.
"""

from __future__ import annotations

import csv
import io
import math
from typing import Any

import pandas as pd

from lexsub_studio.core.agreement.glossary import figure_notes
from lexsub_studio.core.agreement.report import COUNTS, FIGURES, AgreementReport
from lexsub_studio.core.agreement.terms import label

UNDEFINED = "undefined"


def clean_value(value: Any) -> Any:
    """numpy scalars to Python, NaN to None."""
    if value is None:
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value



def _records(table: pd.DataFrame) -> list[dict[str, Any]]:
    return [{key: clean_value(value) for key, value in row.items()}
            for row in table.to_dict(orient="records")]


def report_to_dict(report: AgreementReport, by: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {name: clean_value(report.figures[name]) for name in FIGURES}
    data.update({name: report.counts[name] for name in COUNTS})
    data["support"] = dict(report.support)
    if report.intervals:
        data["bootstrap"] = {"replicates": report.bootstrap_replicates,
                             "seed": report.bootstrap_seed, "confidence": report.confidence}
        data["intervals"] = {
            name: {"low": interval.low, "high": interval.high,
                   "replicates": interval.replicates}
            for name, interval in report.intervals.items()}
    data["annotator_names"] = list(report.annotators)
    data["pairwise_matrix"] = [[clean_value(value) for value in row]
                               for row in report.pair_matrix.tolist()]
    data["pairwise_matrix_items"] = report.pair_counts.tolist()
    data["per_annotator"] = _records(report.per_annotator)
    data["warnings"] = list(report.warnings)
    if by is not None:
        data["by"] = by
        data["groups"] = _records(report.grouped(by))
    return data


def format_value(value: Any) -> str:
    """A figure as the table, CSV-free views and the HTML page print it."""
    value = clean_value(value)
    if value is None:
        return UNDEFINED
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.4f}"
    return str(value)


def _render_table(headers: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(headers[c]), *(len(row[c]) for row in rows)) if rows else len(headers[c])
              for c in range(len(headers))]
    lines = ["  ".join(h.ljust(w) if c == 0 else h.rjust(w)
                       for c, (h, w) in enumerate(zip(headers, widths, strict=True)))]
    for row in rows:
        lines.append("  ".join(cell.ljust(w) if c == 0 else cell.rjust(w)
                               for c, (cell, w) in enumerate(zip(row, widths, strict=True))))
    return lines


def _frame_lines(table: pd.DataFrame) -> list[str]:
    headers = [str(column) for column in table.columns]
    rows = [[format_value(value) for value in row]
            for row in table.itertuples(index=False, name=None)]
    return _render_table(headers, rows)


def counts_sentence(report: AgreementReport) -> str:
    """What the figures rest on, in one sentence (the table and the HTML page open with it)."""
    counts = report.counts
    return (f"{counts['annotators']} annotator(s) over {counts['items']} item(s): "
            f"{counts['items_in_T']} in T, {counts['items_with_mode']} with a mode, "
            f"{counts['pairs']} pair score(s)")


def figure_rows(report: AgreementReport) -> tuple[list[str], list[list[Any]]]:
    """The headers and raw rows of the figures table: name, value, scores behind it, and the
    interval's ends when intervals were computed (None where a figure has none)."""
    headers = ["figure", "value", "scores"]
    if report.intervals:
        percent = f"{report.confidence * 100:g}%"
        headers += [f"{percent} low", f"{percent} high"]
    rows = []
    for name in FIGURES:
        row: list[Any] = [name, report.figures[name], report.support[name]]
        if report.intervals:
            interval = report.intervals.get(name)
            row += [interval.low, interval.high] if interval is not None else [None, None]
        rows.append(row)
    return headers, rows


def format_report_table(report: AgreementReport, by: str | None = None) -> str:
    lines = [f"Agreement of {counts_sentence(report)}", ""]
    headers, rows = figure_rows(report)
    lines += _render_table(headers, [[label(row[0]), *(format_value(value) for value in row[1:])]
                                     for row in rows])
    if report.intervals:
        lines.append(f"(bootstrap over items: {report.bootstrap_replicates} replicates, "
                     f"seed {report.bootstrap_seed})")
    names = report.annotators
    if len(names) >= 2:
        lines += ["", "Pairwise agreement per annotator pair (items scored in brackets)"]
        matrix_rows = []
        for i, name in enumerate(names):
            cells = [name]
            for j in range(len(names)):
                if i == j:
                    cells.append("-")
                else:
                    cells.append(f"{format_value(report.pair_matrix[i, j])} "
                                 f"({int(report.pair_counts[i, j])})")
            matrix_rows.append(cells)
        lines += _render_table(["annotator", *names], matrix_rows)
    if by == "annotator":
        lines += ["", "Each annotator against the others"]
        lines += _frame_lines(labelled(report.per_annotator[ANNOTATOR_COLUMNS]))
    elif by is not None:
        lines += ["", f"By {by}"]
        lines += _frame_lines(labelled(report.grouped(by)))
    notes = figure_notes(report)
    if notes:
        lines += ["", "Notes:"]
        lines += [f"  - {note}" for note in notes]
    if report.warnings:
        lines += ["", "Warnings:"]
        lines += [f"  - {warning}" for warning in report.warnings]
    return "\n".join(lines) + "\n"


def labelled(table: pd.DataFrame) -> pd.DataFrame:
    """The table with its columns named for people (``mode_agreement_loo`` -> "Mode
    agreement (leave one out)")."""
    return table.rename(columns={column: label(str(column)) for column in table.columns})


#: The per-annotator columns shown to people: each annotator's answers, then each figure over
#: the scores the annotator takes part in (against the others).
ANNOTATOR_COLUMNS = ["annotator", "answered", "missing", "nil", "proper_name", "multiword",
                     "pairs", "pairwise_agreement", "mode_n", "mode_agreement", "loo_n",
                     "mode_agreement_loo", "mw_pairs", "mw_identification_agreement",
                     "mw_string_pairs", "mw_string_agreement"]


def format_report_csv(report: AgreementReport, by: str | None = None) -> str:
    """Without ``by``: one row per figure and count; with it, one row per group."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    if by is None:
        writer.writerow(["name", "value", "scores", "ci_low", "ci_high"])
        for name in FIGURES:
            interval = report.intervals.get(name)
            writer.writerow([name, _csv_value(report.figures[name]), report.support[name],
                             _csv_value(interval.low if interval else None),
                             _csv_value(interval.high if interval else None)])
        for name in COUNTS:
            writer.writerow([name, report.counts[name], "", "", ""])
    else:
        table = report.grouped(by)
        writer.writerow(list(table.columns))
        for row in table.itertuples(index=False, name=None):
            writer.writerow([_csv_value(value) for value in row])
    return buffer.getvalue()


def _csv_value(value: Any) -> str:
    value = clean_value(value)
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value)
    return str(value)
