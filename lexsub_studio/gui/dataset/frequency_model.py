"""The wizard's table of lemma.pos frequencies: checkable rows, sortable, filterable.

Ticked targets are kept by lexelt, not by row, so they survive sorting, filtering and a re-read
of the files (a target still present stays ticked). ``checked_targets`` lists them in the
core's frequency order (most tokens first), which is the order of the corpus's lexelts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QObject,
    QSortFilterProxyModel,
    Qt,
    Signal,
)

from lexsub_studio.core.dataset.make_task import LemmaPosFrequency
from lexsub_studio.core.model.data import POS_NAMES
from lexsub_studio.gui import table_model
from lexsub_studio.gui.table_model import AnyIndex, ColumnTableModel
from lexsub_studio.gui.table_roles import ALIGN_NUMBER, KEY_ROLE, SORT_ROLE

#: Role returning the row's lexelt, whatever the column (the row's key).
LEXELT_ROLE = KEY_ROLE


class FrequencyColumn(IntEnum):
    TARGET = 0
    LEMMA = 1
    POS = 2
    TOKENS = 3
    SENTENCES = 4


HEADERS = {
    FrequencyColumn.TARGET: (
        QT_TRANSLATE_NOOP("FrequencyModel", "Target"),
        QT_TRANSLATE_NOOP("FrequencyModel", "lemma.pos; tick it to make it a target"),
    ),
    FrequencyColumn.LEMMA: (
        QT_TRANSLATE_NOOP("FrequencyModel", "Lemma"),
        QT_TRANSLATE_NOOP("FrequencyModel", "the lemma column of the files"),
    ),
    FrequencyColumn.POS: (
        QT_TRANSLATE_NOOP("FrequencyModel", "PoS"),
        QT_TRANSLATE_NOOP("FrequencyModel", "mapped from the PTB tag: NN* n, VB* v, JJ* a, RB* r"),
    ),
    FrequencyColumn.TOKENS: (
        QT_TRANSLATE_NOOP("FrequencyModel", "Tokens"),
        QT_TRANSLATE_NOOP("FrequencyModel", "how many tokens have this lemma and PoS"),
    ),
    FrequencyColumn.SENTENCES: (
        QT_TRANSLATE_NOOP("FrequencyModel", "Sentences"),
        QT_TRANSLATE_NOOP("FrequencyModel", "how many sentences hold it: the most instances it can "
                                            "get"),
    ),
}


def _frequency_columns(checked: Callable[[LemmaPosFrequency], bool]
                       ) -> list[table_model.Column[LemmaPosFrequency]]:
    """The columns, in FrequencyColumn's order; ``checked`` says whether a row is ticked."""

    def column(key: FrequencyColumn, value: Callable[[LemmaPosFrequency], Any],
               **options: Any) -> table_model.Column[LemmaPosFrequency]:
        title, description = HEADERS[key]
        return table_model.Column(
            QCoreApplication.translate("FrequencyModel", title), value,
            header_tooltip=QCoreApplication.translate("FrequencyModel", description), **options)

    return [
        column(FrequencyColumn.TARGET, lambda row: row.lexelt, checked=checked),
        column(FrequencyColumn.LEMMA, lambda row: row.lemma),
        column(FrequencyColumn.POS, lambda row: row.pos,
               display=lambda row: f"{row.pos} ({POS_NAMES.get(row.pos, '?')})"),
        column(FrequencyColumn.TOKENS, lambda row: row.tokens, alignment=ALIGN_NUMBER),
        column(FrequencyColumn.SENTENCES, lambda row: row.sentences, alignment=ALIGN_NUMBER),
    ]


class FrequencyTableModel(ColumnTableModel):
    #: The set of ticked targets changed.
    checked_changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent=parent)
        self._rows: list[LemmaPosFrequency] = []
        self._checked: set[str] = set()
        self.set_columns(_frequency_columns(lambda row: row.lexelt in self._checked))
        self.set_row_roles({LEXELT_ROLE: lambda row: row.lexelt})

    def row_count(self) -> int:
        return len(self._rows)

    def record(self, row: int) -> LemmaPosFrequency:
        return self._rows[row]

    def set_rows(self, rows: Sequence[LemmaPosFrequency]) -> None:
        """New frequencies; ticks on targets that are still there are kept."""
        self.beginResetModel()
        self._rows = list(rows)
        present = {row.lexelt for row in self._rows}
        self._checked &= present
        self.endResetModel()
        self.checked_changed.emit()

    def row_data(self, row: int) -> LemmaPosFrequency:
        return self._rows[row]

    def checked_targets(self) -> list[str]:
        return [row.lexelt for row in self._rows if row.lexelt in self._checked]

    def set_checked(self, lexelts: Iterable[str], checked: bool) -> None:
        """Tick or untick several targets at once (one signal)."""
        wanted = set(lexelts)
        changed = []
        for number, row in enumerate(self._rows):
            if row.lexelt in wanted and (row.lexelt in self._checked) != checked:
                changed.append(number)
                if checked:
                    self._checked.add(row.lexelt)
                else:
                    self._checked.discard(row.lexelt)
        for number in changed:
            index = self.index(number, FrequencyColumn.TARGET)
            self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole])
        if changed:
            self.checked_changed.emit()

    def clear_checked(self) -> None:
        self.set_checked(list(self._checked), False)

    def setData(self, index: AnyIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if (role != Qt.ItemDataRole.CheckStateRole or not index.isValid()
                or index.column() != FrequencyColumn.TARGET
                or not 0 <= index.row() < len(self._rows)):
            return False
        checked = Qt.CheckState(value) == Qt.CheckState.Checked if isinstance(
            value, (int, Qt.CheckState)) else bool(value)
        self.set_checked([self._rows[index.row()].lexelt], checked)
        return True


class FrequencyFilterProxy(QSortFilterProxyModel):
    """Filters by text (in the lexelt), PoS and a minimum token count; numbers sort as
    numbers."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._pos: str | None = None
        self._min_tokens = 1
        self.setSortRole(SORT_ROLE)

    def set_text_filter(self, text: str) -> None:
        self._change(text=text.strip().casefold())

    def set_pos_filter(self, pos: str | None) -> None:
        self._change(pos=pos or None)

    def set_min_tokens(self, count: int) -> None:
        self._change(min_tokens=count)

    def _change(self, **values: Any) -> None:
        begin = getattr(self, "beginFilterChange", None)
        if begin is not None:  # Qt 6.9 and later
            begin()
        for name, value in values.items():
            setattr(self, f"_{name}", value)
        if begin is not None:
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.invalidateRowsFilter()

    def shown_targets(self) -> list[str]:
        return [str(self.index(row, 0).data(LEXELT_ROLE)) for row in range(self.rowCount())]

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        model = self.sourceModel()
        if not isinstance(model, FrequencyTableModel):
            return True
        row = model.row_data(source_row)
        if self._pos is not None and row.pos != self._pos:
            return False
        if row.tokens < self._min_tokens:
            return False
        return not self._text or self._text in row.lexelt.casefold()
