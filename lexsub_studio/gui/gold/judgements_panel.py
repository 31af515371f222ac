"""The Judgements tab of Gold & Agreement, shown when the pooled files are judgements files:
what was pooled (items, candidates, each label's count), the gold the acceptable votes make,
and the agreement on the labels (Krippendorff's alpha, Fleiss' kappa, pairwise percent
agreement; per annotator and per pair; with intervals), each figure explained. How *unsure*
counts is switched here, as ``lexsub agree --unsure`` switches it."""

from __future__ import annotations

import html

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.agreement.judgement_glossary import explain_judgement_figure
from lexsub_studio.core.agreement.judgements import DEFAULT_UNSURE_POLICY
from lexsub_studio.core.agreement.terms import judgement_definition
from lexsub_studio.core.gold.judgement_analysis import JudgementAnalysis
from lexsub_studio.gui.gold.judgement_views import (
    JUDGEMENT_ANNOTATOR_COLUMNS,
    JUDGEMENT_FIGURE_COLUMNS,
    JUDGEMENT_GOLD_COLUMNS,
    JUDGEMENT_PAIR_COLUMNS,
    JudgementViews,
)
from lexsub_studio.gui.gold.models import FrameModel
from lexsub_studio.gui.gold.tables import frame_table, translated_columns
from lexsub_studio.gui.widgets import named

_INTERVAL_TIP = judgement_definition("interval")


def _header_tip(name: str) -> str:
    return _INTERVAL_TIP if name in ("low", "high") else judgement_definition(name)


