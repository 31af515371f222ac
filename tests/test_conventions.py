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
from lexsub_studio.core.scoring.conventions.profiles import (
    CONVENTIONS,
    convention_gap,
    get_convention,
    gold_candidates,
    lexelt_candidates,
)
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score
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
    convention = get_convention("lexsub")
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


# --- Each profile reads the gold as its script does ---------------------------------------------
# Item 1 writes `near  2` with two spaces; item 2 gives `go` twice (counts 1, then 3).
SCRIPT_GOLD = "x.n 1 :: near  2;far 1;\nx.n 2 :: go 1;run 2;go 3;\n"
SCRIPT_SYSTEM = [SystemAnswer("x.n", "1", ["near", "far"]),
                 SystemAnswer("x.n", "2", ["run", "go"])]
# melamud-mw: `near ` keeps its trailing space, so the answer `near` earns nothing:
#   item 1: far second, 1/2; ideal 2, 1 -> 2 + 3/2 = 3.5.
#   item 2: `go` is credited with its last count, 3; both `go` entries stay in the ideal
#   ranking, each with its own count: 3, 2, 1 -> 3 + 5/2 + 6/3 = 7.5; run, go -> 2 + 5/2.
# melamud: `near ` holds a space, so it is a multiword and dropped: item 1 is far 1 alone,
#   far second -> (1/2) / 1; item 2 as above.
# lexsubgen: `near  2` is `near`; the repeated `go` keeps its first place and its last count:
#   item 1: 2 + 3/2 over 3.5 = 1; item 2: ideal go 3, run 2 -> 3 + 5/2 = 5.5; run, go -> 4.5.
SCRIPT_HAND = {
    "melamud-mw": [0.5 / 3.5, 4.5 / 7.5],
    "melamud": [0.5 / 1, 4.5 / 7.5],
    "lexsubgen": [1.0, 4.5 / 5.5],
}


@pytest.mark.parametrize("name", list(SCRIPT_HAND))
def test_each_profile_reads_the_gold_text_as_its_script(name: str) -> None:
    gold = parse_gold_text(SCRIPT_GOLD).items
    result = convention_gap(SCRIPT_SYSTEM, gold, get_convention(name), kind="oot",
                            gold_text=SCRIPT_GOLD)
    assert list(result.scores) == pytest.approx(SCRIPT_HAND[name])


def test_cli_gives_the_script_readings(tmp_path: Path, capsys) -> None:
    (tmp_path / "g").write_text(SCRIPT_GOLD)
    (tmp_path / "s.oot").write_text("x.n 1 ::: near;far\nx.n 2 ::: run;go\n")
    for name, items in SCRIPT_HAND.items():
        code = main(["score", str(tmp_path / "s.oot"), str(tmp_path / "g"), "-t", "oot",
                     "--convention", name, "--format", "json"])
        out = json.loads(capsys.readouterr().out)
        assert code == 0 and out["gap"] == pytest.approx(sum(items) / 2), name
        assert out["rules"]["gold_reading"] == name.removesuffix("-mw")


def test_melamud_a_later_gold_line_replaces_an_earlier_one() -> None:
    text = "x.n 1 :: go 1;\nx.n 1 :: run 2;walk 1;\n"
    result = convention_gap([SystemAnswer("x.n", "1", ["run"])], parse_gold_text(text).items,
                            get_convention("melamud-mw"), kind="oot", gold_text=text)
    assert list(result.scores) == pytest.approx([2 / (2 + 3 / 2)])
    assert sum(result.skipped.values()) == 1


# --- Candidate ranking --------------------------------------------------------------------------

POOL_GOLD = "bar.n 1 :: pub 2;counter 1;\nbar.n.v 2 :: rod 2;pub 1;\n"


