"""The Gold & Agreement workspace: pool annotators' files, measure agreement, adjudicate, export.

Every computation (reading, pooling, gold, agreement with bootstrap intervals, merge proposals)
runs in one background job (``analysis.analyse``) that a newer request cancels; the views only
show its result. The assembled gold is published on ``AppState.current_gold`` for Scoring.
"""

from __future__ import annotations

import html
from pathlib import Path

import pandas as pd
from PySide6.QtCore import QByteArray, QItemSelectionModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.agreement.anonymise import anonymise_report
from lexsub_studio.core.agreement.export import format_report_csv
from lexsub_studio.core.agreement.glossary import (
    explain_figure,
    explain_item,
    figure_notes,
    pair_scores_text,
)
from lexsub_studio.core.agreement.item_answers import item_answers
from lexsub_studio.core.agreement.pairwise import (
    DEFAULT_DISAGREEMENT,
    item_pair_scores,
    pair_disagreements,
)
from lexsub_studio.core.agreement.pool import ResponseSource
from lexsub_studio.core.agreement.report_html import report_html
from lexsub_studio.core.agreement.terms import definition
from lexsub_studio.core.gold.adjudication import (
    adjudicated_gold_texts,
    beside,
    exclude_items,
    provenance_csv,
)
from lexsub_studio.core.gold.analysis import (
    DEFAULT_REPLICATES,
    DEFAULT_SEED,
    Analysis,
    AnalysisRequest,
    analyse,
)
from lexsub_studio.core.gold.merge_map_text import (
    carry_decisions,
    format_accepted_merges,
    merge_map_from,
)
from lexsub_studio.core.gold.normalise import MergeSuggestion, NormaliseOptions
from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.model.data import Corpus, Instance
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.gold.campaign_monitor import CampaignMonitor
from lexsub_studio.gui.gold.chart import FiguresChart
from lexsub_studio.gui.gold.commands import DecideMergesCommand, EditCanonicalCommand
from lexsub_studio.gui.gold.curation import CurationPanel
from lexsub_studio.gui.gold.item_text import flags_text, sentence_html
from lexsub_studio.gui.gold.models import (
    ACCEPTED,
    REJECTED,
    FrameModel,
    MergeModel,
    PairMatrixModel,
)
from lexsub_studio.gui.gold.team import CORPUS_FILTER, TeamPanel
from lexsub_studio.gui.gold.views import (
    ANNOTATOR_COLUMNS,
    ANSWER_COLUMNS,
    FIGURE_COLUMNS,
    GOLD_COLUMNS,
    GROUP_FIGURES,
    ITEM_COLUMNS,
    Views,
    prepare_views,
)
from lexsub_studio.gui.gold.watch import FolderWatch
from lexsub_studio.gui.table_roles import KEY_ROLE
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import dropped_local_paths, named
from lexsub_studio.gui.workspace import Workspace

RESPONSES_FILTER = "Responses files (*.tsv *.txt);;All files (*)"
GOLD_FILTER = "Gold files (*.gold *.txt);;All files (*)"
#: A burst of merge decisions (or a drop of many files) starts one computation, not many.
RECOMPUTE_DELAY_MS = 150


def _table(parent: QWidget, name: str, accessible: str, model, description: str | None = None,
           sorting: bool = True) -> QTableView:
    view = named(QTableView(parent), name, accessible, description)
    view.setModel(model)
    # No sort until asked for: tables start in the data's own order (gold and corpus order).
    view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
    view.setSortingEnabled(sorting)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.verticalHeader().setVisible(False)
    view.setTabKeyNavigation(False)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    view.horizontalHeader().setStretchLastSection(True)
    return view


