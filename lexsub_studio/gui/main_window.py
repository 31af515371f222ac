"""The main window: the shell around every workspace, sharing one AppState."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.annotation.campaign.link import join_offer
from lexsub_studio.core.annotation.package import PACKAGE_SUFFIX, AnnotationSource
from lexsub_studio.core.annotation.rescue import mark_restored
from lexsub_studio.core.annotation.store_backups import newest_good_backup, restore_backup, salvage
from lexsub_studio.core.annotation.store_faults import StoreError, StoreFault
from lexsub_studio.core.io.drop_routing import ANNOTATE, DropPlan, route_dropped_files
from lexsub_studio.core.io.formats.responses import read_responses
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.gui import dialogs, font_size, responses_io, settings, store_dialogs
from lexsub_studio.gui.annotate.commands import ImportAnswersCommand
from lexsub_studio.gui.app_state import (
    AppState,
    Session,
    open_work,
    read_source,
    settle_loaded_objects,
)
from lexsub_studio.gui.dialogs import HELP_PROPERTY
from lexsub_studio.gui.guidelines import GuidelinesPane, read_guidelines_file
from lexsub_studio.gui.notes_bar import FileNotesBar
from lexsub_studio.gui.start_screen import StartScreen
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import TakesDroppedFiles, named
from lexsub_studio.gui.window.workspace_list import workspace_specs
from lexsub_studio.gui.workspace import CORPUS, Workspace, WorkspaceSpec
from lexsub_studio.gui.workspace_registry import WorkspaceRegistry
from lexsub_studio.gui.workspaces_on_demand import WorkspacesOnDemand

OPEN_FILTER = (f"Corpora and packages (*.xml *{PACKAGE_SUFFIX});;Lexelt XML corpus (*.xml);;"
               f"Annotator package (*{PACKAGE_SUFFIX});;All files (*)")
GUIDELINES_WIDTH = 360
#: The window's size at a first start, within the screen's available area.
DEFAULT_SIZE = (1280, 800)
#: The start screen's key for the per-page guidelines visibility.
START_PAGE = "start"
GUIDELINES_FILTER = "Guidelines (*.md *.markdown *.html *.htm *.txt);;All files (*)"


def _distinct_keys(keys: list[str], standard: QKeySequence.StandardKey) -> list[QKeySequence]:
    """``keys`` and the platform's own keys for ``standard``, each once: the same sequence
    twice on one action makes Qt call the shortcut ambiguous and do nothing."""
    sequences = [QKeySequence(key) for key in keys]
    for sequence in QKeySequence.keyBindings(standard):
        if sequence not in sequences:
            sequences.append(sequence)
    return sequences


class CurrentPageStack(QStackedWidget):
    """A stack as large as the page shown, not as its largest page: the window can be as small
    as the workspace on screen needs (1024 x 640 for each), whatever the others need."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.currentChanged.connect(lambda _: self.updateGeometry())

    def sizeHint(self) -> QSize:
        page = self.currentWidget()
        return page.sizeHint() if page is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        page = self.currentWidget()
        return page.minimumSizeHint() if page is not None else super().minimumSizeHint()


