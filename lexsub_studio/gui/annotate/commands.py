"""Undoable edits of answers. Each changes state only through AnnotationWork.apply/commit,
so an undo or a redo is saved to the store exactly like the original change."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from lexsub_studio.core.annotation.work import AnnotationWork
from lexsub_studio.core.model.data import ResponseRow

Reveal = Callable[[int], None]


class SetAnswerCommand(QUndoCommand):
    """Replace the answer of one instance (None clears it)."""

    def __init__(self, work: AnnotationWork, index: int, new: ResponseRow | None,
                 reveal: Reveal | None = None) -> None:
        item = work.items[index]
        super().__init__(f"answer to {item.lexelt} {item.instance.id}")
        self._work = work
        self._index = index
        self._old = work.answer(index)
        self._new = new
        self._reveal = reveal
        self._first = True

    def redo(self) -> None:
        self._work.commit(self._index, self._new)
        # The first redo is the annotator's own action: they are already where they want to be.
        if not self._first and self._reveal is not None:
            self._reveal(self._index)
        self._first = False

    def undo(self) -> None:
        self._work.commit(self._index, self._old)
        if self._reveal is not None:
            self._reveal(self._index)


class ImportAnswersCommand(QUndoCommand):
    """Answers from a responses file, applied (and undone) as one change."""

    def __init__(self, work: AnnotationWork, rows: list[ResponseRow], source_name: str) -> None:
        super().__init__(f"import of {len(rows)} answers from {source_name}")
        self._work = work
        self._new: dict[int, ResponseRow | None] = {}
        for row in rows:
            index = work.index_of(row.key)
            if index is not None:
                self._new[index] = row
        self._old = {index: work.answer(index) for index in self._new}

    def redo(self) -> None:
        self._work.apply(self._new)

    def undo(self) -> None:
        self._work.apply(self._old)
