"""Damaged and hostile files opened in the GUI: a dialog with a clear sentence, never a raw
exception text; a DOCTYPE naming an outside file opens the corpus normally."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest
from gui_support import make_window, set_annotator

from lexsub_studio.gui import dialogs
from lexsub_studio.gui.window import opening

pytestmark = pytest.mark.gui

_BODY = ('<corpus lang="english">\n<lexelt item="lamp.n">\n<instance id="7"{extra}>\n'
         "<context>She switched on the <head>lamp</head> by the bed .</context>\n"
         "</instance>\n</lexelt>\n</corpus>\n")


@pytest.fixture()
def shown(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The dialogs' titles and texts, recorded instead of shown (exec() would block)."""
    seen: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, error: seen.append(
        (title, dialogs.error_text(error))))
    monkeypatch.setattr(dialogs, "show_problems", lambda parent, title, diagnostics: None)
    return seen


def test_a_corpus_with_too_many_attributes_gives_a_dialog_naming_file_and_line(
        qtbot, tmp_path: Path, shown: list[tuple[str, str]]) -> None:
    set_annotator("tester")
    extra = "".join(f' a{number}="1"' for number in range(5000))
    corpus = tmp_path / "wide.xml"
    corpus.write_text(_BODY.format(extra=extra), encoding="utf-8")
    window = make_window(qtbot)
    with qtbot.waitSignal(window.open_failed, timeout=15000) as failed:
        window.open_path(str(corpus))
    assert failed.args[0].startswith(f"{corpus}:3")
    assert shown[-1][0] == "Cannot open the file"
    assert "has 5,001 attributes" in shown[-1][1]
    window.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs need a POSIX system")
def test_a_corpus_whose_doctype_names_a_fifo_opens_normally(
        qtbot, tmp_path: Path, shown: list[tuple[str, str]]) -> None:
    set_annotator("tester")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    corpus = tmp_path / "named.xml"
    corpus.write_text(f'<!DOCTYPE corpus SYSTEM "{fifo}">\n' + _BODY.format(extra=""),
                      encoding="utf-8")
    window = make_window(qtbot)
    try:
        with qtbot.waitSignal(window.session_opened, timeout=15000):
            window.open_path(str(corpus))
    finally:
        _release_a_blocked_reader(fifo)
    assert window.state.session is not None
    assert shown == []
    window.close()


def _release_a_blocked_reader(fifo: Path) -> None:
    """Had the reader opened the FIFO, it would wait for a writer for ever: give it one that
    closes at once, so that a failing test fails instead of hanging."""
    with contextlib.suppress(OSError):  # no reader: the FIFO was never opened, as it should be
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def test_an_internal_error_while_opening_is_a_sentence_with_a_log(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        shown: list[tuple[str, str]], _isolated_user_dirs: Path) -> None:
    def explode(path: str) -> None:
        raise KeyError(0)

    monkeypatch.setattr(opening, "read_source", explode)
    corpus = tmp_path / "any.xml"
    corpus.write_text(_BODY.format(extra=""), encoding="utf-8")
    window = make_window(qtbot)
    with qtbot.waitSignal(window.open_failed, timeout=15000) as failed:
        window.open_path(str(corpus))
    text = shown[-1][1]
    assert failed.args[0] == text
    assert text.startswith("An internal error stopped this (a fault in LexSub Studio")
    assert "KeyError" not in text
    [log] = (_isolated_user_dirs / "logs").iterdir()  # one log, though the text was asked twice
    assert str(log) in text and "KeyError: 0" in log.read_text(encoding="utf-8")
    window.close()


def test_messages_raised_for_people_are_shown_as_written() -> None:
    assert dialogs.error_text(ValueError("lamp.n 7: substitute 'a;b' cannot be written")) == \
        "lamp.n 7: substitute 'a;b' cannot be written"
    assert "ran out of memory" in dialogs.error_text(MemoryError())


def test_the_programs_own_exceptions_keep_their_sentence() -> None:
    from lexsub_studio.core.dataset.baselines.wordnet import WordNetUnavailable

    assert dialogs.error_text(WordNetUnavailable("no WordNet database in /x")) == \
        "no WordNet database in /x"
