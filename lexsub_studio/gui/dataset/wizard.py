"""File › New task from CoNLL files…: the wizard form of ``lexsub make-task``.

Pages: files (read in the background) → lemma.pos frequency table (tick targets) → sampling
options → preview (sampled in the background, with the equivalent command line) → save (atomic,
in the background), then, on Finish, the new corpus is offered to the Annotate workspace
(``open_requested``). The wizard never changes what the core computes: the same files, targets,
N, seed and first id give the corpus ``lexsub make-task`` writes, byte for byte.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from lexsub_studio.core.model.data import POS_NAMES, Instance
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.busy import BusyIndicator
from lexsub_studio.gui.dataset.frequency_model import (
    FrequencyColumn,
    FrequencyFilterProxy,
    FrequencyTableModel,
)
from lexsub_studio.gui.dataset.jobs import describe
from lexsub_studio.gui.dataset.task_jobs import (
    ReadOutcome,
    SampleOutcome,
    equivalent_command,
    read_files,
    sample_corpus,
)
from lexsub_studio.gui.tasks import run_in_background
from lexsub_studio.gui.widgets import TakesDroppedFiles, named

#: Instances shown on the preview page (the rest are counted).
PREVIEW_LIMIT = 60
MAX_SEED = 2_147_483_647
DEFAULT_CORPUS_NAME = "new-task.xml"  # untranslated: a file name, as the docs give it
ERROR_STYLE = "color: #b91c1c;"



def _button_names() -> dict[QWizard.WizardButton, tuple[str, str]]:
    """Each wizard button's object name and accessible name."""
    translate = QCoreApplication.translate
    return {
        QWizard.WizardButton.BackButton: ("wizardBackButton", translate("NewTaskWizard", "Back")),
        QWizard.WizardButton.NextButton: ("wizardNextButton", translate("NewTaskWizard", "Next")),
        QWizard.WizardButton.CommitButton: ("wizardCommitButton",
                                            translate("NewTaskWizard", "Commit")),
        QWizard.WizardButton.FinishButton: ("wizardFinishButton",
                                            translate("NewTaskWizard", "Finish")),
        QWizard.WizardButton.CancelButton: ("wizardCancelButton",
                                            translate("NewTaskWizard", "Cancel")),
        QWizard.WizardButton.HelpButton: ("wizardHelpButton", translate("NewTaskWizard", "Help")),
    }


def _problems_view(parent: QWidget, name: str, accessible: str) -> QPlainTextEdit:
    view = named(QPlainTextEdit(parent), name, accessible)
    view.setReadOnly(True)
    view.setMaximumHeight(110)
    view.setVisible(False)
    return view


def _show_problems(view: QPlainTextEdit, text: str) -> None:
    view.setPlainText(text)
    view.setVisible(bool(text))


def instance_html(lexelt: str, instance: Instance) -> str:
    """One preview entry: the target, id and origin, then the sentence with the head marked."""
    context = instance.context
    before = html.escape(context[:instance.head_start])
    head = html.escape(context[instance.head_start:instance.head_end])
    after = html.escape(context[instance.head_end:])
    attributes = instance.attributes
    origin = html.escape(f"sentence {attributes.get('sentence', '?')}, token "
                         f"{attributes.get('token', '?')}, {attributes.get('source', '?')}")
    return (f"<p><b>{html.escape(lexelt)}</b> {html.escape(instance.id)} "
            f"<span style='color:#6b7280'>({origin})</span><br>"
            f"{before}<b style='background-color:#fde68a'>[{head}]</b>{after}</p>")


