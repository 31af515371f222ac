"""Table models of the Scoring workspace: any core Table (the league table, a breakdown), the
per-item scores, and the significance tests between systems.

Both are virtualised (they answer for the rows the view asks for; nothing is built per cell up
front) and sort themselves (numbers as numbers, undefined last), without a proxy model.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import numpy as np
from PySide6.QtCore import QModelIndex, QObject, Qt
from PySide6.QtGui import QColor, QFont

from lexsub_studio.core.present import numbers
from lexsub_studio.core.scoring.compare.item_matrix import ItemScores
from lexsub_studio.core.scoring.compare.league import definition
from lexsub_studio.core.scoring.compare.significance import (
    PairComparison,
    verdict,
    verdict_sentence,
)
from lexsub_studio.core.scoring.compare.system_names import distinguishing_names
from lexsub_studio.core.scoring.report.tables import Table, cell_text
from lexsub_studio.core.scoring.shown_figures import best_shown, figure_text, is_best
from lexsub_studio.gui import table_model
from lexsub_studio.gui.table_model import ColumnTableModel
from lexsub_studio.gui.table_roles import ALIGN_NUMBER, KEY_ROLE, Index


class TableModel(ColumnTableModel):
    """A read-only core Table (league table, breakdown), its figures shown as fractions or
    percentages (core.league), the best of each figure column in bold when ``mark_best``, and
    each measure's definition as its header's tool tip."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent=parent)
        self.table = Table("", [], [], [])
        self.unit = "fraction"
        self.mark_best = False
        #: The best value of each figure column, as shown (core/scoring/shown_figures.py).
        self.best: dict[int, float | None] = {}
        #: Header tool tips for columns that are not measures of the league (the rank's).
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
        self.set_columns([self._table_column(column) for column in range(len(table.header))])
        self.endResetModel()

    def row_count(self) -> int:
        return len(self.table.rows)

    def record(self, row: int) -> list[Any]:
        return self.table.rows[row]

    def vertical_header(self, section: int, role: int) -> Any:
        return section + 1 if role == Qt.ItemDataRole.DisplayRole else None

    def _table_column(self, column: int) -> table_model.Column[list[Any]]:
        """Column ``column`` of the table; a record is one row of its cells."""
        key = self.key(column)
        figure = bool(key)

        def display(cells: list[Any]) -> str:
            value = cells[column]
            if figure and isinstance(value, int | float):
                return figure_text(float(value), self.unit)
            return cell_text(value)

        def sort_key(cells: list[Any]) -> Any:
            value = cells[column]
            if isinstance(value, int | float):
                return float(value)
            return -1.0 if value is None and figure else str(value)

        undefined_tip = self.tr(
            "not scored for this kind of file, or undefined (zero denominator)")
        best_tip = self.tr("the best in this column (bold)")
        best_description = self.tr("best in its column")

        def best(cells: list[Any]) -> bool:
            return is_best(cells[column], self.best.get(column), self.unit)

        def tooltip(cells: list[Any]) -> str | None:
            if cells[column] is None:
                return undefined_tip
            return best_tip if best(cells) else None

        if figure:
            return table_model.Column(
                self.table.header[column], lambda cells: cells[column], display=display,
                sort_key=sort_key, alignment=ALIGN_NUMBER, tooltip=tooltip,
                font=lambda cells: self._bold if best(cells) else None,
                accessible=lambda cells: best_description if best(cells) else None,
                header_tooltip=(definition(key) if key else None)
                or self.header_tips.get(column),
                roles={KEY_ROLE: lambda _cells: key})
        return table_model.Column(
            self.table.header[column], lambda cells: cells[column], display=display,
            sort_key=sort_key, header_tooltip=self.header_tips.get(column),
            alignment=lambda cells: ALIGN_NUMBER if isinstance(cells[column], int) else None,
            roles={KEY_ROLE: lambda _cells: None})

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


class ItemsModel(ColumnTableModel):
    """Items as rows: lexelt, id, PoS, each system's score, and the spread between systems.

    Filtering and sorting are numpy operations on the whole column, kept as ``order`` (the
    item rows shown, in display order), so 100,000 items sort in milliseconds instead of the
    millions of Python comparisons a QSortFilterProxyModel would make.
    """

    FIXED = ("target", "id", "PoS")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent=parent)
        self.set_row_roles({KEY_ROLE: lambda item: item})
        self.items = ItemScores.empty()
        self.order = np.zeros(0, dtype=np.int64)
        self.pos: str | None = None
        self.lexelt: str | None = None
        self.only_all_fail = False
        self._sort: tuple[int, Qt.SortOrder] | None = None

    def set_items(self, items: ItemScores) -> None:
        self.beginResetModel()
        self.items = items
        self.set_columns(self._item_columns())
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

    def row_count(self) -> int:
        return len(self.order)

    def record(self, row: int) -> int:
        return int(self.order[row])

    def vertical_header(self, section: int, role: int) -> Any:
        return section + 1 if role == Qt.ItemDataRole.DisplayRole else None

    def _item_columns(self) -> list[table_model.Column[int]]:
        """The item's target, id and PoS, each system's score and the spread; a record is the
        item's row in ``items``."""
        items = self.items
        fixed = [table_model.Column(name, partial(lambda place, item: (
            items.keys[item][place] if place < 2 else items.pos[item]), place))
            for place, name in enumerate(self.FIXED)]
        columns: list[Callable[[int], float]] = [
            partial(lambda system, item: float(items.scores[item, system]), system)
            for system in range(len(items.systems))]
        columns.append(lambda item: float(items.spread[item]))
        names = [*items.systems, self.tr("spread")]
        # Systems sharing a long start or end are told apart by the part that differs (a
        # header elided at its width would read the same for all); the tool tip holds the name
        # whole.
        headers = [*distinguishing_names(items.systems), self.tr("spread")]
        return fixed + [table_model.Column(
            header, value, display=partial(lambda value, item: numbers.score(value(item), "gui"),
                                           value),
            sort_key=partial(lambda value, item: _defined_or_minus_one(value(item)), value),
            alignment=ALIGN_NUMBER, header_tooltip=name)
            for header, name, value in zip(headers, names, columns, strict=True)]


