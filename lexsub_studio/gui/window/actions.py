"""The main window's own actions (File, Edit's undo and redo, View, Help): their texts, object
names and keys, each triggering one of the window's commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from lexsub_studio.gui import font_size, theme
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.dialogs import HELP_PROPERTY

Keys = QKeySequence | QKeySequence.StandardKey | str | None
#: Help › Keyboard shortcuts.
SHORTCUTS_KEY = "Ctrl+/"


class WindowCommands(Protocol):
    """What the actions trigger: the main window's commands."""

    def choose_and_open(self) -> None: ...
    def open_demo(self) -> object: ...
    def import_responses(self) -> object: ...
    def export_responses(self) -> object: ...
    def change_annotator(self) -> None: ...
    def close_session(self) -> None: ...
    def close(self) -> bool: ...
    def undo_answer(self) -> None: ...
    def redo_answer(self) -> None: ...
    def set_show_pos(self, show: bool) -> None: ...
    def change_font_size(self, step: float) -> None: ...
    def reset_font_size(self) -> None: ...
    def set_theme(self, name: str) -> None: ...
    def set_complete_from_answers(self, on: bool) -> None: ...
    def choose_guidelines(self) -> None: ...
    def use_default_guidelines(self) -> None: ...
    def show_summary(self) -> None: ...
    def show_shortcuts(self) -> None: ...
    def show_glossary(self) -> None: ...
    def show_user_guide(self) -> object: ...
    def show_demo_lesson(self) -> object: ...
    def show_about(self) -> object: ...


def distinct_keys(keys: list[str], standard: QKeySequence.StandardKey) -> list[QKeySequence]:
    """``keys`` and the platform's own keys for ``standard``, each once: the same sequence
    twice on one action makes Qt call the shortcut ambiguous and do nothing."""
    sequences = [QKeySequence(key) for key in keys]
    for sequence in QKeySequence.keyBindings(standard):
        if sequence not in sequences:
            sequences.append(sequence)
    return sequences


