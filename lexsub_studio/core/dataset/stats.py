"""Dataset statistics per PoS and lexelt (spec §8): the figures shown beside scores.

Per group (all items, each PoS, each lexelt):

- ``instances``: corpus instances;
- ``gold_items``: gold lines; ``substitutes_per_item``: mean number of distinct substitutes per
  gold item and ``responses_per_item``: mean pooled count (sum of the frequencies); ``pn``
  entries (proper names) are not substitutes and count in neither;
- ``items_in_T``: gold items whose pooled multiset has 2 or more members (spec §2);
  ``items_with_mode``: items of T where exactly one substitute has the highest frequency;
- ``items_with_multiword``: items with at least one multiword, from the multiword gold when one
  is given, else from the responses (any annotator wrote one); empty when neither is given;
- ``pairwise_agreement``: mean pairwise agreement (spec §3) over the group's items, the sum of
  the pair scores over the number of pairs (``agreement_pairs``), when responses are given.

Gold and responses items that are not in the corpus still count under their lexelt (a warning
says how many); an empty figure (None) means it is undefined (no gold, no pairs).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lexsub_studio.core.model import rules
from lexsub_studio.core.model.data import Corpus, GoldItem, parse_lexelt
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.present.numbers import AGREEMENT_DECIMALS, STATISTIC_DECIMALS
from lexsub_studio.core.present.tables import RowTable

if TYPE_CHECKING:
    import pandas as pd

    from lexsub_studio.core.agreement.pool import PooledResponses

#: Columns of the statistics table, in order.
COLUMNS = ("level", "group", "instances", "gold_items", "substitutes_per_item",
           "responses_per_item", "items_in_T", "items_with_mode", "items_with_multiword",
           "pairwise_agreement", "agreement_pairs")
LEVELS = ("all", "pos", "lexelt")
#: Columns that hold None where the figure is undefined.
NULLABLE_COLUMNS = COLUMNS[3:]
#: Columns that are agreement coefficients: written with the agreement's decimals, as
#: ``lexsub agree`` writes them (core/present/numbers.py); every other mean is a statistic.
AGREEMENT_COLUMNS = frozenset({"pairwise_agreement"})


def column_decimals(key: str) -> int:
    """How many decimals a column's figures are written with (core/present/numbers.py)."""
    return AGREEMENT_DECIMALS if key in AGREEMENT_COLUMNS else STATISTIC_DECIMALS

ProgressCallback = Callable[[int, int], None]


@dataclass(slots=True)
class ItemFigures:
    """What one (lexelt, id) item contributes to its groups."""

    instance: bool = False
    gold: bool = False
    substitutes: int = 0
    responses: int = 0
    in_t: bool = False
    with_mode: bool = False
    multiword: bool = False
    pair_score_sum: float = 0.0
    pairs: int = 0


def gold_item_figures(entries: Sequence[tuple[str, int]]) -> tuple[int, int, bool, bool]:
    """(distinct substitutes, pooled count, in T, has a mode) of one gold line, pn left out."""
    substitutes = [entry for entry in entries if entry[0] != rules.PROPER_NAME_ENTRY]
    pooled = rules.pooled_responses(substitutes)
    in_t = rules.in_t(pooled)
    with_mode = in_t and rules.mode_of(substitutes) is not None
    return len(substitutes), pooled, in_t, with_mode


@dataclass(slots=True)
class DatasetStats:
    """The statistics' rows (one value per column of COLUMNS, None where undefined); ``table``
    is their DataFrame, made on first use, so that the command line prints them as text or
    JSON without importing pandas (a third of a small ``lexsub stats``'s time)."""

    rows: list[list[object]]
    diagnostics: Diagnostics = field(default_factory=lambda: Diagnostics(None))
    _table: pd.DataFrame | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def table(self) -> pd.DataFrame:
        if self._table is None:
            import pandas as pd

            table = pd.DataFrame(self.rows, columns=list(COLUMNS))
            # Undefined figures are None in every cell (pandas would turn some into NaN).
            for column in NULLABLE_COLUMNS:
                values = table[column].astype(object)
                table[column] = values.where(values.notna(), None)
            self._table = table
        return self._table

    def row_table(self, columns: Sequence[str] = COLUMNS,
                  headers: Sequence[str] | None = None) -> RowTable:
        """``columns`` of the rows as a RowTable (no pandas), under ``headers`` if given."""
        positions = [COLUMNS.index(column) for column in columns]
        return RowTable(list(headers or columns),
                        [[row[position] for position in positions] for row in self.rows])


