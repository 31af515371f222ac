"""The Dataset workspace: statistics of the open corpus (with the gold, multiword gold and
responses files the user adds) and one-click baselines; it also offers File › New task from
CoNLL files….

Everything is computed by the core in the background (``jobs.py``), exactly as ``lexsub stats``
and ``lexsub baseline`` do; this module only shows it.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QByteArray, QMetaMethod, Qt, QTimer
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.dataset.baselines import KINDS, output_paths
from lexsub_studio.core.model.diagnostics import InputError, Severity
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.dataset.busy import BusyIndicator
from lexsub_studio.gui.dataset.jobs import (
    DETECTED_ROLES,
    GOLD,
    MULTIWORD_GOLD,
    RESPONSES,
    BaselineOutcome,
    DatasetInputs,
    StatsOutcome,
    compute_stats,
    describe,
    generate_baseline,
)
from lexsub_studio.gui.dataset.stats_model import StatsFilterProxy, StatsTableModel
from lexsub_studio.gui.dataset.wizard import NewTaskWizard
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import dropped_local_paths, named
from lexsub_studio.gui.workspace import CORPUS, Workspace

GOLD_FILTER = "Gold files (*gold* *.gold);;All files (*)"
RESPONSES_FILTER = "Responses files (*.tsv);;All files (*)"
CSV_FILTER = "CSV (*.csv)"
LEVEL_CHOICES: list[tuple[str, str | None]] = [
    ("Every row", None), ("All items", "all"), ("Per PoS", "pos"), ("Per lexelt", "lexelt")]
ERROR_STYLE = "color: #b91c1c;"
MAX_SEED = 2_147_483_647


def error_message(error: object) -> str:
    """A person's reading of a failed job: file and line for bad input, the core's own
    sentence for a missing WordNet or gold, never a traceback."""
    if isinstance(error, (InputError, OSError)):
        return dialogs.error_text(error).replace("\n\n", ": ")
    if isinstance(error, ValueError) or type(error).__name__ == "WordNetUnavailable":
        return str(error)
    return f"{type(error).__name__}: {error}"


def default_wordnet_dir() -> str:
    """The WordNet directory found on this machine, or "" when there is none."""
    from lexsub_studio.core.dataset.baselines.wordnet import WordNetUnavailable, find_wordnet

    try:
        return str(find_wordnet())
    except WordNetUnavailable:
        return ""


def writable_directory(corpus_path: Path) -> Path:
    """Where baselines go by default: beside the corpus, unless that is the bundled data or a
    read-only place, then the home directory."""
    from lexsub_studio.paths import data_dir

    directory = corpus_path.resolve().parent
    if directory.is_relative_to(data_dir().resolve()) or not os.access(directory, os.W_OK):
        return Path.home()
    return directory


class DatasetWorkspace(Workspace):
    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        named(self, "datasetWorkspace", "Dataset workspace")
        self.setAcceptDrops(True)
        self.inputs = DatasetInputs()
        self.outcome: StatsOutcome | None = None
        self.baseline: BaselineOutcome | None = None
        self.wizard: NewTaskWizard | None = None
        self._active = False
        self._stale = True
        self._auto_prefix = ""

        self.header = named(QLabel(self), "datasetHeader", "Open corpus")
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        font = self.header.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.header.setFont(font)
        self.message = named(QLabel(self), "datasetMessage", "Dataset message")
        self.message.setWordWrap(True)

        self.splitter = named(QSplitter(Qt.Orientation.Horizontal, self), "datasetSplitter",
                              "Dataset panels")
        # The inputs scroll rather than set a minimum height on the whole window.
        scroll = named(QScrollArea(self.splitter), "datasetInputsScroll", "Files and baselines")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        left = QWidget(scroll)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self._build_files_box(left))
        left_layout.addWidget(self._build_baselines_box(left), 1)
        scroll.setWidget(left)
        self.splitter.addWidget(scroll)
        self.splitter.addWidget(self._build_stats_panel(self.splitter))
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 5)
        self.splitter.setSizes([380, 900])

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.header)
        layout.addWidget(self.message)
        layout.addWidget(self.splitter, 1)

        self.new_task_action = QAction("&New task from CoNLL files…", self)
        self.new_task_action.setObjectName("actionNewTask")
        self.new_task_action.triggered.connect(self.show_new_task_wizard)

        state.session_changed.connect(self._on_session_changed)
        self._on_session_changed()

    # -- construction ----------------------------------------------------------------------------

    # No mnemonics (Alt+letter) in this workspace: the menus and the Annotate workspace's
    # Alt shortcuts already use the letters.

    def _build_files_box(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox("Files beside the corpus", parent)
        self.file_list = named(QListWidget(box), "datasetFileList", "Added files",
                               "The gold, multiword gold and responses files the statistics "
                               "use; drop files here to add them")
        self.file_list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.file_list.setMaximumHeight(130)  # a gold, a multiword gold, a few annotators
        self.add_gold_button = named(QPushButton("Add gold…", box), "addGoldButton",
                                     "Add a gold file")
        self.add_mw_button = named(QPushButton("Add multiword gold…", box),
                                   "addMultiwordGoldButton", "Add a multiword gold file")
        self.add_responses_button = named(QPushButton("Add responses…", box),
                                          "addResponsesButton", "Add annotators' responses files")
        self.remove_button = named(QPushButton("Remove", box), "removeDatasetFileButton",
                                   "Remove the selected files")
        self.add_gold_button.clicked.connect(lambda: self.choose_files(GOLD))
        self.add_mw_button.clicked.connect(lambda: self.choose_files(MULTIWORD_GOLD))
        self.add_responses_button.clicked.connect(lambda: self.choose_files(RESPONSES))
        self.remove_button.clicked.connect(self.remove_selected)
        buttons = QGridLayout()
        buttons.addWidget(self.add_gold_button, 0, 0)
        buttons.addWidget(self.add_mw_button, 0, 1)
        buttons.addWidget(self.add_responses_button, 1, 0)
        buttons.addWidget(self.remove_button, 1, 1)
        layout = QVBoxLayout(box)
        layout.addWidget(self.file_list)
        layout.addLayout(buttons)
        return box

    def _build_baselines_box(self, parent: QWidget) -> QGroupBox:
        box = QGroupBox("Baselines", parent)
        self.kind_combo = named(QComboBox(box), "baselineKind", "Baseline kind",
                                "Which baseline to generate")
        for kind, description in KINDS.items():
            self.kind_combo.addItem(kind, kind)
            self.kind_combo.setItemData(self.kind_combo.count() - 1, description,
                                        Qt.ItemDataRole.ToolTipRole)
        self.kind_combo.currentIndexChanged.connect(self._kind_changed)
        self.kind_help = named(QLabel(box), "baselineKindHelp", "What the baseline does")
        self.kind_help.setWordWrap(True)
        self.seed_spin = named(QSpinBox(box), "baselineSeed", "Baseline seed",
                               "The seed of the random baseline")
        self.seed_spin.setRange(0, MAX_SEED)
        self.wordnet_edit = named(QLineEdit(box), "wordnetDirEdit", "WordNet directory",
                                  "A local WordNet database (index.noun, data.noun, …)")
        self.wordnet_edit.setPlaceholderText("no WordNet found: choose its directory")
        self.wordnet_edit.setText(default_wordnet_dir())
        self.browse_wordnet_button = named(QPushButton("…", box), "browseWordnetButton",
                                           "Choose the WordNet directory")
        self.browse_wordnet_button.clicked.connect(self.choose_wordnet_dir)
        self.prefix_edit = named(QLineEdit(box), "baselinePrefixEdit", "Output prefix",
                                 "Writes PREFIX.best, PREFIX.oot and PREFIX.weighted")
        self.browse_prefix_button = named(QPushButton("…", box), "browsePrefixButton",
                                          "Choose the output prefix")
        self.browse_prefix_button.clicked.connect(self.choose_prefix)
        self.generate_button = named(QPushButton("Generate", box), "generateBaselineButton",
                                     "Generate the baseline")
        self.generate_button.clicked.connect(self.generate)
        self.baseline_busy = BusyIndicator("baseline", "generating the baseline", box)
        self.baseline_message = named(QLabel(box), "baselineResult", "Baseline result")
        self.baseline_message.setWordWrap(True)
        self.baseline_message.setTextFormat(Qt.TextFormat.PlainText)
        self.baseline_files = named(QListWidget(box), "baselineFiles", "Written baseline files")
        self.baseline_files.setMaximumHeight(80)  # three files

        def with_button(edit: QLineEdit, button: QPushButton) -> QHBoxLayout:
            row = QHBoxLayout()
            row.addWidget(edit, 1)
            row.addWidget(button)
            return row

        form = QFormLayout()
        form.addRow("Kind:", self.kind_combo)
        form.addRow("", self.kind_help)
        form.addRow("Seed:", self.seed_spin)
        for text, edit, button in (("WordNet:", self.wordnet_edit, self.browse_wordnet_button),
                                   ("Prefix:", self.prefix_edit, self.browse_prefix_button)):
            form.addRow(text, with_button(edit, button))
        layout = QVBoxLayout(box)
        layout.addLayout(form)
        layout.addWidget(self.generate_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.baseline_busy)
        layout.addWidget(self.baseline_message)
        layout.addWidget(self.baseline_files)
        layout.addStretch(1)
        self._kind_changed()
        return box

    def _build_stats_panel(self, parent: QWidget) -> QWidget:
        panel = QWidget(parent)
        self.model = StatsTableModel(self)
        self.proxy = StatsFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.level_filter = named(QComboBox(panel), "statsLevelFilter", "Rows shown",
                                  "Every row, all items, per PoS or per lexelt")
        for text, level in LEVEL_CHOICES:
            self.level_filter.addItem(text, level)
        self.level_filter.currentIndexChanged.connect(
            lambda _: self.proxy.set_level(self.level_filter.currentData()))
        self.export_button = named(QPushButton("Export CSV…", panel), "exportStatsButton",
                                   "Export the statistics as CSV")
        self.export_button.clicked.connect(self.export_csv)
        self.table = named(QTableView(panel), "statsTable", "Dataset statistics",
                           "Figures per PoS and lexelt; click a column to sort")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.proxy.sort(-1)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.stats_busy = BusyIndicator("stats", "computing the statistics", panel)
        self.stats_summary = named(QLabel(panel), "statsSummary", "Statistics status")
        self.stats_summary.setWordWrap(True)
        self.stats_summary.setTextFormat(Qt.TextFormat.PlainText)
        self.problems = named(QPlainTextEdit(panel), "statsProblems", "Problems in the files")
        self.problems.setReadOnly(True)
        self.problems.setMaximumHeight(120)
        self.problems.setVisible(False)
        top = QHBoxLayout()
        top.addWidget(QLabel("Show:", panel))
        top.addWidget(self.level_filter)
        top.addStretch(1)
        top.addWidget(self.export_button)
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.stats_busy)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.stats_summary)
        layout.addWidget(self.problems)
        return panel

    # -- Workspace -------------------------------------------------------------------------------

    def menu_actions(self) -> dict[str, list[QAction]]:
        return {"File": [self.new_task_action]}

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

    # -- the open corpus -------------------------------------------------------------------------

    def _on_session_changed(self) -> None:
        self.stats_busy.cancel()
        self.baseline_busy.cancel()
        self.inputs = DatasetInputs()
        self.outcome = None
        self.baseline = None
        self.model.set_table(None)
        self.baseline_files.clear()
        self.baseline_message.setText("")
        self.message.setText("")
        self._show_files()
        source = self.state.source
        if source is None:
            self.header.setText("No corpus open")
            self._auto_prefix = ""
            self.prefix_edit.setText("")
            return
        corpus = source.corpus
        self.header.setText(f"{source.title}: {len(corpus)} instance(s) in "
                            f"{len(corpus.lexelts)} lexelt(s)")
        self._auto_prefix = str(writable_directory(source.path) / source.path.stem)
        self.prefix_edit.setText(self._prefix_for(self.kind()))
        self._mark_stale()

    def kind(self) -> str:
        return str(self.kind_combo.currentData())

    def _prefix_for(self, kind: str) -> str:
        return f"{self._auto_prefix}-{kind}" if self._auto_prefix else ""

    def _kind_changed(self) -> None:
        kind = self.kind()
        self.kind_help.setText(KINDS[kind])
        self.seed_spin.setEnabled(kind == "random")
        self.wordnet_edit.setEnabled(kind == "wordnet")
        self.browse_wordnet_button.setEnabled(kind == "wordnet")
        # Follow the kind while the prefix is still the one we proposed.
        if self._auto_prefix:
            current = self.prefix_edit.text()
            if current in {self._prefix_for(other) for other in KINDS} or not current:
                self.prefix_edit.setText(self._prefix_for(kind))

    # -- added files -----------------------------------------------------------------------------

    def choose_files(self, role: str) -> None:
        start = str(self.state.source.path.parent) if self.state.source else str(Path.home())
        if role == RESPONSES:
            paths, _ = QFileDialog.getOpenFileNames(self, "Responses files", start,
                                                    RESPONSES_FILTER)
        else:
            path, _ = QFileDialog.getOpenFileName(self, f"The {role} file", start, GOLD_FILTER)
            paths = [path] if path else []
        for path in paths:
            self.add_file(role, path)

    def add_file(self, role: str, path: str | Path) -> None:
        """Use ``path`` as the gold, the multiword gold or one more responses file."""
        text = str(Path(path))
        replaced = None
        if role == GOLD:
            replaced, self.inputs.gold = self.inputs.gold, text
        elif role == MULTIWORD_GOLD:
            replaced, self.inputs.multiword_gold = self.inputs.multiword_gold, text
        elif role == RESPONSES:
            if text in self.inputs.responses:
                return
            self.inputs.responses.append(text)
        else:
            raise ValueError(f"unknown role {role!r}")
        self.message.setText(f"The {role} file {replaced} was replaced by {Path(text).name}."
                             if replaced and replaced != text else "")
        self._show_files()
        self._mark_stale()

    def add_detected(self, paths: list[str]) -> None:
        """Add files whose role is recognised from their content (drag and drop)."""
        from lexsub_studio.core.io.formats.detect import detect_path
        from lexsub_studio.core.model.diagnostics import InputError

        refused = []
        for path in paths:
            try:
                detection = detect_path(path)
            except OSError as error:
                refused.append(f"{Path(path).name} ({error.strerror or error})")
                continue
            except InputError as error:  # over the size or line limits (docs/formats.md)
                refused.append(f"{Path(path).name} ({error.diagnostic.message})")
                continue
            role = DETECTED_ROLES.get(detection.kind or "")
            if role is None:
                what = f"a {detection.kind} file" if detection.kind else "not recognised"
                refused.append(f"{Path(path).name} ({what}: {detection.reason})")
            else:
                self.add_file(role, path)
        if refused:
            self.message.setText("Not added — only gold, multiword gold and responses files "
                                 "can be: " + "; ".join(refused))

    def remove_selected(self) -> None:
        chosen = [item.data(Qt.ItemDataRole.UserRole) for item in self.file_list.selectedItems()]
        if not chosen:
            return
        for role, path in chosen:
            if role == GOLD:
                self.inputs.gold = None
            elif role == MULTIWORD_GOLD:
                self.inputs.multiword_gold = None
            else:
                self.inputs.responses.remove(path)
        self._show_files()
        self._mark_stale()

    def _show_files(self) -> None:
        self.file_list.clear()
        for role, path in self.inputs.paths():
            item = QListWidgetItem(f"{role}: {Path(path).name}")
            item.setToolTip(path)
            item.setData(Qt.ItemDataRole.UserRole, (role, path))
            self.file_list.addItem(item)
        has_session = self.state.source is not None
        for widget in (self.add_gold_button, self.add_mw_button, self.add_responses_button,
                       self.remove_button, self.generate_button, self.export_button):
            widget.setEnabled(has_session)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self.state.source is not None and dropped_local_paths(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = dropped_local_paths(event.mimeData())
        if paths and self.state.source is not None:
            event.acceptProposedAction()
            self.add_detected(paths)

    # -- statistics ------------------------------------------------------------------------------

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
        self.stats_busy.cancel()
        source = self.state.source
        if source is None:
            return None
        self._stale = False
        corpus = source.corpus
        inputs = DatasetInputs(self.inputs.gold, self.inputs.multiword_gold,
                               list(self.inputs.responses))
        task = run_in_background(
            lambda token, report: compute_stats(corpus, inputs, report,
                                                lambda: token.cancelled))
        self.stats_busy.watch(task, "Computing the statistics…")
        self.stats_summary.setStyleSheet("")
        self.stats_summary.setText("")
        task.result.connect(lambda outcome, t=task: self._stats_ready(t, outcome))
        task.error.connect(lambda error, t=task: self._stats_failed(t, error))
        return task

    def _stats_ready(self, task: Task, outcome: StatsOutcome) -> None:
        if task is not self.stats_busy.task:
            return  # a newer computation replaced it
        self.outcome = outcome
        self.model.set_table(outcome.stats.table)
        used = ["corpus"]
        used += [role for role in (GOLD, MULTIWORD_GOLD) if role in dict(self.inputs.paths())]
        if self.inputs.responses:
            used.append(f"{len(self.inputs.responses)} responses file(s)")
        summary = f"From the {', '.join(used)}: {self.model.rowCount()} row(s)."
        if not self.inputs.gold:
            summary += " Add a gold file for the gold figures, responses for the agreement."
        # As ``lexsub stats``: warnings and errors, not the readers' notes.
        shown = [message for message in outcome.diagnostics
                 if message.severity is not Severity.INFO]
        if shown:
            summary += f" {len(shown)} problem(s) in the files, listed below."
        self.stats_summary.setText(summary)
        text = describe(shown)
        self.problems.setPlainText(text)
        self.problems.setVisible(bool(text))

    def _stats_failed(self, task: Task, error: object) -> None:
        if task is not self.stats_busy.task:
            return
        self.model.set_table(None)
        self.stats_summary.setStyleSheet(ERROR_STYLE)
        self.stats_summary.setText("No statistics: " + error_message(error))

    def export_csv(self) -> Path | None:
        if not self.model.rowCount():
            self.stats_summary.setText("Nothing to export yet.")
            return None
        source = self.state.source
        start = (writable_directory(source.path) / f"{source.path.stem}-stats.csv"
                 if source is not None else Path.home() / "stats.csv")
        path, _ = QFileDialog.getSaveFileName(self, "Export the statistics", str(start),
                                              CSV_FILTER)
        if not path:
            return None
        from lexsub_studio.cli.stats import format_csv
        from lexsub_studio.core.io.atomic import atomic_write_text

        try:
            atomic_write_text(path, format_csv(self.model.rows()))
        except OSError as error:
            dialogs.show_error(self, "Cannot export the statistics", error)
            return None
        self.status_message.emit(f"Statistics written to {path}")
        return Path(path)

    # -- baselines -------------------------------------------------------------------------------

    def choose_wordnet_dir(self) -> None:
        directory = QFileDialog.getExistingDirectory(
            self, "WordNet database directory", self.wordnet_edit.text() or str(Path.home()))
        if directory:
            self.wordnet_edit.setText(directory)

    def choose_prefix(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Baseline files (PREFIX.best, PREFIX.oot, PREFIX.weighted)",
            self.prefix_edit.text() or str(Path.home()), "All files (*)")
        if path:
            self.prefix_edit.setText(path)

    def _baseline_error(self, text: str) -> None:
        self.baseline_message.setStyleSheet(ERROR_STYLE)
        self.baseline_message.setText(text)

    def generate(self) -> Task | None:
        """Generate the chosen baseline for every instance of the open corpus."""
        source = self.state.source
        if source is None:
            return None
        kind = self.kind()
        self.baseline_files.clear()
        prefix = self.prefix_edit.text().strip()
        if kind in ("frequency", "random") and self.inputs.gold is None:
            self._baseline_error(f"The {kind} baseline ranks the substitutes of the other "
                                 "items' gold: add a gold file first.")
            return None
        if not prefix:
            self._baseline_error("Choose the output prefix first.")
            return None
        existing = [path for path in output_paths(prefix).values() if path.exists()]
        if existing and not dialogs.confirm(
                self, "Replace the files?",
                "Replace " + ", ".join(str(path) for path in existing) + "?"):
            return None
        wordnet_dir = self.wordnet_edit.text().strip() or None
        gold, seed, corpus = self.inputs.gold, self.seed_spin.value(), source.corpus
        self.baseline_busy.cancel()
        task = run_in_background(lambda token, report: generate_baseline(
            kind, corpus, prefix, gold_path=gold, seed=seed, wordnet_dir=wordnet_dir,
            report=report, cancelled=lambda: token.cancelled))
        self.baseline_busy.watch(task, f"Generating the {kind} baseline…")
        self.baseline_message.setStyleSheet("")
        self.baseline_message.setText("")
        task.result.connect(lambda outcome, t=task: self._baseline_ready(t, outcome))
        task.error.connect(lambda error, t=task: self._baseline_failed(t, error))
        return task

    def _baseline_ready(self, task: Task, outcome: BaselineOutcome) -> None:
        if task is not self.baseline_busy.task:
            return
        self.baseline = outcome
        stats = outcome.result.stats
        text = (f"{outcome.result.kind}: {stats.get('answered', 0)} of {stats.get('items', 0)} "
                "item(s) answered; written:")
        # As ``lexsub baseline``: problems, and the notes that concern the whole run.
        shown = [message for message in outcome.diagnostics
                 if message.severity is not Severity.INFO or message.path is None]
        if shown:
            text += "\n" + describe(shown)
        self.baseline_message.setStyleSheet("")
        self.baseline_message.setText(text)
        self.baseline_files.clear()
        for kind, path in outcome.paths.items():
            item = QListWidgetItem(f"{kind}: {path}")
            item.setToolTip(str(path))
            self.baseline_files.addItem(item)
        self.status_message.emit(f"{outcome.result.kind} baseline written to "
                                 f"{', '.join(path.name for path in outcome.paths.values())}")

    def _baseline_failed(self, task: Task, error: object) -> None:
        if task is not self.baseline_busy.task:
            return
        self._baseline_error("No baseline: " + error_message(error))

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

    def open_dropped(self, paths: list[str]) -> NewTaskWizard:
        """CoNLL files dropped on the window start a new task from them."""
        wizard = self.show_new_task_wizard()
        wizard.files_page.add_paths(paths)
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
