"""The recently opened files: File › Open recent and the start screen's list, from the settings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QMenu, QWidget

from lexsub_studio.gui import settings
from lexsub_studio.gui.start_screen import StartScreen


class RecentFiles(QObject):
    def __init__(self, store: QSettings, parent: QWidget, start_screen: StartScreen,
                 open_path: Callable[[str], object]) -> None:
        super().__init__(parent)
        self._store = store
        self._start_screen = start_screen
        self._open_path = open_path
        self.menu = QMenu(self.tr("Open &recent"), parent)
        self.menu.setObjectName("recentMenu")
        self.refresh()

    def remember(self, path: str) -> None:
        settings.remember_recent(self._store, path)
        self.refresh()

    def forget(self, path: str) -> None:
        """A file that is gone: no longer offered."""
        settings.forget_recent(self._store, str(Path(path).resolve()))
        self.refresh()

    def refresh(self) -> None:
        files = settings.recent_files(self._store)
        self._start_screen.set_recent(files)
        self.menu.clear()
        for path in files:
            action = self.menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self._open_path(p))
        self.menu.setEnabled(bool(files))
