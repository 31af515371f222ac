"""Small shared widget helpers."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QMimeData
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QWidget

W = TypeVar("W", bound=QWidget)


def named(widget: W, object_name: str, accessible_name: str,
          description: str | None = None) -> W:
    """Give a widget the objectName (automation, tests) and accessibleName (screen readers)
    listed in docs/automation.md."""
    widget.setObjectName(object_name)
    widget.setAccessibleName(accessible_name)
    if description:
        widget.setAccessibleDescription(description)
        widget.setToolTip(description)
    return widget


def dropped_local_paths(mime: QMimeData) -> list[str]:
    """The local files a drag carries (every workspace that takes dropped files asks this)."""
    return [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]


class TakesDroppedFiles:
    """Put before a QWidget base: dragged local files are accepted, and dropped ones handed to
    ``take_dropped_files`` (the widget still needs ``setAcceptDrops(True)``)."""

    def take_dropped_files(self, paths: list[str]) -> object:
        raise TypeError(f"{type(self).__name__} takes dropped files but does not say how")

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_local_paths(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = dropped_local_paths(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.take_dropped_files(paths)
