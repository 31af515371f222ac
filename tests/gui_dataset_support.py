"""Shared helpers of the Dataset workspace tests (no tests here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gui_support import make_window
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QTextBrowser,
    QWidget,
)

from lexsub_studio.gui.main_window import MainWindow

REPO = Path(__file__).resolve().parent.parent
CONLL_FILES = [REPO / "data" / "conll" / name for name in ("sample-a.conll", "sample-b.conll")]
DOC = REPO / "docs" / "automation.md"
INTERACTIVE = (QAbstractButton, QLineEdit, QComboBox, QAbstractItemView, QTextBrowser,
               QAbstractSpinBox, QPlainTextEdit)


def documented_names() -> set[str]:
    return set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", DOC.read_text(encoding="utf-8")))


def interactive_widgets(root: QWidget) -> list[QWidget]:
    """The widgets a person or a script acts on, Qt's own internals left out."""
    found = []
    for widget in root.findChildren(QWidget):
        if widget.window() is not root.window():
            continue
        if isinstance(widget, QHeaderView) or widget.objectName().startswith("qt_"):
            continue
        if isinstance(widget.parent(), (QLineEdit, QAbstractSpinBox)):
            continue
        if isinstance(widget, INTERACTIVE):
            found.append(widget)
    return found


def main_window_with(qtbot, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    """A main window holding the Annotate and Dataset workspaces only, so that these tests
    depend on no other workspace."""
    from lexsub_studio.gui import main_window
    from lexsub_studio.gui.annotate.workspace import AnnotateWorkspace
    from lexsub_studio.gui.dataset.workspace import DatasetWorkspace
    from lexsub_studio.gui.workspace import WorkspaceSpec

    specs = [WorkspaceSpec("annotate", "Annotate", AnnotateWorkspace, "Annotate",
                           built_with_window=True),
             WorkspaceSpec("dataset", "Dataset", DatasetWorkspace, "Dataset",
                           built_with_window=True)]
    monkeypatch.setattr(main_window, "workspace_specs", lambda: specs)
    return make_window(qtbot)
