"""The clean gold reader and writer: official layout, later datasets' variations, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats.gold import (
    format_gold_line,
    parse_gold_text,
    read_gold,
    read_gold_bytes,
    write_gold,
)
from lexsub_studio.core.model.data import GoldItem, parse_lexelt
from lexsub_studio.core.model.diagnostics import InputError, Severity


def codes(result) -> list[tuple[str, int | None, int | None]]:
    return [(d.code, d.line, d.column) for d in result.diagnostics]


def test_official_example_lines() -> None:
    text = ("bright.a 1 :: intelligent 3;clever 2;smart 1;  \n"
            "bright.a 2 :: light 2;luminous 2;clear 1;\n")
    result = parse_gold_text(text, "gold.trial")
    assert [(i.lexelt, i.id, i.entries, i.line) for i in result.items] == [
        ("bright.a", "1", [("intelligent", 3), ("clever", 2), ("smart", 1)], 1),
        ("bright.a", "2", [("light", 2), ("luminous", 2), ("clear", 1)], 2),
    ]
    assert list(result.diagnostics) == []
    assert result.stats["entries"] == 6


def test_leading_blank_line_and_no_final_newline() -> None:
    result = parse_gold_text("\nbright.a 1 :: clever 2;\nbright.a 2 :: light 1;")
    assert [(i.id, i.line) for i in result.items] == [("1", 2), ("2", 3)]
    assert result.stats["blank_lines"] == 1
    assert list(result.diagnostics) == []


def test_crlf_and_bom_are_accepted() -> None:
    data = "\ufeffbright.a 1 :: clever 2;smart 1;\r\nbright.a 2 :: light 1;\r\n".encode()
    result = read_gold_bytes(data, "g")
    assert [i.entries for i in result.items] == [[("clever", 2), ("smart", 1)], [("light", 1)]]
    assert result.items[0].lexelt == "bright.a"  # no BOM glued to the first lexelt
    assert list(result.diagnostics) == []


def test_lexelt_with_spaces_and_upper_case_pos() -> None:
    result = parse_gold_text("e commerce.J 125 :: online trade 2;\nrun.V 7 :: operate 1;\n")
    first, second = result.items
    assert (first.lexelt, first.id) == ("e commerce.J", "125")
    assert parse_lexelt(first.lexelt).pos == "a"
    assert parse_lexelt(second.lexelt).pos == "v"
    assert list(result.diagnostics) == []


def test_twsi_separators_and_repeated_substitute_are_merged_with_a_warning() -> None:
    line = "bank.n 3 :: shore 2; edge 1; shore 1; "
    result = parse_gold_text(line + "\n", "twsi")
    # shore: 2 + 1 = 3; first position kept.
    assert result.items[0].entries == [("shore", 3), ("edge", 1)]
    warning = result.diagnostics.warnings[0]
    assert (warning.code, warning.line, warning.column) == (
        "repeated-substitute", 1, line.index("shore 1") + 1)
    assert "2 + 1 = 3" in warning.message
    assert result.stats["merged_entries"] == 1


def test_substitutes_with_digits_dots_apostrophes_and_capitals() -> None:
    result = parse_gold_text(
        "weight.n 9 :: 11.27 kilograms 1;BSE 2;don't 1;O'Neill Street 1;route 66 3;\n")
    # The count is the last token, so "route 66 3" is substitute "route 66" with count 3.
    assert result.items[0].entries == [("11.27 kilograms", 1), ("BSE", 2), ("don't", 1),
                                       ("O'Neill Street", 1), ("route 66", 3)]
    assert [d.code for d in result.diagnostics] == ["unsorted-entries"]
    assert result.diagnostics.items[0].severity is Severity.INFO


def test_pn_entries_are_kept() -> None:
    result = parse_gold_text("bright.a 9 :: pn 2;shiny 1;\n")
    assert result.items[0].entries == [("pn", 2), ("shiny", 1)]


def test_bad_counts_are_errors_with_line_and_column() -> None:
    line = "a.n 1 :: good 2;bad 0;worse 1.5;none;7;fine 1;"
    result = parse_gold_text("a.n 0 :: ok 1;\n" + line + "\n", "g")
    assert result.items[1].entries == [("good", 2), ("fine", 1)]
    assert codes(result) == [
        ("bad-count", 2, line.index("0;") + 1),
        ("bad-count", 2, line.index("1.5") + 1),
        ("bad-entry", 2, line.index("none") + 1),
        ("bad-entry", 2, line.index("7;") + 1),
    ]
    assert result.stats["ignored_entries"] == 4
    assert all(str(d).startswith("g:2:") for d in result.diagnostics)


def test_bad_lines_are_errors_and_counted() -> None:
    text = ("no separator here\n"
            "a.n 2 ::: x 1;\n"
            "lonely :: x 1;\n"
            "a.n 4 :: x 2;\n"
            "a.n 4 :: y 2;\n")
    result = parse_gold_text(text)
    assert [i.line for i in result.items] == [4]
    assert codes(result) == [
        ("no-separator", 1, None),
        ("wrong-separator", 2, 7),
        ("missing-id", 3, 1),
        ("duplicate-item", 5, 1),
    ]
    assert "line 4" in result.diagnostics.items[3].message
    assert result.stats["ignored_lines"] == 4


def test_separator_glued_to_the_entries_is_a_warning() -> None:
    result = parse_gold_text("a.n 1 ::x 2;\n")
    assert result.items[0].entries == [("x", 2)]
    assert codes(result) == [("no-space-after-separator", 1, 7)]


def test_a_line_whose_entries_are_all_bad_reports_only_the_entries() -> None:
    result = parse_gold_text("a.n 1 :: x;y 0;\n")
    assert result.items[0].entries == []
    assert [code for code, _, _ in codes(result)] == ["bad-entry", "bad-count"]


def test_id_shared_by_two_lexelts_is_a_warning() -> None:
    result = parse_gold_text("a.n 4 :: x 2;\nb.v 4 :: y 2;\n")
    assert len(result.items) == 2
    assert codes(result) == [("shared-id", 2, None)]
    assert "a.n" in result.diagnostics.items[0].message


def test_unknown_pos_and_empty_item_are_warnings() -> None:
    result = parse_gold_text("thing.q 1 :: x 2;\nthing.n 2 :: \n")
    assert codes(result) == [("unknown-pos", 1, 1), ("no-entries", 2, None)]
    assert result.items[1].entries == []


def test_non_utf8_bytes_give_line_and_column() -> None:
    data = b"a.n 1 :: x 2;\na.n 2 :: caf\xe9 1;\n"
    with pytest.raises(InputError) as raised:
        read_gold_bytes(data, "latin.gold")
    diagnostic = raised.value.diagnostic
    # "a.n 2 :: caf" is 12 characters, so the bad byte is column 13 of line 2.
    assert (diagnostic.code, diagnostic.path, diagnostic.line, diagnostic.column) == (
        "not-utf8", "latin.gold", 2, 13)
    assert "0xe9" in diagnostic.message


def test_multiword_gold_notes_single_words() -> None:
    result = parse_gold_text("take.v 29 :: take place 5;\nput.v 3 :: off 2;\n", multiword=True)
    assert result.multiword
    assert [i.entries for i in result.items] == [[("take place", 5)], [("off", 2)]]
    assert codes(result) == [("single-word-multiword", 2, 12)]


def test_format_gold_line_writes_the_official_layout() -> None:
    item = GoldItem("bright.a", "1", [("intelligent", 3), ("clever", 2)])
    assert format_gold_line(item) == "bright.a 1 :: intelligent 3;clever 2;"
    assert format_gold_line(GoldItem("e commerce.J", "5", [])) == "e commerce.J 5 :: "


@pytest.mark.parametrize("item", [
    GoldItem("a.n", "1", [("x;y", 1)]),
    GoldItem("a.n", "1", [(" x", 1)]),
    GoldItem("a.n", "1", [("", 1)]),
    GoldItem("a.n", "1", [("x", 0)]),
    GoldItem("a.n", "1 2", [("x", 1)]),
    GoldItem("", "1", [("x", 1)]),
])
def test_unwritable_items_raise_value_error(item: GoldItem) -> None:
    with pytest.raises(ValueError, match=r"a\.n|''|lexelt"):
        format_gold_line(item)


def test_write_is_atomic_and_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "gold"
    items = [GoldItem("bright.a", "1", [("clever", 2), ("smart", 1)]),
             GoldItem("e commerce.J", "125", [("BSE", 2)])]
    write_gold(items, path)
    assert path.read_bytes() == b"bright.a 1 :: clever 2;smart 1;\ne commerce.J 125 :: BSE 2;\n"
    back = read_gold(path)
    assert [(i.lexelt, i.id, i.entries) for i in back.items] == [
        (i.lexelt, i.id, i.entries) for i in items]
    with pytest.raises(ValueError):
        write_gold([GoldItem("a.n", "1", [("bad;", 1)])], path)
    assert path.read_bytes().startswith(b"bright.a 1")  # the old file is untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gold"]  # no temporary left


_SUB_CHARS = st.sampled_from(list("abcXYZ019.'-_:/é ñ"))
substitutes = st.text(_SUB_CHARS, min_size=1, max_size=12).map(str.strip).filter(bool)
lexelts = st.builds(lambda lemma, pos: f"{lemma}.{pos}",
                    st.text(st.sampled_from(list("abz ")), min_size=1, max_size=6)
                    .map(str.strip).filter(bool),
                    st.sampled_from(["n", "v", "a", "r", "J", "N", "n.v"]))
ids = st.text(st.sampled_from(list("0123456789abc")), min_size=1, max_size=5)
gold_items = st.builds(
    GoldItem, lexelts, ids,
    st.dictionaries(substitutes, st.integers(1, 99), min_size=1, max_size=5)
    .map(lambda d: list(d.items())))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.lists(gold_items, max_size=6, unique_by=lambda item: item.id))
def test_round_trip_property(items: list[GoldItem]) -> None:
    text = "".join(format_gold_line(item) + "\n" for item in items)
    result = parse_gold_text(text)
    assert [(i.lexelt, i.id, i.entries) for i in result.items] == [
        (i.lexelt, i.id, i.entries) for i in items]
    assert not result.diagnostics.has_errors
