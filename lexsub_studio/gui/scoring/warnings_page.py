"""The Warnings tab: each system's kind, file problems and warnings, and each file that could
not be scored (the lines are core.scoring.compare.system_files.system_notes; this page lays them
out)."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QTextBrowser, QWidget

from lexsub_studio.gui.widgets import named


class WarningsPage(QTextBrowser):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        named(self, "warningsView", self.tr("System warnings"),
              self.tr("Each file's problems and their effect on the score"))
        self.show_notes({})

    def show_notes(self, notes: dict[str, list[str]]) -> None:
        """A heading per system, its lines as a list."""
        parts = []
        for name, lines in notes.items():
            parts.append(f"<h3>{html.escape(name)}</h3><ul>")
            parts += [f"<li>{html.escape(line)}</li>" for line in lines]
            parts.append("</ul>")
        self.setHtml("".join(parts) or self.tr("No systems scored yet."))