class MainWindow(TakesDroppedFiles, QMainWindow):
    #: A corpus or package finished opening (tests and automation wait for it).
    session_opened = Signal()
    #: Opening failed; the argument is the message shown to the user.
    open_failed = Signal(str)

    def __init__(self, state: AppState | None = None) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle("LexSub Studio")
        self.setAcceptDrops(True)
        self.settings = settings.app_settings()
        self._system_point_size = font_size.system_point_size()
        self._apply_saved_font_size()
        self.state = state or AppState(self)
        self.state.set_show_pos(settings.read_bool(self.settings, settings.SHOW_POS, False))
        self.state.set_complete_from_answers(
            settings.read_bool(self.settings, settings.COMPLETE_FROM_ANSWERS, False))
        self._loading: Task | None = None
        self._user_guide: QDialog | None = None
        #: What a store repair did, told once the store opens again.
        self._repair_outcome = ""

        self.stack = CurrentPageStack(self)
        self.stack.setObjectName("workspaceStack")
        self.start_screen = StartScreen(self)
        self.stack.addWidget(self.start_screen)
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

        self.guidelines = GuidelinesPane(self)
        self.guidelines.set_completion_note(self.state.complete_from_answers)
        self.guidelines_dock = QDockWidget("Guidelines", self)
        self.guidelines_dock.setObjectName("guidelinesDock")
        self.guidelines_dock.setWidget(self.guidelines)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.guidelines_dock)
        self.resizeDocks([self.guidelines_dock], [GUIDELINES_WIDTH], Qt.Orientation.Horizontal)
        self._load_guidelines()

        self._build_status_bar()
        self._build_actions()
        self._build_menus()
        self._build_workspace_bar()

        self.start_screen.set_workspaces(
            [(spec.key, spec.title, spec.description, number)
             for number, spec in enumerate(self.specs.values(), start=1)
             if not spec.needs_session])
        self.start_screen.set_workspace_lines(
            [(spec.key, spec.title, spec.description) for spec in self.specs.values()])
        self.start_screen.workspace_requested.connect(self.show_workspace)
        self.start_screen.open_requested.connect(self.choose_and_open)
        self.start_screen.path_requested.connect(self.open_path)
        self.state.session_changed.connect(self._on_session_changed)
        self.state.notice.connect(self.show_message)
        self._refresh_recent()
        self._restore_window()
        #: The page (workspace key, or "start") whose guidelines visibility the dock shows.
        self._guidelines_page = ""
        self.guidelines_action.toggled.connect(self._remember_guidelines_visibility)
        # Light workspaces wanted at once (see WorkspaceSpec.built_with_window). Built before
        # the window is shown, Annotate's answer fields also keep the tab order they set, which
        # a shown window adopting them later would not keep.
        for key, spec in self.specs.items():
            if spec.built_with_window:
                self.workspaces[key]
        self._on_session_changed()

    # -- construction ----------------------------------------------------------------------------

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        bar.setObjectName("statusBar")
        self.annotator_label = named(QLabel(self), "annotatorLabel", "Annotator")
        self.loading_bar = named(QProgressBar(self), "loadingBar", "Loading")
        self.loading_bar.setRange(0, 0)
        self.loading_bar.setMaximumWidth(120)
        self.cancel_button = named(QPushButton("Cancel", self), "cancelLoadingButton",
                                   "Cancel loading")
        self.cancel_button.clicked.connect(self.cancel_loading)
        for widget in (self.loading_bar, self.cancel_button):
            widget.setVisible(False)
            bar.addPermanentWidget(widget)
        bar.addPermanentWidget(self.annotator_label)

    def _action(self, text: str, name: str, slot: object,
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                checkable: bool = False) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        if checkable:
            action.toggled.connect(slot)
        else:
            action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        a = self._action
        self.open_action = a("&Open…", "actionOpen", self.choose_and_open,
                             QKeySequence.StandardKey.Open)
        self.demo_action = a("Open the &demo corpus", "actionOpenDemo", self.open_demo)
        self.import_action = a("&Import responses…", "actionImport", self.import_responses,
                               "Ctrl+I")
        self.export_action = a("&Export responses…", "actionExport", self.export_responses,
                               "Ctrl+E")
        self.annotator_action = a("Change &annotator name…", "actionAnnotator",
                                  self.change_annotator)
        self.close_action = a("&Close", "actionClose", self.close_session, "Ctrl+W")
        self.quit_action = a("&Quit", "actionQuit", self.close, "Ctrl+Q")
        # Not the stack's own actions: what is typed on the current instance must become an
        # undoable step before an undo or a redo moves elsewhere (see undo_answer).
        self.undo_action = a("&Undo", "actionUndo", self.undo_answer)
        self.undo_action.setProperty(HELP_PROPERTY, "Undo the last change of an answer")
        self.undo_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo))
        self.redo_action = a("&Redo", "actionRedo", self.redo_answer)
        self.redo_action.setProperty(HELP_PROPERTY, "Redo the change undone last")
        stack = self.state.undo_stack
        stack.undoTextChanged.connect(self._update_undo_actions)
        stack.redoTextChanged.connect(self._update_undo_actions)
        stack.canUndoChanged.connect(self._update_undo_actions)
        stack.canRedoChanged.connect(self._update_undo_actions)
        self.state.session_changed.connect(self._update_undo_actions)
        self._update_undo_actions()
        redo_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
        self.redo_action.setShortcuts(
            redo_keys + [QKeySequence(k) for k in ("Ctrl+Y", "Ctrl+Shift+Z")
                         if QKeySequence(k) not in redo_keys])
        self.show_pos_action = a("Show &part of speech", "actionShowPos", self.set_show_pos,
                                 checkable=True)
        self.show_pos_action.setChecked(self.state.show_pos)
        self.font_larger_action = a("&Larger text", "actionFontLarger",
                                    lambda: self.change_font_size(+font_size.STEP))
        self.font_larger_action.setShortcuts(
            _distinct_keys(["Ctrl+=", "Ctrl++"], QKeySequence.StandardKey.ZoomIn))
        self.font_smaller_action = a("&Smaller text", "actionFontSmaller",
                                     lambda: self.change_font_size(-font_size.STEP))
        self.font_smaller_action.setShortcuts(
            _distinct_keys(["Ctrl+-"], QKeySequence.StandardKey.ZoomOut))
        self.font_reset_action = a("&Normal text size", "actionFontReset",
                                   self.reset_font_size, "Ctrl+0")
        self.completion_action = a("&Complete from my earlier answers",
                                   "actionCompleteFromAnswers", self.set_complete_from_answers,
                                   checkable=True)
        self.completion_action.setChecked(self.state.complete_from_answers)
        self.guidelines_action = self.guidelines_dock.toggleViewAction()
        self.guidelines_action.setObjectName("actionGuidelines")
        self.guidelines_action.setText("&Guidelines")
        self.guidelines_action.setShortcut(QKeySequence("F2"))
        self.guidelines_file_action = a("Guidelines &file…", "actionGuidelinesFile",
                                        self.choose_guidelines)
        self.default_guidelines_action = a("&Default guidelines", "actionDefaultGuidelines",
                                           self.use_default_guidelines)
        self.summary_action = a("Progress &summary…", "actionSummary", self.show_summary,
                                "Ctrl+Shift+S")
        self.shortcuts_action = a("&Keyboard shortcuts", "actionShortcuts", self.show_shortcuts,
                                  QKeySequence.StandardKey.HelpContents)
        self.glossary_action = a("&Glossary", "actionGlossary", self.show_glossary)
        self.user_guide_action = a("&User guide", "actionUserGuide", self.show_user_guide)
        self.about_action = a("&About LexSub Studio", "actionAbout", self.show_about)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.open_action)
        self.recent_menu = QMenu("Open &recent", self)
        self.recent_menu.setObjectName("recentMenu")
        file_menu.addMenu(self.recent_menu)
        file_menu.addAction(self.demo_action)
        # Workspaces' own "File" actions (New task from CoNLL files…) go between these two
        # separators (a menu collapses adjacent ones when there are none).
        file_menu.addSeparator()
        file_anchor = file_menu.addSeparator()
        file_menu.addAction(self.import_action)
        file_menu.addAction(self.export_action)
        file_menu.addSeparator()
        file_menu.addAction(self.annotator_action)
        file_menu.addAction(self.close_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)

        menus = {"Edit": bar.addMenu("&Edit")}
        menus["Edit"].addAction(self.undo_action)
        menus["Edit"].addAction(self.redo_action)
        menus["Edit"].addSeparator()
        menus["Go"] = bar.addMenu("&Go")
        view_menu = bar.addMenu("&View")
        menus["View"] = view_menu
        # Where _add_menu_actions puts the actions of a workspace built later.
        self._menus = menus
        self._file_menu = file_menu
        self._file_menu_anchor = file_anchor
        self.workspace_menu_anchor = view_menu.addSeparator()
        view_menu.addAction(self.font_larger_action)
        view_menu.addAction(self.font_smaller_action)
        view_menu.addAction(self.font_reset_action)
        view_menu.addSeparator()
        view_menu.addAction(self.show_pos_action)
        view_menu.addAction(self.completion_action)
        view_menu.addAction(self.guidelines_action)
        view_menu.addAction(self.guidelines_file_action)
        view_menu.addAction(self.default_guidelines_action)
        view_menu.addSeparator()
        view_menu.addAction(self.summary_action)
        self.view_menu = view_menu
        help_menu = bar.addMenu("&Help")
        self._help_menu = help_menu
        help_menu.addAction(self.user_guide_action)
        help_menu.addAction(self.shortcuts_action)
        help_menu.addAction(self.glossary_action)
        help_menu.addAction(self.about_action)

    def _build_workspace_bar(self) -> None:
        self.workspace_bar = QToolBar("Workspaces", self)
        self.workspace_bar.setObjectName("workspaceBar")
        self.workspace_bar.setMovable(False)
        self.workspace_actions = QActionGroup(self)
        self.workspace_actions.setExclusive(True)
        for number, spec in enumerate(self.specs.values(), start=1):
            # "&" would make the next letter a mnemonic in an action's text.
            action = QAction(spec.title.replace("&", "&&"), self)
            action.setObjectName(f"workspace_{spec.key}")
            action.setCheckable(True)
            action.setShortcut(QKeySequence(f"Ctrl+{number}"))
            action.setToolTip(f"{spec.description} (Ctrl+{number})")
            action.setData(spec.key)
            action.triggered.connect(lambda _=False, key=spec.key: self.show_workspace(key))
            self.workspace_actions.addAction(action)
            self.workspace_bar.addAction(action)
            named(self.workspace_bar.widgetForAction(action), f"workspaceButton_{spec.key}",
                  f"{spec.title} workspace")
            self.view_menu.insertAction(self.workspace_menu_anchor, action)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.workspace_bar)
        self.workspace_bar.toggleViewAction().setObjectName("actionWorkspaceBar")

    def all_actions(self) -> list[QAction]:
        """Every action with a shortcut, for the shortcuts dialog (menus in order)."""
        self.workspaces.build_all()  # so that the list holds the workspaces not yet shown
        found: list[QAction] = []
        for menu_action in self.menuBar().actions():
            menu = menu_action.menu()
            if menu is None:
                continue
            for action in menu.actions():
                if not action.isSeparator() and action not in found:
                    found.append(action)
        return [action for action in found if action.shortcuts()]

    # -- workspaces ------------------------------------------------------------------------------

    def _install_workspace(self, spec: WorkspaceSpec) -> Workspace:
        """Build a workspace on first use and give it its place in the stack, the menus, the
        status bar and its remembered layout, as if it had been there from the start."""
        workspace = spec.factory(self.state)
        workspace.status_message.connect(self.show_message)
        workspace.open_file_requested.connect(self._open_requested)
        self.stack.addWidget(workspace)
        self._add_menu_actions(workspace)
        widgets = workspace.status_widgets()
        if widgets:
            # Before the annotator's name, which stays rightmost.
            bar = self.statusBar()
            bar.removeWidget(self.annotator_label)
            for widget in widgets:
                bar.addPermanentWidget(widget)
            bar.addPermanentWidget(self.annotator_label)
            self.annotator_label.show()
        saved = self.settings.value(settings.workspace_state_key(spec.key))
        if isinstance(saved, QByteArray) and not saved.isEmpty():
            workspace.restore_layout(saved)
        workspace.set_active(False)  # show_workspace activates the one on screen
        return workspace

    def _add_menu_actions(self, workspace: Workspace) -> None:
        bar = self.menuBar()
        first_switch = next(iter(self.workspace_actions.actions()), None)
        for title, actions in workspace.menu_actions().items():
            if title == "File":
                for action in actions:
                    self._file_menu.insertAction(self._file_menu_anchor, action)
                continue
            menu = self._menus.get(title)
            if menu is None:
                # A workspace's own menu goes before Help, as if built with the others.
                menu = QMenu(title, bar)
                bar.insertMenu(self._help_menu.menuAction(), menu)
                self._menus[title] = menu
            for action in actions:
                if title == "View":
                    # Above the workspace switches, which sit above the font size.
                    menu.insertAction(first_switch or self.workspace_menu_anchor, action)
                else:
                    menu.addAction(action)

    def current_workspace(self) -> Workspace | None:
        widget = self.stack.currentWidget()
        return widget if isinstance(widget, Workspace) else None

    def show_workspace(self, key: str) -> None:
        """Show a workspace; one that needs an open corpus shows the start screen until then."""
        self._current_key = key
        available = not self.specs[key].needs_session or self.state.session is not None
        shown = self.workspaces[key] if available else self.start_screen
        for workspace_key, workspace in self.workspaces.items():
            workspace.set_active(available and workspace_key == key)
        self.stack.setCurrentWidget(shown)
        self._show_guidelines_for(key if available else START_PAGE)
        for action in self.workspace_actions.actions():
            action.setChecked(action.data() == key)

    def _show_guidelines_for(self, page: str) -> None:
        """The guidelines belong to Annotate: shown there, hidden on the start screen and in
        the organiser's workspaces, unless the annotator opened (or closed) them on that page
        before; each page's choice is remembered."""
        self._guidelines_page = page
        wanted = settings.read_bool(self.settings, settings.guidelines_visible_key(page),
                                    page == "annotate")
        self.guidelines_dock.setVisible(wanted)

    def _remember_guidelines_visibility(self, visible: bool) -> None:
        if self._guidelines_page:
            self.settings.setValue(settings.guidelines_visible_key(self._guidelines_page),
                                   visible)

    def _on_session_changed(self) -> None:
        session = self.state.session
        has_session = session is not None
        for action in (self.export_action, self.import_action, self.close_action,
                       self.summary_action):
            action.setEnabled(has_session)
        if session is None:
            self.notes_bar.clear()
            self.show_workspace(self._current_key)
            self.setWindowTitle("LexSub Studio")
            self.annotator_label.setText("")
            self._load_guidelines()
            return
        source = session.source
        self.setWindowTitle(f"{source.title} — {session.work.annotator} — LexSub Studio")
        self.annotator_label.setText(f"Annotator: {session.work.annotator}")
        self.annotator_label.setToolTip(
            f"Answers are saved as you work in {session.work.store.path}"
            if session.work.store is not None else "")
        if source.show_pos is not None and source.is_package:
            self.show_pos_action.setChecked(source.show_pos)
        self._load_guidelines()
        # Opened from the start screen: go to the first workspace that works on the session.
        if self.current_workspace() is None:
            self._current_key = self.specs.session_workspace()
        self.show_workspace(self._current_key)

    # -- opening ---------------------------------------------------------------------------------

    def choose_and_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a corpus or annotator package",
                                              str(self._last_directory()), OPEN_FILTER)
        if path:
            self.open_path(path)

    def open_demo(self) -> None:
        from lexsub_studio.paths import demo_corpus

        self.open_path(str(demo_corpus()))

    def open_path(self, path: str) -> Task:
        """Open a corpus or package in the background; ``session_opened`` or ``open_failed``."""
        self.cancel_loading()
        self.settings.setValue(settings.LAST_DIRECTORY, str(Path(path).parent))
        task = run_in_background(lambda token, report: read_source(path))
        self._loading = task
        self._show_loading(f"Opening {Path(path).name}…")
        task.result.connect(lambda source: self._source_read(path, source))
        task.error.connect(lambda error: self._open_failed(path, error))
        task.finished.connect(lambda: self._task_finished(task))
        return task

    def cancel_loading(self) -> None:
        if self._loading is not None and not self._loading.is_finished:
            self._loading.cancel()
            self.show_message("Opening cancelled.")
        self._loading = None
        self._hide_loading()

    def _source_read(self, path: str, source: AnnotationSource) -> None:
        annotator = source.annotator or self.annotator_name(ask=True)
        if annotator is None:
            self._hide_loading()
            self._tell_open_failed("Not opened: an annotator name is needed to keep your "
                                   "answers.")
            return
        task = run_in_background(lambda token, report: open_work(source, annotator))
        self._loading = task
        self._show_loading(f"Read {len(source.items)} instances; loading {annotator}'s answers…")
        task.result.connect(lambda session: self._work_opened(path, session))
        task.error.connect(lambda error: self._open_failed(path, error))
        task.finished.connect(lambda: self._task_finished(task))

    def _work_opened(self, path: str, session: Session) -> None:
        self.flush_workspaces()
        if not self.settle_unsaved():
            if session.work.store is not None:
                session.work.store.close()
            self._tell_open_failed(f"{Path(path).name} was not opened: answers of the open "
                                   "corpus are not saved yet.")
            return
        self.state.set_session(session)
        settle_loaded_objects()
        settings.remember_recent(self.settings, path)
        self._refresh_recent()
        work = session.work
        finished, total = work.overall_progress()
        self.show_message(f"{self._repair_outcome} Opened {session.source.title}: {total} "
                          f"instances, {finished} answered.".strip())
        self._repair_outcome = ""
        if work.orphan_answers:
            session.source.diagnostics.info(
                "orphan-answers", f"{work.orphan_answers} saved answer(s) are for instances "
                "this file does not contain; they are kept in the store but not shown")
        if session.backup_problem is not None:
            self.show_message(f"No backup was made at opening: "
                              f"{session.backup_problem.diagnostic.message}")
        campaign = session.source.campaign
        if campaign is not None:
            # A package of a team campaign offers to join it; the offer is a note, never a
            # dialog in the way of the work.
            offer = join_offer(campaign.url, campaign.name, session.source.annotator)
            if offer:
                session.source.diagnostics.info("campaign-offer", offer)
        # Notes go to the bar: the file is open and there is nothing the annotator must do.
        self.notes_bar.show_notes(path, session.source.diagnostics)
        self.session_opened.emit()
        self._offer_rescue_files(session)

    def _offer_rescue_files(self, session: Session) -> None:
        """Answers an earlier run wrote to rescue files go back into the store (one change)."""
        if not session.rescue_files:
            return
        work = session.work
        rows = []
        for rescue_file in session.rescue_files:
            try:
                rows.extend(read_responses(rescue_file).rows)
            except (InputError, OSError):
                continue
        plan = work.plan_import(rows)
        if not plan.rows or not store_dialogs.ask_restore_rescue(self, session.rescue_files,
                                                                 len(plan.rows)):
            return
        self.state.undo_stack.push(ImportAnswersCommand(work, plan.rows, "a rescue file"))
        if work.unsaved_count:
            self.show_message("The rescued answers are back on screen but not saved yet; "
                              "the rescue file is kept.")
            return
        for rescue_file in session.rescue_files:
            mark_restored(rescue_file)
        self.show_message(f"{store_dialogs.plural(len(plan.rows), 'answer')} from the rescue "
                          "file are saved in the store again.")

    def _open_failed(self, path: str, error: object) -> None:
        self._hide_loading()
        exception = error if isinstance(error, BaseException) else RuntimeError(str(error))
        if isinstance(exception, InputError) and exception.diagnostic.code == "not-found":
            settings.forget_recent(self.settings, str(Path(path).resolve()))
            self._refresh_recent()
        if isinstance(exception, StoreError) and exception.fault in (StoreFault.DAMAGED,
                                                                     StoreFault.EMPTY):
            # The repair box's own text is what the annotator reads.
            self.open_failed.emit(store_dialogs.repair_text(
                exception, newest_good_backup(exception.path)))
            self._offer_repair(path, exception)
            return
        self.open_failed.emit(dialogs.error_text(exception))
        dialogs.show_error(self, "Cannot open the file", exception)

    def _tell_open_failed(self, text: str) -> None:
        """A file not opened for a reason the status bar tells: ``open_failed`` carries the
        same sentence (docs/automation.md)."""
        self.show_message(text)
        self.open_failed.emit(text)

    def _offer_repair(self, path: str, error: StoreError) -> None:
        """A damaged or empty store: restore the newest good backup or salvage, then reopen."""
        backup = newest_good_backup(error.path)
        choice = store_dialogs.offer_repair(self, error, backup)
        try:
            if choice == store_dialogs.RESTORE and backup is not None:
                aside = restore_backup(error.path, backup)
                outcome = f"Restored the newest good backup; the damaged store is kept at {aside}."
            elif choice == store_dialogs.SALVAGE:
                result = salvage(error.path)
                outcome = (f"Salvaged {store_dialogs.plural(result.answers, 'answer')} into a "
                           f"new store; the damaged one is kept at {result.set_aside}.")
            else:
                return
        except (InputError, OSError) as failure:
            dialogs.show_error(self, "Cannot repair the store", failure)
            return
        self._repair_outcome = outcome
        self.open_path(path)

    def _task_finished(self, task: Task) -> None:
        if self._loading is task:
            self._loading = None
            self._hide_loading()

    def _show_loading(self, text: str) -> None:
        self.loading_bar.setVisible(True)
        self.cancel_button.setVisible(True)
        self.statusBar().showMessage(text)

    def _hide_loading(self) -> None:
        if self._loading is None:
            self.loading_bar.setVisible(False)
            self.cancel_button.setVisible(False)

    def annotator_name(self, ask: bool) -> str | None:
        name = str(self.settings.value(settings.ANNOTATOR_NAME, "") or "")
        if name or not ask:
            return name or None
        chosen = dialogs.ask_annotator_name(self)
        if chosen:
            self.settings.setValue(settings.ANNOTATOR_NAME, chosen)
        return chosen

    def change_annotator(self) -> None:
        current = str(self.settings.value(settings.ANNOTATOR_NAME, "") or "")
        chosen = dialogs.ask_annotator_name(self, current)
        if not chosen or chosen == current:
            return
        self.settings.setValue(settings.ANNOTATOR_NAME, chosen)
        source = self.state.source
        if source is not None and not source.is_package:
            self.open_path(str(source.path))

    # -- undo ------------------------------------------------------------------------------------

    def undo_answer(self) -> None:
        """Undo the last change of an answer, after keeping what is typed as a step of its own:
        the first Ctrl+Z then takes back that typing (and Ctrl+Shift+Z brings it back), never
        the typing silently lost while the undo shows another instance."""
        self.flush_workspaces()
        stack = self.state.undo_stack
        if not stack.canUndo():
            self.show_message("Nothing to undo.")
            return
        done = stack.undoText()
        stack.undo()
        self.show_message(f"Undid the {done}.")

    def redo_answer(self) -> None:
        """Redo the change undone last. Typing since the undo is kept first, as a new change,
        which (as in any editor) ends the redo history: the typing wins over the old answer."""
        self.flush_workspaces()
        stack = self.state.undo_stack
        if not stack.canRedo():
            self.show_message("Nothing to redo.")
            return
        done = stack.redoText()
        stack.redo()
        self.show_message(f"Redid the {done}.")

    def _update_undo_actions(self, *_: object) -> None:
        stack = self.state.undo_stack
        # Enabled with a session even when the stack is empty: typing on the current instance
        # is something to undo too (it becomes a step when Ctrl+Z is pressed).
        has_session = self.state.session is not None
        self.undo_action.setEnabled(stack.canUndo() or has_session)
        self.redo_action.setEnabled(stack.canRedo() or has_session)
        undo_text, redo_text = stack.undoText(), stack.redoText()
        self.undo_action.setText(f"&Undo {undo_text}" if undo_text else "&Undo")
        self.redo_action.setText(f"&Redo {redo_text}" if redo_text else "&Redo")

    def close_session(self) -> None:
        self.flush_workspaces()
        if self.settle_unsaved():
            self.state.close_session()

    def settle_unsaved(self) -> bool:
        """True when no answer is left unsaved: saved now, or written to a rescue file.

        Otherwise the annotator is asked, again and again, until the answers are saved, written
        to a rescue file, or the annotator keeps the window open (False).
        """
        work = self.state.work
        while work is not None and work.unsaved_count:
            if self.state.retry_saving():
                return True
            choice = store_dialogs.ask_unsaved(self, work)
            if choice == store_dialogs.RETRY:
                continue
            if choice != store_dialogs.RESCUE:
                return False
            try:
                written = self.state.write_rescue_file()
            except OSError as error:
                dialogs.show_error(self, "Cannot write the rescue file", error)
                return False
            if written is not None:
                self.show_message(f"Unsaved answers written to {written}")
            return True
        return True

    def flush_workspaces(self) -> None:
        for workspace in self.workspaces.values():
            workspace.flush_pending()

    def _refresh_recent(self) -> None:
        files = settings.recent_files(self.settings)
        self.start_screen.set_recent(files)
        self.recent_menu.clear()
        for path in files:
            action = self.recent_menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        self.recent_menu.setEnabled(bool(files))

    # -- responses files -------------------------------------------------------------------------

    def export_responses(self) -> Path | None:
        session = self.state.session
        if session is None:
            return None
        self.flush_workspaces()
        path = responses_io.export_responses(self, session, self._last_directory())
        if path is not None:
            self.settings.setValue(settings.LAST_DIRECTORY, str(path.parent))
            self.show_message(f"Exported {len(session.work.export_rows())} answers to {path}")
        return path

    def import_responses(self) -> int:
        session = self.state.session
        if session is None:
            return 0
        self.flush_workspaces()
        outcome = responses_io.import_responses(self, session, self.state.undo_stack,
                                                self._last_directory())
        if outcome is None:
            return 0
        path, plan = outcome
        self.settings.setValue(settings.LAST_DIRECTORY, str(path.parent))
        self.show_message(responses_io.describe_import(plan))
        return len(plan.rows)

    def _last_directory(self) -> Path:
        return Path(str(self.settings.value(settings.LAST_DIRECTORY, str(Path.home()))))

    # -- view ------------------------------------------------------------------------------------

    def set_show_pos(self, show: bool) -> None:
        self.settings.setValue(settings.SHOW_POS, show)
        self.state.set_show_pos(show)

    def _apply_saved_font_size(self) -> None:
        saved = self.settings.value(settings.FONT_POINT_SIZE)
        try:
            size = float(str(saved)) if saved else self._system_point_size
        except ValueError:
            self.settings.remove(settings.FONT_POINT_SIZE)
            size = self._system_point_size
        font_size.apply_point_size(size)

    def change_font_size(self, step: float) -> None:
        size = font_size.apply_point_size(font_size.current_point_size() + step)
        self.settings.setValue(settings.FONT_POINT_SIZE, size)
        self.show_message(f"Text size {size:g} pt (Ctrl+0: the system's "
                          f"{self._system_point_size:g} pt).")

    def reset_font_size(self) -> None:
        font_size.apply_point_size(self._system_point_size)
        self.settings.remove(settings.FONT_POINT_SIZE)
        self.show_message(f"Text size back to the system's {self._system_point_size:g} pt.")

    def set_complete_from_answers(self, on: bool) -> None:
        self.settings.setValue(settings.COMPLETE_FROM_ANSWERS, on)
        self.state.set_complete_from_answers(on)
        self.guidelines.set_completion_note(on)

    def _load_guidelines(self) -> None:
        source = self.state.source
        if source is not None and source.guidelines:
            self.guidelines.show_text(source.guidelines, source.guidelines_format, "package")
            return
        custom = str(self.settings.value(settings.GUIDELINES_FILE, "") or "")
        if custom:
            try:
                text, text_format = read_guidelines_file(custom)
            except InputError as error:
                self.show_message(f"Guidelines file unreadable, showing the default: {error}")
            else:
                self.guidelines.show_text(text, text_format, custom)
                return
        self.guidelines.show_default()

    def choose_guidelines(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Guidelines file", str(Path.home()),
                                              GUIDELINES_FILTER)
        if not path:
            return
        try:
            read_guidelines_file(path)
        except InputError as error:
            dialogs.show_error(self, "Cannot read the guidelines", error)
            return
        self.settings.setValue(settings.GUIDELINES_FILE, path)
        self._load_guidelines()
        self.guidelines_dock.show()

    def use_default_guidelines(self) -> None:
        self.settings.remove(settings.GUIDELINES_FILE)
        self._load_guidelines()

    def show_summary(self) -> None:
        work = self.state.work
        if work is not None:
            dialogs.build_summary_dialog(self, work.progress(), self.state.show_pos).exec()

    def show_shortcuts(self) -> None:
        dialogs.build_shortcuts_dialog(self, self.all_actions()).exec()

    def show_glossary(self) -> None:
        from lexsub_studio.core.agreement.glossary import glossary_rows
        from lexsub_studio.core.scoring.export import LEAGUE_COLUMNS
        from lexsub_studio.core.scoring.league import MEASURE_DEFINITIONS

        agreement = [(term, meaning) for _, term, meaning in glossary_rows()]
        scoring = [(label, MEASURE_DEFINITIONS[key]) for key, label in LEAGUE_COLUMNS
                   if key in MEASURE_DEFINITIONS]
        dialogs.build_glossary_dialog(self, [("Agreement", agreement),
                                             ("Scoring", scoring)]).exec()

    def show_user_guide(self) -> QDialog:
        """The guide opens beside the window (not modal), so it can be read while working."""
        from lexsub_studio.gui.user_guide import UserGuide

        if self._user_guide is None:
            self._user_guide = UserGuide(self)
        self._user_guide.show()
        self._user_guide.raise_()
        return self._user_guide

    def show_about(self) -> QDialog:
        from lexsub_studio.gui.about import AboutDialog

        dialog = AboutDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    # -- window ----------------------------------------------------------------------------------

    def _restore_window(self) -> None:
        geometry = self.settings.value(settings.WINDOW_GEOMETRY)
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            # A first start on a small screen (1024 x 640) must not open wider than it.
            available = self.screen().availableGeometry()
            self.resize(min(DEFAULT_SIZE[0], available.width()),
                        min(DEFAULT_SIZE[1], available.height()))
        state = self.settings.value(settings.WINDOW_STATE)
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        # Each workspace restores its own layout when it is built (_install_workspace).

    def event(self, event: QEvent) -> bool:
        # Qt sends these to windows only: the workspaces' own fonts and colours follow here.
        if event.type() == QEvent.Type.ApplicationFontChange:
            for workspace in self.workspaces.values():
                workspace.rescale_fonts()
        elif event.type() == QEvent.Type.ApplicationPaletteChange:
            for workspace in self.workspaces.values():
                workspace.follow_palette()
        return super().event(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.cancel_loading()
        self.flush_workspaces()
        if not self.settle_unsaved():
            event.ignore()
            return
        self.settings.setValue(settings.WINDOW_GEOMETRY, self.saveGeometry())
        self.settings.setValue(settings.WINDOW_STATE, self.saveState())
        for key, workspace in self.workspaces.items():
            layout = workspace.save_layout()
            if layout is not None:
                self.settings.setValue(settings.workspace_state_key(key), layout)
        self.settings.sync()
        self.state.close_session()
        event.accept()

    def take_dropped_files(self, paths: list[str]) -> object:
        return self.open_dropped(paths)

    def open_dropped(self, paths: list[str]) -> Task:
        """Open each dropped file in the workspace its kind belongs to (detected from the
        contents in the background) and show the workspace of the first one."""
        task = run_in_background(lambda token, report: route_dropped_files(paths))
        task.result.connect(self._dropped_routed)
        task.error.connect(lambda error: dialogs.show_error(self, "Cannot open the files", error))
        return task

    def _dropped_routed(self, plan: DropPlan) -> None:
        ignored = list(plan.ignored)
        first = plan.first_workspace()
        corpus: str | None = None
        for key, paths in plan.files.items():
            if key == ANNOTATE:
                # One corpus or package is open at a time: the first one dropped.
                ignored += [f"{Path(path).name} (one corpus at a time)" for path in paths[1:]]
                if key != first:
                    ignored.append(f"{Path(paths[0]).name} (open it on its own)")
                    continue
                corpus = paths[0]
            elif key in self.specs:
                self.workspaces[key].open_dropped(paths)
        if first is not None and first != ANNOTATE:
            self.show_workspace(first)
        note = "Not opened: " + "; ".join(ignored) if ignored else ""
        if corpus is None:
            if note:
                self.show_message(note)
            return
        if not note:
            self.open_path(corpus)
            return

        # The corpus's own "Opened ..." line comes when it has opened: the note follows it.
        self._after_opening(corpus, lambda: self.show_message(
            f"{self.statusBar().currentMessage()} {note}".strip()))

    def _open_requested(self, path: str, kind: str) -> None:
        """A workspace asks for a file to be opened for the whole application (a corpus the
        new-task wizard wrote): opened as any corpus, then shown where it is annotated."""
        if kind != CORPUS:
            self.show_message(f"Not opened: {Path(path).name} is not a corpus.")
            return
        self._after_opening(path, lambda: self.show_workspace(self.specs.session_workspace()))

    def _after_opening(self, path: str, then: Callable[[], None]) -> None:
        """Open ``path`` and call ``then`` once it has opened (never if it fails)."""
        def after_opening() -> None:
            self.session_opened.disconnect(after_opening)
            self.open_failed.disconnect(after_failing)
            then()

        def after_failing(_text: str) -> None:
            self.session_opened.disconnect(after_opening)
            self.open_failed.disconnect(after_failing)

        self.session_opened.connect(after_opening)
        self.open_failed.connect(after_failing)
        self.open_path(path)
