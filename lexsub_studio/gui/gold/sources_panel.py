"""The inputs of Gold & Agreement: the responses files or the judgements files (added, dropped,
removed or watched in a folder), the corpus the ids are checked against, the options of the
computation and its progress.

The list holds one kind of file: judgements files (first line ``# lexsub-judgements 1``) are
pooled and measured as judgements, any other file as responses; a file of the other kind than
the list's is refused with a sentence, as ``lexsub agree`` refuses a run that mixes them.

The panel never computes: it says what changed (``inputs_changed``, ``sources_stale``) and the
workspace schedules the computation; the workspace tells it back how the computation goes
(``set_busy``, ``set_status``).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.core.gold.analysis import DEFAULT_REPLICATES, DEFAULT_SEED
from lexsub_studio.core.gold.judgement_analysis import MIXED_KINDS
from lexsub_studio.core.gold.normalise import NormaliseOptions
from lexsub_studio.core.io.formats.judgements import is_judgements_file
from lexsub_studio.core.model.data import Corpus
from lexsub_studio.gui import settings
from lexsub_studio.gui.gold.team import CORPUS_FILTER
from lexsub_studio.gui.gold.watch import FolderWatch
from lexsub_studio.gui.tasks import Task, run_in_background
from lexsub_studio.gui.widgets import dropped_local_paths, named

#: The item data role holding whether a listed file is a judgements file.
JUDGEMENTS_ROLE = Qt.ItemDataRole.UserRole + 1


class FileList(QListWidget):
    """The responses (or judgements) files; files dropped on it are added."""

    files_dropped = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_local_paths(event.mimeData()):
            event.acceptProposedAction()

    def dragMoveEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = dropped_local_paths(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.files_dropped.emit(paths)

    def paths(self) -> list[str]:
        return [self.item(row).data(Qt.ItemDataRole.UserRole) for row in range(self.count())]

    def holds_judgements(self) -> bool:
        return self.count() > 0 and bool(self.item(0).data(JUDGEMENTS_ROLE))


class SourcesPanel(QWidget):
    #: compute again; True when merges should be proposed anew (the inputs changed).
    inputs_changed = Signal(bool)
    #: files added to the list (resolved paths), before the computation is asked for.
    files_added = Signal(list)
    #: every file was removed from the list.
    all_files_removed = Signal()
    #: these files must be read again (changed, removed or replaced).
    sources_stale = Signal(list)
    #: the corpus chosen to check the ids against changed (or was dropped).
    corpus_changed = Signal()
    cancel_requested = Signal()
    status_message = Signal(str)
    #: something could not be done: a title and the error.
    failed = Signal(str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chosen_corpus: Corpus | None = None
        self.chosen_corpus_path: str | None = None
        self._build()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel(self.tr("<b>Annotators' responses or judgements files</b>"), self)
        # Wrapped, so that the longer title never widens the inputs beside the views.
        title.setWordWrap(True)
        layout.addWidget(title)
        self.files_list = named(FileList(self), "goldFilesList", self.tr("Responses files"),
                                self.tr("The annotators' responses files, or their judgements "
                                        "files, pooled here; drop files on it"))
        self.files_list.files_dropped.connect(self.add_files)
        layout.addWidget(self.files_list, 1)
        buttons = QHBoxLayout()
        self.add_button = named(QPushButton(self.tr("&Add files…"), self), "goldAddButton",
                                self.tr("Add responses files"),
                                self.tr("Add responses files or judgements files (one kind "
                                        "at a time)"))
        self.remove_button = named(QPushButton(self.tr("Remove"), self), "goldRemoveButton",
                                   self.tr("Remove the selected files"))
        self.add_button.clicked.connect(self.choose_files)
        self.remove_button.clicked.connect(self.remove_selected)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        layout.addLayout(buttons)
        layout.addWidget(self._build_options())

        progress = QHBoxLayout()
        self.progress_bar = named(QProgressBar(self), "goldProgress", self.tr("Computing"))
        self.progress_bar.setRange(0, 0)
        self.progress_bar.setVisible(False)
        self.cancel_button = named(QPushButton(self.tr("Cancel"), self), "goldCancelButton",
                                   self.tr("Cancel the computation"))
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(self.cancel_requested)
        progress.addWidget(self.progress_bar, 1)
        progress.addWidget(self.cancel_button)
        layout.addLayout(progress)
        self.progress_label = named(QLabel(self), "goldProgressLabel",
                                    self.tr("Computation status"))
        self.progress_label.setWordWrap(True)
        layout.addWidget(self.progress_label)

    def _build_options(self) -> QGroupBox:
        options = QGroupBox(self.tr("Options"), self)
        form = QFormLayout(options)
        self.corpus_label = named(QLabel(options), "goldCorpusLabel", self.tr("Corpus"))
        self.corpus_label.setWordWrap(True)
        self.corpus_button = named(QPushButton(self.tr("Check against a corpus…"), options),
                                   "goldCorpusButton", self.tr("Choose a corpus"),
                                   self.tr("Check every id against a corpus and follow its order"))
        self.corpus_button.clicked.connect(self.choose_corpus)
        form.addRow(self.corpus_label)
        form.addRow(self.corpus_button)
        self.keep_case_check = named(QCheckBox(self.tr("Keep case"), options),
                                     "goldKeepCaseCheck", self.tr("Keep case"),
                                     self.tr("Do not lower-case the responses"))
        self.keep_case_check.toggled.connect(lambda _: self.inputs_changed.emit(True))
        form.addRow(self.keep_case_check)
        self.replicates_spin = named(QSpinBox(options), "goldReplicatesSpin",
                                     self.tr("Bootstrap replicates"),
                                     self.tr("Replicates for the confidence intervals (0: none)"))
        self.replicates_spin.setRange(0, 100000)
        self.replicates_spin.setValue(DEFAULT_REPLICATES)
        self.seed_spin = named(QSpinBox(options), "goldSeedSpin", self.tr("Bootstrap seed"))
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setValue(DEFAULT_SEED)
        form.addRow(self.tr("Bootstrap replicates:"), self.replicates_spin)
        form.addRow(self.tr("Seed:"), self.seed_spin)
        self.recompute_button = named(QPushButton(self.tr("Recompute"), options),
                                      "goldRecomputeButton", self.tr("Recompute"),
                                      self.tr("Compute again with these options"))
        self.recompute_button.clicked.connect(lambda: self.inputs_changed.emit(False))
        form.addRow(self.recompute_button)
        self.watch_check = named(QCheckBox(self.tr("Watch a folder…"), options),
                                 "goldWatchCheck", self.tr("Watch a folder of responses files"),
                                 self.tr("Add every responses file (*.tsv) of a folder and "
                                         "compute again whenever one arrives or changes"))
        self.watch_check.clicked.connect(self._watch_toggled)
        form.addRow(self.watch_check)
        self.folder_watch = FolderWatch(self)
        self.folder_watch.changed.connect(self._watched_folder_changed)
        return options

    # -- what the computation reads --------------------------------------------------------------

    def paths(self) -> list[str]:
        return self.files_list.paths()

    def holds_judgements(self) -> bool:
        """Whether the listed files are judgements files (pooled as judgements)."""
        return self.files_list.holds_judgements()

    def options(self) -> NormaliseOptions:
        return NormaliseOptions(lowercase=not self.keep_case_check.isChecked())

    # -- the files -------------------------------------------------------------------------------

    def choose_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self, self.tr("Annotators' responses or judgements files"), self._open_folder(),
            self.tr("Responses or judgements files (*.tsv *.txt);;All files (*)"))
        if paths:
            self.add_files(paths)

    def _open_folder(self, *first: str | None) -> str:
        """Where a dialog choosing files opens: beside the files listed (the demo's while the
        demo lesson is open), else the folder last used."""
        return str(settings.open_directory(settings.app_settings(), [*first, *self.paths()]))

    def add_files(self, paths: list[str]) -> int:
        """Add files not listed yet; returns how many were added (a computation follows)."""
        known = set(self.files_list.paths())
        listed_kind = self.files_list.holds_judgements() if self.files_list.count() else None
        added: list[str] = []
        other_kind: list[str] = []
        for path in paths:
            resolved = str(Path(path).resolve())
            if resolved in known or not Path(resolved).is_file():
                continue
            # A file that cannot be opened is listed as responses: its reader says why.
            judgements = bool(is_judgements_file(resolved))
            if listed_kind is None:
                listed_kind = judgements
            elif judgements != listed_kind:
                other_kind.append(Path(resolved).name)
                continue
            known.add(resolved)
            self.files_list.addItem(Path(resolved).name)
            item = self.files_list.item(self.files_list.count() - 1)
            item.setData(Qt.ItemDataRole.UserRole, resolved)
            item.setData(JUDGEMENTS_ROLE, judgements)
            item.setToolTip(resolved)
            added.append(resolved)
        if other_kind:
            listed = self.tr("judgements") if listed_kind else self.tr("responses")
            self.failed.emit(
                self.tr("Files not added"),
                ValueError(self.tr("{count} file(s) not added ({names}): the list holds "
                                   "{listed} files, and {rule}. Remove the listed files first "
                                   "to pool the others.").format(
                    count=len(other_kind), names=", ".join(other_kind), listed=listed,
                    rule=MIXED_KINDS)))
        skipped = len(paths) - len(added) - len(other_kind)
        if skipped:
            self.status_message.emit(self.tr("{count} file(s) not added: already listed, or "
                                             "not a file").format(count=skipped))
        if added:
            self.files_added.emit(added)
            self.inputs_changed.emit(True)
        return len(added)

    def remove_selected(self) -> None:
        self._remove_rows([self.files_list.row(item) for item in self.files_list.selectedItems()])

    def remove_all(self) -> None:
        """Empty the list (the files themselves are not touched) and stop watching a folder."""
        if self.folder_watch.folder is not None:
            self.watch_folder(None)
        self._remove_rows(list(range(self.files_list.count())))

    def _remove_rows(self, rows: list[int]) -> None:
        removed = [self.files_list.takeItem(row).data(Qt.ItemDataRole.UserRole)
                   for row in sorted(rows, reverse=True)]
        if not removed:
            return
        self.sources_stale.emit(removed)
        if not self.files_list.count():
            self.all_files_removed.emit()
        self.inputs_changed.emit(True)

    # -- a watched folder ------------------------------------------------------------------------

    def _watch_toggled(self, checked: bool) -> None:
        if not checked:
            self.watch_folder(None)
            return
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Folder of responses files to watch"))
        if folder:
            self.watch_folder(folder)
        else:
            self.watch_check.setChecked(False)

    def watch_folder(self, folder: str | None) -> int:
        """Add the folder's responses files and compute again whenever they change (None:
        stop watching); returns how many files were added."""
        files = self.folder_watch.watch(folder)
        self.watch_check.setChecked(folder is not None)
        if folder is None:
            self.status_message.emit(self.tr("No longer watching a folder."))
            return 0
        self.status_message.emit(self.tr("Watching {folder}: {count} responses file(s).")
                                 .format(folder=folder, count=len(files)))
        return self.add_files(files)

    def _watched_folder_changed(self, files: list[str], _touched: list[str]) -> None:
        # A watched file may have been rewritten or replaced: read all of the folder's again
        # (a few small files; pooling them is the larger part of the work anyway).
        stale = list(files)
        listed = set(self.files_list.paths())
        for row in range(self.files_list.count() - 1, -1, -1):
            path = self.files_list.item(row).data(Qt.ItemDataRole.UserRole)
            if Path(path).parent == self.folder_watch.folder and path not in files:
                self.files_list.takeItem(row)  # deleted from the watched folder
                stale.append(path)
        self.sources_stale.emit(stale)
        if not self.add_files([path for path in files if path not in listed]):
            self.inputs_changed.emit(True)

    # -- the corpus ------------------------------------------------------------------------------

    def choose_corpus(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Corpus to check the ids against"),
                                              self._open_folder(self.chosen_corpus_path),
                                              QCoreApplication.translate("Team", CORPUS_FILTER))
        if path:
            self.set_corpus_file(path)

    def set_corpus_file(self, path: str | None) -> Task | None:
        """Check the ids against this corpus (read in the background); None: no check."""
        if path is None:
            self._use_corpus(None, None)
            return None
        from lexsub_studio.core.io.formats.corpus_xml import read_corpus

        task = run_in_background(lambda token, report: (path, read_corpus(path).corpus))
        task.result.connect(self._corpus_read)
        task.error.connect(self._corpus_failed)
        return task

    def _corpus_failed(self, error: object) -> None:
        self.failed.emit(self.tr("Cannot read the corpus"), error)

    def _corpus_read(self, outcome: tuple[str, Corpus]) -> None:
        path, corpus = outcome
        self._use_corpus(corpus, path)

    def _use_corpus(self, corpus: Corpus | None, path: str | None) -> None:
        self.chosen_corpus, self.chosen_corpus_path = corpus, path
        self.corpus_changed.emit()
        self.inputs_changed.emit(True)

    def show_corpus(self, sentences_from_open_corpus: bool) -> None:
        """Say where the ids and sentences come from."""
        if self.chosen_corpus_path:
            text = self.tr("Ids checked against {name}.").format(
                name=Path(self.chosen_corpus_path).name)
        elif sentences_from_open_corpus:
            text = self.tr("Sentences from the open corpus; ids not checked against it.")
        else:
            text = self.tr("No corpus: items in order of first appearance.")
        self.corpus_label.setText(text)

    # -- the computation's progress --------------------------------------------------------------

    def set_busy(self, busy: bool) -> None:
        self.progress_bar.setVisible(busy)
        self.cancel_button.setVisible(busy)

    def set_status(self, text: str) -> None:
        self.progress_label.setText(text)
