"""LaTeX tables (core/present/tables.latex_table, text.latex_escape), expected text by hand."""

from __future__ import annotations

import pandas as pd

from lexsub_studio.core.present.tables import latex_table
from lexsub_studio.core.present.text import latex_escape


def test_the_ten_special_characters_are_escaped() -> None:
    assert latex_escape("a_b & 5% $x# {y} ~^\\") == (
        r"a\_b \& 5\% \$x\# \{y\} \textasciitilde{}\textasciicircum{}\textbackslash{}")


def test_booktabs_with_title_bold_cells_and_a_dash_for_undefined() -> None:
    frame = pd.DataFrame({"system": ["sys_1", "b"], "best P": [0.5, None],
                          "oot P": [0.25, 0.75]})
    assert latex_table(frame, title="League (clean)", bold={(0, 1), (1, 2)}) == (
        "% League (clean)\n"
        "\\begin{tabular}{lrr}\n"
        "\\toprule\n"
        "system & best P & oot P \\\\\n"
        "\\midrule\n"
        "sys\\_1 & \\textbf{0.500} & 0.250 \\\\\n"
        "b & -- & \\textbf{0.750} \\\\\n"
        "\\bottomrule\n"
        "\\end{tabular}\n")


def test_a_title_on_several_lines_stays_one_comment() -> None:
    frame = pd.DataFrame({"a": [1]})
    assert latex_table(frame, title="one\ntwo", align="l").splitlines()[:2] == [
        "% one two", "\\begin{tabular}{l}"]
