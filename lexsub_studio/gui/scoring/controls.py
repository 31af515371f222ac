"""Named controls of the Scoring workspace, built one way everywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QPushButton,
    QTableView,
    QToolBar,
    QWidget,
)

from lexsub_studio.core.scoring.compare.league import measure_label
from lexsub_studio.gui.widgets import named


def button(parent: QWidget, text: str, name: str, slot: Callable[..., Any],
           description: str) -> QPushButton:
    widget = named(QPushButton(text, parent), name, text.rstrip("…"), description)
    widget.clicked.connect(slot)
    return widget


def combo(parent: QWidget, name: str, accessible: str,
          items: list[tuple[str, Any]]) -> QComboBox:
    widget = named(QComboBox(parent), name, accessible)
    # Sized by a few characters, not by the longest entry (12,000 lexelts, long names).
    widget.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    widget.setMinimumContentsLength(14)
    for text, data in items:
        widget.addItem(text, data)
    return widget


def measure_combo(parent: QWidget, name: str, accessible: str, keys: list[str]) -> QComboBox:
    """A choice of figures, shown by label (``best recall``), holding the key (``best.recall``)."""
    return combo(parent, name, accessible, [(measure_label(key), key) for key in keys])


def set_choices(widget: QComboBox, names: list[str]) -> None:
    """Replace the entries, keeping the current one if it is still there, without signals."""
    current = widget.currentText()
    widget.blockSignals(True)
    widget.clear()
    widget.addItems(names)
    if current in names:
        widget.setCurrentText(current)
    widget.blockSignals(False)


def toolbar(parent: QWidget, name: str, accessible: str) -> QToolBar:
    """A row of controls that never widens the window: what does not fit goes into the tool
    bar's overflow menu."""
    bar = named(QToolBar(parent), name, accessible)
    bar.setMovable(False)
    bar.setFloatable(False)
    return bar


def table_view(parent: QWidget, name: str, accessible: str) -> QTableView:
    view = named(QTableView(parent), name, accessible)
    # No sort column at first: rows stay in the order systems were added (items: file order).
    view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
    view.setSortingEnabled(True)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    # Fitting columns looks at a sample of rows, not at 100,000 of them.
    view.horizontalHeader().setResizeContentsPrecision(50)
    view.verticalHeader().setDefaultSectionSize(22)
    view.setAlternatingRowColors(True)
    return view
