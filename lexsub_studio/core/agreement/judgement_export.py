"""The agreement of judgements (core/agreement/judgements.py) as a table, JSON, CSV and HTML.

Figures follow the number policy (core/present/numbers.py): 4 decimals in the table and HTML,
full precision in JSON and CSV; an undefined figure is "undefined", null or an empty cell.
"""

from __future__ import annotations

from typing import Any

from lexsub_studio.core.agreement.bootstrap import Interval
from lexsub_studio.core.agreement.judgements import (
    FIGURE_LABELS,
    FIGURES,
    JudgementAgreement,
    annotator_interval,
    pair_interval,
)
from lexsub_studio.core.model.judgements import LABELS
from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.pages import html_list, html_page, html_paragraph, html_section
from lexsub_studio.core.present.signature import (
    agreement_signature,
    signature_csv,
    signature_line,
)
from lexsub_studio.core.present.tables import RowTable, csv_table, html_table, text_lines

_UNSURE_MEANING = {"category": "a category of its own", "missing": "a missing value",
                   "not-acceptable": "not acceptable"}


def _interval_dict(interval: Interval | None) -> dict[str, Any] | None:
    if interval is None:
        return None
    return {"low": interval.low, "high": interval.high, "replicates": interval.replicates}


def judgement_signature(report: JudgementAgreement) -> str:
    """The report's reproducibility signature (present/signature.py), from its own settings."""
    return agreement_signature(case="kept", merges=0, bootstrap=report.bootstrap_replicates,
                               seed=report.bootstrap_seed, confidence=report.confidence,
                               mode="judgements", unsure=report.unsure)


def judgement_report_dict(report: JudgementAgreement) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": "judgements", "unsure": report.unsure,
                            "categories": list(report.categories)}
    data.update({name: report.figures[name] for name in FIGURES})
    data["counts"] = dict(report.counts)
    if report.bootstrap_replicates:
        data["bootstrap"] = {"replicates": report.bootstrap_replicates,
                             "seed": report.bootstrap_seed, "confidence": report.confidence}
        data["intervals"] = {name: _interval_dict(report.intervals.get(name))
                             for name in FIGURES}
    data["annotator_names"] = list(report.annotators)
    data["per_annotator"] = [
        {**row, "interval": _interval_dict(annotator_interval(report, str(row["annotator"])))}
        if report.bootstrap_replicates else dict(row) for row in report.per_annotator]
    data["per_pair"] = [
        {**row, "interval": _interval_dict(pair_interval(report, str(row["first"]),
                                                         str(row["second"])))}
        if report.bootstrap_replicates else dict(row) for row in report.per_pair]
    data["warnings"] = list(report.warnings)
    data["signature"] = judgement_signature(report)
    return data


def _interval_text(interval: Interval | None, output: str) -> str:
    if interval is None or interval.low is None or interval.high is None:
        return ""
    return (f"[{numbers.agreement(interval.low, output)}, "
            f"{numbers.agreement(interval.high, output)}]")


def _tables(report: JudgementAgreement, output: str) -> list[tuple[str, RowTable]]:
    shown = bool(report.bootstrap_replicates)
    level = f"{report.confidence:.0%} interval"
    overall = RowTable(["figure", "value", *([level] if shown else [])],
                       [[FIGURE_LABELS[name], report.figures[name],
                         *([_interval_text(report.intervals.get(name), output)]
                           if shown else [])]
                        for name in FIGURES])
    annotators = RowTable(
        ["annotator", "judgements", *LABELS, "pairs", "pairwise agreement",
         *([level] if shown else [])],
        [[row["annotator"], row["judgements"], *(row[label] for label in LABELS), row["pairs"],
          row["pairwise_agreement"],
          *([_interval_text(annotator_interval(report, str(row["annotator"])), output)]
            if shown else [])]
         for row in report.per_annotator])
    pairs = RowTable(
        ["pair", "candidates", "agreement", *([level] if shown else [])],
        [[f"{row['first']} / {row['second']}", row["units"], row["agreement"],
          *([_interval_text(pair_interval(report, str(row["first"]), str(row["second"])),
                            output)] if shown else [])]
         for row in report.per_pair])
    return [("Agreement", overall), ("Per annotator", annotators), ("Per pair", pairs)]


def _header(report: JudgementAgreement) -> str:
    counts = report.counts
    bootstrap = (f"; {report.bootstrap_replicates} bootstrap replicates over items, seed "
                 f"{report.bootstrap_seed}" if report.bootstrap_replicates else "")
    return (f"Agreement of judgements: {counts['annotators']} annotator(s), {counts['items']} "
            f"item(s), {counts['units']} candidates ({counts['units_with_two_labels']} with two "
            f"labels or more), {counts['labels']} labels; unsure counts as "
            f"{_UNSURE_MEANING[report.unsure]}{bootstrap}")


def judgement_report_table(report: JudgementAgreement) -> str:
    lines = [_header(report)]
    for title, table in _tables(report, "text"):
        lines += ["", f"{title}:", *text_lines(table, decimals=numbers.AGREEMENT_DECIMALS)]
    if report.warnings:
        lines += ["", "Warnings:", *(f"  {warning}" for warning in report.warnings)]
    lines += ["", signature_line(judgement_signature(report)).rstrip("\n")]
    return "\n".join(lines) + "\n"


def judgement_report_csv(report: JudgementAgreement) -> str:
    """Sections of CSV (figures, annotators, pairs, the signature), a blank line between."""
    return "\n".join([*(csv_table(table) for _, table in _tables(report, "csv")),
                      signature_csv(judgement_signature(report))])


def judgement_report_html(report: JudgementAgreement) -> str:
    body = [html_section(title, html_table(table, decimals=numbers.AGREEMENT_DECIMALS))
            for title, table in _tables(report, "html")]
    if report.warnings:
        body.append(html_section("Warnings", html_list(report.warnings)))
    body.append(html_section("Signature", html_paragraph(judgement_signature(report))))
    return html_page(_header(report), body)
