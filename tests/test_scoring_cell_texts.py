"""What the Scoring workspace says about a selected figure, item score or significance test,
computed in core (core.scoring.compare.explain_cells, core.scoring.compare.significance_text)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.core.scoring.compare.explain_cells import (
    explain_group_figure,
    explain_league_figure,
    explain_system_item,
)
from lexsub_studio.core.scoring.compare.significance import run_test
from lexsub_studio.core.scoring.compare.significance_text import (
    chosen_tests,
    has_measure,
    matrix_cell_lines,
    matrix_note,
    pair_lines,
)
from lexsub_studio.core.scoring.compare.system_files import read_gold_source, score_systems

GOLD = "bright.a 1 :: clever 3;smart 1;\nbright.a 2 :: vivid 2;bold 2;\nrun.v 3 :: dash 2;go 1;\n"


@pytest.fixture()
def systems(tmp_path: Path) -> list:
    (tmp_path / "gold").write_text(GOLD, encoding="utf-8")
    (tmp_path / "a.best").write_text("bright.a 1 :: clever\nrun.v 3 :: dash\n", encoding="utf-8")
    (tmp_path / "b.weighted").write_text("bright.a 1 smart 0.9 clever 0.5\n", encoding="utf-8")
    gold, _ = read_gold_source(str(tmp_path / "gold"))
    return score_systems([str(tmp_path / "a.best"), str(tmp_path / "b.weighted")], gold,
                         {}, {})


def test_a_league_figure_official_or_clean(systems: list) -> None:
    best, weighted = systems
    # a.best: clever 3/4 on item 1, dash 2/3 on item 3, over 3 items in T.
    assert explain_league_figure(best, "best.recall", "official", "percent").startswith(
        "a.best: official best recall = sum of item scores 1.417 / items in T 3 = 47.22%")
    assert explain_league_figure(best, "best.recall", "clean") == (
        "a.best: best recall = sum of item scores 1.417 / items in T 3 = 0.472")
    assert explain_league_figure(best, "oot.recall", "clean") == (
        "a.best: oot.recall is not scored for a best file")
    assert explain_league_figure(weighted, "best.recall", "official") == (
        "b.weighted: the official scorer does not read weighted files")
    assert explain_group_figure(best, "pos", "v", "best.recall") == (
        "a.best, pos v: best recall = sum of item scores 0.667 / items in T 1 = 0.667")


def test_an_item_score_or_why_there_is_none(systems: list) -> None:
    best = systems[0]
    row = best.report.items.iloc[0].to_dict()
    assert explain_system_item(best, row, "best.recall").startswith("a.best: best: ")
    assert explain_system_item(best, None, "best.recall") == (
        "a.best: this item is not scored for it")
    assert explain_system_item(best, row, "ranking.gap") == (
        "a.best: no ranking.gap for a best file")


def test_significance_in_words(systems: list) -> None:
    best = systems[0]
    assert chosen_tests("both") == ("bootstrap", "randomisation")
    assert chosen_tests("bootstrap") == ("bootstrap",)
    assert has_measure(best, "best.recall") and not has_measure(best, "ranking.gap")
    assert matrix_note("best.recall", ("bootstrap", "randomisation"), 500, 7, ["c.oot"]) == (
        "best recall, paired bootstrap and approximate randomisation, 500 samples, seed 7; a "
        "verdict at the 0.05 level; with two tests the larger p decides. Not compared (no best "
        "recall): c.oot.")
    assert matrix_note("oot.recall", ("bootstrap",), 10, 1).endswith("level.")
    results = [run_test("bootstrap", [1.0, 1.0, 0.5], [0.0, 0.0, 0.5], samples=200, seed=3)]
    lines = pair_lines("A1", "B1", "best.recall", 3, results)
    assert lines[0] == "A = A1, B = B1, measure best.recall, 3 items (unanswered items score 0)."
    assert lines[1] == results[0].describe()
    assert lines[-1].startswith("Verdict at the 0.05 level: ")
    cell = matrix_cell_lines("A1", "B1", "the note.", results)
    assert cell[0] == "A = A1, B = B1; the note." and cell[-1].startswith("Verdict: ")


def test_a_kind_is_named_with_the_article_it_is_spoken_with(tmp_path: Path) -> None:
    (tmp_path / "gold").write_text(GOLD, encoding="utf-8")
    (tmp_path / "c.oot").write_text("bright.a 1 ::: clever;smart\n", encoding="utf-8")
    gold, _ = read_gold_source(str(tmp_path / "gold"))
    oot = score_systems([str(tmp_path / "c.oot")], gold, {}, {})[0]
    assert explain_league_figure(oot, "best.recall", "clean") == (
        "c.oot: best.recall is not scored for an oot file")
