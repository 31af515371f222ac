"""Renaming a system: the name it is shown under in every table, plot and export of the
Scoring workspace, an undoable step on the application's undo stack (Edit › Undo)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand


class RenameSystemCommand(QUndoCommand):
    """Show the system of ``path`` as ``new`` (None: its file's name again); undo shows it as
    before. ``apply`` sets a system's chosen name and has the systems shown again."""

    def __init__(self, apply: Callable[[str, str | None], None], path: str, shown: str,
                 old: str | None, new: str | None) -> None:
        super().__init__(f"renaming of '{shown}'")
        self._apply = apply
        self._path = path
        self._old = old
        self._new = new

    def redo(self) -> None:
        self._apply(self._path, self._new)

    def undo(self) -> None:
        self._apply(self._path, self._old)