def test_gold_candidates_are_pooled_by_lemma_and_first_pos() -> None:
    gold = parse_gold_text(POOL_GOLD).items
    for name in CONVENTIONS:
        assert gold_candidates(gold, get_convention(name), POOL_GOLD) == {
            "bar.n": ["pub", "counter", "rod"]}, name
    # `counter`, a candidate of bar.n only, is ranked for the bar.n.v item: counter, rod ->
    # rod second, (2/2) over the ideal 2 + 3/2.
    system = [SystemAnswer("bar.n.v", "2", ["counter", "rod"])]
    result = convention_gap(system, gold, get_convention("lexsub"), kind="oot",
                            candidates=gold_candidates(gold, get_convention("lexsub")))
    assert dict(zip(result.keys, result.scores, strict=True))[("bar.n.v", "2")] == \
        pytest.approx(1 / 3.5)


def test_rank_candidates_reads_the_published_candidates_file(tmp_path: Path, capsys) -> None:
    (tmp_path / "g").write_text(GOLD)
    (tmp_path / "s.oot").write_text("bright.a 1 ::: smart;smart;clever;well-lit\n"
                                    "bright.a 2 ::: glossy;shiny\n")
    (tmp_path / "cands").write_text("bright.a::clever;smart;well-lit;shiny\n")
    code = main(["score", str(tmp_path / "s.oot"), str(tmp_path / "g"), "-t", "oot",
                 "--convention", "melamud-mw", "--rank-candidates", str(tmp_path / "cands"),
                 "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["gap"] == pytest.approx(((127 / 12) / 7.5 + 1) / 2)


def test_rank_candidates_refuses_a_file_that_matches_no_target(tmp_path: Path, capsys) -> None:
    (tmp_path / "g").write_text(GOLD)
    (tmp_path / "s.oot").write_text("bright.a 1 ::: smart\n")
    (tmp_path / "cands").write_text("dog.n::hound;cur\n")
    code = main(["score", str(tmp_path / "s.oot"), str(tmp_path / "g"), "-t", "oot",
                 "--rank-candidates", str(tmp_path / "cands")])
    err = capsys.readouterr().err
    assert code == 2
    assert "no line of the candidates file names a target of the gold" in err
    assert "bright.a" in err and "dog.n" in err


# --- The withdrawn semeval2007 profile ----------------------------------------------------------

def test_semeval2007_convention_points_to_the_official_mode(tmp_path: Path, capsys) -> None:
    (tmp_path / "g").write_text(GOLD)
    (tmp_path / "s.oot").write_text("bright.a 1 ::: smart\n")
    code = main(["score", str(tmp_path / "s.oot"), str(tmp_path / "g"), "-t", "oot",
                 "--convention", "semeval2007"])
    err = capsys.readouterr().err
    assert code == 2
    assert "withdrawn" in err and "lexsub score SYSTEM GOLD [-t best|oot|mw]" in err
    assert "semeval2007" not in CONVENTIONS


def test_rank_candidates_names_targets_the_file_lacks(tmp_path: Path, capsys) -> None:
    (tmp_path / "g").write_text(POOL_GOLD + "dog.n 3 :: hound 2;cur 1;\n")
    (tmp_path / "s.oot").write_text("bar.n.v 2 ::: counter;rod\ndog.n 3 ::: hound\n")
    # 'bar.n.v' in the file is pooled with 'bar.n'; dog.n has no line.
    (tmp_path / "cands").write_text("bar.n.v::counter; rod ;pub\n")
    code = main(["score", str(tmp_path / "s.oot"), str(tmp_path / "g"), "-t", "oot",
                 "--convention", "lexsubgen", "--rank-candidates", str(tmp_path / "cands"),
                 "--format", "json"])
    captured = capsys.readouterr()
    assert code == 0
    assert "1 of 2 targets of the gold have no candidates line (dog.n)" in captured.err
    out = json.loads(captured.out)
    # bar.n 1: nothing answered, 0; bar.n.v 2: counter, rod -> (2/2) / (2 + 3/2); dog.n 3: its
    # answers are no candidates, 0.
    assert out["gap"] == pytest.approx((1 / 3.5) / 3)
