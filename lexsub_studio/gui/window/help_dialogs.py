"""The Help menu's dialogs: the keyboard shortcuts, the glossary, the user guide and About."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QWidget

from lexsub_studio.gui import dialogs


def show_shortcuts(parent: QWidget, actions: list[QAction]) -> None:
    dialogs.build_shortcuts_dialog(parent, actions).exec()


def glossary_sections() -> list[tuple[str, list[tuple[str, str]]]]:
    """The glossary's sections: the words the definitions rest on, then every agreement
    figure and scoring measure with its one-line definition."""
    from lexsub_studio.core.agreement.glossary import glossary_rows
    from lexsub_studio.core.agreement.judgement_glossary import judgement_glossary_rows
    from lexsub_studio.core.model.glossary_terms import BASIC_TERMS
    from lexsub_studio.core.scoring.compare.league import LEAGUE_COLUMNS, MEASURE_DEFINITIONS

    agreement = [(term, meaning) for _, term, meaning in glossary_rows()]
    scoring = [(label, MEASURE_DEFINITIONS[key]) for key, label in LEAGUE_COLUMNS
               if key in MEASURE_DEFINITIONS]
    translate = QCoreApplication.translate
    judged = [(term, meaning) for _, term, meaning in judgement_glossary_rows()]
    return [(translate("Help", "Basic terms"), list(BASIC_TERMS)),
            (translate("Help", "Agreement"), agreement),
            (translate("Help", "Agreement of judgements"), judged),
            (translate("Help", "Scoring"), scoring)]


def show_glossary(parent: QWidget) -> None:
    from lexsub_studio.gui.glossary_dialog import GlossaryDialog

    GlossaryDialog(parent, glossary_sections()).exec()


def show_about(parent: QWidget) -> QDialog:
    from lexsub_studio.gui.about import AboutDialog

    dialog = AboutDialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


class HelpWindows(QObject):
    """The Help menu's commands for one window; the user guide is one window, raised again."""

    def __init__(self, window: QWidget, all_actions: Callable[[], list[QAction]]) -> None:
        super().__init__(window)
        self._window = window
        self._all_actions = all_actions
        self.user_guide: QDialog | None = None

    def show_shortcuts(self) -> None:
        show_shortcuts(self._window, self._all_actions())

    def show_glossary(self) -> None:
        show_glossary(self._window)

    def show_user_guide(self) -> QDialog:
        """The guide opens beside the window (not modal), so it can be read while working."""
        from lexsub_studio.gui.user_guide import UserGuide

        if self.user_guide is None:
            self.user_guide = UserGuide(self._window)
        self.user_guide.show()
        self.user_guide.raise_()
        return self.user_guide

    def show_demo_lesson(self) -> QDialog:
        """Help › Demo lesson: the user guide at the demo's chapter and its exercises."""
        from lexsub_studio.gui.user_guide import DEMO_CHAPTER, UserGuide

        guide = self.show_user_guide()
        if isinstance(guide, UserGuide):
            guide.open_chapter(DEMO_CHAPTER)
        return guide

    def show_about(self) -> QDialog:
        return show_about(self._window)
