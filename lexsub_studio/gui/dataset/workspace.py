"""The Dataset workspace: statistics of the open corpus (with the gold, multiword gold and
responses files the user adds) and one-click baselines; it also offers File › New task from
CoNLL files….

Three panels with one job each: ``files_panel.py`` (the files beside the corpus),
``baselines_panel.py`` and ``stats_panel.py``; everything is computed by the core in the
background (``jobs.py``), exactly as ``lexsub stats`` and ``lexsub baseline`` do. This module
puts the panels side by side and tells them when the corpus changes.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QMetaMethod, Qt, QTimer
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.dataset.baselines_panel import BaselinesPanel
from lexsub_studio.gui.dataset.files_panel import DatasetFilesPanel
from lexsub_studio.gui.dataset.jobs import DatasetInputs, StatsOutcome
from lexsub_studio.gui.dataset.stats_panel import StatsPanel
from lexsub_studio.gui.dataset.wizard import NewTaskWizard
from lexsub_studio.gui.tasks import Task
from lexsub_studio.gui.widgets import dropped_local_paths, named
from lexsub_studio.gui.workspace import CORPUS, ORGANISER_MENU, Workspace


class DatasetWorkspace(Workspace):
    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        named(self, "datasetWorkspace", self.tr("Dataset workspace"))
        self.setAcceptDrops(True)
        self.wizard: NewTaskWizard | None = None
        self._active = False
        self._stale = True

        self.header = named(QLabel(self), "datasetHeader", self.tr("Open corpus"))
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        font = self.header.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.header.setFont(font)
        self.message = named(QLabel(self), "datasetMessage", self.tr("Dataset message"))
        self.message.setWordWrap(True)

        self.splitter = named(QSplitter(Qt.Orientation.Horizontal, self), "datasetSplitter",
                              self.tr("Dataset panels"))
        # The inputs scroll rather than set a minimum height on the whole window.
        scroll = named(QScrollArea(self.splitter), "datasetInputsScroll",
                       self.tr("Files and baselines"))
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        left = QWidget(scroll)
        self.files = DatasetFilesPanel(left)
        self.baselines = BaselinesPanel(left, near_files=self._baseline_neighbours)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.files)
        left_layout.addWidget(self.baselines, 1)
        scroll.setWidget(left)
        self.stats = StatsPanel(self.splitter)
        self.splitter.addWidget(scroll)
        self.splitter.addWidget(self.stats)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setSizes([380, 900])

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.header)
        layout.addWidget(self.message)
        layout.addWidget(self.splitter, 1)

        self.new_task_action = QAction(self.tr("&New task from CoNLL files…"), self)
        self.new_task_action.setObjectName("actionNewTask")
        self.new_task_action.triggered.connect(self.show_new_task_wizard)

        self.files.inputs_changed.connect(self._mark_stale)
        self.files.message.connect(self.message.setText)
        self.baselines.generate_button.clicked.connect(self.generate)
        self.baselines.status_message.connect(self.status_message)
        self.stats.export_button.clicked.connect(self.export_csv)
        self.stats.status_message.connect(self.status_message)
        state.session_changed.connect(self._on_session_changed)
        self._on_session_changed()

    @property
    def inputs(self) -> DatasetInputs:
        return self.files.inputs

    @property
    def outcome(self) -> StatsOutcome | None:
        return self.stats.outcome

    # -- Workspace -------------------------------------------------------------------------------

    def menu_actions(self) -> dict[str, list[QAction]]:
        return {ORGANISER_MENU: [self.new_task_action]}

    def set_active(self, active: bool) -> None:
        # The wizard makes a corpus, so it is offered with or without one open.
        self._active = active
        self.new_task_action.setEnabled(True)
        if active and self._stale:
            self.refresh_stats()

    def save_layout(self) -> QByteArray | None:
        return self.splitter.saveState()

    def restore_layout(self, layout: QByteArray) -> None:
        self.splitter.restoreState(layout)

    def open_dropped(self, paths: list[str]) -> NewTaskWizard:
        """CoNLL files dropped on the window start a new task from them."""
        wizard = self.show_new_task_wizard()
        wizard.files_page.add_paths(paths)
        return wizard

    # -- the open corpus -------------------------------------------------------------------------

    def _on_session_changed(self) -> None:
        source = self.state.source
        self.files.clear()
        self.files.set_enabled(source is not None)
        self.files.start_directory = source.path.parent if source is not None else Path.home()
        self.stats.clear()
        self.stats.export_button.setEnabled(source is not None)
        self.baselines.follow_corpus(source)
        self.message.setText("")
        if source is None:
            self.header.setText(self.tr("No corpus open"))
            return
        corpus = source.corpus
        # The reader's count when it made one: counting again walks every lexelt on the GUI
        # thread (a corpus may have as many lexelts as instances).
        instances = source.stats.get("instances")
        self.header.setText(self.tr("{title}: {instances} instance(s) in {lexelts} "
                                    "lexelt(s)").format(
            title=source.title, instances=len(corpus) if instances is None else instances,
            lexelts=len(corpus.lexelts)))
        self._mark_stale()

    def add_file(self, role: str, path: str | Path) -> None:
        """Use ``path`` as the gold, the multiword gold or one more responses file."""
        self.files.add_file(role, path)

    def add_detected(self, paths: list[str]) -> None:
        """Add files whose role is recognised from their content, as a drop does."""
        self.files.add_detected(paths)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self.state.source is not None and dropped_local_paths(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = dropped_local_paths(event.mimeData())
        if paths and self.state.source is not None:
            event.acceptProposedAction()
            self.add_detected(paths)

    # -- statistics and baselines ----------------------------------------------------------------

    def _mark_stale(self) -> None:
        self._stale = True
        if self._active:
            # After the current event: several files dropped at once make one computation.
            QTimer.singleShot(0, self._refresh_if_stale)

    def _refresh_if_stale(self) -> None:
        if self._stale and self._active:
            self.refresh_stats()

    def refresh_stats(self) -> Task | None:
        """Compute the statistics of the open corpus and the added files in the background."""
        source = self.state.source
        if source is None:
            self.stats.stats_busy.cancel()
            return None
        self._stale = False
        return self.stats.refresh(source.corpus, self.inputs)

    def export_csv(self) -> Task | None:
        """Write the statistics as CSV, as ``lexsub stats --format csv`` does, in the
        background; None when nothing is written."""
        return self.stats.export_csv(self.state.source)

    def _baseline_neighbours(self) -> list[str | Path | None]:
        """The files a baseline's prefix dialog opens beside: the corpus, then the gold."""
        source = self.state.source
        return [source.path if source is not None else None, self.inputs.gold]

    def generate(self) -> Task | None:
        """Generate the chosen baseline for every instance of the open corpus."""
        return self.baselines.generate(self.state.source, self.inputs.gold)

    # -- new task --------------------------------------------------------------------------------

    def show_new_task_wizard(self) -> NewTaskWizard:
        """Open the wizard (window-modal, never exec(): the event loop keeps running)."""
        if self.wizard is not None and self.wizard.isVisible():
            self.wizard.raise_()
            self.wizard.activateWindow()
            return self.wizard
        directory = (self.state.source.path.parent if self.state.source is not None
                     else Path.home())
        wizard = NewTaskWizard(self.window(), directory)
        wizard.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        wizard.open_requested.connect(self.open_corpus)
        wizard.destroyed.connect(lambda: setattr(self, "wizard", None))
        self.wizard = wizard
        wizard.open()
        return wizard

    def open_corpus(self, path: str) -> None:
        """Ask the window to open the new corpus: opening (annotator name, recent files, notes)
        is the window's, which shows it in Annotate; the session then reaches every workspace
        through AppState."""
        if not self.isSignalConnected(QMetaMethod.fromSignal(self.open_file_requested)):
            self.status_message.emit(self.tr("Corpus written to {path}; open it with File › "
                                             "Open.").format(path=path))
            return
        self.open_file_requested.emit(path, CORPUS)
