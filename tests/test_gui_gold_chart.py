"""The agreement chart names each figure as the summary table does, not by its key."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from matplotlib.figure import Figure

from lexsub_studio.core.agreement.bootstrap import Interval
from lexsub_studio.core.agreement.pool import pool_responses
from lexsub_studio.core.agreement.report import compute_agreement
from lexsub_studio.core.agreement.terms import label
from lexsub_studio.core.gold.assembly import read_sources
from lexsub_studio.gui.gold.chart import draw_figures

pytestmark = pytest.mark.gui


def test_the_chart_names_each_figure_as_the_summary_table_does(demo_dir: Path) -> None:
    sources, _ = read_sources(sorted((demo_dir / "responses").glob("*.tsv")))
    report = compute_agreement(pool_responses(sources))
    figure = Figure()
    plotted = draw_figures(figure, report)
    shown = [tick.get_text().replace("\n", " ") for tick in figure.axes[0].get_yticklabels()]
    assert "alpha_masi" in plotted
    # Bottom to top, as barh draws them.
    assert shown == [label(name) for name in reversed(list(plotted))]
    assert "Krippendorff's alpha (MASI)" in shown


def test_an_interval_reaching_one_or_below_zero_is_drawn_whole(demo_dir: Path) -> None:
    sources, _ = read_sources(sorted((demo_dir / "responses").glob("*.tsv")))
    report = compute_agreement(pool_responses(sources))
    first, second = [name for name in report.figures if report.figures[name] is not None][:2]
    figures = dict(report.figures, **{first: 0.9, second: -0.05})
    intervals = {first: Interval(0.8, 1.0, 100), second: Interval(-0.3, 0.2, 100)}
    figure = Figure()
    draw_figures(figure, replace(report, figures=figures, intervals=intervals))
    left, right = figure.axes[0].get_xlim()
    # The caps sit inside the frame, not on it, so neither end of a bar is cut.
    assert right > 1.0
    assert left < -0.3
