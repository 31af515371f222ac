"""The scoring plots as matplotlib Figures, built without any GUI toolkit.

Each builder takes plain numbers (the ``*_from_reports`` helpers take them out of ScoreReports),
returns a ``matplotlib.figure.Figure`` drawn by the Agg renderer, and never touches pyplot's
global state, so the GUI can embed the same Figure in a Qt canvas and the HTML report can render
it to PNG or SVG. ``save_figure`` writes PNG, SVG or PDF atomically, chosen by the suffix.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from lexsub_studio.core.io.atomic import atomic_write_bytes
from lexsub_studio.core.model.data import POS_NAMES

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.report.score_report import ScoreReport

EXPORT_FORMATS = ("png", "svg", "pdf")
TOP_N = tuple(range(1, 11))
#: Per-item scores lie in [0, 1]; ten bins of 0.1 read easily.
DISTRIBUTION_BINS = np.linspace(0.0, 1.0, 11)
FIGURE_SIZE = (7.0, 4.2)
#: Tableau's ten colours, in order, so a system keeps its colour across plots.
COLOURS = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
           "#ff9da7", "#9c755f", "#bab0ac")


def colour(index: int) -> str:
    return COLOURS[index % len(COLOURS)]


def _new_figure() -> Figure:
    figure = Figure(figsize=FIGURE_SIZE, dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _placeholder(figure: Figure, text: str) -> Figure:
    axes = figure.add_subplot()
    axes.set_axis_off()
    axes.text(0.5, 0.5, text, ha="center", va="center", wrap=True, color="#555555")
    return figure


def top_n_f_figure(curves: Mapping[str, Sequence[float | None]]) -> Figure:
    """Top-n coverage F for n = 1..10, one line per system (Jabbari et al. 2010, Table 3)."""
    figure = _new_figure()
    usable = {name: values for name, values in curves.items() if values}
    if not usable:
        return _placeholder(figure, "Top-n coverage F needs an oot or weighted system.")
    axes = figure.add_subplot()
    for index, (name, values) in enumerate(usable.items()):
        points = [(n, v) for n, v in zip(TOP_N, values, strict=False) if v is not None]
        axes.plot([n for n, _ in points], [v for _, v in points], marker="o", label=name,
                  color=colour(index))
    axes.set_xticks(list(TOP_N))
    axes.set_xlabel("answers kept (n)")
    axes.set_ylabel("coverage F")
    axes.set_ylim(0.0, 1.0)
    axes.set_title("Top-n coverage F")
    axes.grid(True, alpha=0.3)
    axes.legend(loc="lower right", fontsize="small")
    return figure


def pos_bars_figure(values: Mapping[str, Mapping[str, float | None]], measure: str) -> Figure:
    """One group of bars per PoS, one bar per system; an undefined value leaves a gap."""
    figure = _new_figure()
    groups = list(dict.fromkeys(pos for per_pos in values.values() for pos in per_pos))
    if not groups:
        return _placeholder(figure, f"No {measure} per part of speech to show.")
    axes = figure.add_subplot()
    width = 0.8 / max(len(values), 1)
    positions = np.arange(len(groups))
    for index, (name, per_pos) in enumerate(values.items()):
        heights = [per_pos.get(pos) for pos in groups]
        axes.bar(positions + index * width - 0.4 + width / 2,
                 [h if h is not None else 0.0 for h in heights], width, label=name,
                 color=colour(index))
    axes.set_xticks(positions, [POS_NAMES.get(pos, pos) for pos in groups])
    axes.set_ylabel(measure)
    axes.set_ylim(0.0, 1.0)
    axes.set_title(f"{measure} per part of speech")
    axes.grid(True, axis="y", alpha=0.3)
    axes.legend(fontsize="small")
    return figure


def distribution_figure(scores: Mapping[str, Sequence[float] | np.ndarray],
                        measure: str) -> Figure:
    """How the per-item scores spread: a histogram per system over ten bins of 0.1."""
    figure = _new_figure()
    usable = {name: np.asarray(v, dtype=np.float64) for name, v in scores.items() if len(v)}
    if not usable:
        return _placeholder(figure, f"No per-item {measure} scores to show.")
    axes = figure.add_subplot()
    width = 0.1 / (len(usable) + 0.5)
    for index, (name, values) in enumerate(usable.items()):
        counts = item_histogram(values)
        axes.bar(DISTRIBUTION_BINS[:-1] + (index + 0.25) * width, counts, width, align="edge",
                 label=name, color=colour(index))
    axes.set_xticks(DISTRIBUTION_BINS)
    axes.set_xlabel(f"per-item {measure}")
    axes.set_ylabel("items")
    axes.set_title(f"Distribution of per-item {measure}")
    axes.grid(True, axis="y", alpha=0.3)
    axes.legend(fontsize="small")
    return figure


def item_histogram(values: Sequence[float] | np.ndarray) -> list[int]:
    """Items per bin [0, 0.1), [0.1, 0.2), ... [0.9, 1.0] (the last bin holds 1.0)."""
    counts, _ = np.histogram(np.clip(np.asarray(values, dtype=np.float64), 0.0, 1.0),
                             bins=DISTRIBUTION_BINS)
    return [int(count) for count in counts]


def top_n_from_reports(reports: Mapping[str, ScoreReport]) -> dict[str, list[float | None]]:
    """Each report's top-1 .. top-10 F, for the reports that have them (oot, weighted)."""
    curves: dict[str, list[float | None]] = {}
    for name, report in reports.items():
        keys = [f"coverage.top{n}_f" for n in TOP_N]
        if all(key in report.figures for key in keys):
            curves[name] = [report.figures[key].value for key in keys]
    return curves


def pos_from_reports(reports: Mapping[str, ScoreReport],
                     measure: str) -> dict[str, dict[str, float | None]]:
    """Each report's figure ``measure`` per PoS, for the reports that have it."""
    values: dict[str, dict[str, float | None]] = {}
    for name, report in reports.items():
        if measure in report.figures:
            values[name] = {pos: figures[measure].value
                            for pos, figures in report.group_figures("pos").items()}
    return values


def figure_bytes(figure: Figure, fmt: str) -> bytes:
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"cannot export a plot as '{fmt}'; expected "
                         f"{', '.join(EXPORT_FORMATS)}")
    buffer = io.BytesIO()
    # savefig keeps the figure's own canvas (a Qt one while the GUI shows it), which
    # replacing the canvas here would detach from the window.
    figure.savefig(buffer, format=fmt, dpi=120)
    return buffer.getvalue()


def save_figure(figure: Figure, path: str | Path) -> Path:
    """Write the plot as PNG, SVG or PDF (by the suffix), atomically."""
    target = Path(path)
    fmt = target.suffix.lower().lstrip(".")
    data = figure_bytes(figure, fmt)
    atomic_write_bytes(target, data)
    return target
