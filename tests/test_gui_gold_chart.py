"""The agreement chart names each figure as the summary table does, not by its key."""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.figure import Figure

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
