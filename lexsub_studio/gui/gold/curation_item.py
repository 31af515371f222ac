"""The item the curation view shows: its sentence, every annotator's answer (as written, and as
counted after the merges) and its gold entries after the decisions, with who gave each."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.agreement.item_answers import entry_givers, item_answers
from lexsub_studio.core.agreement.pool import PooledResponses
from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.gui.gold.item_text import flags_text
from lexsub_studio.gui.widgets import named

Key = tuple[str, str]


def cell(text: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setFlags(Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled)
    return item


def curation_table(parent: QWidget, name: str, accessible: str,
                   headers: list[str]) -> QTableWidget:
    table = named(QTableWidget(0, len(headers), parent), name, accessible)
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setTabKeyNavigation(False)
    table.setWordWrap(True)
    table.horizontalHeader().setStretchLastSection(True)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return table


class CurationItemView(QWidget):
    """Shows one item (``show_item``) or nothing (``clear``); ``gold_entries`` and
    ``selected_entry`` read back what it shows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sentence_label = named(QLabel(self), "curationSentence",
                                    self.tr("Sentence of the item"))
        self.sentence_label.setWordWrap(True)
        self.sentence_label.setTextFormat(Qt.TextFormat.RichText)
        self.sentence_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.answers_table = curation_table(self, "curationAnswersTable",
                                            self.tr("Every annotator's answer"),
                                            [self.tr("Annotator"), self.tr("Substitutes"),
                                             self.tr("Multiword"), self.tr("Flags"),
                                             self.tr("Comment")])
        self.gold_table = curation_table(self, "curationGoldTable",
                                         self.tr("The item's gold entries"),
                                         [self.tr("Entry"), self.tr("Count"),
                                          self.tr("Given by")])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.sentence_label)
        layout.addWidget(self.answers_table, 2)
        layout.addWidget(QLabel(self.tr("<b>Gold</b> (after the decisions)"), self))
        layout.addWidget(self.gold_table, 2)

    def clear(self) -> None:
        self.sentence_label.setText("")
        self.answers_table.setRowCount(0)
        self.gold_table.setRowCount(0)

    def show_item(self, key: Key, pooled: PooledResponses, item: int, sentence: str,
                  gold: GoldItem | None) -> None:
        """Item ``item`` of ``pooled`` (``key``), its sentence as HTML, and its gold line after
        the decisions (None: no line)."""
        self.sentence_label.setText(f"<b>{html.escape(' '.join(key))}</b><br>" + sentence)
        sets = pooled.substitute_sets(item)
        answers = item_answers(pooled, item)
        self.answers_table.setRowCount(len(answers))
        for position, answer in enumerate(answers):
            cells = [answer.annotator, answer.as_given(), answer.multiword,
                     flags_text(answer.flags), answer.comment]
            row_cells = [cell(text) for text in cells]
            for column, table_cell in enumerate(row_cells):
                self.answers_table.setItem(position, column, table_cell)
            if answer.written:
                row_cells[1].setToolTip(self.tr(
                    "Written: {written}\nCounted after the merges: {counted}").format(
                        written=", ".join(form for form, _ in answer.written),
                        counted=", ".join(answer.substitutes)))
        entries = gold.entries if gold is not None else []
        self.gold_table.setRowCount(len(entries))
        for row, (form, count) in enumerate(entries):
            givers = entry_givers(pooled, item, form, sets)
            for column, text in enumerate((form, str(count),
                                           ", ".join(givers) or self.tr("added by the organiser"))):
                self.gold_table.setItem(row, column, cell(text))

    def gold_entries(self) -> list[tuple[str, int]]:
        """The item's gold entries as shown."""
        return [(self._gold_text(row, 0), int(self._gold_text(row, 1)))
                for row in range(self.gold_table.rowCount())]

    def selected_entry(self) -> str | None:
        row = self.gold_table.currentRow()
        if row < 0:
            return None
        return self._gold_text(row, 0)

    def _gold_text(self, row: int, column: int) -> str:
        item = self.gold_table.item(row, column)
        return item.text() if item is not None else ""