class NewTaskWizard(QWizard):
    #: The corpus was saved and the user asked to open it (its path).
    open_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None, directory: Path | None = None) -> None:
        super().__init__(parent)
        named(self, "newTaskWizard", self.tr("New task from CoNLL files"))
        self.setWindowTitle(self.tr("New task from CoNLL files"))
        self.directory = directory or Path.home()
        self.read_outcome: ReadOutcome | None = None
        self.sample_outcome: SampleOutcome | None = None
        self.saved_path: Path | None = None
        for button, (name, text) in _button_names().items():
            named(self.button(button), name, text)
        self.files_page = FilesPage(self)
        self.targets_page = TargetsPage(self)
        self.sampling_page = SamplingPage(self)
        self.preview_page = PreviewPage(self)
        self.save_page = SavePage(self)
        for page in (self.files_page, self.targets_page, self.sampling_page, self.preview_page,
                     self.save_page):
            self.addPage(page)
        self.resize(820, 640)

    # -- what the pages chose --------------------------------------------------------------------

    def targets(self) -> list[str]:
        return self.targets_page.model.checked_targets()

    def per_target(self) -> int | None:
        value = self.sampling_page.per_target_spin.value()
        return value or None

    def seed(self) -> int:
        return self.sampling_page.seed_spin.value()

    def first_id(self) -> int:
        return self.sampling_page.first_id_spin.value()

    def output_path(self) -> Path:
        """The corpus file chosen on the save page (before it is shown: the proposed one)."""
        text = self.save_page.path_edit.text().strip()
        return Path(text) if text else self.directory / DEFAULT_CORPUS_NAME

    def options(self) -> tuple[Any, ...]:  # type: ignore[override]  # not QWizard's flags
        """Everything the sample depends on; a sample made with other options is stale."""
        paths = tuple(self.read_outcome.paths) if self.read_outcome else ()
        return (paths, tuple(self.targets()), self.per_target(), self.seed(), self.first_id())

    def done(self, result: int) -> None:
        for page in (self.files_page, self.preview_page, self.save_page):
            page.busy.cancel()
        super().done(result)
        if (result == QWizard.DialogCode.Accepted and self.saved_path is not None
                and self.save_page.open_after_check.isChecked()):
            self.open_requested.emit(str(self.saved_path))


class FilesPage(TakesDroppedFiles, QWizardPage):
    def __init__(self, wizard: NewTaskWizard) -> None:
        super().__init__(wizard)
        self.owner = wizard
        self.setTitle(self.tr("Tokenised sentences"))
        self.setSubTitle(self.tr("Add tab-separated CoNLL files (columns id, form, lemma, pos; "
                                 "a blank line after each sentence). You can also drop them "
                                 "here."))
        self.setAcceptDrops(True)
        self.file_list = named(QListWidget(self), "conllFileList", self.tr("CoNLL files"),
                               self.tr("The files the sentences are read from"))
        self.file_list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.add_button = named(QPushButton(self.tr("&Add files…"), self), "addConllButton",
                                self.tr("Add CoNLL files"))
        self.remove_button = named(QPushButton(self.tr("&Remove"), self), "removeConllButton",
                                   self.tr("Remove the selected files"))
        self.add_button.clicked.connect(self.choose_files)
        self.remove_button.clicked.connect(self.remove_selected)
        self.summary = named(QLabel(self), "readSummary", self.tr("What was read"))
        self.summary.setWordWrap(True)
        self.problems = _problems_view(self, "readProblems", self.tr("Problems in the files"))
        self.busy = BusyIndicator("read", self.tr("reading the files"), self)

        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.file_list, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.busy)
        layout.addWidget(self.summary)
        layout.addWidget(self.problems)

    def paths(self) -> list[str]:
        return [self.file_list.item(row).text() for row in range(self.file_list.count())]

    def choose_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, self.tr("CoNLL files"),
                                                str(self.owner.directory),
                                                self.tr("CoNLL files (*.conll *.conllu *.conllx "
                                                        "*.tsv *.txt);;All files (*)"))
        if paths:
            self.add_paths(paths)

    def add_paths(self, paths: list[str]) -> None:
        present = set(self.paths())
        added = [str(Path(path)) for path in paths if str(Path(path)) not in present]
        if not added:
            return
        self.file_list.addItems(added)
        self.owner.directory = Path(added[0]).parent
        self.start_reading()

    def remove_selected(self) -> None:
        rows = sorted((index.row() for index in self.file_list.selectedIndexes()), reverse=True)
        if not rows:
            return
        for row in rows:
            self.file_list.takeItem(row)
        self.start_reading()

    def start_reading(self) -> None:
        self.busy.cancel()
        self.owner.read_outcome = None
        self.summary.setStyleSheet("")
        self.summary.setText("")
        _show_problems(self.problems, "")
        self.completeChanged.emit()
        paths = self.paths()
        if not paths:
            return
        task = run_in_background(
            lambda token, report: read_files(paths, report, lambda: token.cancelled))
        self.busy.watch(task, self.tr("Reading {count} file(s)…").format(count=len(paths)))
        task.result.connect(lambda outcome, t=task: self._read(t, outcome))
        task.error.connect(lambda error, t=task: self._failed(t, error))

    def _read(self, task: object, outcome: ReadOutcome) -> None:
        if outcome.paths != self.paths():
            return  # the list changed meanwhile; a newer reading is under way
        self.owner.read_outcome = outcome
        stats = outcome.read.stats
        text = self.tr("Read {sentences} sentence(s), {tokens} token(s) from {files} file(s); "
                       "{lemmas} lemma.pos could be targets.").format(
            sentences=stats["sentences"], tokens=stats["tokens"], files=len(outcome.paths),
            lemmas=len(outcome.frequencies))
        if stats["skipped_sentences"]:
            text += (f" {stats['skipped_sentences']} sentence(s) with errors were skipped "
                     "(listed below).")
        if stats["comment_lines"]:
            text += f" {stats['comment_lines']} comment line(s) ignored."
        if not outcome.read.sentences:
            text += " No sentence could be used: check the files."
            self.summary.setStyleSheet(ERROR_STYLE)
        self.summary.setText(text)
        _show_problems(self.problems, describe(list(outcome.read.diagnostics)))
        self.completeChanged.emit()

    def _failed(self, task: object, error: object) -> None:
        exception = error if isinstance(error, BaseException) else RuntimeError(str(error))
        self.summary.setStyleSheet(ERROR_STYLE)
        self.summary.setText(self.tr("Cannot read the files: ") + dialogs.error_text(exception)
                             .replace("\n\n", ": "))
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        outcome = self.owner.read_outcome
        return outcome is not None and bool(outcome.read.sentences)

    def take_dropped_files(self, paths: list[str]) -> object:
        return self.add_paths(paths)


