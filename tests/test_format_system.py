"""The clean system-file reader and writer: best (::), oot (:::) and mw."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats.system import (
    format_system_line,
    parse_system_text,
    read_system,
    read_system_bytes,
    write_system,
)
from lexsub_studio.core.model.data import SystemAnswer
from lexsub_studio.core.model.diagnostics import InputError


def codes(result) -> list[tuple[str, int | None, int | None]]:
    return [(d.code, d.line, d.column) for d in result.diagnostics]


def test_best_lines_are_trimmed_and_keep_order() -> None:
    text = ("severely.r 127 :: seriously \n"
            "wild.a.n 160 :: natural state; state of nature\n"
            "e commerce.J 3 :: online trade\n")
    result = parse_system_text(text, "best", "BL.out")
    assert [(a.lexelt, a.id, a.answers, a.line) for a in result.answers] == [
        ("severely.r", "127", ["seriously"], 1),
        ("wild.a.n", "160", ["natural state", "state of nature"], 2),
        ("e commerce.J", "3", ["online trade"], 3),
    ]
    assert list(result.diagnostics) == []


def test_empty_answers_are_dropped_and_counted() -> None:
    text = "a.n 1 :: x;;y; ;\nb.v 2 :: \nc.a 3 :: z;\n"
    result = parse_system_text(text, "best")
    assert [a.answers for a in result.answers] == [["x", "y"], [], ["z"]]
    # Line 1 fields: x, '', y, ' ', '' -> the trailing '' closes the list, 2 empties dropped.
    # Line 2 has no answer at all; line 3's trailing ';' drops nothing.
    assert result.stats["empty_answers"] == 2
    assert result.stats["empty_lines"] == 1
    assert [(d.code, d.severity.value) for d in result.diagnostics] == [
        ("empty-answers-dropped", "info"), ("lines-without-answers", "info")]
    assert "first on line 1" in result.diagnostics.items[0].message
    assert "first on line 2" in result.diagnostics.items[1].message


def test_duplicate_line_first_counts() -> None:
    result = parse_system_text("b.v 3 :: go\nb.v 4 :: only\nb.v 3 :: run\n", "best")
    assert [(a.id, a.answers) for a in result.answers] == [("3", ["go"]), ("4", ["only"])]
    assert codes(result) == [("duplicate-item", 3, 1)]
    assert "line 1" in result.diagnostics.items[0].message
    assert result.stats["duplicate_lines"] == 1


def test_wrong_kind_separator_is_an_error_for_that_line() -> None:
    best = parse_system_text("a.n 1 :: x\na.n 2 ::: y\n", "best")
    assert [a.id for a in best.answers] == ["1"]
    assert codes(best) == [("wrong-separator", 2, 7)]
    oot = parse_system_text("a.n 1 ::: x;y\na.n 2 :: y\n", "oot")
    assert [a.answers for a in oot.answers] == [["x", "y"]]
    assert codes(oot) == [("wrong-separator", 2, 7)]
    assert oot.stats["wrong_kind_lines"] == 1


def test_more_than_ten_oot_answers_warn_and_are_all_kept() -> None:
    answers = [f"s{n}" for n in range(12)]
    result = parse_system_text(f"a.n 1 ::: {';'.join(answers)}\n", "oot")
    assert result.answers[0].answers == answers
    assert codes(result) == [("too-many-answers", 1, None)]
    assert "12 answers" in result.diagnostics.items[0].message


def test_mw_lines() -> None:
    result = parse_system_text("take.v 29 :: take place\nput.v 3 :: put off;put up\n", "mw")
    assert [a.answers for a in result.answers] == [["take place"], ["put off", "put up"]]
    assert codes(result) == [("several-multiwords", 2, None)]


def test_malformed_lines() -> None:
    text = "this is not an answer line\nx.n :: y\na.n 1 ::glued\na.n 2 :::: z\n"
    result = parse_system_text(text, "best")
    assert codes(result) == [
        ("no-separator", 1, None),
        ("missing-id", 2, 1),
        ("no-space-after-separator", 3, 7),
        ("bad-separator", 4, 7),
    ]
    assert [a.answers for a in result.answers] == [["glued"]]
    assert result.stats["ignored_lines"] == 3


def test_crlf_bom_and_blank_lines() -> None:
    data = "\ufeff\r\na.n 1 :: x;y\r\n\r\nb.v 2 :: z\r\n".encode()
    result = read_system_bytes(data, "best", "s")
    assert [(a.lexelt, a.answers, a.line) for a in result.answers] == [
        ("a.n", ["x", "y"], 2), ("b.v", ["z"], 4)]
    assert result.stats["blank_lines"] == 2
    assert list(result.diagnostics) == []


def test_non_utf8_is_an_input_error() -> None:
    with pytest.raises(InputError) as raised:
        read_system_bytes(b"a.n 1 :: \xff\n", "best", "s.best")
    assert (raised.value.diagnostic.line, raised.value.diagnostic.column) == (1, 10)


def test_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="weighted"):
        parse_system_text("", "weighted")


def test_format_and_write(tmp_path: Path) -> None:
    answer = SystemAnswer("wild.a.n", "160", ["natural state", "state of nature"])
    assert format_system_line(answer, "best") == "wild.a.n 160 :: natural state;state of nature"
    assert format_system_line(answer, "oot") == "wild.a.n 160 ::: natural state;state of nature"
    assert format_system_line(SystemAnswer("c.a", "5", []), "best") == "c.a 5 :: "
    path = tmp_path / "out.oot"
    write_system([answer, SystemAnswer("c.a", "5", ["x"])], path, "oot")
    back = read_system(path, "oot")
    assert [(a.lexelt, a.id, a.answers) for a in back.answers] == [
        ("wild.a.n", "160", ["natural state", "state of nature"]), ("c.a", "5", ["x"])]
    for bad in (["a;b"], [" a"], [""], ["a\nb"]):
        with pytest.raises(ValueError, match="cannot be written"):
            format_system_line(SystemAnswer("a.n", "1", bad), "best")


answers_text = st.text(st.sampled_from(list("abXY09.'-_:/é ")), min_size=1, max_size=10)
answers_lists = st.lists(answers_text.map(str.strip).filter(bool), max_size=12)
system_answers = st.builds(
    SystemAnswer,
    st.sampled_from(["bright.a", "e commerce.J", "stand.n.v", "run.V"]),
    st.text(st.sampled_from(list("0123456789")), min_size=1, max_size=4),
    answers_lists)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.lists(system_answers, max_size=6, unique_by=lambda a: a.id),
       st.sampled_from(["best", "oot", "mw"]))
def test_round_trip_property(answers: list[SystemAnswer], kind: str) -> None:
    text = "".join(format_system_line(answer, kind) + "\n" for answer in answers)
    result = parse_system_text(text, kind)
    assert [(a.lexelt, a.id, a.answers) for a in result.answers] == [
        (a.lexelt, a.id, a.answers) for a in answers]
    assert not result.diagnostics.has_errors
