"""A ScoreReport as text: table, json, csv, latex or markdown.

JSON keys are stable (docs/metrics.md lists them). CSV is long (one row per group and measure),
the other formats are wide: with ``by="pos"`` measures are rows and PoS groups columns (as in
Table 1 of Jabbari et al. 2010); with ``by="lexelt"`` each lexelt is a row and measures columns.
Values are fractions; text formats round them to 3 decimals, JSON and CSV keep full precision.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lexsub_studio.core.scoring.clean.scorer import readable_tally_line
from lexsub_studio.core.scoring.explain import Difference
from lexsub_studio.core.scoring.report import Figure, ScoreReport

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.system_warnings import SystemWarning

Warnings = Sequence["SystemWarning"] | None

FORMATS = ("table", "json", "csv", "latex", "markdown")
REPORT_FORMAT_ID = "lexsub-score-report 1"


def _value(value: float | None) -> str:
    return "undefined" if value is None else f"{value:.3f}"


def _plain(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.3f}"


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


def _grid(report: ScoreReport, by: str | None) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the wide table."""
    if by is None:
        header = ["measure", "value", "numerator", "denominator"]
        rows = [[f.label, _value(f.value), _plain(f.numerator), _plain(f.denominator)]
                for f in report.figures.values()]
        return header, rows
    groups = report.group_figures(by)
    if by == "pos":
        header = ["measure", "all", *groups]
        rows = [[figure.label, _value(figure.value),
                 *(_value(groups[g][key].value) for g in groups)]
                for key, figure in report.figures.items()]
        return header, rows
    header = ["lexelt", *(f.label for f in report.figures.values())]
    rows = [["all", *(_value(f.value) for f in report.figures.values())]]
    rows += [[group, *(_value(figures[key].value) for key in report.figures)]
             for group, figures in groups.items()]
    return header, rows


def _aligned(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [row[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in
                                             zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _table(report: ScoreReport, by: str | None, differences: Sequence[Difference] | None,
           item_lines: Sequence[str], warnings: Warnings = None) -> str:
    parts = [_header(report), "", _aligned(*_grid(report, by))]
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
    return "\n".join(parts) + "\n"


def _markdown(report: ScoreReport, by: str | None,
              differences: Sequence[Difference] | None, warnings: Warnings = None) -> str:
    header, rows = _grid(report, by)
    lines = [f"**{_header(report)}**", "", "| " + " | ".join(header) + " |",
             "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    if differences is not None:
        lines += ["", f"Items where the official scorer differs: {len(differences)}", ""]
        lines += ["- " + str(d).replace("|", "\\|") for d in differences]
    if warnings is not None:
        lines += ["", "Warnings:", ""]
        lines += [("  - " + line[2:] if line.startswith("  ") else "- " + line).replace(
            "|", "\\|") for line in _warning_lines(warnings)]
    return "\n".join(lines) + "\n"


_LATEX_SPECIAL = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
                  "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
                  "\\": r"\textbackslash{}"}


def latex_escape(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(char, char) for char in text)


def _latex(report: ScoreReport, by: str | None,
           differences: Sequence[Difference] | None, warnings: Warnings = None) -> str:
    header, rows = _grid(report, by)
    lines = [f"% {latex_escape(_header(report))}",
             r"\begin{tabular}{l" + "r" * (len(header) - 1) + "}", r"\hline",
             " & ".join(latex_escape(cell) for cell in header) + r" \\", r"\hline"]
    lines += [" & ".join(latex_escape(cell) for cell in row) + r" \\" for row in rows]
    lines += [r"\hline", r"\end{tabular}"]
    if differences:
        lines += [r"\begin{itemize}"]
        lines += [r"\item " + latex_escape(str(d)) for d in differences]
        lines += [r"\end{itemize}"]
    if warnings:
        lines += [r"\begin{itemize}"]
        lines += [r"\item " + latex_escape(line.strip()) for line in _warning_lines(warnings)]
        lines += [r"\end{itemize}"]
    return "\n".join(lines) + "\n"


def _csv(report: ScoreReport, by: str | None,
         differences: Sequence[Difference] | None, warnings: Warnings = None) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["group_by", "group", "measure", "label", "value", "numerator",
                     "denominator"])

    def write(group_by: str, group: str, figures: dict[str, Figure]) -> None:
        for key, f in figures.items():
            writer.writerow([group_by, group, key, f.label,
                             "" if f.value is None else repr(f.value),
                             repr(f.numerator), repr(f.denominator)])

    write("all", "all", report.figures)
    if by is not None:
        for group, figures in report.group_figures(by).items():
            write(by, group, figures)
    if differences is not None:
        writer.writerow([])
        writer.writerow(["lexelt", "id", "official_score", "clean_score", "reasons"])
        for d in differences:
            writer.writerow([d.lexelt, d.id, "" if d.official_score is None else
                             repr(d.official_score), "" if d.clean_score is None else
                             repr(d.clean_score), "; ".join(d.reasons)])
    if warnings is not None:
        writer.writerow([])
        writer.writerow(["warning", "count", "unit", "measure", "effect", "examples"])
        for w in warnings:
            writer.writerow([w.code, w.count, w.unit, w.measure or "",
                             "" if w.effect is None else repr(w.effect), "; ".join(w.examples)])
    return buffer.getvalue()


def render(report: ScoreReport, fmt: str = "table", by: str | None = None,
           differences: Sequence[Difference] | None = None,
           item_lines: Sequence[str] = (), warnings: Warnings = None) -> str:
    """The report in one of FORMATS. ``item_lines`` (per-item explanations) go in tables only;
    ``warnings`` (core/scoring/system_warnings.py), when given, in every format."""
    if fmt == "json":
        document = report_to_dict(report, by, differences)
        if warnings is not None:
            from lexsub_studio.core.scoring.system_warnings import warning_rows

            document["warnings"] = warning_rows(warnings)
        return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
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
    """The per-item rows as CSV; answer and weight lists are joined with ';'."""
    frame = report.items.copy()
    for column in frame.columns:
        if frame[column].dtype == object and len(frame) and isinstance(
                frame[column].iloc[0], tuple):
            frame[column] = frame[column].map(lambda values: ";".join(map(str, values)))
    return frame.to_csv(index=False, lineterminator="\n")
