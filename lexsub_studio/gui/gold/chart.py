"""The summary figures with their intervals as a matplotlib chart, exportable to PNG/SVG/PDF."""

from __future__ import annotations

from pathlib import Path

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtWidgets import QWidget

from lexsub_studio.core.agreement.report import FIGURES, AgreementReport
from lexsub_studio.core.io.atomic import atomic_open
from lexsub_studio.gui.plot_palette import follow_palette, printed_palette

#: The formats a chart can be saved in (by file extension).
EXPORT_FORMATS = ("png", "svg", "pdf")


class FiguresChart(FigureCanvasQTAgg):
    """One horizontal bar per defined figure, with its bootstrap interval as an error bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.figure = Figure(figsize=(5, 3.2), layout="constrained")
        super().__init__(self.figure)
        self.setParent(parent)
        self.plotted: dict[str, tuple[float, float | None, float | None]] = {}
        self.show_report(None)

    def show_report(self, report: AgreementReport | None) -> None:
        self.figure.clear()
        axes = self.figure.add_subplot()
        self.plotted = {}
        if report is not None:
            for name in FIGURES:
                value = report.figures[name]
                if value is None:
                    continue
                interval = report.intervals.get(name)
                low = interval.low if interval is not None else None
                high = interval.high if interval is not None else None
                self.plotted[name] = (value, low, high)
        names = list(self.plotted)[::-1]
        if names:
            values = [self.plotted[n][0] for n in names]
            errors = [[max(v - (self.plotted[n][1] if self.plotted[n][1] is not None else v), 0)
                       for n, v in zip(names, values, strict=True)],
                      [max((self.plotted[n][2] if self.plotted[n][2] is not None else v) - v, 0)
                       for n, v in zip(names, values, strict=True)]]
            axes.barh(range(len(names)), values, xerr=errors, color="#93c5fd",
                      ecolor="#1e3a8a", capsize=3)
            axes.set_yticks(range(len(names)), [n.replace("_", " ") for n in names],
                            fontsize=8)
            axes.axvline(0, color="#6b7280", linewidth=0.8)
            axes.set_xlim(min(-0.1, min(values) - 0.1), 1.0)
            title = "Agreement figures"
            if report is not None and report.intervals:
                title += f" with {report.confidence * 100:g}% intervals"
            # A figure title is laid out over the whole canvas, so it is not cut at the axes.
            self.figure.suptitle(title, fontsize=9)
        else:
            axes.set_axis_off()
            axes.text(0.5, 0.5, "Add annotators' responses files", ha="center", va="center",
                      color="#6b7280")
        follow_palette(self.figure)
        self.draw_idle()

    def export(self, path: str | Path) -> None:
        """Save as PNG, SVG or PDF (from the extension), atomically."""
        suffix = Path(path).suffix.lower().lstrip(".")
        if suffix not in EXPORT_FORMATS:
            raise ValueError(f"cannot save a chart as '.{suffix}'; use one of "
                             + ", ".join(f".{s}" for s in EXPORT_FORMATS))
        # A file goes into papers: light colours, whatever the palette on screen.
        follow_palette(self.figure, printed_palette())
        try:
            with atomic_open(path, "wb", encoding=None, newline=None) as handle:
                self.figure.savefig(handle, format=suffix, dpi=150)
        finally:
            follow_palette(self.figure)
