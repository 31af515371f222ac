"""The annotation store: durability settings, schema versions, answers, position, settings paths."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexsub_studio.core.annotation.store import SCHEMA_VERSION, AnnotationStore
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.runtime import settings_paths


@pytest.fixture()
def store(tmp_path: Path) -> AnnotationStore:
    opened = AnnotationStore.open(tmp_path / "work.sqlite3")
    yield opened
    opened.close()


def test_store_runs_in_wal_mode_with_full_sync(store: AnnotationStore) -> None:
    assert store.pragma("journal_mode") == "wal"
    # 2 is FULL: each commit is fsynced, so a power cut loses nothing committed either.
    assert store.pragma("synchronous") == 2
    assert store.schema_version() == SCHEMA_VERSION


def test_answers_round_trip_and_replace(store: AnnotationStore) -> None:
    first = ResponseRow("bright.a", "1", "ann", ("clever", "smart"), "", False, False, "", 12.5)
    store.put_answer(first)
    store.put_answer(ResponseRow("bright.a", "2", "ann", (), "", True, False, "hard one", 3.0))
    changed = ResponseRow("bright.a", "1", "ann", ("intelligent",), "", False, False, "", 20.0)
    store.put_answer(changed)
    answers = store.load_answers("ann")
    assert answers == {
        ("bright.a", "1"): changed,
        ("bright.a", "2"): ResponseRow("bright.a", "2", "ann", (), "", True, False, "hard one",
                                       3.0),
    }
    store.delete_answer(("bright.a", "2"))
    assert set(store.load_answers("ann")) == {("bright.a", "1")}


def test_each_change_is_visible_to_another_connection_at_once(tmp_path: Path) -> None:
    store = AnnotationStore.open(tmp_path / "s.sqlite3")
    store.put_answer(ResponseRow("x.n", "7", "ann", ("thing",)))
    # A second, independent connection sees the row: it was committed, not left in a
    # pending transaction.
    other = sqlite3.connect(tmp_path / "s.sqlite3")
    rows = other.execute("SELECT lexelt, id, sub1 FROM answers").fetchall()
    assert rows == [("x.n", "7", "thing")]
    other.close()
    store.close()


def test_apply_changes_is_one_transaction(store: AnnotationStore) -> None:
    store.put_answer(ResponseRow("a.n", "1", "ann", ("one",)))
    bad = ResponseRow("a.n", "3", "ann", ("1", "2", "3", "4"))  # four substitutes: refused
    with pytest.raises(ValueError, match="at most three"):
        store.apply_changes([ResponseRow("a.n", "2", "ann", ("two",)), bad], [("a.n", "1")])
    # Nothing of the failed change landed: the delete and the first insert were rolled back.
    assert set(store.load_answers("ann")) == {("a.n", "1")}


def test_position_is_remembered(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    store = AnnotationStore.open(path)
    assert store.position() is None
    store.set_position(("fair.a", "9"))
    store.close()
    reopened = AnnotationStore.open(path)
    assert reopened.position() == ("fair.a", "9")
    reopened.close()


def test_store_written_by_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    AnnotationStore.open(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    db.commit()
    db.close()
    with pytest.raises(InputError) as caught:
        AnnotationStore.open(path)
    assert caught.value.diagnostic.code == "store-too-new"
    assert "newer version" in caught.value.diagnostic.message


def test_a_file_that_is_not_a_store_gives_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"this is not a database, just text that is long enough " * 40)
    with pytest.raises(InputError) as caught:
        AnnotationStore.open(path)
    assert caught.value.diagnostic.code == "store-damaged"
    assert caught.value.diagnostic.path == str(path)


def test_version_zero_store_is_migrated(tmp_path: Path) -> None:
    # A file with only the version table at 0 (as a crash during creation could leave it).
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (0)")
    db.commit()
    db.close()
    store = AnnotationStore.open(path)
    assert store.schema_version() == SCHEMA_VERSION
    store.put_answer(ResponseRow("a.n", "1", "ann", ("x",)))
    assert store.answer_count() == 1
    store.close()


def test_store_refuses_a_second_annotator_with_a_clashing_file_name(store: AnnotationStore) -> None:
    store.claim_annotator("Ann Lee")
    store.claim_annotator("Ann Lee")  # the owner again: fine
    with pytest.raises(InputError, match="belongs to annotator 'Ann Lee'"):
        store.claim_annotator("Ann_Lee")


_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
                max_size=20)


@pytest.mark.slow
@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(subs=st.lists(_text.filter(bool), max_size=3), multiword=_text, comment=_text,
       nil=st.booleans(), proper=st.booleans(),
       seconds=st.none() | st.floats(min_value=0, max_value=1e6, allow_nan=False))
def test_any_answer_survives_the_store(tmp_path: Path, subs: list[str], multiword: str,
                                       comment: str, nil: bool, proper: bool,
                                       seconds: float | None) -> None:
    store = AnnotationStore.open(tmp_path / "h.sqlite3")
    row = ResponseRow("w.v", "1", "ann", tuple(subs), multiword, nil, proper, comment, seconds)
    store.put_answer(row)
    assert store.load_answers("ann")[("w.v", "1")] == row
    store.close()


def test_studio_home_honours_the_environment(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEXSUB_STUDIO_HOME", str(tmp_path / "studio"))
    assert settings_paths.studio_home() == tmp_path / "studio"
    assert settings_paths.settings_file() == tmp_path / "studio" / "settings.ini"
    path = settings_paths.store_path("demo", "0123456789abcdef", "Ann Lee")
    assert path == tmp_path / "studio" / "stores" / "demo-0123456789abcdef" / "Ann_Lee.sqlite3"


def test_without_override_the_xdg_data_directory_is_used(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LEXSUB_STUDIO_HOME")
    monkeypatch.setattr(settings_paths.sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert settings_paths.studio_home() == tmp_path / "xdg" / "lexsub-studio"


def test_content_digest_depends_on_bytes_not_name(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.xml", tmp_path / "b.xml", tmp_path / "c.xml"
    a.write_bytes(b"<corpus/>")
    b.write_bytes(b"<corpus/>")
    c.write_bytes(b"<corpus />")
    assert settings_paths.content_digest(a) == settings_paths.content_digest(b)
    assert settings_paths.content_digest(a) != settings_paths.content_digest(c)
    # The first 16 hex digits of SHA-256("<corpus/>").
    import hashlib
    assert settings_paths.content_digest(a) == hashlib.sha256(b"<corpus/>").hexdigest()[:16]


@pytest.mark.parametrize(("name", "expected"), [
    ("Ann Lee", "Ann_Lee"), ("  ../etc/passwd ", "etc_passwd"), ("", "unnamed"), ("Zoë", "Zoë"),
])
def test_slug_makes_safe_file_names(name: str, expected: str) -> None:
    assert settings_paths.slug(name) == expected


def test_a_relative_xdg_data_home_is_ignored(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # The XDG specification: a relative path is invalid and ignored. Taking it would put the
    # stores wherever the program happened to be started, and lose them from the next folder.
    monkeypatch.delenv("LEXSUB_STUDIO_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")
    home = settings_paths.studio_home()
    assert home.is_absolute()
    assert home == tmp_path / "user" / ".local" / "share" / "lexsub-studio"


def test_the_log_folder_follows_the_studio_home_or_the_platform(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEXSUB_STUDIO_HOME", str(tmp_path / "studio"))
    assert settings_paths.log_dir() == tmp_path / "studio" / "logs"
    monkeypatch.delenv("LEXSUB_STUDIO_HOME")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert settings_paths.log_dir() == tmp_path / "state" / "lexsub-studio" / "log"
