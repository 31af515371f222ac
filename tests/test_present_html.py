"""HTML tables (core/present/tables.html_table), expected text by hand."""

from __future__ import annotations

import pandas as pd

from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.tables import html_table


def test_caption_numbers_classed_bold_and_dash_for_undefined() -> None:
    frame = pd.DataFrame({"system": ["<a>", "b"], "best R": [0.5, None]})
    assert html_table(frame, caption="A & B", bold={(0, 1)}) == (
        "<table>\n<caption>A &amp; B</caption>\n"
        '<thead><tr><th>system</th><th class="num">best R</th></tr></thead>\n<tbody>\n'
        '<tr><td>&lt;a&gt;</td><td class="num"><strong>0.500</strong></td></tr>\n'
        '<tr><td>b</td><td class="num">—</td></tr>\n'
        "</tbody>\n</table>\n")


def test_tool_tips_on_headers_and_cells() -> None:
    frame = pd.DataFrame({"figure": ["Pairwise"], "value": [0.25]})
    page = html_table(frame, decimals=numbers.AGREEMENT_DECIMALS,
                      header_titles={"value": 'the "mean"'},
                      cell_titles={(0, 0): "pairs of annotators"})
    assert '<th class="num" title="the &quot;mean&quot;">value</th>' in page
    assert '<td title="pairs of annotators">Pairwise</td><td class="num">0.2500</td>' in page


def test_a_column_of_undefined_figures_is_still_a_number_column() -> None:
    frame = pd.DataFrame({"pair": ["a-b"], "agreement": [None], "done": [True]})
    page = html_table(frame)
    assert '<td>a-b</td><td class="num">—</td><td>yes</td>' in page
