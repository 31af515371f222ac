"""The status bar's busy bar and Cancel button while a file opens or a store is repaired."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QProgressBar, QPushButton, QStatusBar

from lexsub_studio.gui.widgets import named


class LoadingIndicator:
    """Two permanent widgets of ``bar``, shown together while background work runs."""

    def __init__(self, bar: QStatusBar) -> None:
        translate = QCoreApplication.translate
        self._bar = bar
        self.progress = named(QProgressBar(bar), "loadingBar", translate("Loading", "Loading"))
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(120)
        self.cancel_button = named(QPushButton(translate("Loading", "Cancel"), bar),
                                   "cancelLoadingButton", translate("Loading", "Cancel loading"))
        for widget in (self.progress, self.cancel_button):
            widget.setVisible(False)
            bar.addPermanentWidget(widget)

    def show(self, text: str) -> None:
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        self._bar.showMessage(text)

    def hide(self) -> None:
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)
