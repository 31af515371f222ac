"""Files dropped on the window, handed to the workspaces their kinds belong to
(``core/io/drop_routing.py`` reads the kinds in the background)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from lexsub_studio.core.io.drop_routing import ANNOTATE, DropPlan
from lexsub_studio.gui.workspace import Workspace


@dataclass(frozen=True, slots=True)
class DropOutcome:
    #: The corpus or package to open as the session, if one was dropped.
    corpus: str | None
    #: The workspace to show: that of the first file that found a place (not Annotate, which
    #: the opened corpus shows).
    show: str | None
    #: The files not opened and why, as a status-bar sentence ("" when all found a place).
    note: str


def deliver_dropped(plan: DropPlan, workspaces: Mapping[str, Workspace]) -> DropOutcome:
    """Give each workspace its files (``workspaces[key]`` builds one not built yet); the
    corpus is left to the caller, who opens it."""
    translate = QCoreApplication.translate
    ignored = list(plan.ignored)
    first = plan.first_workspace()
    corpus: str | None = None
    for key, paths in plan.files.items():
        if key == ANNOTATE:
            # One corpus or package is open at a time: the first one dropped.
            ignored += [translate("DroppedFiles", "{name} (one corpus at a time)").format(
                name=Path(path).name) for path in paths[1:]]
            if key != first:
                ignored.append(translate("DroppedFiles", "{name} (open it on its own)").format(
                    name=Path(paths[0]).name))
                continue
            corpus = paths[0]
        elif key in workspaces:
            workspaces[key].open_dropped(paths)
    note = (translate("DroppedFiles", "Not opened: ") + "; ".join(ignored)) if ignored else ""
    return DropOutcome(corpus, first if first != ANNOTATE else None, note)
