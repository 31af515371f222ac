"""Settings written to disk off the GUI thread.

QSettings keeps changes in memory and writes the file on the next turn of the event loop, in a
safe save that ends with ``fdatasync``: on the GUI thread. On a disk busy with other writes that
sync took 0.1-0.6 s (measured while a corpus opened, benchmarks/bench_annotation.py), and every
setting changed (the folder of the file just opened, the window's layout, the font size) froze
the window that long.

Here the write is done by a QSettings of the same file on a thread of its own. QSettings objects
of one file share their pending changes within the process (Qt's documented guarantee), so that
object writes what the window's objects changed; the window's object then only clears its own
"changes pending" mark, which finds nothing left to write and touches no disk. Changes made
while a write runs are written by the next one, in order: one writer thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QSettings, QThreadPool

from lexsub_studio.gui.tasks import run_in_background

_writer: list[QThreadPool] = []


def _writer_pool() -> QThreadPool:
    if not _writer:
        pool = QThreadPool()
        pool.setMaxThreadCount(1)  # writes in the order they were asked for
        _writer.append(pool)
    return _writer[0]


def write_settings_file(path: str) -> QSettings.Status:
    """Write what any QSettings of ``path`` in this process has pending (worker thread)."""
    writer = QSettings(path, QSettings.Format.IniFormat)
    writer.sync()
    return writer.status()


class OffThreadSettings(QSettings):
    """An INI QSettings whose changes reach the disk from a worker thread."""

    def __init__(self, path: str, parent: QObject | None = None) -> None:
        super().__init__(path, QSettings.Format.IniFormat, parent)
        self._changes = 0
        self._written_up_to: int | None = None  # the change count the running write covers

    def setValue(self, key: str, value: Any) -> None:
        self._changes += 1
        super().setValue(key, value)

    def remove(self, key: str) -> None:
        self._changes += 1
        super().remove(key)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.UpdateRequest:
            if self._written_up_to is None:
                self._write_in_background()
            return True
        return super().event(event)

    def _write_in_background(self) -> None:
        self._written_up_to = self._changes
        path = self.fileName()
        task = run_in_background(lambda token, report: write_settings_file(path),
                                 pool=_writer_pool())
        task.finished.connect(self._written)

    def _written(self) -> None:
        if self._changes != self._written_up_to:
            self._write_in_background()  # changed while the write ran: those too
            return
        self._written_up_to = None
        # Clears this object's pending mark; the shared changes are on disk already, so this
        # only compares the file's time stamp.
        self.sync()
