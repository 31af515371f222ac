"""The Team packages tab: make packages from a corpus in the background, check the returns."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.core.annotation.package import read_package
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.gold.workspace import GoldWorkspace

pytestmark = pytest.mark.gui


@pytest.fixture
def workspace(qtbot, monkeypatch: pytest.MonkeyPatch) -> GoldWorkspace:
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: pytest.fail(f"{title}: {error}"))
    widget = GoldWorkspace(AppState())
    qtbot.addWidget(widget)
    return widget


def test_make_then_check(qtbot, workspace: GoldWorkspace, demo_dir: Path, tmp_path: Path,
                         qtmodeltester) -> None:
    team = workspace.team_panel
    team.corpus_edit.setText(str(demo_dir / "demo.xml"))
    team.annotators_edit.setText("amira, bruno, chen, dara, emil")
    team.per_instance_spin.setValue(2)
    team.seed_spin.setValue(3)
    team.output_edit.setText(str(tmp_path / "round"))
    with qtbot.waitSignal(team.packages_written, timeout=20000) as written:
        team.make_button.click()
    paths = written.args[0]
    assert [p.name for p in paths] == ["amira.lexsubpkg", "bruno.lexsubpkg", "chen.lexsubpkg",
                                       "dara.lexsubpkg", "emil.lexsubpkg"]
    # 55 instances x 2 = 110 slots over 5 annotators: 22 each.
    assert {len(read_package(p).package.corpus) for p in paths} == {22}
    assert "Loads: amira 22, bruno 22, chen 22, dara 22, emil 22." in team.status_label.text()
    assert team.packages_edit.text() == str(tmp_path / "round")

    # Two returned files: amira and bruno answered all 55 demo items; the others nothing.
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.add_files([str(demo_dir / "responses" / name)
                             for name in ("amira.tsv", "bruno.tsv")])
    with qtbot.waitSignal(team.check_finished, timeout=20000) as checked:
        team.check_button.click()
    report = checked.args[0]
    rows = {team.check_model.value(r, "annotator"):
            [team.check_model.value(r, c) for c in ("given", "answered", "missing",
                                                    "unexpected", "done")]
            for r in range(team.check_model.rowCount())}
    assert rows["amira"] == [22, 22, 0, 33, 1.0]
    assert rows["chen"] == [22, 0, 22, 0, 0.0]
    assert report.has_missing
    assert team.status_label.text() == "110 row(s) checked: 66 missing, 66 unexpected."
    qtmodeltester.check(team.check_model)


def test_bad_settings_are_explained_without_running(workspace: GoldWorkspace) -> None:
    team = workspace.team_panel
    team.annotators_edit.setText("amira,amira")
    assert team.make_packages() is None
    assert "given twice" in team.status_label.text()
    team.annotators_edit.setText("2")
    team.per_instance_spin.setValue(3)
    assert team.make_packages() is None
    assert "cannot exceed the number of annotators (2)" in team.status_label.text()
    team.per_instance_spin.setValue(1)
    assert team.make_packages() is None
    assert team.status_label.text() == "Choose the folder to write the packages into."
    team.output_edit.setText("/tmp/nowhere")
    assert team.make_packages() is None
    assert team.status_label.text() == "Open a corpus in the app or choose a corpus file."
    assert team.check() is None
    assert team.status_label.text() == "Choose the folder of the packages that were sent."
