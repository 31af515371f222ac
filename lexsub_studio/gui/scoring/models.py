"""Table models of the Scoring workspace: any core Table (the league table, a breakdown), the
per-item scores, and the significance tests between systems.

Both are virtualised (they answer for the rows the view asks for; nothing is built per cell up
front) and sort themselves (numbers as numbers, undefined last), without a proxy model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QFont

from lexsub_studio.core.scoring.export import Table, cell_text
from lexsub_studio.core.scoring.item_matrix import ItemScores
from lexsub_studio.core.scoring.league import best_shown, definition, figure_text, is_best
from lexsub_studio.core.scoring.significance import PairComparison, verdict, verdict_sentence
from lexsub_studio.gui.table_roles import ALIGN_NUMBER, KEY_ROLE, SORT_ROLE, Index


class TableModel(QAbstractTableModel):
    """A read-only core Table (league table, breakdown), its figures shown as fractions or
    percentages (core.league), the best of each figure column in bold when ``mark_best``, and
    each measure's definition as its header's tool tip."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.table = Table("", [], [], [])
        self.unit = "fraction"
        self.mark_best = False
        #: The best value of each figure column, as shown (core.league.best_shown).
        self.best: dict[int, float | None] = {}
        #: Header tool tips for columns that are not figures (the rank's).
        self.header_tips: dict[int, str] = {}
        self._bold = QFont()
        self._bold.setBold(True)

    def set_table(self, table: Table, unit: str = "fraction", mark_best: bool = False,
                  header_tips: dict[int, str] | None = None) -> None:
        self.beginResetModel()
        self.table = table
        self.unit = unit
        self.mark_best = mark_best
        self.header_tips = dict(header_tips or {})
        self.best = {column: best_shown([row[column] for row in table.rows], unit)
                     for column, key in enumerate(table.keys) if key} if mark_best else {}
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.table.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.table.header)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the rows: numbers by value (ranks too) and text alphabetically, undefined last
        whichever the direction."""
        if not 0 <= column < len(self.table.header):
            return
        descending = order == Qt.SortOrder.DescendingOrder
        defined = [row for row in self.table.rows if row[column] is not None]
        undefined = [row for row in self.table.rows if row[column] is None]

        def sort_key(row: list[Any]) -> tuple[int, Any]:
            value = row[column]
            if isinstance(value, int | float):
                return (0, value)
            return (1, str(value))

        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        rows = [self.table.rows[index.row()] for index in before]
        ordered = sorted(defined, key=sort_key, reverse=descending) + undefined
        self.table.rows = ordered
        position = {id(row): place for place, row in enumerate(ordered)}
        self.changePersistentIndexList(
            before, [self.index(position[id(row)], index.column())
                     for row, index in zip(rows, before, strict=True)])
        self.layoutChanged.emit()

    def key(self, column: int) -> str | None:
        keys = self.table.keys
        return keys[column] if 0 <= column < len(keys) else None

    def cell_text(self, row: int, column: int) -> str:
        """What a cell shows: a figure in the model's unit, anything else as it is."""
        value = self.table.rows[row][column]
        if self.key(column) and isinstance(value, int | float):
            return figure_text(float(value), self.unit)
        return cell_text(value)

    def is_best(self, row: int, column: int) -> bool:
        return is_best(self.table.rows[row][column], self.best.get(column), self.unit)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        value = self.table.rows[row][column]
        figure = bool(self.key(column))
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell_text(row, column)
        if role == SORT_ROLE:
            if isinstance(value, int | float):
                return float(value)
            return -1.0 if value is None and figure else str(value)
        if role == Qt.ItemDataRole.TextAlignmentRole and (figure or isinstance(value, int)):
            return ALIGN_NUMBER
        if role == KEY_ROLE:
            return self.key(column)
        if role == Qt.ItemDataRole.FontRole and figure and self.is_best(row, column):
            return self._bold
        if role == Qt.ItemDataRole.AccessibleDescriptionRole and figure \
                and self.is_best(row, column):
            return "best in its column"
        if role == Qt.ItemDataRole.ToolTipRole and figure:
            if value is None:
                return "not scored for this kind of file, or undefined (zero denominator)"
            if self.is_best(row, column):
                return "the best in this column (bold)"
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Vertical:
            return section + 1 if role == Qt.ItemDataRole.DisplayRole else None
        if not 0 <= section < len(self.table.header):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.table.header[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            key = self.key(section)
            return definition(key) if key else self.header_tips.get(section)
        return None


class ItemsModel(QAbstractTableModel):
    """Items as rows: lexelt, id, PoS, each system's score, and the spread between systems.

    Filtering and sorting are numpy operations on the whole column, kept as ``order`` (the
    item rows shown, in display order), so 100,000 items sort in milliseconds instead of the
    millions of Python comparisons a QSortFilterProxyModel would make.
    """

    FIXED = ("target", "id", "PoS")

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.items = ItemScores.empty()
        self.order = np.zeros(0, dtype=np.int64)
        self.pos: str | None = None
        self.lexelt: str | None = None
        self.only_all_fail = False
        self._sort: tuple[int, Qt.SortOrder] | None = None

    def set_items(self, items: ItemScores) -> None:
        self.beginResetModel()
        self.items = items
        self.order = self._ordered(self._visible())
        self.endResetModel()

    def set_filters(self, pos: str | None, lexelt: str | None, only_all_fail: bool) -> None:
        self.beginResetModel()
        self.pos, self.lexelt, self.only_all_fail = pos, lexelt, only_all_fail
        self.order = self._ordered(self._visible())
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < self.columnCount():
            return
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        rows = [int(self.order[index.row()]) for index in before]
        self._sort = (column, order)
        self.order = self._ordered(self.order)
        position = {int(row): place for place, row in enumerate(self.order)}
        self.changePersistentIndexList(
            before, [self.index(position[row], index.column()) if row in position
                     else QModelIndex() for row, index in zip(rows, before, strict=True)])
        self.layoutChanged.emit()

    def _visible(self) -> np.ndarray:
        mask = np.ones(len(self.items), dtype=bool)
        if self.pos is not None:
            mask &= self.items.pos_array == self.pos
        if self.lexelt is not None:
            mask &= self.items.lexelt_array == self.lexelt
        if self.only_all_fail:
            mask &= self.items.all_fail
        return np.flatnonzero(mask)

    def _ordered(self, rows: np.ndarray) -> np.ndarray:
        if self._sort is None or not len(rows):
            return np.sort(rows)
        column, order = self._sort
        values = self._sort_values(column)[rows]
        if order == Qt.SortOrder.DescendingOrder:
            values = -values
        # Stable: ties keep the order they had (file order, or the previous sort's).
        return rows[np.argsort(values, kind="stable")]

    def _sort_values(self, column: int) -> np.ndarray:
        if column < len(self.FIXED):
            return self.items.text_ranks[column]
        system = column - len(self.FIXED)
        if system == len(self.items.systems):
            return self.items.spread
        return np.where(np.isnan(self.items.scores[:, system]), -1.0,
                        self.items.scores[:, system])

    def source_row(self, row: int) -> int:
        """The item (row of ``items``) shown at display row ``row``."""
        return int(self.order[row])

    def display_row(self, item_row: int) -> int | None:
        found = np.flatnonzero(self.order == item_row)
        return int(found[0]) if len(found) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.order)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            return 0
        return len(self.FIXED) + len(self.items.systems) + 1

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = int(self.order[index.row()]), index.column()
        items = self.items
        if role == KEY_ROLE:
            return row
        if column < len(self.FIXED):
            if role in (Qt.ItemDataRole.DisplayRole, SORT_ROLE):
                lexelt, item_id = items.keys[row]
                return (lexelt, item_id, items.pos[row])[column]
            return None
        system = column - len(self.FIXED)
        value = (float(items.spread[row]) if system == len(items.systems)
                 else float(items.scores[row, system]))
        if role == Qt.ItemDataRole.DisplayRole:
            return "—" if np.isnan(value) else f"{value:.3f}"
        if role == SORT_ROLE:
            return -1.0 if np.isnan(value) else value
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return ALIGN_NUMBER
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        if orientation == Qt.Orientation.Vertical:
            return section + 1 if role == Qt.ItemDataRole.DisplayRole else None
        names = [*self.FIXED, *self.items.systems, "spread"]
        if not 0 <= section < len(names):
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            # A long system name is elided in the header: the tool tip holds it whole.
            return None if section < len(self.FIXED) else names[section]
        return names[section]