class WindowActions(QObject):
    def __init__(self, parent: QObject, commands: WindowCommands, state: AppState) -> None:
        super().__init__(parent)
        self._parent = parent
        self._state = state
        a = self._action
        c = commands
        self.open_action = a(self.tr("&Open…"), "actionOpen", c.choose_and_open,
                             QKeySequence.StandardKey.Open)
        self.demo_action = a(self.tr("Open the &demo lesson"), "actionOpenDemo", c.open_demo)
        self.import_action = a(self.tr("&Import responses…"), "actionImport", c.import_responses,
                               "Ctrl+I")
        # Named for what the annotator does with it: the file goes to the organiser.
        self.export_action = a(self.tr("&Hand in / export responses…"), "actionExport",
                               c.export_responses, "Ctrl+E")
        self.export_action.setStatusTip(self.tr("Write your responses file, to send to your "
                                                "organiser"))
        self.annotator_action = a(self.tr("Change &annotator name…"), "actionAnnotator",
                                  c.change_annotator)
        self.close_action = a(self.tr("&Close"), "actionClose", c.close_session, "Ctrl+W")
        self.quit_action = a(self.tr("&Quit"), "actionQuit", c.close, "Ctrl+Q")
        # Not the stack's own actions: what is typed on the current instance must become an
        # undoable step before an undo or a redo moves elsewhere (MainWindow.undo_answer).
        self.undo_action = a(self.tr("&Undo"), "actionUndo", c.undo_answer)
        self.undo_action.setProperty(HELP_PROPERTY, self.tr("Undo the last change of an answer"))
        self.undo_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo))
        self.redo_action = a(self.tr("&Redo"), "actionRedo", c.redo_answer)
        self.redo_action.setProperty(HELP_PROPERTY, self.tr("Redo the change undone last"))
        redo_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
        self.redo_action.setShortcuts(
            redo_keys + [QKeySequence(k) for k in ("Ctrl+Y", "Ctrl+Shift+Z")
                         if QKeySequence(k) not in redo_keys])
        stack = state.undo_stack
        for signal in (stack.undoTextChanged, stack.redoTextChanged, stack.canUndoChanged,
                       stack.canRedoChanged, state.session_changed, state.judging_changed):
            signal.connect(self.update_undo)
        self.update_undo()
        self.show_pos_action = a(self.tr("Show &part of speech"), "actionShowPos", c.set_show_pos,
                                 checkable=True)
        self.show_pos_action.setChecked(state.show_pos)
        self.font_larger_action = a(self.tr("&Larger text"), "actionFontLarger",
                                    lambda: c.change_font_size(+font_size.STEP))
        self.font_larger_action.setShortcuts(
            distinct_keys(["Ctrl+=", "Ctrl++"], QKeySequence.StandardKey.ZoomIn))
        self.font_smaller_action = a(self.tr("&Smaller text"), "actionFontSmaller",
                                     lambda: c.change_font_size(-font_size.STEP))
        self.font_smaller_action.setShortcuts(
            distinct_keys(["Ctrl+-"], QKeySequence.StandardKey.ZoomOut))
        self.font_reset_action = a(self.tr("&Normal text size"), "actionFontReset",
                                   c.reset_font_size, "Ctrl+0")
        # View › Theme: one of three, checked as the window applies it (follow_theme).
        self.theme_actions = QActionGroup(self)
        self.theme_actions.setExclusive(True)
        for key, text, name in ((theme.SYSTEM, self.tr("&System"), "actionThemeSystem"),
                                (theme.LIGHT, self.tr("&Light"), "actionThemeLight"),
                                (theme.DARK, self.tr("&Dark"), "actionThemeDark")):
            action = a(text, name, lambda key=key: c.set_theme(key))
            action.setCheckable(True)
            action.setData(key)
            self.theme_actions.addAction(action)
        self.completion_action = a(self.tr("&Complete from my earlier answers"),
                                   "actionCompleteFromAnswers", c.set_complete_from_answers,
                                   checkable=True)
        self.completion_action.setChecked(state.complete_from_answers)
        self.guidelines_file_action = a(self.tr("Guidelines &file…"), "actionGuidelinesFile",
                                        c.choose_guidelines)
        self.default_guidelines_action = a(self.tr("&Default guidelines"),
                                           "actionDefaultGuidelines", c.use_default_guidelines)
        self.summary_action = a(self.tr("Progress &summary…"), "actionSummary", c.show_summary,
                                "Ctrl+Shift+S")
        # F1 (the platform's help key) opens the guide, as help does everywhere; the list of
        # shortcuts takes Ctrl+/, free in every workspace.
        self.shortcuts_action = a(self.tr("&Keyboard shortcuts"), "actionShortcuts",
                                  c.show_shortcuts, SHORTCUTS_KEY)
        self.glossary_action = a(self.tr("&Glossary"), "actionGlossary", c.show_glossary)
        self.user_guide_action = a(self.tr("&User guide"), "actionUserGuide", c.show_user_guide,
                                   QKeySequence.StandardKey.HelpContents)
        self.demo_lesson_action = a(self.tr("&Demo lesson"), "actionDemoLesson",
                                    c.show_demo_lesson)
        self.about_action = a(self.tr("&About LexSub Studio"), "actionAbout", c.show_about)
        self.session_actions = [self.export_action, self.import_action, self.close_action,
                                self.summary_action]

    def _action(self, text: str, name: str, slot: Callable[..., object], shortcut: Keys = None,
                checkable: bool = False) -> QAction:
        action = QAction(text, self._parent)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(lambda _=False: slot())
        return action

    def update_undo(self, *_: object) -> None:
        stack = self._state.undo_stack
        # Enabled with a session even when the stack is empty: typing on the current instance
        # is something to undo too (it becomes a step when Ctrl+Z is pressed).
        has_session = self._state.has_work
        self.undo_action.setEnabled(stack.canUndo() or has_session)
        self.redo_action.setEnabled(stack.canRedo() or has_session)
        undo_text, redo_text = stack.undoText(), stack.redoText()
        self.undo_action.setText(self.tr("&Undo {change}").format(change=undo_text) if undo_text
                                 else self.tr("&Undo"))
        self.redo_action.setText(self.tr("&Redo {change}").format(change=redo_text) if redo_text
                                 else self.tr("&Redo"))

    def follow_theme(self, name: str) -> None:
        """Tick the theme applied in View › Theme."""
        for action in self.theme_actions.actions():
            action.setChecked(action.data() == name)

    def follow_session(self, has_session: bool, judging: bool = False) -> None:
        for action in self.session_actions:
            action.setEnabled(has_session)
        # In judgement mode the File menu hands in judgements (Annotate's action) instead.
        for action in (self.export_action, self.import_action):
            action.setVisible(not judging)
