"""The HTML scoring report lists each league table's systems as the GUI's league table does:
in rank order, not in the order the files were added."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from lexsub_studio.core.scoring.compare.league import SYSTEM_HEADER, ranked_rows
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.scoring.workspace import ScoringWorkspace

pytestmark = pytest.mark.gui


def test_ranked_rows_put_the_best_first_and_unranked_rows_last() -> None:
    rows = [["c"], ["a"], ["none"], ["b"], ["a2"]]
    assert ranked_rows([3, 1, None, 2, 1], rows) == [
        [1, "a"], [1, "a2"], [2, "b"], [3, "c"], [None, "none"]]


def _report_systems(text: str) -> list[list[str]]:
    """The system column of each table of the report, in order."""
    tables = []
    for table in re.findall(r"<table.*?</table>", text, flags=re.S):
        header = [re.sub(r"<[^>]+>", "", cell).strip()
                  for cell in re.findall(r"<th[^>]*>(.*?)</th>", table, flags=re.S)]
        if SYSTEM_HEADER not in header:
            continue
        column = header.index(SYSTEM_HEADER)
        rows = re.findall(r"<tr>(.*?)</tr>", table, flags=re.S)
        names = []
        for row in rows:
            cells = re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)
            if cells:
                names.append(re.sub(r"<[^>]+>", "", cells[column]).strip())
        tables.append(names)
    return tables


@pytest.mark.slow
def test_the_report_ranks_systems_as_the_league_table_does(
        qtbot, demo_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    monkeypatch.setattr(dialogs, "show_error", lambda *a: None)
    page = ScoringWorkspace(AppState())
    qtbot.addWidget(page)
    page.show()
    task = page.open_gold(str(demo_dir / "gold"))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    systems = demo_dir / "systems"
    # Two orders of adding them: in one of them file order is not rank order.
    orders = []
    for names in (("alpha.best", "beta.best"), ("beta.best", "alpha.best")):
        page.system_paths = []
        # The second time both come from the cache, checked already.
        signals = [page.scored] if orders else [page.scored, page.official_checked]
        with qtbot.waitSignals(signals, order="strict", timeout=20000):
            page.add_systems([str(systems / name) for name in names])
        league = page.league_page
        league.group_combo.setCurrentIndex(league.group_combo.findData("best"))
        model = league.model
        column = model.table.header.index(SYSTEM_HEADER)
        shown = [model.index(row, column).data() for row in range(model.rowCount())]
        report = tmp_path / f"{names[0]}.html"
        monkeypatch.setattr(QFileDialog, "getSaveFileName",
                            lambda *a, report=report, **k: (str(report), ""))
        assert page.export_report() == report
        clean_best = _report_systems(report.read_text(encoding="utf-8"))[0]
        assert clean_best == shown
        orders.append(shown)
    assert orders[0] == orders[1]
