"""The clean scoring API: ``score(system, gold, options) -> ScoreReport``.

A ScoreReport carries one row per scored item (a pandas DataFrame with every measure's per-item
value and the numbers behind it) and the overall figures, each a ratio of two column sums, so that
any figure can be recomputed per group (``--by pos``, ``--by lexelt``) and explained in words
(``explain_figure``, ``explain_item``). The command line prints reports; the GUI shows them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from lexsub_studio.core.model.data import GoldItem, SystemAnswer, WeightedAnswer
from lexsub_studio.core.model.diagnostics import Diagnostic
from lexsub_studio.core.model.item_tables import AnswerTable, GoldTable
from lexsub_studio.core.scoring.clean import columnar, items, multiword
from lexsub_studio.core.scoring.clean import scorer as clean
from lexsub_studio.core.scoring.clean.fixes import check_defect_names
from lexsub_studio.core.scoring.measures import TOP_N
from lexsub_studio.core.scoring.report.types import (
    FIGURE_DEFS,
    FIGURE_DEFS_BY_KEY,
    Figure,
    FigureDef,
    ScoreOptions,
)

if TYPE_CHECKING:
    import pandas as pd


class UndefinedFigureError(ValueError):
    """A figure's denominator is zero and the ``undefined-figures`` defect is kept."""


#: The order of PoS groups, as in Table 1 of Jabbari et al. (2010).
POS_ORDER = ("n", "a", "v", "r")


