"""The summary figures with their intervals as a matplotlib chart, exportable to PNG/SVG/PDF."""

from __future__ import annotations

from pathlib import Path
from textwrap import fill

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QWidget

from lexsub_studio.core.agreement.report import FIGURES, AgreementReport
from lexsub_studio.core.agreement.terms import label
from lexsub_studio.core.io.atomic import atomic_open
from lexsub_studio.gui.plot_palette import follow_palette, printed_palette

#: The formats a chart can be saved in (by file extension).
EXPORT_FORMATS = ("png", "svg", "pdf")
#: The chart's size in inches, on screen and in a file.
CHART_SIZE = (5, 3.2)
#: A figure's label on the chart is wrapped at this many characters.
CHART_LABEL_WIDTH = 24
#: The room left between the widest interval and the chart's frame, in figure units.
CHART_MARGIN = 0.05


class FiguresChart(FigureCanvasQTAgg):
    """One horizontal bar per defined figure, with its bootstrap interval as an error bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.figure = Figure(figsize=CHART_SIZE, layout="constrained")
        super().__init__(self.figure)
        self.setParent(parent)
        self.plotted: dict[str, tuple[float, float | None, float | None]] = {}
        self.show_report(None)

    def show_report(self, report: AgreementReport | None) -> None:
        self.plotted = draw_figures(self.figure, report)
        self.follow_palette()

    def follow_palette(self) -> None:
        """Recolour for the palette in use (light or dark)."""
        follow_palette(self.figure)
        self.draw_idle()


def draw_figures(figure: Figure, report: AgreementReport | None,
                 ) -> dict[str, tuple[float, float | None, float | None]]:
    """Draw the defined figures of ``report`` (with their intervals) on ``figure``; returns
    what was plotted: name -> (value, interval low, interval high). Touches no widget, so an
    export draws on a figure of its own off the GUI thread."""
    figure.clear()
    axes = figure.add_subplot()
    plotted: dict[str, tuple[float, float | None, float | None]] = {}
    if report is not None:
        for name in FIGURES:
            value = report.figures[name]
            if value is None:
                continue
            interval = report.intervals.get(name)
            low = interval.low if interval is not None else None
            high = interval.high if interval is not None else None
            plotted[name] = (value, low, high)
    names = list(plotted)[::-1]
    if names:
        values = [plotted[n][0] for n in names]
        errors = [[max(v - (plotted[n][1] if plotted[n][1] is not None else v), 0)
                   for n, v in zip(names, values, strict=True)],
                  [max((plotted[n][2] if plotted[n][2] is not None else v) - v, 0)
                   for n, v in zip(names, values, strict=True)]]
        axes.barh(range(len(names)), values, xerr=errors, color="#93c5fd",
                  ecolor="#1e3a8a", capsize=3)
        # The labels the summary table shows, not the keys ("alpha_masi"); wrapped, so that a
        # long one takes no more width than the keys did.
        axes.set_yticks(range(len(names)), [fill(label(n), CHART_LABEL_WIDTH) for n in names],
                        fontsize=8)
        axes.axvline(0, color="#6b7280", linewidth=0.8)
        # A cap drawn on the frame is cut in half: the axis reaches a little past the widest
        # interval on both sides, and always shows 0 to 1.
        lowest = min(plotted[n][1] if plotted[n][1] is not None else plotted[n][0] for n in names)
        highest = max(plotted[n][2] if plotted[n][2] is not None else plotted[n][0]
                      for n in names)
        axes.set_xlim(min(-0.1, lowest - CHART_MARGIN), max(1.0, highest) + CHART_MARGIN)
        if report is not None and report.intervals:
            title = QCoreApplication.translate(
                "FiguresChart", "Agreement figures with {confidence}% intervals").format(
                    confidence=f"{report.confidence * 100:g}")
        else:
            title = QCoreApplication.translate("FiguresChart", "Agreement figures")
        # A figure title is laid out over the whole canvas, so it is not cut at the axes.
        figure.suptitle(title, fontsize=9)
    else:
        axes.set_axis_off()
        axes.text(0.5, 0.5, QCoreApplication.translate(
            "FiguresChart", "Add annotators' responses files"), ha="center", va="center",
            color="#6b7280")
    return plotted


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
