"""Undoable adjudication: accepting or rejecting proposed merges, editing a merge's target.

The commands go on the application's undo stack (Edit › Undo), and change the decisions only
through MergeModel, whose ``decisions_changed`` signal makes the workspace rebuild the gold. They
name proposals by variant and scope, not by row, because adding a file recomputes the list.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from lexsub_studio.gui.gold.models import MergeModel


class DecideMergesCommand(QUndoCommand):
    """Set the decision (accepted, rejected, or None) of some suggestions at once."""

    def __init__(self, model: MergeModel, rows: list[int], decision: str | None) -> None:
        first = model.suggestions[rows[0]]
        what = (f"'{first.variant}' → '{first.canonical}'" if len(rows) == 1
                else f"{len(rows)} merges")
        verb = {"accepted": "accept", "rejected": "reject"}.get(decision or "", "reset")
        super().__init__(f"{verb} {what}")
        self._model = model
        identities = [model.identity(model.suggestions[row]) for row in rows]
        self._new = dict.fromkeys(identities, decision)
        self._old = {identity: model.decisions[row]
                     for identity, row in zip(identities, rows, strict=True)}

    def redo(self) -> None:
        self._model.set_decisions(self._new)

    def undo(self) -> None:
        self._model.set_decisions(self._old)


class EditCanonicalCommand(QUndoCommand):
    """Change the form a variant is merged into."""

    def __init__(self, model: MergeModel, row: int, canonical: str) -> None:
        suggestion = model.suggestions[row]
        super().__init__(f"merge '{suggestion.variant}' into '{canonical}'")
        self._model = model
        self._identity = model.identity(suggestion)
        self._old = suggestion.canonical
        self._new = canonical

    def redo(self) -> None:
        self._model.set_canonical(self._identity, self._new)

    def undo(self) -> None:
        self._model.set_canonical(self._identity, self._old)
