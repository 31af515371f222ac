"""What the Annotate workspace puts in the status bar: the campaign's sync state, how many
answers are not saved, and the progress overall and on the current target."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QProgressBar, QWidget

from lexsub_studio.core.annotation.work import AnnotationWork
from lexsub_studio.gui.annotate.campaign_sync_label import CampaignSyncLabel
from lexsub_studio.gui.app_state import AppState
from lexsub_studio.gui.contrast import readable_name
from lexsub_studio.gui.widgets import named

UNSAVED_COLOUR = "#b45309"


class AnnotateStatusWidgets(QObject):
    def __init__(self, state: AppState, parent: QWidget) -> None:
        super().__init__(parent)
        self.progress_label = named(QLabel(parent), "progressLabel", self.tr("Progress"))
        self.progress_bar = named(QProgressBar(parent), "progressBar", self.tr("Overall progress"))
        self.progress_bar.setMaximumWidth(160)
        self.progress_bar.setTextVisible(True)
        self.unsaved_label = named(QLabel(parent), "unsavedLabel", self.tr("Unsaved answers"))
        self.unsaved_label.setVisible(False)
        self.follow_palette()
        self.campaign_label = CampaignSyncLabel(state, parent)

    def widgets(self) -> list[QWidget]:
        return [self.campaign_label, self.unsaved_label, self.progress_label, self.progress_bar]

    def follow_palette(self) -> None:
        """A colour readable (WCAG AA) on the palette in use, light or dark."""
        self.unsaved_label.setStyleSheet(f"color: {readable_name(UNSAVED_COLOUR)}; "
                                         "font-weight: bold;")

    def show_unsaved(self, count: int) -> None:
        self.unsaved_label.setVisible(count > 0)
        self.unsaved_label.setText(self.tr("⚠ {count} not saved").format(count=count)
                                   if count else "")

    def show_progress(self, work: AnnotationWork | None, current: int | None,
                      label: Callable[[str], str]) -> None:
        """"N of M answered", and the current target's share (``label`` names the target)."""
        if work is None:
            self.progress_label.setText("")
            self.progress_bar.setVisible(False)
            return
        finished, total = work.overall_progress()
        # QProgressBar.setValue repaints at once, and the first paint after opening a corpus
        # would paint the whole window there and then (about 90 ms on 100,000 instances):
        # with updates off it is only marked for the next ordinary paint.
        bar = self.progress_bar
        bar.setUpdatesEnabled(False)
        bar.setMaximum(max(total, 1))
        bar.setValue(finished)
        bar.setUpdatesEnabled(True)
        bar.setVisible(True)
        text = self.tr("{finished} of {total} answered").format(finished=finished, total=total)
        if current is not None:
            lexelt = work.items[current].lexelt
            done, count = work.lexelt_progress(lexelt)
            text += f" · {label(lexelt)}: {done}/{count}"
        self.progress_label.setText(text)