def dataset_stats(corpus: Corpus | None, gold: Sequence[GoldItem] | None = None, *,
                  multiword_gold: Sequence[GoldItem] | None = None,
                  pooled: PooledResponses | None = None,
                  progress: ProgressCallback | None = None) -> DatasetStats:
    """The statistics table (columns COLUMNS; rows: all, then PoS, then lexelts, sorted)."""
    diagnostics = Diagnostics(None)
    items: dict[tuple[str, str], ItemFigures] = {}
    if corpus is not None:
        for lexelt, instance in corpus.instances():
            items.setdefault((lexelt.item, instance.id), ItemFigures()).instance = True
    outside = {"gold": 0, "multiword gold": 0, "responses": 0}
    for item in gold or ():
        figures = _figures(items, item.key, corpus, outside, "gold")
        figures.gold = True
        (figures.substitutes, figures.responses, figures.in_t,
         figures.with_mode) = gold_item_figures(item.entries)
    if multiword_gold is not None:
        for item in multiword_gold:
            if item.entries:
                _figures(items, item.key, corpus, outside, "multiword gold").multiword = True
    if pooled is not None:
        _add_agreement(pooled, items, corpus, outside, multiword_gold is None, progress)
    for what, count in outside.items():
        if count:
            diagnostics.warning("not-in-corpus",
                                f"{count} {what} item(s) are not in the corpus; they are "
                                "counted under their lexelt")
    rows = _rows(items, gold is not None,
                 multiword_gold is not None or pooled is not None, pooled is not None)
    return DatasetStats(rows, diagnostics)


def _figures(items: dict[tuple[str, str], ItemFigures], key: tuple[str, str],
             corpus: Corpus | None, outside: dict[str, int], what: str) -> ItemFigures:
    figures = items.get(key)
    if figures is None:
        figures = items[key] = ItemFigures()
    if corpus is not None and not figures.instance:
        outside[what] += 1
    return figures


def _add_agreement(pooled: PooledResponses, items: dict[tuple[str, str], ItemFigures],
                   corpus: Corpus | None, outside: dict[str, int], multiword_from_responses: bool,
                   progress: ProgressCallback | None) -> None:
    from lexsub_studio.core.agreement.pairwise import pairwise_agreement
    from lexsub_studio.core.agreement.progress import Monitor

    result = pairwise_agreement(pooled, Monitor(progress=progress))
    score_sums = result.item_score_sum.tolist()
    pair_counts = result.item_pairs.tolist()
    # numpy's stubs give any() a scalar or an array whatever the axis; with one it is an array.
    marked: list[bool] = (pooled.multiword >= 0).any(axis=1).tolist()  # type: ignore[assignment]
    for index, key in enumerate(pooled.keys):
        figures = _figures(items, key, corpus, outside, "responses")
        figures.pair_score_sum = score_sums[index]
        figures.pairs = int(pair_counts[index])
        if multiword_from_responses:
            figures.multiword = bool(marked[index])


def _rows(items: dict[tuple[str, str], ItemFigures], with_gold: bool, with_multiword: bool,
          with_agreement: bool) -> list[list[object]]:
    groups: dict[tuple[str, str], list[ItemFigures]] = {}
    for (lexelt, _), figures in items.items():
        pos = parse_lexelt(lexelt).pos or "?"
        for key in (("all", "all"), ("pos", pos), ("lexelt", lexelt)):
            groups.setdefault(key, []).append(figures)
    if not groups:
        groups[("all", "all")] = []
    order = {level: rank for rank, level in enumerate(LEVELS)}
    rows = []
    for (level, group) in sorted(groups, key=lambda key: (order[key[0]], key[1])):
        members = groups[(level, group)]
        gold_members = [figures for figures in members if figures.gold]
        n_gold = len(gold_members)
        pairs = sum(figures.pairs for figures in members)
        rows.append([
            level, group,
            sum(figures.instance for figures in members),
            n_gold if with_gold else None,
            _mean([figures.substitutes for figures in gold_members]) if with_gold else None,
            _mean([figures.responses for figures in gold_members]) if with_gold else None,
            sum(figures.in_t for figures in gold_members) if with_gold else None,
            sum(figures.with_mode for figures in gold_members) if with_gold else None,
            sum(figures.multiword for figures in members) if with_multiword else None,
            (sum(figures.pair_score_sum for figures in members) / pairs
             if with_agreement and pairs else None),
            pairs if with_agreement else None,
        ])
    return rows


def _mean(values: list[int]) -> float | None:
    return sum(values) / len(values) if values else None
