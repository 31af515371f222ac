"""Annotate in judgement mode, end to end in a real window: keys, autosave, undo and redo, an
added substitute, search, resuming, export."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from gui_support import SMALL_CORPUS, make_window, set_annotator, write_small_corpus
from judging_support import EVERY_INSTANCE, write_small_task
from layout_check import cut_off_widgets
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from lexsub_studio.core.annotation.judgement_store import judgement_store_path
from lexsub_studio.core.annotation.judging_sources import load_judging_task
from lexsub_studio.core.annotation.package import AnnotatorPackage, write_package
from lexsub_studio.core.annotation.store_backups import backups_of
from lexsub_studio.core.annotation.store_faults import StoreError, StoreFault
from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes
from lexsub_studio.core.io.formats.judgement_task import (
    JudgementTask,
    TaskCandidate,
    TaskItem,
    candidate_order,
    task_for_annotator,
)
from lexsub_studio.core.model.judgements import ACCEPTABLE, NOT_ACCEPTABLE, UNSURE
from lexsub_studio.gui import dialogs
from lexsub_studio.gui import guidelines as guidelines_module
from lexsub_studio.gui.annotate.workspace import AnnotateWorkspace

pytestmark = pytest.mark.gui

@pytest.fixture()
def task_file(tmp_path: Path) -> Path:
    set_annotator("judge")
    return write_small_task(tmp_path, EVERY_INSTANCE)


def open_task(qtbot, window, path: Path) -> AnnotateWorkspace:
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.open_path(str(path))
    workspace = window.workspaces["annotate"]
    QApplication.processEvents()
    return workspace


def stored(path: Path) -> list[tuple[str, str, str, str]]:
    """What another program reads in the store file now (committed rows only)."""
    task, _ = load_judging_task(path)
    db = sqlite3.connect(judgement_store_path(task.title, task.digest, "judge"))
    try:
        return sorted(db.execute("SELECT lexelt, id, candidate, label FROM judgements"))
    finally:
        db.close()


def key(qtbot, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(QApplication.focusWidget(), key, modifier)


def test_judging_two_instances_from_the_keyboard_saves_each_key(qtbot, task_file: Path) -> None:
    window = make_window(qtbot)
    workspace = open_task(qtbot, window, task_file)
    panel = workspace.judging
    assert workspace.pages.currentWidget() is panel
    assert window.stack.currentWidget() is workspace
    assert QApplication.focusWidget() is panel.candidate_view
    work = panel.work
    assert panel.current == 0
    first = work.candidates(0)
    assert sorted(first) == ["clever", "smart", "vivid"]
    assert panel.focused_candidate() == first[0]
    # The focused candidate stands in the sentence in place of the target.
    assert first[0] in panel.substituted_view.accessibleDescription()
    assert "brightest" in panel.sentence_view.accessibleDescription()

    key(qtbot, Qt.Key.Key_1)                      # acceptable, then the next candidate
    assert stored(task_file) == [("bright.a", "1", first[0], ACCEPTABLE)]
    assert panel.focused_candidate() == first[1]
    key(qtbot, Qt.Key.Key_N)
    assert ("bright.a", "1", first[1], NOT_ACCEPTABLE) in stored(task_file)
    key(qtbot, Qt.Key.Key_Up)                     # back to the second: change its label
    assert panel.focused_candidate() == first[1]
    key(qtbot, Qt.Key.Key_3)
    assert ("bright.a", "1", first[1], UNSURE) in stored(task_file)
    key(qtbot, Qt.Key.Key_Down)
    key(qtbot, Qt.Key.Key_Down)
    assert panel.focused_candidate() == first[2]
    key(qtbot, Qt.Key.Key_2)
    assert len(stored(task_file)) == 3 and work.is_done(0)
    key(qtbot, Qt.Key.Key_Return)                 # next instance
    assert panel.current == 1
    second = work.candidates(1)
    for letter in (Qt.Key.Key_A, Qt.Key.Key_U, Qt.Key.Key_A):
        key(qtbot, letter)
    assert [row for row in stored(task_file) if row[1] == "2"] == sorted(
        [("bright.a", "2", second[0], ACCEPTABLE), ("bright.a", "2", second[1], UNSURE),
         ("bright.a", "2", second[2], ACCEPTABLE)])
    key(qtbot, Qt.Key.Key_Enter)
    assert panel.current == 2
    key(qtbot, Qt.Key.Key_PageUp)
    assert panel.current == 1
    key(qtbot, Qt.Key.Key_PageDown)
    assert panel.current == 2
    assert workspace.judging_progress.text() == (
        "Judged 6 of 13 candidates · 2 of 5 instances done")
    third = work.candidates(2)
    key(qtbot, Qt.Key.Key_1)
    assert ("bright.a", "3", third[0], ACCEPTABLE) in stored(task_file)
    key(qtbot, Qt.Key.Key_Up)
    key(qtbot, Qt.Key.Key_0)                      # the label taken back
    assert [row for row in stored(task_file) if row[1] == "3"] == []
    assert panel.instance_model.index(0, 2).data() == "✓ 3/3"
    window.close()


def test_undo_and_redo_of_judgements_reach_the_store(qtbot, task_file: Path) -> None:
    window = make_window(qtbot)
    workspace = open_task(qtbot, window, task_file)
    panel = workspace.judging
    first = panel.work.candidates(0)
    key(qtbot, Qt.Key.Key_1)
    key(qtbot, Qt.Key.Key_2)
    key(qtbot, Qt.Key.Key_Return)
    assert panel.current == 1
    key(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    # Undone, and shown where it was undone.
    assert stored(task_file) == [("bright.a", "1", first[0], ACCEPTABLE)]
    assert panel.current == 0 and panel.focused_candidate() == first[1]
    assert panel.candidate_model.index(1, 1).data() == ""
    key(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert stored(task_file) == []
    key(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
        | Qt.KeyboardModifier.ShiftModifier)
    key(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
        | Qt.KeyboardModifier.ShiftModifier)
    assert stored(task_file) == sorted([("bright.a", "1", first[0], ACCEPTABLE),
                                        ("bright.a", "1", first[1], NOT_ACCEPTABLE)])
    assert panel.candidate_model.index(1, 1).data() == "✗ not acceptable"
    window.close()


def test_adding_a_missing_substitute(qtbot, task_file: Path) -> None:
    window = make_window(qtbot)
    workspace = open_task(qtbot, window, task_file)
    panel = workspace.judging
    key(qtbot, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is panel.add_edit
    qtbot.keyClicks(panel.add_edit, "rad")
    key(qtbot, Qt.Key.Key_Escape)                 # back to the candidates, nothing added
    assert QApplication.focusWidget() is panel.candidate_view
    assert len(panel.work.candidates(0)) == 3 and stored(task_file) == []
    key(qtbot, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(panel.add_edit, "iant")
    key(qtbot, Qt.Key.Key_Return)
    assert panel.work.candidates(0)[-1] == "radiant"
    assert QApplication.focusWidget() is panel.candidate_view
    assert panel.focused_candidate() == "radiant"
    assert stored(task_file) == [("bright.a", "1", "radiant", ACCEPTABLE)]
    assert panel.candidate_model.index(3, 0).data() == "radiant (added by you)"
    key(qtbot, Qt.Key.Key_2)                      # judged like any other candidate
    assert stored(task_file) == [("bright.a", "1", "radiant", NOT_ACCEPTABLE)]
    assert workspace.judging_progress.text().startswith("Judged 1 of 14 candidates")
    key(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    key(qtbot, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "radiant" not in panel.work.candidates(0) and stored(task_file) == []
    assert panel.focused_candidate() == panel.work.candidates(0)[0]  # the keys still work
    key(qtbot, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert stored(task_file) == [("bright.a", "1", "radiant", ACCEPTABLE)]
    window.close()


def test_search_by_sentence_id_and_target(qtbot, task_file: Path) -> None:
    window = make_window(qtbot)
    workspace = open_task(qtbot, window, task_file)
    panel = workspace.judging
    key(qtbot, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is panel.search_edit
    qtbot.keyClicks(panel.search_edit, "seat")
    key(qtbot, Qt.Key.Key_Return)
    assert panel.instance_model.rows == [4]
    assert panel.current == 4 and QApplication.focusWidget() is panel.candidate_view
    assert panel.list_count.text() == "1 of 5 instances shown"
    panel.search_edit.setText("take")
    panel.apply_search()
    assert panel.instance_model.rows == [3, 4]
    # Targets as free production lists them: the part of speech hidden unless asked for.
    assert panel.instance_model.index(0, 0).data() == "take"
    window.set_show_pos(True)
    assert panel.instance_model.index(0, 0).data() == "take.v"
    assert panel.header.text().startswith("take.v · 5")
    window.set_show_pos(False)
    panel.search_edit.setText("2")
    panel.apply_search()
    assert panel.instance_model.rows == [1]
    panel.search_edit.clear()
    panel.apply_search()
    assert len(panel.instance_model.rows) == 5
    window.close()


def test_reopening_resumes_and_the_export_equals_the_store(
        qtbot, task_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)
    workspace = open_task(qtbot, window, task_file)
    for pressed in (Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_Return,
                    Qt.Key.Key_1):
        key(qtbot, pressed)
    labels = {c: workspace.judging.work.label(1, c) for c in workspace.judging.work.candidates(1)}
    window.close()

    reopened = make_window(qtbot)
    workspace = open_task(qtbot, reopened, task_file)
    panel = workspace.judging
    assert panel.current == 1                      # where the annotator was
    assert panel.focused_candidate() == panel.work.candidates(1)[1]  # first without a label
    shown = {panel.candidate_model.candidate(row): panel.candidate_model.index(row, 1).data()
             for row in range(panel.candidate_model.rowCount())}
    assert sum(bool(text) for text in shown.values()) == 1
    assert [c for c, label in labels.items() if label] == [
        c for c, text in shown.items() if text == "✓ acceptable"]
    out = tmp_path / "handed-in" / "judge.tsv"
    out.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    with qtbot.waitSignal(workspace.status_message, timeout=10000):
        key(qtbot, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == ["# lexsub-judgements 1",
                         "lexelt\tid\tannotator\tcandidate\tlabel\tseconds"]
    rows = [line.split("\t") for line in lines[2:]]
    assert all(row[2] == "judge" and float(row[5]) >= 0 for row in rows)
    assert sorted((r[0], r[1], r[3], r[4]) for r in rows) == stored(task_file)
    assert [r[3] for r in rows[:3]] == panel.work.candidates(0)  # in the order judged
    reopened.close()


def test_a_dropped_task_opens_in_judgement_mode_and_a_corpus_after_it_in_free_production(
        qtbot, task_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # This checkout's bundled guidelines (an installed copy may be older).
    monkeypatch.setattr(guidelines_module, "resources_dir",
                        lambda: Path(__file__).resolve().parent.parent / "resources")
    window = make_window(qtbot)
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.open_dropped([str(task_file)])
    workspace = window.workspaces["annotate"]
    assert window.current_workspace() is workspace
    assert workspace.pages.currentWidget() is workspace.judging
    assert window.windowTitle() == "small-task — judge judging — LexSub Studio"
    assert window.workspace_actions.actions()[0].isChecked()
    assert workspace.export_judgements_action.isEnabled()
    assert not workspace.annotate_actions.nil_action.isEnabled()
    # The guidelines of judgement mode, without free production's note on completion.
    guidelines = window.guidelines.toPlainText()
    assert guidelines.startswith("Judging guidelines") and "Completion" not in guidelines
    store = window.state.judging.work.store
    with qtbot.waitSignal(window.session_opened, timeout=15000):
        window.open_path(str(write_small_corpus(tmp_path)))
    assert "finding substitutes" in window.guidelines.toPlainText()
    assert window.guidelines.toPlainText().startswith("Completion from your own")
    assert window.state.judging is None and window.state.session is not None
    assert workspace.pages.currentWidget() is workspace.splitter
    assert not workspace.export_judgements_action.isEnabled()
    assert workspace.annotate_actions.nil_action.isEnabled()
    assert not workspace.judging_progress.isVisible()
    with pytest.raises(sqlite3.ProgrammingError):  # the task's store was closed
        store.judgement_count()
    asked: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda parent, title, *a, **k: (asked.append(title), ("", ""))[1])
    key(qtbot, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert asked == ["Export responses"]          # Ctrl+E is free production's again
    window.close()


def test_judgement_mode_fits_1024_by_640_with_nothing_cut_off(qtbot, task_file: Path) -> None:
    window = make_window(qtbot)
    window.resize(1024, 640)
    open_task(qtbot, window, task_file)
    window.resize(1024, 640)
    QApplication.processEvents()
    assert (window.width(), window.height()) == (1024, 640)
    assert cut_off_widgets(window) == []
    # Every label reads whole in its column ("✗ not acceptable", not "✗ not accept…").
    panel = window.workspaces["annotate"].judging
    key(qtbot, Qt.Key.Key_2)
    view = panel.candidate_view
    shown = view.fontMetrics().horizontalAdvance(panel.candidate_model.index(0, 1).data())
    assert view.columnWidth(1) >= shown + 8
    window.close()


def test_a_label_the_store_cannot_take_is_kept_shown_and_saved_later(
        qtbot, task_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)
    workspace = open_task(qtbot, window, task_file)
    panel = workspace.judging
    store = panel.work.store
    real_apply = type(store).apply

    def locked(self, change, busy_timeout_ms=200):
        raise StoreError(self.path, StoreFault.LOCKED, "your judgements were not saved")

    monkeypatch.setattr(type(store), "apply", locked)
    key(qtbot, Qt.Key.Key_1)
    assert stored(task_file) == []
    assert panel.work.label(0, panel.work.candidates(0)[0]) == ACCEPTABLE  # kept on screen
    assert panel.unsaved_bar.isVisible()
    assert "another program is using the store" in panel.unsaved_bar.text()
    monkeypatch.setattr(type(store), "apply", real_apply)
    panel.retry_saving()                          # what the 3-second timer does
    assert stored(task_file) == [("bright.a", "1", panel.work.candidates(0)[0], ACCEPTABLE)]
    assert not panel.unsaved_bar.isVisible()
    # The backups' timer (every 10 minutes) backs the store up now it has taken a change, and
    # File › Close closes the task (the start screen, nothing left open) with no backup more,
    # as nothing changed since.
    path = store.path
    assert len(backups_of(path)) == 1             # made at opening, without the label
    window.state.back_up_if_changed(wait=True)
    assert len(backups_of(path)) == 2
    key(qtbot, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert window.state.judging is None and window.stack.currentWidget() is window.start_screen
    newest = backups_of(path)[0]
    assert len(backups_of(path)) == 2 and newest.parent.name == "judge.judgements"
    backup = sqlite3.connect(newest)
    assert backup.execute("SELECT COUNT(*) FROM judgements").fetchone() == (1,)
    backup.close()
    window.close()


def test_labels_unsaved_at_closing_go_to_a_rescue_file(
        qtbot, task_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot)
    workspace = open_task(qtbot, window, task_file)
    panel = workspace.judging
    store = panel.work.store
    first = panel.work.candidates(0)[0]
    real_apply = type(store).apply

    def locked(self, change, busy_timeout_ms=200):
        raise StoreError(self.path, StoreFault.LOCKED, "your judgements were not saved")

    monkeypatch.setattr(type(store), "apply", locked)
    key(qtbot, Qt.Key.Key_2)
    rescued = window.state.close_judging()
    assert rescued is not None and rescued.parent.parent.name == "rescue"
    assert rescued.name.startswith("judge.judgements-") and rescued.name.endswith(".tsv")
    lines = rescued.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# lexsub-judgements 1"
    assert lines[2].split("\t")[:5] == ["bright.a", "1", "judge", first, NOT_ACCEPTABLE]
    assert stored(task_file) == []
    # The next opening puts the label back into the store and the file away.
    monkeypatch.setattr(type(store), "apply", real_apply)
    open_task(qtbot, window, task_file)
    assert stored(task_file) == [("bright.a", "1", first, NOT_ACCEPTABLE)]
    assert not rescued.exists() and (rescued.parent / "restored" / rescued.name).is_file()
    assert "1 judgement(s) that could not be saved last time were put back" in \
        window.statusBar().currentMessage()
    window.close()


def test_a_package_carrying_a_judgement_task_opens_in_judgement_mode_as_its_annotator(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "ask_annotator_name",
                        lambda *args: pytest.fail("a package names its annotator"))
    corpus = read_corpus_bytes(SMALL_CORPUS.encode(), "small.xml").corpus
    items = [TaskItem(lexelt, id_, [TaskCandidate(text) for text in texts])
             for (lexelt, id_), texts in EVERY_INSTANCE.items()]
    task = JudgementTask(corpus, items, 7, {"zoe": 99})
    package = tmp_path / "round2-zoe.lexsubpkg"
    write_package(AnnotatorPackage("round 2", "zoe", corpus, guidelines="# Judge with care\n",
                                   judgement_task=task_for_annotator(task, corpus, "zoe")),
                  package)
    free = tmp_path / "round1-zoe.lexsubpkg"
    write_package(AnnotatorPackage("round 1", "zoe", corpus), free)
    window = make_window(qtbot)
    workspace = open_task(qtbot, window, package)
    panel = workspace.judging
    assert window.state.judging is not None and panel.work.annotator == "zoe"
    assert panel.work.candidates(0) == candidate_order(["clever", "smart", "vivid"], 99,
                                                       "bright.a", "1")
    assert "Judge with care" in window.guidelines.toPlainText()
    key(qtbot, Qt.Key.Key_1)
    assert panel.work.store.path.name == "zoe.judgements.sqlite3"
    assert panel.work.store.judgement_count() == 1
    # The same instances without a task: free production, in a store of its own.
    open_task(qtbot, window, free)
    assert window.state.judging is None and window.state.work.annotator == "zoe"
    assert workspace.pages.currentWidget() is workspace.splitter
    window.close()


def test_a_judgement_store_deleted_while_open_stops_saving_and_every_label_is_rescued(
        qtbot, task_file: Path) -> None:
    window = make_window(qtbot)
    workspace = open_task(qtbot, window, task_file)
    panel = workspace.judging
    path = panel.work.store.path
    key(qtbot, Qt.Key.Key_1)
    assert len(stored(task_file)) == 1
    backups = backups_of(path)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    key(qtbot, Qt.Key.Key_2)
    assert panel.work.unsaved_count == 1
    assert panel.unsaved_bar.isVisible()
    assert "deleted or moved away" in panel.unsaved_bar.text()
    assert not path.exists()
    rescued = window.state.close_judging()
    assert not path.exists() and backups_of(path) == backups
    assert rescued is not None
    labels = [line.split("\t")[4] for line in rescued.read_text(encoding="utf-8").splitlines()
              if line.startswith("bright.a")]
    assert labels == [ACCEPTABLE, NOT_ACCEPTABLE]  # the one saved before the loss as well
    open_task(qtbot, window, task_file)
    assert sorted(row[3] for row in stored(task_file)) == sorted([ACCEPTABLE, NOT_ACCEPTABLE])
    window.close()
