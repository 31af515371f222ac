"""The campaign window's Export answers… and Open in Gold & Agreement, and the status bar's
refused answers, on a real server."""

from __future__ import annotations

from pathlib import Path

import pytest
from campaign_fixtures import made_up_corpus
from gui_support import make_window, open_and_wait, set_annotator
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from lexsub_studio.core.annotation.campaign.db import assign, connect, init_campaign
from lexsub_studio.core.annotation.campaign.export import export_file_names, workspace_folder
from lexsub_studio.core.annotation.campaign.join import join_campaign, store_for
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.gui import dialogs

pytestmark = pytest.mark.gui


def _push(url: str, annotator: str, key: tuple[str, str], word: str) -> None:
    with connect(url) as db:
        db.execute("SELECT lexsub.push_answer('round', %s, %s, %s, %s, '', '', '', false, false, "
                   "'a note', 4.5, false, 1, 'laptop', now())", (annotator, *key, word))
        db.commit()


def _campaign(url: str) -> None:
    corpus, xml = made_up_corpus(2)
    init_campaign(url, "round", "Round", corpus, xml)
    assign(url, "round", ["amira", "Zoë"], 2, 5)
    for annotator, word in (("amira", "vivid"), ("Zoë", "shiny")):
        _push(url, annotator, ("bright.a", "1"), word)
        _push(url, annotator, ("bright.a", "2"), "clear")


def _monitor(qtbot, url: str):
    window = make_window(qtbot)
    gold = window.workspaces["gold"]
    monitor = gold.open_campaign_monitor()
    monitor.url_edit.setText(url)
    monitor.name_edit.setText("round")
    return gold, monitor


def test_export_answers_writes_a_file_per_annotator_and_names_them(
        qtbot, campaign_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _campaign(campaign_url)
    _, monitor = _monitor(qtbot, campaign_url)
    folder = tmp_path / "answers"
    folder.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args: str(folder))
    answers = monitor.answers
    with qtbot.waitSignal(answers.exported, timeout=20000) as done:
        qtbot.mouseClick(answers.export_button, Qt.MouseButton.LeftButton)
    names = export_file_names(["amira", "Zoë"])
    assert sorted(path.name for path in folder.iterdir()) == sorted(names.values())
    assert done.args[0].answers == 4
    text = answers.message.text()
    assert all(f"{name}: {file_name} (2 answers)" in text for name, file_name in names.items())
    assert (folder / names["amira"]).read_text(encoding="utf-8").splitlines()[2] == (
        "bright.a\t1\tamira\tvivid\t\t\t\t0\t0\ta note\t4.5")
    assert answers.export_button.isEnabled()
    # A folder holding files is used only when the organiser agrees.
    asked = []
    monkeypatch.setattr(dialogs, "confirm", lambda *args: asked.append(args[2]) or False)
    assert answers.choose_and_export() is None
    assert "holds 2 file(s) already" in asked[0]
    monitor.close()


def test_open_in_gold_adds_the_answers_and_reads_them_again_after_a_change(
        qtbot, campaign_url: str) -> None:
    _campaign(campaign_url)
    gold, monitor = _monitor(qtbot, campaign_url)
    answers = monitor.answers
    with (qtbot.waitSignal(gold.analysis_ready, timeout=30000),
          qtbot.waitSignal(answers.exported, timeout=20000)):
        qtbot.mouseClick(answers.gold_button, Qt.MouseButton.LeftButton)
    folder = workspace_folder(campaign_url, "round")
    assert sorted(gold.sources.paths()) == sorted(str(path.resolve())
                                                  for path in folder.glob("*.tsv"))
    assert len(gold.sources.paths()) == 2
    assert str(folder) in answers.message.text()
    assert gold.analysis is not None and gold.analysis.pooled.n_items == 2
    # A new answer on the server: opening again reads the files again, nothing is doubled.
    _push(campaign_url, "amira", ("charge.n", "3"), "fee")
    _push(campaign_url, "Zoë", ("charge.n", "3"), "fee")
    with qtbot.waitSignal(gold.analysis_ready, timeout=30000):
        assert answers.open_in_gold() is not None
    assert len(gold.sources.paths()) == 2
    assert gold.analysis.pooled.n_items == 3
    monitor.close()


def test_without_a_campaign_named_the_buttons_say_what_is_missing(qtbot) -> None:
    window = make_window(qtbot)
    monitor = window.workspaces["gold"].open_campaign_monitor()
    assert monitor.answers.open_in_gold() is None
    assert "URL" in monitor.answers.message.text()
    monitor.close()


def test_the_status_bar_counts_a_refused_answer_and_gives_the_reason(qtbot, campaign_url: str
                                                                     ) -> None:
    corpus, xml = made_up_corpus(2)
    init_campaign(campaign_url, "round", "Round", corpus, xml)
    link = join_campaign(assign(campaign_url, "round", ["amira"], 1, 5).new_links[0])
    store = AnnotationStore.open(store_for(link))
    store.put_answer(ResponseRow("bright.a", "1", "amira", ("vivid",), comment="a \x00 NUL"))
    store.put_answer(ResponseRow("bright.a", "2", "amira", ("shiny",)))
    store.close()
    set_annotator("amira")
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, Path(link.corpus_file))
    label = workspace.status.campaign_label
    qtbot.waitUntil(lambda: label.text() == "round: synced, 1 answer refused", timeout=15000)
    assert "bright.a 1: the server refused it" in label.toolTip()
    assert "NUL" in label.toolTip()
    with connect(campaign_url) as db:
        assert db.execute("SELECT lexelt, id FROM lexsub.answers").fetchall() == [
            ("bright.a", "2")]
    window.state.close_session()
