"""Table models of the Gold & Agreement workspace.

``FrameModel`` shows a pandas table (figures, per-PoS and per-target breakdowns, items, one
item's answers, the gold preview); ``PairMatrixModel`` is the annotator x annotator heatmap;
``MergeModel`` the merge suggestions with the organiser's decisions. FrameModel sorts by the raw
values (undefined last), not by the formatted text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from lexsub_studio.core.agreement.terms import definition
from lexsub_studio.core.gold.normalise import MergeSuggestion
from lexsub_studio.core.present import numbers
from lexsub_studio.gui import table_model
from lexsub_studio.gui.gold.views import TableData, table_data
from lexsub_studio.gui.table_model import ColumnTableModel, row_number
from lexsub_studio.gui.table_roles import ALIGN_NUMBER, KEY_ROLE, Index


def format_cell(value: Any) -> str:
    """A cell of an agreement or gold table: four decimals, yes/no, a dash when undefined
    (core/present/numbers.py)."""
    return numbers.cell(value, "gui", numbers.AGREEMENT_DECIMALS)


class FrameModel(ColumnTableModel):
    """Read-only view of a DataFrame: ``columns`` are (column, header) pairs; ``key_column``
    (optional) is returned under KEY_ROLE; a true ``emphasis_column`` makes the row bold.

    Sorting and the key filter are done here with numpy on whole columns, not by a proxy
    comparing rows one pair at a time in Python (which takes seconds on 100,000 items)."""

    def __init__(self, columns: Sequence[tuple[str, str]], parent: QObject | None = None,
                 key_column: str | None = None, emphasis_column: str | None = None,
                 tips: Callable[[Any, str], str | None] | None = None,
                 header_tips: Callable[[str], str] = definition) -> None:
        super().__init__(parent=parent)
        #: A cell's tool tip from its row key and column name (None: the cell's text).
        self._tips = tips
        #: A header's tool tip from its column name ("": none).
        self._header_tips = header_tips
        self._names = [name for name, _ in columns]
        self.set_columns([self._frame_column(position, name, header)
                          for position, (name, header) in enumerate(columns)])
        self.set_row_roles({
            KEY_ROLE: lambda source: self._keys[source],
            Qt.ItemDataRole.FontRole: lambda source: self._bold if self._emphasis[source]
            else None,
        })
        self._bold = QFont()
        self._bold.setBold(True)
        self._key_column = key_column
        self._emphasis_column = emphasis_column
        self._data: list[list[Any]] = [[] for _ in columns]
        self._ranks: list[np.ndarray] = [np.zeros(0) for _ in columns]
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
        if not 0 <= column < len(self.columns):
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

    def _frame_column(self, position: int, name: str, header: str) -> table_model.Column[int]:
        """Column ``position`` (``name`` in the frame) of a source row."""

        def value(source: int) -> Any:
            return numbers.plain(self._data[position][source])

        def tooltip(source: int) -> str:
            tip = self._tips(self._keys[source], name) if self._tips is not None else None
            return tip or format_cell(value(source))

        def alignment(source: int) -> int | None:
            cell = value(source)
            return ALIGN_NUMBER if isinstance(cell, int | float) and not isinstance(cell, bool) \
                else None

        return table_model.Column(header, value,
                                  display=lambda source: format_cell(value(source)),
                                  tooltip=tooltip, alignment=alignment,
                                  header_tooltip=self._header_tips(name) or None)

    def value(self, row: int, column: str) -> Any:
        """The raw value in display row ``row`` (None when undefined)."""
        return numbers.plain(self._data[self._names.index(column)][int(self._order[row])])

    def key(self, row: int) -> Any:
        return self._keys[int(self._order[row])]

    def row_count(self) -> int:
        return len(self._order)

    def record(self, row: int) -> int:
        return int(self._order[row])

    def vertical_header(self, section: int, role: int) -> Any:
        return row_number(section, role)


def heat_colour(value: float | None) -> QColor:
    """White (0) to a deep blue (1); grey when undefined."""
    if value is None:
        return QColor("#e5e7eb")
    value = min(max(value, 0.0), 1.0)
    low, high = (255, 255, 255), (29, 78, 216)
    return QColor(*(round(lo + (hi - lo) * value) for lo, hi in zip(low, high, strict=True)))


class PairMatrixModel(ColumnTableModel):
    """Mean pairwise agreement per annotator pair; the cell colour shows the value."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent=parent)
        self.names: list[str] = []
        self._matrix = np.zeros((0, 0))
        self._counts = np.zeros((0, 0), dtype=np.int64)

    def set_matrix(self, names: Sequence[str], matrix: ArrayLike, counts: ArrayLike) -> None:
        self.beginResetModel()
        self.names = list(names)
        self._matrix = np.asarray(matrix, dtype=float)
        self._counts = np.asarray(counts)
        self.set_columns([self._annotator_column(column) for column in range(len(self.names))])
        self.endResetModel()

    def _annotator_column(self, column: int) -> table_model.Column[int]:
        """The column of one annotator; a record is the row's annotator."""

        def display(row: int) -> str:
            return "" if row == column else numbers.figure(self.value(row, column), "gui", 2)

        def background(row: int) -> QBrush:
            return QBrush(QColor("#ffffff") if row == column
                          else heat_colour(self.value(row, column)))

        def foreground(row: int) -> QBrush:
            value = self.value(row, column)
            return QBrush(QColor("#ffffff") if value is not None and value > 0.55
                          else QColor("#111827"))

        def tooltip(row: int) -> str:
            if row == column:
                return self.names[row]
            first, second = self.names[row], self.names[column]
            value = self.value(row, column)
            if value is None:
                return f"{first} and {second} share no item both gave substitutes for"
            return (f"{first} and {second}: pairwise agreement "
                    f"{numbers.agreement(value, 'gui')} over {self.items(row, column)} "
                    "item(s); Enter or click lists the items they disagree on")

        return table_model.Column(
            self.names[column], lambda row: self.value(row, column), display=display,
            tooltip=tooltip, background=background, foreground=foreground,
            alignment=int(Qt.AlignmentFlag.AlignCenter),
            roles={Qt.ItemDataRole.AccessibleTextRole: tooltip})

    def value(self, row: int, column: int) -> float | None:
        if row == column:
            return None
        return numbers.plain(float(self._matrix[row, column]))

    def items(self, row: int, column: int) -> int:
        return int(self._counts[row, column])

    def row_count(self) -> int:
        return len(self.names)

    def vertical_header(self, section: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self.names):
            return self.names[section]
        return None