@dataclass(slots=True)
class ScoreReport:
    """The result of clean scoring: per-item rows, overall figures, and what was left out.

    The per-item rows (``items``, a DataFrame) are built from ``columns`` when first asked for:
    a run that only needs the figures never builds them, nor the columns of texts behind them
    (clean/columnar.py's ``Deferred`` columns)."""

    options: ScoreOptions
    columns: dict[str, Any]
    figures: dict[str, Figure]
    ignored: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    system_name: str = "SYSTEM"
    gold_name: str = "GOLD"
    #: Every system line whose lexelt differs from its gold item's, matched or dropped.
    lexelt_mismatches: list[clean.LexeltMismatch] = field(default_factory=list)
    _row_index: dict[tuple[str, str], int] | None = field(default=None, repr=False)
    _frame: pd.DataFrame | None = field(default=None, repr=False)

    @property
    def items(self) -> pd.DataFrame:
        """One row per scored item: every column of ``columns``, the deferred ones made."""
        if isinstance(self.columns, items.ColumnSums):
            raise ValueError("this report was made for its figures only (score(items=False)): "
                             "it has no per-item rows")
        if self._frame is None:
            self._frame = _frame(self.columns)
            # The frame holds every column now; the arrays it was built from are not kept twice.
            self.columns = {}
        return self._frame

    def has_column(self, name: str) -> bool:
        """Whether the per-item rows have the column ``name`` (without building them)."""
        if self._frame is not None:
            return name in self._frame.columns
        return not isinstance(self.columns, items.ColumnSums) and name in self.columns

    def column(self, name: str) -> Any:
        """One per-item column, read from the rows' DataFrame once it is built, else from
        ``columns`` without building it (nor importing pandas): a numpy array, or a list for a
        column of texts. KeyError when there is no such column."""
        if self._frame is not None:
            return self._frame[name].to_numpy()
        if isinstance(self.columns, items.ColumnSums):
            return self.items  # raises: a report of figures only has no per-item rows
        values = self.columns[name]
        if isinstance(values, columnar.Deferred):
            values = self.columns[name] = values.make()
        return values

    @classmethod
    def of_frame(cls, options: ScoreOptions, frame: pd.DataFrame,
                 figures: dict[str, Figure], **rest: Any) -> ScoreReport:
        """A report whose per-item rows are already a frame."""
        report = cls(options, {}, figures, **rest)
        report._frame = frame
        return report

    @property
    def signature(self) -> str:
        """The reproducibility signature of this clean scoring (present/signature.py)."""
        from lexsub_studio.core.present.signature import score_signature

        return score_signature(kind=self.options.kind, families=self.options.active_families,
                               kept_defects=self.options.kept_defects,
                               penalty=self.options.penalty,
                               strict_lexelt=self.options.strict_lexelt)

    @property
    def figure_defs(self) -> list[FigureDef]:
        return [FIGURE_DEFS_BY_KEY[key] for key in self.figures]

    def undefined(self) -> list[str]:
        return [key for key, figure in self.figures.items() if figure.value is None]

    def group_figures(self, by: str) -> dict[str, dict[str, Figure]]:
        """Every figure recomputed per group: ``by`` is "pos" or "lexelt"."""
        if by not in ("pos", "lexelt"):
            raise ValueError(f"cannot group by '{by}'; expected pos or lexelt")
        # A compacted report lacks a few figures' columns (COMPACTED_AWAY): those are skipped.
        defs = [d for d in self.figure_defs
                if d.numerator in self.items.columns and d.denominator in self.items.columns]
        if self.items.empty:
            return {}
        needed = sorted({d.numerator for d in defs} | {d.denominator for d in defs})
        sums = self.items.groupby(by, sort=False)[needed].sum()
        position = {group: index for index, group in enumerate(sums.index)}
        columns = {name: sums[name].to_numpy(dtype=float).tolist() for name in needed}
        groups = list(position)
        if by == "pos":
            groups.sort(key=lambda g: (POS_ORDER.index(g) if g in POS_ORDER else 99, g))
        else:
            groups.sort()
        return {
            group: {d.key: Figure.from_sums(d, columns[d.numerator][position[group]],
                                            columns[d.denominator][position[group]])
                    for d in defs}
            for group in groups
        }

    def item_row(self, lexelt: str, instance_id: str) -> dict[str, Any]:
        """One item's row as a dict (the index is built on first use, so a GUI asking about
        many items pays the scan once)."""
        if self._row_index is None:
            self._row_index = {}
            if not self.items.empty:
                keys = zip(self.items["lexelt"], self.items["id"], strict=True)
                for position, key in enumerate(keys):
                    self._row_index.setdefault(key, position)
        position = self._row_index.get((lexelt, instance_id))
        if position is None:
            raise KeyError(f"no scored item {lexelt} {instance_id}")
        return self.items.iloc[position].to_dict()  # type: ignore[return-value]  # str columns

    def compacted(self) -> ScoreReport:
        """The same report holding less memory, for keeping many of them (a league table of
        20 systems x 100,000 items): whole-number columns use the smallest integer type that
        holds them, and ``answers`` (each item's whole answer list before any cut) and the
        top-n F columns are dropped; the answer views
        (``best_answers``, ``oot_answers`` ...) that scores and explanations use stay. Figures
        are the same; groups and explanations too, except top-n F, which only the overall
        figures keep."""
        import pandas as pd

        frame = self.items.drop(columns=[name for name in COMPACTED_AWAY
                                         if name in self.items.columns])
        for name in frame.columns:
            column = frame[name]
            if isinstance(column.dtype, np.dtype) and column.dtype.kind == "i" \
                    and column.dtype.itemsize > 1:
                frame[name] = pd.to_numeric(column, downcast="integer")
            elif name in WHOLE_NUMBER_COLUMNS and column.dtype.kind == "f" and bool(
                    np.isfinite(column).all() and (column % 1 == 0).all()):
                frame[name] = pd.to_numeric(column.astype(np.int64), downcast="integer")
        # The columns left are views of the original blocks, which would keep every dropped or
        # narrowed column alive: a deep copy owns only what stays.
        frame = frame.copy(deep=True)
        return ScoreReport.of_frame(
            self.options, frame, self.figures, ignored=list(self.ignored),
            diagnostics=list(self.diagnostics), counts=dict(self.counts),
            system_name=self.system_name, gold_name=self.gold_name,
            lexelt_mismatches=list(self.lexelt_mismatches))

    def explain_figure(self, key: str, by: str | None = None, group: str | None = None) -> str:
        from lexsub_studio.core.scoring.explain.text import explain_figure
        figure = self.figures[key] if by is None else self.group_figures(by)[str(group)][key]
        return explain_figure(figure)

    def explain_item(self, lexelt: str, instance_id: str, measure: str) -> str:
        from lexsub_studio.core.scoring.explain.text import explain_item_row
        return explain_item_row(self.item_row(lexelt, instance_id), measure, self.options)


