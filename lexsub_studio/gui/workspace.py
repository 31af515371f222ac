"""What every workspace offers the main window: the base class and the record that registers it.

This module imports no workspace, and no workspace imports another or the main window: a
workspace asks the window for what is beyond it (opening a corpus, a status-bar message)
through its signals, which the window connects when it builds the workspace. The window's
list of workspaces is ``gui/window/workspace_list.py``; ``workspace_registry.py`` holds it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QByteArray, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from lexsub_studio.gui.app_state import AppState
from lexsub_studio.paths import DemoLesson

#: ``open_file_requested``'s kind for a corpus or annotator package: the window opens it as
#: the annotation session (annotator name, recent files, notes) and shows the workspace that
#: works on it.
CORPUS = "corpus"
#: ``menu_actions``'s title for the Organiser menu (organisers' items, out of the annotator's
#: File menu: new tasks, packages, campaigns).
ORGANISER_MENU = "Organiser"


class Workspace(QWidget):
    """Base class: a title, menu actions, and hooks for activation and closing."""

    #: A short message for the main window's status bar.
    status_message = Signal(str)
    #: Ask the window to open a file of the given kind (``CORPUS``) for the whole application.
    open_file_requested = Signal(str, str)

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state

    def menu_actions(self) -> dict[str, list[QAction]]:
        """Actions to place in the main window's menus, by menu title ("File", "Edit", "Go",
        "View", ORGANISER_MENU, or a menu of the workspace's own)."""
        return {}

    def set_active(self, active: bool) -> None:
        """Called when the workspace is shown or hidden; actions of a hidden one are disabled."""
        for actions in self.menu_actions().values():
            for action in actions:
                action.setEnabled(active)

    def save_layout(self) -> QByteArray | None:
        """The workspace's layout (splitter sizes ...) to remember between sessions."""
        return None

    def restore_layout(self, layout: QByteArray) -> None:
        """Restore what save_layout returned in an earlier session."""

    def status_widgets(self) -> list[QWidget]:
        """Permanent widgets for the status bar while this workspace is active."""
        return []

    def flush_pending(self) -> None:
        """Save whatever is pending: before an export, a session change or quitting."""

    def open_dropped(self, paths: list[str]) -> object:
        """Files dropped on the window whose kind belongs to this workspace
        (``core/io/drop_routing.py`` decides which); what it returns is the workspace's own
        business (a background task, a wizard)."""
        return None

    def open_lesson(self, lesson: DemoLesson) -> object:
        """The demo lesson opens (File › Open the demo lesson): put aside the files the
        workspace holds and take the lesson's files it works on, read in the background; the
        window opens the lesson's corpus itself. What it returns is the workspace's business."""
        return None

    def rescale_fonts(self) -> None:
        """The application's font size changed (Ctrl+= / Ctrl+-): rescale fonts set apart
        from it (Qt tells only top-level windows, so the main window calls this)."""

    def follow_palette(self) -> None:
        """The application's palette changed (light / dark): recolour what is coloured by
        hand (the main window calls this, as Qt tells only top-level windows)."""


@dataclass(frozen=True, slots=True)
class WorkspaceSpec:
    """One workspace as the window knows it before building it."""

    key: str
    title: str
    factory: Callable[[AppState], Workspace]
    #: One line saying what the workspace is for (the start screen, the switcher's tool tip).
    description: str
    #: True when the workspace works on an open annotation session (Annotate); without one the
    #: main window shows the start screen in its place. The organiser's workspaces work on files
    #: of their own and are usable before, or without, opening a corpus.
    needs_session: bool = False
    #: True to build the workspace with the main window rather than when first shown: for a
    #: light one (no pandas, no matplotlib) that is wanted as soon as a corpus opens, or whose
    #: actions are offered from every workspace (Dataset's File > New task…).
    built_with_window: bool = False
