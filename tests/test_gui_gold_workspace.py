"""The Gold & Agreement workspace: figures equal the core's, the heatmap opens a pair's items,
adjudication changes the gold and undoes, exports are atomic, computations cancel."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QAbstractItemView, QFileDialog

from lexsub_studio.core.agreement.pool import pool_responses
from lexsub_studio.core.agreement.report import FIGURES, compute_agreement
from lexsub_studio.core.gold.analysis import DEFAULT_REPLICATES, DEFAULT_SEED
from lexsub_studio.core.gold.assembly import assemble_gold, read_sources
from lexsub_studio.core.io import atomic
from lexsub_studio.core.io.formats.gold import read_gold
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.gold.views import GROUP_FIGURES, ITEM_COLUMNS
from lexsub_studio.gui.gold.workspace import GoldWorkspace
from lexsub_studio.gui.table_roles import KEY_ROLE, SORT_ROLE

pytestmark = pytest.mark.gui

HEADER = ("# lexsub-responses 1\nlexelt\tid\tannotator\tsub1\tsub2\tsub3\tmultiword\tnil\t"
          "proper_name\tcomment\tseconds\n")
#: Three annotators, three items; "color" and "colour" are spelling variants.
VARIANTS = {
    "ann": [("bright.a", "1", "colour", "clever"), ("bright.a", "2", "vivid", ""),
            ("fair.a", "3", "just", "")],
    "bob": [("bright.a", "1", "color", "clever"), ("bright.a", "2", "vivid", "shining"),
            ("fair.a", "3", "just", "equitable")],
    "cat": [("bright.a", "1", "colour", "smart"), ("bright.a", "2", "shines", ""),
            ("fair.a", "3", "just", "")],
}


def write_variants(directory: Path) -> list[Path]:
    paths = []
    for name, rows in VARIANTS.items():
        path = directory / f"{name}.tsv"
        lines = [f"{lx}\t{i}\t{name}\t{a}\t{b}\t\t\t0\t0\t\t10\n" for lx, i, a, b in rows]
        path.write_text(HEADER + "".join(lines), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture
def workspace(qtbot, monkeypatch: pytest.MonkeyPatch) -> GoldWorkspace:
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: pytest.fail(f"{title}: {error}"))
    state = AppState()
    widget = GoldWorkspace(state)
    qtbot.addWidget(widget)
    widget.resize(1200, 760)
    widget.show()
    return widget


def add_and_wait(qtbot, workspace: GoldWorkspace, paths: list[Path]) -> None:
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.add_files([str(p) for p in paths])


def exported(qtbot, start: Callable[[], object]) -> list[str]:
    """Start an export (a bound method of the export panel) and wait until it is written
    in the background: the paths it wrote, [] when it failed."""
    panel = start.__self__  # type: ignore[attr-defined]
    with qtbot.waitSignal(panel.export_finished, timeout=20000) as blocker:
        assert start() is not None
    return blocker.args[0]


def figure_shown(workspace: GoldWorkspace, name: str, column: str = "value") -> object:
    model = workspace.summary.figures_model
    row = next(r for r in range(model.rowCount()) if model.key(r) == name)
    return model.value(row, column)


def test_demo_figures_equal_the_core(qtbot, workspace: GoldWorkspace, demo_dir: Path,
                                     qtmodeltester) -> None:
    paths = sorted((demo_dir / "responses").glob("*.tsv"))
    published: list[object] = []
    workspace.state.gold_changed.connect(published.append)
    add_and_wait(qtbot, workspace, paths)
    sources, _ = read_sources([str(p.resolve()) for p in paths])
    pooled = pool_responses(sources)
    expected = compute_agreement(pooled, bootstrap=DEFAULT_REPLICATES, seed=DEFAULT_SEED)
    for name in FIGURES:
        assert figure_shown(workspace, name) == pytest.approx(expected.figures[name])
        assert figure_shown(workspace, name, "low") == pytest.approx(expected.intervals[name].low)
        assert figure_shown(workspace, name, "high") == pytest.approx(
            expected.intervals[name].high)
    # The demo: 5 annotators over 55 items.
    assert "<b>5</b> annotator(s), <b>55</b> item(s)" in workspace.summary.counts_label.text()
    gold = assemble_gold(pooled).gold
    assert workspace.state.current_gold == gold
    assert published == [gold]
    # The heatmap is the core's pair matrix.
    matrix = workspace.pairs.pair_model
    assert matrix.names == ["amira", "bruno", "chen", "dara", "emil"]
    for i in range(5):
        for j in range(5):
            if i != j:
                assert matrix.value(i, j) == pytest.approx(expected.pair_matrix[i, j])
    assert matrix.index(0, 1).data() == f"{expected.pair_matrix[0, 1]:.2f}"
    # By PoS and by target: the core's groups.
    by_pos = expected.grouped("pos")
    assert workspace.breakdowns.pos_model.rowCount() == len(by_pos)
    assert workspace.breakdowns.lexelt_model.rowCount() == len(expected.grouped("lexelt"))
    shown_by_pos = {workspace.breakdowns.pos_model.value(r, "pos"):
                    workspace.breakdowns.pos_model.value(r, "pairwise_agreement")
                    for r in range(workspace.breakdowns.pos_model.rowCount())}
    assert shown_by_pos == pytest.approx(dict(zip(by_pos["pos"], by_pos["pairwise_agreement"],
                                                  strict=True)))
    # Items: least pairwise agreement first.
    pairwise = ITEM_COLUMNS.index(("pairwise_agreement", "Pairwise"))
    shown = [workspace.items.items_model.index(r, pairwise).data(SORT_ROLE)
             for r in range(workspace.items.items_model.rowCount())]
    defined = [v for v in shown if v is not None]
    assert defined == sorted(defined) and len(shown) == 55
    for model in (workspace.summary.figures_model, workspace.pairs.pair_model,
                  workspace.breakdowns.pos_model, workspace.breakdowns.lexelt_model,
                  workspace.items.items_model, workspace.merges.gold_model,
                  workspace.merges.merge_model):
        qtmodeltester.check(model)


def test_heatmap_click_and_enter_open_the_pairs_items(qtbot, workspace: GoldWorkspace,
                                                       tmp_path: Path) -> None:
    add_and_wait(qtbot, workspace, write_variants(tmp_path))
    names = workspace.pairs.pair_model.names
    assert names == ["ann", "bob", "cat"]
    # ann-cat: item 1 {colour, clever} / {colour, smart} = 1/3; item 2 {vivid} / {shines} = 0;
    # item 3 {just} / {just} = 1: mean (1/3 + 0 + 1) / 3 = 4/9.
    assert workspace.pairs.pair_model.value(0, 2) == pytest.approx(4 / 9)
    heatmap = workspace.pairs.heatmap
    rect = heatmap.visualRect(workspace.pairs.pair_model.index(0, 2))
    qtbot.mouseClick(heatmap.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert workspace.tabs.currentWidget().isAncestorOf(workspace.items.items_table)

    def shown() -> set[tuple[str, str]]:
        return {(workspace.items.items_model.index(r, 0).data(),
                 workspace.items.items_model.index(r, 1).data())
                for r in range(workspace.items.items_model.rowCount())}

    # By default the items where they share nothing: item 2 only.
    assert shown() == {("bright.a", "2")}
    assert "ann and cat share no substitute: 1 of 3" in workspace.items.items_filter_label.text()
    # Item 1 scores 1/3, a disagreement of 2/3: listed from a threshold of 0.65 down; item 3
    # (equal sets) never.
    workspace.pairs.pair_threshold.setValue(0.65)
    assert shown() == {("bright.a", "1"), ("bright.a", "2")}
    assert "disagree by at least 0.65 (pair score at most 0.35): 2 of 3" in \
        workspace.items.items_filter_label.text()
    workspace.pairs.pair_threshold.setValue(0.7)
    assert shown() == {("bright.a", "2")}
    workspace.pairs.pair_threshold.setValue(0.05)
    # The first listed item is opened side by side.
    assert workspace.items.answers_model.rowCount() == 3
    # The keyboard reaches the same: bob-cat with Enter differs on all three items.
    workspace.tabs.setCurrentIndex(1)
    heatmap.setFocus()
    heatmap.setCurrentIndex(workspace.pairs.pair_model.index(1, 2))
    qtbot.keyClick(heatmap, Qt.Key.Key_Return)
    assert workspace.items.items_model.rowCount() == 3
    workspace.items.show_all_button.click()
    assert workspace.items.items_model.rowCount() == 3
    assert workspace.items.items_model.key_filter is None


def test_item_view_shows_the_sentence_and_every_answer(qtbot, workspace: GoldWorkspace,
                                                       demo_dir: Path) -> None:
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.set_corpus_file(str(demo_dir / "demo.xml"))
        workspace.add_files([str(p) for p in sorted((demo_dir / "responses").glob("*.tsv"))])
    assert "checked against demo.xml" in workspace.sources.corpus_label.text()
    workspace.items.show_all_items()
    row = next(r for r in range(workspace.items.items_model.rowCount())
               if (workspace.items.items_model.index(r, 0).data(),
                   workspace.items.items_model.index(r, 1).data()) == ("bright.a", "1"))
    workspace.items.items_table.setCurrentIndex(workspace.items.items_model.index(row, 0))
    assert "<u>" in workspace.items.sentence_label.text()
    answers = {workspace.items.answers_model.value(r, "annotator"):
               workspace.items.answers_model.value(r, "substitutes")
               for r in range(workspace.items.answers_model.rowCount())}
    # From data/demo/responses: amira wrote clever, intelligent, able; bruno clever.
    assert answers["amira"] == "clever, intelligent, able"
    assert answers["bruno"] == "clever"
    assert len(answers) == 5


def gold_entries(workspace: GoldWorkspace, key: tuple[str, str]) -> tuple[str, bool]:
    model = workspace.merges.gold_model
    row = next(r for r in range(model.rowCount())
               if (model.value(r, "lexelt"), model.value(r, "id")) == key)
    return model.value(row, "entries"), model.value(row, "changed")


def test_accepting_a_merge_updates_the_gold_and_undo_restores_it(
        qtbot, workspace: GoldWorkspace, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, qtmodeltester) -> None:
    add_and_wait(qtbot, workspace, write_variants(tmp_path))
    merges = workspace.merges.merge_model
    qtmodeltester.check(merges)
    workspace.show_item(0)
    qtmodeltester.check(workspace.items.answers_model)
    assert [(s.variant, s.canonical, s.reason) for s in merges.suggestions] == [
        ("color", "colour", "spelling")]
    # Before: bright.a 1 pools colour (ann, cat), clever (ann, bob), color, smart.
    assert gold_entries(workspace, ("bright.a", "1")) == ("clever 2; colour 2; color 1; smart 1",
                                                           False)
    # Pairwise: item 1 1/3 + 1/3 + 0, item 2 1/2 + 0 + 0, item 3 1/2 + 1 + 1/2 = 19/6 over
    # 9 pairs = 19/54.
    assert figure_shown(workspace, "pairwise_agreement") == pytest.approx(19 / 54)
    workspace.tabs.setCurrentIndex(5)
    workspace.merges.merge_table.selectRow(0)
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.merges.accept_button.click()
    assert merges.decisions == ["accepted"]
    assert gold_entries(workspace, ("bright.a", "1")) == ("colour 3; clever 2; smart 1", True)
    # ann and bob now agree on item 1: 1 + 1/3 + 1/3 = 5/3; total 25/6 over 9 = 25/54.
    assert figure_shown(workspace, "pairwise_agreement") == pytest.approx(25 / 54)
    assert workspace.state.current_gold[0].entries == [("colour", 3), ("clever", 2),
                                                       ("smart", 1)]
    assert "1 changed" in workspace.merges.gold_label.text()
    mapping = tmp_path / "merges.tsv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(mapping), ""))
    assert exported(qtbot, workspace.exports.export_mapping) == [str(mapping)]
    assert mapping.read_text(encoding="utf-8").splitlines()[-1] == "color\tcolour"
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.state.undo_stack.undo()
    assert merges.decisions == [None]
    assert gold_entries(workspace, ("bright.a", "1")) == ("clever 2; colour 2; color 1; smart 1",
                                                           False)
    assert figure_shown(workspace, "pairwise_agreement") == pytest.approx(19 / 54)
    # Editing the target form is undoable too.
    workspace.merges.merge_model.setData(workspace.merges.merge_model.index(0, 1), "colours")
    assert merges.suggestions[0].canonical == "colours"
    workspace.state.undo_stack.undo()
    assert merges.suggestions[0].canonical == "colour"


def test_exports_are_written_atomically(qtbot, workspace: GoldWorkspace, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    add_and_wait(qtbot, workspace, write_variants(tmp_path))
    out = tmp_path / "out"
    out.mkdir()
    target = {"path": ""}
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (target["path"], ""))
    target["path"] = str(out / "round.gold")
    assert exported(qtbot, workspace.exports.export_gold) == [target["path"]]
    gold = read_gold(target["path"])
    assert [(g.key, g.entries) for g in gold.items] == [
        (g.key, g.entries) for g in workspace.analysis.assembly.gold]
    target["path"] = str(out / "report.html")
    exported(qtbot, workspace.exports.export_report)
    assert ">ann<" in (out / "report.html").read_text(encoding="utf-8")
    workspace.exports.anonymise_check.setChecked(True)
    written = exported(qtbot, workspace.exports.export_report)
    assert written == [str(out / "report.csv"), str(out / "report.html")]
    page = (out / "report.html").read_text(encoding="utf-8")
    # Names appear only as table cells; anonymised, they are A1, A2, A3.
    assert ">A1<" in page and ">A3<" in page
    assert ">ann<" not in page and ">bob<" not in page and ">cat<" not in page
    assert (out / "report.csv").read_text(encoding="utf-8").startswith(
        "name,value,scores,ci_low,ci_high,signature\npairwise_agreement,")
    target["path"] = str(out / "chart.svg")
    assert exported(qtbot, workspace.exports.export_chart) == [target["path"]]
    assert "<svg" in (out / "chart.svg").read_text(encoding="utf-8")
    # A failure while writing leaves the earlier file whole and no temporary file behind.
    before = (out / "round.gold").read_bytes()
    errors: list[str] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, error: errors.append(title))

    def fail(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", fail)
    target["path"] = str(out / "round.gold")
    assert exported(qtbot, workspace.exports.export_gold) == []
    assert errors == ["Cannot write the gold"]
    assert (out / "round.gold").read_bytes() == before
    assert sorted(os.listdir(out)) == ["chart.svg", "report.csv", "report.html", "round.gold"]


def test_dropped_files_are_added(qtbot, workspace: GoldWorkspace, tmp_path: Path) -> None:
    paths = write_variants(tmp_path)
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    event = QDropEvent(QPointF(QPoint(10, 10)), Qt.DropAction.CopyAction, data,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.sources.files_list.dropEvent(event)
    assert [Path(p).name for p in workspace.sources.files_list.paths()] == ["ann.tsv", "bob.tsv",
                                                                    "cat.tsv"]
    # Adding the same files again adds nothing.
    assert workspace.add_files([str(p) for p in paths]) == 0
    workspace.sources.files_list.selectAll()
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.sources.files_list.item(0).setSelected(True)
        workspace.sources.remove_selected()
        workspace.add_files([str(paths[0])])
    assert workspace.analysis.report.counts["annotators"] == 1


def test_a_long_computation_can_be_cancelled(qtbot, workspace: GoldWorkspace,
                                             demo_dir: Path) -> None:
    workspace.sources.replicates_spin.setValue(100000)
    workspace.add_files([str(p) for p in sorted((demo_dir / "responses").glob("*.tsv"))])
    task = workspace.start_analysis()
    assert task is not None
    qtbot.waitUntil(lambda: "agreement" in workspace.sources.progress_label.text(), timeout=20000)
    assert workspace.sources.cancel_button.isVisible()
    workspace.sources.cancel_button.click()
    qtbot.waitUntil(lambda: task.is_finished, timeout=20000)
    assert workspace.analysis is None
    assert workspace.sources.progress_label.text() == "Cancelled."
    assert not workspace.sources.cancel_button.isVisible()


def test_the_workspace_is_registered(qtbot) -> None:
    from lexsub_studio.gui.window.workspace_list import workspace_specs

    specs = {spec.key: spec for spec in workspace_specs()}
    assert specs["gold"].title == "Gold & Agreement"
    built = specs["gold"].factory(AppState())
    qtbot.addWidget(built)
    assert isinstance(built, GoldWorkspace)


def test_items_model_keys_and_selection(qtbot, workspace: GoldWorkspace,
                                        tmp_path: Path) -> None:
    add_and_wait(qtbot, workspace, write_variants(tmp_path))
    keys = sorted(workspace.items.items_model.index(r, 0).data(KEY_ROLE)
                  for r in range(workspace.items.items_model.rowCount()))
    assert keys == [0, 1, 2]
    assert workspace.items.items_table.selectionMode() == \
        QAbstractItemView.SelectionMode.SingleSelection
    assert np.isnan(workspace.analysis.report.pair_matrix[0, 0])


def test_in_the_main_window_with_the_open_corpus(qtbot, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 demo_dir: Path) -> None:
    from gui_support import make_window, open_and_wait, set_annotator

    set_annotator("tester")
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    window = make_window(qtbot)
    open_and_wait(qtbot, window, demo_dir / "demo.xml")
    window.show_workspace("gold")
    gold = window.workspaces["gold"]
    assert isinstance(gold, GoldWorkspace) and window.current_workspace() is gold
    annotate = window.workspaces["annotate"]
    assert gold.add_action.isEnabled() and not annotate.annotate_actions.save_action.isEnabled()
    assert "Sentences from the open corpus" in gold.sources.corpus_label.text()
    with qtbot.waitSignal(gold.analysis_ready, timeout=20000):
        gold.add_files([str(demo_dir / "responses" / "amira.tsv"),
                        str(demo_dir / "responses" / "bruno.tsv")])
    gold.show_item(0)
    # The open corpus gives the sentence of the first item, bright.a 1.
    instance = window.state.source.corpus.find("bright.a", "1")
    assert f"<u>{instance.head}</u>" in gold.items.sentence_label.text()
    window.close()


def test_decisions_follow_the_proposals_when_files_change(qtbot, workspace: GoldWorkspace,
                                                          tmp_path: Path) -> None:
    paths = write_variants(tmp_path)
    add_and_wait(qtbot, workspace, paths)
    workspace.merges.merge_table.selectRow(0)
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.merges.accept_button.click()
    # Another file: the proposals are made again and the accepted one stays accepted.
    extra = tmp_path / "dan.tsv"
    extra.write_text(HEADER + "bright.a\t1\tdan\tcolour\t\t\t\t0\t0\t\t5\n", encoding="utf-8")
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.add_files([str(extra)])
    assert workspace.merges.merge_model.decisions == ["accepted"]
    # colour: ann, cat, dan, and bob's color merged into it.
    assert gold_entries(workspace, ("bright.a", "1"))[0] == "colour 4; clever 2; smart 1"
    # bob's file (the only "color") goes: nothing is proposed any more and the gold is
    # computed again without the merge; undoing the acceptance then changes nothing.
    row = workspace.sources.files_list.paths().index(str(paths[1].resolve()))
    workspace.sources.files_list.clearSelection()
    workspace.sources.files_list.item(row).setSelected(True)
    with qtbot.waitSignal(workspace.analysis_ready, timeout=20000):
        workspace.sources.remove_selected()
    qtbot.waitUntil(lambda: workspace.runner.is_idle(),
                    timeout=20000)
    assert workspace.merges.merge_model.suggestions == []
    assert workspace.analysis.request.merge_map.everywhere == {}
    workspace.state.undo_stack.undo()
    assert workspace.merges.merge_model.suggestions == []


def test_frame_model_sorts_by_value_with_undefined_last(qtmodeltester) -> None:
    import pandas as pd
    from PySide6.QtCore import QPersistentModelIndex

    from lexsub_studio.gui.gold.models import FrameModel

    model = FrameModel([("name", "Name"), ("score", "Score")], key_column="name")
    model.set_frame(pd.DataFrame({"name": ["b", "a", "c", "d"],
                                  "score": [0.5, None, 0.25, 0.5]}))
    held = QPersistentModelIndex(model.index(0, 0))  # "b"
    model.sort(1, Qt.SortOrder.AscendingOrder)
    # 0.25, then the two 0.5 in their original order (stable), undefined last.
    assert [model.value(r, "name") for r in range(4)] == ["c", "b", "d", "a"]
    assert held.row() == 1 and held.data() == "b"
    model.sort(1, Qt.SortOrder.DescendingOrder)
    assert [model.value(r, "name") for r in range(4)] == ["b", "d", "c", "a"]
    assert model.index(3, 1).data() == "—" and model.index(0, 1).data() == "0.5000"
    model.sort(0, Qt.SortOrder.AscendingOrder)
    assert [model.value(r, "name") for r in range(4)] == ["a", "b", "c", "d"]
    model.set_key_filter({"c", "a"})
    assert [model.key(r) for r in range(model.rowCount())] == ["a", "c"]
    qtmodeltester.check(model)


def test_an_unreadable_file_is_reported_with_its_place(qtbot, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(dialogs, "show_error",
                        lambda parent, title, error: shown.append(dialogs.error_text(error)))
    workspace = GoldWorkspace(AppState())
    qtbot.addWidget(workspace)
    bad = tmp_path / "bad.tsv"
    bad.write_text("lexelt\tid\n", encoding="utf-8")
    messages: list[str] = []
    workspace.status_message.connect(messages.append)
    with qtbot.waitSignal(workspace.analysis_failed, timeout=20000) as failed:
        workspace.add_files([str(bad), str(tmp_path / "absent.tsv")])
    assert messages == ["1 file(s) not added: already listed, or not a file"]
    assert failed.args[0].startswith(f"{bad.resolve()}:1")
    assert shown == [failed.args[0]]
    assert workspace.analysis is None
    assert f"{bad.resolve()}:1" in workspace.sources.progress_label.text()


def test_figures_show_labels_definitions_and_how_they_come_about(
        qtbot, workspace: GoldWorkspace, tmp_path: Path) -> None:
    from lexsub_studio.core.agreement.terms import FIGURE_TERMS

    add_and_wait(qtbot, workspace, write_variants(tmp_path))
    model = workspace.summary.figures_model
    row = next(r for r in range(model.rowCount()) if model.key(r) == "mode_agreement_loo")
    figure_cell = model.index(row, 0)
    assert figure_cell.data() == "Mode agreement (leave one out)"
    assert figure_cell.data(Qt.ItemDataRole.ToolTipRole) == \
        FIGURE_TERMS["mode_agreement_loo"].definition
    pairwise_column = [*(c for c, _ in GROUP_FIGURES)].index("pairwise_agreement") + 1
    assert "overlap" in workspace.breakdowns.pos_model.headerData(
        pairwise_column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    pairwise = next(r for r in range(model.rowCount()) if model.key(r) == "pairwise_agreement")
    workspace.summary.figures_table.setCurrentIndex(model.index(pairwise, 1))
    # Items 1, 2, 3: ann-bob 1/3 + 1/2 + 1/2 (color is not colour), ann-cat 1/3 + 0 + 1,
    # bob-cat 0 + 0 + 1/2: nine pair scores.
    total = 1 / 3 + 1 / 2 + 1 / 2 + 1 / 3 + 0 + 1 + 0 + 0 + 1 / 2
    assert workspace.summary.figure_explanation.text() == (
        f"Pairwise agreement = {total / 9:.4f}: the sum of 9 pair scores, "
        f"{total:.4f}, divided by 9 annotator pairs.")


def test_removing_every_file_empties_the_views(qtbot, workspace: GoldWorkspace,
                                               tmp_path: Path) -> None:
    add_and_wait(qtbot, workspace, write_variants(tmp_path))
    assert workspace.items.items_model.rowCount() == 3
    workspace.sources.files_list.selectAll()
    workspace.sources.remove_selected()
    # The computation asked for after the removal runs from the timer, as a user's would.
    qtbot.waitUntil(lambda: workspace.analysis is None and workspace.runner.is_idle(),
                    timeout=10000)
    assert workspace.items.items_model.rowCount() == 0
    assert workspace.merges.merge_model.rowCount() == 0
    assert not workspace.exports.export_buttons["gold"].isEnabled()
    assert "Add the annotators' responses files" in workspace.summary.counts_label.text()


def test_the_agreement_view_shows_its_signature(qtbot, workspace: GoldWorkspace,
                                                demo_dir: Path) -> None:
    assert workspace.summary.signature_label.text() == ""
    add_and_wait(qtbot, workspace, sorted((demo_dir / "responses").glob("*.tsv")))
    assert workspace.summary.signature_label.text() == (
        "Signature: lexsub-studio:0.1.0|cmd:agree|mode:responses|case:lower|merges:0|alpha:yes|"
        f"bootstrap:{DEFAULT_REPLICATES}|seed:{DEFAULT_SEED}|confidence:0.95")