#: Per-item columns that ScoreReport.compacted drops: nothing that reads a kept report uses
#: them (a report for --verbose output or the items CSV is not compacted).
#: The top-n F columns go too (ten float columns): their overall figures stay in ``figures``,
#: but their per-group figures and item explanations need the full report.
COMPACTED_AWAY = ("answers", *(f"top{n}_f" for n in TOP_N))
#: Float columns that hold sums of gold counts (whole numbers by construction).
WHOLE_NUMBER_COLUMNS = frozenset({
    "human_total", "max_freq", "best_credit", "oot_credit", "coverage_wrong", "best1_numerator",
    "jabbari_best_denominator", "p_at_1_hits", "p_at_3_hits", "r_at_10_hits"})


#: The columns a report's figures and counts are the sums of.
SUMMED_COLUMNS = frozenset({name for definition in FIGURE_DEFS
                            for name in (definition.numerator, definition.denominator)}
                           | {"has_mode", "attempted"})


def _figures(columns: dict[str, Any], rows: int, options: ScoreOptions) -> dict[str, Figure]:
    families = set(options.active_families)
    defs = [d for d in FIGURE_DEFS if d.family in families and d.numerator in columns
            and d.denominator in columns]
    if options.kind == "mw":
        defs = [d for d in defs if d.key.startswith("mw.")]
    figures: dict[str, Figure] = {}
    for definition in defs:
        numerator = _column_sum(columns[definition.numerator]) if rows else 0
        denominator = _column_sum(columns[definition.denominator]) if rows else 0
        figure = Figure.from_sums(definition, numerator, denominator)
        if figure.value is None and "undefined-figures" in options.kept_defects:
            raise UndefinedFigureError(
                f"{definition.label} is undefined: {definition.denominator_label} is 0")
        figures[definition.key] = figure
    return figures


def _column_sum(values: Any) -> Any:
    """A numeric column's sum, as the frame's column would give it (numpy's sum of the same
    array, which pandas' ``Series.sum`` calls)."""
    if isinstance(values, np.ndarray):
        return values.sum()
    if isinstance(values, items.Summed):
        return values.total
    import pandas as pd

    return pd.Series(values, dtype=object).sum()  # a list is an object column in the frame


def _frame(columns: dict[str, Any]) -> pd.DataFrame:
    """The per-item DataFrame. Python lists become object columns, so that a missing value stays
    None (pandas would otherwise infer a string column and turn None into NaN); deferred
    columns are made here."""
    import pandas as pd

    made = {name: values.make() if isinstance(values, columnar.Deferred) else values
            for name, values in columns.items()}
    return pd.DataFrame({
        name: pd.Series(values, dtype=object) if isinstance(values, list) else values
        for name, values in made.items()
    })


#: The kept defects that change how the gold is prepared; the others only change how answers
#: are matched and measured, so a gold prepared without them serves them too.
GOLD_DEFECTS = frozenset({"lexelt-key", "pn-entries", "spelling", "unique-mode"})


