"""The Dataset workspace's baselines: one click writes the frequency, random or WordNet baseline
of the open corpus (PREFIX.best, PREFIX.oot, PREFIX.weighted), in the background, exactly as
``lexsub baseline`` does."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.annotation.package import AnnotationSource
from lexsub_studio.core.dataset.baselines import KINDS, output_paths
from lexsub_studio.core.model.diagnostics import Severity
from lexsub_studio.gui import dialogs, settings
from lexsub_studio.gui.busy import BusyIndicator
from lexsub_studio.gui.dataset.common import ERROR_STYLE, error_message, writable_directory
from lexsub_studio.gui.dataset.jobs import BaselineOutcome, describe, generate_baseline
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import named

MAX_SEED = 2_147_483_647


def default_wordnet_dir() -> str:
    """The WordNet directory found on this machine, or "" when there is none."""
    from lexsub_studio.core.dataset.baselines.wordnet import WordNetUnavailable, find_wordnet

    try:
        return str(find_wordnet())
    except WordNetUnavailable:
        return ""


class BaselinesPanel(QGroupBox):
    # No mnemonics (Alt+letter) here: the menus and the Annotate workspace's Alt shortcuts
    # already use the letters.

    #: A short message for the window's status bar (the files written).
    status_message = Signal(str)

    def __init__(self, parent: QWidget | None = None, *,
                 near_files: Callable[[], Sequence[str | Path | None]] = lambda: ()) -> None:
        super().__init__(self.tr("Baselines"), parent)
        self.baseline: BaselineOutcome | None = None
        #: The user's files (the corpus, the gold) the prefix dialog opens beside.
        self._near_files = near_files
        #: The prefix proposed for the open corpus (beside it), without the kind.
        self._auto_prefix = ""
        self.kind_combo = named(QComboBox(self), "baselineKind", self.tr("Baseline kind"),
                                self.tr("Which baseline to generate"))
        for kind, description in KINDS.items():
            self.kind_combo.addItem(kind, kind)
            self.kind_combo.setItemData(self.kind_combo.count() - 1, description,
                                        Qt.ItemDataRole.ToolTipRole)
        self.kind_combo.currentIndexChanged.connect(self._kind_changed)
        self.kind_help = named(QLabel(self), "baselineKindHelp", self.tr("What the baseline does"))
        self.kind_help.setWordWrap(True)
        self.seed_spin = named(QSpinBox(self), "baselineSeed", self.tr("Baseline seed"),
                               self.tr("The seed of the random baseline"))
        self.seed_spin.setRange(0, MAX_SEED)
        self.wordnet_edit = named(QLineEdit(self), "wordnetDirEdit", self.tr("WordNet directory"),
                                  self.tr("A local WordNet database (index.noun, data.noun, …)"))
        self.wordnet_edit.setPlaceholderText(self.tr("no WordNet found: choose its directory"))
        self.wordnet_edit.setText(default_wordnet_dir())
        self.browse_wordnet_button = named(QPushButton("…", self), "browseWordnetButton",
                                           self.tr("Choose the WordNet directory"))
        self.browse_wordnet_button.clicked.connect(self.choose_wordnet_dir)
        self.prefix_edit = named(QLineEdit(self), "baselinePrefixEdit", self.tr("Output prefix"),
                                 self.tr("Writes PREFIX.best, PREFIX.oot and PREFIX.weighted"))
        self.browse_prefix_button = named(QPushButton("…", self), "browsePrefixButton",
                                          self.tr("Choose the output prefix"))
        self.browse_prefix_button.clicked.connect(self.choose_prefix)
        self.generate_button = named(QPushButton(self.tr("Generate"), self),
                                     "generateBaselineButton", self.tr("Generate the baseline"))
        self.baseline_busy = BusyIndicator("baseline", self.tr("generating the baseline"),
                                           self)
        self.baseline_message = named(QLabel(self), "baselineResult", self.tr("Baseline result"))
        self.baseline_message.setWordWrap(True)
        self.baseline_message.setTextFormat(Qt.TextFormat.PlainText)
        self.baseline_files = named(QListWidget(self), "baselineFiles",
                                self.tr("Written baseline files"))
        self.baseline_files.setMaximumHeight(80)  # three files

        def with_button(edit: QLineEdit, button: QPushButton) -> QHBoxLayout:
            row = QHBoxLayout()
            row.addWidget(edit, 1)
            row.addWidget(button)
            return row

        form = QFormLayout()
        form.addRow(self.tr("Kind:"), self.kind_combo)
        form.addRow("", self.kind_help)
        form.addRow(self.tr("Seed:"), self.seed_spin)
        form.addRow(self.tr("WordNet:"), with_button(self.wordnet_edit,
                                                     self.browse_wordnet_button))
        form.addRow(self.tr("Prefix:"), with_button(self.prefix_edit, self.browse_prefix_button))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.generate_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.baseline_busy)
        layout.addWidget(self.baseline_message)
        layout.addWidget(self.baseline_files)
        layout.addStretch(1)
        self._kind_changed()

    def kind(self) -> str:
        return str(self.kind_combo.currentData())

    def follow_corpus(self, source: AnnotationSource | None) -> None:
        """Another corpus (or none): forget the last baseline, propose a prefix beside it."""
        self.baseline_busy.cancel()
        self.baseline = None
        self.baseline_files.clear()
        self.baseline_message.setText("")
        self.generate_button.setEnabled(source is not None)
        self._auto_prefix = ("" if source is None
                             else str(writable_directory(source.path) / source.path.stem))
        self.prefix_edit.setText(self._prefix_for(self.kind()))

    def _prefix_for(self, kind: str) -> str:
        return f"{self._auto_prefix}-{kind}" if self._auto_prefix else ""

    def _kind_changed(self) -> None:
        kind = self.kind()
        self.kind_help.setText(KINDS[kind])
        self.seed_spin.setEnabled(kind == "random")
        self.wordnet_edit.setEnabled(kind == "wordnet")
        self.browse_wordnet_button.setEnabled(kind == "wordnet")
        # Follow the kind while the prefix is still the one we proposed.
        if self._auto_prefix:
            current = self.prefix_edit.text()
            if current in {self._prefix_for(other) for other in KINDS} or not current:
                self.prefix_edit.setText(self._prefix_for(kind))

    def choose_wordnet_dir(self) -> None:
        directory = QFileDialog.getExistingDirectory(
            self, self.tr("WordNet database directory"),
            self.wordnet_edit.text() or str(Path.home()))
        if directory:
            self.wordnet_edit.setText(directory)

    def choose_prefix(self) -> None:
        store = settings.app_settings()
        current = self.prefix_edit.text().strip()
        proposed = self._prefix_for(self.kind())
        if current and current != proposed:
            start = current  # typed by the user: theirs to keep
        else:
            name = Path(proposed).name if proposed else f"baseline-{self.kind()}"
            folder = settings.start_directory(store, [proposed or None, *self._near_files()])
            start = str(folder / name)
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Baseline files (PREFIX.best, PREFIX.oot, PREFIX.weighted)"),
            start, self.tr("All files (*)"))
        if path:
            settings.remember_directory(store, path)
            self.prefix_edit.setText(path)

    def _error(self, text: str) -> None:
        self.baseline_message.setStyleSheet(ERROR_STYLE)
        self.baseline_message.setText(text)

    def generate(self, source: AnnotationSource | None, gold: str | None) -> Task | None:
        """Generate the chosen baseline for every instance of ``source``'s corpus; the
        frequency and random baselines rank the substitutes of the ``gold`` file."""
        if source is None:
            return None
        kind = self.kind()
        self.baseline_files.clear()
        prefix = self.prefix_edit.text().strip()
        if kind in ("frequency", "random") and gold is None:
            self._error(self.tr("The {kind} baseline ranks the substitutes of the other "
                                "items' gold: add a gold file first.").format(kind=kind))
            return None
        if not prefix:
            self._error(self.tr("Choose the output prefix first."))
            return None
        existing = [path for path in output_paths(prefix).values() if path.exists()]
        if existing and not dialogs.confirm(
                self, self.tr("Replace the files?"),
                self.tr("Replace {files}?").format(
                    files=", ".join(str(path) for path in existing))):
            return None
        wordnet_dir = self.wordnet_edit.text().strip() or None
        seed, corpus = self.seed_spin.value(), source.corpus
        self.baseline_busy.cancel()
        task = run_in_background(lambda token, report: generate_baseline(
            kind, corpus, prefix, gold_path=gold, seed=seed, wordnet_dir=wordnet_dir,
            report=report, cancelled=lambda: token.cancelled))
        self.baseline_busy.watch(task, self.tr("Generating the {kind} baseline…").format(kind=kind))
        self.baseline_message.setStyleSheet("")
        self.baseline_message.setText("")
        task.result.connect(lambda outcome, t=task: self._ready(t, outcome))
        task.error.connect(lambda error, t=task: self._failed(t, error))
        return task

    def _ready(self, task: Task, outcome: BaselineOutcome) -> None:
        if task is not self.baseline_busy.task:
            return
        self.baseline = outcome
        stats = outcome.result.stats
        text = self.tr("{kind}: {answered} of {items} item(s) answered; written:").format(
            kind=outcome.result.kind, answered=stats.get("answered", 0),
            items=stats.get("items", 0))
        # As ``lexsub baseline``: problems, and the notes that concern the whole run.
        shown = [message for message in outcome.diagnostics
                 if message.severity is not Severity.INFO or message.path is None]
        if shown:
            text += "\n" + describe(shown)
        self.baseline_message.setStyleSheet("")
        self.baseline_message.setText(text)
        self.baseline_files.clear()
        for kind, path in outcome.paths.items():
            item = QListWidgetItem(f"{kind}: {path}")
            item.setToolTip(str(path))
            self.baseline_files.addItem(item)
        self.status_message.emit(self.tr("{kind} baseline written to {files}").format(
            kind=outcome.result.kind,
            files=", ".join(path.name for path in outcome.paths.values())))

    def _failed(self, task: Task, error: object) -> None:
        if task is not self.baseline_busy.task:
            return
        self._error(self.tr("No baseline: ") + error_message(error))
