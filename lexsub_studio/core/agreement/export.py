"""An agreement report as JSON-ready data, as a plain-text table and as CSV.

Figures are written by the number policy (core/present/numbers.py): agreement coefficients
with 4 decimals; undefined figures are ``None`` (JSON null), "undefined" in the terminal's
table and an empty cell in CSV. The tables are laid out by core/present.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lexsub_studio.core.agreement.glossary import figure_notes
from lexsub_studio.core.agreement.report import COUNTS, FIGURES, AgreementReport
from lexsub_studio.core.agreement.terms import label
from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.signature import signature_line
from lexsub_studio.core.present.tables import csv_table, records, text_lines
from lexsub_studio.core.present.text import aligned_lines

if TYPE_CHECKING:
    import pandas as pd

#: numpy scalars to Python, NaN to None.
clean_value = numbers.plain


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
    data["per_annotator"] = records(report.annotator_table())
    data["warnings"] = list(report.warnings)
    if by is not None:
        data["by"] = by
        data["groups"] = records(report.grouped(by))
    if report.signature:
        data["signature"] = report.signature
    return data


def format_value(value: Any, output: str = "text") -> str:
    """A figure as ``output`` writes it: 4 decimals, "yes"/"no" for a flag, an undefined
    figure as the number policy says (core/present/numbers.py)."""
    return numbers.cell(value, output, numbers.AGREEMENT_DECIMALS)


def _text_align(columns: int) -> str:
    """The label column left, every other right (a matrix's "0.5000 (3)" cells too)."""
    return "l" + "r" * (columns - 1)


def _frame_lines(table: pd.DataFrame) -> list[str]:
    return text_lines(table, align=_text_align(len(table.columns)),
                      decimals=numbers.AGREEMENT_DECIMALS)


def pair_cell(report: AgreementReport, first: int, second: int, output: str = "text") -> str:
    """One cell of the pairwise matrix: the pair's agreement and its items in brackets; an
    annotator against itself has no figure."""
    if first == second:
        return numbers.NOT_APPLICABLE
    return (f"{format_value(report.pair_matrix[first, second], output)} "
            f"({int(report.pair_counts[first, second])})")


def pair_matrix_rows(report: AgreementReport, output: str = "text") -> list[list[str]]:
    names = report.annotators
    return [[name, *(pair_cell(report, i, j, output) for j in range(len(names)))]
            for i, name in enumerate(names)]


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
    lines += aligned_lines(headers, [[label(row[0]), *(format_value(value) for value in row[1:])]
                                     for row in rows], _text_align(len(headers)))
    if report.intervals:
        lines.append(f"(bootstrap over items: {report.bootstrap_replicates} replicates, "
                     f"seed {report.bootstrap_seed})")
    names = report.annotators
    if len(names) >= 2:
        lines += ["", "Pairwise agreement per annotator pair (items scored in brackets)"]
        lines += aligned_lines(["annotator", *names], pair_matrix_rows(report),
                               _text_align(len(names) + 1))
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
    if report.signature:
        lines += ["", signature_line(report.signature).rstrip("\n")]
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
    """Without ``by``: one row per figure and count; with it, one row per group. The signature
    (when known) is a last column, the same on every row: one table either way, its value
    column all numbers, which a spreadsheet or pandas reads whole."""
    if by is not None:
        grouped = report.grouped(by)
        if report.signature:
            grouped = grouped.assign(signature=report.signature)
        return csv_table(grouped)
    rows: list[list[Any]] = []
    for name in FIGURES:
        interval = report.intervals.get(name)
        rows.append([name, report.figures[name], report.support[name],
                     interval.low if interval else None, interval.high if interval else None])
    rows += [[name, report.counts[name], "", "", ""] for name in COUNTS]
    import pandas as pd

    table = pd.DataFrame(rows, columns=["name", "value", "scores", "ci_low", "ci_high"],
                         dtype=object)
    return csv_table(table.assign(signature=report.signature) if report.signature else table)
