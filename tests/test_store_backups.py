"""Rolling backups, restoring and salvaging a damaged store, and rescue files."""

from __future__ import annotations

import hashlib
import os
import shutil
from datetime import datetime
from pathlib import Path

import pytest
from test_store_faults import _damage, _items, _store_with_many_answers

from lexsub_studio.core.annotation import store_backups
from lexsub_studio.core.annotation.rescue import mark_restored, rescue_files_for, write_rescue_file
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.annotation.store_faults import StoreError, StoreFault
from lexsub_studio.core.annotation.work import corpus_identity
from lexsub_studio.core.io.formats.responses import read_responses
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.runtime.settings_paths import store_path


@pytest.fixture()
def path() -> Path:
    return store_path("calm", "0123456789abcdef", "ann")


def test_backups_roll_and_the_newest_few_are_kept(path: Path) -> None:
    store = AnnotationStore.open(path)
    made = []
    for number in range(store_backups.KEEP_BACKUPS + 2):
        store.put_answer(ResponseRow("calm.a", str(number), "ann", ("quiet",)))
        made.append(store_backups.make_backup(path))  # while the store is open and in use
    store.close()
    kept = store_backups.backups_of(path)
    assert kept == sorted(made, reverse=True)[:store_backups.KEEP_BACKUPS]
    assert all(store_backups.is_good_backup(backup) for backup in kept)
    newest = AnnotationStore.open(kept[0])
    assert newest.answer_count() == store_backups.KEEP_BACKUPS + 2
    newest.close()


def test_a_damaged_store_never_replaces_a_good_backup(path: Path) -> None:
    _store_with_many_answers(path)
    good = store_backups.make_backup(path)
    _damage(path)
    with pytest.raises(StoreError) as caught:
        store_backups.make_backup(path)
    assert caught.value.fault is StoreFault.DAMAGED
    assert store_backups.backups_of(path) == [good]
    assert store_backups.newest_good_backup(path) == good


def test_restoring_a_backup_keeps_the_damaged_file_aside(path: Path) -> None:
    rows = _store_with_many_answers(path)
    store_backups.make_backup(path)
    _damage(path)
    damaged = hashlib.sha256(path.read_bytes()).hexdigest()
    aside = store_backups.restore_backup(path, store_backups.newest_good_backup(path))
    assert hashlib.sha256(aside.read_bytes()).hexdigest() == damaged
    restored = AnnotationStore.open(path)
    assert restored.load_answers("ann") == rows
    restored.close()


def test_salvage_keeps_every_readable_answer(path: Path) -> None:
    rows = _store_with_many_answers(path)
    _damage(path)
    result = store_backups.salvage(path)
    assert result.set_aside.exists()
    salvaged = AnnotationStore.open(path)
    found = salvaged.load_answers("ann")
    salvaged.close()
    assert result.answers == len(found)
    assert 0 < len(found) <= len(rows)
    for key, row in found.items():
        assert row == rows[key]


def test_salvaging_an_empty_file_starts_afresh_and_keeps_it(path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(b"")
    result = store_backups.salvage(path)
    assert result.answers == 0
    assert result.set_aside.stat().st_size == 0
    AnnotationStore.open(path).close()


def test_rescue_files_are_found_again_and_put_away_once_restored(path: Path) -> None:
    rows = [ResponseRow("calm.a", "1", "ann", ("quiet", "still")),
            ResponseRow("calm.a", "2", "ann", (), "", True)]
    written = write_rescue_file(rows, path, datetime(2026, 3, 4, 5, 6, 7))
    assert written.name == "ann-20260304-050607.tsv"
    assert [(row.key, row.substitutes, row.nil) for row in read_responses(written).rows] == [
        (row.key, row.substitutes, row.nil) for row in rows]
    # Another annotator's rescue file in the same corpus folder is not this store's.
    write_rescue_file(rows, path.with_name("ann-lee.sqlite3"))
    assert rescue_files_for(path) == [written]
    mark_restored(written)
    assert rescue_files_for(path) == []


def _stamped_store(path: Path, word: str = "plain") -> AnnotationStore:
    store = AnnotationStore.open(path)
    store.check_corpus(corpus_identity(_items(word=word), "aaaa", word))
    store.put_answer(ResponseRow("calm.a", "1", "ann", ("quiet",)))
    return store


def test_a_deleted_store_is_not_recreated_nor_backed_up_and_the_good_backups_stay(
        path: Path) -> None:
    store = _stamped_store(path)
    stamp = store.stamp()
    assert stamp is not None
    good = store_backups.make_backup(path, stamp)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    for _ in range(store_backups.KEEP_BACKUPS + 2):
        with pytest.raises(StoreError) as caught:
            store_backups.make_backup(path, stamp)
        assert caught.value.fault is StoreFault.VANISHED
        assert not path.exists()  # never re-created as a 0-byte store
    with pytest.raises(StoreError):
        store_backups.make_backup(path)  # without the stamp as well
    assert not path.exists()
    store.close()
    assert store_backups.backups_of(path) == [good]
    assert store_backups.newest_good_backup(path) == good


def test_an_empty_store_is_never_kept_as_a_backup_nor_rotates_the_good_one_out(
        path: Path) -> None:
    store = _stamped_store(path)
    stamp = store.stamp()
    good = store_backups.make_backup(path, stamp)
    store.close()
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.write_bytes(b"")
    for _ in range(store_backups.KEEP_BACKUPS + 2):
        with pytest.raises(StoreError) as caught:
            store_backups.make_backup(path)
        assert caught.value.fault is StoreFault.EMPTY
    assert store_backups.backups_of(path) == [good]
    assert path.read_bytes() == b""


def test_another_corpus_s_store_is_never_kept_as_this_one_s_backup(path: Path,
                                                                  tmp_path: Path) -> None:
    store = _stamped_store(path)
    stamp = store.stamp()
    assert stamp is not None
    good = store_backups.make_backup(path, stamp)
    foreign_path = tmp_path / "windy.sqlite3"
    _stamped_store(foreign_path, word="windy").close()
    # Swapped: another file at the path.
    os.replace(path, tmp_path / "ours.sqlite3")
    shutil.copyfile(foreign_path, path)
    with pytest.raises(StoreError) as swapped:
        store_backups.make_backup(path, stamp)
    assert swapped.value.fault is StoreFault.VANISHED
    assert "another file" in str(swapped.value)
    store.close()
    # Copied over in place: the same file (device and inode), another corpus inside.
    path.unlink()
    os.replace(tmp_path / "ours.sqlite3", path)
    store = _stamped_store(path)
    stamp = store.stamp()
    store.close()
    shutil.copyfile(foreign_path, path)
    assert stamp is not None and os.stat(path).st_ino == stamp.inode
    with pytest.raises(StoreError) as copied_over:
        store_backups.make_backup(path, stamp)
    assert copied_over.value.fault is StoreFault.OTHER_CORPUS
    assert store_backups.backups_of(path) == [good]
