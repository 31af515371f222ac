"""The Annotate workspace's actions (Edit, Go and View menus) with their keys."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from lexsub_studio.gui import settings
from lexsub_studio.gui.annotate.answer_form import AnswerForm


class AnnotateActions(QObject):
    def __init__(self, parent: QWidget, form: AnswerForm, *,
                 save_and_next: Callable[[], None], move: Callable[[int], None],
                 next_unfinished: Callable[[], None], focus_search: Callable[[], None],
                 clear_answer: Callable[[], None], use_suggestion: Callable[[], None],
                 show_answers_in_list: Callable[[bool], None]) -> None:
        super().__init__(parent)

        def action(text: str, name: str,
                   shortcuts: Sequence[QKeySequence | QKeySequence.StandardKey | str],
                   slot: Callable[[], object]) -> QAction:
            made = QAction(text, parent)
            made.setObjectName(name)
            made.setShortcuts([QKeySequence(s) for s in shortcuts])
            made.triggered.connect(lambda _=False: slot())
            return made

        self.save_action = action(self.tr("Save and next unfinished"), "actionSaveNext",
                                  ["Ctrl+Return"], save_and_next)
        self.previous_action = action(self.tr("Previous instance"), "actionPrevious",
                                      [QKeySequence(Qt.Key.Key_PageUp), "Alt+Up"],
                                      lambda: move(-1))
        self.next_action = action(self.tr("Next instance"), "actionNext",
                                  [QKeySequence(Qt.Key.Key_PageDown), "Alt+Down"],
                                  lambda: move(+1))
        self.next_unfinished_action = action(self.tr("Next unfinished instance"),
                                             "actionNextUnfinished", ["Ctrl+J"],
                                             next_unfinished)
        self.nil_action = action(self.tr("Toggle NIL"), "actionToggleNil", ["Alt+N"],
                                 form.nil_box.toggle)
        self.proper_action = action(self.tr("Toggle proper name"), "actionToggleProperName",
                                    ["Alt+P"], form.proper_box.toggle)
        self.multiword_action = action(self.tr("Go to the multiword field"), "actionFocusMultiword",
                                       ["Alt+M"], lambda: form.multiword_edit.setFocus())
        self.comment_action = action(self.tr("Go to the comment field"), "actionFocusComment",
                                     ["Alt+C"], lambda: form.comment_edit.setFocus())
        self.first_field_action = action(self.tr("Go to the first substitute"), "actionFocusFirst",
                                         ["Alt+1", "Esc"], form.focus_first)
        self.search_action = action(self.tr("Search instances"), "actionSearch",
                                    [QKeySequence.StandardKey.Find], focus_search)
        self.suggestion_action = action(self.tr("Use the suggested lemma"),
                                        "actionUseSuggestion", ["Alt+L"], use_suggestion)
        self.clear_action = action(self.tr("Clear this answer"), "actionClearAnswer",
                                   ["Ctrl+Shift+Backspace"], clear_answer)
        self.answers_in_list_action = QAction(self.tr("Answers in the instance list"), parent)
        self.answers_in_list_action.setObjectName("actionShowAnswersInList")
        self.answers_in_list_action.setCheckable(True)
        self.answers_in_list_action.setChecked(
            settings.read_bool(settings.app_settings(), settings.ANSWERS_IN_LIST, False))
        self.answers_in_list_action.triggered.connect(show_answers_in_list)

    def by_menu(self) -> dict[str, list[QAction]]:
        return {
            "Edit": [self.save_action, self.nil_action, self.proper_action,
                     self.multiword_action, self.comment_action, self.first_field_action,
                     self.suggestion_action, self.clear_action],
            "Go": [self.previous_action, self.next_action, self.next_unfinished_action,
                   self.search_action],
            "View": [self.answers_in_list_action],
        }

    def all(self) -> list[QAction]:
        return [action for actions in self.by_menu().values() for action in actions]
