"""The Adjudication tab of Gold & Agreement: the proposed merges, accepted or rejected as undoable
steps (the target form editable), and the gold as it stands with the lines merges changed."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QUndoStack
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

from lexsub_studio.core.gold.merge_map_text import carry_decisions
from lexsub_studio.core.gold.normalise import MergeSuggestion
from lexsub_studio.gui.gold.commands import DecideMergesCommand, EditCanonicalCommand
from lexsub_studio.gui.gold.models import ACCEPTED, REJECTED, FrameModel, MergeModel
from lexsub_studio.gui.gold.tables import frame_table, translated_columns
from lexsub_studio.gui.gold.views import GOLD_COLUMNS, Views
from lexsub_studio.gui.widgets import named


class MergesPanel(QWidget):
    #: a merge was accepted, rejected or taken back (the responses must be pooled again).
    merges_changed = Signal()

    def __init__(self, undo_stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = undo_stack
        layout = QVBoxLayout(self)
        hint = QLabel(self.tr(
            "Proposed merges of spelling and lemma variants. Accept or reject them (Edit › Undo "
            "takes a decision back); the gold below follows. Double-click “Merge into” to change "
            "the target form."), self)
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.merge_model = MergeModel(self)
        self.merge_model.decisions_changed.connect(self._decisions_changed)
        self.merge_model.canonical_edit_requested.connect(self._edit_canonical)
        self.merge_table = frame_table(self, "goldMergeTable", self.tr("Proposed merges"),
                                       self.merge_model, sorting=False)
        self.merge_table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.merge_table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                         | QAbstractItemView.EditTrigger.EditKeyPressed)
        buttons = QHBoxLayout()
        self.accept_button = named(QPushButton(self.tr("A&ccept"), self), "goldAcceptButton",
                                   self.tr("Accept the selected merges"))
        self.reject_button = named(QPushButton(self.tr("Re&ject"), self), "goldRejectButton",
                                   self.tr("Reject the selected merges"))
        self.undecide_button = named(QPushButton(self.tr("Undecided"), self),
                                     "goldUndecideButton",
                                     self.tr("Take back the decision on the selected merges"))
        self.accept_button.clicked.connect(lambda: self.decide_selected(ACCEPTED))
        self.reject_button.clicked.connect(lambda: self.decide_selected(REJECTED))
        self.undecide_button.clicked.connect(lambda: self.decide_selected(None))
        self.merge_count_label = named(QLabel(self), "goldMergeCount",
                                       self.tr("Merge decisions"))
        for button in (self.accept_button, self.reject_button, self.undecide_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.merge_count_label)
        self.gold_label = named(QLabel(self), "goldPreviewLabel", self.tr("Gold preview summary"))
        self.gold_model = FrameModel(translated_columns(GOLD_COLUMNS), self,
                                     emphasis_column="changed")
        self.gold_table = frame_table(self, "goldPreviewTable", self.tr("Gold preview"),
                                      self.gold_model,
                                      self.tr("The gold as it stands; lines changed by merges "
                                              "in bold"))
        gold_header = self.gold_table.horizontalHeader()
        gold_header.setStretchLastSection(False)
        gold_header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        # An empty table reads as "something failed to load"; a sentence says why it is empty.
        self.no_merges_label = named(QLabel(self), "goldNoMergesLabel",
                                     self.tr("Why there is nothing to adjudicate"))
        self.no_merges_label.setWordWrap(True)
        self.no_merges_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        split = named(QSplitter(Qt.Orientation.Vertical, self), "goldAdjudicationSplitter",
                      self.tr("Merges and gold preview"))
        top = QWidget(split)
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.merge_table, 1)
        top_layout.addWidget(self.no_merges_label, 1)
        top_layout.addLayout(buttons)
        bottom = QWidget(split)
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(self.gold_label)
        bottom_layout.addWidget(self.gold_table, 1)
        split.addWidget(top)
        split.addWidget(bottom)
        layout.addWidget(split, 1)
        self._show_empty_state(computed=False)

    # -- the decisions ---------------------------------------------------------------------------

    def accepted(self) -> list[MergeSuggestion]:
        return self.merge_model.accepted()

    def selected_merge_rows(self) -> list[int]:
        return sorted({index.row() for index in self.merge_table.selectionModel().selectedRows()})

    def decide_selected(self, decision: str | None) -> None:
        rows = self.selected_merge_rows()
        if not rows:
            current = self.merge_table.currentIndex()
            rows = [current.row()] if current.isValid() else []
        rows = [row for row in rows if self.merge_model.decisions[row] != decision]
        if rows:
            self.undo_stack.push(DecideMergesCommand(self.merge_model, rows, decision))

    def _edit_canonical(self, row: int, canonical: str) -> None:
        self.undo_stack.push(EditCanonicalCommand(self.merge_model, row, canonical))

    def _decisions_changed(self) -> None:
        self.update_count()
        self.merges_changed.emit()

    def update_count(self) -> None:
        decisions = self.merge_model.decisions
        self.merge_count_label.setText(
            self.tr("{accepted} accepted, {rejected} rejected, {undecided} undecided of "
                    "{total}").format(accepted=decisions.count(ACCEPTED),
                                      rejected=decisions.count(REJECTED),
                                      undecided=decisions.count(None), total=len(decisions)))

    def take_proposals(self, suggestions: list[MergeSuggestion]) -> None:
        """New proposals keep the decisions (and edited target forms) taken on the same
        variant and scope; the accepted merges are those the computation used, so the change
        is not announced (it would only compute the same again)."""
        kept, decisions = carry_decisions(self.merge_model.suggestions,
                                          self.merge_model.decisions, suggestions)
        self.merge_model.set_suggestions(kept, decisions, announce=False)
        self.update_count()
        self._show_empty_state(computed=True)

    def clear(self) -> None:
        self.merge_model.set_suggestions([])
        self._show_empty_state(computed=False)

    def _show_empty_state(self, computed: bool) -> None:
        """The table when there are proposals, otherwise a sentence in its place: ``computed``
        tells "the responses need no merge" from "no responses yet"."""
        empty = not self.merge_model.suggestions
        self.merge_table.setVisible(not empty)
        self.no_merges_label.setVisible(empty)
        for button in (self.accept_button, self.reject_button, self.undecide_button):
            button.setEnabled(not empty)
        if computed:
            self.no_merges_label.setText(self.tr(
                "No merges proposed: every response already counts once. Merges appear here "
                "when responses differ only by spelling, case or inflection."))
        else:
            self.no_merges_label.setText(self.tr(
                "Add annotators' responses files: merges of responses that differ only by "
                "spelling, case or inflection are proposed here."))

    # -- the gold preview ------------------------------------------------------------------------

    def show_gold(self, views: Views | None) -> None:
        if views is None:
            self.gold_model.set_frame(None)
            self.gold_label.setText("")
            return
        self.gold_model.set_table(views.gold)
        self.gold_label.setText(self.tr("Gold preview: {lines} line(s), {changed} changed by "
                                        "the accepted merges.").format(
                                            lines=len(views.gold), changed=views.gold_changed))
        self.update_count()
