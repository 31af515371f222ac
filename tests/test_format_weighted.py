"""The Senseval-3 weighted answer format: normalisation, ranking, comments, bad weights."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats.weighted import (
    format_weighted_line,
    parse_weighted_text,
    read_weighted,
    read_weighted_bytes,
    write_weighted,
)
from lexsub_studio.core.model.data import WeightedAnswer


def codes(result) -> list[tuple[str, int | None, int | None]]:
    return [(d.code, d.line, d.column) for d in result.diagnostics]


def test_the_well_formed_examples_of_the_format() -> None:
    text = ("brother.n 00001 501566\n"
            "brother.n 00002 501566     999997     !!\n"
            "brother.n 00006 501566/0.5 501573/0.4 503751/0.1\n"
            "brother.n 00015 503751/94  999999/87             !! comment . . .\n")
    result = parse_weighted_text(text)
    ranked = [a.ranked for a in result.answers]
    assert ranked[0] == [("501566", 1.0)]
    assert ranked[1] == [("501566", 0.5), ("999997", 0.5)]  # uniform, file order
    assert ranked[2] == [("501566", pytest.approx(0.5)), ("501573", pytest.approx(0.4)),
                         ("503751", pytest.approx(0.1))]
    # 94 + 87 = 181: 94/181 = 0.51934, 87/181 = 0.48066
    assert ranked[3] == [("503751", pytest.approx(94 / 181)), ("999999", pytest.approx(87 / 181))]
    assert [a.comment for a in result.answers] == [None, None, None, "comment . . ."]
    assert list(result.diagnostics) == []
    assert (result.stats["weighted_lines"], result.stats["uniform_lines"]) == (2, 2)


def test_ranking_is_by_weight_with_ties_in_file_order() -> None:
    result = parse_weighted_text("bright.a 1 dim/1 shiny/3 clever/1 smart/5\n")
    # total 10: smart .5, shiny .3, then dim and clever tie at .1 in file order.
    assert result.answers[0].ranked == [("smart", 0.5), ("shiny", 0.3), ("dim", 0.1),
                                        ("clever", 0.1)]
    assert result.answers[0].answers == ["smart", "shiny", "dim", "clever"]


def test_underscore_is_a_space_and_slash_needs_a_weight() -> None:
    result = parse_weighted_text("take.v 1 take_place/3 and/or/1\n")
    assert result.answers[0].ranked == [("take place", 0.75), ("and/or", 0.25)]


def test_a_missing_weight_makes_the_line_uniform_with_a_warning() -> None:
    result = parse_weighted_text("a.n 1 x/0.9 y z/0.05\n")
    assert result.answers[0].ranked == [("x", pytest.approx(1 / 3)), ("y", pytest.approx(1 / 3)),
                                        ("z", pytest.approx(1 / 3))]
    assert codes(result) == [("mixed-weights", 1, None)]
    assert "'y'" in result.diagnostics.items[0].message


def test_bad_weights_are_errors_with_column() -> None:
    line = "a.n 1 good/2 zero/0 neg/-1 word/x /3"
    result = parse_weighted_text(line + "\n")
    assert result.answers[0].ranked == [("good", 1.0)]
    assert codes(result) == [
        ("bad-weight", 1, line.index("0") + 1),
        ("bad-weight", 1, line.index("-1") + 1),
        ("bad-weight", 1, line.index("/x") + 2),
        ("bad-answer", 1, line.index(" /3") + 2),
    ]
    assert result.stats["ignored_answers"] == 4


def test_line_problems() -> None:
    text = "a.n 1\na.n 2 bad/0\na.n 3 x\na.n 3 y\nb.n 3 z !! note\n"
    result = parse_weighted_text(text)
    assert [(a.lexelt, a.id) for a in result.answers] == [("a.n", "3"), ("b.n", "3")]
    assert codes(result) == [
        ("missing-fields", 1, 1),
        ("bad-weight", 2, 11),
        ("no-answers", 2, None),
        ("duplicate-item", 4, 1),
        ("shared-id", 5, None),
    ]
    assert result.stats["ignored_lines"] == 3


def test_repeated_substitute_adds_its_weights() -> None:
    result = parse_weighted_text("a.n 1 x/1 y/2 x/1\n")
    assert result.answers[0].ranked == [("x", 0.5), ("y", 0.5)]
    assert codes(result) == [("repeated-substitute", 1, 15)]


def test_crlf_and_bom() -> None:
    result = read_weighted_bytes("\ufeffa.n 1 x/1 y/3\r\n".encode(), "w")
    assert result.answers[0].lexelt == "a.n"
    assert result.answers[0].ranked == [("y", 0.75), ("x", 0.25)]


def test_write_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "sys.weighted"
    answers = [WeightedAnswer("take.v", "1", [("take place", 0.75), ("and/or", 0.25)], "note")]
    write_weighted(answers, path)
    assert path.read_text() == "take.v 1 take_place/0.75 and/or/0.25 !! note\n"
    back = read_weighted(path).answers[0]
    assert (back.ranked, back.comment) == ([("take place", 0.75), ("and/or", 0.25)], "note")
    for bad in ([("a_b", 1.0)], [("x", 0.0)], [("x\ty", 1.0)], [("!!x", 1.0)], []):
        with pytest.raises(ValueError):
            format_weighted_line(WeightedAnswer("a.n", "1", bad))


weighted_answers = st.builds(
    WeightedAnswer,
    st.sampled_from(["bright.a", "stand.n.v", "run.V"]),
    st.text(st.sampled_from(list("0123456789")), min_size=1, max_size=4),
    st.dictionaries(
        st.text(st.sampled_from(list("abXY09.'-/:é ")), min_size=1, max_size=8)
        .map(str.strip).filter(bool),
        st.integers(1, 1000), min_size=1, max_size=6,
    ).map(lambda weights: sorted(
        ((sub, w / sum(weights.values())) for sub, w in weights.items()),
        key=lambda pair: -pair[1])),
    st.one_of(st.none(), st.text(st.sampled_from(list("ab !.")), min_size=1, max_size=8)
              .map(str.strip).filter(bool)),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(weighted_answers, max_size=5, unique_by=lambda a: a.id))
def test_round_trip_property(answers: list[WeightedAnswer]) -> None:
    text = "".join(format_weighted_line(answer) + "\n" for answer in answers)
    result = parse_weighted_text(text)
    assert len(result.answers) == len(answers)
    for read, written in zip(result.answers, answers, strict=True):
        assert (read.lexelt, read.id, read.comment) == (written.lexelt, written.id,
                                                        written.comment)
        assert read.answers == written.answers
        assert [w for _, w in read.ranked] == pytest.approx([w for _, w in written.ranked])
        assert sum(w for _, w in read.ranked) == pytest.approx(1.0)
    assert not result.diagnostics.has_errors
