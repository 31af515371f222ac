"""The tables of the Judgements tab, prepared off the GUI thread from one judgements analysis
(as views.py prepares the free-production tables): the figures with their intervals, per
annotator, per pair and the gold the acceptable votes make."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pandas as pd
from PySide6.QtCore import QT_TRANSLATE_NOOP

from lexsub_studio.core.agreement.judgements import (
    FIGURES,
    annotator_interval,
    pair_interval,
)
from lexsub_studio.core.agreement.terms import judgement_label
from lexsub_studio.core.gold.judgement_analysis import JudgementAnalysis
from lexsub_studio.core.model.judgements import LABELS
from lexsub_studio.gui.gold.views import TableData, entries_text, table_data

JUDGEMENT_FIGURE_COLUMNS = [("figure", QT_TRANSLATE_NOOP("GoldColumns", "Figure")),
                            ("value", QT_TRANSLATE_NOOP("GoldColumns", "Value")),
                            ("low", QT_TRANSLATE_NOOP("GoldColumns", "Interval low")),
                            ("high", QT_TRANSLATE_NOOP("GoldColumns", "Interval high"))]
JUDGEMENT_ANNOTATOR_COLUMNS = [
    ("annotator", QT_TRANSLATE_NOOP("GoldColumns", "Annotator")),
    ("judgements", QT_TRANSLATE_NOOP("GoldColumns", "Judgements")),
    ("acceptable", QT_TRANSLATE_NOOP("GoldColumns", "Acceptable")),
    ("not-acceptable", QT_TRANSLATE_NOOP("GoldColumns", "Not acceptable")),
    ("unsure", QT_TRANSLATE_NOOP("GoldColumns", "Unsure")),
    ("pairs", QT_TRANSLATE_NOOP("GoldColumns", "Pairs")),
    ("pairwise_agreement", QT_TRANSLATE_NOOP("GoldColumns", "Pairwise agreement")),
    ("low", QT_TRANSLATE_NOOP("GoldColumns", "Interval low")),
    ("high", QT_TRANSLATE_NOOP("GoldColumns", "Interval high"))]
JUDGEMENT_PAIR_COLUMNS = [("pair", QT_TRANSLATE_NOOP("GoldColumns", "Pair")),
                          ("units", QT_TRANSLATE_NOOP("GoldColumns", "Candidates")),
                          ("agreement", QT_TRANSLATE_NOOP("GoldColumns", "Agreement")),
                          ("low", QT_TRANSLATE_NOOP("GoldColumns", "Interval low")),
                          ("high", QT_TRANSLATE_NOOP("GoldColumns", "Interval high"))]
JUDGEMENT_GOLD_COLUMNS = [("lexelt", QT_TRANSLATE_NOOP("GoldColumns", "Target")),
                          ("id", QT_TRANSLATE_NOOP("GoldColumns", "Id")),
                          ("entries", QT_TRANSLATE_NOOP("GoldColumns",
                                                        "Substitutes (acceptable votes)"))]


@dataclass(slots=True)
class JudgementViews:
    figures: TableData
    annotators: TableData
    pairs: TableData
    gold: TableData


def _frame(rows: Sequence[Mapping[str, object]], columns: list[tuple[str, str]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["key", *(name for name, _ in columns)]).astype(object)


def _names(columns: list[tuple[str, str]]) -> list[str]:
    return [name for name, _ in columns]


def prepare_judgement_views(analysis: JudgementAnalysis) -> JudgementViews:
    report = analysis.report
    figures = []
    for name in FIGURES:
        interval = report.intervals.get(name)
        figures.append({"key": name, "figure": judgement_label(name),
                        "value": report.figures[name],
                        "low": interval.low if interval else None,
                        "high": interval.high if interval else None})
    annotators = []
    for row in report.per_annotator:
        interval = annotator_interval(report, str(row["annotator"]))
        annotators.append({"key": row["annotator"], **{label: row[label] for label in LABELS},
                           "annotator": row["annotator"], "judgements": row["judgements"],
                           "pairs": row["pairs"], "pairwise_agreement": row["pairwise_agreement"],
                           "low": interval.low if interval else None,
                           "high": interval.high if interval else None})
    pairs = []
    for row in report.per_pair:
        interval = pair_interval(report, str(row["first"]), str(row["second"]))
        pairs.append({"key": (row["first"], row["second"]),
                      "pair": f"{row['first']} / {row['second']}", "units": row["units"],
                      "agreement": row["agreement"],
                      "low": interval.low if interval else None,
                      "high": interval.high if interval else None})
    gold = [{"key": (item.lexelt, item.id), "lexelt": item.lexelt, "id": item.id,
             "entries": entries_text(item.entries)} for item in analysis.pooled.gold]
    return JudgementViews(
        table_data(_frame(figures, JUDGEMENT_FIGURE_COLUMNS), _names(JUDGEMENT_FIGURE_COLUMNS),
                   "key"),
        table_data(_frame(annotators, JUDGEMENT_ANNOTATOR_COLUMNS),
                   _names(JUDGEMENT_ANNOTATOR_COLUMNS), "key"),
        table_data(_frame(pairs, JUDGEMENT_PAIR_COLUMNS), _names(JUDGEMENT_PAIR_COLUMNS), "key"),
        table_data(_frame(gold, JUDGEMENT_GOLD_COLUMNS), _names(JUDGEMENT_GOLD_COLUMNS), "key"))
