"""The screen shown when nothing is open: open a file, the demo corpus, or a recent file."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.gui.widgets import named
from lexsub_studio.paths import demo_corpus


class StartScreen(QWidget):
    open_requested = Signal()
    path_requested = Signal(str)
    #: The demo lesson (the window opens its corpus and gives each workspace its files).
    demo_requested = Signal()
    #: The key of a workspace that works without an open corpus (Gold & Agreement, Scoring ...).
    workspace_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "startScreen", self.tr("Start screen"))
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        column = QVBoxLayout()
        outer.addLayout(column, 3)
        outer.addStretch(1)

        title = QLabel(self.tr("LexSub Studio"), self)
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 2.2)
        font.setBold(True)
        title.setFont(font)
        subtitle = QLabel(
            self.tr("Lexical substitution: for each sentence, give up to three words that could "
                    "replace the highlighted target."), self)
        subtitle.setWordWrap(True)

        self.open_button = named(QPushButton(self.tr("Open a corpus or annotator package…"), self),
                                 "openButton", self.tr("Open a file"),
                                 self.tr("Open a lexelt XML corpus or a .lexsubpkg package "
                                         "(Ctrl+O)"))
        self.demo_button = named(QPushButton(self.tr("Try the demo corpus"), self), "demoButton",
                                 self.tr("Open the demo lesson"),
                                 self.tr("The small demo bundled with LexSub Studio: its corpus "
                                         "to annotate, five annotators' responses pooled in "
                                         "Gold & Agreement, its gold and systems in Scoring"))
        self.demo_button.setEnabled(demo_corpus().is_file())
        for button in (self.open_button, self.demo_button):
            button.setMinimumHeight(40)
        self.open_button.setDefault(True)

        self.recent_label = QLabel(self.tr("Recent files"), self)
        self.recent_list = named(QListWidget(self), "recentList", self.tr("Recent files"),
                                 self.tr("Files opened before; Enter or double-click opens one"))
        self.recent_list.setMaximumHeight(220)
        hint = QLabel(self.tr("Drop any file onto this window: a corpus or package opens in "
                              "Annotate, responses in Gold & Agreement, a gold or system outputs "
                              "in Scoring, CoNLL files in Dataset."), self)
        hint.setWordWrap(True)
        hint.setStyleSheet("color: palette(mid);")
        self.organiser_label = QLabel(self.tr("Organising, scoring or teaching? No corpus is "
                                              "needed for:"),
                                      self)
        self.workspace_buttons_row = QHBoxLayout()

        column.addStretch(2)
        column.addWidget(title)
        column.addWidget(subtitle)
        column.addSpacing(12)
        #: One line per workspace saying what it is for (set_workspace_lines).
        self.workspace_lines = QVBoxLayout()
        self.workspace_lines.setSpacing(2)
        column.addLayout(self.workspace_lines)
        column.addSpacing(18)
        column.addWidget(self.open_button)
        column.addWidget(self.demo_button)
        column.addSpacing(18)
        column.addWidget(self.recent_label)
        column.addWidget(self.recent_list)
        column.addWidget(hint)
        column.addSpacing(18)
        column.addWidget(self.organiser_label)
        column.addLayout(self.workspace_buttons_row)
        column.addStretch(3)

        self.open_button.clicked.connect(self.open_requested)
        self.demo_button.clicked.connect(self.demo_requested)
        self.recent_list.itemActivated.connect(
            lambda item: self.path_requested.emit(item.data(Qt.ItemDataRole.UserRole)))

    def set_workspace_lines(self, workspaces: list[tuple[str, str, str]]) -> None:
        """What each workspace is for, one line each: (key, title, description)."""
        self.workspace_line_labels: dict[str, QLabel] = {}
        for key, title, description in workspaces:
            label = QLabel(f"<b>{html.escape(title)}</b> — {html.escape(description)}", self)
            label.setObjectName(f"startWorkspaceLine_{key}")
            label.setAccessibleName(f"{title}: {description}")
            # One line in a window of usual size; wrapped rather than widening a small one.
            label.setWordWrap(True)
            self.workspace_lines.addWidget(label)
            self.workspace_line_labels[key] = label

    def set_workspaces(self, workspaces: list[tuple[str, str, str, int]]) -> None:
        """One button per workspace usable without a corpus: (key, title, description, number)."""
        self.workspace_buttons: dict[str, QPushButton] = {}
        for key, title, description, number in workspaces:
            button = named(QPushButton(title.replace("&", "&&"), self),
                           f"startWorkspaceButton_{key}",
                           self.tr("Go to {title}").format(title=title),
                           self.tr("{description} (Ctrl+{number})").format(
                               description=description, number=number))
            button.clicked.connect(lambda _=False, key=key: self.workspace_requested.emit(key))
            self.workspace_buttons_row.addWidget(button)
            self.workspace_buttons[key] = button
        self.organiser_label.setVisible(bool(workspaces))

    def set_recent(self, files: list[str]) -> None:
        self.recent_list.clear()
        for path in files:
            item = QListWidgetItem(f"{Path(path).name}    —    {Path(path).parent}")
            item.setData(Qt.ItemDataRole.UserRole, path)
            item.setToolTip(path)
            self.recent_list.addItem(item)
        self.recent_label.setVisible(bool(files))
        self.recent_list.setVisible(bool(files))
