"""The status bar's campaign sync: "synced", "N answers waiting" or "offline".

When the opened corpus is a joined campaign's (core/campaign_link.link_for) for the annotator who
opened it, a CampaignSync worker thread sends the store's outbox to the server; every committed
answer wakes it. The worker reports on its own thread; a queued signal brings the report here.
Nothing in this widget waits on the network: stopping the worker only asks it to stop.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QWidget

from lexsub_studio.core.campaign_link import CampaignLink, link_for
from lexsub_studio.core.campaign_sync import CampaignSync, SyncState, SyncStatus
from lexsub_studio.core.diagnostics import InputError
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.widgets import named

_COLOURS = {SyncState.SYNCED: "#15803d", SyncState.WAITING: "#b45309",
            SyncState.OFFLINE: "#6b7280"}


class CampaignSyncLabel(QLabel):
    """Shown only while a campaign's corpus is open."""

    status_arrived = Signal(object)

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "campaignSyncLabel", "Campaign sync")
        self.state = state
        self.sync: CampaignSync | None = None
        self.link: CampaignLink | None = None
        self.setVisible(False)
        self.status_arrived.connect(self._show_status)
        state.session_changed.connect(self._on_session_changed)
        state.answers_changed.connect(self._on_answers_changed)
        self._on_session_changed()

    def _on_session_changed(self) -> None:
        self.stop()
        session = self.state.session
        store = session.work.store if session is not None else None
        link = None
        if session is not None and store is not None:
            try:
                link = link_for(session.source.digest, session.work.annotator)
            except InputError:
                link = None
        self.link = link
        if session is None or store is None or link is None:
            self.setVisible(False)
            return
        self.setText(f"{link.campaign}: connecting")
        self.setToolTip("")
        self.setVisible(True)
        self.sync = CampaignSync(store.path, link, on_status=self.status_arrived.emit)
        self.sync.start()

    def _on_answers_changed(self, _indexes: list[int]) -> None:
        if self.sync is not None:
            self.sync.wake()

    def _show_status(self, status: SyncStatus) -> None:
        if self.link is None:
            return
        text = status.text()
        if status.state is SyncState.OFFLINE and status.waiting:
            text += f", {status.waiting} waiting"
        self.setText(f"{self.link.campaign}: {text}")
        self.setStyleSheet(f"color: {_COLOURS[status.state]};")
        tip = ("Your answers are saved on this computer first and sent to the campaign server "
               "in the background.")
        if status.assigned is not None:
            tip += f"\n{status.assigned} instances are assigned to you."
        if status.reason:
            tip += f"\n{status.reason}"
        self.setToolTip(tip)
        self.setAccessibleDescription(tip)

    def stop(self) -> None:
        """Ask the worker to finish; never waits for it (it may be mid-connection)."""
        if self.sync is not None:
            self.sync.on_status = None
            self.sync.stop(timeout=0)
            self.sync = None