#: Cell backgrounds of the significance matrix: the row's system significantly better / worse.
BETTER_BACKGROUND = "#dcfce7"
WORSE_BACKGROUND = "#fee2e2"


class SignificanceModel(QAbstractTableModel):
    """Significance tests between systems: every pair (rows and columns are the systems; a cell
    is the row's system against the column's) or every system against a baseline (one column).
    Each cell holds a plain verdict and its p-value (core.significance)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.names: list[str] = []
        self.baseline: int | None = None
        self.row_systems: list[int] = []
        self.column_systems: list[int] = []
        self.cells: dict[tuple[int, int], PairComparison] = {}

    def set_comparisons(self, names: Sequence[str], comparisons: Sequence[PairComparison],
                        baseline: int | None = None) -> None:
        self.beginResetModel()
        self.names = list(names)
        self.baseline = baseline
        everyone = list(range(len(self.names)))
        self.row_systems = [n for n in everyone if n != baseline]
        self.column_systems = everyone if baseline is None else [baseline]
        self.cells = {}
        for comparison in comparisons:
            self.cells[comparison.first, comparison.second] = comparison
            if baseline is None:
                self.cells[comparison.second, comparison.first] = comparison.flipped()
        self.endResetModel()

    def comparison(self, index: Index) -> PairComparison | None:
        if not index.isValid():
            return None
        return self.cells.get((self.row_systems[index.row()],
                               self.column_systems[index.column()]))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.row_systems)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.column_systems)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        first = self.row_systems[index.row()]
        second = self.column_systems[index.column()]
        comparison = self.cells.get((first, second))
        if role == Qt.ItemDataRole.DisplayRole:
            if first == second:
                return "—"
            return comparison.cell_text() if comparison is not None else "not compared"
        if comparison is None or comparison.p_value is None:
            return None
        word = verdict(comparison.difference, comparison.p_value)
        if role == Qt.ItemDataRole.BackgroundRole and word != "no significant difference":
            return QColor(BETTER_BACKGROUND if word == "better" else WORSE_BACKGROUND)
        if role == Qt.ItemDataRole.ToolTipRole:
            return verdict_sentence(self.names[first], self.names[second],
                                    comparison.results) + "."
        if role == SORT_ROLE:
            return comparison.p_value
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        systems = (self.column_systems if orientation == Qt.Orientation.Horizontal
                   else self.row_systems)
        if not 0 <= section < len(systems):
            return None
        name = self.names[systems[section]]
        if role == Qt.ItemDataRole.DisplayRole:
            if orientation == Qt.Orientation.Horizontal and self.baseline is not None:
                return f"against {name}"
            return name
        if role == Qt.ItemDataRole.ToolTipRole:
            return (f"{name}, the system each row is compared with"
                    if orientation == Qt.Orientation.Horizontal
                    else f"{name}, compared with each column's system")
        return None
