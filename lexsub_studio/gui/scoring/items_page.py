"""The Items tab: every item of T with each system's score, filters, and the item view (the
sentence, the gold, each system's coloured answers) with the formula behind a score."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.model.data import Corpus, GoldItem
from lexsub_studio.core.scoring.compare.explain_cells import explain_system_item
from lexsub_studio.core.scoring.compare.item_matrix import ItemScores, item_rows, item_scores
from lexsub_studio.core.scoring.compare.system_scores import SystemScores
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.scoring import controls
from lexsub_studio.gui.scoring.item_view import item_html
from lexsub_studio.gui.scoring.models import ItemsModel
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named

#: A system's score column is never wider than this (pixels): the name is elided instead.
MAX_SCORE_COLUMN = 92
#: The items table takes at most this share of the tab's width, so the item view stays
#: readable.
MAX_TABLE_SHARE = 0.7


class ItemsPage(QWidget):
    #: The items table shows new per-item scores.
    refreshed = Signal()

    def __init__(self, measures: list[str], corpus: Callable[[], Corpus | None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.systems: list[SystemScores] = []
        self.gold_by_key: dict[tuple[str, str], GoldItem] = {}
        self.corpus = corpus
        self.task: Task | None = None
        self._fit_pending = True
        layout = QVBoxLayout(self)
        row = controls.toolbar(self, "itemsToolBar", self.tr("Item filters"))
        self.measure = controls.measure_combo(self, "itemMeasureCombo", self.tr("Item measure"),
                                              measures)
        self.pos_filter = controls.combo(self, "itemPosFilter", self.tr("PoS filter"),
                                         [(self.tr("all PoS"), None)])
        self.lexelt_filter = controls.combo(self, "itemLexeltFilter", self.tr("Lexelt filter"),
                                            [(self.tr("all lexelts"), None)])
        self.all_fail_check = named(QCheckBox(self.tr("only items all systems fail"), self),
                                    "allFailCheck", self.tr("Only items all systems fail"))
        disagree = controls.button(self, self.tr("Most disagreement first"), "disagreeButton",
                                   self.sort_by_disagreement,
                                   self.tr("Sort the items by the spread of the systems' scores, "
                                           "largest first"))
        for widget in (QLabel(self.tr("Measure:"), self), self.measure, self.pos_filter,
                       self.lexelt_filter, self.all_fail_check, disagree):
            row.addWidget(widget)
        layout.addWidget(row)
        self.splitter = named(QSplitter(Qt.Orientation.Horizontal, self), "itemsSplitter",
                              self.tr("Items panels"))
        self.model = ItemsModel(self)
        self.view = controls.table_view(self, "itemsTable", self.tr("Items"))
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.view.setModel(self.model)
        self.splitter.addWidget(self.view)
        right = QWidget(self.splitter)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        self.browser = named(QTextBrowser(right), "itemView", self.tr("Item view"),
                             self.tr("The sentence, the gold and each system's answers"))
        right_layout.addWidget(self.browser, 1)
        explain_row = QHBoxLayout()
        self.explain_system = controls.combo(right, "explainSystemCombo",
                                             self.tr("System to explain"),
                                             [])
        explain_row.addWidget(QLabel(self.tr("Explain for:"), right))
        explain_row.addWidget(self.explain_system, 1)
        right_layout.addLayout(explain_row)
        self.explanation = named(QLabel(right), "itemExplanation",
                                 self.tr("Explanation of the item's score"))
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        right_layout.addWidget(self.explanation)
        self.splitter.addWidget(right)
        self.splitter.setSizes([420, 620])
        layout.addWidget(self.splitter, 1)
        self.measure.currentIndexChanged.connect(self.refresh)
        self.pos_filter.currentIndexChanged.connect(self._apply_filters)
        self.lexelt_filter.currentIndexChanged.connect(self._apply_filters)
        self.all_fail_check.toggled.connect(self._apply_filters)
        self.view.selectionModel().currentRowChanged.connect(self.show_current_item)
        self.explain_system.currentIndexChanged.connect(self.show_current_item)

    def set_systems(self, systems: Sequence[SystemScores],
                    gold_by_key: dict[tuple[str, str], GoldItem],
                    items: ItemScores | None = None) -> None:
        """New systems; ``items`` are their per-item scores for the current measure when the
        scoring job already gathered them (else they are gathered in the background)."""
        self.systems = list(systems)
        self.gold_by_key = gold_by_key
        controls.set_choices(self.explain_system, [system.name for system in systems])
        if items is None:
            self.refresh()
        else:
            self._show(items)

    def refresh(self, *_: Any) -> Task | None:
        """Per-item scores for the measure chosen, gathered in the background."""
        if self.task is not None and not self.task.is_finished:
            self.task.cancel()
        systems, measure = list(self.systems), self.measure.currentData()
        if not systems:
            self._show(ItemScores.empty())
            return None
        task = run_in_background(lambda token, report: item_scores(systems, measure))
        self.task = task
        task.result.connect(self._show)
        task.error.connect(self._failed)
        return task

    def _failed(self, error: BaseException) -> None:
        dialogs.show_error(self, self.tr("The per-item scores failed"), error)

    def _show(self, items: ItemScores) -> None:
        self.model.set_items(items)
        for combo, values in ((self.pos_filter, sorted(set(items.pos))),
                              (self.lexelt_filter, sorted({k[0] for k in items.keys}))):
            current = combo.currentData()
            combo.blockSignals(True)
            while combo.count() > 1:
                combo.removeItem(1)
            for value in values:
                combo.addItem(value, value)
            position = combo.findData(current)
            combo.setCurrentIndex(position if position >= 0 else 0)
            combo.blockSignals(False)
        self._apply_filters()
        self.fit_columns()
        if self.model.rowCount():
            self.view.selectRow(0)
        else:
            self.browser.setHtml("")
            self.explanation.setText("")
        self.refreshed.emit()

    def fit_columns(self) -> None:
        """Every system's column in sight: columns fitted to their numbers (a long system name
        is elided in its header, whole in its tool tip) and the table given the width they need,
        up to MAX_TABLE_SHARE of the tab; the item view keeps the rest."""
        self.view.resizeColumnsToContents()
        header = self.view.horizontalHeader()
        for column in range(len(self.model.FIXED), self.model.columnCount()):
            header.resizeSection(column, min(header.sectionSize(column), MAX_SCORE_COLUMN))
        total = sum(self.splitter.sizes())
        # Not laid out yet: fitted when first shown (later shows keep the user's splitter).
        self._fit_pending = total <= 0 or not self.isVisible()
        if self._fit_pending:
            return
        needed = (header.length() + self.view.verticalHeader().width()
                  + self.view.verticalScrollBar().sizeHint().width()
                  + 2 * self.view.frameWidth() + 2)
        table = min(needed, int(total * MAX_TABLE_SHARE))
        self.splitter.setSizes([table, total - table])

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._fit_pending:
            self.fit_columns()

    def _apply_filters(self) -> None:
        self.model.set_filters(self.pos_filter.currentData(), self.lexelt_filter.currentData(),
                               self.all_fail_check.isChecked())

    def sort_by_disagreement(self) -> None:
        self.view.sortByColumn(self.model.columnCount() - 1, Qt.SortOrder.DescendingOrder)

    def select_item(self, lexelt: str, item_id: str) -> bool:
        """Show one item (if the filters let it through)."""
        row = self.model.display_row(self.model.items.keys.index((lexelt, item_id)))
        if row is None:
            return False
        self.view.setCurrentIndex(self.model.index(row, 0))
        return True

    def show_current_item(self, *_: Any) -> None:
        index = self.view.currentIndex()
        if not index.isValid():
            return
        row = self.model.source_row(index.row())
        lexelt, item_id = self.model.items.keys[row]
        measure = self.measure.currentData()
        rows = item_rows(self.systems, self.model.items, row)
        self.browser.setHtml(item_html(self.systems, rows, self.gold_by_key, self.corpus(), lexelt,
                                       item_id, measure))
        self.explanation.setText(self.explain(rows, measure))

    def explain(self, rows: list[dict[str, Any] | None], measure: str) -> str:
        """The chosen system's score of the item as a formula with its numbers (core)."""
        position = self.explain_system.currentIndex()
        if not 0 <= position < len(self.systems) or position >= len(rows):
            return ""
        return explain_system_item(self.systems[position], rows[position], measure)
