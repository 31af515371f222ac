"""The Scoring workspace: scoring in the background, league table, items, plots, significance,
export, and the same numbers as the command line on the demo data."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from lexsub_studio.cli.main import main as cli_main
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.scoring.workspace import ScoringWorkspace

pytestmark = pytest.mark.gui
SYSTEMS = ("alpha.best", "beta.best", "alpha.oot", "gamma.weighted")


@pytest.fixture(autouse=True)
def _no_blocking_dialogs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: shown.append("problems"))
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: shown.append(dialogs.error_text(error)))
    return shown


@pytest.fixture()
def workspace(qtbot, demo_dir: Path) -> ScoringWorkspace:
    state = AppState()
    page = ScoringWorkspace(state)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    with qtbot.waitSignal(page.state.gold_changed, timeout=100, raising=False):
        pass
    task = page.open_gold(str(demo_dir / "gold"))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    # The clean figures first, then the official check's figures and warnings.
    with qtbot.waitSignals([page.scored, page.official_checked], order="strict",
                           timeout=20000):
        page.add_systems([str(demo_dir / "systems" / name) for name in SYSTEMS])
    return page


def _choose(combo, data: object) -> None:
    combo.setCurrentIndex(combo.findData(data))


def _row(page: ScoringWorkspace, name: str) -> dict[str | None, object]:
    table = page.league_page.model.table
    system = table.header.index("system")
    row = next(r for r in table.rows if r[system] == name)
    return dict(zip(table.keys, row, strict=True))


def test_the_gui_shows_the_numbers_the_cli_prints(workspace: ScoringWorkspace, demo_dir: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert [s.name for s in workspace.systems] == list(SYSTEMS)
    assert [s.kind for s in workspace.systems] == ["best", "best", "oot", "weighted"]
    for name in SYSTEMS:
        system = demo_dir / "systems" / name
        kind = {"best": "best", "oot": "oot", "weighted": "weighted"}[system.suffix[1:]]
        assert cli_main(["score", str(system), str(demo_dir / "gold"), "-t", kind,
                         "--metrics", "all", "--format", "json"]) == 0
        printed = json.loads(capsys.readouterr().out)
        figures = printed["figures"]
        gui = _row(workspace, name)
        compared = [key for key in gui if key and key in figures]
        assert len(compared) >= 6
        for key in compared:
            assert gui[key] == pytest.approx(figures[key]["value"]), (name, key)
    # The official view against `lexsub score` (official output, percentages to 2 decimals).
    _choose(workspace.league_page.view_combo, "official")
    assert cli_main(["score", str(demo_dir / "systems" / "alpha.best"),
                     str(demo_dir / "gold")]) == 0
    official = capsys.readouterr().out
    gui = _row(workspace, "alpha.best")
    assert f"precision = {100 * gui['best.precision']:.2f}" in official
    assert f"Mode precision = {100 * gui['best.mode_precision']:.2f}" in official
    assert gui["best.precision"] == pytest.approx(19.431349206349203 / 54)
    assert _row(workspace, "gamma.weighted").get("best.precision") is None


def _breakdown(qtbot, page: ScoringWorkspace, by: str) -> None:
    with qtbot.waitSignal(page.league_page.refreshed, timeout=10000):
        _choose(page.league_page.breakdown_combo, by)


def test_models_pass_the_model_tester(qtbot, workspace: ScoringWorkspace,
                                      qtmodeltester) -> None:
    qtmodeltester.check(workspace.league_page.model)
    qtmodeltester.check(workspace.items_page.model)
    workspace.items_page.model.sort(3, Qt.SortOrder.DescendingOrder)
    workspace.items_page.model.set_filters("n", None, False)
    qtmodeltester.check(workspace.items_page.model)
    _breakdown(qtbot, workspace, "pos")
    qtmodeltester.check(workspace.league_page.model)


def test_explain_a_figure_and_a_breakdown(qtbot, workspace: ScoringWorkspace) -> None:
    model = workspace.league_page.model
    column = model.table.keys.index("best.recall")
    # Sorted by best recall, best first: alpha.best (0.360) above beta.best (0.112); the
    # weighted and oot files have no best recall... gamma.weighted has (0.372), alpha.oot not.
    workspace.league_page.view.sortByColumn(column, Qt.SortOrder.DescendingOrder)
    assert [row[1] for row in model.table.rows] == ["gamma.weighted", "alpha.best",
                                                    "beta.best", "alpha.oot"]
    workspace.league_page.view.setCurrentIndex(model.index(1, column))
    # Percentages by default, rounded as the official scorer rounds: 19.431 / 54 = 35.98%.
    assert workspace.league_page.explanation.text() == (
        "alpha.best: best recall = sum of item scores 19.431 / items in T 54 = 35.98%")
    _breakdown(qtbot, workspace, "pos")
    table = workspace.league_page.model.table
    assert table.header[0] == "PoS" and table.rows[0][0] == "n"
    workspace.league_page.view.setCurrentIndex(workspace.league_page.model.index(0, 1))
    assert workspace.league_page.explanation.text().startswith("alpha.best, pos n: ")


def test_item_view_and_filters(workspace: ScoringWorkspace) -> None:
    items = workspace.items_page.model.items
    assert len(items) == 54 and items.systems == list(SYSTEMS)
    # bright.a 1 for alpha.best: clever 4 + quick-witted 1 over H = 10, over 2 answers.
    row = items.keys.index(("bright.a", "1"))
    assert items.scores[row, 0] == pytest.approx((4 + 1) / 10 / 2)
    workspace.items_page.view.setCurrentIndex(
        workspace.items_page.model.index(workspace.items_page.model.display_row(row), 0))
    page = workspace.items_page.browser.toHtml()
    assert "clever" in page and "mode" in page and "brilliant" in page
    assert workspace.items_page.explanation.text() == (
        "alpha.best: best: credit (4 + 1) / 10 = 0.5, divided by 2 answers = 0.25")
    _choose(workspace.items_page.pos_filter, "v")
    model = workspace.items_page.model
    shown = model.rowCount()
    assert shown == items.pos.count("v") and 0 < shown < 54
    assert all(model.index(r, 2).data() == "v" for r in range(shown))
    workspace.items_page.pos_filter.setCurrentIndex(0)
    workspace.items_page.all_fail_check.setChecked(True)
    assert model.rowCount() == int(items.all_fail.sum())
    assert all(float(model.index(r, c).data()) == 0.0 for r in range(model.rowCount())
               for c in range(3, 7))
    workspace.items_page.all_fail_check.setChecked(False)
    workspace.items_page.sort_by_disagreement()
    spreads = [items.spread[model.source_row(r)] for r in range(model.rowCount())]
    assert spreads == sorted(spreads, reverse=True)
    workspace.items_page.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    targets = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert targets == sorted(targets)


def test_significance_in_the_background(qtbot, workspace: ScoringWorkspace) -> None:
    workspace.significance_page.system_a.setCurrentIndex(0)
    workspace.significance_page.system_b.setCurrentIndex(1)
    workspace.significance_page.samples_spin.setValue(500)
    with qtbot.waitSignal(workspace.significance_page.done, timeout=10000) as blocker:
        workspace.significance_page.run()
    text = blocker.args[0]
    # alpha.best beats beta.best on the demo, the same as `lexsub compare` says.
    assert "paired bootstrap" in text and "approximate randomisation" in text
    assert text.count("p = (0 + 1) / (500 + 1)") == 2


def test_warnings_are_listed_per_system(workspace: ScoringWorkspace) -> None:
    notes = workspace.warning_lines()
    assert any("Hyphen and space variants: 1 answer." in line for line in notes["alpha.best"])
    assert any("Answers that look inflected" in line for line in notes["alpha.oot"])
    assert "alpha.best" in workspace.warnings_browser.toPlainText()


def test_exports(workspace: ScoringWorkspace, tmp_path: Path,
                 monkeypatch: pytest.MonkeyPatch) -> None:
    targets = iter([tmp_path / "league.tex", tmp_path / "report.html", tmp_path / "plot.svg"])
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(next(targets)), ""))
    latex = workspace.export_table()
    assert latex is not None and "\\begin{tabular}" in latex.read_text(encoding="utf-8")
    report = workspace.export_report()
    assert report is not None
    page = report.read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") == 3 and "Warnings: alpha.best" in page
    _choose(workspace.plots_page.plot_combo, "topn")
    plot = workspace.plots_page.export_plot()
    assert plot is not None and b"<svg" in plot.read_bytes()


def test_a_bad_system_file_is_reported_with_its_reason(qtbot, workspace: ScoringWorkspace,
                                                       tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("hello\n", encoding="utf-8")
    with qtbot.waitSignal(workspace.scored, timeout=20000):
        workspace.add_systems([str(bad)])
    assert len(workspace.systems) == 4
    assert "not a system output file" in workspace.warning_lines()["notes.txt"][0]


def test_gold_from_gold_and_agreement_is_used(qtbot, workspace: ScoringWorkspace) -> None:
    from lexsub_studio.core.model.data import GoldItem

    gold = [GoldItem("bright.a", "1", [("clever", 3), ("smart", 1)], 1)]
    workspace.state.current_gold = gold
    workspace.state.gold_changed.emit(gold)
    # A gold file was opened here: it stays, and the button offers the assembled gold.
    assert workspace.gold is not None and workspace.gold.path is not None
    assert workspace.assembled_button.isEnabled()
    with qtbot.waitSignal(workspace.scored, timeout=20000):
        workspace.assembled_button.click()
    assert workspace.gold is not None and workspace.gold.items == gold
    # alpha.best on that one item: clever 3 / 4 over 2 answers = 0.375.
    assert _row(workspace, "alpha.best")["best.recall"] == pytest.approx(0.375)


def test_in_the_main_window_with_the_open_corpus(qtbot, demo_dir: Path) -> None:
    from gui_support import make_window, open_and_wait, set_annotator

    set_annotator("tester")
    window = make_window(qtbot)
    open_and_wait(qtbot, window, demo_dir / "demo.xml")
    window.show_workspace("scoring")
    page = window.workspaces["scoring"]
    assert isinstance(page, ScoringWorkspace) and window.current_workspace() is page
    task = page.open_gold(str(demo_dir / "gold"))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    with qtbot.waitSignal(page.scored, timeout=20000):
        page.add_systems([str(demo_dir / "systems" / "alpha.best")])
    assert page.items_page.select_item("bright.a", "1")
    # The sentence comes from the corpus open in the application, the target marked.
    text = page.items_page.browser.toPlainText()
    assert "The brightest pupils in the class" in text
    assert "brightest" in page.items_page.browser.toHtml().split("pupils")[0]
    window.close()


def test_cancel_stops_scoring_without_a_result(qtbot, demo_dir: Path) -> None:
    page = ScoringWorkspace(AppState())
    qtbot.addWidget(page)
    task = page.open_gold(str(demo_dir / "gold"))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    seen: list[bool] = []
    page.scored.connect(lambda: seen.append(True))
    scoring = page.add_systems([str(demo_dir / "systems" / "alpha.best")])
    assert scoring is not None and page.progress.isVisibleTo(page)
    page.cancel()
    qtbot.waitUntil(lambda: scoring.is_finished, timeout=10000)
    assert seen == [] and page.systems == []
    assert not page.progress.isVisibleTo(page)


def test_changing_the_item_measure_rebuilds_the_items(qtbot, workspace: ScoringWorkspace) -> None:
    with qtbot.waitSignal(workspace.items_page.refreshed, timeout=10000):
        _choose(workspace.items_page.measure, "oot.recall")
    items = workspace.items_page.model.items
    row = items.keys.index(("bright.a", "1"))
    # alpha.oot on bright.a 1: the gold's clever 4, intelligent 2 and quick-witted 1 are among
    # its first ten answers: (1 + 4 + 2) / 10 = 0.7. Best files have no oot recall (NaN).
    assert items.scores[row, 2] == pytest.approx(0.7)
    assert np.isnan(items.scores[row, 0])
    assert workspace.items_page.model.headerData(7, Qt.Orientation.Horizontal) == "spread"
    workspace.items_page.explain_system.setCurrentIndex(2)
    workspace.items_page.view.setCurrentIndex(
        workspace.items_page.model.index(workspace.items_page.model.display_row(row), 0))
    assert workspace.items_page.explanation.text() == (
        "alpha.oot: oot: credit (1 + 4 + 2) / 10 from 3 of 10 answers = 0.7")
    workspace.items_page.explain_system.setCurrentIndex(0)
    assert workspace.items_page.explanation.text().startswith("alpha.best: no oot.recall")


def test_removing_a_system(qtbot, workspace: ScoringWorkspace) -> None:
    model = workspace.league_page.model
    # In rank order (by best recall; alpha.oot has none, so it comes last).
    names = [row[1] for row in model.table.rows]
    assert names == ["gamma.weighted", "alpha.best", "beta.best", "alpha.oot"]
    workspace.league_page.view.setCurrentIndex(model.index(names.index("beta.best"), 0))
    with qtbot.waitSignal(workspace.scored, timeout=20000):
        workspace.remove_system()
    assert [row[1] for row in model.table.rows] == ["gamma.weighted", "alpha.best", "alpha.oot"]
    assert workspace.items_page.model.items.systems == ["alpha.best", "alpha.oot", "gamma.weighted"]


def test_destroying_the_workspace_while_scoring_is_safe(qtbot, demo_dir: Path) -> None:
    from PySide6.QtWidgets import QApplication

    page = ScoringWorkspace(AppState())
    task = page.open_gold(str(demo_dir / "gold"))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    scoring = page.add_systems([str(demo_dir / "systems" / name) for name in SYSTEMS])
    assert scoring is not None
    page.deleteLater()
    QApplication.processEvents()
    # The task ends after its receiver is gone; nothing may be delivered to it (pytest-qt
    # fails the test on any exception raised in the event loop).
    qtbot.waitUntil(lambda: scoring.is_finished, timeout=20000)
    QApplication.processEvents()


def test_an_assembled_gold_is_followed_when_no_file_was_opened(qtbot) -> None:
    from lexsub_studio.core.model.data import GoldItem

    state = AppState()
    first = [GoldItem("bright.a", "1", [("clever", 3), ("smart", 1)], 1)]
    state.current_gold = first
    page = ScoringWorkspace(state)
    qtbot.addWidget(page)
    assert page.gold is not None and page.gold.items == first
    second = [*first, GoldItem("bright.a", "2", [("vivid", 2)], 2)]
    state.current_gold = second
    state.gold_changed.emit(second)
    assert page.gold.items == second
    assert page.gold_label.text() == "Gold: gold from Gold and Agreement (2 items)"


def test_the_clean_figures_come_first_then_the_official_check(qtbot, demo_dir: Path) -> None:
    """``scored``: the clean figures are on screen and the official view and the warnings say
    the official scorer is checking; ``official_checked`` follows with the official figures
    and the warnings. Systems taken from the cache are checked already."""
    page = ScoringWorkspace(AppState())
    qtbot.addWidget(page)
    page.show()
    task = page.open_gold(str(demo_dir / "gold"))
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    league = page.league_page
    _choose(league.view_combo, "official")
    seen: list[dict[str, object]] = []

    def look(event: str) -> None:
        seen.append({
            "event": event, "checking": [system.checking for system in page.systems],
            "official": [bool(system.official) for system in page.systems],
            "clean": [system.report is not None and "best.recall" in system.report.figures
                      for system in page.systems],
            "view": league.view_combo.currentText(), "hint": league.explanation.text(),
            "rows": len(league.model.table.rows), "notes": page.warnings_browser.toPlainText()})

    page.scored.connect(lambda: look("scored"))
    page.official_checked.connect(lambda: look("checked"))
    with qtbot.waitSignals([page.scored, page.official_checked], order="strict",
                           timeout=20000):
        page.add_systems([str(demo_dir / "systems" / name)
                          for name in ("alpha.best", "beta.best")])
    first, second = seen
    assert first["event"] == "scored" and second["event"] == "checked"
    assert first["checking"] == [True, True] and first["official"] == [False, False]
    assert first["clean"] == [True, True]
    assert first["view"] == "Official scorer (checking…)"
    assert "official scorer is checking alpha.best, beta.best" in str(first["hint"])
    assert first["rows"] == 0
    assert str(first["notes"]).count("official scorer and warnings: checking…") == 2
    assert second["checking"] == [False, False] and second["official"] == [True, True]
    assert second["view"] == "Official scorer" and second["rows"] == 2
    assert "checking" not in str(second["hint"]) + str(second["notes"])
    assert "Hyphen and space variants" in str(second["notes"])
    with qtbot.assertNotEmitted(page.official_checked, wait=200), \
            qtbot.waitSignal(page.scored, timeout=20000):
        page.rescore()
    assert [system.checking for system in page.systems] == [False, False]
    assert all(system.official for system in page.systems)


def test_the_league_and_its_report_carry_the_signatures(workspace: ScoringWorkspace,
                                                        tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    page = workspace.league_page
    _choose(page.view_combo, "clean")
    clean = page.signature_label.text().splitlines()
    assert [line.split("|")[3] for line in clean] == ["kind:best", "kind:oot", "kind:weighted"]
    # The workspace scores the task's measures and Jabbari et al.'s.
    assert clean[0] == ("Signature: lexsub-studio:0.1.0|cmd:score|mode:clean|kind:best|"
                        "convention:semeval2007|metrics:jabbari+official|keep:none|penalty:1|"
                        "lexelt:lenient")
    _choose(page.view_combo, "official")
    assert page.signature_label.text().splitlines() == [
        "Signature: lexsub-studio:0.1.0|cmd:score|mode:official|kind:best|release:final",
        "Signature: lexsub-studio:0.1.0|cmd:score|mode:official|kind:oot|release:final"]
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "report.html"), ""))
    report = workspace.export_report()
    assert report is not None
    text = report.read_text(encoding="utf-8")
    assert "Signatures" in text and "mode:clean|kind:weighted" in text
    assert "mode:official|kind:oot|release:final" in text
