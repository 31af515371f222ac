"""The statistics table: a read-only Qt adapter over ``DatasetStats.table``, and its filter.

The DataFrame is turned into plain Python rows once, when it is set, so ``data()`` never calls
into pandas (a lexelt-level table may have thousands of rows and the view asks often).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QSortFilterProxyModel, Qt

from lexsub_studio.core.dataset.stats import COLUMNS, column_decimals
from lexsub_studio.core.present import numbers
from lexsub_studio.gui import table_model
from lexsub_studio.gui.table_model import AnyIndex, ColumnTableModel
from lexsub_studio.gui.table_roles import ALIGN_NUMBER, SORT_ROLE

if TYPE_CHECKING:
    import pandas as pd

#: Role returning the cell's value as the core computed it (int, float or None).
VALUE_ROLE = SORT_ROLE
#: Shown for a figure that is undefined (no gold, no annotator pairs).
UNDEFINED = numbers.undefined("gui")
#: The tool tip of an undefined figure.
UNDEFINED_TIP = "undefined here (no gold, no multiword source, or no annotator pairs)"

HEADERS: dict[str, tuple[str, str]] = {
    "level": (
        QT_TRANSLATE_NOOP("StatsModel", "Level"),
        QT_TRANSLATE_NOOP("StatsModel", "all items, one part of speech, or one lexelt"),
    ),
    "group": (
        QT_TRANSLATE_NOOP("StatsModel", "Group"),
        QT_TRANSLATE_NOOP("StatsModel", "which items the row covers"),
    ),
    "instances": (
        QT_TRANSLATE_NOOP("StatsModel", "Instances"),
        QT_TRANSLATE_NOOP("StatsModel", "corpus instances"),
    ),
    "gold_items": (
        QT_TRANSLATE_NOOP("StatsModel", "Gold items"),
        QT_TRANSLATE_NOOP("StatsModel", "gold lines"),
    ),
    "substitutes_per_item": (
        QT_TRANSLATE_NOOP("StatsModel", "Substitutes / item"),
        QT_TRANSLATE_NOOP("StatsModel", "mean number of distinct gold substitutes per gold item"),
    ),
    "responses_per_item": (
        QT_TRANSLATE_NOOP("StatsModel", "Responses / item"),
        QT_TRANSLATE_NOOP("StatsModel", "mean pooled count per gold item (the sum of the "
                                        "frequencies)"),
    ),
    "items_in_T": (
        QT_TRANSLATE_NOOP("StatsModel", "Items in T"),
        QT_TRANSLATE_NOOP("StatsModel", "gold items with 2 or more pooled responses"),
    ),
    "items_with_mode": (
        QT_TRANSLATE_NOOP("StatsModel", "With a mode"),
        QT_TRANSLATE_NOOP("StatsModel", "items of T where one substitute has the highest frequency "
                                        "alone"),
    ),
    "items_with_multiword": (
        QT_TRANSLATE_NOOP("StatsModel", "With a multiword"),
        QT_TRANSLATE_NOOP("StatsModel", "items with a multiword: from the multiword gold when "
                                        "given, else from the responses"),
    ),
    "pairwise_agreement": (
        QT_TRANSLATE_NOOP("StatsModel", "Pairwise agreement"),
        QT_TRANSLATE_NOOP("StatsModel", "mean pairwise agreement of the annotators over the "
                                        "group's items"),
    ),
    "agreement_pairs": (
        QT_TRANSLATE_NOOP("StatsModel", "Pairs"),
        QT_TRANSLATE_NOOP("StatsModel", "item × annotator-pair scores behind the agreement"),
    ),
}
LEVEL_NAMES = {"all": "all", "pos": "PoS", "lexelt": "lexelt"}


def format_value(value: object, decimals: int = numbers.STATISTIC_DECIMALS) -> str:
    """A cell as the panel shows it: three decimals for means (four for agreement), a dash
    when undefined (core/present/numbers.py)."""
    return numbers.cell(value, "gui", decimals)


def _stats_column(key: str, position: int) -> table_model.Column[list[Any]]:
    title, description = HEADERS[key]
    text = key in ("level", "group")
    return table_model.Column(
        QCoreApplication.translate("StatsModel", title), lambda row: row[position],
        display=(lambda row: LEVEL_NAMES.get(str(row[position]), str(row[position])))
        if key == "level" else
        (lambda row: format_value(row[position], column_decimals(key))),
        header_tooltip=QCoreApplication.translate("StatsModel", description),
        alignment=None if text else ALIGN_NUMBER,
        tooltip=lambda row: UNDEFINED_TIP if row[position] is None else None)


class StatsTableModel(ColumnTableModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent=parent, sort_role=VALUE_ROLE)
        self._columns_keys: list[str] = list(COLUMNS)
        self._rows: list[list[Any]] = []
        self.set_columns([_stats_column(key, position)
                          for position, key in enumerate(self._columns_keys)])

    def row_count(self) -> int:
        return len(self._rows)

    def record(self, row: int) -> list[Any]:
        return self._rows[row]

    def set_table(self, table: pd.DataFrame | None) -> None:
        self.beginResetModel()
        if table is None:
            self._rows = []
        else:
            positions = [table.columns.get_loc(column) for column in self._columns_keys]
            # NaN counts as undefined (None).
            self._rows = [[numbers.plain(values[position]) for position in positions]
                          for values in table.itertuples(index=False, name=None)]
        self.endResetModel()

    def column_key(self, column: int) -> str:
        return self._columns_keys[column]

    def column_of(self, key: str) -> int:
        return self._columns_keys.index(key)

    def value(self, row: int, key: str) -> Any:
        return self._rows[row][self._columns_keys.index(key)]

    def rows(self) -> list[dict[str, Any]]:
        """Every row as a record keyed by the core's column names (for export)."""
        return [dict(zip(self._columns_keys, row, strict=True)) for row in self._rows]


class StatsFilterProxy(QSortFilterProxyModel):
    """Shows one level (or every row) and sorts by the core's values; undefined figures sort
    after every defined one whichever the direction, so they never hide the real ones."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._level: str | None = None
        self.setSortRole(VALUE_ROLE)

    @property
    def level(self) -> str | None:
        return self._level

    def set_level(self, level: str | None) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.9 and later
            self.beginFilterChange()
            self._level = level or None
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self._level = level or None
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        if self._level is None:
            return True
        model = self.sourceModel()
        if not isinstance(model, StatsTableModel):
            return True
        return model.value(source_row, "level") == self._level

    def lessThan(self, left: AnyIndex, right: AnyIndex) -> bool:
        a = left.data(VALUE_ROLE)
        b = right.data(VALUE_ROLE)
        if a is None or b is None:
            # With None "greater" ascending and "smaller" descending, it always ends last.
            descending = self.sortOrder() == Qt.SortOrder.DescendingOrder
            if a is None and b is None:
                return False
            return (a is None) == descending
        if isinstance(a, str) or isinstance(b, str):
            return str(a) < str(b)
        return a < b
