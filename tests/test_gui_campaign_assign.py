"""The campaign window's pace and stuck columns, and its Re-assign and Hand over dialogs."""

from __future__ import annotations

from pathlib import Path

import pytest
from campaign_fixtures import made_up_corpus
from gui_support import make_window
from PySide6.QtCore import Qt

from lexsub_studio.core.annotation.campaign.db import assign, connect, init_campaign

pytestmark = pytest.mark.gui


def _campaign(url: str) -> None:
    corpus, xml = made_up_corpus(5)  # 20 instances
    init_campaign(url, "round", "Round", corpus, xml)
    assign(url, "round", ["amira", "bruno", "chen"], 2, seed=2)
    with connect(url) as db:
        db.execute("UPDATE lexsub.assignments SET assigned_at = now() - interval '2 days'")
        # amira answers everything assigned to her but one, two hours ago; the others nothing.
        db.execute("""INSERT INTO lexsub.answers (campaign, annotator, lexelt, id, sub1,
                                                 revision, device, changed_at, received_at)
                      SELECT campaign, annotator, lexelt, id, 'vivid', 1, 'laptop', now(),
                             now() - interval '2 hours'
                        FROM lexsub.assignments WHERE annotator = 'amira'
                       ORDER BY id::int OFFSET 1""")


def _held(url: str) -> dict[str, set[tuple[str, str]]]:
    held: dict[str, set[tuple[str, str]]] = {}
    with connect(url) as db:
        for name, lexelt, id_ in db.execute("SELECT annotator, lexelt, id "
                                             "FROM lexsub.assignments"):
            held.setdefault(name, set()).add((lexelt, id_))
    return held


def _open_monitor(qtbot, url: str):
    window = make_window(qtbot)
    monitor = window.workspaces["gold"].open_campaign_monitor()
    monitor.url_edit.setText(url)
    monitor.name_edit.setText("round")
    with qtbot.waitSignal(monitor.refreshed, timeout=20000):
        qtbot.mouseClick(monitor.open_button, Qt.MouseButton.LeftButton)
    return monitor


def _rows(table) -> dict[str, list[str]]:
    return {table.item(row, 0).text(): [table.item(row, column).text()
                                        for column in range(table.columnCount())]
            for row in range(table.rowCount())}


def test_the_window_shows_pace_and_who_is_stuck(qtbot, campaign_url: str) -> None:
    _campaign(campaign_url)
    monitor = _open_monitor(qtbot, campaign_url)
    headers = [monitor.progress_table.horizontalHeaderItem(column).text()
               for column in range(monitor.progress_table.columnCount())]
    assert headers[-3:] == ["Last answer (UTC)", "Per hour (24 h)", "Stuck"]
    rows = _rows(monitor.progress_table)
    assert rows["amira"][1:3] == ["13", "12"] and rows["amira"][-2:] == ["0.5", ""]
    assert rows["bruno"][-1] == rows["chen"][-1] == "stuck"
    monitor.stuck_spin.setValue(72)  # more patience: nobody is stuck, no new read needed
    assert {row[-1] for row in _rows(monitor.progress_table).values()} == {""}
    monitor.close()


def test_reassign_previews_then_applies_and_keeps_finished_work(qtbot, campaign_url: str,
                                                                tmp_path: Path) -> None:
    _campaign(campaign_url)
    before = _held(campaign_url)
    monitor = _open_monitor(qtbot, campaign_url)
    assert monitor.reassign_button.isEnabled()
    qtbot.mouseClick(monitor.reassign_button, Qt.MouseButton.LeftButton)
    dialog = monitor.dialog
    assert dialog is not None and dialog.objectName() == "campaignReassignDialog"
    assert dialog.annotators_edit.text() == "amira, bruno, chen"
    assert dialog.per_instance_spin.value() == 2
    assert not dialog.apply_button.isEnabled()  # nothing to apply before a preview
    dialog.annotators_edit.setText("amira, bruno, chen, dana")
    dialog.invitations_edit.setText(str(tmp_path / "invitations"))
    with qtbot.waitSignal(dialog.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    rows = _rows(dialog.preview_table)
    assert rows["dana"][1] == "0" and int(rows["dana"][4]) > 0
    assert rows["amira"][2] == "12"  # her finished work, kept
    assert _held(campaign_url) == before  # a preview changes nothing
    qtbot.waitUntil(dialog.apply_button.isEnabled, timeout=5000)
    # Changing an input after the preview asks for a new one.
    dialog.seed_spin.setValue(5)
    assert not dialog.apply_button.isEnabled()
    with qtbot.waitSignal(dialog.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(dialog.apply_button.isEnabled, timeout=5000)
    with qtbot.waitSignal(monitor.refreshed, timeout=20000):
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    after = _held(campaign_url)
    amira_done = before["amira"] - {min(before["amira"], key=lambda key: int(key[1]))}
    assert amira_done <= after["amira"] and after["dana"]
    assert (tmp_path / "invitations" / "dana.invitation.json").is_file()
    assert "dana" in _rows(monitor.progress_table)
    assert "invitation(s) written" in dialog.state_label.text()
    monitor.close()


def test_handover_previews_then_moves_only_unfinished_work(qtbot, campaign_url: str) -> None:
    _campaign(campaign_url)
    before = _held(campaign_url)
    monitor = _open_monitor(qtbot, campaign_url)
    qtbot.mouseClick(monitor.handover_button, Qt.MouseButton.LeftButton)
    dialog = monitor.dialog
    assert dialog is not None and dialog.objectName() == "campaignHandoverDialog"
    dialog.source_combo.setCurrentText("bruno")
    for row in range(dialog.targets_list.count()):
        item = dialog.targets_list.item(row)
        if item.text() == "chen":
            item.setCheckState(Qt.CheckState.Checked)
    with qtbot.waitSignal(dialog.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    assert "would go to: chen" in dialog.state_label.text()
    assert _held(campaign_url) == before
    qtbot.waitUntil(dialog.apply_button.isEnabled, timeout=5000)
    with qtbot.waitSignal(dialog.applied, timeout=20000):
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    after = _held(campaign_url)
    # He had answered nothing: everything went but what chen already holds (it stays his).
    assert after["bruno"] == before["bruno"] & before["chen"]
    assert after["chen"] == before["chen"] | before["bruno"]
    assert "stay with bruno" in dialog.state_label.text()
    monitor.close()
