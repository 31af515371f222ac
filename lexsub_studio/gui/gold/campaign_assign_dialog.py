"""The campaign window's Re-assign… and Hand over… dialogs.

Both show first what would move (a dry run on the server, which changes nothing) and apply only
what was previewed: Apply is enabled by a preview of exactly the inputs on screen and disabled
again by any change. Every server call runs in the background (gui/tasks.run_in_background);
the result arrives on the GUI thread. The rules are core's (core/annotation/campaign/deal.py):
finished work never moves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.annotation.campaign.db import AssignmentResult, assign
from lexsub_studio.core.annotation.campaign.handover import HandoverResult, handover
from lexsub_studio.core.annotation.campaign.invitation import (
    check_invitation_paths,
    read_ca_certificate,
    write_invitations,
)
from lexsub_studio.core.annotation.campaign.plan import parse_annotators
from lexsub_studio.gui.dialogs import error_text
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named

_CHANGE_HEADERS = ["Annotator", "Before", "Finished", "Kept", "Given", "Taken away", "After"]


def default_invitations_folder(campaign: str) -> Path:
    return Path.home() / "lexsub-invitations" / campaign


class _ServerDialog(QDialog):
    """What both dialogs share: a state line, a preview, and one server call at a time."""

    #: The result of an applied change (tests and the campaign window wait on it).
    applied = Signal(object)
    #: The result of a preview.
    previewed = Signal(object)
    #: Made by each dialog, which lays them out its own way.
    preview_button: QPushButton
    apply_button: QPushButton
    state_label: QLabel

    def __init__(self, url: str, password: str | None, campaign: str,
                 parent: QWidget | None) -> None:
        super().__init__(parent)
        self.url, self.password, self.campaign = url, password, campaign
        self.task: Task | None = None
        self._previewed_inputs: Any = None

    def _state(self, name: str) -> QLabel:
        label = named(QLabel(self), name, self.tr("State"))
        label.setWordWrap(True)
        return label

    def _invalidate(self, *_: object) -> None:
        """An input changed: what was previewed is no longer what would be applied."""
        self._previewed_inputs = None
        self.apply_button.setEnabled(False)

    def _start(self, job: Any, on_result: Any, message: str) -> Task | None:
        if self.task is not None:
            return None
        self.state_label.setText(message)
        self.preview_button.setEnabled(False)
        self.apply_button.setEnabled(False)
        task = run_in_background(lambda _token, _report: job())
        self.task = task
        task.result.connect(on_result)
        task.error.connect(lambda error: self.state_label.setText(error_text(error)))
        task.finished.connect(self._finished)
        return task

    def _finished(self) -> None:
        self.task = None
        self.preview_button.setEnabled(True)
        self.apply_button.setEnabled(self._previewed_inputs is not None)


class ReassignDialog(_ServerDialog):
    """Deal the campaign again among the names given, finished work kept (or --redeal)."""

    def __init__(self, url: str, password: str | None, campaign: str, annotators: list[str],
                 per_instance: int, parent: QWidget | None = None) -> None:
        super().__init__(url, password, campaign, parent)
        named(self, "campaignReassignDialog", self.tr("Re-assign the campaign"))
        self.setWindowTitle(self.tr("Re-assign {campaign}").format(campaign=campaign))
        self.annotators_edit = named(
            QLineEdit(", ".join(annotators), self), "campaignAssignAnnotatorsEdit",
            self.tr("Annotators"), self.tr("Comma-separated names (add or remove people here), "
                                           "or a number of annotators"))
        self.per_instance_spin = named(QSpinBox(self), "campaignAssignPerInstanceSpin",
                                       self.tr("Annotators per instance"))
        self.per_instance_spin.setRange(1, 999)
        self.per_instance_spin.setValue(max(1, per_instance))
        self.seed_spin = named(QSpinBox(self), "campaignAssignSeedSpin", self.tr("Seed"))
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setValue(1)
        self.redeal_check = named(
            QCheckBox(self.tr("Deal everything afresh, finished work too"), self),
            "campaignAssignRedealCheck", self.tr("Deal everything afresh"),
            self.tr("Off: an instance someone answered stays theirs and counts. On: every "
                    "instance is dealt again; the answers stay on the server."))
        self.invitations_edit = named(
            QLineEdit(str(default_invitations_folder(campaign)), self),
            "campaignAssignInvitationsEdit", self.tr("Invitations folder"),
            self.tr("Where new annotators' invitation files go (readable only by you)"))
        self.preview_button = named(QPushButton(self.tr("Preview"), self),
                                    "campaignAssignPreviewButton",
                                    self.tr("Preview what would move"))
        self.apply_button = named(QPushButton(self.tr("Apply"), self),
                                  "campaignAssignApplyButton",
                                  self.tr("Apply the previewed assignment"))
        self.apply_button.setEnabled(False)
        self.state_label = self._state("campaignAssignStateLabel")
        self.state_label.setText(self.tr("Preview first: nothing changes until Apply."))
        self.preview_table = named(QTableWidget(0, len(_CHANGE_HEADERS), self),
                                   "campaignAssignPreviewTable",
                                   self.tr("What would move, per annotator"))
        self.preview_table.setHorizontalHeaderLabels([self.tr(h) for h in _CHANGE_HEADERS])
        self.preview_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.preview_table.verticalHeader().setVisible(False)

        form = QFormLayout()
        form.addRow(self.tr("Annotators"), self.annotators_edit)
        form.addRow(self.tr("Per instance"), self.per_instance_spin)
        form.addRow(self.tr("Seed"), self.seed_spin)
        form.addRow("", self.redeal_check)
        form.addRow(self.tr("Invitations"), self.invitations_edit)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.preview_button)
        buttons.addWidget(self.apply_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview_table, 1)
        layout.addWidget(self.state_label)
        layout.addLayout(buttons)
        self.resize(640, 420)

        self.annotators_edit.textChanged.connect(self._invalidate)
        self.per_instance_spin.valueChanged.connect(self._invalidate)
        self.seed_spin.valueChanged.connect(self._invalidate)
        self.redeal_check.toggled.connect(self._invalidate)
        self.preview_button.clicked.connect(self.preview)
        self.apply_button.clicked.connect(self.apply)

    def _inputs(self) -> tuple[tuple[str, ...], int, int, bool] | None:
        try:
            names = parse_annotators(self.annotators_edit.text())
        except ValueError as error:
            self.state_label.setText(str(error))
            return None
        return (tuple(names), self.per_instance_spin.value(), self.seed_spin.value(),
                self.redeal_check.isChecked())

    def preview(self) -> Task | None:
        inputs = self._inputs()
        if inputs is None:
            return None
        names, per_instance, seed, redeal = inputs
        url, password, campaign = self.url, self.password, self.campaign

        def job() -> tuple[Any, AssignmentResult]:
            return inputs, assign(url, campaign, list(names), per_instance, seed, password,
                                  redeal=redeal, dry_run=True)

        return self._start(job, self._show_preview, self.tr("Working out what would move…"))

    def _show_preview(self, outcome: tuple[Any, AssignmentResult]) -> None:
        inputs, result = outcome
        self._fill(result)
        moved = sum(change.given for change in result.changes)
        self.state_label.setText(self.tr("Nothing changed yet: {moved} instance(s) would be "
                                         "given, {finished} finished kept in place. Apply to "
                                         "do it.").format(
            moved=moved, finished=sum(change.finished for change in result.changes)))
        self._previewed_inputs = inputs if inputs == self._inputs() else None
        self.previewed.emit(result)

    def apply(self) -> Task | None:
        inputs = self._previewed_inputs
        if inputs is None:
            return None
        names, per_instance, seed, redeal = inputs
        url, password, campaign = self.url, self.password, self.campaign
        folder = self.invitations_edit.text().strip() or str(
            default_invitations_folder(campaign))

        def job() -> tuple[AssignmentResult, list[Path]]:
            # Before the server changes: an invitation that could not be written would be lost.
            check_invitation_paths(folder, campaign, list(names))
            # The invitations carry the CA certificate the URL's sslrootcert names, as the
            # command line's do.
            result = assign(url, campaign, list(names), per_instance, seed, password,
                            read_ca_certificate(url, None), redeal=redeal)
            return result, write_invitations(result.new_links, folder)

        return self._start(job, self._show_applied, self.tr("Assigning…"))

    def _show_applied(self, outcome: tuple[AssignmentResult, list[Path]]) -> None:
        result, written = outcome
        self._previewed_inputs = None
        self._fill(result)
        text = self.tr("Assigned. ")
        if written:
            text += self.tr("{count} invitation(s) written to {folder}: hand each to its "
                            "annotator privately.").format(count=len(written),
                                                           folder=written[0].parent)
        self.state_label.setText(text)
        self.applied.emit(result)

    def _fill(self, result: AssignmentResult) -> None:
        table = self.preview_table
        table.setRowCount(len(result.changes))
        for row, change in enumerate(result.changes):
            name = change.annotator if change.listed else self.tr("{name} (not listed)").format(
                name=change.annotator)
            cells = [name, *(str(value) for value in (change.before, change.finished,
                                                      change.kept, change.given,
                                                      change.taken, change.after))]
            for column, text in enumerate(cells):
                table.setItem(row, column, QTableWidgetItem(text))
        table.resizeColumnsToContents()


class HandoverDialog(_ServerDialog):
    """Give one annotator's unfinished instances to others; their answered ones stay."""

    def __init__(self, url: str, password: str | None, campaign: str, members: list[str],
                 parent: QWidget | None = None) -> None:
        super().__init__(url, password, campaign, parent)
        named(self, "campaignHandoverDialog", self.tr("Hand work over"))
        self.setWindowTitle(self.tr("Hand work over in {campaign}").format(campaign=campaign))
        self.source_combo = named(QComboBox(self), "campaignHandoverFromCombo",
                                  self.tr("Annotator whose unfinished work goes"))
        self.source_combo.addItems(members)
        self.targets_list = named(
            QListWidget(self), "campaignHandoverToList", self.tr("Annotators who take it"),
            self.tr("Tick who takes the work; none ticked: every other annotator listed by the "
                    "last assignment"))
        for name in members:
            item = QListWidgetItem(name, self.targets_list)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
        self.preview_button = named(QPushButton(self.tr("Preview"), self),
                                    "campaignHandoverPreviewButton",
                                    self.tr("Preview what would move"))
        self.apply_button = named(QPushButton(self.tr("Hand over"), self),
                                  "campaignHandoverApplyButton",
                                  self.tr("Hand the previewed work over"))
        self.apply_button.setEnabled(False)
        self.state_label = self._state("campaignHandoverStateLabel")
        self.state_label.setText(self.tr("Preview first: nothing changes until Hand over."))

        form = QFormLayout()
        form.addRow(self.tr("From"), self.source_combo)
        form.addRow(self.tr("To"), self.targets_list)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.preview_button)
        buttons.addWidget(self.apply_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.state_label)
        layout.addLayout(buttons)
        self.resize(480, 420)

        self.source_combo.currentIndexChanged.connect(self._invalidate)
        self.targets_list.itemChanged.connect(self._invalidate)
        self.preview_button.clicked.connect(self.preview)
        self.apply_button.clicked.connect(self.apply)

    def _inputs(self) -> tuple[str, tuple[str, ...]]:
        checked = tuple(self.targets_list.item(row).text()
                        for row in range(self.targets_list.count())
                        if self.targets_list.item(row).checkState() == Qt.CheckState.Checked)
        return self.source_combo.currentText(), checked

    def _run(self, dry_run: bool) -> Task | None:
        inputs = self._inputs() if dry_run else self._previewed_inputs
        if inputs is None or not inputs[0]:
            return None
        source, targets = inputs
        url, password, campaign = self.url, self.password, self.campaign

        def job() -> tuple[Any, HandoverResult]:
            return inputs, handover(url, campaign, source, list(targets) or None, password,
                                    dry_run=dry_run)

        return self._start(job, self._show, self.tr("Working out what would move…") if dry_run
                           else self.tr("Handing over…"))

    def preview(self) -> Task | None:
        return self._run(dry_run=True)

    def apply(self) -> Task | None:
        return self._run(dry_run=False)

    def _show(self, outcome: tuple[Any, HandoverResult]) -> None:
        inputs, result = outcome
        shares = ", ".join(f"{name} +{len(result.handover.moved.get(name, []))} "
                           f"({result.loads[name]})" for name in result.targets)
        text = self.tr("{count} unfinished instance(s) of {source} {verb} to: {shares}. "
                       "{source} keeps {kept} answered.").format(
            count=result.moved, source=result.source, shares=shares, kept=result.handover.kept,
            verb=self.tr("would go") if result.dry_run else self.tr("went"))
        if result.handover.left:
            text += " " + self.tr("{left} stay with {source}: every one of them already holds "
                                  "those.").format(left=len(result.handover.left),
                                                   source=result.source)
        self.state_label.setText(text)
        if result.dry_run:
            self._previewed_inputs = inputs if inputs == self._inputs() else None
            self.previewed.emit(result)
        else:
            self._previewed_inputs = None
            self.applied.emit(result)
