"""The menu bar and the workspace switcher: the window's actions in their menus, each
workspace's actions added where they belong when it is built, and Ctrl+1… to switch."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from lexsub_studio.gui.widgets import named
from lexsub_studio.gui.window.actions import WindowActions
from lexsub_studio.gui.workspace import ORGANISER_MENU, WorkspaceSpec


class WindowMenus(QObject):
    def __init__(self, window: QMainWindow, actions: WindowActions, recent_menu: QMenu,
                 guidelines_action: QAction, organiser_actions: list[QAction]) -> None:
        super().__init__(window)
        self._window = window
        bar = window.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        file_menu.addAction(actions.open_action)
        file_menu.addMenu(recent_menu)
        file_menu.addAction(actions.demo_action)
        # Workspaces' own "File" actions (judgement mode's Hand in) go between these two
        # separators (a menu collapses adjacent ones when there are none).
        file_menu.addSeparator()
        self._file_anchor = file_menu.addSeparator()
        for group in ((actions.import_action, actions.export_action),
                      (actions.annotator_action, actions.close_action), (actions.quit_action,)):
            file_menu.addActions(list(group))
            if group[-1] is not actions.quit_action:
                file_menu.addSeparator()
        self._file_menu = file_menu

        edit_menu = bar.addMenu(self.tr("&Edit"))
        edit_menu.addAction(actions.undo_action)
        edit_menu.addAction(actions.redo_action)
        edit_menu.addSeparator()
        go_menu = bar.addMenu(self.tr("&Go"))
        view_menu = bar.addMenu(self.tr("&View"))
        #: Where a workspace's actions go, by the menu title it gives (workspace.menu_actions).
        self._menus: dict[str, QMenu] = {"Edit": edit_menu, "Go": go_menu, "View": view_menu}
        self._switch_anchor = view_menu.addSeparator()
        view_menu.addActions([actions.font_larger_action, actions.font_smaller_action,
                              actions.font_reset_action])
        self.theme_menu = view_menu.addMenu(self.tr("&Theme"))
        self.theme_menu.setObjectName("menuTheme")
        self.theme_menu.addActions(actions.theme_actions.actions())
        view_menu.addSeparator()
        for group in ((actions.show_pos_action, actions.completion_action, guidelines_action,
                       actions.guidelines_file_action, actions.default_guidelines_action),
                      (actions.summary_action,)):
            view_menu.addActions(list(group))
            if group[-1] is not actions.summary_action:
                view_menu.addSeparator()
        self.view_menu = view_menu
        # The organiser's items, out of the annotator's File menu: workspaces add theirs on top
        # (Dataset's New task from CoNLL files…), workspace menus go before it.
        self.organiser_menu = bar.addMenu(self.tr("&Organiser"))
        self.organiser_menu.setObjectName("menuOrganiser")
        self._organiser_anchor = self.organiser_menu.addSeparator()
        self.organiser_menu.addActions(organiser_actions)
        self._help_menu = bar.addMenu(self.tr("&Help"))
        self._help_menu.addActions([actions.user_guide_action, actions.demo_lesson_action,
                                    actions.shortcuts_action,
                                    actions.glossary_action, actions.about_action])

        self.workspace_bar = QToolBar(self.tr("Workspaces"), window)
        self.workspace_bar.setObjectName("workspaceBar")
        self.workspace_bar.setMovable(False)
        self.workspace_actions = QActionGroup(window)
        self.workspace_actions.setExclusive(True)

    def add_switches(self, specs: Iterable[WorkspaceSpec], show: Callable[[str], None]) -> None:
        """One checkable action per workspace (Ctrl+1, Ctrl+2 …) in the bar and View menu."""
        for number, spec in enumerate(specs, start=1):
            # "&" would make the next letter a mnemonic in an action's text.
            action = QAction(spec.title.replace("&", "&&"), self._window)
            action.setObjectName(f"workspace_{spec.key}")
            action.setCheckable(True)
            action.setShortcut(QKeySequence(f"Ctrl+{number}"))
            action.setToolTip(self.tr("{description} (Ctrl+{number})").format(
                description=spec.description, number=number))
            action.setData(spec.key)
            action.triggered.connect(lambda _=False, key=spec.key: show(key))
            self.workspace_actions.addAction(action)
            self.workspace_bar.addAction(action)
            named(self.workspace_bar.widgetForAction(action), f"workspaceButton_{spec.key}",
                  self.tr("{title} workspace").format(title=spec.title))
            self.view_menu.insertAction(self._switch_anchor, action)
        self._window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.workspace_bar)
        self.workspace_bar.toggleViewAction().setObjectName("actionWorkspaceBar")

    def check_switch(self, key: str) -> None:
        for action in self.workspace_actions.actions():
            action.setChecked(action.data() == key)

    def add_workspace_actions(self, menu_actions: dict[str, list[QAction]]) -> None:
        """A workspace's actions, placed as if they had been there from the start."""
        bar = self._window.menuBar()
        first_switch = next(iter(self.workspace_actions.actions()), None)
        #: Menus whose workspace actions go above a separator of the window's own.
        anchored = {"File": (self._file_menu, self._file_anchor),
                    ORGANISER_MENU: (self.organiser_menu, self._organiser_anchor)}
        for title, actions in menu_actions.items():
            if title in anchored:
                anchored_menu, anchor = anchored[title]
                for action in actions:
                    anchored_menu.insertAction(anchor, action)
                continue
            menu = self._menus.get(title)
            if menu is None:
                # A workspace's own menu goes before Organiser, as if built with the others.
                menu = QMenu(QCoreApplication.translate("WorkspaceMenus", title), bar)
                bar.insertMenu(self.organiser_menu.menuAction(), menu)
                self._menus[title] = menu
            for action in actions:
                if title == "View":
                    # Above the workspace switches, which sit above the font size.
                    menu.insertAction(first_switch or self._switch_anchor, action)
                else:
                    menu.addAction(action)

    def shortcut_actions(self) -> list[QAction]:
        """Every action with a shortcut, menus in order (the shortcuts dialog)."""
        found: list[QAction] = []
        for menu_action in self._window.menuBar().actions():
            menu = menu_action.menu()
            if not isinstance(menu, QMenu):  # an action without a menu (None)
                continue
            for action in menu.actions():
                if not action.isSeparator() and action not in found:
                    found.append(action)
        return [action for action in found if action.shortcuts()]
