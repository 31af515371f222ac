"""The workspaces and the window: a registry the window fills, workspaces that import neither
each other nor the window, and signals through which a workspace asks the window for a file."""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest

from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.workspace import CORPUS, Workspace, WorkspaceSpec
from lexsub_studio.gui.workspace_registry import WorkspaceRegistry

WORKSPACE_PACKAGES = ("annotate", "gold", "scoring", "dataset")
GUI = "lexsub_studio.gui"


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("lexsub_studio")


def test_the_workspace_base_imports_no_workspace(graph: grimp.ImportGraph) -> None:
    for package in WORKSPACE_PACKAGES:
        for module in ("workspace", "workspace_registry", "workspaces_on_demand"):
            chain = graph.find_shortest_chain(importer=f"{GUI}.{module}",
                                              imported=f"{GUI}.{package}")
            assert chain is None, chain


@pytest.mark.parametrize("package", WORKSPACE_PACKAGES)
def test_a_workspace_imports_neither_the_window_nor_another_workspace(
        graph: grimp.ImportGraph, package: str) -> None:
    importer = f"{GUI}.{package}"
    for imported in (f"{GUI}.main_window", f"{GUI}.window",
                     *(f"{GUI}.{other}" for other in WORKSPACE_PACKAGES if other != package)):
        chains = graph.find_shortest_chains(importer=importer, imported=imported,
                                            as_packages=True)
        assert chains == set(), chains


def _spec(key: str, needs_session: bool = False) -> WorkspaceSpec:
    return WorkspaceSpec(key, key.title(), Workspace, f"What {key} is for",
                         needs_session=needs_session)


def test_the_registry_keeps_the_order_and_each_key_once() -> None:
    registry = WorkspaceRegistry([_spec("gold"), _spec("annotate", needs_session=True)])
    registry.register(_spec("dataset"))
    assert list(registry) == ["gold", "annotate", "dataset"]
    assert registry["dataset"].description == "What dataset is for"
    assert registry.session_workspace() == "annotate"
    with pytest.raises(ValueError, match="'gold' is registered twice"):
        registry.register(_spec("gold"))


def test_without_a_session_workspace_a_corpus_goes_to_the_first() -> None:
    assert WorkspaceRegistry([_spec("gold"), _spec("dataset")]).session_workspace() == "gold"


@pytest.mark.gui
def test_the_dataset_workspace_asks_for_the_new_corpus_by_signal(qtbot, tmp_path: Path) -> None:
    from lexsub_studio.gui.dataset.workspace import DatasetWorkspace

    workspace = DatasetWorkspace(AppState())
    qtbot.addWidget(workspace)
    corpus = str(tmp_path / "new.xml")
    with qtbot.waitSignal(workspace.status_message) as told:
        workspace.open_corpus(corpus)  # no window listens: the user is told where it is
    assert corpus in told.args[0]
    with qtbot.waitSignal(workspace.open_file_requested) as asked:
        workspace.open_corpus(corpus)
    assert asked.args == [corpus, CORPUS]
