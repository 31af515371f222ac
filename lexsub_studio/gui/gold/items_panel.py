"""The Items tab of Gold & Agreement: every item by agreement (or one pair's disagreements), and
the selected item's sentence with every annotator's normalised answer."""

from __future__ import annotations

import html
from collections.abc import Callable

import pandas as pd
from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.agreement.glossary import explain_item, pair_scores_text
from lexsub_studio.core.agreement.item_answers import item_answers
from lexsub_studio.core.agreement.pairwise import item_pair_scores, pair_disagreements
from lexsub_studio.core.gold.analysis import Analysis
from lexsub_studio.core.model.data import Instance
from lexsub_studio.gui.gold.item_text import flags_text, sentence_html
from lexsub_studio.gui.gold.models import FrameModel, PairMatrixModel
from lexsub_studio.gui.gold.tables import frame_table, translated_columns
from lexsub_studio.gui.gold.views import ANSWER_COLUMNS, ITEM_COLUMNS, TableData
from lexsub_studio.gui.table_roles import KEY_ROLE
from lexsub_studio.gui.widgets import named

Key = tuple[str, str]


class ItemsPanel(QWidget):
    """``pair_model`` names the annotators of a pair; ``instances`` gives the sentences."""

    #: an item was shown (its key), so that the curation view can follow.
    item_shown = Signal(tuple)

    def __init__(self, pair_model: PairMatrixModel,
                 instances: Callable[[], dict[Key, Instance]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.analysis: Analysis | None = None
        self._pair_model = pair_model
        self._instances = instances
        #: the heatmap cell whose disagreements are listed (row, column, names, threshold).
        self._shown_pair: tuple[int, int, list[str]] | None = None
        self._threshold = 1.0
        layout = QVBoxLayout(self)
        filter_row = QHBoxLayout()
        self.items_filter_label = named(QLabel(self._all_items_text(), self),
                                        "goldItemsFilterLabel", self.tr("Items shown"))
        self.show_all_button = named(QPushButton(self.tr("Show all items"), self),
                                     "goldShowAllButton", self.tr("Show all items"))
        self.show_all_button.clicked.connect(self.show_all_items)
        self.show_all_button.setEnabled(False)
        filter_row.addWidget(self.items_filter_label, 1)
        filter_row.addWidget(self.show_all_button)
        layout.addLayout(filter_row)
        self.items_model = FrameModel(translated_columns(ITEM_COLUMNS), self, key_column="item")
        self.items_table = frame_table(
            self, "goldItemsTable", self.tr("Items by agreement"), self.items_model,
            self.tr("Every item; select one to see the sentence and every answer"))
        self.items_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.items_table.horizontalHeader().setDefaultSectionSize(76)
        self.items_table.horizontalHeader().setStretchLastSection(False)
        self.items_table.selectionModel().currentRowChanged.connect(self._item_selected)
        pairwise = [name for name, _ in ITEM_COLUMNS].index("pairwise_agreement")
        self.items_table.sortByColumn(pairwise, Qt.SortOrder.AscendingOrder)
        # Fixed row heights keep a 100,000-row table virtual.
        self.items_table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        detail = QWidget(self)
        detail_layout = QVBoxLayout(detail)
        detail_layout.setContentsMargins(0, 0, 0, 0)
        self.sentence_label = named(QLabel(detail), "goldSentence",
                                    self.tr("Sentence of the item"))
        self.sentence_label.setWordWrap(True)
        self.sentence_label.setTextFormat(Qt.TextFormat.RichText)
        self.sentence_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.answers_model = FrameModel(translated_columns(ANSWER_COLUMNS), self)
        self.answers_table = frame_table(detail, "goldAnswersTable",
                                         self.tr("Every annotator's answer"),
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
        split = named(QSplitter(Qt.Orientation.Horizontal, self), "goldItemsSplitter",
                      self.tr("Items and item detail"))
        split.addWidget(self.items_table)
        split.addWidget(detail)
        split.setSizes([520, 480])
        layout.addWidget(split, 1)

    def _all_items_text(self) -> str:
        return self.tr("All items, least agreement first.")

    # -- a new analysis --------------------------------------------------------------------------

    def show_analysis(self, analysis: Analysis | None, items: TableData | None) -> None:
        self.analysis = analysis
        if analysis is None or items is None:
            self.items_model.set_frame(None)
            self.answers_model.set_frame(None)
            self.sentence_label.setText("")
            return
        pair = self._shown_pair
        if pair is not None and pair[2] == analysis.report.annotators:
            self.items_model.set_key_filter(set(self._pair_items(pair[0], pair[1])))
        elif pair is not None:
            self.show_all_items()
        self.items_model.set_table(items)

    # -- one pair's disagreements ----------------------------------------------------------------

    def show_pair(self, first: int, second: int, threshold: float) -> list[int]:
        """List the items this pair disagrees on by at least ``threshold``; select the first."""
        if self.analysis is None:
            return []
        self._threshold = threshold
        items = self._pair_items(first, second)
        self._shown_pair = (first, second, list(self._pair_model.names))
        self.items_model.set_key_filter(set(items))
        self._describe_pair_filter(first, second, len(items))
        self.show_all_button.setEnabled(True)
        if self.items_model.rowCount():
            self.items_table.selectionModel().setCurrentIndex(
                self.items_model.index(0, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
        return items

    def set_threshold(self, threshold: float) -> None:
        self._threshold = threshold
        pair = self._shown_pair
        if pair is None or self.analysis is None:
            return
        items = self._pair_items(pair[0], pair[1])
        self.items_model.set_key_filter(set(items))
        self._describe_pair_filter(pair[0], pair[1], len(items))

    def _pair_items(self, first: int, second: int) -> list[int]:
        assert self.analysis is not None
        return pair_disagreements(self.analysis.pooled, first, second, self._threshold)

    def _describe_pair_filter(self, first: int, second: int, shown: int) -> None:
        names = self._pair_model.names
        threshold = self._threshold
        if threshold >= 1.0:
            text = self.tr("Items where {first} and {second} share no substitute: {shown} of "
                           "{together} they both answered with substitutes.")
        else:
            text = self.tr("Items where {first} and {second} disagree by at least "
                           "{threshold:.2f} (pair score at most {score:.2f}): {shown} of "
                           "{together} they both answered with substitutes.")
        self.items_filter_label.setText(text.format(
            first=names[first], second=names[second], threshold=threshold,
            score=1 - threshold, shown=shown, together=self._pair_model.items(first, second)))

    def show_all_items(self) -> None:
        self._shown_pair = None
        self.items_model.set_key_filter(None)
        self.items_filter_label.setText(self._all_items_text())
        self.show_all_button.setEnabled(False)

    # -- one item --------------------------------------------------------------------------------

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
        heading = f"<b>{html.escape(lexelt)} {html.escape(instance_id)}</b><br>"
        sentence = sentence_html(self._instances().get((lexelt, instance_id)))
        scores = pair_scores_text(item_pair_scores(pooled, item), list(pooled.annotators))
        scores_line = (self.tr("Pair scores: {scores}").format(scores=html.escape(scores))
                       if scores else "")
        self.sentence_label.setText(
            heading + sentence + "<br><small>"
            + html.escape(explain_item(analysis.report, item))
            + (f"<br>{scores_line}" if scores_line else "") + "</small>")
        # The Flags column shows the most telling flag only (a proper name is also "NIL").
        rows = [{"annotator": answer.annotator, "substitutes": ", ".join(answer.substitutes),
                 "multiword": answer.multiword, "note": flags_text(answer.flags[:1]),
                 "comment": answer.comment} for answer in item_answers(pooled, item)]
        self.answers_model.set_frame(pd.DataFrame(rows, columns=[c for c, _ in ANSWER_COLUMNS]))
        self.item_shown.emit((lexelt, instance_id))
