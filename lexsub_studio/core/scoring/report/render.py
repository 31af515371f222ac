"""A ScoreReport as text: table, json, csv, latex or markdown.

JSON keys are stable (docs/metrics.md lists them). CSV is long (one row per group and measure),
the other formats are wide: with ``by="pos"`` measures are rows and PoS groups columns (as in
Table 1 of Jabbari et al. 2010); with ``by="lexelt"`` each lexelt is a row and measures columns.
Values are fractions; text formats write them by the number policy (core/present/numbers.py:
3 decimals; undefined as "undefined" in the table, a dash in Markdown and LaTeX), JSON and CSV
keep full precision. The tables themselves are laid out by core/present/tables.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.signature import signature_line
from lexsub_studio.core.present.tables import (
    RowTable,
    csv_table,
    latex_table,
    markdown_table,
    text_lines,
)
from lexsub_studio.core.present.text import json_text, latex_escape, markdown_escape
from lexsub_studio.core.scoring.clean.scorer import readable_tally_line
from lexsub_studio.core.scoring.explain.differences import Difference
from lexsub_studio.core.scoring.report.score_report import Figure, ScoreReport

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.report.system_warnings import SystemWarning

Warnings = Sequence["SystemWarning"] | None

FORMATS = ("table", "json", "csv", "latex", "markdown")
REPORT_FORMAT_ID = "lexsub-score-report 1"


#: The numerator and denominator columns of the table without groups.
_SUM_FORMATS = {"numerator": numbers.amount, "denominator": numbers.amount}


def _figure_dict(figure: Figure) -> dict[str, Any]:
    return {
        "label": figure.label,
        "value": figure.value,
        "numerator": figure.numerator,
        "denominator": figure.denominator,
        "numerator_label": figure.numerator_label,
        "denominator_label": figure.denominator_label,
    }


def _difference_dict(difference: Difference) -> dict[str, Any]:
    return {
        "lexelt": difference.lexelt,
        "id": difference.id,
        "reasons": list(difference.reasons),
        "official_credit": difference.official_credit,
        "clean_credit": difference.clean_credit,
        "official_score": difference.official_score,
        "clean_score": difference.clean_score,
        "official_attempted": difference.official_attempted,
        "clean_attempted": difference.clean_attempted,
        "official_mode_hit": difference.official_mode_hit,
        "clean_mode_hit": difference.clean_mode_hit,
        "official_mode_attempted": difference.official_mode_attempted,
        "clean_mode_attempted": difference.clean_mode_attempted,
        "text": str(difference),
    }


def report_to_dict(report: ScoreReport, by: str | None = None,
                   differences: Sequence[Difference] | None = None) -> dict[str, Any]:
    """The JSON document: every key here is documented in docs/metrics.md."""
    options = report.options
    document: dict[str, Any] = {
        "format": REPORT_FORMAT_ID,
        "scoring": "clean",
        "system": report.system_name,
        "gold": report.gold_name,
        "kind": options.kind,
        "options": {
            "metrics": list(options.active_families),
            "kept_defects": sorted(options.kept_defects),
            "penalty": options.penalty,
        },
        "counts": dict(report.counts),
        "ignored": list(report.ignored),
        "figures": {key: _figure_dict(figure) for key, figure in report.figures.items()},
    }
    if by is not None:
        document["groups"] = {by: {
            group: {key: _figure_dict(figure) for key, figure in figures.items()}
            for group, figures in report.group_figures(by).items()
        }}
    if differences is not None:
        document["differences"] = [_difference_dict(d) for d in differences]
    document["diagnostics"] = [
        {"severity": d.severity.value, "code": d.code, "message": d.message, "path": d.path,
         "line": d.line, "column": d.column}
        for d in report.diagnostics
    ]
    document["signature"] = report.signature
    return document


def _warning_lines(warnings: Sequence[SystemWarning]) -> list[str]:
    """Each warning in a sentence, its examples (line numbers) indented under it."""
    lines: list[str] = []
    for warning in warnings:
        lines.append(warning.describe())
        lines += [f"  {example}" for example in warning.examples]
    return lines or ["none"]


def _header(report: ScoreReport) -> str:
    counts = report.counts
    if report.options.kind == "mw":
        detail = (f"{counts.get('items_in_mw', 0)} items with a gold multiword, "
                  f"{counts.get('found', 0)} marked by the system")
    else:
        detail = (f"{counts.get('items_in_t', 0)} items in T, "
                  f"{counts.get('items_with_mode', 0)} with a mode, "
                  f"{counts.get('attempted', 0)} attempted")
    kept = sorted(report.options.kept_defects)
    defects = f"; defects kept: {', '.join(kept)}" if kept else ""
    return (f"Clean scoring of {report.system_name} against {report.gold_name} "
            f"({report.options.kind}; {detail}{defects})")


def _grid(report: ScoreReport, by: str | None) -> RowTable:
    """The wide table, its figures as numbers (None where undefined)."""
    if by is None:
        rows: list[list[Any]] = [[f.label, f.value, f.numerator, f.denominator]
                                 for f in report.figures.values()]
        header = ["measure", "value", "numerator", "denominator"]
    elif by == "pos":
        groups = report.group_figures(by)
        header = ["measure", "all", *groups]
        rows = [[figure.label, figure.value, *(groups[g][key].value for g in groups)]
                for key, figure in report.figures.items()]
    else:
        groups = report.group_figures(by)
        header = ["lexelt", *(f.label for f in report.figures.values())]
        rows = [["all", *(f.value for f in report.figures.values())]]
        rows += [[group, *(figures[key].value for key in report.figures)]
                 for group, figures in groups.items()]
    return RowTable(header, rows)


def _align(grid: RowTable) -> str:
    return "l" + "r" * (len(grid.columns) - 1)


def _formats(by: str | None) -> dict[str, Any]:
    return _SUM_FORMATS if by is None else {}


def _table(report: ScoreReport, by: str | None, differences: Sequence[Difference] | None,
           item_lines: Sequence[str], warnings: Warnings = None) -> str:
    grid = _grid(report, by)
    parts = [_header(report), "",
             "\n".join(text_lines(grid, align=_align(grid), formats=_formats(by)))]
    if report.ignored:
        parts += ["", "Not scored:",
                  *(f"  {readable_tally_line(line)}" for line in report.ignored)]
    if item_lines:
        parts += ["", "Items:", *(f"  {line}" for line in item_lines)]
    if differences is not None:
        parts += ["", f"Items where the official scorer differs: {len(differences)}"]
        parts += [f"  {difference}" for difference in differences]
    if warnings is not None:
        parts += ["", "Warnings:", *(f"  {line}" for line in _warning_lines(warnings))]
    parts += ["", signature_line(report.signature).rstrip("\n")]
    return "\n".join(parts) + "\n"


def _markdown(report: ScoreReport, by: str | None,
              differences: Sequence[Difference] | None, warnings: Warnings = None) -> str:
    grid = _grid(report, by)
    lines = [markdown_table(grid, title=_header(report), align=_align(grid),
                            formats=_formats(by)).rstrip("\n")]
    if differences is not None:
        lines += ["", f"Items where the official scorer differs: {len(differences)}", ""]
        lines += ["- " + markdown_escape(str(d)) for d in differences]
    if warnings is not None:
        lines += ["", "Warnings:", ""]
        lines += [markdown_escape("  - " + line[2:] if line.startswith("  ") else "- " + line)
                  for line in _warning_lines(warnings)]
    lines += ["", signature_line(f"`{report.signature}`").rstrip("\n")]
    return "\n".join(lines) + "\n"


def _latex(report: ScoreReport, by: str | None,
           differences: Sequence[Difference] | None, warnings: Warnings = None) -> str:
    grid = _grid(report, by)
    lines = [latex_table(grid, title=_header(report), align=_align(grid),
                         formats=_formats(by)).rstrip("\n")]
    if differences:
        lines += [r"\begin{itemize}"]
        lines += [r"\item " + latex_escape(str(d)) for d in differences]
        lines += [r"\end{itemize}"]
    if warnings:
        lines += [r"\begin{itemize}"]
        lines += [r"\item " + latex_escape(line.strip()) for line in _warning_lines(warnings)]
        lines += [r"\end{itemize}"]
    lines.append(signature_line(report.signature, prefix="% ").rstrip("\n"))
    return "\n".join(lines) + "\n"


def _csv(report: ScoreReport, by: str | None,
         differences: Sequence[Difference] | None, warnings: Warnings = None) -> str:
    """Sections of CSV (figures, then differences, then warnings), a blank line between; the
    figures' rows end with the run's signature (the same on each: its own column)."""
    def figure_rows(group_by: str, group: str, figures: dict[str, Figure]) -> list[list[Any]]:
        return [[group_by, group, key, f.label, f.value, f.numerator, f.denominator,
                 report.signature] for key, f in figures.items()]

    rows = figure_rows("all", "all", report.figures)
    if by is not None:
        for group, figures in report.group_figures(by).items():
            rows += figure_rows(by, group, figures)
    sections = [_section(["group_by", "group", "measure", "label", "value", "numerator",
                          "denominator", "signature"], rows)]
    if differences is not None:
        sections.append(_section(
            ["lexelt", "id", "official_score", "clean_score", "reasons"],
            [[d.lexelt, d.id, d.official_score, d.clean_score, "; ".join(d.reasons)]
             for d in differences]))
    if warnings is not None:
        sections.append(_section(
            ["warning", "count", "unit", "measure", "effect", "examples"],
            [[w.code, w.count, w.unit, w.measure or "", w.effect, "; ".join(w.examples)]
             for w in warnings]))
    return "\n".join(sections)


def _section(header: list[str], rows: list[list[Any]]) -> str:
    return csv_table(RowTable(header, rows))


def render(report: ScoreReport, fmt: str = "table", by: str | None = None,
           differences: Sequence[Difference] | None = None,
           item_lines: Sequence[str] = (), warnings: Warnings = None) -> str:
    """The report in one of FORMATS. ``item_lines`` (per-item explanations) go in tables only;
    ``warnings`` (core/scoring/report/system_warnings.py), when given, in every format."""
    if fmt == "json":
        document = report_to_dict(report, by, differences)
        if warnings is not None:
            from lexsub_studio.core.scoring.report.system_warnings import warning_rows

            document["warnings"] = warning_rows(warnings)
        return json_text(document)
    if fmt == "csv":
        return _csv(report, by, differences, warnings)
    if fmt == "markdown":
        return _markdown(report, by, differences, warnings)
    if fmt == "latex":
        return _latex(report, by, differences, warnings)
    if fmt == "table":
        return _table(report, by, differences, item_lines, warnings)
    raise ValueError(f"unknown format '{fmt}'; expected one of {', '.join(FORMATS)}")


def items_csv(report: ScoreReport) -> str:
    """The per-item rows as CSV; answer and weight lists are joined with ';'; the run's
    signature is the last column, the same on every row."""
    frame = report.items.copy()
    for column in frame.columns:
        if frame[column].dtype == object and len(frame) and isinstance(
                frame[column].iloc[0], tuple):
            frame[column] = frame[column].map(lambda values: ";".join(map(str, values)))
    frame["signature"] = report.signature
    return frame.to_csv(index=False, lineterminator="\n")
