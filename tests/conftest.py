"""Test-wide setup: Qt runs offscreen, and no test touches the user's settings or data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# No result may depend on the machine's speed: a busy CI host must not fail a property test for
# taking longer than Hypothesis's default 200 ms per example, nor for generating data slowly.
settings.register_profile("lexsub", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("lexsub")

REPO_ROOT = Path(__file__).resolve().parent.parent
DEMO_DIR = REPO_ROOT / "data" / "demo"


#: Fixtures that start the throwaway PostgreSQL server (tests/postgres_server.py).
_SERVER_FIXTURES = frozenset({"postgres_server", "logged_postgres_server", "campaign_url"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Markers the quick run (`make test-quick`: -m "not slow and not gui and not postgres")
    selects by, given from what a test uses so that none is forgotten: ``gui`` for a test of a
    test_gui_* file or one using qtbot, ``postgres`` for one needing the PostgreSQL server."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if "qtbot" in fixtures or item.path.name.startswith("test_gui_"):
            item.add_marker(pytest.mark.gui)
        if fixtures & _SERVER_FIXTURES:
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory: pytest.TempPathFactory,
                        monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point every settings and data location at a fresh temporary directory."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("LEXSUB_STUDIO_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    return home


@pytest.fixture()
def demo_dir() -> Path:
    return DEMO_DIR


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """A small corpus for the window's tests, with the annotator's name already given."""
    from gui_support import set_annotator, write_small_corpus

    set_annotator("tester")
    return write_small_corpus(tmp_path)


@pytest.fixture(scope="session")
def postgres_server():
    """One throwaway PostgreSQL server for the whole session (tests/postgres_server.py).

    Skipped with the reason when none can be started here, except in CI (CI=true), where a
    server that does not start is a failure."""
    from postgres_server import ServerUnavailable, start_server

    try:
        server = start_server()
    except ServerUnavailable as error:
        if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
            pytest.fail(f"CI needs a PostgreSQL server for the campaign tests: {error}")
        pytest.skip(f"no PostgreSQL server could be started: {error}")
    yield server
    server.remove()


@pytest.fixture(scope="session")
def logged_postgres_server():
    """A second throwaway server, logging every statement (``log_statement=all``) to its log
    file and speaking TLS with a certificate of a throwaway CA (``ca_file``): where the tests
    look for passwords that must never be there, check ``sslmode=verify-full``, and restore
    backups made on the first."""
    from postgres_server import ServerUnavailable, start_server

    try:
        server = start_server({"log_statement": "all"}, tls=True)
    except ServerUnavailable as error:
        if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
            pytest.fail(f"CI needs a PostgreSQL server for the campaign tests: {error}")
        pytest.skip(f"no PostgreSQL server could be started: {error}")
    yield server
    server.remove()


@pytest.fixture()
def campaign_url(postgres_server, request: pytest.FixtureRequest) -> str:
    """The superuser's URL of a fresh, empty database on the session's server."""
    import re

    import psycopg

    name = "t_" + re.sub(r"[^a-z0-9]+", "_", request.node.name.lower())[:50]
    with psycopg.connect(postgres_server.url(), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    return postgres_server.url(database=name)


class ModalDialogOpened(AssertionError):
    """A test reached a modal dialog nobody answers: offscreen it would wait for ever."""


@pytest.fixture(autouse=True)
def _modal_dialogs_fail_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """A modal dialog a test did not answer fails that test at once, naming the dialog, instead
    of leaving the whole run waiting. Tests that answer a dialog patch it themselves (their
    monkeypatch comes later and wins)."""
    try:
        from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox
    except ImportError:  # the core's tests run without Qt too
        return

    def refuse(what: str):
        def opened(*args: object, **kwargs: object) -> None:
            texts = [str(arg) for arg in args if isinstance(arg, str)]
            raise ModalDialogOpened(f"a modal {what} opened unanswered: {texts[:2]}")
        return opened

    for owner, names in ((QDialog, ("exec",)), (QMessageBox, ("exec", "question", "warning",
                                                               "critical", "information",
                                                               "about")),
                         (QInputDialog, ("getText", "getInt", "getDouble", "getItem")),
                         (QFileDialog, ("exec", "getOpenFileName", "getOpenFileNames",
                                        "getSaveFileName", "getExistingDirectory"))):
        for name in names:
            monkeypatch.setattr(owner, name, refuse(f"{owner.__name__}.{name}"))
