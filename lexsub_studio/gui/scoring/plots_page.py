"""The Plots tab: top-n coverage F, per-PoS bars and per-item distributions, embedded and
exportable. The figures come from
lexsub_studio.core.present.plots; a plot is drawn only while the tab
is shown (matplotlib draws on the GUI thread)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Signal
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QVBoxLayout, QWidget

from lexsub_studio.core.scoring.compare.league import measure_label
from lexsub_studio.core.scoring.compare.system_scores import SystemScores
from lexsub_studio.gui import dialogs
from lexsub_studio.gui.plot_palette import follow_palette
from lexsub_studio.gui.scoring import controls
from lexsub_studio.gui.widgets import named

PLOTS = (("topn", QT_TRANSLATE_NOOP("PlotsPage", "Top-n coverage F")),
         ("pos", QT_TRANSLATE_NOOP("PlotsPage", "Per-PoS bars")),
         ("distribution", QT_TRANSLATE_NOOP("PlotsPage", "Per-item score distribution")))
PLOT_FILTER = QT_TRANSLATE_NOOP("PlotsPage", "PNG image (*.png);;SVG image (*.svg);;PDF document "
                                             "(*.pdf)")


class PlotsPage(QWidget):
    #: A short message for the status bar.
    message = Signal(str)

    def __init__(self, measures: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.systems: list[SystemScores] = []
        self.stale = True
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.plot_combo = controls.combo(self, "plotCombo",
                                         self.tr("Plot"), [(self.tr(t), k) for k, t in PLOTS])
        self.plot_measure = controls.measure_combo(self, "plotMeasureCombo",
                                                   self.tr("Plot measure"),
                                                   measures)
        row.addWidget(self.plot_combo)
        row.addWidget(self.plot_measure)
        row.addWidget(controls.button(self, self.tr("Export "
                                                    "plot…"), "exportPlotButton", self.export_plot,
                                      self.tr("Save the plot as PNG, SVG or PDF")))
        row.addStretch(1)
        layout.addLayout(row)
        self.canvas = named(FigureCanvasQTAgg(Figure()), "plotCanvas", self.tr("Plot"))
        layout.addWidget(self.canvas, 1)
        self.plot_combo.currentIndexChanged.connect(self.refresh)
        self.plot_measure.currentIndexChanged.connect(self.refresh)

    def set_systems(self, systems: Sequence[SystemScores]) -> None:
        self.systems = list(systems)
        self.refresh()

    def figure(self, kind: str | None = None, measure: str | None = None) -> Figure:
        """The plot ``kind`` of ``measure`` (default: those chosen) for the systems shown."""
        from lexsub_studio.core.present import plots
        from lexsub_studio.core.scoring.compare.significance import item_scores_from_reports

        kind = kind or self.plot_combo.currentData()
        measure = measure or self.plot_measure.currentData()
        reports = {s.name: s.report for s in self.systems if s.report is not None}
        label = measure_label(measure)
        if kind == "topn":
            return plots.top_n_f_figure(plots.top_n_from_reports(reports))
        if kind == "pos":
            return plots.pos_bars_figure(plots.pos_from_reports(reports, measure), label)
        return plots.distribution_figure(item_scores_from_reports(reports, measure), label)

    def refresh(self, *_: Any) -> None:
        """Draw the plot chosen if the page is shown, else mark it to draw when it is."""
        self.plot_measure.setEnabled(self.plot_combo.currentData() != "topn")
        if not self.isVisible():
            self.stale = True
            return
        self.stale = False
        # Each plot is a new Figure, so it gets a new canvas in the old one's place.
        canvas = named(FigureCanvasQTAgg(follow_palette(self.figure())), "plotCanvas",
                       self.tr("Plot"))
        layout = self.layout()
        assert layout is not None
        layout.replaceWidget(self.canvas, canvas)
        self.canvas.deleteLater()
        self.canvas = canvas
        canvas.draw_idle()

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if self.stale:
            self.refresh()

    def export_plot(self) -> Path | None:
        from lexsub_studio.core.present.plots import save_figure

        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the plot"), "plot.png",
                                              QCoreApplication.translate("PlotsPage", PLOT_FILTER))
        if not path:
            return None
        try:
            written = save_figure(self.figure(), path)
        except (OSError, ValueError) as error:
            dialogs.show_error(self, self.tr("Cannot export the plot"), error)
            return None
        self.message.emit(self.tr("Plot written to {written}").format(written=written))
        return written
