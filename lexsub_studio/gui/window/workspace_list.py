"""The workspaces of LexSub Studio, in switcher order: the list the main window registers.

Each factory imports its workspace's module when called: the main window builds a workspace
when first shown, and Gold & Agreement and Scoring bring pandas and matplotlib with them. To
add a workspace, write its class (a ``gui.workspace.Workspace``) and append its spec here.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.workspace import Workspace, WorkspaceSpec


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
    """Every workspace, in switcher order."""
    translate = QCoreApplication.translate
    return [
        WorkspaceSpec("annotate", translate("WorkspaceList", "Annotate"), _annotate,
                      translate("WorkspaceList",
                                "Give substitutes for each instance of the open corpus"),
                      needs_session=True, built_with_window=True),
        WorkspaceSpec("gold", translate("WorkspaceList", "Gold & Agreement"), _gold,
                      translate("WorkspaceList", "Pool annotators' responses: agreement, "
                                                 "adjudication, gold, packages")),
        WorkspaceSpec("scoring", translate("WorkspaceList", "Scoring"), _scoring,
                      translate("WorkspaceList", "Score system outputs against a gold: league "
                                                 "table, items, significance")),
        WorkspaceSpec("dataset", translate("WorkspaceList", "Dataset"), _dataset,
                      translate("WorkspaceList", "Dataset statistics, one-click baselines, new "
                                                 "tasks from CoNLL files"),
                      built_with_window=True),
    ]
