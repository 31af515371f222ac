"""The status bar's campaign sync: "synced", "N answers waiting" or "offline", and how many
answers the server refused (their reasons in the tool tip).

When the opened corpus is a joined campaign's (core/campaign_link.link_for) for the annotator who
opened it, a CampaignSync worker thread sends the store's outbox to the server; every committed
answer wakes it. The worker reports on its own thread; a queued signal brings the report here.
Nothing in this widget waits on the network: stopping the worker only asks it to stop.

The worker also hands over the annotator's assignment whenever a pull changed it; a queued signal
brings it here and ``assignment_changed`` passes it on to the workspace, which narrows the
instance list, "next unfinished" and the progress to it without a restart.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QWidget

from lexsub_studio.core.annotation.campaign.link import (
    CampaignLink,
    joined_under_another_name,
    link_for,
    not_member_note,
)
from lexsub_studio.core.annotation.campaign.sync import CampaignSync, SyncState, SyncStatus
from lexsub_studio.core.annotation.store_faults import StoreError
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.widgets import named

_COLOURS = {SyncState.SYNCED: "#15803d", SyncState.WAITING: "#b45309",
            SyncState.OFFLINE: "#6b7280"}


class CampaignSyncLabel(QLabel):
    """Shown only while a campaign's corpus is open."""

    status_arrived = Signal(object)
    #: (the worker that pulled, the assigned keys): from the worker thread, queued.
    assignment_pulled = Signal(object, object)
    #: The assigned keys (a frozenset of (lexelt, id)) of the open session, on the GUI thread.
    assignment_changed = Signal(object)

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "campaignSyncLabel", self.tr("Campaign sync"))
        self.state = state
        self.sync: CampaignSync | None = None
        self.link: CampaignLink | None = None
        self.setVisible(False)
        self.status_arrived.connect(self._show_status)
        self.assignment_pulled.connect(self._pass_on_assignment)
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
        if session is not None and store is not None and link is None:
            self._show_not_member(session.source.digest, session.work.annotator)
            return
        if session is None or store is None or link is None:
            self.setVisible(False)
            return
        self.setText(self.tr("{campaign}: connecting").format(campaign=link.campaign))
        self.setStyleSheet("")
        self.setToolTip("")
        self.setVisible(True)
        sync = CampaignSync(store.path, link, on_status=self.status_arrived.emit)
        sync.on_assignments = lambda keys: self.assignment_pulled.emit(sync, keys)
        self.sync = sync
        sync.start()

    def _show_not_member(self, digest: str, annotator: str) -> None:
        """The campaign's corpus opened under a name that is not the member's: no sync, and
        the bar says so for as long as the corpus is open."""
        try:
            joined = joined_under_another_name(digest, annotator)
        except InputError:
            joined = None
        if joined is None:
            self.setVisible(False)
            return
        self.setText(self.tr("{campaign}: not synced as {annotator}").format(
            campaign=joined.campaign, annotator=annotator))
        self.setStyleSheet("color: #b91c1c;")
        tip = not_member_note(joined, annotator) + "."
        self.setToolTip(tip)
        self.setAccessibleDescription(tip)
        self.setVisible(True)

    def stored_assignment(self) -> set[tuple[str, str]] | None:
        """The assignment last pulled into the open campaign session's store; None when the
        session is no campaign's (or the store cannot be read now: the whole corpus then).

        The workspace asks while handling the same ``session_changed`` this label handled
        first (it connected first), so ``link`` is the new session's.
        """
        session = self.state.session
        store = session.work.store if session is not None else None
        if self.link is None or store is None:
            return None
        try:
            return store.campaign_assignments()
        except StoreError:
            return None

    def _pass_on_assignment(self, sync: CampaignSync, keys: frozenset[tuple[str, str]]) -> None:
        # A pull by the worker of a session closed since then is not this session's.
        if sync is self.sync:
            self.assignment_changed.emit(keys)

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
        tip = (self.tr("Your answers are saved on this computer first and sent to the campaign "
                       "server in the background."))
        if status.assigned is not None:
            tip += f"\n{status.assigned} instances are assigned to you."
        if status.reason:
            tip += f"\n{status.reason}"
        if status.refused:
            tip += "\n" + self.tr(
                "The server refused {count} answer(s); they are kept on this computer and "
                "sent again when you change them:").format(count=status.refused)
            tip += "".join(f"\n  {reason}" for reason in status.refused_reasons)
            if status.refused > len(status.refused_reasons):
                tip += "\n  …"
        self.setToolTip(tip)
        self.setAccessibleDescription(tip)

    def stop(self) -> None:
        """Ask the worker to finish; never waits for it (it may be mid-connection)."""
        if self.sync is not None:
            self.sync.on_status = None
            self.sync.on_assignments = None
            self.sync.stop(timeout=0)
            self.sync = None