def _defined_or_minus_one(value: float) -> float:
    """A score's sort key: an undefined score (NaN) sorts below every score."""
    return -1.0 if np.isnan(value) else value


#: Cell backgrounds of the significance matrix: the row's system significantly better / worse.
BETTER_BACKGROUND = "#dcfce7"
WORSE_BACKGROUND = "#fee2e2"
#: The text on either background (WCAG AA on both, light theme or dark).
VERDICT_TEXT = "#111827"


class SignificanceModel(ColumnTableModel):
    """Significance tests between systems: every pair (rows and columns are the systems; a cell
    is the row's system against the column's) or every system against a baseline (one column).

    The systems come in the order given (the page gives them in rank order). A cell holds the
    verdict as one symbol (core.significance.verdict_symbol), so ten systems fit a small
    screen; the sentence is its tool tip, the verdict and p-value its accessible description.
    In a matrix the columns are numbered as the rows, the name in the header's tool tip."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent=parent)
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
        self.set_columns([self._system_column(second) for second in self.column_systems])
        self.endResetModel()

    def comparison(self, index: Index) -> PairComparison | None:
        if not index.isValid():
            return None
        return self.cells.get((self.row_systems[index.row()],
                               self.column_systems[index.column()]))

    def row_count(self) -> int:
        return len(self.row_systems)

    def _system_column(self, second: int) -> table_model.Column[int]:
        """The column of one system (each row's system against it); a record is the row."""
        name = self.names[second]
        not_compared = self.tr("not compared")

        def tested(row: int) -> PairComparison | None:
            """The row's comparison with this column's system, when it has a p-value."""
            comparison = self.cells.get((self.row_systems[row], second))
            return comparison if comparison is not None and comparison.p_value is not None \
                else None

        def display(row: int) -> str:
            first = self.row_systems[row]
            if first == second:
                return "—"
            comparison = self.cells.get((first, second))
            return comparison.cell_symbol() if comparison is not None else "?"

        def background(row: int) -> QColor | None:
            comparison = tested(row)
            if comparison is None or comparison.p_value is None:
                return None
            word = verdict(comparison.difference, comparison.p_value)
            if word == "no significant difference":
                return None
            return QColor(BETTER_BACKGROUND if word == "better" else WORSE_BACKGROUND)

        def foreground(row: int) -> QColor | None:
            # Dark text on the light green and red, whatever the theme's text colour.
            return None if background(row) is None else QColor(VERDICT_TEXT)

        def tooltip(row: int) -> str | None:
            first = self.row_systems[row]
            if first == second:
                return None
            comparison = self.cells.get((first, second))
            if comparison is None or comparison.p_value is None:
                return comparison.problem if comparison is not None and comparison.problem \
                    else not_compared
            return verdict_sentence(self.names[first], name, comparison.results) + "."

        def accessible(row: int) -> str | None:
            comparison = self.cells.get((self.row_systems[row], second))
            return None if comparison is None else comparison.cell_text()

        def p_value(row: int) -> float | None:
            comparison = tested(row)
            return None if comparison is None else comparison.p_value

        if self.baseline is not None:
            header = self.tr("against {name}").format(name=name)
        else:
            header = str(second + 1)
        return table_model.Column(
            header, p_value, display=display, sort_key=p_value, background=background,
            foreground=foreground, tooltip=tooltip, accessible=accessible,
            alignment=int(Qt.AlignmentFlag.AlignCenter),
            header_tooltip=self.tr("{name}, the system each row is compared with").format(
                name=name))

    def vertical_header(self, section: int, role: int) -> Any:
        if not 0 <= section < len(self.row_systems):
            return None
        system = self.row_systems[section]
        name = self.names[system]
        if role == Qt.ItemDataRole.DisplayRole:
            # Numbered as the columns in a matrix (the columns show only the number).
            return name if self.baseline is not None else f"{system + 1}  {name}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tr("{name}, compared with each column's system").format(name=name)
        return None
