"""The Dataset workspace's files beside the corpus: the gold, multiword gold and responses files
the statistics and baselines use, added by hand or dropped (their role read from the content)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QGridLayout,
    QGroupBox,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from lexsub_studio.gui.dataset.jobs import (
    DETECTED_ROLES,
    GOLD,
    MULTIWORD_GOLD,
    RESPONSES,
    DatasetInputs,
)
from lexsub_studio.gui.widgets import named


def role_name(role: str) -> str:
    """A file's role as the panel names it; the roles themselves (``jobs.GOLD`` …) are keys."""
    translate = QCoreApplication.translate
    names = {GOLD: translate("DatasetFiles", "gold"),
             MULTIWORD_GOLD: translate("DatasetFiles", "multiword gold"),
             RESPONSES: translate("DatasetFiles", "responses")}
    return names.get(role, role)


class DatasetFilesPanel(QGroupBox):
    """The list of added files and the buttons that change it; ``inputs`` is what it holds."""

    #: The files changed: the statistics are out of date.
    inputs_changed = Signal()
    #: A sentence about the last change (a file replaced, files refused), or "".
    message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Files beside the corpus"), parent)
        self.inputs = DatasetInputs()
        #: Where the file dialogs start: the open corpus's folder.
        self.start_directory = Path.home()
        self.file_list = named(QListWidget(self), "datasetFileList", self.tr("Added files"),
                               self.tr("The gold, multiword gold and responses files the "
                                       "statistics use; drop files here to add them"))
        self.file_list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.file_list.setMaximumHeight(130)  # a gold, a multiword gold, a few annotators
        self.add_gold_button = named(QPushButton(self.tr("Add gold…"), self), "addGoldButton",
                                     self.tr("Add a gold file"))
        self.add_mw_button = named(QPushButton(self.tr("Add multiword gold…"), self),
                                   "addMultiwordGoldButton", self.tr("Add a multiword gold file"))
        self.add_responses_button = named(QPushButton(self.tr("Add responses…"), self),
                                          "addResponsesButton",
                                          self.tr("Add annotators' responses files"))
        self.remove_button = named(QPushButton(self.tr("Remove"), self),
                                   "removeDatasetFileButton", self.tr("Remove the selected files"))
        self.add_gold_button.clicked.connect(lambda: self.choose_files(GOLD))
        self.add_mw_button.clicked.connect(lambda: self.choose_files(MULTIWORD_GOLD))
        self.add_responses_button.clicked.connect(lambda: self.choose_files(RESPONSES))
        self.remove_button.clicked.connect(self.remove_selected)
        buttons = QGridLayout()
        buttons.addWidget(self.add_gold_button, 0, 0)
        buttons.addWidget(self.add_mw_button, 0, 1)
        buttons.addWidget(self.add_responses_button, 1, 0)
        buttons.addWidget(self.remove_button, 1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.file_list)
        layout.addLayout(buttons)

    def clear(self) -> None:
        """Forget every file (another corpus was opened)."""
        self.inputs = DatasetInputs()
        self._show_files()

    def choose_files(self, role: str) -> None:
        start = str(self.start_directory)
        if role == RESPONSES:
            paths, _ = QFileDialog.getOpenFileNames(
                self, self.tr("Responses files"), start,
                self.tr("Responses files (*.tsv);;All files (*)"))
        else:
            path, _ = QFileDialog.getOpenFileName(
                self, self.tr("The {role} file").format(role=role_name(role)), start,
                self.tr("Gold files (*gold* *.gold);;All files (*)"))
            paths = [path] if path else []
        for path in paths:
            self.add_file(role, path)

    def add_file(self, role: str, path: str | Path) -> None:
        """Use ``path`` as the gold, the multiword gold or one more responses file."""
        text = str(Path(path))
        replaced = None
        if role == GOLD:
            replaced, self.inputs.gold = self.inputs.gold, text
        elif role == MULTIWORD_GOLD:
            replaced, self.inputs.multiword_gold = self.inputs.multiword_gold, text
        elif role == RESPONSES:
            if text in self.inputs.responses:
                return
            self.inputs.responses.append(text)
        else:
            raise ValueError(f"unknown role {role!r}")
        self.message.emit(
            self.tr("The {role} file {old} was replaced by {new}.").format(
                role=role_name(role), old=replaced, new=Path(text).name)
            if replaced and replaced != text else "")
        self._show_files()
        self.inputs_changed.emit()

    def add_detected(self, paths: list[str]) -> None:
        """Add files whose role is recognised from their content (drag and drop)."""
        from lexsub_studio.core.io.formats.detect import detect_path
        from lexsub_studio.core.model.diagnostics import InputError

        refused = []
        for path in paths:
            name = Path(path).name
            try:
                detection = detect_path(path)
            except OSError as error:
                refused.append(f"{name} ({error.strerror or error})")
                continue
            except InputError as error:  # over the size or line limits (docs/formats.md)
                refused.append(f"{name} ({error.diagnostic.message})")
                continue
            role = DETECTED_ROLES.get(detection.kind or "")
            if role is None:
                what = (self.tr("a {kind} file").format(kind=detection.kind) if detection.kind
                        else self.tr("not recognised"))
                refused.append(f"{name} ({what}: {detection.reason})")
            else:
                self.add_file(role, path)
        if refused:
            self.message.emit(self.tr("Not added — only gold, multiword gold and responses "
                                      "files can be: ") + "; ".join(refused))

    def remove_selected(self) -> None:
        chosen = [item.data(Qt.ItemDataRole.UserRole) for item in self.file_list.selectedItems()]
        if not chosen:
            return
        for role, path in chosen:
            if role == GOLD:
                self.inputs.gold = None
            elif role == MULTIWORD_GOLD:
                self.inputs.multiword_gold = None
            else:
                self.inputs.responses.remove(path)
        self._show_files()
        self.inputs_changed.emit()

    def set_enabled(self, enabled: bool) -> None:
        """Files are added beside an open corpus only."""
        for widget in (self.add_gold_button, self.add_mw_button, self.add_responses_button,
                       self.remove_button):
            widget.setEnabled(enabled)

    def _show_files(self) -> None:
        self.file_list.clear()
        for role, path in self.inputs.paths():
            item = QListWidgetItem(f"{role_name(role)}: {Path(path).name}")
            item.setToolTip(path)
            item.setData(Qt.ItemDataRole.UserRole, (role, path))
            self.file_list.addItem(item)
