"""The Organiser menu's own actions: annotator packages and the campaign window.

What an organiser does (make packages, follow a campaign, make a new task from CoNLL files)
sits in one menu of its own, out of the annotator's File menu. Both actions reach into Gold &
Agreement, built when first asked for: an annotator who never opens the menu never builds it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from lexsub_studio.gui.workspace import Workspace

if TYPE_CHECKING:
    from lexsub_studio.gui.gold.workspace import GoldWorkspace

#: The workspace that makes packages and watches campaigns.
GOLD = "gold"


class OrganiserActions(QObject):
    def __init__(self, window: QWidget, workspaces: Mapping[str, Workspace],
                 show_workspace: Callable[[str], None]) -> None:
        super().__init__(window)
        self._workspaces = workspaces
        self._show_workspace = show_workspace
        self.packages_action = QAction(self.tr("Annotator &packages…"), window)
        self.packages_action.setObjectName("actionOrganiserPackages")
        self.packages_action.setStatusTip(self.tr("Make a package per annotator, check what "
                                                  "comes back (Gold & Agreement, Team)"))
        self.packages_action.triggered.connect(lambda _=False: self.show_packages())
        self.campaign_action = QAction(self.tr("&Campaign…"), window)
        self.campaign_action.setObjectName("actionOrganiserCampaign")
        self.campaign_action.setStatusTip(self.tr("The team campaign's live progress and "
                                                  "agreement"))
        self.campaign_action.triggered.connect(lambda _=False: self.open_campaign())

    def actions(self) -> list[QAction]:
        return [self.packages_action, self.campaign_action]

    def _gold(self) -> GoldWorkspace:
        from lexsub_studio.gui.gold.workspace import GoldWorkspace

        gold = self._workspaces[GOLD]
        assert isinstance(gold, GoldWorkspace)
        return gold

    def show_packages(self) -> GoldWorkspace:
        """Gold & Agreement on its Team page, where packages are made and checked."""
        gold = self._gold()
        self._show_workspace(GOLD)
        gold.show_team()
        return gold

    def open_campaign(self) -> QWidget | None:
        """The campaign window, beside whatever workspace is on screen (None, with a message
        naming the extra to install, without the PostgreSQL driver)."""
        return self._gold().campaign_requested()
