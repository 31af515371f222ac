"""Finds interactive widgets a window cuts off (no tests here; used by test_gui_layout.py)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QScrollBar,
    QTabBar,
    QTextEdit,
    QToolBar,
    QWidget,
)

INTERACTIVE = (QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox, QAbstractItemView,
               QAbstractSlider, QTextEdit, QPlainTextEdit, QTabBar)
#: A scrolling list or text may be shorter than its content; it must still show this much.
MIN_VIEW_HEIGHT = 40


def _in_scrolled_content(widget: QWidget) -> bool:
    """Inside a scroll area's viewport the user scrolls to it: not cut off."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent.parentWidget(), QAbstractScrollArea) and \
                parent is parent.parentWidget().viewport() and \
                not isinstance(widget.parentWidget(), QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def _past_a_side_that_does_not_scroll(widget: QWidget) -> bool:
    """Inside a scroll area whose horizontal scroll bar is off, the user cannot scroll to a
    part past the viewport's right edge (under the vertical scroll bar, say)."""
    parent = widget.parentWidget()
    while parent is not None:
        area = parent.parentWidget()
        if isinstance(area, QAbstractScrollArea) and parent is area.viewport() and \
                area.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
            right = widget.mapTo(parent, QPoint(widget.width(), 0)).x()
            return right > parent.width()
        parent = parent.parentWidget()
    return False


def overflowed_toolbar_widgets(window: QWidget) -> list[str]:
    """Controls of a shown tool bar that did not fit and went into its overflow menu."""
    hidden: list[str] = []
    for bar in window.findChildren(QToolBar):
        if not bar.isVisible() or bar.window() is not window:
            continue
        for action in bar.actions():
            widget = bar.widgetForAction(action)
            if isinstance(widget, INTERACTIVE) and action.isVisible() and \
                    not widget.isVisible():
                hidden.append(f"{widget.objectName() or type(widget).__name__}: in the overflow "
                              f"menu of {bar.objectName()}")
    return hidden


def cut_off_widgets(window: QWidget) -> list[str]:
    """Visible interactive widgets of ``window`` not wholly shown: outside an ancestor's
    rectangle, narrower or lower than Qt's minimum size for them, or outside the window."""
    problems: list[str] = []
    window_rect = window.rect()
    for widget in window.findChildren(QWidget):
        if not isinstance(widget, INTERACTIVE) or isinstance(widget, QScrollBar | QHeaderView):
            continue
        if not widget.isVisible() or widget.window() is not window:
            continue
        if widget.objectName().startswith("qt_"):
            continue
        name = widget.objectName() or f"{type(widget).__name__} in " \
                                      f"{widget.parentWidget().objectName()}"
        if _past_a_side_that_does_not_scroll(widget):
            problems.append(f"{name}: past the right edge of a panel that does not scroll "
                            f"sideways")
            continue
        if _in_scrolled_content(widget):
            continue
        top_left = widget.mapTo(window, QPoint(0, 0))
        rect = QRect(top_left, widget.size())
        visible = rect.intersected(window_rect)
        parent = widget.parentWidget()
        while parent is not None and parent is not window:
            parent_rect = QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
            visible = visible.intersected(parent_rect)
            parent = parent.parentWidget()
        if visible != rect:
            problems.append(f"{name}: shows {visible.width()}x{visible.height()} of "
                            f"{rect.width()}x{rect.height()}")
            continue
        minimum = widget.minimumSizeHint()
        if isinstance(widget, (QAbstractItemView, QTextEdit, QPlainTextEdit)):
            if widget.height() < MIN_VIEW_HEIGHT:
                problems.append(f"{name}: only {widget.height()} px high")
        elif isinstance(widget, QAbstractButton | QComboBox | QLineEdit) and (
                widget.width() < minimum.width() or widget.height() < minimum.height()):
            problems.append(f"{name}: {widget.width()}x{widget.height()}, needs "
                            f"{minimum.width()}x{minimum.height()}")
    return problems + overflowed_toolbar_widgets(window)
