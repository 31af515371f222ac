"""The official scorer's figures in words (core.scoring.explain.official), in the Scoring
workspace's league table and after ``lexsub score --explain``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.scoring.compare.system_files import read_gold_source, score_systems
from lexsub_studio.core.scoring.explain.official import explain_official, official_explanations

GOLD = "bright.a 1 :: clever 3;smart 1;\nbright.a 2 :: vivid 2;bold 2;\ntake.v 3 :: grab 1;\n"
#: Answers item 1 only, with smart (1 of the 4 responses): 0.25 over 1 attempted, 2 in T.
SYSTEM = "bright.a 1 :: smart\n"


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {"gold": tmp_path / "gold", "system": tmp_path / "b.best"}
    paths["gold"].write_text(GOLD, encoding="utf-8")
    paths["system"].write_text(SYSTEM, encoding="utf-8")
    return paths


def _totals(files: dict[str, Path]) -> dict[str, float | int | None]:
    gold, _ = read_gold_source(str(files["gold"]))
    system = score_systems([str(files["system"])], gold, {}, {})[0]
    assert system.official_totals is not None
    return system.official_totals


def test_a_figure_with_its_numerator_and_denominator(files: dict[str, Path]) -> None:
    totals = _totals(files)
    # The figure ends as its cell shows it: three decimals, or a percentage with two.
    assert explain_official("best.precision", totals) == (
        "official best precision = sum of item scores 0.25 / attempted items 1 = 0.250")
    assert explain_official("best.recall", totals, "percent") == (
        "official best recall = sum of item scores 0.25 / items in T 2 = 12.50%")
    assert "does not compute" in explain_official("jabbari.best", {})


def test_every_figure_of_a_task_in_the_scorers_order(files: dict[str, Path]) -> None:
    lines = official_explanations("best", _totals(files))
    assert [line.split(" = ")[0] for line in lines] == [
        "official best precision", "official best recall", "official best mode precision",
        "official best mode recall"]
    # Item 1's mode is clever: smart is no mode hit, over 1 attempted item with a mode.
    assert lines[2] == ("official best mode precision = mode hits 0 / attempted items with a "
                        "mode 1 = 0.000")
    assert official_explanations("weighted", {}) == []


def test_score_explain_prints_the_official_figures(files: dict[str, Path],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(files["system"]), str(files["gold"]), "--explain"]) == 0
    out = capsys.readouterr().out.splitlines()
    start = out.index("Official figures, as the official scorer reached them:")
    # The final release prints percentages, and so does its explanation.
    assert out[start + 2] == "  official best recall = sum of item scores 0.25 / items in T 2 = " \
                             "12.50%"
    assert main(["score", str(files["system"]), str(files["gold"]), "--explain",
                 "--scorer", "trial"]) == 0
    assert "  official best recall = sum of item scores 0.25 / items in T 2 = 0.125" in \
        capsys.readouterr().out.splitlines()


def test_machine_readable_output_stays_as_it_was(files: dict[str, Path],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(files["system"]), str(files["gold"]), "--explain",
                 "--format", "json"]) == 0
    assert "differences" in json.loads(capsys.readouterr().out)
