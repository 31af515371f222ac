"""The table view every Gold & Agreement panel uses for a FrameModel: rows selected whole,
read-only, no sort until asked for."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractItemModel, QCoreApplication, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from lexsub_studio.gui.widgets import named


def frame_table(parent: QWidget, name: str, accessible: str, model: QAbstractItemModel,
                description: str | None = None, sorting: bool = True) -> QTableView:
    view = named(QTableView(parent), name, accessible, description)
    view.setModel(model)
    # No sort until asked for: tables start in the data's own order (gold and corpus order).
    view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
    view.setSortingEnabled(sorting)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.verticalHeader().setVisible(False)
    view.setTabKeyNavigation(False)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    view.horizontalHeader().setStretchLastSection(True)
    return view


def translated_columns(columns: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """(column, header) pairs with the headers in the user's language (views.py marks them)."""
    return [(name, QCoreApplication.translate("GoldColumns", header))
            for name, header in columns]
