"""The Dataset workspace on the demo data: statistics equal the core's, files added by button
or drop, baselines generated in the background, clear messages instead of tracebacks."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from gui_dataset_support import documented_names, interactive_widgets, main_window_with
from gui_support import open_and_wait, set_annotator
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog
from wordnet_fixture import write_wordnet_fixture

from lexsub_studio.core.dataset.stats import COLUMNS, dataset_stats
from lexsub_studio.core.io import atomic
from lexsub_studio.core.io.formats.corpus_xml import read_corpus
from lexsub_studio.core.io.formats.gold import read_gold
from lexsub_studio.core.io.formats.system import read_system
from lexsub_studio.core.io.formats.weighted import read_weighted
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.dataset.jobs import GOLD, MULTIWORD_GOLD, RESPONSES
from lexsub_studio.gui.dataset.stats_model import VALUE_ROLE
from lexsub_studio.gui.dataset.workspace import DatasetWorkspace

pytestmark = pytest.mark.gui


@pytest.fixture()
def opened(qtbot, monkeypatch: pytest.MonkeyPatch, demo_dir: Path):
    set_annotator("tester")
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    window = main_window_with(qtbot, monkeypatch)
    open_and_wait(qtbot, window, demo_dir / "demo.xml")
    window.show_workspace("dataset")
    workspace = window.workspaces["dataset"]
    assert isinstance(workspace, DatasetWorkspace)
    yield window, workspace
    window.close()


def _wait_for_stats(qtbot, workspace: DatasetWorkspace) -> None:
    QApplication.processEvents()  # the computation starts after the current event
    qtbot.waitUntil(lambda: not workspace.stats.stats_busy.running
                    and workspace.outcome is not None, timeout=20000)


def _row(workspace: DatasetWorkspace, level: str, group: str) -> dict[str, object]:
    for record in workspace.stats.model.rows():
        if (record["level"], record["group"]) == (level, group):
            return record
    raise AssertionError(f"no row {level} {group}")


def test_corpus_alone_counts_instances(qtbot, opened) -> None:
    _window, workspace = opened
    _wait_for_stats(qtbot, workspace)
    assert workspace.header.text() == "demo: 55 instance(s) in 10 lexelt(s)"
    every = _row(workspace, "all", "all")
    assert every["instances"] == 55
    # Without a gold, the gold figures are undefined: shown as a dash, never as 0.
    assert every["gold_items"] is None
    column = workspace.stats.model.column_of("gold_items")
    assert workspace.stats.model.index(0, column).data() == "—"


def test_stats_panel_equals_dataset_stats_for_the_demo(qtbot, opened, demo_dir: Path) -> None:
    _window, workspace = opened
    responses = sorted((demo_dir / "responses").glob("*.tsv"))
    workspace.add_file(GOLD, demo_dir / "gold")
    workspace.add_file(MULTIWORD_GOLD, demo_dir / "gold.mw")
    for path in responses:
        workspace.add_file(RESPONSES, path)
    _wait_for_stats(qtbot, workspace)

    from lexsub_studio.core.agreement.pool import pool_responses
    from lexsub_studio.core.gold.assembly import read_sources

    corpus = read_corpus(demo_dir / "demo.xml").corpus
    sources, _ = read_sources(responses)
    expected = dataset_stats(corpus, read_gold(demo_dir / "gold").items,
                             multiword_gold=read_gold(demo_dir / "gold.mw",
                                                      multiword=True).items,
                             pooled=pool_responses(sources, corpus=corpus)).table
    model = workspace.stats.model
    assert model.rowCount() == len(expected)
    for row, record in enumerate(expected.to_dict(orient="records")):
        for column, key in enumerate(COLUMNS):
            shown = model.index(row, column).data(VALUE_ROLE)
            want = record[key]
            if isinstance(want, float):
                assert shown == pytest.approx(want), (row, key)
            else:
                assert shown == want, (row, key)
    # The figures docs/new-tasks.md prints for the demo, checked by hand: 55 instances, 55 gold
    # lines, 54 items in T, 44 with a mode, 7 with a multiword, PA 0.2985 over 515 pairs.
    every = _row(workspace, "all", "all")
    assert (every["instances"], every["gold_items"], every["items_in_T"],
            every["items_with_mode"], every["items_with_multiword"],
            every["agreement_pairs"]) == (55, 55, 54, 44, 7, 515)
    assert model.index(0, model.column_of("pairwise_agreement")).data() == "0.2985"
    assert model.index(0, model.column_of("substitutes_per_item")).data() == "4.436"
    # Per PoS: adjectives have 12 instances, 12 of them in T and 7 with a mode.
    adjectives = _row(workspace, "pos", "a")
    assert (adjectives["instances"], adjectives["items_in_T"],
            adjectives["items_with_mode"]) == (12, 12, 7)
    assert "From the corpus, gold, multiword gold, 5 responses file(s)" in (
        workspace.stats.stats_summary.text())


def test_level_filter_and_sorting_keep_undefined_figures_last(qtbot, opened,
                                                              demo_dir: Path) -> None:
    _window, workspace = opened
    workspace.add_file(GOLD, demo_dir / "gold")
    _wait_for_stats(qtbot, workspace)
    workspace.stats.level_filter.setCurrentIndex(workspace.stats.level_filter.findData("lexelt"))
    proxy = workspace.stats.proxy
    assert proxy.rowCount() == 10  # the demo's 10 lexelts
    column = workspace.stats.model.column_of("items_with_mode")
    workspace.stats.table.sortByColumn(column, Qt.SortOrder.DescendingOrder)
    values = [proxy.index(r, column).data(VALUE_ROLE) for r in range(proxy.rowCount())]
    assert values == sorted(values, reverse=True)
    assert values[0] == 6  # sharply.r and strike.v: a mode in all 6 items


def test_files_dropped_are_recognised_by_content(qtbot, opened, demo_dir: Path) -> None:
    _window, workspace = opened
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(demo_dir / "gold")),
                  QUrl.fromLocalFile(str(demo_dir / "responses" / "amira.tsv")),
                  QUrl.fromLocalFile(str(demo_dir / "systems" / "alpha.best"))])
    event = QDropEvent(QPoint(5, 5), Qt.DropAction.CopyAction, data,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    workspace.dropEvent(event)
    assert workspace.inputs.gold == str(demo_dir / "gold")
    assert workspace.inputs.responses == [str(demo_dir / "responses" / "amira.tsv")]
    assert "alpha.best (a best file" in workspace.message.text()
    file_list = workspace.files.file_list
    assert [file_list.item(r).text() for r in range(file_list.count())] == [
        "gold: gold", "responses: amira.tsv"]
    _wait_for_stats(qtbot, workspace)
    workspace.files.file_list.item(1).setSelected(True)
    workspace.files.remove_button.click()
    assert workspace.inputs.responses == []


def _generate(qtbot, workspace: DatasetWorkspace, kind: str, prefix: Path) -> None:
    workspace.baselines.kind_combo.setCurrentIndex(workspace.baselines.kind_combo.findData(kind))
    workspace.baselines.prefix_edit.setText(str(prefix))
    task = workspace.generate()
    assert task is not None
    qtbot.waitUntil(lambda: task.is_finished, timeout=30000)


def test_frequency_baseline_writes_three_files_that_validate(qtbot, opened, demo_dir: Path,
                                                             tmp_path: Path) -> None:
    _window, workspace = opened
    workspace.add_file(GOLD, demo_dir / "gold")
    prefix = tmp_path / "demo-frequency"
    _generate(qtbot, workspace, "frequency", prefix)
    written = [workspace.baselines.baseline_files.item(r).text()
               for r in range(workspace.baselines.baseline_files.count())]
    assert written == [f"best: {prefix}.best", f"oot: {prefix}.oot",
                       f"weighted: {prefix}.weighted"]
    best = read_system(f"{prefix}.best", "best")
    oot = read_system(f"{prefix}.oot", "oot")
    weighted = read_weighted(f"{prefix}.weighted")
    for result in (best, oot, weighted):
        assert [d for d in result.diagnostics if d.severity.value == "error"] == []
    # Leave-one-out frequency over 55 items: 54 items share their lexelt with 5 other gold
    # lines; spot.n.v has a single item, so no other item's gold to draw from: 54 answered.
    assert len(best.answers) == len(oot.answers) == len(weighted.answers) == 54
    assert "spot.n.v" not in {a.lexelt for a in best.answers}
    assert all(len(a.answers) == 1 for a in best.answers)
    assert all(1 <= len(a.answers) <= 10 for a in oot.answers)
    assert workspace.baselines.baseline_message.text().startswith(
        "frequency: 54 of 55 item(s) answered")
    assert "1 item(s) have no substitute in the gold of the other items" in (
        workspace.baselines.baseline_message.text())
    # The same files as the command line writes.
    from lexsub_studio.cli.main import main as cli_main

    assert cli_main(["baseline", "frequency", str(demo_dir / "demo.xml"), str(demo_dir / "gold"),
                     "-o", str(tmp_path / "cli")]) == 0
    for suffix in (".best", ".oot", ".weighted"):
        assert Path(f"{prefix}{suffix}").read_bytes() == (tmp_path / f"cli{suffix}").read_bytes()


def test_random_baseline_needs_a_gold_and_says_so(qtbot, opened, tmp_path: Path) -> None:
    _window, workspace = opened
    workspace.baselines.kind_combo.setCurrentIndex(workspace.baselines.kind_combo.findData("random"))
    workspace.baselines.prefix_edit.setText(str(tmp_path / "r"))
    assert workspace.generate() is None
    assert "add a gold file first" in workspace.baselines.baseline_message.text()
    assert not list(tmp_path.iterdir())


WORDNET_CORPUS = """<?xml version="1.0" encoding="utf-8"?>
<corpus lang="english">
<lexelt item="glimmer.n">
<instance id="1"><context>A <head>glimmer</head> of hope .</context></instance>
</lexelt>
<lexelt item="stroll.v">
<instance id="2"><context>They <head>stroll</head> home .</context></instance>
</lexelt>
<lexelt item="zebra.n">
<instance id="3"><context>A <head>zebra</head> ran .</context></instance>
</lexelt>
</corpus>
"""


def test_wordnet_baseline_from_a_local_database(qtbot, opened, tmp_path: Path) -> None:
    window, workspace = opened
    corpus = tmp_path / "wn-targets.xml"
    corpus.write_text(WORDNET_CORPUS, encoding="utf-8")
    open_and_wait(qtbot, window, corpus)
    window.show_workspace("dataset")
    database = tmp_path / "wn"
    write_wordnet_fixture(database)
    workspace.baselines.kind_combo.setCurrentIndex(workspace.baselines.kind_combo.findData("wordnet"))
    workspace.baselines.wordnet_edit.setText(str(database))
    _generate(qtbot, workspace, "wordnet", tmp_path / "wn-base")
    assert workspace.baselines.baseline_files.count() == 3
    # The fixture's first synset of glimmer.n is {glimmer, shimmer 3, gleam 5+1}, its hypernym
    # {light 7, radiance 1}: synonyms by frequency (gleam, shimmer), then the hypernym's (light,
    # radiance), then the second sense's new lemmas (hint 4+5, trace 6) and its hypernym's
    # (sign 5, indication 2). stroll.v: {stroll, amble 0, saunter 2} then {walk}. zebra is not
    # in it.
    assert (tmp_path / "wn-base.best").read_text(encoding="utf-8") == (
        "glimmer.n 1 :: gleam\nstroll.v 2 :: saunter\n")
    assert (tmp_path / "wn-base.oot").read_text(encoding="utf-8") == (
        "glimmer.n 1 ::: gleam;shimmer;light;radiance;hint;trace;sign;indication\n"
        "stroll.v 2 ::: saunter;amble;walk\n")
    for kind in ("best", "oot"):
        result = read_system(str(tmp_path / f"wn-base.{kind}"), kind)
        assert [d for d in result.diagnostics if d.severity.value == "error"] == []
    assert read_weighted(str(tmp_path / "wn-base.weighted")).diagnostics.has_errors is False
    message = workspace.baselines.baseline_message.text()
    assert message.startswith("wordnet: 2 of 3 item(s) answered")
    assert "zebra.n" in message  # the note naming what WordNet lacks


def test_no_wordnet_is_a_clear_message_in_the_panel(qtbot, opened, tmp_path: Path) -> None:
    _window, workspace = opened
    empty = tmp_path / "nothing-here"
    empty.mkdir()
    workspace.baselines.kind_combo.setCurrentIndex(workspace.baselines.kind_combo.findData("wordnet"))
    workspace.baselines.wordnet_edit.setText(str(empty))
    _generate(qtbot, workspace, "wordnet", tmp_path / "wn")
    text = workspace.baselines.baseline_message.text()
    assert text.startswith(f"No baseline: {empty} is not a WordNet database directory")
    assert "Traceback" not in text
    assert workspace.baselines.baseline_files.count() == 0
    assert not (tmp_path / "wn.best").exists()


def test_export_csv_is_what_lexsub_stats_prints(qtbot, opened, demo_dir: Path,
                                                tmp_path: Path, capsys,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    _window, workspace = opened
    workspace.add_file(GOLD, demo_dir / "gold")
    _wait_for_stats(qtbot, workspace)
    out = tmp_path / "stats.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    writers: list[threading.Thread] = []

    def recording_write(path, text, *args, **kwargs):
        writers.append(threading.current_thread())
        return write_text(path, text, *args, **kwargs)

    write_text = atomic.atomic_write_text
    monkeypatch.setattr(atomic, "atomic_write_text", recording_write)
    task = workspace.export_csv()
    assert task is not None and workspace.stats.export_busy.isVisible()
    with qtbot.waitSignal(workspace.status_message, timeout=10000) as told:
        pass
    assert told.args == [f"Statistics written to {out}"]
    assert not workspace.stats.export_busy.isVisible()
    # Written by a worker: a large corpus's table never stalls the window.
    assert writers and writers[0] is not threading.main_thread()
    from lexsub_studio.cli.main import main as cli_main

    capsys.readouterr()
    assert cli_main(["stats", str(demo_dir / "demo.xml"), str(demo_dir / "gold"),
                     "--format", "csv"]) == 0
    assert out.read_text(encoding="utf-8") == capsys.readouterr().out


def test_new_corpus_forgets_the_files_of_the_old_one(qtbot, opened, demo_dir: Path,
                                                     tmp_path: Path) -> None:
    window, workspace = opened
    workspace.add_file(GOLD, demo_dir / "gold")
    _wait_for_stats(qtbot, workspace)
    from gui_support import write_small_corpus

    open_and_wait(qtbot, window, write_small_corpus(tmp_path))
    window.show_workspace("dataset")
    assert workspace.inputs.paths() == []
    assert workspace.files.file_list.count() == 0
    _wait_for_stats(qtbot, workspace)
    assert _row(workspace, "all", "all")["instances"] == 5


def test_the_new_task_action_is_in_the_organiser_menu_even_without_a_corpus(qtbot,
                                                                            monkeypatch) -> None:
    window = main_window_with(qtbot, monkeypatch)
    action = window.workspaces["dataset"].new_task_action
    assert action in window.menus.organiser_menu.actions()
    file_menu = window.menuBar().actions()[0].menu()
    assert action not in file_menu.actions()
    assert window.state.session is None and action.isEnabled()
    window.close()


def test_every_workspace_widget_is_named_and_documented(qtbot, opened) -> None:
    _window, workspace = opened
    widgets = interactive_widgets(workspace)
    assert len(widgets) > 12
    assert [type(w).__name__ for w in widgets
            if not w.objectName() or not w.accessibleName()] == []
    assert sorted({w.objectName() for w in widgets} - documented_names()) == []
    assert "actionNewTask" in documented_names()
    assert "workspaceButton_dataset" in documented_names()


def test_cancelling_the_statistics_leaves_no_figures_and_no_error(qtbot, opened,
                                                                  demo_dir: Path) -> None:
    _window, workspace = opened
    _wait_for_stats(qtbot, workspace)
    workspace.add_file(GOLD, demo_dir / "gold")
    task = workspace.refresh_stats()
    assert task is not None and workspace.stats.stats_busy.isVisible()
    errors: list[object] = []
    results: list[object] = []
    task.error.connect(errors.append)
    task.result.connect(results.append)
    workspace.stats.stats_busy.cancel_button.click()
    assert not workspace.stats.stats_busy.isVisible()
    qtbot.waitUntil(lambda: task.is_finished, timeout=20000)
    # A cancelled task delivers nothing: the table still shows the corpus-only figures.
    assert (errors, results) == ([], [])
    assert _row(workspace, "all", "all")["gold_items"] is None
    assert workspace.stats.stats_summary.styleSheet() == ""


def test_the_workspace_fits_a_small_window(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = main_window_with(qtbot, monkeypatch)
    # The window takes the size of the workspace on screen (Annotate's own fit is checked at
    # 1024 x 640 by tests/test_gui_layout.py).
    window.show_workspace("dataset")
    window.resize(700, 500)  # within the offscreen screen (800 x 600)
    assert (window.width(), window.height()) == (700, 500)
    window.close()
