"""The agreement chart: one horizontal bar per defined figure, its bootstrap interval as an
error bar. Drawn here once for the Gold & Agreement workspace, its chart export and the HTML
report (inline SVG), so all three show the same picture."""

from __future__ import annotations

from textwrap import fill

from matplotlib.figure import Figure

from lexsub_studio.core.agreement.report import FIGURES, AgreementReport
from lexsub_studio.core.agreement.terms import label

#: The chart's size in inches, on screen and in a file.
CHART_SIZE = (5, 3.2)
#: A figure's label on the chart is wrapped at this many characters.
CHART_LABEL_WIDTH = 24
#: The room left between the widest interval and the chart's frame, in figure units.
CHART_MARGIN = 0.05

Plotted = dict[str, tuple[float, float | None, float | None]]


def chart_title(report: AgreementReport | None) -> str:
    if report is not None and report.intervals:
        return f"Agreement figures with {report.confidence * 100:g}% intervals"
    return "Agreement figures"


def draw_figures(figure: Figure, report: AgreementReport | None, title: str | None = None,
                 empty_text: str = "No agreement figure") -> Plotted:
    """Draw the defined figures of ``report`` (with their intervals) on ``figure`` under
    ``title`` (default: chart_title's), or ``empty_text`` when there is none; returns what was
    plotted: name -> (value, interval low, interval high). Touches no widget, so an export
    draws on a figure of its own off the GUI thread."""
    figure.clear()
    axes = figure.add_subplot()
    plotted: Plotted = {}
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
    if not names:
        axes.set_axis_off()
        axes.text(0.5, 0.5, empty_text, ha="center", va="center", color="#6b7280")
        return plotted
    values = [plotted[n][0] for n in names]
    # A figure without an interval reaches from its value to its value.
    shown = [plotted[n] for n in names]
    lows = [low if low is not None else value for value, low, _ in shown]
    highs = [high if high is not None else value for value, _, high in shown]
    errors = [[max(v - low, 0) for v, low in zip(values, lows, strict=True)],
              [max(high - v, 0) for v, high in zip(values, highs, strict=True)]]
    axes.barh(range(len(names)), values, xerr=errors, color="#93c5fd", ecolor="#1e3a8a",
              capsize=3)
    # The labels the summary table shows, not the keys ("alpha_masi"); wrapped, so that a
    # long one takes no more width than the keys did.
    axes.set_yticks(range(len(names)), [fill(label(n), CHART_LABEL_WIDTH) for n in names],
                    fontsize=8)
    axes.axvline(0, color="#6b7280", linewidth=0.8)
    # A cap drawn on the frame is cut in half: the axis reaches a little past the widest
    # interval on both sides, and always shows 0 to 1.
    lowest, highest = min(lows), max(highs)
    axes.set_xlim(min(-0.1, lowest - CHART_MARGIN), max(1.0, highest) + CHART_MARGIN)
    # A figure title is laid out over the whole canvas, so it is not cut at the axes.
    figure.suptitle(title if title is not None else chart_title(report), fontsize=9)
    return plotted


#: Fixed, so that the same report gives the same page byte for byte (matplotlib salts the
#: SVG's element ids at random otherwise).
SVG_ID_SALT = "lexsub-agreement-chart"


def chart_svg(report: AgreementReport) -> str:
    """The chart as an ``<svg>`` element to put inline in an HTML page (no XML prolog, no
    date: the same report gives the same text)."""
    import io

    from matplotlib import rc_context

    figure = Figure(figsize=CHART_SIZE, layout="constrained")
    draw_figures(figure, report)
    buffer = io.StringIO()
    with rc_context({"svg.hashsalt": SVG_ID_SALT}):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg"):]
