"""The optional parts (extras): campaigns need psycopg (``lexsub-studio[campaign]``), the WordNet
baseline nltk (``lexsub-studio[wordnet]``). Without them the command line and the GUI say which
extra to install, never a traceback. A missing package is simulated by making its import fail."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from wordnet_fixture import write_wordnet_fixture

from lexsub_studio.cli.main import main
from lexsub_studio.core.dataset.baselines import wordnet as wordnet_module
from lexsub_studio.core.runtime import extras, licences
from lexsub_studio.paths import demo_corpus

CAMPAIGN_ADVICE = "pip install 'lexsub-studio[campaign]'"
WORDNET_ADVICE = "pip install 'lexsub-studio[wordnet]'"


@pytest.fixture()
def without_psycopg(monkeypatch: pytest.MonkeyPatch) -> None:
    # A None entry in sys.modules makes `import psycopg` raise ImportError.
    for name in [name for name in sys.modules if name.split(".")[0] == "psycopg"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "psycopg", None)


@pytest.fixture()
def without_nltk(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in sys.modules if name.split(".")[0] == "nltk"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "nltk", None)
    wordnet_module._reader_class.cache_clear()
    yield
    wordnet_module._reader_class.cache_clear()


def test_the_missing_extra_is_named_with_its_install_command(without_psycopg) -> None:
    with pytest.raises(extras.MissingExtra) as caught:
        extras.require(extras.CAMPAIGN)
    assert str(caught.value) == ("campaigns on a PostgreSQL server need the Python package "
                                 f"psycopg, which is not installed; install it with "
                                 f"{CAMPAIGN_ADVICE}")
    assert not extras.is_installed(extras.CAMPAIGN)


def test_lexsub_campaign_without_psycopg_names_the_extra(without_psycopg,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    code = main(["campaign", "status", "postgresql://organiser@localhost:1/lexsub",
                 "--campaign", "round"])
    err = capsys.readouterr().err
    assert code == 2
    assert CAMPAIGN_ADVICE in err
    assert "Traceback" not in err


def test_lexsub_baseline_wordnet_without_nltk_names_the_extra(
        without_nltk, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = write_wordnet_fixture(tmp_path / "wordnet")
    code = main(["baseline", "wordnet", str(demo_corpus()), "--wordnet", str(database),
                 "-o", str(tmp_path / "wn")])
    err = capsys.readouterr().err
    assert code == 2
    assert WORDNET_ADVICE in err
    assert not list(tmp_path.glob("wn*"))


def test_judge_make_wordnet_without_nltk_names_the_extra(
        without_nltk, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = write_wordnet_fixture(tmp_path / "wordnet")
    code = main(["judge", "make", str(demo_corpus()), "--wordnet", str(database),
                 "-o", str(tmp_path / "task.json")])
    assert code == 2
    assert WORDNET_ADVICE in capsys.readouterr().err
    assert not (tmp_path / "task.json").exists()


def test_the_app_lists_its_optional_parts_libraries_but_not_its_tools() -> None:
    assert licences._requirement_name('nltk>=3.10; extra == "wordnet"',
                                      licences.RUNTIME_EXTRAS) == "nltk"
    assert licences._requirement_name("psycopg[binary]>=3.1; extra == 'campaign'",
                                      licences.RUNTIME_EXTRAS) == "psycopg"
    assert licences._requirement_name('pytest>=8; extra == "test"',
                                      licences.RUNTIME_EXTRAS) is None
    # psycopg's own binary extra is followed where the app asks for it.
    assert licences._requested_extras("psycopg[binary]>=3.1") == ("binary",)
    assert licences._requirement_name('psycopg-binary==3.2; extra == "binary"',
                                      ("binary",)) == "psycopg-binary"
    assert licences._requirement_name('psycopg-pool; extra == "pool"', ("binary",)) is None


@pytest.mark.gui
def test_open_campaign_without_psycopg_shows_a_message_naming_the_extra(
        without_psycopg, qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    from gui_support import make_window

    from lexsub_studio.gui import dialogs

    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda _parent, title, error: shown.append(
        (title, dialogs.error_text(error))))
    window = make_window(qtbot)
    gold = window.workspaces["gold"]
    # What Organiser › Campaign… calls.
    assert gold.campaign_requested() is None
    assert shown == [("Campaigns", extras.CAMPAIGN.missing_text())]
    assert gold.campaign_monitor is None


@pytest.mark.gui
def test_a_wordnet_baseline_without_nltk_names_the_extra_in_the_panel(
        without_nltk, qtbot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from gui_dataset_support import main_window_with
    from gui_support import open_and_wait, set_annotator

    from lexsub_studio.gui import dialogs

    set_annotator("tester")
    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    window = main_window_with(qtbot, monkeypatch)
    open_and_wait(qtbot, window, demo_corpus())
    window.show_workspace("dataset")
    panel = window.workspaces["dataset"].baselines
    panel.kind_combo.setCurrentIndex(panel.kind_combo.findData("wordnet"))
    panel.wordnet_edit.setText(str(write_wordnet_fixture(tmp_path / "wordnet")))
    panel.prefix_edit.setText(str(tmp_path / "wn"))
    task = window.workspaces["dataset"].generate()
    assert task is not None
    qtbot.waitUntil(lambda: task.is_finished, timeout=30000)
    assert panel.baseline_message.text() == "No baseline: " + extras.WORDNET.missing_text()
    assert not (tmp_path / "wn.best").exists()
    window.close()
