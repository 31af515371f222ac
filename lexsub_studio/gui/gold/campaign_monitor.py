"""Gold & Agreement's campaign window: live progress and agreement of a campaign on a server.

The organiser types the campaign's URL (and a password, unless PGPASSWORD or ~/.pgpass gives
it) and the campaign's name. Every refresh (by hand, and every REFRESH_SECONDS while the window
is open) runs core/campaign_monitor.snapshot in the background: the GUI thread never waits on
the network, and a refresh is skipped while the previous one still runs. The last snapshot is
handed to the next, which reuses its agreement figures when no answer changed. The password is kept
only in the field, never in the settings.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QT_TRANSLATE_NOOP, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.agreement.export import format_value
from lexsub_studio.core.agreement.report import FIGURES
from lexsub_studio.core.agreement.terms import label
from lexsub_studio.core.annotation.campaign.monitor import CampaignSnapshot, snapshot
from lexsub_studio.core.annotation.campaign.status_report import (
    DEFAULT_STUCK_HOURS,
    AnnotatorLine,
    annotator_lines,
    utc_text,
)
from lexsub_studio.core.annotation.server_url import public_url
from lexsub_studio.gui.dialogs import error_text
from lexsub_studio.gui.gold.campaign_answers import CampaignAnswers, Connection
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named

REFRESH_SECONDS = 15
_PROGRESS_HEADERS = [
    QT_TRANSLATE_NOOP("CampaignMonitor", "Annotator"),
    QT_TRANSLATE_NOOP("CampaignMonitor", "Assigned"),
    QT_TRANSLATE_NOOP("CampaignMonitor", "Answered"),
    QT_TRANSLATE_NOOP("CampaignMonitor", "Done"),
    QT_TRANSLATE_NOOP("CampaignMonitor", "Conflicts"),
    QT_TRANSLATE_NOOP("CampaignMonitor", "Last answer (UTC)"),
    QT_TRANSLATE_NOOP("CampaignMonitor", "Per hour (24 h)"),
    QT_TRANSLATE_NOOP("CampaignMonitor", "Stuck"),
]


class CampaignMonitor(QDialog):
    #: A snapshot was shown (tests wait on it).
    refreshed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "campaignMonitor", self.tr("Campaign progress"))
        self.setWindowTitle(self.tr("Campaign progress and agreement"))
        self.setModal(False)
        self.task: Task | None = None
        self.snapshot: CampaignSnapshot | None = None

        self.url_edit = named(QLineEdit(self), "campaignUrlEdit", self.tr("Campaign server URL"),
                              self.tr("postgresql://user@host:5432/database?sslmode=verify-full"))
        self.url_edit.setPlaceholderText(self.tr("postgresql://organiser@host:5432/campaigns"))
        self.password_edit = named(QLineEdit(self), "campaignPasswordEdit", self.tr("Password"),
                                   self.tr("Leave empty to use PGPASSWORD or ~/.pgpass"))
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.name_edit = named(QLineEdit(self), "campaignNameEdit", self.tr("Campaign name"))
        self.open_button = named(QPushButton(self.tr("Open"), self), "campaignOpenButton",
                                 self.tr("Open the campaign"))
        self.open_button.setDefault(True)
        self.state_label = named(QLabel(self.tr("Not connected."), self), "campaignStateLabel",
                                 self.tr("Campaign state"))
        self.state_label.setWordWrap(True)
        self.progress_table = self._table("campaignProgressTable",
                                          self.tr("Progress per annotator"),
                                          [self.tr(h) for h in _PROGRESS_HEADERS])
        self.figures_table = self._table("campaignFiguresTable", self.tr("Agreement so far"),
                                         [self.tr("Figure"), self.tr("Value"), self.tr("Scores")])
        self.stuck_spin = named(QSpinBox(self), "campaignStuckHoursSpin",
                                self.tr("Stuck after hours"),
                                self.tr("Flag as stuck whoever has work left and sent nothing "
                                        "for this many hours"))
        self.stuck_spin.setRange(1, 24 * 60)
        self.stuck_spin.setValue(int(DEFAULT_STUCK_HOURS))
        self.stuck_spin.setSuffix(self.tr(" h"))
        self.reassign_button = named(QPushButton(self.tr("Re-assign…"), self),
                                     "campaignReassignButton", self.tr("Re-assign the campaign"),
                                     self.tr("Add or remove annotators; finished work stays "
                                             "where it is"))
        self.handover_button = named(QPushButton(self.tr("Hand over…"), self),
                                     "campaignHandoverButton", self.tr("Hand work over"),
                                     self.tr("Give one annotator's unfinished instances to "
                                             "others"))
        self.members_button = named(QPushButton(self.tr("Revoke or reissue…"), self),
                                    "campaignMembersButton", self.tr("Revoke or reissue"),
                                    self.tr("Take an annotator out of the campaign, or give "
                                            "them a new invitation"))
        self.reassign_button.setEnabled(False)
        self.handover_button.setEnabled(False)
        self.members_button.setEnabled(False)
        self.dialog: QDialog | None = None

        form = QFormLayout()
        form.addRow(self.tr("Server URL"), self.url_edit)
        form.addRow(self.tr("Password"), self.password_edit)
        row = QHBoxLayout()
        row.addWidget(self.name_edit, 1)
        row.addWidget(self.open_button)
        form.addRow(self.tr("Campaign"), row)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.state_label)
        actions = QHBoxLayout()
        actions.addWidget(QLabel(self.tr("Stuck after"), self))
        actions.addWidget(self.stuck_spin)
        actions.addStretch(1)
        actions.addWidget(self.reassign_button)
        actions.addWidget(self.handover_button)
        actions.addWidget(self.members_button)
        layout.addLayout(actions)
        layout.addWidget(self.progress_table, 2)
        layout.addWidget(QLabel(self.tr("Agreement so far (all answers on the server)"), self))
        layout.addWidget(self.figures_table, 1)
        self.answers = CampaignAnswers(self.connection, self)
        layout.addWidget(self.answers)
        self.resize(720, 560)

        self.timer = QTimer(self, interval=REFRESH_SECONDS * 1000)
        self.timer.timeout.connect(self.refresh)
        self.open_button.clicked.connect(self.open_campaign)
        self.stuck_spin.valueChanged.connect(self._show_progress)
        self.reassign_button.clicked.connect(self.open_reassign)
        self.handover_button.clicked.connect(self.open_handover)
        self.members_button.clicked.connect(self.open_members)

    def _table(self, name: str, accessible: str, headers: list[str]) -> QTableWidget:
        table = named(QTableWidget(0, len(headers), self), name, accessible)
        table.setHorizontalHeaderLabels(headers)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.horizontalHeader().setStretchLastSection(True)
        table.verticalHeader().setVisible(False)
        return table

    def connection(self) -> Connection | None:
        """(URL, campaign, password or None) as typed; None while one of the two is missing."""
        url, campaign = self.url_edit.text().strip(), self.name_edit.text().strip()
        return (url, campaign, self.password_edit.text() or None) if url and campaign else None

    def open_campaign(self) -> None:
        self.timer.start()
        self.refresh()

    def refresh(self) -> Task | None:
        """Fetch a snapshot in the background (skipped while one is on its way)."""
        url, campaign = self.url_edit.text().strip(), self.name_edit.text().strip()
        if not url or not campaign:
            self.state_label.setText(self.tr("Give the server's URL and the campaign's name."))
            return None
        if self.task is not None:
            return None
        password = self.password_edit.text() or None
        self.state_label.setText(self.tr("Reading {campaign} from {public_url}…").format(
                                     campaign=campaign, public_url=public_url(url)))
        # The last snapshot goes along: unchanged answers are not read and computed again.
        previous = self.snapshot
        task = run_in_background(
            lambda _token, _report: snapshot(url, campaign, password, previous))
        self.task = task
        task.result.connect(self._show)
        task.error.connect(self._failed)
        task.finished.connect(self._finished)
        return task

    def _finished(self) -> None:
        self.task = None

    def _failed(self, error: BaseException) -> None:
        # The last figures stay on screen: a server that went away does not erase them.
        when = datetime.now().strftime("%H:%M:%S")
        self.state_label.setText(f"{when}: {error_text(error)}")

    def _show(self, shot: CampaignSnapshot) -> None:
        self.snapshot = shot
        status = shot.status
        share = f"{status.answered / status.assigned:.1%}" if status.assigned else self.tr("no")
        when = datetime.now().strftime("%H:%M:%S")
        self.state_label.setText(
            self.tr("{title}: {instances} instances, {count_annotators} annotators, {answered} of "
                    "{assigned} assigned answers given ({share}); read at {when}, again every "
                    "{REFRESH_SECONDS} s.").format(
                title=status.title, instances=status.instances,
                count_annotators=len(status.annotators), answered=status.answered,
                assigned=status.assigned, share=share, when=when, REFRESH_SECONDS=REFRESH_SECONDS))
        self._show_progress()
        self.reassign_button.setEnabled(True)
        self.handover_button.setEnabled(True)
        self.members_button.setEnabled(True)
        report = shot.report
        if report is None:
            self._fill(self.figures_table, [["(none yet)", "two annotators must answer "
                                             "a common instance first", ""]])
        else:
            self._fill(self.figures_table, [
                [label(name), format_value(report.figures[name], "gui"),
                 str(report.support[name])] for name in FIGURES])
        self.refreshed.emit(shot)

    def _shown_name(self, line: AnnotatorLine) -> str:
        if line.revoked:
            return self.tr("{name} (revoked)").format(name=line.annotator)
        if not line.listed:
            return self.tr("{name} (not listed)").format(name=line.annotator)
        return line.annotator

    def _show_progress(self) -> None:
        if self.snapshot is None:
            return
        lines = annotator_lines(self.snapshot.status, self.stuck_spin.value())
        self._fill(self.progress_table, [
            [self._shown_name(line), str(line.assigned), str(line.done),
             f"{line.done / line.assigned:.1%}" if line.assigned else "-", str(line.conflicts),
             utc_text(line.last_answer), f"{line.answers_per_hour:.1f}",
             self.tr("stuck") if line.stuck else ""] for line in lines])

    def _server(self) -> tuple[str, str | None, str]:
        return (self.url_edit.text().strip(), self.password_edit.text() or None,
                self.name_edit.text().strip())

    def open_reassign(self) -> QDialog:
        """The Re-assign… dialog (not modal); the window refreshes when it applies."""
        from lexsub_studio.gui.gold.campaign_assign_dialog import ReassignDialog

        status = self.snapshot.status if self.snapshot is not None else None
        holders = [p.annotator for p in status.annotators if p.listed] if status else []
        per_instance = round(status.assigned / status.instances) if status and \
            status.instances else 1
        return self._open(ReassignDialog(*self._server(), holders, per_instance, self))

    def open_handover(self) -> QDialog:
        """The Hand over… dialog (not modal); the window refreshes when it applies."""
        from lexsub_studio.gui.gold.campaign_assign_dialog import HandoverDialog

        status = self.snapshot.status if self.snapshot is not None else None
        members = [p.annotator for p in status.annotators] if status else []
        return self._open(HandoverDialog(*self._server(), members, self))

    def open_members(self) -> QDialog:
        """The Revoke or reissue… dialog (not modal); the window refreshes when it applies."""
        from lexsub_studio.gui.gold.campaign_members_dialog import MembersDialog

        status = self.snapshot.status if self.snapshot is not None else None
        members = [p.annotator for p in status.annotators if not p.revoked] if status else []
        return self._open(MembersDialog(*self._server(), members, self))

    def _open(self, dialog: QDialog) -> QDialog:
        if self.dialog is not None:
            self.dialog.close()
        self.dialog = dialog
        dialog.applied.connect(lambda _result: self.refresh())  # type: ignore[attr-defined]
        dialog.show()
        return dialog

    @staticmethod
    def _fill(table: QTableWidget, rows: list[list[str]]) -> None:
        table.setRowCount(len(rows))
        for row_index, row in enumerate(rows):
            for column, text in enumerate(row):
                table.setItem(row_index, column, QTableWidgetItem(text))
        table.resizeColumnsToContents()

    def closeEvent(self, event) -> None:
        self.timer.stop()
        super().closeEvent(event)
