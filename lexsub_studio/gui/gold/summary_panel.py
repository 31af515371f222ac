"""The Summary tab of Gold & Agreement: the counts, every agreement figure with its interval and
how its value comes about, the notes and warnings, the input problems, and the chart.

On a small screen (1024 x 640) nothing is cut off: the figures table shows every row and column
(it never scrolls inside), the chart goes below the table unless a wide window has room for it
beside, keeping the height its labels need, and the tab as a whole scrolls instead."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QBoxLayout,
    QFrame,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.agreement.glossary import explain_figure, figure_notes
from lexsub_studio.core.agreement.terms import definition
from lexsub_studio.core.gold.analysis import Analysis
from lexsub_studio.gui.gold.chart import FiguresChart
from lexsub_studio.gui.gold.models import FrameModel
from lexsub_studio.gui.gold.tables import frame_table, translated_columns
from lexsub_studio.gui.gold.views import FIGURE_COLUMNS, Views
from lexsub_studio.gui.widgets import named

#: The chart's least height on screen: eight wrapped figure labels without overlapping.
CHART_MIN_HEIGHT = 340
#: Wider than this, the bars only stretch.
CHART_MAX_WIDTH = 760
#: The chart goes beside the table only when it gets at least this width there.
CHART_SIDE_MIN_WIDTH = 420


def fit_every_row(view: QTableView) -> None:
    """Make ``view`` exactly as high as its header and rows: it never scrolls up and down
    inside, so no row hides behind a scroll bar of its own (the page around it scrolls)."""
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    header = view.horizontalHeader()
    sideways = view.horizontalScrollBar()
    height = (header.height() if header.isVisible() else 0) + view.verticalHeader().length() \
        + 2 * view.frameWidth()
    if sideways.isVisible():
        height += sideways.sizeHint().height()
    view.setFixedHeight(max(height, header.sizeHint().height() + 2 * view.frameWidth()))
    # Never narrower than its columns either: a narrow window scrolls the page sideways.
    view.setMinimumWidth(header.length() + 2 * view.frameWidth())


class SummaryPanel(QScrollArea):
    problems_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "goldSummaryScroll", self.tr("Agreement summary"))
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        page = QWidget(self)
        page.setObjectName("goldSummaryPage")
        self.analysis: Analysis | None = None
        layout = QVBoxLayout(page)
        self.counts_label = named(QLabel(self), "goldCounts", self.tr("Counts"))
        self.counts_label.setWordWrap(True)
        self.figures_model = FrameModel(
            translated_columns(FIGURE_COLUMNS), self,
            tips=lambda key, column: definition(key) if column == "figure" else None)
        self.figures_table = frame_table(self, "goldFiguresTable", self.tr("Agreement figures"),
                                         self.figures_model, sorting=False)
        self.figures_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        # A stretched last column would widen the minimum width set from the columns.
        self.figures_table.horizontalHeader().setStretchLastSection(False)
        # As wide as its columns (no sideways scrolling), as high as its rows (fit_every_row).
        self.figures_table.setSizeAdjustPolicy(
            QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)
        self.figures_table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.figures_table.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.figures_table.selectionModel().currentRowChanged.connect(self._explain_figure)
        self.figure_explanation = named(QLabel(self._explanation_hint(), self),
                                        "goldFigureExplanation",
                                        self.tr("How the selected figure comes about"))
        self.figure_explanation.setWordWrap(True)
        self.figure_explanation.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse)
        self.chart = named(FiguresChart(self), "goldChart", self.tr("Agreement figures chart"))
        self.warnings_label = named(QLabel(self), "goldWarnings", self.tr("Warnings"))
        self.warnings_label.setWordWrap(True)
        self.warnings_label.setTextFormat(Qt.TextFormat.RichText)
        # How the figures were computed, in the line the CLI prints and the exports carry.
        self.signature_label = named(QLabel(self), "goldSignature",
                                     self.tr("Reproducibility signature"))
        self.signature_label.setWordWrap(True)
        self.signature_label.setTextFormat(Qt.TextFormat.PlainText)
        self.signature_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems_button = named(QPushButton(self.tr("Show input problems…"), self),
                                     "goldProblemsButton", self.tr("Show the input problems"))
        self.problems_button.clicked.connect(self.problems_requested)
        self.chart.setMinimumHeight(CHART_MIN_HEIGHT)
        self.chart.setMaximumWidth(CHART_MAX_WIDTH)
        details = QWidget(page)
        details_layout = QVBoxLayout(details)
        details_layout.setContentsMargins(0, 0, 0, 0)
        details_layout.addWidget(self.figures_table)
        details_layout.addWidget(self.figure_explanation)
        details_layout.addWidget(self.warnings_label)
        details_layout.addWidget(self.signature_label)
        details_layout.addWidget(self.problems_button, 0, Qt.AlignmentFlag.AlignLeft)
        details_layout.addStretch(1)
        self.details = details
        # The chart beside the table where both fit, else below it (_arrange): side by side
        # on a 1024 px screen, the table's intervals were cut off and the chart's labels
        # squeezed onto each other.
        self.body = QBoxLayout(QBoxLayout.Direction.TopToBottom)
        self.body.addWidget(details)
        self.body.addWidget(self.chart, 1)
        layout.addWidget(self.counts_label)
        layout.addLayout(self.body)
        layout.addStretch(1)
        self.setWidget(page)
        fit_every_row(self.figures_table)
        self._arrange()

    def chart_beside(self) -> bool:
        """Whether the chart is drawn beside the table (a wide window) rather than below."""
        return self.body.direction() == QBoxLayout.Direction.LeftToRight

    def _arrange(self) -> None:
        needed = (self.figures_table.minimumWidth() + CHART_SIDE_MIN_WIDTH
                  + self.body.spacing()
                  # The scroll area's widget and its layout are made in __init__.
                  + 2 * self.widget().layout().contentsMargins().left())  # type: ignore[union-attr]
        direction = (QBoxLayout.Direction.LeftToRight if self.viewport().width() >= needed
                     else QBoxLayout.Direction.TopToBottom)
        if self.body.direction() != direction:
            self.body.setDirection(direction)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def showEvent(self, event: QShowEvent) -> None:
        # Figures computed while the workspace was hidden (the demo lesson, a watched folder)
        # were laid out before the rows had their shown height: fit them again now.
        super().showEvent(event)
        self.refit()

    def refit(self) -> None:
        """The table as high and wide as its rows and columns now, and the chart placed."""
        self.figures_table.resizeRowsToContents()
        fit_every_row(self.figures_table)
        self._arrange()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            # Larger text, taller rows: the table grows with them.
            self.refit()

    def _explanation_hint(self) -> str:
        return self.tr("Select a figure to see how its value comes about.")

    def show_analysis(self, analysis: Analysis | None, views: Views | None,
                      problems: int) -> None:
        self.analysis = analysis
        self.problems_button.setEnabled(analysis is not None and problems > 0)
        if analysis is None or views is None:
            self.counts_label.setText(self.tr(
                "Add the annotators' responses files (or drop them on the list) to pool them "
                "and measure agreement."))
            self.figures_model.set_frame(None)
            fit_every_row(self.figures_table)
            self.chart.show_report(None)
            self.warnings_label.setText("")
            self.signature_label.setText("")
            return
        report = analysis.report
        counts = report.counts
        stats = analysis.assembly.stats
        self.counts_label.setText(self.tr(
            "<b>{annotators}</b> annotator(s), <b>{items}</b> item(s): {in_t} in T, {with_mode} "
            "with a mode, {pairs} pair score(s). Gold: {gold} line(s), multiword gold: "
            "{multiword} line(s).").format(
                annotators=counts["annotators"], items=counts["items"],
                in_t=counts["items_in_T"], with_mode=counts["items_with_mode"],
                pairs=counts["pairs"], gold=stats["gold_lines"],
                multiword=stats["multiword_lines"]))
        self.figures_model.set_table(views.figures)
        fit_every_row(self.figures_table)
        self._arrange()
        self.chart.show_report(report)
        notes = figure_notes(report)
        self.warnings_label.setText(
            (self._bullets(self.tr("Notes"), notes) if notes else "")
            + (self._bullets(self.tr("Warnings"), report.warnings) if report.warnings else ""))
        self.signature_label.setText(self.tr("Signature: {signature}").format(
            signature=report.signature))
        self._explain_figure(self.figures_table.currentIndex())

    @staticmethod
    def _bullets(title: str, lines: list[str]) -> str:
        return (f"<b>{html.escape(title)}</b><ul>"
                + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>")

    def _explain_figure(self, current: QModelIndex, _previous: QModelIndex | None = None,
                        ) -> None:
        """"Explain this number": the selected figure's numerator and denominator."""
        if self.analysis is None or not current.isValid():
            self.figure_explanation.setText(self._explanation_hint())
            return
        key = self.figures_model.key(current.row())
        self.figure_explanation.setText(explain_figure(self.analysis.report, key))
