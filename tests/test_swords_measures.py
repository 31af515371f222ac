"""The SWORDS measures: docs/metrics.md's worked example by hand, properties over generated
benchmarks and results, and `lexsub score RESULT BENCHMARK --metrics swords` in every format.
All data here is made up for these tests."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats import swords
from lexsub_studio.core.scoring.swords.measures import (
    REFERENCES,
    SETTINGS,
    figure_key,
    substitute_score,
    swords_scores,
)

CONTEXT = "The bright pupil answered."


def example_benchmark() -> dict:
    """docs/metrics.md's worked example: one target, six substitutes."""
    labels = {"clever": ["TRUE", "TRUE", "TRUE", "FALSE"],
              "smart": ["TRUE", "TRUE", "FALSE", "UNSURE"],
              "brilliant": ["TRUE", "FALSE", "FALSE", "FALSE"],
              "shiny": ["FALSE", "FALSE", "FALSE"],
              "vivid": ["UNSURE", "UNSURE"],
              "sharp": ["TRUE", "FALSE"]}
    return {
        "contexts": {"c:1": {"context": CONTEXT}},
        "targets": {"t:1": {"context_id": "c:1", "target": "bright", "offset": 4,
                            "pos": "ADJ"}},
        "substitutes": {f"s:{word}": {"target_id": "t:1", "substitute": word}
                        for word in labels},
        "substitute_labels": {f"s:{word}": value for word, value in labels.items()},
        "substitutes_lemmatized": True,
    }


EXAMPLE_RESULT = {"substitutes_lemmatized": True,
                  "substitutes": {"t:1": [["intelligent", 0.9], ["Smart", 0.8], ["shiny", 0.7],
                                          ["bright", 0.65], ["brilliant", 0.6],
                                          ["vivid", 0.5]]}}

#: The worked example's figures, computed by hand in docs/metrics.md.
EXPECTED = {
    "swords.lenient.acceptable.f_at_10": Fraction(2, 5),
    "swords.lenient.acceptable.p_at_10": Fraction(1, 3),
    "swords.lenient.acceptable.r_at_10": Fraction(1, 2),
    "swords.lenient.acceptable.p_at_1": Fraction(1),
    "swords.lenient.conceivable.f_at_10": Fraction(4, 7),
    "swords.lenient.conceivable.p_at_10": Fraction(2, 3),
    "swords.lenient.conceivable.r_at_10": Fraction(1, 2),
    "swords.lenient.conceivable.p_at_1": Fraction(1),
    "swords.strict.acceptable.f_at_10": Fraction(2, 7),
    "swords.strict.acceptable.p_at_10": Fraction(1, 5),
    "swords.strict.acceptable.r_at_10": Fraction(1, 2),
    "swords.strict.acceptable.p_at_1": Fraction(0),
    "swords.strict.conceivable.f_at_10": Fraction(4, 9),
    "swords.strict.conceivable.p_at_10": Fraction(2, 5),
    "swords.strict.conceivable.r_at_10": Fraction(1, 2),
    "swords.strict.conceivable.p_at_1": Fraction(0),
    "swords.gap": Fraction(81, 380),
}


def example_scores():
    benchmark = swords.swords_from_json(example_benchmark()).benchmark
    result, _ = swords.swords_result_from_json(EXAMPLE_RESULT)
    return swords_scores(benchmark, result)


def test_worked_example_by_hand() -> None:
    scores = example_scores()
    assert list(scores.figures) == list(EXPECTED)
    for key, value in EXPECTED.items():
        assert scores.figures[key].value == pytest.approx(float(value), abs=1e-12), key
    assert scores.counts["system_same_as_target"] == 1  # "bright"
    assert scores.counts["substitutes_without_judgement"] == 1  # vivid: UNSURE only