class FileList(QListWidget):
    """The responses files; files dropped on it are added."""

    files_dropped = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_local_paths(event.mimeData()):
            event.acceptProposedAction()

    def dragMoveEvent(self, event) -> None:  # type: ignore[override]
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = dropped_local_paths(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.files_dropped.emit(paths)

    def paths(self) -> list[str]:
        return [self.item(row).data(Qt.ItemDataRole.UserRole) for row in range(self.count())]


class GoldWorkspace(Workspace):
    #: A computation finished and every view shows its result (tests and automation wait).
    analysis_ready = Signal()
    #: A computation failed; the message shown.
    analysis_failed = Signal(str)

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(state, parent)
        named(self, "goldWorkspace", "Gold and agreement workspace")
        self.setAcceptDrops(True)
        self.analysis: Analysis | None = None
        self._sources: dict[str, ResponseSource] = {}
        self._task: Task | None = None
        self._pending_suggest = True
        self._unmerged: dict[tuple[str, str], list] | None = None
        self._chosen_corpus: Corpus | None = None
        self._chosen_corpus_path: str | None = None
        self._instances: dict[tuple[str, str], Instance] = {}
        self._views: Views | None = None
        #: the heatmap cell whose disagreements the Items tab lists (row, column, names).
        self._shown_pair: tuple[int, int, list[str]] | None = None

        self._build_inputs()
        self._build_tabs()
        splitter = named(QSplitter(Qt.Orientation.Horizontal, self), "goldSplitter",
                         "Gold and agreement panels")
        # Scrollable, so that the inputs never force a tall minimum window height.
        inputs = named(QScrollArea(self), "goldInputsScroll", "Inputs and exports")
        inputs.setWidgetResizable(True)
        inputs.setFrameShape(QFrame.Shape.NoFrame)
        inputs.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        inputs.setWidget(self.input_panel)
        splitter.addWidget(inputs)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 4)
        splitter.setSizes([300, 900])
        self.splitter = splitter
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(splitter)
        self._build_actions()

        self._timer = QTimer(self, singleShot=True, interval=RECOMPUTE_DELAY_MS)
        self._timer.timeout.connect(self.start_analysis)
        #: The open corpus changed while the workspace was off screen (see _on_session_changed).
        self._instances_stale = False
        state.session_changed.connect(self._on_session_changed)
        self._refresh_instances()
        self._show_analysis()

    # -- construction ----------------------------------------------------------------------------

    def _build_inputs(self) -> None:
        panel = QWidget(self)
        self.input_panel = panel
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("<b>Annotators' responses files</b>", panel))
        self.files_list = named(FileList(panel), "goldFilesList", "Responses files",
                                "The annotators' responses files pooled here; drop files on it")
        self.files_list.files_dropped.connect(self.add_files)
        layout.addWidget(self.files_list, 1)
        buttons = QHBoxLayout()
        self.add_button = named(QPushButton("&Add files…", panel), "goldAddButton",
                                "Add responses files")
        self.remove_button = named(QPushButton("Remove", panel), "goldRemoveButton",
                                   "Remove the selected files")
        self.add_button.clicked.connect(self.choose_files)
        self.remove_button.clicked.connect(self.remove_selected)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        layout.addLayout(buttons)

        options = QGroupBox("Options", panel)
        form = QFormLayout(options)
        self.corpus_label = named(QLabel(options), "goldCorpusLabel", "Corpus")
        self.corpus_label.setWordWrap(True)
        self.corpus_button = named(QPushButton("Check against a corpus…", options),
                                   "goldCorpusButton", "Choose a corpus",
                                   "Check every id against a corpus and follow its order")
        self.corpus_button.clicked.connect(self.choose_corpus)
        form.addRow(self.corpus_label)
        form.addRow(self.corpus_button)
        self.keep_case_check = named(QCheckBox("Keep case", options), "goldKeepCaseCheck",
                                     "Keep case", "Do not lower-case the responses")
        self.keep_case_check.toggled.connect(lambda _: self.schedule_analysis(suggest=True))
        form.addRow(self.keep_case_check)
        self.replicates_spin = named(QSpinBox(options), "goldReplicatesSpin",
                                     "Bootstrap replicates",
                                     "Replicates for the confidence intervals (0: none)")
        self.replicates_spin.setRange(0, 100000)
        self.replicates_spin.setValue(DEFAULT_REPLICATES)
        self.seed_spin = named(QSpinBox(options), "goldSeedSpin", "Bootstrap seed")
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setValue(DEFAULT_SEED)
        form.addRow("Bootstrap replicates:", self.replicates_spin)
        form.addRow("Seed:", self.seed_spin)
        self.recompute_button = named(QPushButton("Recompute", options), "goldRecomputeButton",
                                      "Recompute", "Compute again with these options")
        self.recompute_button.clicked.connect(lambda: self.schedule_analysis(suggest=False))
        form.addRow(self.recompute_button)
        self.watch_check = named(QCheckBox("Watch a folder…", options), "goldWatchCheck",
                                 "Watch a folder of responses files",
                                 "Add every responses file (*.tsv) of a folder and compute "
                                 "again whenever one arrives or changes")
        self.watch_check.clicked.connect(self._watch_toggled)
        form.addRow(self.watch_check)
        self.folder_watch = FolderWatch(self)
        self.folder_watch.changed.connect(self._watched_folder_changed)
        layout.addWidget(options)

        progress = QHBoxLayout()
        self.progress_bar = named(QProgressBar(panel), "goldProgress", "Computing")
        self.progress_bar.setRange(0, 0)
        self.progress_bar.setVisible(False)
        self.cancel_button = named(QPushButton("Cancel", panel), "goldCancelButton",
                                   "Cancel the computation")
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(self.cancel_analysis)
        progress.addWidget(self.progress_bar, 1)
        progress.addWidget(self.cancel_button)
        layout.addLayout(progress)
        self.progress_label = named(QLabel(panel), "goldProgressLabel", "Computation status")
        self.progress_label.setWordWrap(True)
        layout.addWidget(self.progress_label)

        exports = QGroupBox("Export", panel)
        export_layout = QVBoxLayout(exports)
        self.anonymise_check = named(QCheckBox("Anonymise annotator names", exports),
                                     "goldAnonymiseCheck", "Anonymise annotator names",
                                     "Write A1, A2 … instead of names in the report")
        export_layout.addWidget(self.anonymise_check)
        self.export_buttons: dict[str, QPushButton] = {}
        for key, text, slot in (
                ("gold", "Gold…", self.export_gold),
                ("mwgold", "Multiword gold…", self.export_multiword_gold),
                ("provenance", "Gold with provenance (CSV)…", self.export_provenance),
                ("mapping", "Merge mapping…", self.export_mapping),
                ("report", "Agreement report (CSV, HTML)…", self.export_report),
                ("chart", "Chart (PNG, SVG, PDF)…", self.export_chart)):
            button = named(QPushButton(text, exports), f"goldExport_{key}", f"Export {text}")
            button.clicked.connect(slot)
            export_layout.addWidget(button)
            self.export_buttons[key] = button
        layout.addWidget(exports)

    def _build_tabs(self) -> None:
        self.tabs = named(QTabWidget(self), "goldTabs", "Gold and agreement views")

        summary = QWidget(self.tabs)
        summary_layout = QVBoxLayout(summary)
        self.counts_label = named(QLabel(summary), "goldCounts", "Counts")
        self.counts_label.setWordWrap(True)
        self.figures_model = FrameModel(
            FIGURE_COLUMNS, self,
            tips=lambda key, column: definition(key) if column == "figure" else None)
        self.figures_table = _table(summary, "goldFiguresTable", "Agreement figures",
                                    self.figures_model, sorting=False)
        self.figures_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.figures_table.selectionModel().currentRowChanged.connect(self._explain_figure)
        self.figure_explanation = named(
            QLabel("Select a figure to see how its value comes about.", summary),
            "goldFigureExplanation", "How the selected figure comes about")
        self.figure_explanation.setWordWrap(True)
        self.figure_explanation.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse)
        self.chart = named(FiguresChart(summary), "goldChart", "Agreement figures chart")
        self.warnings_label = named(QLabel(summary), "goldWarnings", "Warnings")
        self.warnings_label.setWordWrap(True)
        self.warnings_label.setTextFormat(Qt.TextFormat.RichText)
        self.problems_button = named(QPushButton("Show input problems…", summary),
                                     "goldProblemsButton", "Show the input problems")
        self.problems_button.clicked.connect(self.show_problems)
        top = QHBoxLayout()
        top.addWidget(self.figures_table, 3)
        top.addWidget(self.chart, 2)
        summary_layout.addWidget(self.counts_label)
        summary_layout.addLayout(top, 1)
        summary_layout.addWidget(self.figure_explanation)
        summary_layout.addWidget(self.warnings_label)
        summary_layout.addWidget(self.problems_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.tabs.addTab(summary, "Summary")

        pairs = QWidget(self.tabs)
        pairs_layout = QVBoxLayout(pairs)
        pairs_hint = QLabel("Mean pairwise agreement of each annotator pair, from white (0) to "
                            "deep blue (1); grey: no item in common. Click a cell (or press "
                            "Enter on it) to list the items that pair disagrees on by at least "
                            "the threshold.", pairs)
        pairs_hint.setWordWrap(True)
        pairs_layout.addWidget(pairs_hint)
        threshold_row = QHBoxLayout()
        threshold_label = QLabel("&Disagreement at least:", pairs)
        self.pair_threshold = named(
            QDoubleSpinBox(pairs), "goldPairThreshold", "Disagreement threshold",
            "An item is listed when 1 minus the pair's score on it (overlap over union of "
            "their substitutes) is at least this: 1 lists the items where they share nothing")
        self.pair_threshold.setRange(0.05, 1.0)
        self.pair_threshold.setSingleStep(0.05)
        self.pair_threshold.setDecimals(2)
        self.pair_threshold.setValue(DEFAULT_DISAGREEMENT)
        self.pair_threshold.valueChanged.connect(self._pair_threshold_changed)
        threshold_label.setBuddy(self.pair_threshold)
        threshold_row.addWidget(threshold_label)
        threshold_row.addWidget(self.pair_threshold)
        threshold_row.addStretch(1)
        pairs_layout.addLayout(threshold_row)
        self.pair_model = PairMatrixModel(self)
        self.heatmap = named(QTableView(pairs), "goldHeatmap", "Pairwise agreement heatmap",
                             "Annotator by annotator; Enter or click lists the pair's "
                             "disagreements")
        self.heatmap.setModel(self.pair_model)
        self.heatmap.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.heatmap.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.heatmap.setTabKeyNavigation(False)
        for header in (self.heatmap.horizontalHeader(), self.heatmap.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            header.setDefaultSectionSize(72)
        self.heatmap.verticalHeader().setDefaultSectionSize(40)
        self.heatmap.clicked.connect(self.open_pair)
        self.heatmap.activated.connect(self.open_pair)
        pairs_layout.addWidget(self.heatmap, 1)
        self.tabs.addTab(pairs, "Pairs")

        self.pos_model = FrameModel([("pos", "PoS"), *GROUP_FIGURES], self)
        self.pos_table = _table(self.tabs, "goldByPosTable", "Agreement by part of speech",
                                self.pos_model)
        self.tabs.addTab(self.pos_table, "By PoS")
        self.lexelt_model = FrameModel([("lexelt", "Target"), *GROUP_FIGURES], self)
        self.lexelt_table = _table(self.tabs, "goldByLexeltTable", "Agreement by target",
                                   self.lexelt_model)
        self.tabs.addTab(self.lexelt_table, "By target")
        self.annotator_model = FrameModel(ANNOTATOR_COLUMNS, self)
        self.annotator_table = _table(
            self.tabs, "goldByAnnotatorTable", "Agreement by annotator", self.annotator_model,
            "Each annotator against the others; the Pairs tab lists the items a "
            "pair disagrees on")
        self.tabs.addTab(self.annotator_table, "By annotator")

        self._build_items_tab()
        self._build_adjudication_tab()
        self.curation = CurationPanel(self.state.undo_stack, self.tabs)
        self.curation.adjudication_changed.connect(self._adjudication_changed)
        self.curation.status_message.connect(self.status_message)
        # Scrollable, like the team page, so that the curation panes never widen the window.
        self.curation_scroll = named(QScrollArea(self.tabs), "curationScroll", "Curation page")
        self.curation_scroll.setWidgetResizable(True)
        self.curation_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.curation_scroll.setWidget(self.curation)
        self.tabs.addTab(self.curation_scroll, "Curation")
        self.team_panel = TeamPanel(self._open_corpus, self.files_list.paths, self.tabs)
        team_scroll = named(QScrollArea(self.tabs), "teamScroll", "Team packages page")
        team_scroll.setWidgetResizable(True)
        team_scroll.setFrameShape(QFrame.Shape.NoFrame)
        team_scroll.setWidget(self.team_panel)
        self.tabs.addTab(team_scroll, "Team")

    def _build_items_tab(self) -> None:
        items = QWidget(self.tabs)
        layout = QVBoxLayout(items)
        filter_row = QHBoxLayout()
        self.items_filter_label = named(QLabel("All items, least agreement first.", items),
                                        "goldItemsFilterLabel", "Items shown")
        self.show_all_button = named(QPushButton("Show all items", items), "goldShowAllButton",
                                     "Show all items")
        self.show_all_button.clicked.connect(self.show_all_items)
        self.show_all_button.setEnabled(False)
        filter_row.addWidget(self.items_filter_label, 1)
        filter_row.addWidget(self.show_all_button)
        layout.addLayout(filter_row)
        self.items_model = FrameModel(ITEM_COLUMNS, self, key_column="item")
        self.items_table = _table(items, "goldItemsTable", "Items by agreement",
                                  self.items_model,
                                  "Every item; select one to see the sentence and every answer")
        self.items_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.items_table.horizontalHeader().setDefaultSectionSize(76)
        self.items_table.horizontalHeader().setStretchLastSection(False)
        self.items_table.selectionModel().currentRowChanged.connect(self._item_selected)
        self.items_table.sortByColumn(ITEM_COLUMNS.index(("pairwise_agreement", "Pairwise")),
                                      Qt.SortOrder.AscendingOrder)
        # Fixed row heights keep a 100,000-row table virtual.
        self.items_table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        detail = QWidget(items)
        detail_layout = QVBoxLayout(detail)
        detail_layout.setContentsMargins(0, 0, 0, 0)
        self.sentence_label = named(QLabel(detail), "goldSentence", "Sentence of the item")
        self.sentence_label.setWordWrap(True)
        self.sentence_label.setTextFormat(Qt.TextFormat.RichText)
        self.sentence_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.answers_model = FrameModel(ANSWER_COLUMNS, self)
        self.answers_table = _table(detail, "goldAnswersTable", "Every annotator's answer",
                                    self.answers_model, sorting=False)
        answers_header = self.answers_table.horizontalHeader()
        answers_header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        answers_header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        answers_header.setStretchLastSection(False)
        self.answers_table.setWordWrap(True)
        self.answers_table.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        detail_layout.addWidget(self.sentence_label)
        detail_layout.addWidget(self.answers_table, 1)
        split = named(QSplitter(Qt.Orientation.Horizontal, items), "goldItemsSplitter",
                      "Items and item detail")
        split.addWidget(self.items_table)
        split.addWidget(detail)
        split.setSizes([520, 480])
        layout.addWidget(split, 1)
        self.items_page = items
        self.tabs.addTab(items, "Items")

    def _build_adjudication_tab(self) -> None:
        page = QWidget(self.tabs)
        layout = QVBoxLayout(page)
        hint = QLabel("Proposed merges of spelling and lemma variants. Accept or reject them "
                      "(Edit › Undo takes a decision back); the gold below follows. "
                      "Double-click “Merge into” to change the target form.", page)
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.merge_model = MergeModel(self)
        self.merge_model.decisions_changed.connect(self._merges_changed)
        self.merge_model.canonical_edit_requested.connect(self._edit_canonical)
        self.merge_table = _table(page, "goldMergeTable", "Proposed merges", self.merge_model,
                                  sorting=False)
        self.merge_table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.merge_table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                         | QAbstractItemView.EditTrigger.EditKeyPressed)
        buttons = QHBoxLayout()
        self.accept_button = named(QPushButton("A&ccept", page), "goldAcceptButton",
                                   "Accept the selected merges")
        self.reject_button = named(QPushButton("Re&ject", page), "goldRejectButton",
                                   "Reject the selected merges")
        self.undecide_button = named(QPushButton("Undecided", page), "goldUndecideButton",
                                     "Take back the decision on the selected merges")
        self.accept_button.clicked.connect(lambda: self.decide_selected(ACCEPTED))
        self.reject_button.clicked.connect(lambda: self.decide_selected(REJECTED))
        self.undecide_button.clicked.connect(lambda: self.decide_selected(None))
        self.merge_count_label = named(QLabel(page), "goldMergeCount", "Merge decisions")
        for button in (self.accept_button, self.reject_button, self.undecide_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.merge_count_label)
        self.gold_label = named(QLabel(page), "goldPreviewLabel", "Gold preview summary")
        self.gold_model = FrameModel(GOLD_COLUMNS, self, emphasis_column="changed")
        self.gold_table = _table(page, "goldPreviewTable", "Gold preview", self.gold_model,
                                 "The gold as it stands; lines changed by merges in bold")
        gold_header = self.gold_table.horizontalHeader()
        gold_header.setStretchLastSection(False)
        gold_header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        split = named(QSplitter(Qt.Orientation.Vertical, page), "goldAdjudicationSplitter",
                      "Merges and gold preview")
        top = QWidget(split)
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.merge_table, 1)
        top_layout.addLayout(buttons)
        bottom = QWidget(split)
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(self.gold_label)
        bottom_layout.addWidget(self.gold_table, 1)
        split.addWidget(top)
        split.addWidget(bottom)
        layout.addWidget(split, 1)
        self.tabs.addTab(page, "Adjudication")

    def _build_actions(self) -> None:
        def action(text: str, name: str, slot: object, shortcut: str | None = None) -> QAction:
            act = QAction(text, self)
            act.setObjectName(name)
            if shortcut:
                act.setShortcut(QKeySequence(shortcut))
            act.triggered.connect(slot)
            self.addAction(act)
            return act

        self.add_action = action("Add responses files…", "actionGoldAddFiles",
                                 self.choose_files, "Ctrl+Shift+O")
        self.export_gold_action = action("Export gold…", "actionGoldExportGold",
                                         self.export_gold)
        self.export_mw_action = action("Export multiword gold…", "actionGoldExportMwGold",
                                       self.export_multiword_gold)
        self.export_mapping_action = action("Export merge mapping…", "actionGoldExportMapping",
                                            self.export_mapping)
        self.export_report_action = action("Export agreement report…",
                                           "actionGoldExportReport", self.export_report,
                                           "Ctrl+Shift+E")
        self.campaign_action = action("Open campaign…", "actionGoldOpenCampaign",
                                      self.open_campaign_monitor)
        self.campaign_monitor: CampaignMonitor | None = None

    def menu_actions(self) -> dict[str, list[QAction]]:
        return {"Gold": [self.add_action, self.export_gold_action, self.export_mw_action,
                         self.export_mapping_action, self.export_report_action,
                         self.campaign_action]}

    def open_campaign_monitor(self) -> CampaignMonitor:
        """The campaign window (one per workspace): live progress and agreement."""
        if self.campaign_monitor is None:
            self.campaign_monitor = CampaignMonitor(self)
        self.campaign_monitor.show()
        self.campaign_monitor.raise_()
        return self.campaign_monitor

    def save_layout(self) -> QByteArray | None:
        return self.splitter.saveState()

    def restore_layout(self, layout: QByteArray) -> None:
        self.splitter.restoreState(layout)

    # -- inputs ----------------------------------------------------------------------------------

    def choose_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, "Annotators' responses files", "",
                                                RESPONSES_FILTER)
        if paths:
            self.add_files(paths)

    def open_dropped(self, paths: list[str]) -> int:
        # Responses dropped anywhere on the window (core/io/drop_routing.py) come here.
        return self.add_files(paths)

    def add_files(self, paths: list[str]) -> int:
        """Add files not listed yet; returns how many were added (a computation follows)."""
        known = set(self.files_list.paths())
        added = 0
        for path in paths:
            resolved = str(Path(path).resolve())
            if resolved in known or not Path(resolved).is_file():
                continue
            known.add(resolved)
            item_text = Path(resolved).name
            self.files_list.addItem(item_text)
            item = self.files_list.item(self.files_list.count() - 1)
            item.setData(Qt.ItemDataRole.UserRole, resolved)
            item.setToolTip(resolved)
            added += 1
        skipped = len(paths) - added
        if skipped:
            self.status_message.emit(f"{skipped} file(s) not added: already listed, or not a "
                                     "file")
        if added and self.curation.path is None:
            # The decisions live beside the responses: reopening the files restores them.
            location = beside(self.files_list.paths())
            if location is not None:
                self.curation.open_file(location)
        if added:
            self.schedule_analysis(suggest=True)
        return added

    def remove_selected(self) -> None:
        rows = sorted((self.files_list.row(item) for item in self.files_list.selectedItems()),
                      reverse=True)
        for row in rows:
            path = self.files_list.item(row).data(Qt.ItemDataRole.UserRole)
            self._sources.pop(path, None)
            self.files_list.takeItem(row)
        if rows and not self.files_list.count():
            # Other files added later have their own decisions, beside them.
            self.curation.close_file()
        if rows:
            self.schedule_analysis(suggest=True)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.files_list.dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        self.files_list.dropEvent(event)

    def choose_corpus(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Corpus to check the ids against", "",
                                              CORPUS_FILTER)
        if path:
            self.set_corpus_file(path)

    def set_corpus_file(self, path: str | None) -> Task | None:
        """Check the ids against this corpus (read in the background); None: no check."""
        if path is None:
            self._chosen_corpus, self._chosen_corpus_path = None, None
            self._refresh_instances()
            self.schedule_analysis(suggest=True)
            return None
        from lexsub_studio.core.io.formats.corpus_xml import read_corpus

        task = run_in_background(lambda token, report: (path, read_corpus(path).corpus))
        task.result.connect(self._corpus_read)
        task.error.connect(self._corpus_failed)
        return task

    def _corpus_failed(self, error: object) -> None:
        self._failed("Cannot read the corpus", error)

    def _corpus_read(self, outcome: tuple[str, Corpus]) -> None:
        path, corpus = outcome
        self._chosen_corpus, self._chosen_corpus_path = corpus, path
        self._refresh_instances()
        self.schedule_analysis(suggest=True)

    def _open_corpus(self) -> Corpus | None:
        if self._chosen_corpus is not None:
            return self._chosen_corpus
        source = self.state.source
        return source.corpus if source is not None else None

    def _on_session_changed(self) -> None:
        # Off screen in the main window, the table of every instance waits until the workspace
        # is shown: opening a 100,000-instance corpus in Annotate must not build it.
        if self.parentWidget() is not None and not self.isVisible():
            self._instances_stale = True
            return
        self._refresh_instances()

    def showEvent(self, event: QShowEvent) -> None:
        if self._instances_stale:
            self._refresh_instances()
        super().showEvent(event)

    def _refresh_instances(self) -> None:
        self._instances_stale = False
        corpus = self._open_corpus()
        self._instances = ({(lexelt.item, instance.id): instance
                            for lexelt, instance in corpus.instances()} if corpus else {})
        self.curation.set_instances(self._instances)
        if self._chosen_corpus_path:
            text = f"Ids checked against {Path(self._chosen_corpus_path).name}."
        elif corpus is not None:
            text = "Sentences from the open corpus; ids not checked against it."
        else:
            text = "No corpus: items in order of first appearance."
        self.corpus_label.setText(text)

    # -- computing -------------------------------------------------------------------------------

    def schedule_analysis(self, suggest: bool = False) -> None:
        self._pending_suggest = self._pending_suggest or suggest
        self._timer.start()

    def request(self) -> AnalysisRequest:
        return AnalysisRequest(
            paths=tuple(self.files_list.paths()), corpus=self._chosen_corpus,
            options=NormaliseOptions(lowercase=not self.keep_case_check.isChecked()),
            merge_map=self._merge_map(),
            bootstrap=self.replicates_spin.value(), seed=self.seed_spin.value(),
            suggest=self._pending_suggest)

    def start_analysis(self) -> Task | None:
        self._timer.stop()
        self.cancel_analysis(quiet=True)
        request = self.request()
        self._pending_suggest = False
        if not request.paths:
            self.analysis = None
            self.merge_model.set_suggestions([])
            self._show_analysis()
            self.curation.set_analysis(None)
            return None
        known = dict(self._sources)
        unmerged = self._unmerged

        def job(token, report) -> tuple[Analysis, Views]:
            analysis = analyse(request, known, report, lambda: token.cancelled)
            report("preparing the tables")
            return analysis, prepare_views(analysis, unmerged)

        task = run_in_background(job)
        self._task = task
        self.progress_bar.setVisible(True)
        self.cancel_button.setVisible(True)
        self.progress_label.setText("Computing…")
        # Bound methods, not lambdas: Qt drops them when the workspace goes, so a job still
        # running then never reaches a deleted widget.
        task.progress.connect(self._on_progress)
        task.result.connect(self._analysis_done)
        task.error.connect(self._analysis_failed)
        task.finished.connect(self._task_finished)
        return task

    def _on_progress(self, text: str) -> None:
        self.progress_label.setText(f"Computing: {text}")

    def _analysis_failed(self, error: object) -> None:
        self._failed("Cannot compute the agreement", error)

    def cancel_analysis(self, quiet: bool = False) -> None:
        if self._task is not None and not self._task.is_finished:
            self._task.cancel()
            if not quiet:
                self.progress_label.setText("Cancelled.")
                # What was asked and not computed is asked again by the next recompute.
                self._pending_suggest = self._pending_suggest or (
                    self.analysis is None or self.analysis.suggestions is None)
        self._task = None
        self.progress_bar.setVisible(False)
        self.cancel_button.setVisible(False)

    def _task_finished(self) -> None:
        if self._task is not None and self._task.is_finished:
            self._task = None
            self.progress_bar.setVisible(False)
            self.cancel_button.setVisible(False)

    def _failed(self, title: str, error: object) -> None:
        exception = error if isinstance(error, BaseException) else RuntimeError(str(error))
        text = dialogs.error_text(exception)
        self.progress_label.setText(f"{title}: {text}")
        self.analysis_failed.emit(text)
        dialogs.show_error(self, title, exception)

    def _analysis_done(self, outcome: tuple[Analysis, Views]) -> None:
        analysis, self._views = outcome
        self._sources.update(analysis.sources)
        self.analysis = analysis
        if analysis.suggestions is not None:
            self._unmerged = {item.key: item.entries for item in analysis.unmerged_gold or []}
            self._carry_decisions(analysis.suggestions)
        self._show_analysis()
        self.curation.set_analysis(analysis)
        self._publish_gold()
        self.analysis_ready.emit()

    def _carry_decisions(self, suggestions: list[MergeSuggestion]) -> None:
        """New proposals keep the decisions (and edited target forms) taken on the same
        variant and scope; the accepted merges are those the computation used, so the
        change is not announced (it would only compute the same again)."""
        kept, decisions = carry_decisions(self.merge_model.suggestions,
                                          self.merge_model.decisions, suggestions)
        self.merge_model.set_suggestions(kept, decisions, announce=False)
        self._update_merge_count()
        if self.analysis is not None and \
                self._merge_map() != self.analysis.request.merge_map:
            # An accepted merge is no longer proposed (its file was removed): compute again.
            self.schedule_analysis()

    # -- showing ---------------------------------------------------------------------------------

    def _show_analysis(self) -> None:
        analysis = self.analysis
        has = analysis is not None
        for button in self.export_buttons.values():
            button.setEnabled(has)
        for act in (self.export_gold_action, self.export_mw_action,
                    self.export_mapping_action, self.export_report_action):
            act.setEnabled(has)
        self.problems_button.setEnabled(has and bool(len(self.input_problems())))
        if analysis is None:
            self.counts_label.setText("Add the annotators' responses files (or drop them on "
                                      "the list) to pool them and measure agreement.")
            for model in (self.figures_model, self.pos_model, self.lexelt_model,
                          self.annotator_model, self.items_model, self.answers_model,
                          self.gold_model):
                model.set_frame(None)
            self.pair_model.set_matrix([], [], [])
            self.chart.show_report(None)
            self.warnings_label.setText("")
            self.gold_label.setText("")
            self.sentence_label.setText("")
            self.progress_label.setText("")
            return
        report = analysis.report
        counts = report.counts
        stats = analysis.assembly.stats
        self.counts_label.setText(
            f"<b>{counts['annotators']}</b> annotator(s), <b>{counts['items']}</b> item(s): "
            f"{counts['items_in_T']} in T, {counts['items_with_mode']} with a mode, "
            f"{counts['pairs']} pair score(s). Gold: {stats['gold_lines']} line(s), multiword "
            f"gold: {stats['multiword_lines']} line(s).")
        views = self._views
        assert views is not None
        self.figures_model.set_table(views.figures)
        self.chart.show_report(report)
        notes = figure_notes(report)
        self.warnings_label.setText(
            ("<b>Notes</b><ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in notes)
             + "</ul>" if notes else "")
            + ("<b>Warnings</b><ul>" + "".join(f"<li>{html.escape(w)}</li>"
                                              for w in report.warnings) + "</ul>"
               if report.warnings else ""))
        self._explain_figure(self.figures_table.currentIndex())
        self.pair_model.set_matrix(report.annotators, report.pair_matrix, report.pair_counts)
        self.pos_model.set_table(views.by_pos)
        self.lexelt_model.set_table(views.by_lexelt)
        self.annotator_model.set_table(views.by_annotator)
        pair = self._shown_pair
        if pair is not None and pair[2] == report.annotators:
            self.items_model.set_key_filter(set(self._pair_items(pair[0], pair[1])))
        elif pair is not None:
            self.show_all_items()
        self.items_model.set_table(views.items)
        self.gold_model.set_table(views.gold)
        self.gold_label.setText(f"Gold preview: {len(views.gold)} line(s), "
                                f"{views.gold_changed} changed by the accepted merges.")
        problems = len(self.input_problems())
        self.progress_label.setText(
            f"Computed from {len(analysis.request.paths)} file(s)"
            + (f"; {problems} input problem(s)." if problems else "."))
        self._update_merge_count()

    def input_problems(self) -> Diagnostics:
        problems = Diagnostics(None)
        if self.analysis is not None:
            problems.extend(self.analysis.read_diagnostics)
            problems.extend(self.analysis.pooled.diagnostics)
        return problems

    def show_problems(self) -> None:
        dialogs.show_problems(self, "Problems in the responses files", self.input_problems())

    def open_pair(self, index: QModelIndex) -> list[int]:
        """List the items the pair of this heatmap cell disagrees on (Items tab)."""
        if self.analysis is None or not index.isValid() or index.row() == index.column():
            return []
        first, second = index.row(), index.column()
        items = self._pair_items(first, second)
        names = self.pair_model.names
        self._shown_pair = (first, second, list(names))
        self.items_model.set_key_filter(set(items))
        self._describe_pair_filter(first, second, len(items))
        self.show_all_button.setEnabled(True)
        self.tabs.setCurrentWidget(self.items_page)
        if self.items_model.rowCount():
            self.items_table.selectionModel().setCurrentIndex(
                self.items_model.index(0, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
        return items

    def _pair_items(self, first: int, second: int) -> list[int]:
        assert self.analysis is not None
        return pair_disagreements(self.analysis.pooled, first, second,
                                  self.pair_threshold.value())

    def _describe_pair_filter(self, first: int, second: int, shown: int) -> None:
        names = self.pair_model.names
        threshold = self.pair_threshold.value()
        how = ("share no substitute" if threshold >= 1.0 else
               f"disagree by at least {threshold:.2f} (pair score at most {1 - threshold:.2f})")
        self.items_filter_label.setText(
            f"Items where {names[first]} and {names[second]} {how}: {shown} of "
            f"{self.pair_model.items(first, second)} they both answered with substitutes.")

    def _pair_threshold_changed(self, _value: float) -> None:
        pair = self._shown_pair
        if pair is None or self.analysis is None:
            return
        items = self._pair_items(pair[0], pair[1])
        self.items_model.set_key_filter(set(items))
        self._describe_pair_filter(pair[0], pair[1], len(items))

    def _explain_figure(self, current: QModelIndex, _previous: QModelIndex | None = None,
                        ) -> None:
        """"Explain this number": the selected figure's numerator and denominator."""
        if self.analysis is None or not current.isValid():
            self.figure_explanation.setText(
                "Select a figure to see how its value comes about.")
            return
        key = self.figures_model.key(current.row())
        self.figure_explanation.setText(explain_figure(self.analysis.report, key))

    def show_all_items(self) -> None:
        self._shown_pair = None
        self.items_model.set_key_filter(None)
        self.items_filter_label.setText("All items, least agreement first.")
        self.show_all_button.setEnabled(False)

    def _item_selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        item = current.data(KEY_ROLE) if current.isValid() else None
        self.show_item(None if item is None else int(item))

    def show_item(self, item: int | None) -> None:
        """The sentence and every annotator's (normalised) answer to one item."""
        analysis = self.analysis
        if analysis is None or item is None:
            self.sentence_label.setText("")
            self.answers_model.set_frame(None)
            return
        pooled = analysis.pooled
        lexelt, instance_id = pooled.keys[item]
        if self._instances_stale:  # asked for while off screen
            self._refresh_instances()
        # The curation view follows, so that the item found here is one tab away.
        self.curation.select_item((lexelt, instance_id))
        heading = f"<b>{html.escape(lexelt)} {html.escape(instance_id)}</b><br>"
        sentence = sentence_html(self._instances.get((lexelt, instance_id)))
        scores = pair_scores_text(item_pair_scores(pooled, item), list(pooled.annotators))
        self.sentence_label.setText(
            heading + sentence + "<br><small>"
            + html.escape(explain_item(analysis.report, item))
            + (f"<br>Pair scores: {html.escape(scores)}" if scores else "") + "</small>")
        # The Flags column shows the most telling flag only (a proper name is also "NIL").
        rows = [{"annotator": answer.annotator, "substitutes": ", ".join(answer.substitutes),
                 "multiword": answer.multiword, "note": flags_text(answer.flags[:1]),
                 "comment": answer.comment} for answer in item_answers(pooled, item)]
        self.answers_model.set_frame(pd.DataFrame(rows, columns=[c for c, _ in ANSWER_COLUMNS]))

    # -- adjudication ----------------------------------------------------------------------------

    def selected_merge_rows(self) -> list[int]:
        return sorted({index.row() for index in self.merge_table.selectionModel().selectedRows()})

    def decide_selected(self, decision: str | None) -> None:
        rows = self.selected_merge_rows()
        if not rows:
            current = self.merge_table.currentIndex()
            rows = [current.row()] if current.isValid() else []
        rows = [row for row in rows if self.merge_model.decisions[row] != decision]
        if rows:
            self.state.undo_stack.push(DecideMergesCommand(self.merge_model, rows, decision))

    def _edit_canonical(self, row: int, canonical: str) -> None:
        self.state.undo_stack.push(EditCanonicalCommand(self.merge_model, row, canonical))

    def _merges_changed(self) -> None:
        self._update_merge_count()
        if self.analysis is not None:
            self.schedule_analysis()

    def _update_merge_count(self) -> None:
        decisions = self.merge_model.decisions
        self.merge_count_label.setText(
            f"{decisions.count(ACCEPTED)} accepted, {decisions.count(REJECTED)} rejected, "
            f"{decisions.count(None)} undecided of {len(decisions)}")

    def _merge_map(self):
        """The accepted proposals of the Adjudication tab, then the curation view's merges."""
        return self.curation.adjudication.merge_map(merge_map_from(self.merge_model.accepted()))

    def _adjudication_changed(self, merges_changed: bool) -> None:
        if self.analysis is None:
            return
        if merges_changed:
            self.schedule_analysis()
        else:
            self._publish_gold()

    def _publish_gold(self) -> None:
        """Scoring gets the adjudicated gold."""
        analysis = self.analysis
        if analysis is None:
            return
        gold = self.curation.gold()
        adjudication = self.curation.adjudication
        self.state.current_gold = gold
        self.state.current_multiword_gold = lambda: exclude_items(
            analysis.assembly.multiword_gold, adjudication)
        self.state.gold_changed.emit(gold)

    # -- live agreement --------------------------------------------------------------------------

    def _watch_toggled(self, checked: bool) -> None:
        if not checked:
            self.watch_folder(None)
            return
        folder = QFileDialog.getExistingDirectory(self, "Folder of responses files to watch")
        if folder:
            self.watch_folder(folder)
        else:
            self.watch_check.setChecked(False)

    def watch_folder(self, folder: str | None) -> int:
        """Add the folder's responses files and compute again whenever they change (None:
        stop watching); returns how many files were added."""
        files = self.folder_watch.watch(folder)
        self.watch_check.setChecked(folder is not None)
        if folder is None:
            self.status_message.emit("No longer watching a folder.")
            return 0
        self.status_message.emit(f"Watching {folder}: {len(files)} responses file(s).")
        return self.add_files(files)

    def _watched_folder_changed(self, files: list[str], _touched: list[str]) -> None:
        # A watched file may have been rewritten or replaced: read all of the folder's again
        # (a few small files; pooling them is the larger part of the work anyway).
        for path in files:
            self._sources.pop(path, None)
        listed = set(self.files_list.paths())
        for row in range(self.files_list.count() - 1, -1, -1):
            path = self.files_list.item(row).data(Qt.ItemDataRole.UserRole)
            if Path(path).parent == self.folder_watch.folder and path not in files:
                self.files_list.takeItem(row)  # deleted from the watched folder
                self._sources.pop(path, None)
        if not self.add_files([path for path in files if path not in listed]):
            self.schedule_analysis(suggest=True)

    # -- exports ---------------------------------------------------------------------------------

    def _save_path(self, title: str, name: str, file_filter: str) -> str | None:
        path, _ = QFileDialog.getSaveFileName(self, title, name, file_filter)
        return path or None

    def _guarded(self, title: str, write) -> bool:
        try:
            write()
        except (OSError, ValueError) as error:
            dialogs.show_error(self, title, error)
            return False
        return True

    def export_gold(self) -> str | None:
        """The adjudicated gold, byte for byte what ``lexsub gold --adjudication`` writes."""
        return self._export_gold_file(0, "Export the gold", "gold", "Gold")

    def export_multiword_gold(self) -> str | None:
        return self._export_gold_file(1, "Export the multiword gold", "gold.mw",
                                      "Multiword gold")

    def _export_gold_file(self, which: int, title: str, name: str, what: str) -> str | None:
        if self.analysis is None:
            return None
        path = self._save_path(title, name, GOLD_FILTER)
        if not path:
            return None
        texts: list[str] = []

        def write() -> None:
            texts.append(adjudicated_gold_texts(self.analysis.assembly,
                                                self.curation.adjudication)[which])
            atomic_write_text(path, texts[0])

        if self._guarded(f"Cannot write the {what.lower()}", write):
            self.status_message.emit(f"{what}: {texts[0].count(chr(10))} line(s) written to "
                                     f"{path}")
            return path
        return None

    def export_provenance(self) -> str | None:
        """The adjudicated gold as a CSV with the annotators who gave each entry."""
        if self.analysis is None:
            return None
        path = self._save_path("Export the gold with provenance", "gold-provenance.csv",
                               "CSV (*.csv);;All files (*)")
        analysis = self.analysis
        if path and self._guarded("Cannot write the provenance", lambda: atomic_write_text(
                path, provenance_csv(analysis.pooled, self.curation.gold(),
                                     self.curation.adjudication))):
            self.status_message.emit(f"Gold with provenance written to {path}")
            return path
        return None

    def export_mapping(self) -> str | None:
        accepted = self.merge_model.accepted()
        path = self._save_path("Export the merge mapping", "merges.tsv",
                               "Merge map (*.tsv *.txt);;All files (*)")
        if path and self._guarded("Cannot write the mapping", lambda: atomic_write_text(
                path, format_accepted_merges(accepted))):
            self.status_message.emit(f"{len(accepted)} accepted merge(s) written to {path}")
            return path
        return None

    def export_report(self) -> list[str]:
        """Write NAME.csv (the figures) and NAME.html (everything); returns both paths."""
        if self.analysis is None:
            return []
        path = self._save_path("Export the agreement report", "agreement",
                               "Report (*.html *.csv);;All files (*)")
        if not path:
            return []
        base = Path(path)
        if base.suffix.lower() in (".html", ".htm", ".csv"):
            base = base.with_suffix("")
        report = self.analysis.report
        if self.anonymise_check.isChecked():
            report = anonymise_report(report)
        csv_path, html_path = f"{base}.csv", f"{base}.html"

        def write() -> None:
            from lexsub_studio.core.io.output_set import write_output_set

            # The figures and the page appear together or not at all.
            write_output_set([(csv_path, format_report_csv(report)),
                              (html_path, report_html(report))])

        if self._guarded("Cannot write the report", write):
            self.status_message.emit(f"Agreement report written to {csv_path} and {html_path}")
            return [csv_path, html_path]
        return []

    def export_chart(self) -> str | None:
        path = self._save_path("Export the chart", "agreement.png",
                               "PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)")
        if path and self._guarded("Cannot write the chart", lambda: self.chart.export(path)):
            self.status_message.emit(f"Chart written to {path}")
            return path
        return None

    def flush_pending(self) -> None:
        """Nothing is kept pending: decisions live in the model and on the undo stack."""
