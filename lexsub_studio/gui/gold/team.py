"""The offline team workflow in the GUI: make annotator packages, check what comes back.

The same core as ``lexsub packages make`` / ``check`` (core/annotation/campaign/plan.py);
both run off the GUI thread. The check uses the responses files listed in the workspace.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pandas as pd
from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionProgressBar,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.annotation.campaign.plan import (
    CampaignPlan,
    CheckReport,
    Training,
    check_responses,
    corpus_keys,
    other_packages,
    parse_annotators,
    plan_campaign,
    read_campaign,
    training_from_gold,
    write_campaign,
)
from lexsub_studio.core.model.data import Corpus
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.gold.models import FrameModel
from lexsub_studio.gui.gold.tables import translated_columns
from lexsub_studio.gui.table_roles import SORT_ROLE
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named

CORPUS_FILTER = QT_TRANSLATE_NOOP("Team", "Lexelt XML corpus (*.xml);;All files (*)")
TRAINING_FILTER = QT_TRANSLATE_NOOP("Team", "Training items: lexelt XML or gold file (*.xml *.gold "
                                            "*.txt *);;All files (*)")

CHECK_COLUMNS = [
    ("annotator", QT_TRANSLATE_NOOP("GoldColumns", "Annotator")),
    ("given", QT_TRANSLATE_NOOP("GoldColumns", "Given")),
    ("answered", QT_TRANSLATE_NOOP("GoldColumns", "Answered")),
    ("missing", QT_TRANSLATE_NOOP("GoldColumns", "Missing")),
    ("unexpected", QT_TRANSLATE_NOOP("GoldColumns", "Unexpected")),
    ("done", QT_TRANSLATE_NOOP("GoldColumns", "Done")),
]


def check_frame(report: CheckReport) -> pd.DataFrame:
    rows = [{"annotator": c.annotator, "given": c.given, "answered": len(c.answered),
             "missing": len(c.missing), "unexpected": len(c.unexpected),
             "done": c.percent / 100.0} for c in report.annotators]
    rows += [{"annotator": f"{name} (no package)", "given": 0, "answered": 0, "missing": 0,
              "unexpected": count, "done": None}
             for name, count in report.unknown_annotators.items()]
    return pd.DataFrame(rows, columns=[c for c, _ in CHECK_COLUMNS])


class ProgressDelegate(QStyledItemDelegate):
    """Paints a fraction (0..1) as a progress bar with its percentage."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        value = index.data(SORT_ROLE)
        if not isinstance(value, int | float):
            super().paint(painter, option, index)
            return
        bar = QStyleOptionProgressBar()
        bar.rect = option.rect.adjusted(2, 2, -2, -2)
        bar.minimum, bar.maximum = 0, 100
        bar.progress = round(100 * value)
        bar.text = f"{100 * value:.0f}%"
        bar.textVisible = True
        style = option.widget.style() if option.widget else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ProgressBar, bar, painter)


def read_training(path: str, corpus: Corpus) -> Training:
    """A training file for the GUI: a lexelt XML file (no reference answers) or a gold file
    naming instances of the corpus (its substitutes become the reference answers)."""
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus
    from lexsub_studio.core.io.formats.detect import detect_path
    from lexsub_studio.core.io.formats.gold import read_gold

    kind = detect_path(path).kind
    if kind == "corpus":
        return Training(read_corpus(path).corpus)
    if kind == "gold":
        training = training_from_gold(corpus, read_gold(path).items, Diagnostics(path))
        if not corpus_keys(training.corpus):
            raise ValueError(f"{path}: no gold item names an instance of the corpus")
        return training
    raise ValueError(f"{path}: neither a lexelt XML file nor a gold file")


