"""The tables the workspace shows, prepared off the GUI thread (no Qt here).

Building a 100,000-row table takes longer than the GUI thread may block, so the background job
prepares every table right after the computation and the workspace only hands them to models.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from PySide6.QtCore import QT_TRANSLATE_NOOP

from lexsub_studio.core.agreement.report import FIGURES, AgreementReport
from lexsub_studio.core.agreement.terms import label
from lexsub_studio.core.gold.analysis import Analysis
from lexsub_studio.core.model.data import GoldItem

#: (column, header) pairs. The headers are marked for translation (context "GoldColumns") and
#: translated where a model is built (``tables.translated_columns``).
FIGURE_COLUMNS = [
    ("figure", QT_TRANSLATE_NOOP("GoldColumns", "Figure")),
    ("value", QT_TRANSLATE_NOOP("GoldColumns", "Value")),
    ("scores", QT_TRANSLATE_NOOP("GoldColumns", "Scores")),
    ("low", QT_TRANSLATE_NOOP("GoldColumns", "Interval low")),
    ("high", QT_TRANSLATE_NOOP("GoldColumns", "Interval high")),
]
GROUP_FIGURES = [
    ("items", QT_TRANSLATE_NOOP("GoldColumns", "Items")),
    ("items_in_T", QT_TRANSLATE_NOOP("GoldColumns", "In T")),
    ("pairwise_agreement", QT_TRANSLATE_NOOP("GoldColumns", "Pairwise")),
    ("mode_agreement", QT_TRANSLATE_NOOP("GoldColumns", "Mode")),
    ("mode_agreement_loo", QT_TRANSLATE_NOOP("GoldColumns", "Mode (leave one out)")),
    ("mw_identification_agreement", QT_TRANSLATE_NOOP("GoldColumns", "MW identification")),
    ("mw_string_agreement", QT_TRANSLATE_NOOP("GoldColumns", "MW string")),
]
ITEM_COLUMNS = [
    ("lexelt", QT_TRANSLATE_NOOP("GoldColumns", "Target")),
    ("id", QT_TRANSLATE_NOOP("GoldColumns", "Id")),
    ("pairwise_agreement", QT_TRANSLATE_NOOP("GoldColumns", "Pairwise")),
    ("mode_agreement", QT_TRANSLATE_NOOP("GoldColumns", "Mode agr.")),
    ("mode", QT_TRANSLATE_NOOP("GoldColumns", "Mode")),
    ("pos", QT_TRANSLATE_NOOP("GoldColumns", "PoS")),
    ("answered", QT_TRANSLATE_NOOP("GoldColumns", "Answered")),
    ("substitutes", QT_TRANSLATE_NOOP("GoldColumns", "Substitutes")),
    ("marked_mw", QT_TRANSLATE_NOOP("GoldColumns", "Multiwords")),
]
ANSWER_COLUMNS = [
    ("annotator", QT_TRANSLATE_NOOP("GoldColumns", "Annotator")),
    ("substitutes", QT_TRANSLATE_NOOP("GoldColumns", "Substitutes (normalised)")),
    ("multiword", QT_TRANSLATE_NOOP("GoldColumns", "Multiword")),
    ("note", QT_TRANSLATE_NOOP("GoldColumns", "Flags")),
    ("comment", QT_TRANSLATE_NOOP("GoldColumns", "Comment")),
]
#: Each annotator against the others (``lexsub agree --by annotator``).
ANNOTATOR_COLUMNS = [
    ("annotator", QT_TRANSLATE_NOOP("GoldColumns", "Annotator")),
    ("answered", QT_TRANSLATE_NOOP("GoldColumns", "Answered")),
    ("missing", QT_TRANSLATE_NOOP("GoldColumns", "Missing")),
    ("nil", QT_TRANSLATE_NOOP("GoldColumns", "NIL")),
    ("proper_name", QT_TRANSLATE_NOOP("GoldColumns", "Proper name")),
    ("multiword", QT_TRANSLATE_NOOP("GoldColumns", "Multiword")),
    ("pairwise_agreement", QT_TRANSLATE_NOOP("GoldColumns", "Pairwise")),
    ("mode_agreement", QT_TRANSLATE_NOOP("GoldColumns", "Mode")),
    ("mode_agreement_loo", QT_TRANSLATE_NOOP("GoldColumns", "Mode (leave one out)")),
    ("mw_identification_agreement", QT_TRANSLATE_NOOP("GoldColumns", "MW identification")),
]
GOLD_COLUMNS = [
    ("lexelt", QT_TRANSLATE_NOOP("GoldColumns", "Target")),
    ("id", QT_TRANSLATE_NOOP("GoldColumns", "Id")),
    ("entries", QT_TRANSLATE_NOOP("GoldColumns", "Gold entries")),
    ("changed", QT_TRANSLATE_NOOP("GoldColumns", "Changed")),
]

Entries = list[tuple[str, int]]


@dataclass(slots=True)
class TableData:
    """A table ready for a FrameModel: the cells by column, each column's sort ranks (NaN
    for an undefined cell), a key per row and whether the row is emphasised."""

    columns: list[list[Any]]
    ranks: list[np.ndarray]
    keys: list[Any]
    emphasis: list[bool]

    def __len__(self) -> int:
        return len(self.keys)


def sort_ranks(series: pd.Series) -> np.ndarray:
    """Dense ranks of a column's values: numbers by value, anything else by its text."""
    defined = series.dropna()
    if defined.empty:
        return np.full(len(series), np.nan)
    if series.dtype.kind in "iufb" or isinstance(defined.iloc[0], int | float):
        keys = pd.to_numeric(series, errors="coerce")
    else:
        keys = series.where(series.isna(), series.astype(str))
    return keys.rank(method="dense", na_option="keep").to_numpy(dtype=float)


