"""The summary figures with their intervals as a matplotlib chart, exportable to PNG/SVG/PDF."""

from __future__ import annotations

from pathlib import Path

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QWidget

from lexsub_studio.core.agreement.chart import CHART_SIZE, Plotted
from lexsub_studio.core.agreement.chart import draw_figures as draw_chart
from lexsub_studio.core.agreement.report import AgreementReport
from lexsub_studio.core.io.atomic import atomic_open
from lexsub_studio.gui.plot_palette import follow_palette, printed_palette

#: The formats a chart can be saved in (by file extension).
EXPORT_FORMATS = ("png", "svg", "pdf")


class FiguresChart(FigureCanvasQTAgg):
    """One horizontal bar per defined figure, with its bootstrap interval as an error bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.figure = Figure(figsize=CHART_SIZE, layout="constrained")
        super().__init__(self.figure)
        self.setParent(parent)
        self.plotted: Plotted = {}
        self.show_report(None)

    def show_report(self, report: AgreementReport | None) -> None:
        self.plotted = draw_figures(self.figure, report)
        self.follow_palette()

    def follow_palette(self) -> None:
        """Recolour for the palette in use (light or dark)."""
        follow_palette(self.figure)
        self.draw_idle()


def draw_figures(figure: Figure, report: AgreementReport | None) -> Plotted:
    """core.agreement.chart's chart, its title and empty text in the user's language."""
    if report is not None and report.intervals:
        title = QCoreApplication.translate(
            "FiguresChart", "Agreement figures with {confidence}% intervals").format(
                confidence=f"{report.confidence * 100:g}")
    else:
        title = QCoreApplication.translate("FiguresChart", "Agreement figures")
    return draw_chart(figure, report, title, QCoreApplication.translate(
        "FiguresChart", "Add annotators' responses files"))


def save_chart(report: AgreementReport | None, path: str | Path,
               palette: QPalette | None = None) -> None:
    """The chart of ``report`` as PNG, SVG or PDF (from the extension), written atomically;
    drawn on a figure of its own, so it may run on any thread."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in EXPORT_FORMATS:
        raise ValueError(QCoreApplication.translate(
            "FiguresChart", "cannot save a chart as '.{suffix}'; use one of {formats}").format(
                suffix=suffix, formats=", ".join(f".{s}" for s in EXPORT_FORMATS)))
    figure = Figure(figsize=CHART_SIZE, layout="constrained")
    draw_figures(figure, report)
    # A file goes into papers: light colours, whatever the palette on screen.
    follow_palette(figure, palette or printed_palette())
    with atomic_open(path, "wb", encoding=None, newline=None) as handle:
        figure.savefig(handle, format=suffix, dpi=150)
