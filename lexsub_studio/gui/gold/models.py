"""Table models of the Gold & Agreement workspace.

``FrameModel`` shows a pandas table (figures, per-PoS and per-target breakdowns, items, one
item's answers, the gold preview); ``PairMatrixModel`` is the annotator x annotator heatmap;
``MergeModel`` the merge suggestions with the organiser's decisions. FrameModel sorts by the raw
values (undefined last), not by the formatted text.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from lexsub_studio.core.agreement.terms import definition
from lexsub_studio.core.gold.normalise import MergeSuggestion
from lexsub_studio.gui.gold.views import TableData, table_data
from lexsub_studio.gui.table_roles import ALIGN_NUMBER, KEY_ROLE, SORT_ROLE, Index


def _plain(value: Any) -> Any:
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def format_cell(value: Any) -> str:
    value = _plain(value)
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.4f}"
    return str(value)


class FrameModel(QAbstractTableModel):
    """Read-only view of a DataFrame: ``columns`` are (column, header) pairs; ``key_column``
    (optional) is returned under KEY_ROLE; a true ``emphasis_column`` makes the row bold.

    Sorting and the key filter are done here with numpy on whole columns, not by a proxy
    comparing rows one pair at a time in Python (which takes seconds on 100,000 items)."""

    def __init__(self, columns: Sequence[tuple[str, str]], parent: QObject | None = None,
                 key_column: str | None = None, emphasis_column: str | None = None,
                 tips: Callable[[Any, str], str | None] | None = None) -> None:
        super().__init__(parent)
        #: A cell's tool tip from its row key and column name (None: the cell's text).
        self._tips = tips
        self._columns = list(columns)
        self._names = [c for c, _ in self._columns]
        self._key_column = key_column
        self._emphasis_column = emphasis_column
        self._data: list[list[Any]] = [[] for _ in self._columns]
        self._ranks: list[np.ndarray] = [np.zeros(0) for _ in self._columns]
        self._keys: list[Any] = []
        self._emphasis: list[bool] = []
        #: the source rows shown, in display order.
        self._order = np.zeros(0, dtype=np.int64)
        self._sort: tuple[int, Qt.SortOrder] | None = None
        self._filter: set[Any] | None = None

    def set_frame(self, frame: pd.DataFrame | None) -> None:
        """Show ``frame`` (for small tables; large ones are prepared off the GUI thread with
        ``views.table_data`` and given to ``set_table``)."""
        self.set_table(table_data(frame, self._names, self._key_column, self._emphasis_column))

    def set_table(self, table: TableData) -> None:
        self.beginResetModel()
        self._data, self._ranks = table.columns, table.ranks
        self._keys, self._emphasis = table.keys, table.emphasis
        self._order = self._ordered(self._visible())
        self.endResetModel()

    # -- sorting and filtering -------------------------------------------------------------------

    def _visible(self) -> np.ndarray:
        if self._filter is None:
            return np.arange(len(self._keys), dtype=np.int64)
        wanted = self._filter
        return np.array([row for row, key in enumerate(self._keys) if key in wanted],
                        dtype=np.int64)

    def _ordered(self, rows: np.ndarray) -> np.ndarray:
        if self._sort is None or not len(rows):
            return rows
        column, order = self._sort
        ranks = self._ranks[column][rows]
        if order == Qt.SortOrder.DescendingOrder:
            ranks = -ranks
        # Stable, and undefined values (NaN ranks) last in either direction.
        return rows[np.argsort(np.where(np.isnan(ranks), np.inf, ranks), kind="stable")]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self._columns):
            return
        self._sort = (column, order)
        self._relayout(self._ordered(self._order))

    def set_key_filter(self, keys: set[Any] | None) -> None:
        """Show only the rows whose key is in ``keys`` (None: every row)."""
        self.beginResetModel()
        self._filter = None if keys is None else set(keys)
        self._order = self._ordered(self._visible())
        self.endResetModel()

    @property
    def key_filter(self) -> set[Any] | None:
        return self._filter

    def _relayout(self, new_order: np.ndarray) -> None:
        self.layoutAboutToBeChanged.emit()
        position = np.full(len(self._keys), -1, dtype=np.int64)
        position[new_order] = np.arange(len(new_order))
        old_order = self._order
        self._order = new_order
        persistent = self.persistentIndexList()
        moved = [self.index(int(position[old_order[index.row()]]), index.column())
                 for index in persistent]
        self.changePersistentIndexList(persistent, moved)
        self.layoutChanged.emit()

    # -- reading ---------------------------------------------------------------------------------

    def value(self, row: int, column: str) -> Any:
        """The raw value in display row ``row`` (None when undefined)."""
        return _plain(self._data[self._names.index(column)][int(self._order[row])])

    def key(self, row: int) -> Any:
        return self._keys[int(self._order[row])]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._order)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._order):
            return None
        source = int(self._order[index.row()])
        value = _plain(self._data[index.column()][source])
        if role == Qt.ItemDataRole.ToolTipRole and self._tips is not None:
            tip = self._tips(self._keys[source], self._names[index.column()])
            if tip:
                return tip
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return format_cell(value)
        if role == SORT_ROLE:
            return value
        if role == KEY_ROLE:
            return self._keys[source]
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(value, int | float) \
                and not isinstance(value, bool):
            return ALIGN_NUMBER
        if role == Qt.ItemDataRole.FontRole and self._emphasis[source]:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if role == Qt.ItemDataRole.ToolTipRole and horizontal \
                and 0 <= section < len(self._columns):
            return definition(self._names[section]) or None
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if horizontal:
            return self._columns[section][1] if 0 <= section < len(self._columns) else None
        return str(section + 1)


def heat_colour(value: float | None) -> QColor:
    """White (0) to a deep blue (1); grey when undefined."""
    if value is None:
        return QColor("#e5e7eb")
    value = min(max(value, 0.0), 1.0)
    low, high = (255, 255, 255), (29, 78, 216)
    return QColor(*(round(lo + (hi - lo) * value) for lo, hi in zip(low, high, strict=True)))


class PairMatrixModel(QAbstractTableModel):
    """Mean pairwise agreement per annotator pair; the cell colour shows the value."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.names: list[str] = []
        self._matrix = np.zeros((0, 0))
        self._counts = np.zeros((0, 0), dtype=np.int64)

    def set_matrix(self, names: Sequence[str], matrix: np.ndarray, counts: np.ndarray) -> None:
        self.beginResetModel()
        self.names = list(names)
        self._matrix = np.asarray(matrix, dtype=float)
        self._counts = np.asarray(counts)
        self.endResetModel()

    def value(self, row: int, column: int) -> float | None:
        if row == column:
            return None
        return _plain(float(self._matrix[row, column]))

    def items(self, row: int, column: int) -> int:
        return int(self._counts[row, column])

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.names)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.names)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if not (0 <= row < len(self.names) and 0 <= column < len(self.names)):
            return None
        value = self.value(row, column)
        if role == Qt.ItemDataRole.DisplayRole:
            return "" if row == column else ("—" if value is None else f"{value:.2f}")
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(QColor("#ffffff") if row == column else heat_colour(value))
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(QColor("#ffffff") if value is not None and value > 0.55
                          else QColor("#111827"))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            if row == column:
                return self.names[row]
            first, second = self.names[row], self.names[column]
            if value is None:
                return f"{first} and {second} share no item both gave substitutes for"
            return (f"{first} and {second}: pairwise agreement {value:.4f} over "
                    f"{self.items(row, column)} item(s); Enter or click lists the items "
                    "they disagree on")
        if role == SORT_ROLE:
            return value
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self.names):
            return self.names[section]
        return None