class PreparedGoldSet(Sequence[GoldItem]):
    """Gold items prepared once for scoring many systems (a league table): pass it to ``score``
    in place of the gold list. It is reused when the kept defects that concern the gold
    (GOLD_DEFECTS) match, otherwise prepared again. Each preparation (as columns, or item by
    item under the defects scored that way) is made when first needed. Not used for multiword
    scoring, which reads the gold items directly."""

    def __init__(self, gold: Sequence[GoldItem], kept_defects: frozenset[str] = frozenset()):
        check_defect_names(kept_defects)
        self.items: Sequence[GoldItem] = gold if isinstance(gold, GoldTable) else list(gold)
        self.kept_defects = frozenset(kept_defects)
        self._prepared: list[clean.PreparedGold] | None = None
        self._ignored: Counter[str] = Counter()
        self._columnar: columnar.ColumnarGold | None = None
        #: Structures that other code derives from this gold once for every system (for
        #: example the system warnings' gold spellings), by the name of what they are.
        self.memo: dict[str, Any] = {}

    @property
    def prepared(self) -> list[clean.PreparedGold]:
        """The items prepared one by one (scorer.prepare_gold)."""
        if self._prepared is None:
            tally = clean.Tally()
            self._prepared = clean.prepare_gold(self.items, self.kept_defects, tally)
            self._ignored = tally.counts
        return self._prepared

    @property
    def ignored(self) -> Counter[str]:
        """What the item-by-item preparation left out, by reason."""
        self.prepared  # noqa: B018 - made on first use
        return self._ignored

    def columnar(self) -> columnar.ColumnarGold:
        """The items prepared as columns (clean/columnar.py)."""
        if self._columnar is None:
            table = (self.items if isinstance(self.items, GoldTable)
                     else GoldTable.from_items(self.items))
            self._columnar = columnar.prepare_gold(table)
        return self._columnar

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index: Any) -> Any:
        return self.items[index]

    def __iter__(self) -> Iterator[GoldItem]:
        return iter(self.items)

    def serves(self, kept_defects: frozenset[str]) -> bool:
        """Whether this preparation is the one ``kept_defects`` would make."""
        return self.kept_defects & GOLD_DEFECTS == kept_defects & GOLD_DEFECTS

    def restricted(self, keys: Collection[tuple[str, str]]) -> Sequence[GoldItem]:
        """Only the items whose (lexelt, id) is in ``keys``, for rescoring a few items (the
        warnings' effects), prepared under the same kept defects. Its ``ignored`` counts only
        the kept items. Under the kept ``lexelt-key`` defect, where items are told apart by id
        alone, it is the plain list of those gold items (prepared again when scored)."""
        if isinstance(self.items, GoldTable):  # only the items asked for are made
            table = self.items
            items = [table[index] for index, key in enumerate(zip(table.lexelts, table.ids,
                                                                   strict=True)) if key in keys]
        else:
            items = [item for item in self.items if (item.lexelt, item.id) in keys]
        if "lexelt-key" in self.kept_defects:
            return items
        return PreparedGoldSet(items, self.kept_defects)


def score(system: Sequence[SystemAnswer] | Sequence[WeightedAnswer], gold: Sequence[GoldItem],
          options: ScoreOptions | None = None, *, system_name: str = "SYSTEM",
          gold_name: str = "GOLD", items: bool = True) -> ScoreReport:
    """Score system answers against gold items, cleanly. Pure: no file is read.

    ``items=False``: the caller wants the figures and counts only, not the per-item rows
    (nor figures per group); a best or oot file scored as columns then keeps each per-item
    column as its sum as soon as it is made, which bounds a large run's memory by the
    columns of one measure, not of all of them."""
    return _score(system, gold, options or ScoreOptions(), system_name, gold_name, items)


def _score(system: Sequence[SystemAnswer] | Sequence[WeightedAnswer], gold: Sequence[GoldItem],
           options: ScoreOptions, system_name: str, gold_name: str,
           items_wanted: bool = True) -> ScoreReport:
    kept = options.kept_defects
    tally = clean.Tally()
    mismatches: list[clean.LexeltMismatch] = []
    if options.kind == "mw":
        columns = multiword.build_mw_columns(
            gold, system, kept, tally,  # type: ignore[arg-type]
            strict_lexelt=options.strict_lexelt, mismatches=mismatches)
        rows = len(columns["in_mw"])
        counts = {
            "gold_items": len(gold),
            "items_in_mw": int(columns["in_mw"].sum()) if rows else 0,
            "system_lines": len(system),
            "found": int(columns["found"].sum()) if rows else 0,
        }
    else:
        columns, items_in_t, without_answer_line = _item_columns(
            system, gold, options, tally, mismatches, figures_only=not items_wanted)
        rows = items_in_t
        counts = {
            "gold_items": len(gold),
            "items_in_t": items_in_t,
            "items_with_mode": int(_column_sum(columns["has_mode"])) if rows else 0,
            "system_lines": len(system),
            "attempted": int(_column_sum(columns["attempted"])) if rows else 0,
            "items_without_answer_line": without_answer_line,
        }
    return ScoreReport(options=options, columns=columns, figures=_figures(columns, rows, options),
                       ignored=tally.lines(), counts=counts, system_name=system_name,
                       gold_name=gold_name, lexelt_mismatches=mismatches)