ACCEPTED = "accepted"
REJECTED = "rejected"
MergeIdentity = tuple[str, tuple[str, str] | None]


class MergeModel(ColumnTableModel):
    """The proposed merges and the organiser's decision on each (None: not decided yet).

    The canonical form is editable; the edit is not applied here but announced with
    ``canonical_edit_requested`` so that the workspace can make it an undoable command."""

    decisions_changed = Signal()
    canonical_edit_requested = Signal(int, str)

    HEADERS = (QT_TRANSLATE_NOOP("GoldColumns", "Variant"),
               QT_TRANSLATE_NOOP("GoldColumns", "Merge into"),
               QT_TRANSLATE_NOOP("GoldColumns", "Why"),
               QT_TRANSLATE_NOOP("GoldColumns", "Responses"),
               QT_TRANSLATE_NOOP("GoldColumns", "Scope"),
               QT_TRANSLATE_NOOP("GoldColumns", "Decision"))
    CANONICAL = 1
    RESPONSES = 3
    DECISION = 5

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent=parent)
        self.suggestions: list[MergeSuggestion] = []
        self.decisions: list[str | None] = []
        self.set_columns([self._merge_column(column) for column in range(len(self.HEADERS))])
        self.set_row_roles({Qt.ItemDataRole.ToolTipRole: self._tooltip})

    def _merge_column(self, column: int) -> table_model.Column[int]:
        """A column of the proposals; a record is the proposal's row."""
        foreground: Callable[[int], QBrush] | None = None
        if column == self.DECISION:
            def foreground(row: int) -> QBrush:
                colour = {"accepted": "#047857", "rejected": "#b91c1c"}.get(
                    self.decisions[row] or "", "#6b7280")
                return QBrush(QColor(colour))
        return table_model.Column(
            QCoreApplication.translate("GoldColumns", self.HEADERS[column]),
            lambda row: self._cell(row, column), foreground=foreground,
            alignment=ALIGN_NUMBER if column == self.RESPONSES else None,
            editable=column == self.CANONICAL)

    def _tooltip(self, row: int) -> str:
        suggestion = self.suggestions[row]
        return (f"'{suggestion.variant}' → '{suggestion.canonical}' ({suggestion.reason}), "
                f"{self._cell(row, 4)}: {self.decisions[row] or 'undecided'}")

    def row_count(self) -> int:
        return len(self.suggestions)

    def vertical_header(self, section: int, role: int) -> Any:
        return row_number(section, role)

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

    def set_decisions(self, changes: Mapping[MergeIdentity, str | None]) -> None:
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

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if (role != Qt.ItemDataRole.EditRole or not index.isValid()
                or index.column() != self.CANONICAL):
            return False
        text = " ".join(str(value).split())
        if not text or ";" in text or text == self.suggestions[index.row()].canonical:
            return False
        self.canonical_edit_requested.emit(index.row(), text)
        return True