ACCEPTED = "accepted"
REJECTED = "rejected"
MergeIdentity = tuple[str, tuple[str, str] | None]


class MergeModel(QAbstractTableModel):
    """The proposed merges and the organiser's decision on each (None: not decided yet).

    The canonical form is editable; the edit is not applied here but announced with
    ``canonical_edit_requested`` so that the workspace can make it an undoable command."""

    decisions_changed = Signal()
    canonical_edit_requested = Signal(int, str)

    HEADERS = ("Variant", "Merge into", "Why", "Responses", "Scope", "Decision")
    CANONICAL = 1
    DECISION = 5

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.suggestions: list[MergeSuggestion] = []
        self.decisions: list[str | None] = []

    def set_suggestions(self, suggestions: Sequence[MergeSuggestion],
                        decisions: Sequence[str | None] | None = None,
                        announce: bool = True) -> None:
        """New proposals (with their decisions, default undecided); ``announce=False`` when
        the accepted merges are the same as before, so nothing needs recomputing."""
        self.beginResetModel()
        self.suggestions = list(suggestions)
        self.decisions = list(decisions) if decisions is not None else \
            [None] * len(self.suggestions)
        self.endResetModel()
        if announce:
            self.decisions_changed.emit()

    @staticmethod
    def identity(suggestion: MergeSuggestion) -> MergeIdentity:
        """What names a proposal across recomputations (its row may change)."""
        return (suggestion.variant, suggestion.key)

    def row_of(self, identity: MergeIdentity) -> int | None:
        for row, suggestion in enumerate(self.suggestions):
            if self.identity(suggestion) == identity:
                return row
        return None

    def set_decisions(self, changes: dict[MergeIdentity, str | None]) -> None:
        """Proposals no longer listed (their files were removed) are passed over."""
        rows = []
        for identity, decision in changes.items():
            row = self.row_of(identity)
            if row is not None:
                self.decisions[row] = decision
                rows.append(row)
        self._rows_changed(rows)

    def set_canonical(self, identity: MergeIdentity, canonical: str) -> None:
        row = self.row_of(identity)
        if row is not None:
            self.suggestions[row] = replace(self.suggestions[row], canonical=canonical)
            self._rows_changed([row])

    def _rows_changed(self, rows: list[int]) -> None:
        if rows:
            self.dataChanged.emit(self.index(min(rows), 0),
                                  self.index(max(rows), self.columnCount() - 1))
            self.decisions_changed.emit()

    def accepted(self) -> list[MergeSuggestion]:
        return [s for s, d in zip(self.suggestions, self.decisions, strict=True)
                if d == ACCEPTED]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.suggestions)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def _cell(self, row: int, column: int) -> Any:
        suggestion = self.suggestions[row]
        if column == 0:
            return suggestion.variant
        if column == 1:
            return suggestion.canonical
        if column == 2:
            return suggestion.reason
        if column == 3:
            return suggestion.responses
        if column == 4:
            return "everywhere" if suggestion.key is None else " ".join(suggestion.key)
        return self.decisions[row] or "undecided"

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.suggestions):
            return None
        row, column = index.row(), index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, SORT_ROLE):
            return self._cell(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            suggestion = self.suggestions[row]
            return (f"'{suggestion.variant}' → '{suggestion.canonical}' ({suggestion.reason}), "
                    f"{self._cell(row, 4)}: {self.decisions[row] or 'undecided'}")
        if role == Qt.ItemDataRole.ForegroundRole and column == self.DECISION:
            decision = self.decisions[row]
            colour = {"accepted": "#047857", "rejected": "#b91c1c"}.get(decision or "",
                                                                          "#6b7280")
            return QBrush(QColor(colour))
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 3:
            return ALIGN_NUMBER
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if (role != Qt.ItemDataRole.EditRole or not index.isValid()
                or index.column() != self.CANONICAL):
            return False
        text = " ".join(str(value).split())
        if not text or ";" in text or text == self.suggestions[index.row()].canonical:
            return False
        self.canonical_edit_requested.emit(index.row(), text)
        return True

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == self.CANONICAL:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.HEADERS[section] if 0 <= section < len(self.HEADERS) else None
        return str(section + 1)
