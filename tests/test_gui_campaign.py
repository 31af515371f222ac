"""The campaign in the GUI: the status bar's sync state, and the organiser's live view."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from campaign_fixtures import made_up_corpus
from gui_support import make_window, open_and_wait, set_annotator
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from lexsub_studio.core.annotation.campaign.db import assign, connect, init_campaign
from lexsub_studio.core.annotation.campaign.join import join_campaign
from lexsub_studio.core.annotation.campaign.link import CampaignLink, save_link
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.gui.annotate.instance_model import WORK_INDEX_ROLE

pytestmark = pytest.mark.gui


def _joined(url: str, annotators: list[str]) -> dict[str, CampaignLink]:
    corpus, xml = made_up_corpus(2)
    init_campaign(url, "round", "Round", corpus, xml)
    links = {link.annotator: link for link in assign(url, "round", annotators, 1, 5).new_links}
    return {name: join_campaign(link) for name, link in links.items()}


def test_answers_sync_in_the_background_and_the_bar_says_so(qtbot, campaign_url: str) -> None:
    link = _joined(campaign_url, ["amira"])["amira"]
    set_annotator("amira")
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, Path(link.corpus_file))
    label = workspace.status.campaign_label
    assert label.isVisibleTo(window)
    qtbot.waitUntil(lambda: label.text() == "round: synced", timeout=15000)
    work = workspace.work
    assert work is not None
    work.commit(0, ResponseRow(*work.items[0].key, "amira", ("vivid",)))
    with connect(campaign_url) as db:
        def on_server() -> bool:
            return db.execute("SELECT count(*) FROM lexsub.answers").fetchone()[0] == 1
        qtbot.waitUntil(on_server, timeout=15000)
    qtbot.waitUntil(lambda: label.text() == "round: synced", timeout=15000)
    window.state.close_session()
    assert not label.isVisibleTo(window)


def _assigned_on_server(url: str, annotator: str) -> set[tuple[str, str]]:
    with connect(url) as db:
        return {(str(lexelt), str(id_)) for lexelt, id_ in db.execute(
            "SELECT lexelt, id FROM lexsub.assignments WHERE annotator = %s", (annotator,))}


def _keys_listed(workspace) -> set[tuple[str, str]]:
    work, proxy = workspace.work, workspace.instances.proxy
    return {work.items[proxy.index(row, 0).data(WORK_INDEX_ROLE)].key
            for row in range(proxy.rowCount())}


def test_annotate_follows_the_assignment_and_its_changes_without_a_restart(
        qtbot, campaign_url: str) -> None:
    corpus, xml = made_up_corpus(2)
    init_campaign(campaign_url, "round", "Round", corpus, xml)
    new_links = assign(campaign_url, "round", ["amira", "bruno"], 1, 5).new_links
    link = join_campaign(next(link for link in new_links if link.annotator == "amira"))
    mine = _assigned_on_server(campaign_url, "amira")
    assert 0 < len(mine) < 8  # the corpus has 8 instances, shared out between two
    set_annotator("amira")
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, Path(link.corpus_file))
    work = workspace.work
    assert work is not None and len(work) == 8
    qtbot.waitUntil(lambda: _keys_listed(workspace) == mine, timeout=15000)
    assert workspace.instances.list_count.text() == f"{len(mine)} instances assigned to you"
    assert workspace.status.progress_bar.maximum() == len(mine)
    # Enter (save and next unfinished) walks through the assigned instances only.
    answered = set()
    for _ in mine:
        assert work.items[workspace.current].key in mine
        workspace.editor.form.focus_first()
        qtbot.keyClicks(QApplication.focusWidget(), "vivid")
        answered.add(work.items[workspace.current].key)
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert answered == mine
    progress_bar = workspace.status.progress_bar
    assert progress_bar.value() == progress_bar.maximum() == len(mine)

    # The organiser gives amira every instance: the next sync narrows the list anew.
    assign(campaign_url, "round", ["amira", "bruno"], 2, 5)
    everything = _assigned_on_server(campaign_url, "amira")
    assert len(everything) == 8
    workspace.status.campaign_label.sync.wake()
    qtbot.waitUntil(lambda: _keys_listed(workspace) == everything, timeout=15000)
    assert workspace.status.progress_bar.maximum() == 8
    assert workspace.status.progress_bar.value() == len(mine)
    following = work.next_unfinished(workspace.current)
    assert following is not None and work.items[following].key not in mine
    window.state.close_session()


def test_an_unreachable_server_shows_offline_and_keeps_the_answers(qtbot, campaign_url: str
                                                                   ) -> None:
    link = _joined(campaign_url, ["amira"])["amira"]
    port = link.url.split("@")[-1].split("/")[0].rsplit(":", 1)[1]
    save_link(CampaignLink(link.url.replace(f":{port}/", ":1/"), link.campaign, link.annotator,
                           link.role, link.password, link.corpus_file, link.corpus_digest))
    set_annotator("amira")
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, Path(link.corpus_file))
    work = workspace.work
    assert work is not None
    work.commit(1, ResponseRow(*work.items[1].key, "amira", ("calm",)))
    label = workspace.status.campaign_label
    qtbot.waitUntil(lambda: label.text().startswith("round: offline"), timeout=15000)
    assert "Connection refused" in label.toolTip()
    assert link.password not in label.toolTip()
    assert work.unsaved_count == 0  # the answer is in the store whatever the network does
    window.state.close_session()


def test_a_corpus_of_no_campaign_shows_no_sync(qtbot, tmp_path: Path) -> None:
    _, xml = made_up_corpus(1)
    corpus = tmp_path / "plain.xml"
    corpus.write_text(xml, encoding="utf-8")
    set_annotator("amira")
    window = make_window(qtbot)
    workspace = open_and_wait(qtbot, window, corpus)
    assert not workspace.status.campaign_label.isVisibleTo(window)
    assert workspace.status.campaign_label.sync is None


def test_gold_workspace_shows_live_progress_and_agreement(qtbot, campaign_url: str,
                                                          tmp_path: Path) -> None:
    from lexsub_studio.core.annotation.campaign.sync import CampaignSync
    from lexsub_studio.core.annotation.store import AnnotationStore

    corpus, xml = made_up_corpus(2)
    init_campaign(campaign_url, "round", "Round", corpus, xml)
    links = assign(campaign_url, "round", ["amira", "bruno"], 2, 5).new_links
    shared = ("bright.a", "1")
    for link, words in zip(links, (("vivid", "shiny"), ("vivid",)), strict=True):
        store = AnnotationStore.open(tmp_path / f"{link.annotator}.sqlite3")
        store.put_answer(ResponseRow(*shared, link.annotator, words))
        CampaignSync(store.path, link).drain()
        store.close()
    window = make_window(qtbot)
    gold = window.workspaces["gold"]
    monitor = gold.open_campaign_monitor()
    monitor.url_edit.setText(campaign_url)
    monitor.name_edit.setText("round")
    with qtbot.waitSignal(monitor.refreshed, timeout=20000):
        qtbot.mouseClick(monitor.open_button, Qt.MouseButton.LeftButton)
    table = monitor.progress_table
    cells = {table.item(row, 0).text(): (table.item(row, 1).text(), table.item(row, 2).text())
             for row in range(table.rowCount())}
    assert cells == {"amira": ("8", "1"), "bruno": ("8", "1")}
    figures = {monitor.figures_table.item(row, 0).text(): monitor.figures_table.item(row, 1)
               .text() for row in range(monitor.figures_table.rowCount())}
    # One item, two annotators: overlap {vivid} over union {vivid, shiny}.
    assert figures["Pairwise agreement"] == "0.5000"
    assert "2 annotators" in monitor.state_label.text()
    assert monitor.timer.isActive()
    # The next refresh finds nothing changed and keeps the figures it has; a new answer is
    # read and counted at the one after.
    first = monitor.snapshot
    with qtbot.waitSignal(monitor.refreshed, timeout=20000):
        monitor.refresh()
    assert monitor.snapshot.reused and monitor.snapshot.report is first.report
    with connect(campaign_url) as db:
        db.execute("UPDATE lexsub.answers SET sub1 = 'glowing' WHERE annotator = 'bruno'")
    with qtbot.waitSignal(monitor.refreshed, timeout=20000):
        monitor.refresh()
    assert not monitor.snapshot.reused
    figures = {monitor.figures_table.item(row, 0).text(): monitor.figures_table.item(row, 1)
               .text() for row in range(monitor.figures_table.rowCount())}
    assert figures["Pairwise agreement"] == "0.0000"  # {glowing} against {vivid, shiny}
    monitor.close()


def test_the_campaign_window_reports_an_unreachable_server_in_words(qtbot) -> None:
    window = make_window(qtbot)
    monitor = window.workspaces["gold"].open_campaign_monitor()
    monitor.url_edit.setText("postgresql://boss:secret-pw@127.0.0.1:1/db")
    monitor.name_edit.setText("round")
    task = monitor.refresh()
    assert task is not None
    with qtbot.waitSignal(task.finished, timeout=20000):
        pass
    text = monitor.state_label.text()
    assert "Connection refused" in text and "secret-pw" not in text
    assert "Traceback" not in text
    monitor.close()


def test_opening_a_campaign_package_offers_to_join_in_the_notes_bar(qtbot, tmp_path: Path
                                                                    ) -> None:
    from lexsub_studio.core.annotation.package import AnnotatorPackage, write_package
    from lexsub_studio.core.annotation.package_manifest import package_campaign

    corpus, _ = made_up_corpus(1)
    path = tmp_path / "amira.lexsubpkg"
    write_package(AnnotatorPackage("Round", "amira", corpus, campaign=package_campaign(
        "postgresql://db.example.org/camps", "round")), path)
    window = make_window(qtbot)
    open_and_wait(qtbot, window, path)
    source = window.state.source
    assert source is not None
    offers = [d.message for d in source.diagnostics if d.code == "campaign-offer"]
    assert len(offers) == 1 and "'round' on db.example.org/camps" in offers[0]
    assert window.notes_bar.isVisible()
    window.close()


def test_a_campaign_corpus_opened_under_another_name_says_so_at_once(
        qtbot, campaign_url: str) -> None:
    link = _joined(campaign_url, ["ann1"])["ann1"]
    set_annotator("Ann1")
    window = make_window(qtbot)
    messages: list[str] = []
    window.opener.message.connect(messages.append)
    workspace = open_and_wait(qtbot, window, Path(link.corpus_file))
    notes = html.unescape(window.notes_bar.message.text())
    assert window.notes_bar.isVisible()
    assert notes.startswith("round.xml is open. This corpus belongs to the team campaign")
    assert "campaign 'round', which this computer joined as 'ann1'" in notes
    assert "nothing you answer as 'Ann1' is sent" in notes
    assert "File › Change annotator name… and enter ann1" in notes
    assert any("joined as 'ann1'" in message for message in messages)
    label = workspace.status.campaign_label
    assert label.isVisibleTo(window)
    assert label.text() == "round: not synced as Ann1"
    assert "joined as 'ann1'" in label.toolTip()
    assert label.sync is None
    window.state.close_session()
    assert not label.isVisibleTo(window)
