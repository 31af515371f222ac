"""The merges the curation view proposes: the table, the items and sentences the selected one
touches, and the button that accepts it (``accept_requested`` with its row)."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from lexsub_studio.core.gold.merge_proposals import MergeProposal
from lexsub_studio.gui.gold.curation_item import cell, curation_table
from lexsub_studio.gui.widgets import named

Key = tuple[str, str]

#: At most this many sentences are quoted when a proposal is explained.
SENTENCES_SHOWN = 5


class CurationProposalsView(QWidget):
    #: the row of the proposal to accept.
    accept_requested = Signal(int)

    def __init__(self, sentence_html: Callable[[Key], str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sentence_html = sentence_html
        self._proposals: list[MergeProposal] = []
        self.proposal_table = curation_table(self, "curationProposalTable",
                                             self.tr("Proposed merges"),
                                             [self.tr("Variant"), self.tr("Merge into"),
                                              self.tr("Why"), self.tr("Items"),
                                              self.tr("Responses")])
        self.proposal_table.currentCellChanged.connect(lambda row, *_: self._explain(row))
        self.proposal_label = named(QLabel(self), "curationProposalDetail",
                                    self.tr("The items and sentences a proposal touches"))
        self.proposal_label.setWordWrap(True)
        self.proposal_label.setTextFormat(Qt.TextFormat.RichText)
        self.accept_proposal_button = named(
            QPushButton(self.tr("Accept on &these items"), self), "curationAcceptProposalButton",
            self.tr("Accept the selected proposal on the items where its variant occurs"))
        self.accept_proposal_button.clicked.connect(
            lambda: self.accept_requested.emit(self.proposal_table.currentRow()))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel(self.tr("<b>Proposed merges</b>"), self))
        layout.addWidget(self.proposal_table, 2)
        layout.addWidget(self.proposal_label)
        layout.addWidget(self.accept_proposal_button, 0, Qt.AlignmentFlag.AlignLeft)

    def show_proposals(self, proposals: list[MergeProposal]) -> None:
        self._proposals = list(proposals)
        self.proposal_table.setRowCount(len(self._proposals))
        for row, proposal in enumerate(self._proposals):
            cells = (proposal.variant, proposal.canonical, proposal.reason,
                     str(len(proposal.items)), str(proposal.responses))
            for column, text in enumerate(cells):
                self.proposal_table.setItem(row, column, cell(text))
        self.accept_proposal_button.setEnabled(bool(self._proposals))
        self.proposal_label.setText("" if self._proposals else self.tr("No merge proposed."))

    def proposals(self) -> list[MergeProposal]:
        return list(self._proposals)

    def _explain(self, row: int) -> None:
        if not 0 <= row < len(self._proposals):
            return
        proposal = self._proposals[row]
        lines = [self.tr("<b>{variant}</b> → <b>{canonical}</b> ({reason}) on {count_items} "
                         "item(s):").format(
                     variant=html.escape(proposal.variant),
                     canonical=html.escape(proposal.canonical), reason=html.escape(proposal.reason),
                     count_items=len(proposal.items))]
        for key in proposal.items[:SENTENCES_SHOWN]:
            lines.append(f"{html.escape(' '.join(key))}: {self._sentence_html(key)}")
        if len(proposal.items) > SENTENCES_SHOWN:
            lines.append(f"… and {len(proposal.items) - SENTENCES_SHOWN} more")
        self.proposal_label.setText("<br>".join(lines))
