"""A responses file is read from its bytes, coded column by column; its unusual lines are read
by the line reader, which reports them. Both give the same rows."""

from __future__ import annotations

from unittest import mock

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats import responses
from lexsub_studio.core.io.formats.byte_cells import (
    FileCells,
    code_byte_strings,
    code_cells,
    tab_separated_cells,
)
from lexsub_studio.core.io.formats.responses import (
    RESPONSES_COLUMNS,
    RESPONSES_MAGIC,
    parse_responses_text,
)

HEADER = f"{RESPONSES_MAGIC}\n" + "\t".join(RESPONSES_COLUMNS) + "\n"
LONG_NOTE = "a note longer than the padded width, " * 3


def _row(lexelt: str, item: str, annotator: str, subs: tuple[str, str, str],
         comment: str = "", seconds: str = "", multiword: str = "") -> str:
    return "\t".join([lexelt, item, annotator, *subs, multiword, "0", "0", comment, seconds])


def _by_lines(text: str) -> responses.ResponsesReadResult:
    with mock.patch.object(responses, "_read_coded", lambda text, path, version: None):
        return parse_responses_text(text, "r")


CLEAN = HEADER + "\n".join([
    _row("extraordinarily.r", "1", "anna", ("remarkably", " exceptionally ", "très"),
         LONG_NOTE, "12.5"),
    _row("extraordinarily.r", "2", "anna", ("exceptionally", "", ""), LONG_NOTE, "12.5",
         " take off "),
    _row("bright.a", "1", "anna", ("\u00a0vivid", "", ""), "", ""),
    _row("bright.a", "1", "bo", ("", "", ""), "", "3"),
]) + "\n"


def test_a_clean_file_is_coded_from_its_bytes_and_reads_as_the_line_reader_does() -> None:
    with mock.patch.object(responses, "_read_by_lines",
                           side_effect=AssertionError("the line reader was used")):
        coded = parse_responses_text(CLEAN, "r")
    by_lines = _by_lines(CLEAN)
    assert coded.rows == by_lines.rows
    assert coded.diagnostics.items == by_lines.diagnostics.items == []
    assert coded.stats == by_lines.stats
    assert coded.rows[0].substitutes == ("remarkably", "exceptionally", "très")
    assert coded.rows[2].substitutes == ("vivid",)


def test_coded_rows_share_one_object_per_distinct_value() -> None:
    columns = parse_responses_text(CLEAN, "r").columns
    assert columns.comment[0] is columns.comment[1]
    assert columns.seconds[0] is columns.seconds[1]
    assert columns.lexelt[0] is columns.lexelt[1]


def test_coded_substitutes_numbered_by_first_appearance_after_stripping() -> None:
    columns = parse_responses_text(CLEAN, "r").columns
    assert columns.substitute_vocabulary == ["remarkably", "exceptionally", "très", "",
                                             "vivid"]
    assert columns.substitute_codes.tolist() == [[0, 1, 2], [1, 3, 3], [4, 3, 3], [3, 3, 3]]


def test_a_repeated_row_in_a_coded_file_is_reported() -> None:
    text = CLEAN + _row("bright.a", "1", "bo", ("again", "", "")) + "\n"
    result = parse_responses_text(text, "r")
    assert [item.code for item in result.diagnostics.items] == ["duplicate-row"]
    assert result.diagnostics.items[0].line == 7


def test_a_file_without_a_final_line_break_is_coded() -> None:
    text = CLEAN.removesuffix("\n")
    with mock.patch.object(responses, "_read_by_lines",
                           side_effect=AssertionError("the line reader was used")):
        coded = parse_responses_text(text, "r")
    assert coded.rows == _by_lines(text).rows


_CELL = st.text(alphabet="ab\u00e9 ", max_size=20)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_CELL, _CELL), min_size=1, max_size=30))
def test_cells_share_a_code_exactly_when_their_bytes_are_equal(
        pairs: list[tuple[str, str]]) -> None:
    data = ("x\n" + "".join(f"{left}\t{right}\n" for left, right in pairs)).encode()
    cells = tab_separated_cells(data, 1, 2)
    assert cells is not None
    starts, ends = cells
    for column in range(2):
        coded = code_cells(data, starts[:, column], ends[:, column])
        texts = [pair[column] for pair in pairs]
        assert [coded.values[code] for code in coded.codes] == texts
        assert coded.values == list(dict.fromkeys(texts))


_LONG_CELL = st.text(alphabet="ab\u00e9 ", max_size=40)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_LONG_CELL, _LONG_CELL, _LONG_CELL), min_size=1, max_size=40),
       st.booleans())
def test_a_small_file_is_coded_by_its_byte_strings_exactly_as_word_by_word(
        rows: list[tuple[str, str, str]], final_line_break: bool) -> None:
    text = "header\n" + "\n".join("\t".join(row) for row in rows)
    data = (text + "\n" if final_line_break else text).encode()
    cells = tab_separated_cells(data, 1, 3)
    assert cells is not None
    starts, ends = cells
    small = FileCells(data, starts, ends)
    for columns in ([0], [1], [2], [0, 2], [0, 1, 2]):
        by_strings = small.code(columns)
        for hash_from in (0, 10**9):  # pandas' hash table, numpy's sort
            by_words = code_cells(data, starts[:, columns].ravel(), ends[:, columns].ravel(),
                                  hash_from)
            assert by_strings.codes.tolist() == by_words.codes.tolist()
            assert by_strings.values == by_words.values
        texts = [row[column] for row in rows for column in columns]
        assert [by_strings.values[code] for code in by_strings.codes] == texts


def test_cells_longer_than_a_word_are_told_apart_by_their_later_bytes() -> None:
    texts = ["abcdefgh", "abcdefghi", "abcdefgh", "abcdefghij", "abcdefghi", "",
             "abcdefghijklmnopq", "abcdefghijklmnopr", "abcdefghijklmnop", "abcdefghijklmnopq"]
    data = ("\t".join(texts) + "\n").encode()
    starts, ends = tab_separated_cells(data, 0, len(texts))
    coded = code_cells(data, starts.ravel(), ends.ravel())
    assert coded.codes.tolist() == [0, 1, 0, 2, 1, 3, 4, 5, 6, 4]
    assert coded.values == list(dict.fromkeys(texts))
    by_strings = code_byte_strings([text.encode() for text in texts])
    assert by_strings.codes.tolist() == coded.codes.tolist()
    assert by_strings.values == coded.values


def test_lines_of_another_shape_are_not_cut() -> None:
    assert tab_separated_cells(b"h\na\tb\nc\n", 1, 2) is None
    assert tab_separated_cells(b"h\na\tb\tc\nd\n", 1, 2) is None
    assert tab_separated_cells(b"h\na\tb\r\n", 1, 2) is None
    starts, ends = tab_separated_cells(b"h\na\tbc\n\td", 1, 2)
    assert starts.tolist() == [[2, 4], [7, 8]]
    assert ends.tolist() == [[3, 6], [7, 9]]
    assert np.array_equal(code_cells(b"", np.zeros(0, np.int64), np.zeros(0, np.int64)).codes,
                          np.zeros(0))


def test_files_read_one_after_another_share_their_substitute_strings() -> None:
    first = parse_responses_text(CLEAN, "a").columns
    second = parse_responses_text(CLEAN.replace("anna", "carl"), "b").columns
    assert first.substitutes[0][0] == "remarkably"
    assert first.substitutes[0][0] is second.substitutes[0][0]
    assert first.substitute_vocabulary[0] is second.substitute_vocabulary[0]
    assert list(second.line) == [3, 4, 5, 6]
