"""The Dataset workspace's statistics: the table of the open corpus and the added files (per
PoS, per lexelt), computed in the background exactly as ``lexsub stats`` does, and its CSV
export, written in the background too."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.annotation.package import AnnotationSource
from lexsub_studio.core.model.data import Corpus
from lexsub_studio.core.model.diagnostics import Severity
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.busy import BusyIndicator
from lexsub_studio.gui.dataset.common import ERROR_STYLE, error_message, writable_directory
from lexsub_studio.gui.dataset.files_panel import role_name
from lexsub_studio.gui.dataset.jobs import (
    GOLD,
    MULTIWORD_GOLD,
    DatasetInputs,
    StatsOutcome,
    compute_stats,
    describe,
)
from lexsub_studio.gui.dataset.stats_model import StatsFilterProxy, StatsTableModel
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named


def write_stats_csv(outcome: StatsOutcome, path: str) -> Path:
    """The statistics as ``lexsub stats --format csv`` writes them (worker thread)."""
    from lexsub_studio.core.io.atomic import atomic_write_text
    from lexsub_studio.core.present.signature import LABEL
    from lexsub_studio.core.present.tables import csv_table

    atomic_write_text(path, csv_table(outcome.stats.table.assign(**{LABEL: outcome.signature})))
    return Path(path)


class StatsPanel(QWidget):
    #: A short message for the window's status bar (where the export went).
    status_message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.outcome: StatsOutcome | None = None
        #: The inputs of the statistics on screen (named in the summary).
        self._inputs = DatasetInputs()
        self.model = StatsTableModel(self)
        self.proxy = StatsFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.level_filter = named(QComboBox(self), "statsLevelFilter", self.tr("Rows shown"),
                                  self.tr("Every row, all items, per PoS or per lexelt"))
        for text, level in ((self.tr("Every row"), None), (self.tr("All items"), "all"),
                            (self.tr("Per PoS"), "pos"), (self.tr("Per lexelt"), "lexelt")):
            self.level_filter.addItem(text, level)
        self.level_filter.currentIndexChanged.connect(
            lambda _: self.proxy.set_level(self.level_filter.currentData()))
        self.export_button = named(QPushButton(self.tr("Export CSV…"), self),
                                   "exportStatsButton", self.tr("Export the statistics as CSV"))
        self.table = named(QTableView(self), "statsTable", self.tr("Dataset statistics"),
                           self.tr("Figures per PoS and lexelt; click a column to sort"))
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
        self.stats_busy = BusyIndicator("stats", self.tr("computing the statistics"), self)
        self.export_busy = BusyIndicator("statsExport", self.tr("writing the statistics"),
                                         self)
        self.stats_summary = named(QLabel(self), "statsSummary", self.tr("Statistics status"))
        self.stats_summary.setWordWrap(True)
        self.stats_summary.setTextFormat(Qt.TextFormat.PlainText)
        self.problems = named(QPlainTextEdit(self), "statsProblems",
                              self.tr("Problems in the files"))
        self.problems.setReadOnly(True)
        self.problems.setMaximumHeight(120)
        self.problems.setVisible(False)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Show:"), self))
        top.addWidget(self.level_filter)
        top.addStretch(1)
        top.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.stats_busy)
        layout.addWidget(self.export_busy)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.stats_summary)
        layout.addWidget(self.problems)

    def clear(self) -> None:
        """No statistics (another corpus was opened, or none)."""
        self.stats_busy.cancel()
        self.outcome = None
        self.model.set_table(None)

    def refresh(self, corpus: Corpus, inputs: DatasetInputs) -> Task:
        """Compute the statistics of ``corpus`` and ``inputs`` in the background."""
        self.stats_busy.cancel()
        inputs = DatasetInputs(inputs.gold, inputs.multiword_gold, list(inputs.responses))
        self._inputs = inputs
        task = run_in_background(
            lambda token, report: compute_stats(corpus, inputs, report,
                                                lambda: token.cancelled))
        self.stats_busy.watch(task, self.tr("Computing the statistics…"))
        self.stats_summary.setStyleSheet("")
        self.stats_summary.setText("")
        task.result.connect(lambda outcome, t=task: self._ready(t, outcome))
        task.error.connect(lambda error, t=task: self._failed(t, error))
        return task

    def _ready(self, task: Task, outcome: StatsOutcome) -> None:
        if task is not self.stats_busy.task:
            return  # a newer computation replaced it
        self.outcome = outcome
        self.model.set_table(outcome.stats.table)
        inputs = self._inputs
        used = [self.tr("corpus")]
        used += [role_name(role) for role in (GOLD, MULTIWORD_GOLD)
                 if role in dict(inputs.paths())]
        if inputs.responses:
            used.append(self.tr("{count} responses file(s)").format(count=len(inputs.responses)))
        summary = self.tr("From the {used}: {rows} row(s).").format(
            used=", ".join(used), rows=self.model.rowCount())
        if not inputs.gold:
            summary += self.tr(" Add a gold file for the gold figures, responses for the "
                               "agreement.")
        # As ``lexsub stats``: warnings and errors, not the readers' notes.
        shown = [message for message in outcome.diagnostics
                 if message.severity is not Severity.INFO]
        if shown:
            summary += self.tr(" {count} problem(s) in the files, listed below.").format(
                count=len(shown))
        self.stats_summary.setText(summary)
        text = describe(shown)
        self.problems.setPlainText(text)
        self.problems.setVisible(bool(text))

    def _failed(self, task: Task, error: object) -> None:
        if task is not self.stats_busy.task:
            return
        self.model.set_table(None)
        self.stats_summary.setStyleSheet(ERROR_STYLE)
        self.stats_summary.setText(self.tr("No statistics: ") + error_message(error))

    def export_csv(self, source: AnnotationSource | None) -> Task | None:
        """Ask where, then write the statistics as CSV in the background (a table of every
        lexelt of a large corpus is no instant write); None when there is nothing to write or
        the user chose no file."""
        outcome = self.outcome
        if outcome is None or not self.model.rowCount():
            self.stats_summary.setText(self.tr("Nothing to export yet."))
            return None
        start = (writable_directory(source.path) / f"{source.path.stem}-stats.csv"
                 if source is not None else Path.home() / "stats.csv")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the statistics"),
                                              str(start), self.tr("CSV (*.csv)"))
        if not path:
            return None
        self.export_busy.cancel()
        task = run_in_background(lambda token, report: write_stats_csv(outcome, path))
        self.export_busy.watch(task, self.tr("Writing {name}…").format(name=Path(path).name))
        task.result.connect(lambda written: self.status_message.emit(
            self.tr("Statistics written to {path}").format(path=written)))
        task.error.connect(lambda error: dialogs.show_error(
            self, self.tr("Cannot export the statistics"), error))
        return task
