"""The text size of the whole window: Ctrl+= larger, Ctrl+- smaller, Ctrl+0 as the system has
it; remembered in the settings. Widgets that scale their own font (the sentence, headings)
rescale on QEvent.ApplicationFontChange."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

MIN_POINT_SIZE = 7.0
MAX_POINT_SIZE = 28.0
STEP = 1.0


_system_point_size: float | None = None


def system_point_size() -> float:
    """The size the platform gave the application font, before any change made here."""
    global _system_point_size
    if _system_point_size is None:
        _system_point_size = QApplication.font().pointSizeF()
    return _system_point_size


def clamp_point_size(size: float) -> float:
    return min(MAX_POINT_SIZE, max(MIN_POINT_SIZE, round(size * 2) / 2))


def current_point_size() -> float:
    return QApplication.font().pointSizeF()


def apply_point_size(size: float) -> float:
    """Set the application's font size (clamped); returns the size set."""
    size = clamp_point_size(size)
    font = QApplication.font()
    if font.pointSizeF() != size:
        font.setPointSizeF(size)
        QApplication.setFont(font)
    return size
