"""A store deleted, replaced or overwritten by another program while it is open: the next write
is refused (never reported saved), the file at the path is never written, and the store stays
lost whatever comes back at the path."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from test_store_faults import _items

from lexsub_studio.core.annotation.judgement_store import JudgementChange, JudgementStore
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.annotation.store_faults import StoreError, StoreFault
from lexsub_studio.core.annotation.work import corpus_identity
from lexsub_studio.core.model.data import ResponseRow


def _open(path: Path, word: str = "plain") -> AnnotationStore:
    store = AnnotationStore.open(path)
    store.check_corpus(corpus_identity(_items(word=word), "aaaa", word))
    store.claim_annotator("ann")
    store.put_answer(ResponseRow("calm.a", "1", "ann", ("quiet",)))
    return store


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _delete(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def _zeros(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as file:
        file.write(bytes(size))


def _truncate_to_nothing(path: Path) -> None:
    os.truncate(path, 0)


def _cut_short(path: Path) -> None:
    os.truncate(path, path.stat().st_size // 2)


def _refused(store: AnnotationStore, row: ResponseRow) -> StoreError:
    with pytest.raises(StoreError) as caught:
        store.put_answer(row)
    assert caught.value.fault is StoreFault.VANISHED
    assert str(store.path) in str(caught.value)
    assert "Error" not in str(caught.value)
    return caught.value


def _grow(store: AnnotationStore, count: int) -> None:
    for number in range(count):
        store.put_answer(ResponseRow("calm.a", f"g{number}", "ann", ("quiet " * 40,)))


@pytest.mark.parametrize("fault", [_zeros, _truncate_to_nothing, _cut_short],
                         ids=["zeros", "truncated", "cut-short"])
def test_a_store_overwritten_in_place_is_found_before_the_next_write(
        tmp_path: Path, fault: Callable[[Path], None]) -> None:
    path = tmp_path / "ann.sqlite3"
    store = _open(path)
    _grow(store, 60)
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the answers are in the file itself
    _grow(store, 1)  # as after a commit that checkpointed by itself
    fault(path)
    _refused(store, ResponseRow("calm.a", "2", "ann", ("still",)))
    assert store.lost
    store.close()


def test_a_deleted_store_is_not_written_and_stays_lost(tmp_path: Path) -> None:
    path = tmp_path / "ann.sqlite3"
    store = _open(path)
    _delete(path)
    error = _refused(store, ResponseRow("calm.a", "2", "ann", ("still",)))
    assert "deleted" in str(error)
    assert not path.exists()  # not re-created empty
    # A new store of the same corpus at the path later is not this one either.
    other = _open(path)
    other.close()
    before = _digest(path)
    _refused(store, ResponseRow("calm.a", "3", "ann", ("again",)))
    with pytest.raises(StoreError):
        store.set_position(("calm.a", "1"))
    store.close()
    assert _digest(path) == before


def test_a_store_swapped_for_another_corpus_s_store_is_never_written(tmp_path: Path) -> None:
    path = tmp_path / "ann.sqlite3"
    store = _open(path)
    foreign_path = tmp_path / "other.sqlite3"
    foreign = _open(foreign_path, word="windy")
    foreign.close()
    os.replace(foreign_path, path)
    before = _digest(path)
    error = _refused(store, ResponseRow("calm.a", "2", "ann", ("still",)))
    assert "another file was put in its place" in str(error)
    store.close()
    assert _digest(path) == before
    check = sqlite3.connect(path)
    assert check.execute("SELECT id FROM answers").fetchall() == [("1",)]
    check.close()


@pytest.mark.slow
def test_a_store_that_keeps_its_file_writes_and_grows_as_before(tmp_path: Path) -> None:
    path = tmp_path / "ann.sqlite3"
    store = _open(path)
    _grow(store, 300)
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    _grow(store, 10)
    assert not store.lost
    assert store.answer_count() == 301  # the last ten replaced answers of the first ones
    store.close()


def test_a_judgement_store_deleted_while_open_is_not_written(tmp_path: Path) -> None:
    path = tmp_path / "ann.judgements.sqlite3"
    store = JudgementStore.open(path)
    store.check_task("fp", "dddd", "task", 3)
    _delete(path)
    with pytest.raises(StoreError) as caught:
        store.apply(JudgementChange({}, {("calm.a", "1", "quiet"): True}))
    assert caught.value.fault is StoreFault.VANISHED
    assert store.lost
    assert not path.exists()
    store.close()


def test_another_store_copied_over_in_place_is_found_before_the_next_write(
        tmp_path: Path) -> None:
    path = tmp_path / "ann.sqlite3"
    store = _open(path)
    foreign_path = tmp_path / "other.sqlite3"
    foreign = _open(foreign_path, word="windy")
    _grow(foreign, 80)  # at least as large: "cut short" cannot tell it
    foreign.close()
    data = foreign_path.read_bytes()
    assert len(data) >= path.stat().st_size
    with path.open("r+b") as file:  # as cp does: the same file, new contents
        file.write(data)
    error = _refused(store, ResponseRow("calm.a", "2", "ann", ("still",)))
    assert "another database was copied over it" in str(error)
    assert store.lost
    _refused(store, ResponseRow("calm.a", "3", "ann", ("again",)))  # lost for good
    store.close()


def test_each_store_carries_an_identity_of_its_own_in_its_header(tmp_path: Path) -> None:
    first, second = _open(tmp_path / "a.sqlite3"), _open(tmp_path / "b.sqlite3")
    ids = [int.from_bytes(path.read_bytes()[68:72], "big")
           for path in (tmp_path / "a.sqlite3", tmp_path / "b.sqlite3")]
    assert 0 not in ids and ids[0] != ids[1]
    first.close()
    second.close()
    again = AnnotationStore.open(tmp_path / "a.sqlite3")  # kept, not drawn again
    assert int.from_bytes((tmp_path / "a.sqlite3").read_bytes()[68:72], "big") == ids[0]
    _grow(again, 3)
    again.close()
