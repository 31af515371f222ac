"""Notes about a file that opened go to a non-modal bar with a Details link, in plain words;
only a file that cannot be opened gets a dialog."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_support import SMALL_CORPUS, make_window, open_and_wait, set_annotator
from PySide6.QtWidgets import QApplication, QMessageBox, QPlainTextEdit

from lexsub_studio.gui import dialogs

pytestmark = pytest.mark.gui


@pytest.fixture()
def dialogs_shown(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(dialogs, "show_problems", lambda parent, title, diagnostics:
                        shown.append(title))
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, error: shown.append(title))
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box.text()))
    return shown


def _noted_corpus(directory: Path) -> Path:
    # A C1 control character and a double-encoded "é", as old conversions leave them.
    text = SMALL_CORPUS.replace("got extra reading", "got extra\u0085 reading").replace(
        "a seat", "a cafÃ© seat")
    path = directory / "noted.xml"
    path.write_text(text, encoding="utf-8")
    return path


def test_notes_go_to_a_bar_not_a_modal_box(qtbot, tmp_path: Path,
                                          dialogs_shown: list[str]) -> None:
    set_annotator("tester")
    corpus = _noted_corpus(tmp_path)
    window = make_window(qtbot)
    open_and_wait(qtbot, window, corpus)
    assert dialogs_shown == []
    assert QApplication.activeModalWidget() is None
    bar = window.notes_bar
    assert bar.isVisible()
    text = bar.message.text()
    # Damaged characters are the organiser's to mend: said in plain words, sent to them.
    assert "noted.xml is open." in text and "tell your organiser (2 notes in Details" in text
    assert "Details" in text
    # Plain words, not the readers' codes.
    assert "c1-controls" not in text and "double-encoded" not in text
    details = bar.show_details()
    assert details.isVisible() and not details.isModal()
    listed = details.findChild(QPlainTextEdit, "fileNotesText").toPlainText().splitlines()
    assert len(listed) == 2
    assert all(line.startswith("line ") for line in listed)
    assert "c1-controls" not in "\n".join(listed)
    # The annotator can type on while the details are open.
    workspace = window.workspaces["annotate"]
    assert workspace.editor.form.sub_edits[0].isEnabled()
    window.close_session()
    assert not bar.isVisible()
    window.close()


def test_a_clean_file_shows_no_bar_and_a_broken_one_still_gets_a_dialog(
        qtbot, tmp_path: Path, dialogs_shown: list[str]) -> None:
    set_annotator("tester")
    clean = tmp_path / "clean.xml"
    clean.write_text(SMALL_CORPUS, encoding="utf-8")
    window = make_window(qtbot)
    open_and_wait(qtbot, window, clean)
    assert not window.notes_bar.isVisible()
    broken = tmp_path / "broken.xml"
    broken.write_text("<corpus><lexelt item='x.n'>", encoding="utf-8")
    with qtbot.waitSignal(window.open_failed, timeout=15000):
        window.open_path(str(broken))
    assert dialogs_shown == ["Cannot open the file"]
    window.close()


def test_the_busy_bar_is_gone_when_the_error_dialog_shows(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    set_annotator("tester")
    window = make_window(qtbot)
    busy_while_shown: list[bool] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, error: busy_while_shown.append(
        window.opener._loading_indicator.progress.isVisible()))
    broken = tmp_path / "broken.xml"
    broken.write_text("<corpus><lexelt item='x.n'>", encoding="utf-8")
    with qtbot.waitSignal(window.open_failed, timeout=15000):
        window.open_path(str(broken))
    assert busy_while_shown == [False]
    window.close()