def table_data(frame: pd.DataFrame | None, names: Sequence[str], key_column: str | None = None,
               emphasis_column: str | None = None) -> TableData:
    if frame is None or frame.empty:
        return TableData([[] for _ in names], [np.zeros(0) for _ in names], [], [])
    frame = frame.reset_index(drop=True)
    columns = [frame[name].tolist() for name in names]
    ranks = [sort_ranks(frame[name]) for name in names]
    keys = frame[key_column].tolist() if key_column else list(range(len(frame)))
    emphasis = (frame[emphasis_column].astype(bool).tolist() if emphasis_column
                else [False] * len(frame))
    return TableData(columns, ranks, keys, emphasis)


def _names(columns: Sequence[tuple[str, str]]) -> list[str]:
    return [name for name, _ in columns]


@dataclass(slots=True)
class Views:
    figures: TableData
    by_pos: TableData
    by_lexelt: TableData
    by_annotator: TableData
    #: keyed by the pooled item index.
    items: TableData
    #: emphasised: the lines the accepted merges changed.
    gold: TableData
    gold_changed: int


def figures_frame(report: AgreementReport) -> pd.DataFrame:
    rows = []
    for name in FIGURES:
        interval = report.intervals.get(name)
        rows.append({"key": name, "figure": label(name), "value": report.figures[name],
                     "scores": report.support[name],
                     "low": interval.low if interval else None,
                     "high": interval.high if interval else None})
    return pd.DataFrame(rows, columns=["key", *(c for c, _ in FIGURE_COLUMNS)]).astype(object)


def entries_text(entries: Entries) -> str:
    return "; ".join(f"{text} {count}" for text, count in entries)


def gold_frame(gold: list[GoldItem], unmerged: dict[tuple[str, str], Entries] | None,
               ) -> pd.DataFrame:
    """The gold lines; ``changed``: the line differs from the gold without any merge."""
    rows = [{"lexelt": item.lexelt, "id": item.id, "entries": entries_text(item.entries),
             "changed": unmerged is not None and unmerged.get(item.key) != item.entries}
            for item in gold]
    return pd.DataFrame(rows, columns=[c for c, _ in GOLD_COLUMNS])


def prepare_views(analysis: Analysis,
                  unmerged: dict[tuple[str, str], Entries] | None) -> Views:
    """``unmerged`` is the gold without merges known so far; a computation that made new
    proposals brings its own."""
    if analysis.unmerged_gold is not None:
        unmerged = {item.key: item.entries for item in analysis.unmerged_gold}
    report = analysis.report
    gold = gold_frame(analysis.assembly.gold, unmerged)
    return Views(
        figures=table_data(figures_frame(report), _names(FIGURE_COLUMNS), key_column="key"),
        by_pos=table_data(report.grouped("pos"), ["pos", *_names(GROUP_FIGURES)]),
        by_lexelt=table_data(report.grouped("lexelt"), ["lexelt", *_names(GROUP_FIGURES)]),
        by_annotator=table_data(report.per_annotator, _names(ANNOTATOR_COLUMNS)),
        items=table_data(report.per_item.assign(item=range(len(report.per_item))),
                         _names(ITEM_COLUMNS), key_column="item"),
        gold=table_data(gold, _names(GOLD_COLUMNS), emphasis_column="changed"),
        gold_changed=int(gold["changed"].sum()) if len(gold) else 0,
    )
