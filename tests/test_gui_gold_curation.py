"""The curation view: curating a gold by hand (merge, correct, drop, add, exclude), undo, the
saved adjudication reproduced byte for byte by ``lexsub gold --adjudication``, reopening,
typo proposals with their items, comments beside the answers, and watching a folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QInputDialog
from test_gui_gold_workspace import exported

from lexsub_studio.cli.main import main
from lexsub_studio.core.gold.adjudication import DEFAULT_FILE_NAME, read_adjudication
from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.responses import read_responses
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.gold.curation import CurationPanel
from lexsub_studio.gui.gold.workspace import GoldWorkspace

pytestmark = pytest.mark.gui

HEADER = ("# lexsub-responses 1\nlexelt\tid\tannotator\tsub1\tsub2\tsub3\tmultiword\tnil\t"
          "proper_name\tcomment\tseconds\n")


@pytest.fixture
def make_workspace(qtbot, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: pytest.fail(f"{title}: {error}"))

    def make() -> GoldWorkspace:
        widget = GoldWorkspace(AppState())
        qtbot.addWidget(widget)
        widget.resize(1200, 760)
        widget.show()
        return widget

    return make


def add_and_wait(qtbot, workspace: GoldWorkspace, paths: list[Path]) -> None:
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.add_files([str(p) for p in paths])


def entries(panel: CurationPanel, key: tuple[str, str]) -> dict[str, int]:
    panel.select_item(key)
    return dict(panel.gold_entries())


def select_entry(qtbot, panel: CurationPanel, form: str) -> None:
    table = panel.gold_table
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == form)
    table.setCurrentCell(row, 0)


def demo_copy(demo_dir: Path, tmp_path: Path) -> list[Path]:
    folder = tmp_path / "responses"
    shutil.copytree(demo_dir / "responses", folder)
    return sorted(folder.glob("*.tsv"))


def test_a_gold_curated_by_hand_is_what_the_cli_writes_from_the_saved_file(
        qtbot, make_workspace, demo_dir: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    paths = demo_copy(demo_dir, tmp_path)
    workspace = make_workspace()
    add_and_wait(qtbot, workspace, paths)
    panel = workspace.curation
    workspace.tabs.setCurrentWidget(workspace.curation_scroll)
    fair9, charge15, field21 = ("fair.a", "9"), ("charge.n", "15"), ("field.n", "21")
    before = entries(panel, fair9)
    assert "blonde" in before  # the demo's exercise: no proposal merges it

    # Merge blonde into blond by hand: the pooled counts add up and agreement is recomputed.
    select_entry(qtbot, panel, "blonde")
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("blond", True))
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        qtbot.mouseClick(panel.merge_button, Qt.MouseButton.LeftButton)
    merged = entries(panel, fair9)
    assert merged["blond"] == before["blond"] + before["blonde"] and "blonde" not in merged
    decision = panel.adjudication.decisions[-1]
    assert decision.items == (fair9,) and decision.who and decision.when

    # Drop, add and exclude change the gold only: no recomputation is needed.
    charge_before = entries(panel, charge15)
    dropped = min(charge_before, key=lambda form: (charge_before[form], form))
    select_entry(qtbot, panel, dropped)
    qtbot.mouseClick(panel.drop_button, Qt.MouseButton.LeftButton)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("  duty  ", True))
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    charge_after = entries(panel, charge15)
    assert dropped not in charge_after and charge_after["duty"] == 1
    panel.select_item(field21)
    # On its indicator: a check box takes clicks on its box and label, not anywhere in it.
    check = panel.excluded_check
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(8, check.height() // 2))
    assert field21 not in {item.key for item in workspace.state.current_gold}

    # Correct a spelling on one item; undo takes it back, redo takes it again.
    strike = ("strike.v", "39")
    strike_before = entries(panel, strike)
    form = sorted(strike_before)[0]
    select_entry(qtbot, panel, form)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (form + "x", True))
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        qtbot.mouseClick(panel.correct_button, Qt.MouseButton.LeftButton)
    assert form + "x" in entries(panel, strike)
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.state.undo_stack.undo()
    assert entries(panel, strike) == strike_before
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.state.undo_stack.redo()
    assert form + "x" in entries(panel, strike)

    # The adjudication file beside the responses holds every decision.
    saved = paths[0].parent / DEFAULT_FILE_NAME
    workspace.flush_pending()
    assert read_adjudication(saved) == panel.adjudication
    assert [d.kind for d in panel.adjudication.decisions] == \
        ["merge", "drop", "add", "exclude", "merge"]

    gui_gold, gui_mw = tmp_path / "gui.gold", tmp_path / "gui.gold.mw"
    answers = iter([str(gui_gold), str(gui_mw)])
    monkeypatch.setattr(workspace.exports, "_save_path", lambda *a: next(answers))
    assert exported(qtbot, workspace.exports.export_gold) == [str(gui_gold)]
    assert exported(qtbot, workspace.exports.export_multiword_gold) == [str(gui_mw)]
    cli_gold, cli_mw = tmp_path / "cli.gold", tmp_path / "cli.gold.mw"
    assert main(["gold", *map(str, paths), "-o", str(cli_gold), "--mw", str(cli_mw),
                 "--adjudication", str(saved)]) == 0
    assert gui_gold.read_bytes() == cli_gold.read_bytes()
    assert gui_mw.read_bytes() == cli_mw.read_bytes()
    assert field21 not in {g.key for g in parse_gold_text(gui_gold.read_text()).items}

    # Reopening the same files restores the decisions and the same gold.
    again = make_workspace()
    add_and_wait(qtbot, again, paths)
    assert again.curation.adjudication == panel.adjudication
    assert again.curation.gold() == panel.gold()


def test_comments_and_flags_are_shown_beside_each_answer(qtbot, make_workspace,
                                                          demo_dir: Path) -> None:
    workspace = make_workspace()
    add_and_wait(qtbot, workspace, sorted((demo_dir / "responses").glob("*.tsv")))
    commented = [row for path in sorted((demo_dir / "responses").glob("*.tsv"))
                 for row in read_responses(path).columns.rows() if row.comment.strip()]
    assert commented
    panel = workspace.curation
    for row in commented:
        panel.select_item(row.key)
        table = panel.answers_table
        shown = {table.item(r, 0).text(): (table.item(r, 3).text(), table.item(r, 4).text())
                 for r in range(table.rowCount())}
        assert shown[row.annotator][1] == row.comment.strip()
        if row.proper_name:
            assert "proper name" in shown[row.annotator][0]
    # The Items tab shows them too.
    item = workspace.analysis.pooled.keys.index(commented[0].key)
    workspace.show_item(item)
    model = workspace.items.answers_model
    comments = [model.value(r, "comment") for r in range(model.rowCount())]
    assert commented[0].comment.strip() in comments


def write(path: Path, name: str, rows: list[tuple[str, str, str, str]]) -> Path:
    lines = [f"{lexelt}\t{item}\t{name}\t{a}\t{b}\t\t\t0\t0\t\t10\n" for lexelt, item, a, b in rows]
    path.write_text(HEADER + "".join(lines), encoding="utf-8")
    return path


def test_a_typo_is_proposed_with_its_items_and_accepted_there_only(
        qtbot, make_workspace, tmp_path: Path) -> None:
    paths = [
        write(tmp_path / "ann.tsv", "ann", [("hopeful.a", "1", "optimistic", "keen"),
                                            ("hopeful.a", "2", "optimistic", "")]),
        write(tmp_path / "bob.tsv", "bob", [("hopeful.a", "1", "optimisitc", "keen"),
                                            ("hopeful.a", "2", "eager", "")]),
        write(tmp_path / "cyd.tsv", "cyd", [("hopeful.a", "1", "optimistic", ""),
                                            ("hopeful.a", "2", "optimistic", "eager")]),
    ]
    workspace = make_workspace()
    add_and_wait(qtbot, workspace, paths)
    panel = workspace.curation
    proposals = panel.proposals()
    row = next(r for r, p in enumerate(proposals) if p.variant == "optimisitc")
    assert proposals[row].canonical == "optimistic" and proposals[row].reason == "typo"
    assert proposals[row].items == (("hopeful.a", "1"),)
    panel.proposal_table.setCurrentCell(row, 0)
    assert "hopeful.a 1" in panel.proposal_label.text()
    assert "hopeful.a 2" not in panel.proposal_label.text()
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        qtbot.mouseClick(panel.accept_proposal_button, Qt.MouseButton.LeftButton)
    assert entries(panel, ("hopeful.a", "1"))["optimistic"] == 3


def test_merge_map_import_and_export_round_trip(qtbot, make_workspace, tmp_path: Path) -> None:
    paths = [write(tmp_path / "ann.tsv", "ann", [("fair.a", "9", "blond", "")]),
             write(tmp_path / "bob.tsv", "bob", [("fair.a", "9", "blonde", "pale")])]
    workspace = make_workspace()
    add_and_wait(qtbot, workspace, paths)
    merge_map = tmp_path / "map.tsv"
    merge_map.write_text("blonde\tblond\nPale\twan\tfair.a\t9\n", encoding="utf-8")
    imported: list[tuple[int, str]] = []
    workspace.curation.merges_imported.connect(lambda count, path: imported.append((count, path)))
    with qtbot.waitSignals([workspace.curation.merges_imported, workspace.analysis_ready],
                           timeout=20000):
        workspace.curation.import_merge_map(merge_map)
    assert imported == [(2, str(merge_map))]
    assert entries(workspace.curation, ("fair.a", "9")) == {"blond": 2, "wan": 1}
    exported = tmp_path / "out.tsv"
    assert workspace.curation.export_merge_map(exported) == 2
    gold = tmp_path / "gold"
    assert main(["gold", *map(str, paths), "-o", str(gold), "--map", str(exported)]) == 0
    assert gold.read_text() == "fair.a 9 :: blond 2;wan 1;\n"
    # One undo takes the whole import back.
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.state.undo_stack.undo()
    assert entries(workspace.curation, ("fair.a", "9")) == {"blond": 1, "blonde": 1, "pale": 1}


def test_watching_a_folder_recomputes_as_files_come_back(qtbot, make_workspace,
                                                         tmp_path: Path) -> None:
    folder = tmp_path / "incoming"
    folder.mkdir()
    write(folder / "ann.tsv", "ann", [("fair.a", "9", "blond", "")])
    write(folder / "bob.tsv", "bob", [("fair.a", "9", "blond", "pale")])
    workspace = make_workspace()
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        assert workspace.watch_folder(str(folder)) == 2
    assert workspace.analysis.report.counts["annotators"] == 2
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        write(folder / "cyd.tsv", "cyd", [("fair.a", "9", "pale", "")])
    assert workspace.analysis.report.counts["annotators"] == 3
    # A file rewritten in place is read again.
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        write(folder / "cyd.tsv", "cyd", [("fair.a", "9", "wan", "")])
    assert "wan" in workspace.analysis.pooled.forms
    workspace.watch_folder(None)
    assert not workspace.sources.watch_check.isChecked()


def test_a_folder_that_cannot_be_written_is_said_once_and_save_as_keeps_the_decisions(
        qtbot, make_workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = [write(tmp_path / "ann.tsv", "ann", [("fair.a", "9", "blond", "pale")]),
             write(tmp_path / "bob.tsv", "bob", [("fair.a", "9", "blonde", "pale")])]
    workspace = make_workspace()
    add_and_wait(qtbot, workspace, paths)
    panel = workspace.curation
    errors: list[str] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, error: errors.append(title))
    (tmp_path / DEFAULT_FILE_NAME).mkdir()  # the file's place is taken: writing it fails
    panel.select_item(("fair.a", "9"))
    panel.drop("pale")
    panel.add("light")
    panel.flush_pending()
    qtbot.waitUntil(panel.saver.idle)
    assert len(errors) == 1 and "Save decisions as" in errors[0]
    assert panel.path is None and "Not saved" in panel.file_label.text()
    elsewhere = tmp_path / "kept.json"
    assert panel.save_as(elsewhere)
    assert read_adjudication(elsewhere) == panel.adjudication
    assert len(panel.adjudication) == 2


def test_removing_every_file_forgets_the_decisions_and_the_items_tab_leads_to_curation(
        qtbot, make_workspace, tmp_path: Path) -> None:
    paths = [write(tmp_path / "ann.tsv", "ann", [("fair.a", "9", "blond", ""),
                                                 ("fair.a", "10", "just", "")]),
             write(tmp_path / "bob.tsv", "bob", [("fair.a", "9", "blonde", ""),
                                                 ("fair.a", "10", "fine", "")])]
    workspace = make_workspace()
    add_and_wait(qtbot, workspace, paths)
    workspace.show_item(workspace.analysis.pooled.keys.index(("fair.a", "10")))
    assert workspace.curation.current == ("fair.a", "10")
    workspace.curation.drop("fine")
    assert len(workspace.curation.adjudication) == 1
    stack = workspace.state.undo_stack
    steps = stack.count()
    workspace.sources.files_list.selectAll()
    workspace.sources.remove_selected()
    assert len(workspace.curation.adjudication) == 0 and workspace.curation.path is None
    # The application's undo stack is shared (annotation): it is not cleared, and a step
    # left from the forgotten decisions does nothing.
    assert stack.count() == steps
    stack.undo()
    stack.redo()
    assert len(workspace.curation.adjudication) == 0


def test_the_by_annotator_tab_shows_each_annotator_against_the_others(
        qtbot, make_workspace, demo_dir: Path, qtmodeltester) -> None:
    from lexsub_studio.core.agreement.pool import pool_responses
    from lexsub_studio.core.agreement.report import compute_agreement
    from lexsub_studio.core.gold.assembly import read_sources

    paths = sorted((demo_dir / "responses").glob("*.tsv"))
    workspace = make_workspace()
    add_and_wait(qtbot, workspace, paths)
    model = workspace.breakdowns.annotator_model
    qtmodeltester.check(model)
    expected = compute_agreement(pool_responses(read_sources(paths)[0]),
                                 bootstrap=0).per_annotator
    assert [model.value(r, "annotator") for r in range(model.rowCount())] == \
        expected["annotator"].tolist()
    assert [model.value(r, "pairwise_agreement") for r in range(model.rowCount())] == \
        pytest.approx(expected["pairwise_agreement"].tolist())


def test_a_merge_is_a_decision_not_an_input_problem_and_keeps_what_was_written(
        qtbot, make_workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bright = ("bright.a", "1")
    paths = [
        write(tmp_path / "ann.tsv", "ann", [("bright.a", "1", "luminous", "light"),
                                            ("bright.a", "1", "clear", "")]),  # a duplicate row
        write(tmp_path / "bob.tsv", "bob", [("bright.a", "1", "light", "clear")]),
        write(tmp_path / "cyd.tsv", "cyd", [("bright.a", "1", "luminous", "clear")]),
    ]
    workspace = make_workspace()
    add_and_wait(qtbot, workspace, paths)
    panel = workspace.curation
    workspace.tabs.setCurrentWidget(workspace.curation_scroll)
    before = [str(problem) for problem in workspace.input_problems()]
    problems = len(before)
    assert problems >= 1
    panel.select_item(bright)
    select_entry(qtbot, panel, "luminous")
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("light", True))
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        qtbot.mouseClick(panel.merge_button, Qt.MouseButton.LeftButton)
    assert entries(panel, bright)["light"] == 3
    # ann gave luminous and light: one light counted, and that is the decision, not a problem.
    assert [str(problem) for problem in workspace.input_problems()] == before
    assert workspace.analysis.pooled.stats["merged_in_row"] == 1
    assert panel.decision_count_label.text().startswith("1 decision(s).")
    assert "1 of them once where the annotator also gave that form" in \
        panel.decision_count_label.text()
    assert "1 curation decision(s)." in workspace.sources.progress_label.text()
    assert f"{problems} input problem(s)" in workspace.sources.progress_label.text()
    table = panel.answers_table
    shown = {table.item(r, 0).text(): table.item(r, 1) for r in range(table.rowCount())}
    assert shown["ann"].text() == "luminous \u2192 light, light"
    assert shown["cyd"].text() == "luminous \u2192 light, clear"
    assert "Written: luminous, clear" in shown["cyd"].toolTip()
    assert shown["bob"].text() == "light, clear" and not shown["bob"].toolTip()


def test_decisions_are_signed_with_the_organisers_chosen_name(
        qtbot, make_workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import getpass

    from lexsub_studio.gui import settings

    monkeypatch.setattr(getpass, "getuser", lambda: "os-account")
    settings.app_settings().setValue(settings.ANNOTATOR_NAME, "Dana")
    paths = [write(tmp_path / "ann.tsv", "ann", [("bright.a", "1", "luminous", "light")]),
             write(tmp_path / "bob.tsv", "bob", [("bright.a", "1", "light", "clear")])]
    workspace = make_workspace()
    add_and_wait(qtbot, workspace, paths)
    panel = workspace.curation
    workspace.tabs.setCurrentWidget(workspace.curation_scroll)
    # Without an organiser's name the app's annotator name signs, never the OS account.
    assert panel.signature_edit.text() == "Dana"
    panel.signature_edit.setText("  Prof.  Rivera ")
    panel.signature_edit.editingFinished.emit()
    panel.select_item(("bright.a", "1"))
    select_entry(qtbot, panel, "clear")
    qtbot.mouseClick(panel.drop_button, Qt.MouseButton.LeftButton)
    assert panel.adjudication.decisions[-1].who == "Prof. Rivera"
    panel.flush_pending()
    saved = read_adjudication(paths[0].parent / DEFAULT_FILE_NAME)
    assert saved.decisions[-1].who == "Prof. Rivera"
    # Remembered for the next time the workspace opens.
    assert make_workspace().curation.signature_edit.text() == "Prof. Rivera"
