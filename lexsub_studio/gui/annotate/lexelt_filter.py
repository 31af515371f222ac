"""The target filter's choices as a model: "All targets", then one row per target with its
progress, every text made when Qt asks for it.

A corpus may hold as many targets as instances (100,000 lexelts of one instance each): one
combo item per target, made as the corpus opens, froze the window for seconds. This model holds
the list of lexelts alone; a row's text is made when the combo or its popup shows it, and a
target is found by a dictionary, not by asking every row (``QComboBox.findData``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

AnyIndex = QModelIndex | QPersistentModelIndex


class LexeltFilterModel(QAbstractListModel):
    """Row 0 is every target (its data None); row ``n`` is ``lexelts[n - 1]``, its data the
    lexelt and its text ``text_of(lexelt)``."""

    def __init__(self, every_target: str, text_of: Callable[[str], str],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._every_target = every_target
        self._text_of = text_of
        self._lexelts: list[str] = []
        #: Row of each lexelt, built the first time a lexelt is looked up.
        self._rows: dict[str, int] | None = None

    def set_lexelts(self, lexelts: list[str]) -> None:
        self.beginResetModel()
        self._lexelts = lexelts
        self._rows = None
        self.endResetModel()

    def lexelts(self) -> list[str]:
        return self._lexelts

    def row_of(self, lexelt: str | None) -> int:
        """The row of ``lexelt`` (0 for None), -1 when it is not a choice."""
        if lexelt is None:
            return 0
        if self._rows is None:
            self._rows = {name: row for row, name in enumerate(self._lexelts, start=1)}
        return self._rows.get(lexelt, -1)

    def lexelt_at(self, row: int) -> str | None:
        return self._lexelts[row - 1] if 1 <= row <= len(self._lexelts) else None

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 (Qt's default)
        return 0 if parent.isValid() else len(self._lexelts) + 1

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        row = index.row()
        if not index.isValid() or not 0 <= row <= len(self._lexelts):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self._every_target if row == 0 else self._text_of(self._lexelts[row - 1])
        if role == Qt.ItemDataRole.UserRole:
            return None if row == 0 else self._lexelts[row - 1]
        return None

    def refresh(self, lexelts: Iterable[str]) -> None:
        """These targets' texts changed (their progress)."""
        for lexelt in lexelts:
            row = self.row_of(lexelt)
            if row > 0:
                index = self.index(row, 0)
                self.dataChanged.emit(index, index, [Qt.ItemDataRole.DisplayRole])

    def refresh_all(self) -> None:
        """Every target's text changed (the PoS shown or hidden)."""
        if self._lexelts:
            self.dataChanged.emit(self.index(1, 0), self.index(len(self._lexelts), 0),
                                  [Qt.ItemDataRole.DisplayRole])
