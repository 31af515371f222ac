"""The League table tab: systems as rows and measures as columns (official or clean), or one
measure per PoS or lexelt, with the formula behind the selected figure."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from lexsub_studio.core.scoring_export import SystemScores, Table, breakdown_table, league_table
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.scoring import controls
from lexsub_studio.gui.scoring.content import explain_official
from lexsub_studio.gui.scoring.models import TableModel
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named


class LeaguePage(QWidget):
    #: The league or breakdown table was (re)built.
    refreshed = Signal()

    def __init__(self, measures: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.systems: list[SystemScores] = []
        self.task: Task | None = None
        layout = QVBoxLayout(self)
        row = controls.toolbar(self, "leagueToolBar", "League table options")
        self.view_combo = controls.combo(self, "leagueViewCombo", "Official or clean figures",
                                         [("Clean scoring", "clean"),
                                          ("Official scorer", "official")])
        self.breakdown_combo = controls.combo(self, "breakdownCombo", "Breakdown",
                                              [("Overall", None), ("Per PoS", "pos"),
                                               ("Per lexelt", "lexelt")])
        self.breakdown_measure = controls.measure_combo(self, "breakdownMeasureCombo",
                                                        "Breakdown measure", measures)
        for label, widget in (("Figures:", self.view_combo), ("Show:", self.breakdown_combo),
                              ("Measure:", self.breakdown_measure)):
            row.addWidget(QLabel(label, self))
            row.addWidget(widget)
        layout.addWidget(row)
        self.model = TableModel(self)
        self.view = controls.table_view(self, "leagueTable", "League table")
        self.view.setModel(self.model)
        layout.addWidget(self.view, 1)
        self.explanation = named(QLabel(self), "figureExplanation",
                                 "Explanation of the selected figure")
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.explanation)
        self.view_combo.currentIndexChanged.connect(self.refresh)
        self.breakdown_combo.currentIndexChanged.connect(self.refresh)
        self.breakdown_measure.currentIndexChanged.connect(self.refresh)
        self.view.selectionModel().currentChanged.connect(self._explain_current)

    def set_systems(self, systems: Sequence[SystemScores]) -> None:
        self.systems = list(systems)
        self.refresh()

    def system_named(self, name: str) -> SystemScores | None:
        return next((system for system in self.systems if system.name == name), None)

    def selected_system(self) -> SystemScores | None:
        """The system of the selected row of the league table (None in a breakdown)."""
        index = self.view.currentIndex()
        if not index.isValid() or self.breakdown_combo.currentData() is not None:
            return None
        return self.system_named(str(self.model.table.rows[index.row()][0]))

    def current_table(self) -> Table:
        by = self.breakdown_combo.currentData()
        if by is None:
            return league_table(self.systems, self.view_combo.currentData())
        return breakdown_table(self.systems, by, self.breakdown_measure.currentData())

    def refresh(self, *_: object) -> None:
        """The league table at once; a breakdown (thousands of lexelts x every system) is
        computed in the background."""
        if self.task is not None and not self.task.is_finished:
            self.task.cancel()
        by = self.breakdown_combo.currentData()
        self.breakdown_measure.setEnabled(by is not None)
        if by is None or not self.systems:
            self._show_table(self.current_table())
            return
        systems, measure = list(self.systems), self.breakdown_measure.currentData()
        task = run_in_background(lambda token, report: breakdown_table(systems, by, measure))
        self.task = task
        task.result.connect(self._show_table)
        task.error.connect(self._failed)

    def _failed(self, error: BaseException) -> None:
        dialogs.show_error(self, "The breakdown failed", error)

    def _show_table(self, table: Table) -> None:
        same_columns = table.header == self.model.table.header
        self.model.set_table(table)
        header = self.view.horizontalHeader()
        if same_columns:  # keep the user's sort on a refreshed table
            self.model.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
        else:
            header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.view.resizeColumnsToContents()
        self.explanation.setText(
            "Select a figure to see its numerator and denominator." if self.systems else
            "Open a gold and add system outputs to score them.")
        self.refreshed.emit()

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
            system = self.system_named(str(table.rows[index.row()][0]))
            if system is None:
                return ""
            if self.view_combo.currentData() == "official":
                if system.official_totals is None:
                    return f"{system.name}: the official scorer does not read {system.kind} files"
                return f"{system.name}: {explain_official(key, system.official_totals)}"
            if system.report is None or key not in system.report.figures:
                return f"{system.name}: {key} is not scored for a {system.kind} file"
            return f"{system.name}: {system.report.explain_figure(key)}"
        name = table.header[index.column()]
        group = str(table.rows[index.row()][0])
        system = self.system_named(name)
        if system is None or system.report is None:
            return ""
        return f"{name}, {by} {group}: {system.report.explain_figure(key, by, group)}"
