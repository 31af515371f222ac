"""The league table's rules in core (pure Python): ranks and best marks judged as figures are
shown, percentages rounded as the official scorer prints them, a definition for every column,
p-values written as people write them and a plain verdict per pair."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from lexsub_studio.cli.main import main as cli_main
from lexsub_studio.core.io.formats.gold import read_gold
from lexsub_studio.core.scoring.compare.league import (
    LEAGUE_COLUMNS,
    MEASURE_GROUPS,
    automatic_group,
    competition_ranks,
    definition,
    paper_table,
)
from lexsub_studio.core.scoring.compare.significance import (
    compare_systems,
    comparison_pairs,
    run_test,
    verdict,
    verdict_sentence,
    written_p_value,
)
from lexsub_studio.core.scoring.compare.system_scores import score_system_file
from lexsub_studio.core.scoring.shown_figures import best_shown, figure_text

DOCS = Path(__file__).resolve().parents[1] / "docs" / "metrics.md"


@pytest.mark.parametrize("key", [key for key, _ in LEAGUE_COLUMNS])
def test_every_league_column_has_one_definition_the_docs_quote(key: str) -> None:
    text = definition(key)
    assert text.endswith(".") and len(text) > 30
    assert f"(`{key}`) | {text} |" in DOCS.read_text(encoding="utf-8")


def test_every_league_column_belongs_to_one_task_group() -> None:
    grouped = [key for group in MEASURE_GROUPS for key in group.measures]
    assert sorted(grouped) == sorted(key for key, _ in LEAGUE_COLUMNS)
    assert all(group.ranked_by in group.measures for group in MEASURE_GROUPS)


def test_ranks_share_places_for_figures_that_read_the_same() -> None:
    assert competition_ranks([0.5, 0.7, 0.5, None, 0.1]) == [2, 1, 2, None, 4]
    # 0.3601 and 0.3599 both read 0.360 as fractions, but 36.01 and 35.99 as percentages.
    assert competition_ranks([0.3601, 0.3599]) == [1, 1]
    assert competition_ranks([0.3601, 0.3599], "percent") == [1, 2]
    assert best_shown([0.3601, 0.3599, None]) == 0.36
    assert best_shown([0.2, None]) is None  # one figure is not the best of anything


def test_percentages_round_half_up_as_the_official_scorer() -> None:
    assert figure_text(0.12345, "percent") == "12.35"
    assert figure_text(0.5, "percent") == "50.00"
    assert figure_text(0.5) == "0.500"
    assert figure_text(None, "percent") == "—"
    with pytest.raises(ValueError, match="unknown unit"):
        figure_text(0.5, "permille")


def test_automatic_group_is_the_task_systems_share() -> None:
    assert automatic_group(["best", "best", "weighted"]) == "best"
    assert automatic_group(["oot", "weighted"]) == "oot"
    assert automatic_group(["weighted"]) == "ranking"
    assert automatic_group(["best", "mw"]) is None


@pytest.fixture()
def demo_systems(demo_dir: Path):
    gold = read_gold(demo_dir / "gold").items
    data = (demo_dir / "gold").read_bytes()
    return [score_system_file(demo_dir / "systems" / name, gold, data)
            for name in ("alpha.best", "beta.best", "alpha.oot", "gamma.weighted")]


def test_paper_table_keeps_one_task_and_ranks_by_its_recall(demo_systems,
                                                            demo_dir: Path,
                                                            capsys) -> None:
    table = paper_table(demo_systems, "official", "best", "percent")
    assert table.header[:3] == ["rank", "system", "kind"]
    assert all(key is None or key.startswith("best.") for key in table.keys)
    names = [row[1] for row in table.rows]
    assert names == ["alpha.best", "beta.best"]  # the official scorer reads no weighted file
    recall = table.keys.index("best.recall")
    assert [row[0] for row in table.rows] == [1, 2]
    assert table.rows[0][recall] > table.rows[1][recall]
    assert cli_main(["score", str(demo_dir / "systems" / "alpha.best"),
                     str(demo_dir / "gold")]) == 0
    assert f"recall = {figure_text(table.rows[0][recall], 'percent')}\n" in \
        capsys.readouterr().out


@pytest.mark.parametrize(("p", "written"), [
    (0.0001, "p < 0.001"), (0.000999, "p < 0.001"), (0.001, "p = 0.001"),
    (0.0123, "p = 0.012"), (0.0496, "p < 0.05"), (0.0504, "p = 0.050"), (1.0, "p = 1.000")])
def test_p_values_are_written_as_people_write_them(p: float, written: str) -> None:
    assert written_p_value(p) == written


def test_a_verdict_says_who_is_better_only_when_significant() -> None:
    assert verdict(0.1, 0.001) == "better"
    assert verdict(-0.1, 0.001) == "worse"
    assert verdict(0.1, 0.2) == "no significant difference"
    strong = np.array([1.0, 1.0, 0.5, 1.0, 0.8, 1.0, 0.9, 1.0] * 10)
    weak = strong - 0.4
    results = [run_test(method, strong, weak, samples=999, seed=1)
               for method in ("bootstrap", "randomisation")]
    # Every shuffle falls short of a difference this consistent: p = 1 / 1000 for both tests.
    assert [result.reached for result in results] == [0, 0]
    assert verdict_sentence("A", "B", results) == "A is better than B (p = 0.001)"
    same = [run_test("randomisation", strong, strong, samples=99, seed=1)]
    assert verdict_sentence("A", "B", same) == \
        "no significant difference between A and B (p = 1.000)"


def test_every_pair_or_every_system_against_a_baseline(demo_systems) -> None:
    assert comparison_pairs(3) == [(0, 1), (0, 2), (1, 2)]
    assert comparison_pairs(3, baseline=1) == [(0, 1), (2, 1)]
    reports = [system.report for system in demo_systems]
    compared = compare_systems(reports, "best.recall", ["randomisation"], samples=200, seed=3)
    assert [(c.first, c.second) for c in compared] == comparison_pairs(4)
    by_pair = {(c.first, c.second): c for c in compared}
    # alpha.best against beta.best: alpha is better on the demo; seen from beta, worse.
    assert by_pair[0, 1].results[0].reached == 0  # no shuffle reaches it: p = 1 / 201
    assert by_pair[0, 1].cell_text() == "better, p = 0.005"
    assert by_pair[0, 1].flipped().cell_text().startswith("worse, ")
    # alpha.oot has no best recall: the cell says so instead of a verdict.
    assert "not scored" in by_pair[0, 2].cell_text()
    against = compare_systems(reports, "best.recall", ["bootstrap"], baseline=1, samples=200)
    assert [(c.first, c.second) for c in against] == [(0, 1), (2, 1), (3, 1)]


def test_exports_write_the_figures_as_the_table_shows_them(demo_systems) -> None:
    from lexsub_studio.core.scoring.report.tables import to_csv, to_latex, to_markdown

    table = paper_table(demo_systems, "official", "best", "percent")
    recall = table.keys.index("best.recall")
    best, other = (figure_text(row[recall], "percent") for row in table.rows)
    latex = to_latex(table)
    assert "figures in %" in latex
    assert f"\\textbf{{{best}}}" in latex and f" {other} " in latex
    assert "| 2 | beta.best | best |" in to_markdown(table)
    # CSV keeps the exact fraction, whatever the unit shown.
    assert repr(table.rows[0][recall]) in to_csv(table)