def test_score_leaves_unsure_out_and_counts_implicit_labels() -> None:
    assert substitute_score(["TRUE", "UNSURE", "FALSE"]) == 0.5
    assert substitute_score(["TRUE_IMPLICIT", "FALSE_IMPLICIT", "FALSE_IMPLICIT"]) == 1 / 3
    assert substitute_score(["UNSURE"]) is None


def test_a_target_the_result_does_not_answer_counts_as_an_empty_list() -> None:
    document = example_benchmark()
    document["contexts"]["c:2"] = {"context": "A keen eye."}
    document["targets"]["t:2"] = {"context_id": "c:2", "target": "keen", "offset": 2,
                                  "pos": "ADJ"}
    document["substitutes"]["s:sharp2"] = {"target_id": "t:2", "substitute": "sharp"}
    document["substitute_labels"]["s:sharp2"] = ["TRUE"]
    benchmark = swords.swords_from_json(document).benchmark
    result, _ = swords.swords_result_from_json(EXAMPLE_RESULT)
    figures = swords_scores(benchmark, result).figures
    # Strict acceptable: 1 hit of 5 given; 2 + 1 needed.
    assert figures["swords.strict.acceptable.r_at_10"].value == pytest.approx(1 / 3)
    assert figures["swords.strict.acceptable.p_at_10"].value == pytest.approx(1 / 5)
    assert figures["swords.gap"].denominator == 2


# --- properties ---------------------------------------------------------------------------------

WORDS = ["able", "bold", "calm", "dark", "eager", "fair", "glad", "hazy", "idle", "jolly", "keen",
         "lean", "mild", "neat"]
labels_strategy = st.lists(st.sampled_from(swords.LABELS), min_size=1, max_size=6)


@st.composite
def benchmark_and_result(draw: st.DrawFn) -> tuple[swords.SwordsBenchmark, swords.SwordsResult]:
    benchmark = swords.SwordsBenchmark(substitutes_lemmatized=True)
    result = swords.SwordsResult(substitutes_lemmatized=True)
    for index in range(draw(st.integers(1, 4))):
        benchmark.contexts[f"c:{index}"] = "the word here"
        benchmark.targets[f"t:{index}"] = swords.SwordsTarget(f"c:{index}", "word", 4, "NOUN")
        for word in draw(st.lists(st.sampled_from(WORDS), unique=True, max_size=12)):
            benchmark.substitutes[f"s:{index}:{word}"] = swords.SwordsSubstitute(
                f"t:{index}", word, draw(labels_strategy))
        if draw(st.booleans()):
            answers = draw(st.lists(st.sampled_from([*WORDS, "other", "else"]), unique=True,
                                    max_size=14))
            result.ranked[f"t:{index}"] = [(word, float(-rank)) for rank, word in
                                           enumerate(answers)]
    return benchmark, result


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(benchmark_and_result())
def test_properties_of_the_figures(pair) -> None:
    benchmark, result = pair
    figures = swords_scores(benchmark, result).figures
    for figure in figures.values():
        assert figure.value is None or 0.0 <= figure.value <= 1.0 + 1e-12
    for setting in SETTINGS:
        for name in REFERENCES:
            precision = figures[figure_key(setting, name, "p_at_10")].value
            recall = figures[figure_key(setting, name, "r_at_10")].value
            f = figures[figure_key(setting, name, "f_at_10")].value
            if precision is not None and recall is not None:
                harmonic = (0.0 if precision + recall == 0
                            else 2 * precision * recall / (precision + recall))
                assert f == pytest.approx(harmonic, abs=1e-12)
    for name in REFERENCES:
        for measure in ("f_at_10", "p_at_10", "r_at_10", "p_at_1"):
            # Dropping the substitutes outside the pool never loses a hit and never adds a
            # substitute given: a lenient figure is never below its strict one.
            lenient = figures[figure_key("lenient", name, measure)].value
            strict = figures[figure_key("strict", name, measure)].value
            if lenient is not None and strict is not None:
                assert lenient >= strict - 1e-12, (name, measure)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(benchmark_and_result())
