"""The League table tab: systems as rows and one task's measures as columns (official or
clean), ranked, the best of each column in bold, as fractions or percentages; or one measure per
PoS or lexelt; with the formula behind the selected figure, rounded as its cell is."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QMenu, QVBoxLayout, QWidget

from lexsub_studio.core.scoring.compare.explain_cells import (
    explain_group_figure,
    explain_league_figure,
)
from lexsub_studio.core.scoring.compare.league import (
    MEASURE_GROUPS,
    RANK_HEADER,
    SYSTEM_HEADER,
    automatic_group,
    breakdown_table,
    column_label,
    figure_signatures,
    paper_table,
    ranking_measure,
)
from lexsub_studio.core.scoring.compare.system_scores import SystemScores
from lexsub_studio.core.scoring.report.tables import Table
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.scoring import controls
from lexsub_studio.gui.scoring.models import TableModel
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named


class LeaguePage(QWidget):
    #: The league or breakdown table was (re)built.
    refreshed = Signal()
    #: The user asked to rename the system of a row (double-click, or Rename… in its
    #: context menu): the system's file path.
    rename_requested = Signal(str)

    def __init__(self, measures: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.systems: list[SystemScores] = []
        self.task: Task | None = None
        layout = QVBoxLayout(self)
        row = controls.toolbar(self, "leagueToolBar", self.tr("League table options"))
        self.view_combo = controls.combo(self, "leagueViewCombo",
                                         self.tr("Official or clean figures"),
                                         [(self.tr("Clean scoring"), "clean"),
                                          (self.tr("Official scorer"), "official")])
        self.breakdown_combo = controls.combo(self, "breakdownCombo", self.tr("Breakdown"),
                                              [(self.tr("Overall"), None),
                                               (self.tr("Per PoS"), "pos"),
                                               (self.tr("Per lexelt"), "lexelt")])
        self.breakdown_measure = controls.measure_combo(self, "breakdownMeasureCombo",
                                                        self.tr("Breakdown measure"), measures)
        self.group_combo = controls.combo(
            self, "leagueGroupCombo", self.tr("Measures of one task"),
            [(self.tr("{task} measures").format(task=group.label), group.key)
             for group in MEASURE_GROUPS]
            + [(self.tr("every measure"), None)])
        self.group_combo.setToolTip(self.tr("Show one task's measures, as a paper's table of that "
                                            "task does, or every measure"))
        #: The user picked a task: new systems no longer choose it.
        self.group_chosen = False
        self.unit_combo = controls.combo(self, "leagueUnitCombo",
                                         self.tr("Fractions or percentages"),
                                         [(self.tr("percentages (35.98)"), "percent"),
                                          (self.tr("fractions (0.360)"), "fraction")])
        self.unit_combo.setToolTip(self.tr("Percentages with two decimals, as the task published "
                                           "its figures, or fractions to three decimals"))
        # Short fixed lists sized to their entries, so that the row fits a 1024-pixel window
        # instead of putting the Measure choice in the tool bar's overflow menu.
        for short in (self.view_combo, self.group_combo, self.breakdown_combo):
            short.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            short.setMinimumContentsLength(0)
        for label, widget in ((self.tr("Figures:"), self.view_combo),
                              (self.tr("Task:"), self.group_combo),
                              (self.tr("Numbers:"), self.unit_combo),
                              (self.tr("Show:"), self.breakdown_combo),
                              (self.tr("Measure:"), self.breakdown_measure)):
            row.addWidget(QLabel(label, self))
            row.addWidget(widget)
        layout.addWidget(row)
        self.model = TableModel(self)
        self.view = controls.table_view(self, "leagueTable", self.tr("League table"))
        self.view.setModel(self.model)
        # Double-clicking a figure selects it (its formula below); only the system's own cell
        # renames, as its context menu's Rename… does anywhere in the row.
        self.view.doubleClicked.connect(self._double_clicked)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.rename_action = QAction(self.tr("Rename system…"), self.view)
        self.rename_action.setObjectName("renameSystemAction")
        self.rename_action.setShortcut(QKeySequence(Qt.Key.Key_F2))
        self.rename_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.rename_action.setToolTip(self.tr(
            "The name this system is shown under in every table, plot and export"))
        self.rename_action.triggered.connect(self.request_rename)
        self.view.addAction(self.rename_action)
        layout.addWidget(self.view, 1)
        self.explanation = named(QLabel(self), "figureExplanation",
                                 self.tr("Explanation of the selected figure"))
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.explanation)
        # How the figures shown were computed: one line per kind of run, as the CLI prints it.
        self.signature_label = named(QLabel(self), "scoringSignature",
                                     self.tr("Reproducibility signature"))
        self.signature_label.setWordWrap(True)
        self.signature_label.setTextFormat(Qt.TextFormat.PlainText)
        self.signature_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.signature_label)
        self.view_combo.currentIndexChanged.connect(self.refresh)
        self.group_combo.activated.connect(self._group_picked)
        self.group_combo.currentIndexChanged.connect(self.refresh)
        self.unit_combo.currentIndexChanged.connect(self.refresh)
        self.breakdown_combo.currentIndexChanged.connect(self.refresh)
        self.breakdown_measure.currentIndexChanged.connect(self.refresh)
        self.view.selectionModel().currentChanged.connect(self._explain_current)

    def set_systems(self, systems: Sequence[SystemScores]) -> None:
        """New systems; until the user picks a task, the table opens on the task they share
        (core.league.automatic_group)."""
        self.systems = list(systems)
        # While the official scorer checks systems, the official view says so.
        self.view_combo.setItemText(
            self.view_combo.findData("official"),
            self.tr("Official scorer (checking…)") if self.checking() else self.tr(
                "Official scorer"))
        if not self.group_chosen:
            self.group_combo.blockSignals(True)
            self.group_combo.setCurrentIndex(self.group_combo.findData(
                automatic_group([system.kind for system in self.systems])))
            self.group_combo.blockSignals(False)
        self.refresh()

    def signatures(self) -> list[str]:
        """The signatures of the figures shown (core/present/signature.py), each once, in the
        systems' order: the clean reports', or the official runs' in the official view."""
        return figure_signatures(self.systems, official=self.view_combo.currentData() == "official")

    def checking(self) -> list[str]:
        """The systems whose official figures are still to come."""
        return [system.name for system in self.systems if system.checking]

    def _group_picked(self, _index: int) -> None:
        self.group_chosen = True

    @property
    def unit(self) -> str:
        return str(self.unit_combo.currentData())

    def _system_of_row(self, row: int) -> SystemScores | None:
        header = self.model.table.header
        if SYSTEM_HEADER not in header or not 0 <= row < len(self.model.table.rows):
            return None
        return self.system_named(str(self.model.table.rows[row][header.index(SYSTEM_HEADER)]))

    def system_named(self, name: str) -> SystemScores | None:
        return next((system for system in self.systems if system.name == name), None)

    def selected_system(self) -> SystemScores | None:
        """The system of the selected row of the league table (None in a breakdown)."""
        index = self.view.currentIndex()
        if not index.isValid() or self.breakdown_combo.currentData() is not None:
            return None
        return self._system_of_row(index.row())

    def request_rename(self) -> None:
        """Ask for a new name of the selected system (nothing in a breakdown)."""
        system = self.selected_system()
        if system is not None and system.path is not None:
            self.rename_requested.emit(str(system.path))

    def _double_clicked(self, index: QModelIndex) -> None:
        header = self.model.table.header
        if SYSTEM_HEADER in header and index.column() == header.index(SYSTEM_HEADER):
            self.request_rename()

    def _context_menu(self, position: QPoint) -> None:
        index = self.view.indexAt(position)
        if not index.isValid():
            return
        self.view.setCurrentIndex(index)
        if self.selected_system() is None:
            return
        menu = QMenu(self.view)
        menu.addAction(self.rename_action)
        menu.exec(self.view.viewport().mapToGlobal(position))

    def current_table(self) -> Table:
        by = self.breakdown_combo.currentData()
        if by is None:
            return paper_table(self.systems, self.view_combo.currentData(),
                               self.group_combo.currentData(), self.unit)
        return breakdown_table(self.systems, by, self.breakdown_measure.currentData())

    def refresh(self, *_: object) -> None:
        """The league table at once; a breakdown (thousands of lexelts x every system) is
        computed in the background."""
        if self.task is not None and not self.task.is_finished:
            self.task.cancel()
        self.signature_label.setText("\n".join(
            self.tr("Signature: {signature}").format(signature=signature)
            for signature in self.signatures()))
        by = self.breakdown_combo.currentData()
        self.breakdown_measure.setEnabled(by is not None)
        self.group_combo.setEnabled(by is None)
        if by is None or not self.systems:
            self._show_table(self.current_table())
            return
        systems, measure = list(self.systems), self.breakdown_measure.currentData()
        task = run_in_background(lambda token, report: breakdown_table(systems, by, measure))
        self.task = task
        task.result.connect(self._show_table)
        task.error.connect(self._failed)

    def _failed(self, error: BaseException) -> None:
        dialogs.show_error(self, self.tr("The breakdown failed"), error)

    def _show_table(self, table: Table) -> None:
        same_columns = table.header == self.model.table.header
        league = bool(table.header) and table.header[0] == RANK_HEADER
        tips = {}
        if league:
            ranked_by = ranking_measure(table.keys, self.group_combo.currentData())
            tips[0] = (f"Rank by {column_label(ranked_by)}, highest first; figures that read "
                       "the same share a rank" if ranked_by else "No measure to rank by")
        self.model.set_table(table, self.unit, mark_best=league, header_tips=tips)
        header = self.view.horizontalHeader()
        # The rank replaces the row numbers; a breakdown's groups need none either.
        self.view.verticalHeader().setVisible(False)
        if same_columns and header.sortIndicatorSection() >= 0:
            # keep the user's sort on a refreshed table
            self.model.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
        elif league:  # in rank order, as a paper lists its systems
            self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        else:
            header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.view.resizeColumnsToContents()
        self.explanation.setText(self._hint(table, league))
        self.refreshed.emit()

    def _hint(self, table: Table, league: bool) -> str:
        """What the line below the table says before a figure is selected."""
        if not self.systems:
            return self.tr("Open a gold and add system outputs to score them.")
        if self.view_combo.currentData() == "official" and self.checking():
            return self.tr("The official scorer is checking {names}…: their official figures "
                           "appear here when the check is in.").format(
                               names=", ".join(self.checking()))
        if league and not table.rows:
            task = self.group_combo.currentText()
            why = (self.tr(" (the official scorer computes the best, oot and mw measures only)")
                   if self.view_combo.currentData() == "official" else "")
            return self.tr("No system has {task} here{why}: choose another task.").format(
                       task=task, why=why)
        return self.tr("Select a figure to see its numerator and denominator.")

    def _explain_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self.explanation.setText(self.explain_cell(current))

    def explain_cell(self, index: QModelIndex) -> str:
        """The formula behind the figure in a cell of the league or breakdown table."""
        if not index.isValid():
            return ""
        key = self.model.key(index.column())
        if key is None:
            return ""
        by = self.breakdown_combo.currentData()
        table = self.model.table
        if by is None:
            system = self._system_of_row(index.row())
            if system is None:
                return ""
            return explain_league_figure(system, key, self.view_combo.currentData(),
                                         self.model.unit)
        system = self.system_named(table.header[index.column()])
        if system is None:
            return ""
        return explain_group_figure(system, by, str(table.rows[index.row()][0]), key,
                                    self.model.unit)
