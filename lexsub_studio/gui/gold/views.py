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

#: The headers below, marked for translation (context "GoldColumns"): the panels translate
#: them where a model is built (``tables.translated_columns``).
_HEADERS = (QT_TRANSLATE_NOOP("GoldColumns", "Figure"), QT_TRANSLATE_NOOP("GoldColumns", "Value"),
            QT_TRANSLATE_NOOP("GoldColumns", "Scores"),
            QT_TRANSLATE_NOOP("GoldColumns", "Interval low"),
            QT_TRANSLATE_NOOP("GoldColumns", "Interval high"),
            QT_TRANSLATE_NOOP("GoldColumns", "Items"), QT_TRANSLATE_NOOP("GoldColumns", "In T"),
            QT_TRANSLATE_NOOP("GoldColumns", "Pairwise"), QT_TRANSLATE_NOOP("GoldColumns", "Mode"),
            QT_TRANSLATE_NOOP("GoldColumns", "Mode (leave one out)"),
            QT_TRANSLATE_NOOP("GoldColumns", "MW identification"),
            QT_TRANSLATE_NOOP("GoldColumns", "MW string"),
            QT_TRANSLATE_NOOP("GoldColumns", "Target"), QT_TRANSLATE_NOOP("GoldColumns", "Id"),
            QT_TRANSLATE_NOOP("GoldColumns", "Mode agr."), QT_TRANSLATE_NOOP("GoldColumns", "PoS"),
            QT_TRANSLATE_NOOP("GoldColumns", "Answered"),
            QT_TRANSLATE_NOOP("GoldColumns", "Substitutes"),
            QT_TRANSLATE_NOOP("GoldColumns", "Multiwords"),
            QT_TRANSLATE_NOOP("GoldColumns", "Annotator"),
            QT_TRANSLATE_NOOP("GoldColumns", "Substitutes (normalised)"),
            QT_TRANSLATE_NOOP("GoldColumns", "Multiword"),
            QT_TRANSLATE_NOOP("GoldColumns", "Flags"), QT_TRANSLATE_NOOP("GoldColumns", "Comment"),
            QT_TRANSLATE_NOOP("GoldColumns", "Missing"), QT_TRANSLATE_NOOP("GoldColumns", "NIL"),
            QT_TRANSLATE_NOOP("GoldColumns", "Proper name"),
            QT_TRANSLATE_NOOP("GoldColumns", "Gold entries"),
            QT_TRANSLATE_NOOP("GoldColumns", "Changed"))

FIGURE_COLUMNS = [("figure", "Figure"), ("value", "Value"), ("scores", "Scores"),
                  ("low", "Interval low"), ("high", "Interval high")]
GROUP_FIGURES = [("items", "Items"), ("items_in_T", "In T"),
                 ("pairwise_agreement", "Pairwise"), ("mode_agreement", "Mode"),
                 ("mode_agreement_loo", "Mode (leave one out)"),
                 ("mw_identification_agreement", "MW identification"),
                 ("mw_string_agreement", "MW string")]
ITEM_COLUMNS = [("lexelt", "Target"), ("id", "Id"), ("pairwise_agreement", "Pairwise"),
                ("mode_agreement", "Mode agr."), ("mode", "Mode"), ("pos", "PoS"),
                ("answered", "Answered"), ("substitutes", "Substitutes"),
                ("marked_mw", "Multiwords")]
ANSWER_COLUMNS = [("annotator", "Annotator"), ("substitutes", "Substitutes (normalised)"),
                  ("multiword", "Multiword"), ("note", "Flags"), ("comment", "Comment")]
#: Each annotator against the others (``lexsub agree --by annotator``).
ANNOTATOR_COLUMNS = [("annotator", "Annotator"), ("answered", "Answered"),
                     ("missing", "Missing"), ("nil", "NIL"), ("proper_name", "Proper name"),
                     ("multiword", "Multiword"), ("pairwise_agreement", "Pairwise"),
                     ("mode_agreement", "Mode"), ("mode_agreement_loo", "Mode (leave one out)"),
                     ("mw_identification_agreement", "MW identification")]
GOLD_COLUMNS = [("lexelt", "Target"), ("id", "Id"), ("entries", "Gold entries"),
                ("changed", "Changed")]

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
