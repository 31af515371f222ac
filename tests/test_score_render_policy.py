"""The clean score report in each format follows the number policy (core/present/numbers.py):
an undefined figure reads "undefined" in the terminal table, a dash in Markdown and LaTeX,
an empty CSV field; LaTeX is a booktabs tabular like every other LaTeX table."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.core.scoring.report.render import render
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score_files


@pytest.fixture
def report(tmp_path: Path):  # type: ignore[no-untyped-def]
    # One item of T for each of two lexelts; the system marks a multiword only for the first,
    # so the second has no detection precision (nothing marked: zero denominator).
    gold = tmp_path / "gold.mw"
    gold.write_text("tip.n 1 :: take off 2;\nrun.v 2 :: set out 3;\n", encoding="utf-8")
    system = tmp_path / "sys.mw"
    system.write_text("tip.n 1 :: take off\n", encoding="utf-8")
    return score_files(system, gold, ScoreOptions(kind="mw", families=("official",)))


def _row(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.lstrip("| ").startswith(start))


def test_undefined_per_format(report) -> None:  # type: ignore[no-untyped-def]
    table = render(report, "table", "lexelt")
    assert _row(table, "run.v").split() == ["run.v", "undefined", "0.000", "undefined",
                                            "0.000"]
    assert _row(render(report, "markdown", "lexelt"), "run.v") == \
        "| run.v | — | 0.000 | — | 0.000 |"
    assert _row(render(report, "latex", "lexelt"), "run.v") == \
        r"run.v & -- & 0.000 & -- & 0.000 \\"
    assert "lexelt,run.v,mw.detection_precision,detection precision,,0.0,0.0" in \
        render(report, "csv", "lexelt")


def test_latex_is_booktabs(report) -> None:  # type: ignore[no-untyped-def]
    lines = render(report, "latex").splitlines()
    assert lines[1:4] == [r"\begin{tabular}{lrrr}", r"\toprule",
                          r"measure & value & numerator & denominator \\"]
    assert lines[4] == r"\midrule" and r"\bottomrule" in lines and r"\hline" not in lines


def test_official_and_clean_explanations_write_the_sum_alike() -> None:
    from lexsub_studio.core.scoring.compare.league import explain_shown
    from lexsub_studio.core.scoring.explain.official import explain_official
    from lexsub_studio.core.scoring.report.types import Figure

    totals = {"score_sum": 19.4313, "attempted": 54, "precision": 19.4313 / 54}
    official = explain_official("best.precision", totals)
    clean = explain_shown(Figure("best.precision", "best precision", 19.4313 / 54, 19.4313, 54,
                                 "sum of item scores", "attempted items"))
    assert official == "official best precision = sum of item scores 19.431 / attempted items " \
        "54 = 0.360"
    assert clean.endswith("sum of item scores 19.431 / attempted items 54 = 0.360")