class JudgementsPanel(QWidget):
    #: how *unsure* counts changed: compute again.
    unsure_changed = Signal(str)
    problems_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.analysis: JudgementAnalysis | None = None
        layout = QVBoxLayout(self)
        self.counts_label = named(QLabel(self), "goldJudgementCounts",
                                  self.tr("What the judgements pooled"))
        self.counts_label.setWordWrap(True)
        self.counts_label.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.counts_label)

        unsure_row = QHBoxLayout()
        unsure_label = QLabel(self.tr("&Unsure counts as:"), self)
        self.unsure_combo = named(
            QComboBox(self), "goldUnsureCombo", self.tr("How unsure counts"),
            self.tr("How an unsure label counts in the agreement figures (lexsub agree "
                    "--unsure): its own category, a missing value (dropped), or not "
                    "acceptable. The gold counts acceptable votes alone whichever is chosen"))
        for text, policy in ((self.tr("its own category"), "category"),
                             (self.tr("a missing value"), "missing"),
                             (self.tr("not acceptable"), "not-acceptable")):
            self.unsure_combo.addItem(text, policy)
        self.unsure_combo.setCurrentIndex(self.unsure_combo.findData(DEFAULT_UNSURE_POLICY))
        self.unsure_combo.currentIndexChanged.connect(
            lambda _index: self.unsure_changed.emit(self.unsure()))
        unsure_label.setBuddy(self.unsure_combo)
        unsure_row.addWidget(unsure_label)
        unsure_row.addWidget(self.unsure_combo)
        unsure_row.addStretch(1)
        layout.addLayout(unsure_row)

        self.figures_model = FrameModel(
            translated_columns(JUDGEMENT_FIGURE_COLUMNS), self, key_column="key",
            tips=lambda key, column: judgement_definition(key) if column == "figure" else None,
            header_tips=_header_tip)
        self.figures_table = frame_table(self, "goldJudgementFiguresTable",
                                         self.tr("Agreement of the judgements"),
                                         self.figures_model, sorting=False)
        self.figures_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.figures_table.selectionModel().currentRowChanged.connect(self._explain_figure)
        self.figure_explanation = named(QLabel(self._explanation_hint(), self),
                                        "goldJudgementExplanation",
                                        self.tr("How the selected figure comes about"))
        self.figure_explanation.setWordWrap(True)
        self.figure_explanation.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse)

        self.annotators_model = FrameModel(translated_columns(JUDGEMENT_ANNOTATOR_COLUMNS), self,
                                           key_column="key", header_tips=_header_tip)
        self.annotators_table = frame_table(self, "goldJudgementAnnotatorsTable",
                                            self.tr("Agreement per annotator"),
                                            self.annotators_model)
        self.pairs_model = FrameModel(translated_columns(JUDGEMENT_PAIR_COLUMNS), self,
                                      key_column="key", header_tips=_header_tip)
        self.pairs_table = frame_table(self, "goldJudgementPairsTable",
                                       self.tr("Agreement per pair of annotators"),
                                       self.pairs_model)
        self.gold_model = FrameModel(translated_columns(JUDGEMENT_GOLD_COLUMNS), self,
                                     key_column="key", header_tips=lambda _name: "")
        self.gold_table = frame_table(self, "goldJudgementGoldTable",
                                      self.tr("The gold of acceptable votes"), self.gold_model)
        splitter = named(QSplitter(Qt.Orientation.Vertical, self), "goldJudgementSplitter",
                         self.tr("Judgement tables"))
        for widget in (self.figures_table, self.annotators_table, self.pairs_table,
                       self.gold_table):
            splitter.addWidget(widget)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.figure_explanation)
        self.warnings_label = named(QLabel(self), "goldJudgementWarnings",
                                    self.tr("Warnings about the judgements"))
        self.warnings_label.setWordWrap(True)
        self.warnings_label.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.warnings_label)
        self.problems_button = named(QPushButton(self.tr("Show input problems…"), self),
                                     "goldJudgementProblemsButton",
                                     self.tr("Show the problems of the judgements files"))
        self.problems_button.clicked.connect(self.problems_requested)
        layout.addWidget(self.problems_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.show_analysis(None, None, 0)

    def unsure(self) -> str:
        return str(self.unsure_combo.currentData())

    def _explanation_hint(self) -> str:
        return self.tr("Select a figure to see how its value comes about.")

    def show_analysis(self, analysis: JudgementAnalysis | None, views: JudgementViews | None,
                      problems: int) -> None:
        self.analysis = analysis
        self.problems_button.setEnabled(analysis is not None and problems > 0)
        if analysis is None or views is None:
            self.counts_label.setText(self.tr(
                "Add the annotators' judgements files (or drop them on the list) to pool them "
                "into a gold and measure their agreement."))
            for model in (self.figures_model, self.annotators_model, self.pairs_model,
                          self.gold_model):
                model.set_frame(None)
            self.warnings_label.setText("")
            self.figure_explanation.setText(self._explanation_hint())
            return
        stats = analysis.pooled.stats
        self.counts_label.setText(self.tr(
            "<b>{annotators}</b> annotator(s), <b>{items}</b> item(s), <b>{candidates}</b> "
            "candidate(s), <b>{labels}</b> label(s): {acceptable} acceptable, "
            "{not_acceptable} not acceptable, {unsure} unsure. Gold: {gold_items} item(s), "
            "{gold_entries} substitute(s) with an acceptable vote ({left_out} candidate(s) "
            "nobody accepted left out).").format(
                annotators=len(analysis.votes.annotators), items=stats["items_judged"],
                candidates=stats["candidates_judged"], labels=stats["labels"],
                acceptable=stats["acceptable"], not_acceptable=stats["not_acceptable"],
                unsure=stats["unsure"], gold_items=stats["gold_items"],
                gold_entries=stats["gold_entries"],
                left_out=stats["candidates_without_acceptable"]))
        self.figures_model.set_table(views.figures)
        self.annotators_model.set_table(views.annotators)
        self.pairs_model.set_table(views.pairs)
        self.gold_model.set_table(views.gold)
        warnings = list(analysis.report.warnings)
        self.warnings_label.setText(
            f"<b>{html.escape(self.tr('Warnings'))}</b><ul>"
            + "".join(f"<li>{html.escape(line)}</li>" for line in warnings) + "</ul>"
            if warnings else "")
        self._explain_figure(self.figures_table.currentIndex())

    def _explain_figure(self, current: QModelIndex, _previous: QModelIndex | None = None,
                        ) -> None:
        """"Explain this number": what the selected figure divides or rests on."""
        if self.analysis is None or not current.isValid():
            self.figure_explanation.setText(self._explanation_hint())
            return
        key = self.figures_model.key(current.row())
        self.figure_explanation.setText(explain_judgement_figure(self.analysis.report, key))
