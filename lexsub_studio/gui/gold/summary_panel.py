"""The Summary tab of Gold & Agreement: the counts, every agreement figure with its interval and
how its value comes about, the chart, the notes and warnings, and the input problems."""

from __future__ import annotations

import html

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QHeaderView, QLabel, QPushButton, QVBoxLayout, QWidget

from lexsub_studio.core.agreement.glossary import explain_figure, figure_notes
from lexsub_studio.core.agreement.terms import definition
from lexsub_studio.core.gold.analysis import Analysis
from lexsub_studio.gui.gold.chart import FiguresChart
from lexsub_studio.gui.gold.models import FrameModel
from lexsub_studio.gui.gold.tables import frame_table, translated_columns
from lexsub_studio.gui.gold.views import FIGURE_COLUMNS, Views
from lexsub_studio.gui.widgets import named


class SummaryPanel(QWidget):
    problems_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.analysis: Analysis | None = None
        layout = QVBoxLayout(self)
        self.counts_label = named(QLabel(self), "goldCounts", self.tr("Counts"))
        self.counts_label.setWordWrap(True)
        self.figures_model = FrameModel(
            translated_columns(FIGURE_COLUMNS), self,
            tips=lambda key, column: definition(key) if column == "figure" else None)
        self.figures_table = frame_table(self, "goldFiguresTable", self.tr("Agreement figures"),
                                         self.figures_model, sorting=False)
        self.figures_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
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
        self.problems_button = named(QPushButton(self.tr("Show input problems…"), self),
                                     "goldProblemsButton", self.tr("Show the input problems"))
        self.problems_button.clicked.connect(self.problems_requested)
        top = QHBoxLayout()
        top.addWidget(self.figures_table, 3)
        top.addWidget(self.chart, 2)
        layout.addWidget(self.counts_label)
        layout.addLayout(top, 1)
        layout.addWidget(self.figure_explanation)
        layout.addWidget(self.warnings_label)
        layout.addWidget(self.problems_button, 0, Qt.AlignmentFlag.AlignLeft)

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
            self.chart.show_report(None)
            self.warnings_label.setText("")
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
        self.chart.show_report(report)
        notes = figure_notes(report)
        self.warnings_label.setText(
            (self._bullets(self.tr("Notes"), notes) if notes else "")
            + (self._bullets(self.tr("Warnings"), report.warnings) if report.warnings else ""))
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