def test_a_system_giving_the_reference_in_score_order_scores_one(pair) -> None:
    benchmark, _ = pair
    perfect = swords.SwordsResult(substitutes_lemmatized=True)
    by_target: dict[str, list[tuple[str, float]]] = {}
    for substitute in benchmark.substitutes.values():
        score = substitute_score(substitute.labels or [])
        if score is not None and score > 0.5:
            by_target.setdefault(substitute.target_id, []).append((substitute.substitute, score))
    perfect.ranked = by_target
    figures = swords_scores(benchmark, perfect).figures
    for setting in SETTINGS:
        for measure in ("p_at_10", "r_at_10", "f_at_10", "p_at_1"):
            figure = figures[figure_key(setting, "acceptable", measure)]
            assert figure.value is None or figure.value == pytest.approx(1.0)


# --- the command --------------------------------------------------------------------------------

def write_example(tmp_path: Path) -> tuple[str, str]:
    benchmark = tmp_path / "bench.json.gz"
    swords.write_swords(swords.swords_from_json(example_benchmark()).benchmark, benchmark)
    result = tmp_path / "result.json"
    result.write_text(json.dumps(EXAMPLE_RESULT))
    return str(result), str(benchmark)


def test_cli_table(tmp_path: Path, capsys) -> None:
    result, benchmark = write_example(tmp_path)
    assert main(["score", result, benchmark, "--metrics", "swords"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"SWORDS measures of {result} against {benchmark} (1 targets scored, "
                          "1 answered)")
    lines = {line.split("  ")[0]: line for line in out.splitlines()}
    assert lines["F@10 lenient acceptable"].split()[3:] == ["0.400", "2", "5"]
    assert lines["GAP"].split()[1] == "0.213"
    assert "1 system substitutes equal to their target, dropped" in out


def test_cli_json_gives_every_figure(tmp_path: Path, capsys) -> None:
    result, benchmark = write_example(tmp_path)
    assert main(["score", result, benchmark, "--metrics", "swords", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["format"] == "lexsub-swords-report 1"
    for key, value in EXPECTED.items():
        assert document["figures"][key]["value"] == pytest.approx(float(value), abs=1e-12)


def test_cli_csv(tmp_path: Path, capsys) -> None:
    result, benchmark = write_example(tmp_path)
    assert main(["score", result, benchmark, "--metrics", "swords", "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [row["measure"] for row in rows] == list(EXPECTED)
    assert float(rows[0]["value"]) == pytest.approx(0.4)


@pytest.mark.parametrize(("fmt", "marks"), [("markdown", ["| F@10 lenient acceptable | 0.400 |",
                                                          "|---|---:|---:|---:|"]),
                                            ("latex", ["\\begin{tabular}{lrrr}",
                                                       "F@10 lenient acceptable & 0.400 &"])])
def test_cli_markdown_and_latex(tmp_path: Path, capsys, fmt: str, marks: list[str]) -> None:
    result, benchmark = write_example(tmp_path)
    assert main(["score", result, benchmark, "--metrics", "swords", "--format", fmt]) == 0
    out = capsys.readouterr().out
    for mark in marks:
        assert mark in out


def test_cli_writes_report_and_items_to_files(tmp_path: Path, capsys) -> None:
    result, benchmark = write_example(tmp_path)
    report, items = tmp_path / "report.json", tmp_path / "items.csv"
    assert main(["score", result, benchmark, "--metrics", "swords", "--format", "json",
                 "-o", str(report), "--items", str(items)]) == 0
    assert capsys.readouterr().out == ""
    assert json.loads(report.read_text())["counts"]["targets_scored"] == 1
    [row] = list(csv.DictReader(io.StringIO(items.read_text())))
    assert row["system"] == "intelligent;smart;shiny;brilliant;vivid"
    assert (row["lenient_acceptable_hits"], row["lenient_acceptable_given"]) == ("1", "3")


def test_cli_malformed_result_is_placed_and_the_rest_scored(tmp_path: Path, capsys) -> None:
    _, benchmark = write_example(tmp_path)
    result = tmp_path / "bad.json"
    result.write_text('{"substitutes_lemmatized": true,\n "substitutes": {\n'
                      '  "t:1": [["clever", "high"]]}}\n')
    assert main(["score", str(result), benchmark, "--metrics", "swords"]) == 1
    captured = capsys.readouterr()
    assert f"{result}:3:3: error: target t:1: pair 1 ('clever')" in captured.err
    assert "Traceback" not in captured.err
    assert "1 answered" not in captured.out and "0 answered" in captured.out


def test_cli_refuses_a_file_that_is_not_a_swords_result(tmp_path: Path, capsys) -> None:
    _, benchmark = write_example(tmp_path)
    best = tmp_path / "system.best"
    best.write_text("bright.a t:1 :: clever\n")
    assert main(["score", str(best), benchmark, "--metrics", "swords"]) == 2
    err = capsys.readouterr().err
    assert str(best) in err and "malformed JSON" in err and "Traceback" not in err


@pytest.mark.parametrize(("extra", "message"), [
    (["--metrics", "swords,official"], "does not combine with official"),
    (["--metrics", "swords", "--by", "pos"], "--by do(es) not apply to --metrics swords"),
    (["--metrics", "swords", "-t", "oot"], "-t do(es) not apply"),
])
def test_cli_refuses_options_of_the_classic_files(tmp_path: Path, capsys, extra: list[str],
                                                  message: str) -> None:
    result, benchmark = write_example(tmp_path)
    assert main(["score", result, benchmark, *extra]) == 2
    assert message in capsys.readouterr().err


def test_cli_warns_when_the_lemmatized_flags_differ(tmp_path: Path, capsys) -> None:
    result, benchmark = write_example(tmp_path)
    Path(result).write_text(json.dumps({**EXAMPLE_RESULT, "substitutes_lemmatized": False}))
    assert main(["score", result, benchmark, "--metrics", "swords"]) == 0
    assert "the result's substitutes are word forms and the benchmark's lemmatised" in (
        capsys.readouterr().err)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(benchmark_and_result())
def test_a_system_giving_every_scored_substitute_in_score_order_has_gap_one(pair) -> None:
    benchmark, _ = pair
    ideal = swords.SwordsResult(substitutes_lemmatized=True)
    for substitute in benchmark.substitutes.values():
        score = substitute_score(substitute.labels or [])
        if score:
            ideal.ranked.setdefault(substitute.target_id, []).append((substitute.substitute,
                                                                      score))
    figure = swords_scores(benchmark, ideal).figures["swords.gap"]
    assert figure.value is None or figure.value == pytest.approx(1.0)


def test_cli_names_undefined_figures_and_exits_1(tmp_path: Path, capsys) -> None:
    result, benchmark = write_example(tmp_path)
    Path(result).write_text(json.dumps({"substitutes_lemmatized": True,
                                        "substitutes": {"t:1": [["intelligent", 1.0]]}}))
    assert main(["score", result, benchmark, "--metrics", "swords", "--format", "json"]) == 1
    captured = capsys.readouterr()
    document = json.loads(captured.out)
    assert document["figures"]["swords.lenient.acceptable.p_at_10"]["value"] is None
    assert document["figures"]["swords.strict.acceptable.p_at_10"]["value"] == 0.0
    assert "undefined (zero denominator): F@10 lenient acceptable, P@10 lenient acceptable" in (
        captured.err)


def test_cli_says_when_the_files_are_given_the_wrong_way_round(tmp_path: Path, capsys) -> None:
    result, benchmark = write_example(tmp_path)
    assert main(["score", benchmark, result, "--metrics", "swords"]) == 2
    err = capsys.readouterr().err
    # The benchmark is read first: the result given in its place is named.
    assert f"{result}: error: this is not a SWORDS benchmark" in err
    assert "Traceback" not in err
