"""Undoable judgements. Each changes state only through JudgingWork, so an undo or a redo is
saved to the judgement store exactly as the key press was: one transaction."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand

from lexsub_studio.core.annotation.judging_work import JudgingWork

#: Shows an item and focuses one of its candidates (the undone change is seen where it is).
Reveal = Callable[[int, str], None]


class LabelCommand(QUndoCommand):
    """Give one candidate a label (None takes it back)."""

    def __init__(self, work: JudgingWork, index: int, candidate: str, label: str | None,
                 seconds: float | None, reveal: Reveal | None = None) -> None:
        item = work.items[index]
        super().__init__(QCoreApplication.translate(
            "Judging", "judgement of '{candidate}' for {lexelt} {id}").format(
                candidate=candidate, lexelt=item.lexelt, id=item.instance.id))
        self._work = work
        self._index = index
        self._candidate = candidate
        self._old = (work.label(index, candidate), work.seconds(index, candidate))
        self._new = (label, seconds)
        self._reveal = reveal
        self._first = True

    def redo(self) -> None:
        self._work.set_label(self._index, self._candidate, *self._new)
        if not self._first and self._reveal is not None:
            self._reveal(self._index, self._candidate)
        self._first = False

    def undo(self) -> None:
        self._work.set_label(self._index, self._candidate, *self._old)
        if self._reveal is not None:
            self._reveal(self._index, self._candidate)


class AddCandidateCommand(QUndoCommand):
    """Add a substitute the task lacks (with its label); undone, it goes with its label."""

    def __init__(self, work: JudgingWork, index: int, candidate: str, label: str | None,
                 reveal: Reveal | None = None) -> None:
        item = work.items[index]
        super().__init__(QCoreApplication.translate(
            "Judging", "addition of '{candidate}' to {lexelt} {id}").format(
                candidate=candidate, lexelt=item.lexelt, id=item.instance.id))
        self._work = work
        self._index = index
        self._candidate = candidate
        self._label = label
        self._reveal = reveal
        self._first = True

    def redo(self) -> None:
        if self._first:
            self._work.add_candidate(self._index, self._candidate, self._label)
            self._first = False
            return
        self._work.restore_added(self._index, self._candidate, self._label, None)
        if self._reveal is not None:
            self._reveal(self._index, self._candidate)

    def undo(self) -> None:
        # The label it has now (changed since, perhaps) comes back with a redo.
        self._label = self._work.label(self._index, self._candidate)
        self._work.remove_added(self._index, self._candidate)
        if self._reveal is not None:
            self._reveal(self._index, "")
