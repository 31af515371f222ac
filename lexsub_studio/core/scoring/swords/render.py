"""The SWORDS measures as text: table, json, csv, latex or markdown (the formats of every
``lexsub score`` report), and the per-target rows as CSV.

Values are fractions; the text formats write them by the number policy (3 decimals, undefined
as "undefined" in the table, a dash in Markdown and LaTeX), JSON and CSV keep full precision.
"""

from __future__ import annotations

from typing import Any

from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.signature import LABEL, signature_line, swords_signature
from lexsub_studio.core.present.tables import (
    RowTable,
    csv_table,
    latex_table,
    markdown_table,
    text_lines,
)
from lexsub_studio.core.present.text import json_text
from lexsub_studio.core.scoring.swords.measures import (
    REFERENCES,
    REPORT_FORMAT_ID,
    SETTINGS,
    SwordsScores,
)

FORMATS = ("table", "json", "csv", "latex", "markdown")
_SUM_FORMATS = {"numerator": numbers.amount, "denominator": numbers.amount}

#: The counts the table's notes explain, with the sentence for each (shown when not zero).
_NOTES = {
    "targets_without_candidates": "benchmark targets with no judged substitute, not scored",
    "substitutes_same_as_target": "benchmark substitutes equal to their target, left out",
    "substitutes_merged": "benchmark substitutes equal to another once compared (lower case, "
                          "lemmatised with --lemmatise), their labels pooled",
    "substitutes_lemmatised": "benchmark substitutes changed by lemmatising",
    "substitutes_without_judgement": "benchmark substitutes with no label but UNSURE, left out",
    "result_targets_not_in_benchmark": "result targets not in the benchmark, ignored",
    "system_same_as_target": "system substitutes equal to their target, dropped",
    "system_repeated": "system substitutes given twice for a target (or two forms of one "
                       "lemma, with --lemmatise), counted once at the highest score",
    "system_lemmatised": "system substitutes changed by lemmatising",
    "targets_without_positive_score": "targets with no substitute scored above 0, "
                                      "left out of GAP",
}


def _header(scores: SwordsScores, system: str, benchmark: str) -> str:
    counts = scores.counts
    return (f"SWORDS measures of {system} against {benchmark} ({counts['targets_scored']} "
            f"targets scored, {counts['targets_answered']} answered"
            f"{'; both sides lemmatised' if scores.lemmatised else ''})")


def _grid(scores: SwordsScores) -> RowTable:
    rows = [[figure.label, figure.value, figure.numerator, figure.denominator]
            for figure in scores.figures.values()]
    return RowTable(["measure", "value", "numerator", "denominator"], rows)


def _notes(scores: SwordsScores) -> list[str]:
    return [f"{scores.counts[key]} {text}" for key, text in _NOTES.items()
            if scores.counts.get(key)]


def swords_document(scores: SwordsScores, system: str, benchmark: str) -> dict[str, Any]:
    """The JSON document; docs/metrics.md lists its keys."""
    return {
        "format": REPORT_FORMAT_ID,
        "system": system,
        "benchmark": benchmark,
        "lemmatised": scores.lemmatised,
        "counts": dict(scores.counts),
        "figures": {key: {"label": f.label, "value": f.value, "numerator": f.numerator,
                          "denominator": f.denominator, "numerator_label": f.numerator_label,
                          "denominator_label": f.denominator_label}
                    for key, f in scores.figures.items()},
        "diagnostics": [{"severity": d.severity.value, "code": d.code, "message": d.message,
                         "path": d.path, "line": d.line, "column": d.column}
                        for d in scores.diagnostics],
        "signature": swords_signature(lemmatised=scores.lemmatised),
    }


def render_swords(scores: SwordsScores, fmt: str, system: str, benchmark: str) -> str:
    """The report in one of FORMATS."""
    title = _header(scores, system, benchmark)
    signature = swords_signature(lemmatised=scores.lemmatised)
    if fmt == "json":
        return json_text(swords_document(scores, system, benchmark))
    grid = _grid(scores)
    if fmt == "csv":
        rows = [[key, f.label, f.value, f.numerator, f.denominator, signature]
                for key, f in scores.figures.items()]
        return csv_table(RowTable(["measure", "label", "value", "numerator", "denominator",
                                   LABEL], rows))
    if fmt == "markdown":
        text = markdown_table(grid, title=title, align="lrrr", formats=_SUM_FORMATS)
        notes = _notes(scores)
        text += "\n" + "".join(f"- {note}\n" for note in notes) if notes else ""
        return text + "\n" + signature_line(f"`{signature}`")
    if fmt == "latex":
        return (latex_table(grid, title=title, align="lrrr", formats=_SUM_FORMATS)
                + signature_line(signature, prefix="% "))
    if fmt == "table":
        parts = [title, "", *text_lines(grid, align="lrrr", formats=_SUM_FORMATS)]
        notes = _notes(scores)
        if notes:
            parts += ["", "Notes:", *(f"  {note}" for note in notes)]
        parts += ["", signature_line(signature).rstrip("\n")]
        return "\n".join(parts) + "\n"
    raise ValueError(f"unknown format '{fmt}'; expected one of {', '.join(FORMATS)}")


def swords_items_csv(scores: SwordsScores) -> str:
    """One row per scored target: its system list and, per setting and reference set, hits,
    given and needed in the top 10, then its GAP and the run's signature."""
    columns = ["target_id", "target", "system"]
    for setting in SETTINGS:
        for name in REFERENCES:
            columns += [f"{setting}_{name}_{part}" for part in ("hits", "given", "needed")]
    columns.append("gap")
    signature = swords_signature(lemmatised=scores.lemmatised)
    rows: list[list[Any]] = []
    for row in scores.rows:
        values: list[Any] = [row.target_id, row.target, ";".join(row.system)]
        for setting in SETTINGS:
            for name in REFERENCES:
                cell = row.cells[(setting, name)]
                values += [cell.hits, cell.given, cell.needed]
        values += [row.gap, signature]
        rows.append(values)
    return csv_table(RowTable([*columns, LABEL], rows))
