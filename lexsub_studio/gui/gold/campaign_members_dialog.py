"""The campaign window's Revoke or reissue… dialog: take an annotator out, or give them a new
invitation.

Revoking turns the annotator's login off and ends their sessions; their answers stay on the
server, left out of agreement and export unless kept (core/annotation/campaign/members.py, as
``lexsub campaign revoke``). As it cannot be undone from here, the Revoke button waits for a
tick naming the annotator. Reissuing makes a new password and writes a new invitation file
(readable only by its owner), as ``lexsub campaign reissue``. Every server call runs in the
background; the result arrives on the GUI thread.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.annotation.campaign.invitation import (
    invitation_path,
    read_ca_certificate,
    write_invitations,
)
from lexsub_studio.core.annotation.campaign.members import Revocation, reissue, revoke
from lexsub_studio.gui.dialogs import error_text
from lexsub_studio.gui.gold.campaign_assign_dialog import default_invitations_folder
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named


class MembersDialog(QDialog):
    """Revoke an annotator, or reissue their invitation."""

    #: The result of a revocation (Revocation) or a reissue (the invitation's Path).
    applied = Signal(object)

    def __init__(self, url: str, password: str | None, campaign: str, members: list[str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.url, self.password, self.campaign = url, password, campaign
        self.task: Task | None = None
        named(self, "campaignMembersDialog", self.tr("Revoke or reissue"))
        self.setWindowTitle(self.tr("Revoke or reissue in {campaign}").format(
            campaign=campaign))
        self.annotator_combo = named(QComboBox(self), "campaignMembersAnnotatorCombo",
                                     self.tr("Annotator"))
        self.annotator_combo.addItems(members)
        self.keep_answers_check = named(
            QCheckBox(self.tr("Keep their answers in agreement and export"), self),
            "campaignRevokeKeepAnswersCheck", self.tr("Keep their answers"),
            self.tr("Off: their answers stay on the server but are left out of agreement and "
                    "export (lexsub campaign revoke). On: --keep-answers."))
        self.confirm_check = named(QCheckBox(self), "campaignRevokeConfirmCheck",
                                   self.tr("Confirm the revocation"))
        self.revoke_button = named(QPushButton(self.tr("Revoke"), self),
                                   "campaignRevokeButton", self.tr("Revoke the annotator"))
        self.invitations_edit = named(
            QLineEdit(str(default_invitations_folder(campaign)), self),
            "campaignReissueInvitationsEdit", self.tr("Invitations folder"),
            self.tr("Where the new invitation file goes (readable only by you)"))
        self.reissue_button = named(QPushButton(self.tr("Reissue invitation"), self),
                                    "campaignReissueButton",
                                    self.tr("Reissue the annotator's invitation"),
                                    self.tr("A new password and invitation file; the old "
                                            "password stops working"))
        self.state_label = named(QLabel(self), "campaignMembersStateLabel", self.tr("State"))
        self.state_label.setWordWrap(True)

        form = QFormLayout()
        form.addRow(self.tr("Annotator"), self.annotator_combo)
        form.addRow(self.tr("Revoke"), self.keep_answers_check)
        form.addRow("", self.confirm_check)
        revoke_row = QHBoxLayout()
        revoke_row.addStretch(1)
        revoke_row.addWidget(self.revoke_button)
        form.addRow("", revoke_row)
        form.addRow(self.tr("Invitations"), self.invitations_edit)
        reissue_row = QHBoxLayout()
        reissue_row.addStretch(1)
        reissue_row.addWidget(self.reissue_button)
        form.addRow("", reissue_row)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.state_label)
        self.resize(520, 300)

        self.annotator_combo.currentIndexChanged.connect(self._annotator_changed)
        self.confirm_check.toggled.connect(self._update_buttons)
        self.revoke_button.clicked.connect(self.revoke)
        self.reissue_button.clicked.connect(self.reissue)
        self._annotator_changed()

    def _annotator_changed(self, *_: object) -> None:
        name = self.annotator_combo.currentText()
        self.confirm_check.setChecked(False)
        self.confirm_check.setText(self.tr("{name} can no longer log in or send answers "
                                           "(cannot be undone here)").format(name=name))
        self._update_buttons()

    def _update_buttons(self, *_: object) -> None:
        idle = self.task is None and bool(self.annotator_combo.currentText())
        self.revoke_button.setEnabled(idle and self.confirm_check.isChecked())
        self.reissue_button.setEnabled(idle)

    def _start(self, job: Any, on_result: Any, message: str) -> Task | None:
        if self.task is not None:
            return None
        self.state_label.setText(message)
        task = run_in_background(lambda _token, _report: job())
        self.task = task
        self._update_buttons()
        task.result.connect(on_result)
        task.error.connect(lambda error: self.state_label.setText(error_text(error)))
        task.finished.connect(self._finished)
        return task

    def _finished(self) -> None:
        self.task = None
        self._update_buttons()

    def revoke(self) -> Task | None:
        name = self.annotator_combo.currentText()
        if not name or not self.confirm_check.isChecked():
            return None
        url, password, campaign = self.url, self.password, self.campaign
        keep = self.keep_answers_check.isChecked()
        return self._start(lambda: revoke(url, campaign, name, keep_answers=keep,
                                          password=password),
                           self._show_revoked, self.tr("Revoking {name}…").format(name=name))

    def _show_revoked(self, done: Revocation) -> None:
        kept = (self.tr("kept in agreement and export") if done.answers_kept
                else self.tr("left out of agreement and export"))
        text = self.tr("{name} revoked: login off, {sessions} open session(s) ended. Their "
                       "{answers} answer(s) stay on the server, {kept}.").format(
            name=done.annotator, sessions=done.sessions_ended, answers=done.answers, kept=kept)
        if done.unfinished:
            text += " " + self.tr("{count} unfinished instance(s) stay assigned to them: "
                                  "Hand over… moves them.").format(count=done.unfinished)
        self.state_label.setText(text)
        self.confirm_check.setChecked(False)
        self.applied.emit(done)

    def reissue(self) -> Task | None:
        name = self.annotator_combo.currentText()
        if not name:
            return None
        url, password, campaign = self.url, self.password, self.campaign
        folder = self.invitations_edit.text().strip() or str(
            default_invitations_folder(campaign))

        def job() -> Path:
            # Refused before the password changes when the file would overwrite another's.
            invitation_path(folder, campaign, name)
            link = reissue(url, campaign, name, ca_certificate=read_ca_certificate(url, None),
                           password=password)
            return write_invitations([link], folder)[0]

        return self._start(job, self._show_reissued,
                           self.tr("Reissuing the invitation of {name}…").format(name=name))

    def _show_reissued(self, path: Path) -> None:
        self.state_label.setText(self.tr("New invitation written to {path}: the old password no "
                                         "longer logs in; hand the file to "
                                         "{name} privately.").format(
            path=path, name=self.annotator_combo.currentText()))
        self.applied.emit(path)
