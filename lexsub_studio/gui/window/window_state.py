"""The window's size, position, docks and tool bars, and each workspace's layout, kept in the
settings from one session to the next."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QMainWindow

from lexsub_studio.gui import settings
from lexsub_studio.gui.workspace import Workspace

#: The window's size at a first start, within the screen's available area.
DEFAULT_SIZE = (1280, 800)


def restore_window(window: QMainWindow, store: QSettings) -> None:
    geometry = store.value(settings.WINDOW_GEOMETRY)
    if isinstance(geometry, QByteArray) and not geometry.isEmpty():
        window.restoreGeometry(geometry)
    else:
        # A first start on a small screen (1024 x 640) must not open wider than it.
        available = window.screen().availableGeometry()
        window.resize(min(DEFAULT_SIZE[0], available.width()),
                      min(DEFAULT_SIZE[1], available.height()))
    state = store.value(settings.WINDOW_STATE)
    if isinstance(state, QByteArray) and not state.isEmpty():
        window.restoreState(state)
    # Each workspace restores its own layout when it is built (restore_workspace_layout).


def restore_workspace_layout(store: QSettings, key: str, workspace: Workspace) -> None:
    saved = store.value(settings.workspace_state_key(key))
    if isinstance(saved, QByteArray) and not saved.isEmpty():
        workspace.restore_layout(saved)


def save_window(window: QMainWindow, store: QSettings,
                workspaces: Mapping[str, Workspace]) -> None:
    """Remember the window and the layout of every workspace built in this session."""
    store.setValue(settings.WINDOW_GEOMETRY, window.saveGeometry())
    store.setValue(settings.WINDOW_STATE, window.saveState())
    for key, workspace in workspaces.items():
        layout = workspace.save_layout()
        if layout is not None:
            store.setValue(settings.workspace_state_key(key), layout)
    store.sync()