class TeamPanel(QWidget):
    """Make packages (from the open corpus or a chosen one) and check the returned files."""

    #: The packages were written (the paths), or the check finished (the report).
    packages_written = Signal(list)
    check_finished = Signal(object)

    def __init__(self, corpus_provider: Callable[[], Corpus | None],
                 responses_provider: Callable[[], list[str]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "teamPanel", self.tr("Team packages"))
        self._corpus_provider = corpus_provider
        self._responses_provider = responses_provider
        self._task: Task | None = None
        self.last_plan: CampaignPlan | None = None
        self.last_check: CheckReport | None = None

        make_box = QGroupBox(self.tr("Make annotator packages"), self)
        form = QFormLayout(make_box)
        self.corpus_edit = named(QLineEdit(make_box), "teamCorpusEdit",
                                 self.tr("Corpus to share out"),
                                 self.tr("The corpus file; empty: the corpus open in the app"))
        self.corpus_edit.setPlaceholderText(self.tr("the open corpus"))
        corpus_button = named(QPushButton(self.tr("Choose…"), make_box), "teamCorpusButton",
                              self.tr("Choose the corpus"))
        corpus_button.clicked.connect(self._choose_corpus)
        form.addRow(self.tr("Corpus:"), self._row(self.corpus_edit, corpus_button))
        self.annotators_edit = named(QLineEdit(make_box), "teamAnnotatorsEdit",
                                     self.tr("Annotators"),
                                     self.tr("Comma-separated names, or a number"))
        self.annotators_edit.setPlaceholderText(self.tr("amira, bruno, chen   or   5"))
        form.addRow(self.tr("Annotators:"), self.annotators_edit)
        self.per_instance_spin = named(QSpinBox(make_box), "teamPerInstanceSpin",
                                       self.tr("Annotators per instance"))
        self.per_instance_spin.setRange(1, 99)
        self.per_instance_spin.setValue(3)
        form.addRow(self.tr("Annotators per instance:"), self.per_instance_spin)
        self.seed_spin = named(QSpinBox(make_box), "teamSeedSpin", self.tr("Assignment seed"),
                               self.tr("Same seed, same packages"))
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setValue(1)
        form.addRow(self.tr("Seed:"), self.seed_spin)
        self.training_edit = named(QLineEdit(make_box), "teamTrainingEdit",
                                   self.tr("Training items"),
                                   self.tr("Optional: a lexelt XML file, or a gold file naming "
                                           "corpus instances (their substitutes are the reference "
                                           "answers)"))
        training_button = named(QPushButton(self.tr("Choose…"), make_box), "teamTrainingButton",
                                self.tr("Choose the training items"))
        training_button.clicked.connect(self._choose_training)
        form.addRow(self.tr("Training (optional):"), self._row(self.training_edit, training_button))
        self.output_edit = named(QLineEdit(make_box), "teamOutputEdit", self.tr("Output folder"))
        output_button = named(QPushButton(self.tr("Choose…"), make_box), "teamOutputButton",
                              self.tr("Choose the output folder"))
        output_button.clicked.connect(lambda: self._choose_folder(self.output_edit))
        form.addRow(self.tr("Write into:"), self._row(self.output_edit, output_button))
        self.make_button = named(QPushButton(self.tr("Make packages"), make_box), "teamMakeButton",
                                 self.tr("Make the packages"))
        self.make_button.clicked.connect(self.make_packages)
        form.addRow(self.make_button)

        check_box = QGroupBox(self.tr("Check returned responses"), self)
        check_layout = QVBoxLayout(check_box)
        self.packages_edit = named(QLineEdit(check_box), "teamPackagesEdit",
                                   self.tr("Packages folder"),
                                   self.tr("The folder holding the packages that were sent"))
        packages_button = named(QPushButton(self.tr("Choose…"), check_box), "teamPackagesButton",
                                self.tr("Choose the packages folder"))
        packages_button.clicked.connect(lambda: self._choose_folder(self.packages_edit))
        self.check_button = named(QPushButton(self.tr("Check the listed responses "
                                                      "files"), check_box),
                                  "teamCheckButton", self.tr("Check the responses files"),
                                  self.tr("Compare the responses files listed on the left with the "
                                          "packages: answered, missing, unexpected per annotator"))
        self.check_button.clicked.connect(self.check)
        check_layout.addLayout(self._row(self.packages_edit, packages_button))
        check_layout.addWidget(self.check_button)
        self.check_model = FrameModel(translated_columns(CHECK_COLUMNS), self)
        self.check_table = named(QTableView(check_box), "teamCheckTable",
                                 self.tr("Progress per annotator"))
        self.check_table.setModel(self.check_model)
        self.check_table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.check_table.setSortingEnabled(True)
        self.check_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.check_table.verticalHeader().setVisible(False)
        self.check_table.setItemDelegateForColumn(len(CHECK_COLUMNS) - 1,
                                                  ProgressDelegate(self.check_table))
        self.check_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.Stretch)
        check_layout.addWidget(self.check_table, 1)

        self.status_label = named(QLabel(self), "teamStatus", self.tr("Team packages status"))
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.addWidget(make_box)
        layout.addWidget(check_box, 1)
        layout.addWidget(self.status_label)

    @staticmethod
    def _row(edit: QWidget, button: QWidget) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(edit, 1)
        row.addWidget(button)
        return row

    def _choose_corpus(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Corpus to share out"), "",
                                              QCoreApplication.translate("Team", CORPUS_FILTER))
        if path:
            self.corpus_edit.setText(path)

    def _choose_training(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Training items"), "",
                                              QCoreApplication.translate("Team", TRAINING_FILTER))
        if path:
            self.training_edit.setText(path)

    def _choose_folder(self, edit: QLineEdit) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Folder"), edit.text())
        if path:
            edit.setText(path)

    def _busy(self, busy: bool) -> None:
        self.make_button.setEnabled(not busy)
        self.check_button.setEnabled(not busy)

    def make_packages(self) -> Task | None:
        try:
            annotators = parse_annotators(self.annotators_edit.text())
        except ValueError as error:
            self.status_label.setText(self.tr("Annotators: {error}.").format(error=error))
            return None
        per_instance = self.per_instance_spin.value()
        if per_instance > len(annotators):
            self.status_label.setText(self.tr("Annotators per instance ({per_instance}) cannot "
                                              "exceed the number of annotators "
                                              "({count_annotators}).").format(
                                          per_instance=per_instance,
                                          count_annotators=len(annotators)))
            return None
        output = self.output_edit.text().strip()
        if not output:
            self.status_label.setText(self.tr("Choose the folder to write the packages into."))
            return None
        corpus_path = self.corpus_edit.text().strip()
        open_corpus = None if corpus_path else self._corpus_provider()
        if not corpus_path and open_corpus is None:
            self.status_label.setText(self.tr("Open a corpus in the app or choose a corpus file."))
            return None
        training_path = self.training_edit.text().strip()
        seed = self.seed_spin.value()

        def job(token, report) -> tuple[CampaignPlan, list[Path], list[str]]:
            from lexsub_studio.core.io.formats.corpus_xml import read_corpus

            corpus = read_corpus(corpus_path).corpus if corpus_path else open_corpus
            assert corpus is not None
            training = read_training(training_path, corpus) if training_path else None
            title = Path(corpus_path).stem if corpus_path else "Annotation round"
            plan = plan_campaign(corpus, annotators, per_instance, seed, title=title,
                                 training=training)
            report(f"writing {len(plan.packages)} packages")
            others = other_packages(output, plan)
            return plan, write_campaign(plan, output), others

        self._busy(True)
        self.status_label.setText(self.tr("Making the packages…"))
        task = run_in_background(job)
        self._task = task
        # Bound methods: Qt drops them with the panel, so a late result reaches no dead widget.
        task.result.connect(self._packages_made)
        task.error.connect(self._make_failed)
        task.finished.connect(self._task_finished)
        return task

    def _packages_made(self, outcome: tuple[CampaignPlan, list[Path], list[str]]) -> None:
        plan, paths, others = outcome
        self.last_plan = plan
        loads = plan.loads()
        listing = ", ".join(f"{name} {load}" for name, load in loads.items())
        self.status_label.setText(
            self.tr("{count_paths} package(s) written to {value}: {instances} instance(s), "
                    "{per_instance} annotator(s) each, seed {seed}, {training_items} training "
                    "item(s). Loads: {listing}.").format(
                count_paths=len(paths), value=paths[0].parent if paths else '',
                instances=plan.instances, per_instance=plan.per_instance, seed=plan.seed,
                training_items=plan.training_items, listing=listing)
            + (self.tr(" Note: the folder also holds {count_others} other package(s) ({others}); a "
                       "check of this folder counts them too.").format(
                   count_others=len(others), others=', '.join(others[:5]))
               if others else ""))
        if not self.packages_edit.text():
            self.packages_edit.setText(self.output_edit.text())
        self.packages_written.emit(paths)

    def check(self) -> Task | None:
        directory = self.packages_edit.text().strip()
        paths = self._responses_provider()
        if not directory:
            self.status_label.setText(self.tr("Choose the folder of the packages that were sent."))
            return None
        if not paths:
            self.status_label.setText(self.tr("Add the returned responses files on the left "
                                              "first."))
            return None

        def job(token, report) -> CheckReport:
            from lexsub_studio.core.io.formats.responses import read_responses

            campaign = read_campaign(directory)
            rows = []
            for path in paths:
                rows.extend(read_responses(path).rows)
            return check_responses(campaign.given, rows, campaign.training)

        self._busy(True)
        task = run_in_background(job)
        self._task = task
        task.result.connect(self._checked)
        task.error.connect(self._check_failed)
        task.finished.connect(self._task_finished)
        return task

    def _task_finished(self) -> None:
        self._busy(False)

    def _make_failed(self, error: object) -> None:
        self._failed(self.tr("Cannot make the packages"), error)

    def _check_failed(self, error: object) -> None:
        self._failed(self.tr("Cannot check the responses"), error)

    def _checked(self, report: CheckReport) -> None:
        self.last_check = report
        self.check_model.set_frame(check_frame(report))
        missing = sum(len(c.missing) for c in report.annotators)
        unexpected = (sum(len(c.unexpected) for c in report.annotators)
                      + sum(report.unknown_annotators.values()))
        self.status_label.setText(self.tr("{rows} row(s) checked: {missing} missing, {unexpected} "
                                          "unexpected.").format(
                                      rows=report.rows, missing=missing, unexpected=unexpected))
        self.check_finished.emit(report)

    def _failed(self, title: str, error: object) -> None:
        exception = error if isinstance(error, BaseException) else RuntimeError(str(error))
        self.status_label.setText(f"{title}: {dialogs.error_text(exception)}")
        dialogs.show_error(self, title, exception)
