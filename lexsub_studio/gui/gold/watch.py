"""Watching a folder of responses files while annotators send them back.

A QFileSystemWatcher reports a folder change (a file added, removed or replaced) and each
watched file's change; a single-shot timer gathers a burst of them (a copy arrives in pieces,
an editor saves twice) into one ``changed`` signal, so the workspace computes once per burst,
in the background, with the files as they are then.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

#: The names of the files taken as responses files in a watched folder.
RESPONSES_PATTERNS = ("*.tsv",)
#: How long a burst of changes is gathered before the workspace is told.
DEBOUNCE_MS = 400


def responses_files(folder: Path) -> list[str]:
    found = {str(path.resolve()) for pattern in RESPONSES_PATTERNS
             for path in folder.glob(pattern) if path.is_file()}
    return sorted(found)


class FolderWatch(QObject):
    """Watch one folder; ``changed`` carries its responses files and those that changed."""

    #: (every responses file now in the folder, the files reported changed since last time)
    changed = Signal(list, list)

    def __init__(self, parent: QObject | None = None, debounce_ms: int = DEBOUNCE_MS) -> None:
        super().__init__(parent)
        self.folder: Path | None = None
        self._timer = QTimer(self, singleShot=True, interval=debounce_ms)
        self._timer.timeout.connect(self._report)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.directoryChanged.connect(lambda _path: self._timer.start())
        self._watcher.fileChanged.connect(self._file_changed)
        self._touched: set[str] = set()
        self._files: list[str] = []

    def watch(self, folder: str | Path | None) -> list[str]:
        """Watch this folder (None: stop); returns its responses files."""
        self._timer.stop()
        self._touched.clear()
        watched = self._watcher.files() + self._watcher.directories()
        if watched:
            self._watcher.removePaths(watched)
        self.folder = Path(folder).resolve() if folder is not None else None
        if self.folder is None:
            return []
        self._watcher.addPath(str(self.folder))
        files = responses_files(self.folder)
        self._watch_files(files)
        self._files = files
        return files

    def _watch_files(self, files: list[str]) -> None:
        known = set(self._watcher.files())
        new = [path for path in files if path not in known]
        if new:
            self._watcher.addPaths(new)

    def _file_changed(self, path: str) -> None:
        self._touched.add(path)
        self._timer.start()

    def _report(self) -> None:
        if self.folder is None:
            return
        files = responses_files(self.folder)
        # A file replaced by a rename is no longer watched under its name: watch it again.
        self._watch_files(files)
        touched = sorted(self._touched)
        self._touched.clear()
        # Other files coming and going (the adjudication file saved beside the responses, its
        # temporary twin) change the folder but not the responses.
        if files == self._files and not touched:
            return
        self._files = files
        self.changed.emit(files, touched)
