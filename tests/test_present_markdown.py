"""Markdown tables (core/present/tables.markdown_table), expected text by hand."""

from __future__ import annotations

import pandas as pd

from lexsub_studio.core.present.tables import markdown_table


def test_title_header_alignment_and_dash_for_undefined() -> None:
    frame = pd.DataFrame({"system": ["a|b", "c"], "GAP": [0.4567, None]})
    assert markdown_table(frame, title="League | clean") == (
        "**League \\| clean**\n"
        "\n"
        "| system | GAP |\n"
        "|---|---:|\n"
        "| a\\|b | 0.457 |\n"
        "| c | — |\n")
