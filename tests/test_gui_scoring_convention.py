"""The Scoring workspace's convention chooser: rescoring follows the chosen profile's rules, with
the figures `lexsub score --convention` prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main as cli_main
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.scoring.workspace import ScoringWorkspace

pytestmark = pytest.mark.gui


def _gap(page: ScoringWorkspace) -> float:
    table = page.league_page.model.table
    row = table.rows[0]
    return dict(zip(table.keys, row, strict=True))["ranking.gap"]  # type: ignore[return-value]


def test_choosing_a_convention_rescores_gap_as_the_cli(qtbot, demo_dir: Path, capsys,
                                                        monkeypatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    page = ScoringWorkspace(AppState())
    qtbot.addWidget(page)
    combo = page.convention_combo
    assert combo.objectName() == "conventionCombo"
    assert combo.accessibleName() == "Evaluation convention"
    task = page.open_gold(str(demo_dir / "gold"))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    system = demo_dir / "systems" / "gamma.weighted"
    with qtbot.waitSignal(page.scored, timeout=20000):
        page.add_systems([str(system)])
    default_gap = _gap(page)
    with qtbot.waitSignal(page.scored, timeout=20000):
        combo.setCurrentIndex(combo.findData("melamud"))
    assert cli_main(["score", str(system), str(demo_dir / "gold"), "--convention", "melamud",
                     "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert _gap(page) == pytest.approx(printed["gap"])
    assert _gap(page) != pytest.approx(default_gap)
