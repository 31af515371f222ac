"""One table model for every table of the GUI: each column described once (``Column``), and one
role dispatch (``ColumnTableModel.data``) instead of a chain of ``if role == ...`` per model.

A column says, as callables of a row's *record*, what its cells show (display), hold (value,
sort key), explain (tool tip, accessible description) and how they look (alignment, colours,
font, check state). What a record is belongs to the model: a frequency row, a list of values,
or simply the source row's number when the model reads its data in place (the annotation list
of 100,000 instances copies nothing). Roles that mean the same in every column (a row's key, its
status) are given once, as ``row_roles``.

The dispatch is a dictionary per column, built when the columns are set, so ``data()`` costs
two look-ups and one call whatever the number of roles a model answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from lexsub_studio.gui.table_roles import SORT_ROLE

AnyIndex = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
#: What every cell of a read-only table is: enabled, selectable, never a parent.
ROW_FLAGS = (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
             | Qt.ItemFlag.ItemNeverHasChildren)

Record = TypeVar("Record")
#: What a column or a row answers for one role, from the row's record.
RoleAnswer = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class Column(Generic[Record]):
    """One column of a table: its header and what each of its cells answers, each a function of
    the row's record (None: the column does not answer that role)."""

    header: str
    #: The cell's raw value (a number as a number); also its sort key unless ``sort_key``.
    value: Callable[[Record], Any]
    #: The text shown (default: the value itself).
    display: Callable[[Record], Any] | None = None
    tooltip: Callable[[Record], Any] | None = None
    #: The header's tool tip: the column's meaning.
    header_tooltip: str | None = None
    #: A fixed alignment (``table_roles.ALIGN_NUMBER``) or one per cell.
    alignment: int | Callable[[Record], Any] | None = None
    foreground: Callable[[Record], Any] | None = None
    background: Callable[[Record], Any] | None = None
    font: Callable[[Record], Any] | None = None
    #: What the model's sort role answers (default: the value).
    sort_key: Callable[[Record], Any] | None = None
    #: Read by screen readers after the text (``best in its column``).
    accessible: Callable[[Record], Any] | None = None
    #: A tick box in the cell: true when ticked.
    checked: Callable[[Record], bool] | None = None
    editable: bool = False
    #: Any further role, by its number.
    roles: Mapping[int, Callable[[Record], Any]] = field(default_factory=dict)


def _constant(value: Any) -> RoleAnswer:
    return lambda _record: value


def _check_state(checked: Callable[[Any], bool]) -> RoleAnswer:
    return lambda record: (Qt.CheckState.Checked if checked(record)
                           else Qt.CheckState.Unchecked)


def _handlers(column: Column[Any], sort_role: int | None) -> dict[int, RoleAnswer]:
    """The column's answers by role number, looked up once per ``data()`` call."""
    roles: dict[int, RoleAnswer | None] = {
        Qt.ItemDataRole.DisplayRole: column.display or column.value,
        Qt.ItemDataRole.ToolTipRole: column.tooltip,
        Qt.ItemDataRole.TextAlignmentRole: (
            _constant(column.alignment) if isinstance(column.alignment, int)
            else column.alignment),
        Qt.ItemDataRole.ForegroundRole: column.foreground,
        Qt.ItemDataRole.BackgroundRole: column.background,
        Qt.ItemDataRole.FontRole: column.font,
        Qt.ItemDataRole.AccessibleDescriptionRole: column.accessible,
        Qt.ItemDataRole.CheckStateRole: (_check_state(column.checked) if column.checked
                                         else None),
    }
    if column.editable:
        roles[Qt.ItemDataRole.EditRole] = column.value
    if sort_role is not None:
        roles[sort_role] = column.sort_key or column.value
    roles.update(column.roles)
    return {int(role): handler for role, handler in roles.items() if handler is not None}


class ColumnTableModel(QAbstractTableModel):
    """A table model over ``Column`` descriptions.

    Subclasses say how many rows there are (``row_count``) and what the columns receive for a
    display row (``record``); the rest is here. ``sort_role`` is the role answering each
    column's sort key (None for a model whose roles use that number otherwise).
    """

    def __init__(self, columns: Sequence[Column[Any]] = (), parent: QObject | None = None,
                 sort_role: int | None = SORT_ROLE) -> None:
        super().__init__(parent)
        self._sort_role = sort_role
        self._columns: list[Column[Any]] = []
        self._handlers: list[dict[int, RoleAnswer]] = []
        #: Roles that answer the same in every column (a row's key, its status).
        self.row_roles: dict[int, RoleAnswer] = {}
        self._compile(columns)

    # -- what subclasses give --------------------------------------------------------------------

    def row_count(self) -> int:
        return 0

    def record(self, row: int) -> Any:
        """What the columns' functions receive for display row ``row`` (default: the row)."""
        return row

    def vertical_header(self, section: int, role: int) -> Any:
        """The row headers (default: none)."""
        return None

    # -- columns ---------------------------------------------------------------------------------

    @property
    def columns(self) -> list[Column[Any]]:
        return self._columns

    def _compile(self, columns: Sequence[Column[Any]]) -> None:
        self._columns = list(columns)
        self._handlers = [_handlers(column, self._sort_role) for column in self._columns]

    def set_columns(self, columns: Sequence[Column[Any]]) -> None:
        """New columns; call it between beginResetModel and endResetModel."""
        self._compile(columns)

    def set_row_roles(self, roles: Mapping[int, RoleAnswer]) -> None:
        self.row_roles = {int(role): handler for role, handler in roles.items()}

    # -- QAbstractTableModel -----------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = _ROOT) -> int:
        return 0 if parent.isValid() else self.row_count()

    def columnCount(self, parent: AnyIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._columns)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row, column = index.row(), index.column()
        # An invalid index is (-1, -1): the bounds check covers it.
        if not (0 <= column < len(self._handlers) and 0 <= row < self.row_count()):
            return None
        handler = self._handlers[column].get(role) or self.row_roles.get(role)
        return None if handler is None else handler(self.record(row))

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Vertical:
            return self.vertical_header(section, role)
        if not 0 <= section < len(self._columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._columns[section].header
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._columns[section].header_tooltip
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        column = self._columns[index.column()] if index.column() < len(self._columns) else None
        flags = ROW_FLAGS
        if column is not None and column.checked is not None:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        if column is not None and column.editable:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags


def row_number(section: int, role: int) -> Any:
    """Row headers that number the rows from 1 (as text, as the views show them)."""
    return str(section + 1) if role == Qt.ItemDataRole.DisplayRole else None
