"""Small shared widget helpers."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QMimeData
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
