"""The main window: the shell around every workspace, sharing one AppState.

It puts together parts with one job each (``gui/window/``): the actions and menus, the session
opener, the responses files, the view settings, the help windows, the guidelines dock, recent
files, the window's remembered state, dropped files and unsaved answers; and it hosts the
workspaces of its registry, building each when first shown. The commands the actions trigger
are the window's methods (``WindowCommands``), each handing over to the part whose job it is.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, Signal
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QLabel,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.annotation.judging import JudgingTask
from lexsub_studio.core.annotation.package import PACKAGE_SUFFIX, AnnotationSource
from lexsub_studio.core.io.drop_routing import DropPlan, route_dropped_files
from lexsub_studio.gui import dialogs, settings
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.notes_bar import FileNotesBar
from lexsub_studio.gui.start_screen import StartScreen
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import TakesDroppedFiles, named
from lexsub_studio.gui.window.actions import WindowActions
from lexsub_studio.gui.window.drops import deliver_dropped
from lexsub_studio.gui.window.guidelines_dock import GuidelinesDock
from lexsub_studio.gui.window.help_dialogs import HelpWindows
from lexsub_studio.gui.window.loading import LoadingIndicator
from lexsub_studio.gui.window.menus import WindowMenus
from lexsub_studio.gui.window.opening import SessionOpener
from lexsub_studio.gui.window.organiser import OrganiserActions
from lexsub_studio.gui.window.page_stack import CurrentPageStack
from lexsub_studio.gui.window.recent_files import RecentFiles
from lexsub_studio.gui.window.responses_files import ResponsesFiles
from lexsub_studio.gui.window.session_heading import session_heading
from lexsub_studio.gui.window.unsaved import settle_unsaved
from lexsub_studio.gui.window.view_settings import ViewSettings
from lexsub_studio.gui.window.window_state import (
    restore_window,
    restore_workspace_layout,
    save_window,
)
from lexsub_studio.gui.window.workspace_list import workspace_specs
from lexsub_studio.gui.workspace import CORPUS, Workspace, WorkspaceSpec
from lexsub_studio.gui.workspace_registry import WorkspaceRegistry
from lexsub_studio.gui.workspaces_on_demand import WorkspacesOnDemand

#: The start screen's key for the per-page guidelines visibility.
START_PAGE = "start"


class MainWindow(TakesDroppedFiles, QMainWindow):
    #: A corpus or package finished opening (tests and automation wait for it).
    session_opened = Signal()
    #: Opening failed; the argument is the message shown to the user.
    open_failed = Signal(str)

    def __init__(self, state: AppState | None = None) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle(self.tr("LexSub Studio"))
        self.setAcceptDrops(True)
        self.settings = settings.app_settings()
        self.state = state or AppState(self)
        # Before any widget is made: every one is built in the theme's style and colours.
        self.view = ViewSettings(self, self.settings, self.state)
        self.view.message.connect(self.show_message)
        self.help = HelpWindows(self, self.all_actions)

        self.stack = CurrentPageStack(self)
        self.stack.setObjectName("workspaceStack")
        self.start_screen = StartScreen(self)
        self.stack.addWidget(self.start_screen)
        # The registry the window fills: which workspaces exist, in switcher order.
        self.specs = WorkspaceRegistry(workspace_specs())
        # Each workspace is built when first shown or asked for (see _install_workspace).
        self.workspaces = WorkspacesOnDemand(self.specs, self._install_workspace)
        self._current_key = next(iter(self.specs))
        self.notes_bar = FileNotesBar(self)
        central = QWidget(self)
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.notes_bar)
        central_layout.addWidget(self.stack, 1)
        self.setCentralWidget(central)

        self.guidelines_dock = GuidelinesDock(self, self.settings, self.show_message)
        self.guidelines = self.guidelines_dock.pane
        self.guidelines.set_completion_note(self.state.complete_from_answers)
        self.state.completion_changed.connect(self.guidelines.set_completion_note)
        self.guidelines_action = self.guidelines_dock.action
        self.guidelines_dock.load(self.state.source)

        bar = self.statusBar()
        bar.setObjectName("statusBar")
        self.loading = LoadingIndicator(bar)
        self.responses = ResponsesFiles(self, self.state, self.settings, bar,
                                        self.flush_workspaces)
        self.responses.message.connect(self.show_message)
        self.annotator_label = named(QLabel(self), "annotatorLabel", self.tr("Annotator"))
        bar.addPermanentWidget(self.annotator_label)
        self.recent = RecentFiles(self.settings, self, self.start_screen, self.open_path)
        self.opener = SessionOpener(self, self.state, self.settings, self.loading, self.recent,
                                    self.notes_bar, self.flush_workspaces)
        self.opener.session_opened.connect(self.session_opened)
        self.opener.open_failed.connect(self.open_failed)
        self.opener.message.connect(self.show_message)

        self.window_actions = WindowActions(self, self, self.state)
        self.organiser_actions = OrganiserActions(self, self.workspaces, self.show_workspace)
        self.menus = WindowMenus(self, self.window_actions, self.recent.menu,
                                 self.guidelines_action, self.organiser_actions.actions())
        self.window_actions.follow_theme(self.view.theme)
        self.view.theme_applied.connect(self.window_actions.follow_theme)
        self.menus.add_switches(self.specs.values(), self.show_workspace)
        self.workspace_actions = self.menus.workspace_actions
        self.workspace_bar = self.menus.workspace_bar

        self.start_screen.set_workspaces(
            [(spec.key, spec.title, spec.description, number)
             for number, spec in enumerate(self.specs.values(), start=1)
             if not spec.needs_session])
        self.start_screen.set_workspace_lines(
            [(spec.key, spec.title, spec.description) for spec in self.specs.values()])
        self.start_screen.workspace_requested.connect(self.show_workspace)
        self.start_screen.open_requested.connect(self.choose_and_open)
        self.start_screen.path_requested.connect(self.open_path)
        self.start_screen.demo_requested.connect(self.open_demo)
        self.state.session_changed.connect(self._on_session_changed)
        self.state.judging_changed.connect(self._on_session_changed)
        self.state.notice.connect(self.show_message)
        restore_window(self, self.settings)
        # Light workspaces wanted at once (see WorkspaceSpec.built_with_window). Built before
        # the window is shown, Annotate's answer fields also keep the tab order they set, which
        # a shown window adopting them later would not keep.
        for key, spec in self.specs.items():
            if spec.built_with_window:
                self.workspaces[key]
        self._on_session_changed()

    def all_actions(self) -> list[QAction]:
        """Every action with a shortcut, for the shortcuts dialog (menus in order)."""
        self.workspaces.build_all()  # so that the list holds the workspaces not yet shown
        return self.menus.shortcut_actions()

    # -- workspaces ------------------------------------------------------------------------------

    def _install_workspace(self, spec: WorkspaceSpec) -> Workspace:
        """Build a workspace on first use and give it its place in the stack, the menus, the
        status bar and its remembered layout, as if it had been there from the start."""
        workspace = spec.factory(self.state)
        workspace.status_message.connect(self.show_message)
        workspace.open_file_requested.connect(self._open_requested)
        self.stack.addWidget(workspace)
        self.menus.add_workspace_actions(workspace.menu_actions())
        widgets = workspace.status_widgets()
        if widgets:
            # Before the annotator's name, which stays rightmost.
            bar = self.statusBar()
            bar.removeWidget(self.annotator_label)
            for widget in widgets:
                bar.addPermanentWidget(widget)
            bar.addPermanentWidget(self.annotator_label)
            self.annotator_label.show()
        restore_workspace_layout(self.settings, spec.key, workspace)
        workspace.set_active(False)  # show_workspace activates the one on screen
        return workspace

    def current_workspace(self) -> Workspace | None:
        widget = self.stack.currentWidget()
        return widget if isinstance(widget, Workspace) else None

    def show_workspace(self, key: str) -> None:
        """Show a workspace; one that needs an open corpus shows the start screen until then."""
        self._current_key = key
        available = not self.specs[key].needs_session or self.state.has_work
        shown = self.workspaces[key] if available else self.start_screen
        for workspace_key, workspace in self.workspaces.items():
            workspace.set_active(available and workspace_key == key)
        self.stack.setCurrentWidget(shown)
        self.guidelines_dock.show_for(key if available else START_PAGE)
        self.menus.check_switch(key)

    def flush_workspaces(self) -> None:
        for workspace in self.workspaces.values():
            workspace.flush_pending()

    def _on_session_changed(self) -> None:
        self.window_actions.follow_session(self.state.session is not None,
                                           judging=self.state.judging is not None)
        self.window_actions.close_action.setEnabled(self.state.has_work)
        self.guidelines_dock.load(self._guidelines_source(), judging=self.state.judging is not None)
        heading = session_heading(self.state)
        self.setWindowTitle(heading.window_title)
        self.annotator_label.setText(heading.annotator)
        if heading.store_tip is not None:
            self.annotator_label.setToolTip(heading.store_tip)
        if not self.state.has_work:
            self.notes_bar.clear()
            self.show_workspace(self._current_key)
            return
        source = self.state.source
        if self.state.judging is None and source is not None and source.show_pos is not None \
                and source.is_package:
            self.window_actions.show_pos_action.setChecked(source.show_pos)
        # Opened from the start screen: go to the workspace that works on the session.
        if self.current_workspace() is None:
            self._current_key = self.specs.session_workspace()
        self.show_workspace(self._current_key)

    # -- opening ---------------------------------------------------------------------------------

    def choose_and_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open a corpus or annotator package"),
                                              str(self._last_directory()),
                                              self.tr("Corpora, packages and judgement tasks "
                                                      "(*.xml *{suffix} *.json);;"
                                                      "Lexelt XML corpus (*.xml);;Annotator "
                                                      "package (*{suffix});;Judgement task "
                                                      "(*.json);;All files "
                                                      "(*)").format(suffix=PACKAGE_SUFFIX))
        if path:
            self.open_path(path)

    def open_demo(self) -> Task:
        """Open the demo lesson: its corpus in Annotate, and every workspace takes the files
        of the lesson it works on (Gold & Agreement the responses, Scoring the gold and the
        systems), each read in the background. Returns the corpus's opening."""
        from lexsub_studio.paths import demo_lesson

        lesson = demo_lesson()
        for key in self.specs:
            self.workspaces[key].open_lesson(lesson)
        told = self.tr("Demo lesson: the corpus in Annotate, {responses} annotators' responses "
                       "in Gold & Agreement, the gold and {systems} system files in Scoring; "
                       "Help › Demo lesson has the exercises.").format(
            responses=len(lesson.responses), systems=len(lesson.systems))
        # The demo's folder belongs to the installation: never where the next file is saved.
        return self._after_opening(str(lesson.corpus), lambda: self.show_message(told),
                                   remember_folder=False)

    def open_path(self, path: str, remember_folder: bool = True) -> Task:
        """Open a corpus or package in the background; ``session_opened`` or ``open_failed``."""
        return self.opener.open_path(path, remember_folder)

    def cancel_loading(self) -> None:
        self.opener.cancel()

    def annotator_name(self, ask: bool) -> str | None:
        return self.opener.annotator_name(ask)

    def change_annotator(self) -> None:
        current = str(self.settings.value(settings.ANNOTATOR_NAME, "") or "")
        chosen = dialogs.ask_annotator_name(self, current, judging=self.state.judging is not None)
        if not chosen or chosen == current:
            return
        self.settings.setValue(settings.ANNOTATOR_NAME, chosen)
        if self.state.judging is not None:
            self.open_path(str(self.state.judging.task.path))
            return
        source = self.state.source
        if source is not None and not source.is_package:
            self.open_path(str(source.path))

    def close_session(self) -> None:
        self.flush_workspaces()
        if self.settle_unsaved():
            self.state.close_session()

    def settle_unsaved(self) -> bool:
        """True when no answer is left unsaved (saved now, or written to a rescue file)."""
        return settle_unsaved(self, self.state, self.show_message)

    def _open_requested(self, path: str, kind: str) -> None:
        """A workspace asks for a file to be opened for the whole application (a corpus the
        new-task wizard wrote): opened as any corpus, then shown where it is annotated."""
        if kind != CORPUS:
            self.show_message(self.tr("Not opened: {name} is not a corpus.").format(
                name=Path(path).name))
            return
        self._after_opening(path, lambda: self.show_workspace(self.specs.session_workspace()))

    def _after_opening(self, path: str, then: Callable[[], None],
                       remember_folder: bool = True) -> Task:
        return self.opener.open_then(path, then, remember_folder)

    def take_dropped_files(self, paths: list[str]) -> object:
        return self.open_dropped(paths)

    def open_dropped(self, paths: list[str]) -> Task:
        """Open each dropped file in the workspace its kind belongs to (detected from the
        contents in the background) and show the workspace of the first one."""
        task = run_in_background(lambda token, report: route_dropped_files(paths))
        task.result.connect(self._dropped_routed)
        task.error.connect(lambda error: dialogs.show_error(
            self, self.tr("Cannot open the files"), error))
        return task

    def _dropped_routed(self, plan: DropPlan) -> None:
        outcome = deliver_dropped(plan, self.workspaces)
        if outcome.show is not None:
            self.show_workspace(outcome.show)
        note = outcome.note
        if outcome.corpus is None:
            if note:
                self.show_message(note)
        elif not note:
            self.open_path(outcome.corpus)
        else:
            # The corpus's own "Opened ..." line comes when it has opened: the note follows it.
            self._after_opening(outcome.corpus, lambda: self.show_message(
                f"{self.statusBar().currentMessage()} {note}".strip()))

    # -- undo ------------------------------------------------------------------------------------

    def undo_answer(self) -> None:
        """Undo the last change of an answer, after keeping what is typed as a step of its own:
        the first Ctrl+Z then takes back that typing (and Ctrl+Shift+Z brings it back), never
        the typing silently lost while the undo shows another instance."""
        self.flush_workspaces()
        stack = self.state.undo_stack
        if not stack.canUndo():
            self.show_message(self.tr("Nothing to undo."))
            return
        done = stack.undoText()
        stack.undo()
        self.show_message(self.tr("Undid the {change}.").format(change=done))

    def redo_answer(self) -> None:
        """Redo the change undone last. Typing since the undo is kept first, as a new change,
        which (as in any editor) ends the redo history: the typing wins over the old answer."""
        self.flush_workspaces()
        stack = self.state.undo_stack
        if not stack.canRedo():
            self.show_message(self.tr("Nothing to redo."))
            return
        done = stack.redoText()
        stack.redo()
        self.show_message(self.tr("Redid the {change}.").format(change=done))

    # -- responses files ------------------------------------------------------------------------

    def export_responses(self) -> Task | None:
        """File › Hand in / export responses: the running task, None when nothing is open."""
        return self.responses.export()

    def import_responses(self) -> Task | None:
        return self.responses.import_()

    def _last_directory(self) -> Path:
        return self.responses.last_directory()

    # -- view ------------------------------------------------------------------------------------

    def set_show_pos(self, show: bool) -> None:
        self.view.set_show_pos(show)

    def change_font_size(self, step: float) -> None:
        self.view.change_font_size(step)

    def reset_font_size(self) -> None:
        self.view.reset_font_size()

    def set_theme(self, name: str) -> None:
        """View › Theme: System, Light or Dark, applied at once and remembered."""
        self.view.set_theme(name)

    def set_complete_from_answers(self, on: bool) -> None:
        self.view.set_complete_from_answers(on)

    def choose_guidelines(self) -> None:
        self.guidelines_dock.choose_file(self._guidelines_source())

    def use_default_guidelines(self) -> None:
        self.guidelines_dock.use_default(self._guidelines_source())

    def _guidelines_source(self) -> AnnotationSource | JudgingTask | None:
        """What may carry the organiser's guidelines: the package, or the judgement task."""
        judging = self.state.judging
        return judging.task if judging is not None else self.state.source

    def show_summary(self) -> None:
        work = self.state.work
        if work is not None:
            dialogs.build_summary_dialog(self, work.progress(), self.state.show_pos).exec()

    # -- help ------------------------------------------------------------------------------------

    def show_shortcuts(self) -> None:
        self.help.show_shortcuts()

    def show_glossary(self) -> None:
        self.help.show_glossary()

    def show_user_guide(self) -> QDialog:
        return self.help.show_user_guide()

    def show_demo_lesson(self) -> QDialog:
        return self.help.show_demo_lesson()

    def show_about(self) -> QDialog:
        return self.help.show_about()

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    # -- window ----------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        # Qt sends these to windows only: the workspaces' own fonts and colours follow here.
        if event.type() == QEvent.Type.ApplicationFontChange:
            for workspace in self.workspaces.values():
                workspace.rescale_fonts()
        elif event.type() == QEvent.Type.ApplicationPaletteChange:
            self.notes_bar.follow_palette()
            for workspace in self.workspaces.values():
                workspace.follow_palette()
        return super().event(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.cancel_loading()
        self.flush_workspaces()
        if not self.settle_unsaved():
            event.ignore()
            return
        save_window(self, self.settings, self.workspaces)
        self.state.close_session()
        event.accept()
