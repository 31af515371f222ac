"""The workspaces the main window offers, in switcher order: filled by the window at start-up.

The registry knows a workspace only by its ``WorkspaceSpec`` (key, title, one-line purpose, how
to build it), so nothing here imports a workspace; building is ``WorkspacesOnDemand``'s job.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from lexsub_studio.gui.workspace import WorkspaceSpec


class WorkspaceRegistry(Mapping[str, WorkspaceSpec]):
    """``registry[key]`` is a workspace's spec; iterating gives the keys in switcher order."""

    def __init__(self, specs: Iterable[WorkspaceSpec] = ()) -> None:
        self._specs: dict[str, WorkspaceSpec] = {}
        for spec in specs:
            self.register(spec)

    def register(self, spec: WorkspaceSpec) -> None:
        """Add a workspace after those registered so far; a key is registered once."""
        if spec.key in self._specs:
            raise ValueError(f"the workspace {spec.key!r} is registered twice")
        self._specs[spec.key] = spec

    def __getitem__(self, key: str) -> WorkspaceSpec:
        return self._specs[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._specs)

    def __len__(self) -> int:
        return len(self._specs)

    def session_workspace(self) -> str:
        """The workspace a newly opened corpus is shown in: the first that works on the
        session (Annotate), or the first of all when none says so."""
        return next((key for key, spec in self._specs.items() if spec.needs_session),
                    next(iter(self._specs)))