def _item_columns(system: Sequence[SystemAnswer] | Sequence[WeightedAnswer],
                  gold: Sequence[GoldItem], options: ScoreOptions, tally: clean.Tally,
                  mismatches: list[clean.LexeltMismatch] | None = None,
                  figures_only: bool = False) -> tuple[dict[str, Any], int, int]:
    """The per-item columns of a best, oot or weighted scoring, before they become a frame;
    the number of items in T, and of those without an answer line."""
    kept = options.kept_defects
    # A table is never weighted (and its first line is not made to find out).
    weighted = (not isinstance(system, AnswerTable) and bool(system)
                and isinstance(system[0], WeightedAnswer))
    if columnar.serves(options.kind, kept) and not weighted:
        prepared_columns = _columnar_gold(gold, kept)
        for reason, count in prepared_columns.ignored:
            tally.add(reason, count)
        lines = system if isinstance(system, AnswerTable) else AnswerTable.from_answers(
            system)  # type: ignore[arg-type]
        columns, without_answer_line = columnar.item_columns(
            options.kind, options.active_families, prepared_columns, lines, kept,
            options.penalty, tally, strict_lexelt=options.strict_lexelt, mismatches=mismatches,
            figures_only=SUMMED_COLUMNS if figures_only else None)
        return columns, len(prepared_columns), without_answer_line
    if isinstance(gold, PreparedGoldSet) and gold.serves(kept):
        prepared = gold.prepared
        tally.counts.update(gold.ignored)
    else:
        prepared = clean.prepare_gold(gold, kept, tally)
    matched = clean.match_answers(prepared, system, kept, tally,
                                  strict_lexelt=options.strict_lexelt, mismatches=mismatches)
    columns = items.build_columns(options.kind, options.active_families, prepared, matched,
                                  kept, options.penalty)
    return columns, len(prepared), sum(1 for m in matched if m is None)


def _columnar_gold(gold: Sequence[GoldItem], kept: frozenset[str]) -> columnar.ColumnarGold:
    """The gold prepared as columns: a PreparedGoldSet keeps it for every system it scores."""
    if isinstance(gold, PreparedGoldSet):
        return gold.columnar()
    table = gold if isinstance(gold, GoldTable) else GoldTable.from_items(gold)
    return columnar.prepare_gold(table)


def column_total(system: Sequence[SystemAnswer] | Sequence[WeightedAnswer],
                 gold: Sequence[GoldItem], options: ScoreOptions, column: str) -> float:
    """The sum over items of one per-item column, as ``score(...).items[column].sum()`` but
    without building the report (what-if rescoring of many items, as the warnings do)."""
    if options.kind == "mw":
        frame = _score(system, gold, options, "SYSTEM", "GOLD").items
        return float(frame[column].sum()) if len(frame) else 0.0
    columns = _item_columns(system, gold, options, clean.Tally())[0]
    values = columns[column]
    return float(sum(values)) if isinstance(values, list) else float(values.sum(dtype=float))


def score_files(system_path: str | Path, gold_path: str | Path,
                options: ScoreOptions | None = None) -> ScoreReport:
    """Read both files with the clean readers, score them, and keep the readers' diagnostics."""
    from lexsub_studio.core.io.formats.gold import read_gold
    from lexsub_studio.core.io.formats.system import read_system
    from lexsub_studio.core.io.formats.weighted import read_weighted

    options = options or ScoreOptions()
    gold_result = read_gold(gold_path, multiword=options.kind == "mw")
    system_result: Any
    if options.kind == "weighted":
        system_result = read_weighted(system_path)
    else:
        system_result = read_system(system_path, options.kind)
    report = score(system_result.answers, gold_result.items, options,
                   system_name=str(system_path), gold_name=str(gold_path))
    report.diagnostics = [*gold_result.diagnostics, *system_result.diagnostics]
    return report


def explain_item(report: ScoreReport, lexelt: str, instance_id: str, measure: str) -> str:
    """The formula behind one item's value for one measure (a figure key or an item measure)."""
    return report.explain_item(lexelt, instance_id, measure)


def explain_figure(report: ScoreReport, key: str, by: str | None = None,
                   group: str | None = None) -> str:
    """The formula behind an overall figure, or behind its value for one group."""
    return report.explain_figure(key, by, group)
