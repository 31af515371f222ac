"""The campaign window's Revoke or reissue… dialog against a real server."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import psycopg
import pytest
from campaign_fixtures import made_up_corpus
from gui_support import make_window
from PySide6.QtCore import Qt

from lexsub_studio.core.annotation.campaign.db import assign, connect, init_campaign
from lexsub_studio.core.annotation.campaign.link import CampaignLink

pytestmark = pytest.mark.gui


def _campaign(url: str) -> dict[str, CampaignLink]:
    corpus, xml = made_up_corpus(5)
    init_campaign(url, "round", "Round", corpus, xml)
    result = assign(url, "round", ["amira", "bruno", "chen"], 2, seed=2)
    with connect(url) as db:
        db.execute("UPDATE lexsub.assignments SET assigned_at = now() - interval '2 days'")
    return {link.annotator: link for link in result.new_links}


def _open_members(qtbot, url: str):
    window = make_window(qtbot)
    monitor = window.workspaces["gold"].open_campaign_monitor()
    monitor.url_edit.setText(url)
    monitor.name_edit.setText("round")
    with qtbot.waitSignal(monitor.refreshed, timeout=20000):
        qtbot.mouseClick(monitor.open_button, Qt.MouseButton.LeftButton)
    assert monitor.members_button.isEnabled()
    qtbot.mouseClick(monitor.members_button, Qt.MouseButton.LeftButton)
    dialog = monitor.dialog
    assert dialog is not None and dialog.objectName() == "campaignMembersDialog"
    return monitor, dialog


def _can_log_in(link: CampaignLink) -> bool:
    arguments = link.connection_arguments()
    try:
        psycopg.connect(arguments["conninfo"], password=arguments["password"],
                        connect_timeout=5).close()
    except psycopg.OperationalError:
        return False
    return True


def test_revoke_waits_for_a_tick_then_takes_the_annotator_out(qtbot,
                                                               campaign_url: str) -> None:
    links = _campaign(campaign_url)
    assert _can_log_in(links["bruno"])
    monitor, dialog = _open_members(qtbot, campaign_url)
    dialog.annotator_combo.setCurrentText("bruno")
    assert not dialog.revoke_button.isEnabled()  # not before the tick naming bruno
    assert "bruno" in dialog.confirm_check.text()
    dialog.confirm_check.setChecked(True)
    assert dialog.revoke_button.isEnabled()
    with qtbot.waitSignal(dialog.applied, timeout=20000) as applied:
        qtbot.mouseClick(dialog.revoke_button, Qt.MouseButton.LeftButton)
    assert applied.args[0].annotator == "bruno" and not applied.args[0].answers_kept
    assert "bruno revoked" in dialog.state_label.text()
    with connect(campaign_url) as db:
        revoked, excluded = db.execute(
            "SELECT revoked_at IS NOT NULL, answers_excluded FROM lexsub.members "
            "WHERE annotator = 'bruno'").fetchone()
    assert revoked and excluded
    assert not _can_log_in(links["bruno"])
    assert _can_log_in(links["chen"])
    # The window reads the campaign again: bruno is shown revoked and never as stuck.
    qtbot.waitUntil(lambda: monitor.task is None, timeout=20000)
    with qtbot.waitSignal(monitor.refreshed, timeout=20000):
        monitor.refresh()
    rows = {monitor.progress_table.item(row, 0).text(): monitor.progress_table.item(
                row, monitor.progress_table.columnCount() - 1).text()
            for row in range(monitor.progress_table.rowCount())}
    assert rows["bruno (revoked)"] == ""
    assert rows["chen"] == "stuck"
    monitor.close()


def test_reissue_writes_a_new_private_invitation_and_the_old_password_stops(
        qtbot, campaign_url: str, tmp_path: Path) -> None:
    links = _campaign(campaign_url)
    monitor, dialog = _open_members(qtbot, campaign_url)
    dialog.annotator_combo.setCurrentText("chen")
    dialog.invitations_edit.setText(str(tmp_path / "invitations"))
    with qtbot.waitSignal(dialog.applied, timeout=20000) as applied:
        qtbot.mouseClick(dialog.reissue_button, Qt.MouseButton.LeftButton)
    path = Path(applied.args[0])
    assert path.parent == tmp_path / "invitations"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    invitation = json.loads(path.read_text(encoding="utf-8"))
    assert invitation["annotator"] == "chen"
    assert invitation["password"] != links["chen"].password
    assert not _can_log_in(links["chen"])
    new_link = CampaignLink.from_json(path.read_text(encoding="utf-8"), path)
    assert _can_log_in(new_link)
    monitor.close()
