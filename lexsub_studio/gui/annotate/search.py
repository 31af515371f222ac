"""Searching the instance list: the text filters the list a moment after the last key (at once
on Enter), and each row found says why (a Found column; the words marked in the sentence)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QLineEdit, QTableView

from lexsub_studio.gui.annotate.instance_model import (
    Column,
    InstanceFilterProxy,
    InstanceTableModel,
)

SEARCH_DELAY_MS = 200


class InstanceSearch(QObject):
    #: The search now applied (the sentence on screen marks its words).
    applied = Signal(str)

    def __init__(self, edit: QLineEdit, view: QTableView, model: InstanceTableModel,
                 proxy: InstanceFilterProxy) -> None:
        super().__init__(edit)
        self._edit = edit
        self._view = view
        self._model = model
        self._proxy = proxy
        self._timer = QTimer(self, singleShot=True, interval=SEARCH_DELAY_MS)
        self._timer.timeout.connect(lambda: self.apply(self._edit.text()))
        edit.textChanged.connect(lambda _: self._timer.start())
        edit.returnPressed.connect(self.search_now)

    def apply(self, text: str) -> None:
        """Filter by ``text`` and show why each instance matched."""
        self._model.set_search(text)
        self._view.setColumnHidden(Column.MATCH, not self._model.search)
        self._proxy.set_text_filter(text)
        self.applied.emit(self._model.search)

    def apply_pending(self) -> None:
        """The text typed but not yet applied (the pause after the last key), applied now."""
        if self._timer.isActive():
            self._timer.stop()
            self.apply(self._edit.text())

    def search_now(self) -> None:
        """Enter: no waiting, and the list takes the keys when something was found."""
        self._timer.stop()
        self.apply(self._edit.text())
        if self._proxy.rowCount():
            self._view.setFocus()

    def focus(self) -> None:
        self._edit.setFocus()
        self._edit.selectAll()

    def forget(self) -> None:
        """Another corpus: no search, without filtering the old list once more."""
        self._timer.stop()
        self._edit.blockSignals(True)
        self._edit.clear()
        self._edit.blockSignals(False)
        self._model.set_search("")
        self._view.setColumnHidden(Column.MATCH, True)
