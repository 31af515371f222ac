"""core/present/tables.py writes a RowTable (a header and rows of Python values) exactly as it
writes the DataFrame of objects with those rows, in every table kind; and a clean-scoring run
that prints its figures as a table lays them out without importing pandas."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_studio.core.present import tables

HEADER = ["measure", "value", "numerator", "denominator"]
ROWS = [["best P", 0.123456789, 12.5, 101], ["best R", None, 0, 3],
        ["mode, \"quoted\"; a|b", 1.0, 7, 7], ["flag", "yes", None, None]]


@pytest.mark.parametrize("write", [
    lambda table: tables.text_table(table),
    lambda table: "\n".join(tables.text_lines(table, align="lrrr")),
    tables.csv_table,
    tables.json_table,
    lambda table: tables.markdown_table(table, title="Figures"),
    lambda table: tables.latex_table(table, title="Figures", bold=[(0, 1)]),
    lambda table: tables.html_table(table, caption="Figures"),
])
def test_a_row_table_is_written_as_its_frame_of_objects(write) -> None:
    rows = tables.RowTable(HEADER, ROWS)
    assert write(rows) == write(rows.frame())
    assert tables.numeric_columns(rows) == [False, False, True, True]


@pytest.mark.slow
def test_the_score_table_is_laid_out_without_pandas(tmp_path: Path) -> None:
    (tmp_path / "gold").write_text("walk.v 1 :: stroll 2;amble 1;\nwalk.v 2 :: trek 3;\n",
                                   encoding="utf-8")
    (tmp_path / "oot").write_text("walk.v 1 ::: stroll;hike\nwalk.v 2 ::: march\n",
                                  encoding="utf-8")
    probe = ("import sys\nfrom lexsub_studio.cli.main import main\n"
             "code = main(sys.argv[1:])\n"
             "print(code, 'pandas' in sys.modules, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe, "score", str(tmp_path / "oot"),
                           str(tmp_path / "gold"), "-t", "oot", "--metrics", "all"],
                          capture_output=True, text=True, timeout=120)
    assert "Clean scoring of" in done.stdout
    assert "GAP" in done.stdout
    assert done.stderr.strip().splitlines()[-1] == "0 False"
