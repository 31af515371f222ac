"""Judging candidates without a GUI: order per annotator, labels saved at once, added
substitutes, progress, search, export, and the store's refusals."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from gui_support import SMALL_CORPUS, write_small_corpus
from hypothesis import given
from hypothesis import strategies as st
from judging_support import small_task

from lexsub_studio.core.annotation.judgement_store import (
    SCHEMA_VERSION,
    JudgementStore,
    judgement_store_path,
    stored_rows,
)
from lexsub_studio.core.annotation.judging_sources import is_judging_task_file, load_judging_task
from lexsub_studio.core.annotation.judging_work import JudgingWork
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.annotation.store_faults import StoreError
from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes
from lexsub_studio.core.io.formats.judgement_task import (
    JudgementTask,
    TaskCandidate,
    TaskItem,
    candidate_order,
    derive_seed,
    write_task,
)
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.model.judgements import ACCEPTABLE, NOT_ACCEPTABLE, UNSURE


def test_each_annotator_sees_the_candidates_in_an_order_of_their_own(tmp_path: Path) -> None:
    task = small_task(tmp_path)
    orders = {name: [JudgingWork(task, name).candidates(i) for i in range(len(task.items))]
              for name in ("ann", "bob", "cy", "dee")}
    assert orders["ann"] == [JudgingWork(task, "ann").candidates(i) for i in range(3)]
    for order in orders.values():
        assert [sorted(candidates) for candidates in order] == [
            sorted(item.candidates) for item in task.items]
    assert len({str(order) for order in orders.values()}) > 1


def test_the_order_is_the_tasks_own_with_the_seed_it_records(tmp_path: Path) -> None:
    corpus = read_corpus_bytes(SMALL_CORPUS.encode(), "small.xml").corpus
    items = [TaskItem("bright.a", "1", [TaskCandidate(text) for text in
                                        ("clever", "smart", "shiny", "keen", "sharp")])]
    path = tmp_path / "task.json"
    write_task(JudgementTask(corpus, items, 7, {"ann": 12345}), path)
    assert is_judging_task_file(path)
    assert not is_judging_task_file(write_small_corpus(tmp_path))
    task, _ = load_judging_task(path)
    listed = ["clever", "smart", "shiny", "keen", "sharp"]
    assert JudgingWork(task, "ann").candidates(0) == candidate_order(listed, 12345, "bright.a",
                                                                     "1")
    assert JudgingWork(task, "bob").candidates(0) == candidate_order(
        listed, derive_seed(7, "bob"), "bright.a", "1")
    assert task.items[0].instance.head == "brightest"


def test_a_task_with_nothing_to_judge_is_refused_with_the_reason(tmp_path: Path) -> None:
    corpus = read_corpus_bytes(SMALL_CORPUS.encode(), "small.xml").corpus
    path = tmp_path / "empty.json"
    write_task(JudgementTask(corpus, [TaskItem("bright.a", "1", [])], 7), path)
    with pytest.raises(InputError, match="nothing to judge"):
        load_judging_task(path)


def test_labels_are_in_the_store_as_soon_as_given(tmp_path: Path) -> None:
    task = small_task(tmp_path)
    path = tmp_path / "ann.judgements.sqlite3"
    store = JudgementStore.open(path)
    work = JudgingWork(task, "ann", store)
    first = work.candidates(0)[0]
    assert work.set_label(0, first, ACCEPTABLE, 1.5)
    # Another connection sees it: it is committed.
    db = sqlite3.connect(path)
    assert db.execute("SELECT candidate, label, seconds FROM judgements").fetchall() == [
        (first, ACCEPTABLE, 1.5)]
    db.close()
    work.set_label(0, first, None)
    assert list(stored_rows(store)) == []
    assert store.schema_version() == SCHEMA_VERSION
    assert store.pragma("journal_mode") == "wal"
    assert store.pragma("synchronous") == 2  # FULL
    store.close()


def test_progress_search_added_substitutes_and_export(tmp_path: Path) -> None:
    task = small_task(tmp_path)
    store = JudgementStore.open(tmp_path / "s.sqlite3")
    work = JudgingWork(task, "ann", store)
    assert work.progress().candidates == 7 and work.progress().done == 0
    for candidate, label in zip(work.candidates(1), (NOT_ACCEPTABLE, UNSURE), strict=True):
        work.set_label(1, candidate, label)
    assert work.is_done(1) and work.next_unfinished(1) == 2
    assert work.add_candidate(1, "  radiant ", ACCEPTABLE) == "radiant"
    assert work.add_candidate(1, "Radiant", ACCEPTABLE) is None  # has it already
    assert work.is_added(1, "radiant") and work.is_done(1)
    progress = work.progress()
    assert (progress.judged, progress.candidates, progress.done) == (3, 8, 1)
    assert [i for i in range(3) if work.matches(i, "seat")] == [2]
    assert [i for i in range(3) if work.matches(i, "BRIGHT")] == [0, 1]
    assert [i for i in range(3) if work.matches(i, "5")] == [2]
    for query in ("seat", "BRIGHT", "5", " e ", "", "painted the", "zzz"):
        assert work.search(query) == [i for i in range(3) if work.matches(i, query)] \
            or (not query.strip() and work.search(query) == [0, 1, 2])
    rows = work.export_rows()
    assert [(r.id, r.candidate, r.label) for r in rows] == [
        ("2", work.candidates(1)[0], NOT_ACCEPTABLE), ("2", work.candidates(1)[1], UNSURE),
        ("2", "radiant", ACCEPTABLE)]
    # The hand-in takes the judgements as they are when asked for (its rows are made later).
    later = work.export_rows_later()
    work.set_label(0, work.candidates(0)[0], UNSURE)
    assert later() == rows and len(work.export_rows()) == 4
    work.set_label(0, work.candidates(0)[0], None)
    store.close()
    # Reopened: labels, the added substitute (last) and the position come back.
    store = JudgementStore.open(tmp_path / "s.sqlite3")
    again = JudgingWork(task, "ann", store)
    assert again.candidates(1)[-1] == "radiant"
    assert again.export_rows() == rows
    assert again.remove_added(1, "radiant")
    assert "radiant" not in again.candidates(1) and len(again.export_rows()) == 2
    store.close()


def test_a_store_of_another_task_or_annotator_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = JudgementStore.open(path)
    task = small_task(tmp_path)
    store.check_task(task.fingerprint(), task.digest, task.title, len(task.items))
    store.claim_annotator("ann")
    with pytest.raises(InputError, match="belongs to annotator 'ann'"):
        store.claim_annotator("bob")
    other = small_task(tmp_path)
    other.items.pop()
    with pytest.raises(StoreError, match="wrong candidates"):
        store.check_task(other.fingerprint(), other.digest, other.title, len(other.items))
    store.close()


def test_a_free_production_store_is_not_taken_for_a_judgement_store(tmp_path: Path) -> None:
    path = judgement_store_path("round one", "0123456789abcdef", "Ann Lee")
    assert path.name == "Ann_Lee.judgements.sqlite3"
    assert path.parent.name == "round_one-0123456789abcdef"
    (tmp_path / "empty.sqlite3").write_bytes(b"")
    with pytest.raises(StoreError, match="empty"):
        JudgementStore.open(tmp_path / "empty.sqlite3")
    answers = AnnotationStore.open(tmp_path / "answers.sqlite3")
    answers.close()
    before = (tmp_path / "answers.sqlite3").read_bytes()
    with pytest.raises(StoreError, match="not an annotation store"):
        JudgementStore.open(tmp_path / "answers.sqlite3")
    assert (tmp_path / "answers.sqlite3").read_bytes() == before
    (tmp_path / "noise.sqlite3").write_bytes(b"not a database at all, " * 100)
    with pytest.raises(StoreError, match="damaged"):
        JudgementStore.open(tmp_path / "noise.sqlite3")


def test_a_store_of_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    JudgementStore.open(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    db.commit()
    db.close()
    with pytest.raises(InputError, match="newer version"):
        JudgementStore.open(path)


@pytest.mark.slow
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 3),
                          st.sampled_from([ACCEPTABLE, NOT_ACCEPTABLE, UNSURE, None, "add",
                                           "remove"])), max_size=30))
def test_the_running_progress_always_equals_a_recount(steps) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        task = small_task(Path(folder))
        store = JudgementStore.open(Path(folder) / "s.sqlite3")
        work = JudgingWork(task, "ann", store)
        for index, position, action in steps:
            candidates = work.candidates(index)
            if action == "add":
                work.add_candidate(index, f"extra{position}", ACCEPTABLE)
            elif action == "remove":
                work.remove_added(index, f"extra{position}")
            else:
                work.set_label(index, candidates[position % len(candidates)], action)
            progress = work.progress()
            assert progress.judged == sum(
                work.label(i, c) is not None for i in range(3) for c in work.candidates(i))
            assert progress.candidates == sum(len(work.candidates(i)) for i in range(3))
            assert progress.done == sum(
                all(work.label(i, c) for c in work.candidates(i)) for i in range(3))
        reopened = JudgingWork(task, "ann", store)
        assert reopened.progress() == work.progress()
        assert reopened.export_rows() == work.export_rows()
        store.close()