class TargetsPage(QWizardPage):
    def __init__(self, wizard: NewTaskWizard) -> None:
        super().__init__(wizard)
        self.owner = wizard
        self._shown_outcome: ReadOutcome | None = None
        self.setTitle(self.tr("Targets"))
        self.setSubTitle(self.tr("Tick the lemma.pos to use as targets. Click a column to sort; "
                                 "Enter or a double click ticks or unticks the current row."))
        self.model = FrequencyTableModel(self)
        self.proxy = FrequencyFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.filter_edit = named(QLineEdit(self), "frequencyFilter", self.tr("Find a lemma"),
                                 self.tr("Show the lemma.pos containing this text"))
        self.filter_edit.setPlaceholderText(self.tr("Find a lemma…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.proxy.set_text_filter)
        self.pos_filter = named(QComboBox(self), "frequencyPosFilter",
                                self.tr("Part of speech filter"),
                                self.tr("Show one part of speech"))
        self.pos_filter.addItem(self.tr("Every PoS"), None)
        for letter, name in POS_NAMES.items():
            self.pos_filter.addItem(f"{name} ({letter})", letter)
        self.pos_filter.currentIndexChanged.connect(
            lambda _: self.proxy.set_pos_filter(self.pos_filter.currentData()))
        self.min_count = named(QSpinBox(self), "frequencyMinCount", self.tr("Minimum tokens"),
                               self.tr("Show the lemma.pos seen at least this many times"))
        self.min_count.setRange(1, 1_000_000)
        self.min_count.setPrefix(self.tr("at least "))
        self.min_count.setSuffix(self.tr(" token(s)"))
        self.min_count.valueChanged.connect(self.proxy.set_min_tokens)
        self.table = named(QTableView(self), "frequencyTable", self.tr("Lemma.pos frequencies"),
                           self.tr("Every lemma.pos with a lexsub PoS; tick the targets"))
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSortIndicator(FrequencyColumn.TOKENS, Qt.SortOrder.DescendingOrder)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.setSortingEnabled(True)
        self.table.activated.connect(self.toggle)
        self.table.installEventFilter(self)
        self.tick_shown_button = named(QPushButton(self.tr("&Tick shown"), self), "tickShownButton",
                                       self.tr("Tick every lemma.pos shown"))
        self.untick_button = named(QPushButton(self.tr("&Untick all"), self), "untickAllButton",
                                   self.tr("Untick every target"))
        self.tick_shown_button.clicked.connect(
            lambda: self.model.set_checked(self.proxy.shown_targets(), True))
        self.untick_button.clicked.connect(self.model.clear_checked)
        self.summary = named(QLabel(self), "targetsSummary", self.tr("Ticked targets"))
        self.summary.setWordWrap(True)
        self.model.checked_changed.connect(self._checked_changed)

        filters = QHBoxLayout()
        filters.addWidget(self.filter_edit, 2)
        filters.addWidget(self.pos_filter, 1)
        filters.addWidget(self.min_count, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.tick_shown_button)
        buttons.addWidget(self.untick_button)
        buttons.addWidget(self.summary, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

    def initializePage(self) -> None:
        outcome = self.owner.read_outcome
        if outcome is not None and outcome is not self._shown_outcome:
            self._shown_outcome = outcome
            self.model.set_rows(outcome.frequencies)
        self.table.setFocus()

    def toggle(self, index: QModelIndex) -> None:
        target = self.proxy.index(index.row(), FrequencyColumn.TARGET)
        checked = target.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
        self.proxy.setData(target, Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked,
                           Qt.ItemDataRole.CheckStateRole)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Space ticks the current row from any column (Qt alone does it on the check box's).
        if (watched is self.table and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Space
                and self.table.currentIndex().isValid()):
            self.toggle(self.table.currentIndex())
            return True
        return super().eventFilter(watched, event)

    def _checked_changed(self) -> None:
        targets = self.model.checked_targets()
        if not targets:
            self.summary.setText(self.tr("No target ticked yet."))
        else:
            shown = ", ".join(targets[:8]) + (" …" if len(targets) > 8 else "")
            self.summary.setText(self.tr("{count} target(s): {shown}").format(
                count=len(targets), shown=shown))
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return bool(self.model.checked_targets())


class SamplingPage(QWizardPage):
    def __init__(self, wizard: NewTaskWizard) -> None:
        super().__init__(wizard)
        self.owner = wizard
        self.setTitle(self.tr("Sampling"))
        self.setSubTitle(self.tr("How many sentences per target, drawn with which seed. The same "
                                 "files, targets, number and seed always give the same corpus."))
        self.per_target_spin = named(QSpinBox(self), "perTargetSpin",
                                     self.tr("Sentences per target"),
                                     self.tr("How many sentences to draw for each target; all "
                                             "when set to 'all'"))
        self.per_target_spin.setRange(0, 1_000_000)
        self.per_target_spin.setSpecialValueText(self.tr("all"))
        self.seed_spin = named(QSpinBox(self), "sampleSeedSpin", self.tr("Random seed"),
                               self.tr("The seed of the sampling (same seed, same sentences)"))
        self.seed_spin.setRange(0, MAX_SEED)
        self.first_id_spin = named(QSpinBox(self), "firstIdSpin", self.tr("First instance id"),
                                   self.tr("Instance ids are numbers counting from this one"))
        self.first_id_spin.setRange(0, MAX_SEED)
        self.first_id_spin.setValue(1)
        self.summary = named(QLabel(self), "samplingSummary", self.tr("Sentences per target"))
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.per_target_spin.valueChanged.connect(self._refresh)
        form = QFormLayout()
        form.addRow(self.tr("Sentences per &target:"), self.per_target_spin)
        form.addRow(self.tr("Random &seed:"), self.seed_spin)
        form.addRow(self.tr("First instance &id:"), self.first_id_spin)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addStretch(1)

    def initializePage(self) -> None:
        self._refresh()

    def _refresh(self) -> None:
        outcome = self.owner.read_outcome
        if outcome is None:
            self.summary.setText("")
            return
        available = {row.lexelt: row.sentences for row in outcome.frequencies}
        wanted = self.owner.per_target()
        lines = []
        for target in self.owner.targets():
            count = available.get(target, 0)
            drawn = count if wanted is None else min(wanted, count)
            note = " (all of them)" if drawn == count else ""
            lines.append(f"{target}: {drawn} of {count} sentence(s){note}")
        self.summary.setText("\n".join(lines))


class PreviewPage(QWizardPage):
    def __init__(self, wizard: NewTaskWizard) -> None:
        super().__init__(wizard)
        self.owner = wizard
        self._options: tuple[Any, ...] | None = None
        self.setTitle(self.tr("Preview"))
        self.setSubTitle(self.tr("The sampled instances, the target in each marked [like this]."))
        self.summary = named(QLabel(self), "previewSummary", self.tr("Sample summary"))
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.problems = _problems_view(self, "previewProblems", self.tr("Sampling problems"))
        self.view = named(QTextBrowser(self), "previewView", self.tr("Sampled instances"),
                          self.tr("The first sampled instances with the target marked"))
        self.command = named(QLineEdit(self), "makeTaskCommand", self.tr("Equivalent command"),
                             self.tr("The lexsub make-task command that makes the same corpus"))
        self.command.setReadOnly(True)
        self.busy = BusyIndicator("sample", self.tr("sampling"), self)
        form = QFormLayout()
        form.addRow(self.tr("Same as:"), self.command)
        layout = QVBoxLayout(self)
        layout.addWidget(self.busy)
        layout.addWidget(self.summary)
        layout.addWidget(self.problems)
        layout.addWidget(self.view, 1)
        layout.addLayout(form)

    def initializePage(self) -> None:
        options = self.owner.options()
        if self.owner.sample_outcome is not None and options == self._options:
            return
        self.owner.sample_outcome = None
        self._options = options
        self.summary.setText("")
        self.view.clear()
        _show_problems(self.problems, "")
        read = self.owner.read_outcome
        if read is None:
            return
        targets = self.owner.targets()
        per_target, seed, first_id = (self.owner.per_target(), self.owner.seed(),
                                      self.owner.first_id())
        self.command.setText(equivalent_command(read.paths, targets, per_target=per_target,
                                                seed=seed, first_id=first_id,
                                                output=str(self.owner.output_path())))
        self.busy.cancel()
        task = run_in_background(lambda token, report: sample_corpus(
            read.read, targets, per_target=per_target, seed=seed, first_id=first_id))
        self.busy.watch(task, self.tr("Sampling…"))
        task.result.connect(lambda outcome, o=options: self._sampled(o, outcome))
        task.error.connect(lambda error, o=options: self._failed(o, error))
        self.completeChanged.emit()

    def _sampled(self, options: tuple[Any, ...], outcome: SampleOutcome) -> None:
        if options != self._options:
            return
        self.owner.sample_outcome = outcome
        corpus, sample = outcome.corpus, outcome.sample
        lines = [self.tr("{instances} instance(s) in {lexelts} lexelt(s).").format(
            instances=len(corpus), lexelts=len(corpus.lexelts))]
        for target in sample.targets:
            lines.append(self.tr("{target}: {drawn} of {candidates} sentence(s)").format(
                target=target, drawn=len(sample.instances[target]),
                candidates=sample.candidates[target]))
        self.summary.setText("\n".join(lines))
        _show_problems(self.problems, describe(list(sample.diagnostics)))
        entries: list[str] = []
        for lexelt, instance in corpus.instances():
            if len(entries) == PREVIEW_LIMIT:
                break
            entries.append(instance_html(lexelt.item, instance))
        if len(corpus) > PREVIEW_LIMIT:
            entries.append(f"<p><i>… and {len(corpus) - PREVIEW_LIMIT} more.</i></p>")
        self.view.setHtml("".join(entries))
        self.completeChanged.emit()

    def _failed(self, options: tuple[Any, ...], error: object) -> None:
        if options != self._options:
            return
        exception = error if isinstance(error, BaseException) else RuntimeError(str(error))
        self.summary.setText(self.tr("Cannot sample: {reason}").format(reason=exception))
        self._options = None
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        outcome = self.owner.sample_outcome
        return outcome is not None and bool(outcome.corpus.lexelts)


class SavePage(QWizardPage):
    def __init__(self, wizard: NewTaskWizard) -> None:
        super().__init__(wizard)
        self.owner = wizard
        self._saved_sample: SampleOutcome | None = None
        self.setTitle(self.tr("Save the corpus"))
        self.setSubTitle(self.tr("The corpus is written as lexelt XML (a complete file or none: "
                                 "the write is atomic)."))
        self.path_edit = named(QLineEdit(self), "outputPathEdit", self.tr("Corpus file"),
                               self.tr("Where the new corpus is written"))
        self.path_edit.textChanged.connect(self._path_changed)
        self.browse_button = named(QPushButton(self.tr("&Choose…"), self), "browseOutputButton",
                                   self.tr("Choose the corpus file"))
        self.browse_button.clicked.connect(self.choose_path)
        self.save_button = named(QPushButton(self.tr("&Save"), self), "saveCorpusButton",
                                 self.tr("Save the corpus"))
        self.save_button.clicked.connect(self.save)
        self.status = named(QLabel(self), "saveStatus", self.tr("Save status"))
        self.status.setWordWrap(True)
        self.open_after_check = named(
            QCheckBox(self.tr("&Open the new corpus in the Annotate workspace when I click "
                              "Finish"), self),
            "openAfterCheck", self.tr("Open the new corpus after the wizard"))
        self.open_after_check.setChecked(True)
        self.busy = BusyIndicator("save", self.tr("saving"), self)
        row = QHBoxLayout()
        row.addWidget(self.path_edit, 1)
        row.addWidget(self.browse_button)
        row.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Corpus file:"), self))
        layout.addLayout(row)
        layout.addWidget(self.busy)
        layout.addWidget(self.status)
        layout.addWidget(self.open_after_check)
        layout.addStretch(1)

    def initializePage(self) -> None:
        if not self.path_edit.text():
            self.path_edit.setText(str(self.owner.output_path()))
        if self._saved_sample is not self.owner.sample_outcome:
            self.owner.saved_path = None
            self.status.setText("")
        self.completeChanged.emit()

    def choose_path(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the corpus"),
                                              self.path_edit.text(),
                                              self.tr("Lexelt XML corpus (*.xml);;All files "
                                                      "(*)"))
        if path:
            self.path_edit.setText(path)

    def _path_changed(self) -> None:
        self.owner.saved_path = None
        self.completeChanged.emit()

    def save(self) -> None:
        outcome = self.owner.sample_outcome
        text = self.path_edit.text().strip()
        if outcome is None:
            return
        if not text:
            self.status.setStyleSheet(ERROR_STYLE)
            self.status.setText(self.tr("Choose the file to write first."))
            return
        path = Path(text).expanduser()
        if path.exists() and not dialogs.confirm(
                self, self.tr("Replace the file?"),
                self.tr("{path} exists. Replace it with the new corpus?").format(path=path)):
            return
        from lexsub_studio.core.io.formats.corpus_xml import write_corpus

        corpus = outcome.corpus
        self.busy.cancel()
        task = run_in_background(lambda token, report: write_corpus(corpus, path))
        self.busy.watch(task, self.tr("Writing {name}…").format(name=path.name))
        task.result.connect(lambda _: self._saved(outcome, path))
        task.error.connect(self._failed)

    def _saved(self, outcome: SampleOutcome, path: Path) -> None:
        self._saved_sample = outcome
        self.owner.saved_path = path
        self.owner.directory = path.parent
        self.status.setStyleSheet("")
        self.status.setText(self.tr("Saved {instances} instance(s) in {lexelts} lexelt(s) to "
                                    "{path}.").format(instances=len(outcome.corpus),
                                                      lexelts=len(outcome.corpus.lexelts),
                                                      path=path))
        self.completeChanged.emit()

    def _failed(self, error: object) -> None:
        exception = error if isinstance(error, BaseException) else RuntimeError(str(error))
        self.status.setStyleSheet(ERROR_STYLE)
        self.status.setText(self.tr("Not saved: ")
                            + dialogs.error_text(exception).replace("\n\n", ": "))

    def isComplete(self) -> bool:
        return (self.owner.saved_path is not None
                and self._saved_sample is self.owner.sample_outcome)
