"""What every workspace offers the main window, and the one list that registers them.

A workspace is a QWidget built from the shared AppState. To add one (Gold & Agreement,
Scoring), write its class and append a WorkspaceSpec to ``workspace_specs()``; the main window
builds the switcher, the stack and the menus from that list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QByteArray, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from lexsub_studio.gui.app_state import AppState


class Workspace(QWidget):
    """Base class: a title, menu actions, and hooks for activation and closing."""

    #: A short message for the main window's status bar.
    status_message = Signal(str)

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state

    def menu_actions(self) -> dict[str, list[QAction]]:
        """Actions to place in the main window's menus, by menu title ("Edit", "Go", "View")."""
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

    def rescale_fonts(self) -> None:
        """The application's font size changed (Ctrl+= / Ctrl+-): rescale fonts set apart
        from it (Qt tells only top-level windows, so the main window calls this)."""

    def follow_palette(self) -> None:
        """The application's palette changed (light / dark): recolour what is coloured by
        hand (the main window calls this, as Qt tells only top-level windows)."""


@dataclass(frozen=True, slots=True)
class WorkspaceSpec:
    key: str
    title: str
    factory: Callable[[AppState], Workspace]
    description: str
    #: True when the workspace works on an open annotation session (Annotate); without one the
    #: main window shows the start screen in its place. The organiser's workspaces work on files
    #: of their own and are usable before, or without, opening a corpus.
    needs_session: bool = False
    #: True to build the workspace with the main window rather than when first shown: for a
    #: light one (no pandas, no matplotlib) that is wanted as soon as a corpus opens, or whose
    #: actions are offered from every workspace (Dataset's File > New task…).
    built_with_window: bool = False


# Each factory imports its workspace's module when called: the main window builds a workspace
# when first shown, and Gold & Agreement and Scoring bring pandas and matplotlib with them.

def _annotate(state: AppState) -> Workspace:
    from lexsub_studio.gui.annotate.workspace import AnnotateWorkspace
    return AnnotateWorkspace(state)


def _gold(state: AppState) -> Workspace:
    from lexsub_studio.gui.gold.workspace import GoldWorkspace
    return GoldWorkspace(state)


def _scoring(state: AppState) -> Workspace:
    from lexsub_studio.gui.scoring.workspace import ScoringWorkspace
    return ScoringWorkspace(state)


def _dataset(state: AppState) -> Workspace:
    from lexsub_studio.gui.dataset.workspace import DatasetWorkspace
    return DatasetWorkspace(state)


def workspace_specs() -> list[WorkspaceSpec]:
    """Every workspace, in switcher order. The one place a new workspace is registered."""
    return [
        WorkspaceSpec("annotate", "Annotate", _annotate,
                      "Give substitutes for each instance of the open corpus",
                      needs_session=True, built_with_window=True),
        WorkspaceSpec("gold", "Gold & Agreement", _gold,
                      "Pool annotators' responses: agreement, adjudication, gold, packages"),
        WorkspaceSpec("scoring", "Scoring", _scoring,
                      "Score system outputs against a gold: league table, items, significance"),
        WorkspaceSpec("dataset", "Dataset", _dataset,
                      "Dataset statistics, one-click baselines, new tasks from CoNLL files",
                      built_with_window=True),
    ]
