"""The store under faults: real locks, read-only opens, a full store, damaged and foreign files."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from pathlib import Path

import pytest

from lexsub_studio.core.annotation import store as store_module
from lexsub_studio.core.annotation.store import AnnotationStore, CorpusIdentity
from lexsub_studio.core.annotation.store_faults import StoreError, StoreFault
from lexsub_studio.core.annotation.work import AnnotationWork, WorkItem, corpus_identity
from lexsub_studio.core.model.data import Instance, ResponseRow
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.runtime import settings_paths

RAW_TEXTS = ("OperationalError", "DatabaseError", "KeyError", "database is locked",
             "attempt to write", "Errno")


def _items(count: int = 3, word: str = "plain") -> list[WorkItem]:
    return [WorkItem("calm.a", Instance(str(n), f"A {word} day number {n} .", 2, 2 + len(word)))
            for n in range(1, count + 1)]


def _assert_plain(error: InputError, path: Path) -> None:
    text = str(error)
    assert str(path) in text
    for raw in RAW_TEXTS:
        assert raw not in text, text


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture()
def store_path(tmp_path: Path) -> Path:
    path = tmp_path / "stores" / "calm-0123" / "ann.sqlite3"
    store = AnnotationStore.open(path)
    store.put_answer(ResponseRow("calm.a", "1", "ann", ("quiet",)))
    store.close()
    return path


def _hold_lock(path: Path) -> sqlite3.Connection:
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    return holder


# -- point 1: writes that fail are said for what they are, and nothing is lost -------------------

def test_a_locked_store_fails_fast_and_says_it_is_locked(store_path: Path) -> None:
    store = AnnotationStore.open(store_path)
    holder = _hold_lock(store_path)
    try:
        started = time.monotonic()
        with pytest.raises(StoreError) as caught:
            store.put_answer(ResponseRow("calm.a", "2", "ann", ("still",)))
        # Well under the 5 s SQLite waited by default (the key press froze the window).
        assert time.monotonic() - started < 1.5
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert caught.value.fault is StoreFault.LOCKED
    assert "another program is using the store" in str(caught.value)
    _assert_plain(caught.value, store_path)
    # The failed write left no transaction open: the next one works.
    store.put_answer(ResponseRow("calm.a", "2", "ann", ("still",)))
    assert store.answer_count() == 2
    store.close()


def test_a_read_only_store_is_reported_as_read_only_not_damaged(
        store_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Tests run as root, where chmod does not stop writes: open the file read-only instead.
    monkeypatch.setattr(store_module, "connect", lambda path: sqlite3.connect(
        f"{path.as_uri()}?mode=ro", uri=True, isolation_level=None, check_same_thread=False))
    with pytest.raises(StoreError) as caught:
        AnnotationStore.open(store_path)
    assert caught.value.fault is StoreFault.READ_ONLY
    assert "read-only" in str(caught.value)
    assert "damaged" not in str(caught.value)
    _assert_plain(caught.value, store_path)


def test_a_full_store_says_the_disk_is_full(store_path: Path) -> None:
    store = AnnotationStore.open(store_path)
    pages = store.pragma("page_count")
    store.pragma(f"max_page_count = {pages}")  # SQLite's own "database or disk is full"
    with pytest.raises(StoreError) as caught:
        store.put_answer(ResponseRow("calm.a", "2", "ann", ("x" * 50_000,)))
    assert caught.value.fault is StoreFault.FULL
    _assert_plain(caught.value, store_path)
    store.close()


def test_unsaved_answers_are_kept_and_saved_once_the_lock_goes(store_path: Path) -> None:
    store = AnnotationStore.open(store_path)
    work = AnnotationWork(_items(), "ann", store)
    told: list[int] = []
    work.add_save_listener(lambda: told.append(work.unsaved_count))
    holder = _hold_lock(store_path)
    try:
        row = work.make_row(1, ["serene"])
        assert work.commit(1, row) is False
        assert work.answer(1) == row  # kept on screen
        assert work.is_unsaved(1) and work.unsaved_count == 1
        assert work.save_problem is not None
        assert work.save_problem.fault is StoreFault.LOCKED
        assert work.retry_saving() is False  # still locked: still kept
        assert work.unsaved_rows() == [row]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert work.retry_saving() is True
    assert work.unsaved_count == 0 and work.save_problem is None
    assert told[-1] == 0
    store.close()
    reopened = AnnotationStore.open(store_path)
    assert reopened.load_answers("ann")[("calm.a", "2")].substitutes == ("serene",)
    reopened.close()


# -- point 2: damaged, empty, foreign and other-corpus stores are refused untouched ---------------

def test_an_empty_store_file_is_not_silently_reset(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    path.write_bytes(b"")
    with pytest.raises(StoreError) as caught:
        AnnotationStore.open(path)
    assert caught.value.fault is StoreFault.EMPTY
    assert "0 bytes" in str(caught.value)
    assert path.stat().st_size == 0  # SQLite would have written a fresh store into it


def _damage(path: Path) -> None:
    data = bytearray(path.read_bytes())
    page = 4096
    for start in range(2 * page, len(data) - page, 3 * page):
        data[start + 8:start + 400] = os.urandom(392)
    path.write_bytes(bytes(data))


def _store_with_many_answers(path: Path, count: int = 600) -> dict[tuple[str, str], ResponseRow]:
    store = AnnotationStore.open(path)
    rows = [ResponseRow("calm.a", str(n), "ann", (f"word{n}",), "", False, False,
                        f"comment {n} " + "·" * 80, float(n)) for n in range(count)]
    store.apply_changes(rows, [])
    store.claim_annotator("ann")
    store.close()
    # Fold the write-ahead log into the file, as a clean shutdown does.
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return {row.key: row for row in rows}


def test_a_damaged_store_is_refused_and_never_written(tmp_path: Path) -> None:
    path = tmp_path / "hurt.sqlite3"
    _store_with_many_answers(path)
    _damage(path)
    before = _digest(path)
    with pytest.raises(StoreError) as caught:
        AnnotationStore.open(path)
    assert caught.value.fault is StoreFault.DAMAGED
    _assert_plain(caught.value, path)
    assert _digest(path) == before


@pytest.mark.parametrize("version", ["-1", "'seven'"])
def test_a_nonsense_schema_version_is_damage_not_a_key_error(tmp_path: Path,
                                                             version: str) -> None:
    path = tmp_path / "odd.sqlite3"
    AnnotationStore.open(path).close()
    db = sqlite3.connect(path)
    db.execute(f"UPDATE schema_version SET version = {version}")
    db.commit()
    db.close()
    with pytest.raises(StoreError) as caught:
        AnnotationStore.open(path)
    assert caught.value.fault is StoreFault.DAMAGED
    _assert_plain(caught.value, path)


def test_another_programs_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "music.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE songs (title TEXT)")
    db.commit()
    db.close()
    before = _digest(path)
    with pytest.raises(StoreError) as caught:
        AnnotationStore.open(path)
    assert caught.value.fault is StoreFault.DAMAGED
    assert _digest(path) == before


def test_a_store_missing_its_answers_table_is_damage_not_an_operational_error(
        tmp_path: Path) -> None:
    path = tmp_path / "cut.sqlite3"
    AnnotationStore.open(path).close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE answers")
    db.commit()
    db.close()
    with pytest.raises(StoreError) as caught:
        AnnotationStore.open(path)
    assert caught.value.fault is StoreFault.DAMAGED
    _assert_plain(caught.value, path)


def test_a_store_made_for_another_corpus_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = AnnotationStore.open(path)
    store.check_corpus(corpus_identity(_items(word="plain"), "aaaa", "first"))
    store.check_corpus(corpus_identity(_items(word="plain"), "bbbb", "first, renamed"))
    with pytest.raises(StoreError) as caught:
        store.check_corpus(corpus_identity(_items(word="windy"), "aaaa", "second"))
    store.close()
    assert caught.value.fault is StoreFault.OTHER_CORPUS
    assert "'first'" in str(caught.value) and "'second'" in str(caught.value)
    _assert_plain(caught.value, path)


def test_a_version_one_store_gains_the_corpus_table(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite3"
    db = sqlite3.connect(path)
    store_module.MIGRATIONS[1](db)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (1)")
    db.commit()
    db.close()
    store = AnnotationStore.open(path)
    assert store.schema_version() == store_module.SCHEMA_VERSION
    store.check_corpus(CorpusIdentity("f" * 32, "d", "t", 3))
    store.close()


def test_a_studio_home_that_is_a_file_gives_a_message(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("LEXSUB_STUDIO_HOME", str(blocker))
    with pytest.raises(InputError) as caught:
        settings_paths.check_studio_home()
    assert "is a file, not a folder" in caught.value.diagnostic.message
    assert str(blocker) in str(caught.value)
    with pytest.raises(StoreError) as opening:
        AnnotationStore.open(settings_paths.store_path("c", "0" * 16, "ann"))
    assert opening.value.fault is StoreFault.CANNOT_OPEN


FILE_SIZE_LIMIT_SCRIPT = """
import sys
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.annotation.store_faults import StoreError

store = AnnotationStore.open(sys.argv[1])
try:
    for number in range(400):
        store.put_answer(ResponseRow("calm.a", str(number), "ann", ("x",), "", False, False,
                                     "y" * 4000))
except StoreError as error:
    print(error.fault.value)
    print(error)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs RLIMIT_FSIZE (POSIX)")
def test_a_file_size_limit_is_reported_as_a_full_store(tmp_path: Path) -> None:
    import resource
    import subprocess
    import sys

    path = tmp_path / "limited.sqlite3"

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (300_000, 300_000))

    done = subprocess.run([sys.executable, "-c", FILE_SIZE_LIMIT_SCRIPT, str(path)],
                          capture_output=True, text=True, preexec_fn=limit, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    fault, message = done.stdout.splitlines()
    assert fault == StoreFault.FULL.value
    assert str(path) in message and "largest file allowed" in message
