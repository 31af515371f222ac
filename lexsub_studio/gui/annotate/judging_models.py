"""The judging screen's two lists as thin models over JudgingWork (nothing copied, no widget per
row): the instances (filtered by the search) and the current instance's candidates."""

from __future__ import annotations

from bisect import bisect_left

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject
from PySide6.QtGui import QBrush, QColor

from lexsub_studio.core.annotation.judging_work import JudgingWork
from lexsub_studio.core.model.judgements import ACCEPTABLE, NOT_ACCEPTABLE, UNSURE
from lexsub_studio.gui.contrast import readable
from lexsub_studio.gui.table_model import Column, ColumnTableModel
from lexsub_studio.gui.target_labels import target_labels

#: What the candidate list shows for each label, and the key that gives it.
LABEL_TEXT = {
    ACCEPTABLE: QT_TRANSLATE_NOOP("Judging", "✓ acceptable"),
    NOT_ACCEPTABLE: QT_TRANSLATE_NOOP("Judging", "✗ not acceptable"),
    UNSURE: QT_TRANSLATE_NOOP("Judging", "? unsure"),
}


def label_text(label: str | None) -> str:
    return "" if label is None else QCoreApplication.translate("Judging", LABEL_TEXT[label])


class JudgingInstanceModel(ColumnTableModel):
    """Target, id and "judged n/m" of every instance the search keeps, in task order."""

    def __init__(self, parent: QObject | None = None) -> None:
        translate = QCoreApplication.translate
        judged_tip = translate("JudgingInstanceModel", "candidates judged / candidates")
        super().__init__([
            Column(translate("JudgingInstanceModel", "Target"), self.target),
            Column(translate("JudgingInstanceModel", "Id"),
                   lambda i: self._work.items[i].instance.id if self._work else ""),
            Column(translate("JudgingInstanceModel", "Judged"), self._judged,
                   tooltip=lambda i: judged_tip),
        ], parent)
        self._work: JudgingWork | None = None
        #: The work's item indexes shown, in order.
        self.rows: list[int] = []
        self.search = ""
        self._show_pos = False
        self._labels: dict[str, str] = {}

    def target(self, index: int) -> str:
        """The item's target as the lists show it (the lemma alone unless the PoS is shown)."""
        if self._work is None:
            return ""
        lexelt = self._work.items[index].lexelt
        return self._labels.get(lexelt, lexelt)

    def set_show_pos(self, show: bool) -> None:
        self.beginResetModel()
        self._show_pos = show
        self._label_targets()
        self.endResetModel()

    def _label_targets(self) -> None:
        work = self._work
        lexelts = [] if work is None else list(dict.fromkeys(item.lexelt for item in work.items))
        self._labels = target_labels(lexelts, self._show_pos)

    def row_count(self) -> int:
        return len(self.rows)

    def record(self, row: int) -> int:
        return self.rows[row]

    def _judged(self, index: int) -> str:
        work = self._work
        if work is None:
            return ""
        done = "✓ " if work.is_done(index) else ""
        return f"{done}{work.judged_count(index)}/{len(work.candidates(index))}"

    def set_work(self, work: JudgingWork | None) -> None:
        self.beginResetModel()
        self._work = work
        self.search = ""
        self.rows = [] if work is None else list(range(len(work)))
        self._label_targets()
        self.endResetModel()

    def set_search(self, text: str) -> None:
        """Keep the instances whose id, target or sentence holds ``text`` (case ignored)."""
        work = self._work
        self.beginResetModel()
        self.search = text.strip()
        self.rows = [] if work is None else work.search(self.search)
        self.endResetModel()

    def row_of(self, index: int | None) -> int | None:
        if index is None:
            return None
        # The rows are sorted: a bisection finds the item's row.
        row = bisect_left(self.rows, index)
        return row if row < len(self.rows) and self.rows[row] == index else None

    def item_changed(self, index: int) -> None:
        row = self.row_of(index)
        if row is not None:
            self.dataChanged.emit(self.index(row, 0), self.index(row, self.columnCount() - 1))


class CandidateModel(ColumnTableModel):
    """The current instance's candidates in this annotator's order, with their labels."""

    def __init__(self, parent: QObject | None = None) -> None:
        translate = QCoreApplication.translate
        super().__init__([
            Column(translate("CandidateModel", "Candidate"), self._candidate_text),
            Column(translate("CandidateModel", "Judgement"), self._label,
                   display=lambda c: label_text(self._label(c)),
                   foreground=self._label_colour),
        ], parent)
        self._work: JudgingWork | None = None
        self._index: int | None = None
        self._candidates: list[str] = []

    def row_count(self) -> int:
        return len(self._candidates)

    def record(self, row: int) -> str:
        return self._candidates[row]

    def _candidate_text(self, candidate: str) -> str:
        work, index = self._work, self._index
        if work is not None and index is not None and work.is_added(index, candidate):
            return QCoreApplication.translate("CandidateModel", "{candidate} (added by you)"
                                              ).format(candidate=candidate)
        return candidate

    def _label(self, candidate: str) -> str | None:
        work, index = self._work, self._index
        return None if work is None or index is None else work.label(index, candidate)

    def _label_colour(self, candidate: str) -> QBrush | None:
        colour = {ACCEPTABLE: "#15803d", NOT_ACCEPTABLE: "#b91c1c",
                  UNSURE: "#a16207"}.get(self._label(candidate) or "")
        return None if colour is None else QBrush(readable(QColor(colour)))

    def show_item(self, work: JudgingWork | None, index: int | None) -> None:
        self.beginResetModel()
        self._work, self._index = work, index
        self._candidates = [] if work is None or index is None else list(work.candidates(index))
        self.endResetModel()

    def candidate(self, row: int) -> str | None:
        return self._candidates[row] if 0 <= row < len(self._candidates) else None

    def refresh(self) -> None:
        """The labels (or, after an addition or its undo, the candidates) changed."""
        work, index = self._work, self._index
        current = [] if work is None or index is None else list(work.candidates(index))
        if current != self._candidates:
            self.show_item(work, index)
            return
        if self._candidates:
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self._candidates) - 1, self.columnCount() - 1))
