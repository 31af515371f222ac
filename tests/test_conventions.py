"""Evaluation conventions as profiles: the worked example of docs/metrics.md, derived by hand, and
the default profile being exactly the clean report's GAP."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats.gold import parse_gold_text, read_gold
from lexsub_studio.core.io.formats.system import read_system
from lexsub_studio.core.io.formats.weighted import read_weighted
from lexsub_studio.core.model.data import SystemAnswer
from lexsub_studio.core.scoring.conventions import (
    CONVENTIONS,
    convention_gap,
    get_convention,
    lexelt_candidates,
)
from lexsub_studio.core.scoring.report import ScoreOptions, score
from lexsub_studio.paths import demo_dir

# The worked example of docs/metrics.md ("Conventions"): an unsorted gold line with a hyphenated
# substitute, an item with one response, and an oot line that repeats an answer.
GOLD = "bright.a 1 :: clever 1;smart 3;well-lit 2;\nbright.a 2 :: shiny 1;\n"
SYSTEM = [SystemAnswer("bright.a", "1", ["smart", "smart", "clever", "well-lit"]),
          SystemAnswer("bright.a", "2", ["glossy", "shiny"])]

# Item 1, answers once: weights 3, 1, 2 -> 3/1 + 4/2 + 6/3 = 7; ideal by count 3, 2, 1 -> 7.5.
# Item 1, every answer: weights 3, 3, 1, 2 -> 3 + 6/2 + 7/3 + 9/4 = 127/12.
# Item 1, ideal in line order 1, 3, 2 -> 1 + 4/2 + 6/3 = 5.
# Item 1 without multiwords: weights 3, 3, 1 -> 3 + 3 + 7/3 = 25/3; ideal 3, 1 -> 3 + 4/2 = 5.
# Item 2 (one response, in no T): shiny second -> (1/2) / (1/1) = 1/2.
HAND = {
    "lexsub": 7 / 7.5,                                    # item 2 is not in T
    "semeval2007": (127 / 12) / 7.5,                      # every repeat credited, T only
    "lexsubgen": (7 / 5 + 1 / 2) / 2,                     # line-order ideal, every line
    "melamud": ((25 / 3) / 5 + 1 / 2) / 2,                # multiwords dropped first
    "melamud-mw": ((127 / 12) / 7.5 + 1 / 2) / 2,
}


@pytest.mark.parametrize("name", list(CONVENTIONS))
def test_worked_example_of_each_profile(name: str) -> None:
    gold = parse_gold_text(GOLD).items
    result = convention_gap(SYSTEM, gold, get_convention(name), kind="oot")
    assert result.value == pytest.approx(HAND[name])


def test_the_profiles_are_all_different_on_the_example() -> None:
    assert len({round(value, 9) for value in HAND.values()}) == len(HAND)


def test_rank_candidates_ranks_only_the_lexelts_gold_substitutes() -> None:
    gold = parse_gold_text(GOLD).items
    candidates = lexelt_candidates(gold)
    assert candidates == {"bright.a": ["clever", "smart", "well-lit", "shiny"]}
    result = convention_gap(SYSTEM, gold, get_convention("melamud-mw"), kind="oot",
                            candidates=candidates)
    # 'glossy' is no candidate, so 'shiny' ranks first in item 2: GAP 1.
    assert result.value == pytest.approx(((127 / 12) / 7.5 + 1) / 2)


@pytest.mark.parametrize("system_name,kind", [("gamma.weighted", "weighted"),
                                              ("alpha.oot", "oot")])
def test_default_profile_is_the_clean_reports_gap(system_name: str, kind: str) -> None:
    demo = demo_dir()
    gold = read_gold(demo / "gold").items
    path = demo / "systems" / system_name
    answers = (read_weighted(path).answers if kind == "weighted"
               else read_system(path, kind).answers)
    for name in ("lexsub", "semeval2007"):
        convention = get_convention(name)
        report = score(answers, gold, ScoreOptions(kind=kind, families=("ranking",),
                                                   kept_defects=convention.kept_defects))
        assert convention_gap(answers, gold, convention, kind=kind).value == pytest.approx(
            report.figures["ranking.gap"].value)


def test_cli_convention_json_and_errors(tmp_path: Path, capsys) -> None:
    (tmp_path / "g").write_text(GOLD)
    (tmp_path / "s.oot").write_text("bright.a 1 ::: smart;smart;clever;well-lit\n"
                                    "bright.a 2 ::: glossy;shiny\n")
    code = main(["score", str(tmp_path / "s.oot"), str(tmp_path / "g"), "-t", "oot",
                 "--convention", "melamud", "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["gap"] == pytest.approx(HAND["melamud"])
    assert out["items_averaged"] == 2
    code = main(["score", str(tmp_path / "s.oot"), str(tmp_path / "g"), "-t", "oot",
                 "--convention", "nobody"])
    err = capsys.readouterr().err
    assert code == 2 and "unknown convention 'nobody'; known conventions: lexsub" in err
    (tmp_path / "s.best").write_text("bright.a 1 :: smart\n")
    code = main(["score", str(tmp_path / "s.best"), str(tmp_path / "g"), "--rank-candidates"])
    assert code == 2 and "oot or weighted file" in capsys.readouterr().err
