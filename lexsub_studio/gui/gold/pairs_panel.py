"""The Pairs tab of Gold & Agreement: the annotator-by-annotator heatmap and the disagreement
threshold; a click (or Enter) on a cell asks for that pair's disagreements."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.agreement.pairwise import DEFAULT_DISAGREEMENT
from lexsub_studio.core.agreement.report import AgreementReport
from lexsub_studio.gui.gold.models import PairMatrixModel
from lexsub_studio.gui.widgets import named


class PairsPanel(QWidget):
    #: the cell (first annotator, second annotator) was opened.
    pair_opened = Signal(int, int)
    threshold_changed = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        hint = QLabel(self.tr(
            "Mean pairwise agreement of each annotator pair, from white (0) to deep blue (1); "
            "grey: no item in common. Click a cell (or press Enter on it) to list the items "
            "that pair disagrees on by at least the threshold."), self)
        hint.setWordWrap(True)
        layout.addWidget(hint)
        threshold_row = QHBoxLayout()
        threshold_label = QLabel(self.tr("&Disagreement at least:"), self)
        self.pair_threshold = named(
            QDoubleSpinBox(self), "goldPairThreshold", self.tr("Disagreement threshold"),
            self.tr("An item is listed when 1 minus the pair's score on it (overlap over union "
                    "of their substitutes) is at least this: 1 lists the items where they "
                    "share nothing"))
        self.pair_threshold.setRange(0.05, 1.0)
        self.pair_threshold.setSingleStep(0.05)
        self.pair_threshold.setDecimals(2)
        self.pair_threshold.setValue(DEFAULT_DISAGREEMENT)
        self.pair_threshold.valueChanged.connect(self.threshold_changed)
        threshold_label.setBuddy(self.pair_threshold)
        threshold_row.addWidget(threshold_label)
        threshold_row.addWidget(self.pair_threshold)
        threshold_row.addStretch(1)
        layout.addLayout(threshold_row)
        self.pair_model = PairMatrixModel(self)
        self.heatmap = named(QTableView(self), "goldHeatmap",
                             self.tr("Pairwise agreement heatmap"),
                             self.tr("Annotator by annotator; Enter or click lists the pair's "
                                     "disagreements"))
        self.heatmap.setModel(self.pair_model)
        self.heatmap.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.heatmap.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.heatmap.setTabKeyNavigation(False)
        for header in (self.heatmap.horizontalHeader(), self.heatmap.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            header.setDefaultSectionSize(72)
        self.heatmap.verticalHeader().setDefaultSectionSize(40)
        self.heatmap.clicked.connect(self.open_cell)
        self.heatmap.activated.connect(self.open_cell)
        layout.addWidget(self.heatmap, 1)

    def threshold(self) -> float:
        return self.pair_threshold.value()

    def show_report(self, report: AgreementReport | None) -> None:
        if report is None:
            self.pair_model.set_matrix([], [], [])
        else:
            self.pair_model.set_matrix(report.annotators, report.pair_matrix,
                                       report.pair_counts)

    def open_cell(self, index: QModelIndex) -> None:
        if index.isValid() and index.row() != index.column():
            self.pair_opened.emit(index.row(), index.column())
