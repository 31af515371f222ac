"""The statistics table: a read-only Qt adapter over ``DatasetStats.table``, and its filter.

The DataFrame is turned into plain Python rows once, when it is set, so ``data()`` never calls
into pandas (a lexelt-level table may have thousands of rows and the view asks often).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from lexsub_studio.core.dataset.stats import COLUMNS

if TYPE_CHECKING:
    import pandas as pd

AnyIndex = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
_ROW_FLAGS = (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
              | Qt.ItemFlag.ItemNeverHasChildren)

#: Role returning the cell's value as the core computed it (int, float or None).
VALUE_ROLE = Qt.ItemDataRole.UserRole + 1
#: Shown for a figure that is undefined (no gold, no annotator pairs).
UNDEFINED = "—"

HEADERS: dict[str, tuple[str, str]] = {
    "level": ("Level", "all items, one part of speech, or one lexelt"),
    "group": ("Group", "which items the row covers"),
    "instances": ("Instances", "corpus instances"),
    "gold_items": ("Gold items", "gold lines"),
    "substitutes_per_item": ("Substitutes / item",
                             "mean number of distinct gold substitutes per gold item"),
    "responses_per_item": ("Responses / item",
                           "mean pooled count per gold item (the sum of the frequencies)"),
    "items_in_T": ("Items in T", "gold items with 2 or more pooled responses"),
    "items_with_mode": ("With a mode",
                        "items of T where one substitute has the highest frequency alone"),
    "items_with_multiword": ("With a multiword",
                             "items with a multiword: from the multiword gold when given, "
                             "else from the responses"),
    "pairwise_agreement": ("Pairwise agreement",
                           "mean pairwise agreement of the annotators over the group's items"),
    "agreement_pairs": ("Pairs", "item × annotator-pair scores behind the agreement"),
}
LEVEL_NAMES = {"all": "all", "pos": "PoS", "lexelt": "lexelt"}


def format_value(value: object) -> str:
    """A cell as the panel shows it: three decimals for means, a dash when undefined."""
    if value is None:
        return UNDEFINED
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def plain_value(value: Any) -> Any:
    """A Python int, float or None from a pandas cell (NaN counts as undefined)."""
    if value is None:
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and value != value:
        return None
    return value


class StatsTableModel(QAbstractTableModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._columns: list[str] = list(COLUMNS)
        self._rows: list[list[Any]] = []

    def set_table(self, table: pd.DataFrame | None) -> None:
        self.beginResetModel()
        if table is None:
            self._rows = []
        else:
            positions = [table.columns.get_loc(column) for column in self._columns]
            self._rows = [[plain_value(values[position]) for position in positions]
                          for values in table.itertuples(index=False, name=None)]
        self.endResetModel()

    def column_key(self, column: int) -> str:
        return self._columns[column]

    def column_of(self, key: str) -> int:
        return self._columns.index(key)

    def value(self, row: int, key: str) -> Any:
        return self._rows[row][self._columns.index(key)]

    def rows(self) -> list[dict[str, Any]]:
        """Every row as a record keyed by the core's column names (for export)."""
        return [dict(zip(self._columns, row, strict=True)) for row in self._rows]

    # -- QAbstractTableModel -------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self._columns):
            return None
        title, description = HEADERS[self._columns[section]]
        if role == Qt.ItemDataRole.DisplayRole:
            return title
        if role == Qt.ItemDataRole.ToolTipRole:
            return description
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if not 0 <= index.column() < len(self._columns):
            return None
        value = self._rows[index.row()][index.column()]
        key = self._columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            if key == "level":
                return LEVEL_NAMES.get(str(value), str(value))
            return format_value(value)
        if role == VALUE_ROLE:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and key not in ("level", "group"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and value is None:
            return "undefined here (no gold, no multiword source, or no annotator pairs)"
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        return _ROW_FLAGS if index.isValid() else Qt.ItemFlag.NoItemFlags


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
