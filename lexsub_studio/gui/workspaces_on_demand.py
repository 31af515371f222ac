"""The main window's workspaces, each built the first time it is asked for.

Building every workspace at start-up imported all of them, and pandas and matplotlib with Gold
& Agreement, before the first instance could paint; a hidden workspace also kept tables of the
open corpus up to date that nobody looked at. Here a workspace is built when the window first
shows it (or when code asks for it by key), and the window wires it up at that moment.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from lexsub_studio.gui.workspace import Workspace, WorkspaceSpec


class WorkspacesOnDemand(Mapping[str, Workspace]):
    """``workspaces[key]`` builds the workspace on first use; iterating (``values()``,
    ``items()``, ``len()``) sees only those built so far, so that flushing, saving layouts and
    following the font size never build a workspace just to tell it nothing changed.
    ``key in workspaces`` is true for every registered key."""

    def __init__(self, specs: Mapping[str, WorkspaceSpec],
                 build: Callable[[WorkspaceSpec], Workspace]) -> None:
        self._specs = specs
        self._build = build
        self._built: dict[str, Workspace] = {}

    def __getitem__(self, key: str) -> Workspace:
        workspace = self._built.get(key)
        if workspace is None:
            spec = self._specs[key]  # an unknown key raises KeyError, as a dict would
            workspace = self._build(spec)
            self._built[key] = workspace
        return workspace

    def __contains__(self, key: object) -> bool:
        return key in self._specs

    def __iter__(self) -> Iterator[str]:
        # In registration order, whatever order they were built in; a copy, as a slot run
        # while iterating may build another one.
        return iter([key for key in self._specs if key in self._built])

    def __len__(self) -> int:
        return len(self._built)

    def is_built(self, key: str) -> bool:
        return key in self._built

    def build_all(self) -> None:
        """Build every workspace (the shortcuts list and automation want every action)."""
        for key in self._specs:
            self[key]
