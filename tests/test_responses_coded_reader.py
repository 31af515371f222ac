"""A responses file is read into coded columns; the byte-level cell coding that the campaign's
answer columns use (core/io/formats/byte_cells.py) tells cells apart exactly by their bytes."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

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


CLEAN = HEADER + "\n".join([
    _row("extraordinarily.r", "1", "anna", ("remarkably", " exceptionally ", "très"),
         LONG_NOTE, "12.5"),
    _row("extraordinarily.r", "2", "anna", ("exceptionally", "", ""), LONG_NOTE, "12.5",
         " take off "),
    _row("bright.a", "1", "anna", ("\u00a0vivid", "", ""), "", ""),
    _row("bright.a", "1", "bo", ("", "", ""), "", "3"),
]) + "\n"


def test_a_clean_file_reads_with_its_substitutes_stripped() -> None:
    result = parse_responses_text(CLEAN, "r")
    assert result.diagnostics.items == []
    assert result.rows[0].substitutes == ("remarkably", "exceptionally", "très")
    assert result.rows[2].substitutes == ("vivid",)
    assert parse_responses_text(CLEAN.removesuffix("\n"), "r").rows == result.rows


def test_coded_substitutes_numbered_by_first_appearance_after_stripping() -> None:
    columns = parse_responses_text(CLEAN, "r").columns
    assert columns.substitute_vocabulary == ["remarkably", "exceptionally", "très", "",
                                             "vivid"]
    assert columns.substitute_codes.tolist() == [[0, 1, 2], [1, 3, 3], [4, 3, 3], [3, 3, 3]]


def test_a_repeated_row_is_reported() -> None:
    text = CLEAN + _row("bright.a", "1", "bo", ("again", "", "")) + "\n"
    result = parse_responses_text(text, "r")
    assert [item.code for item in result.diagnostics.items] == ["duplicate-row"]
    assert result.diagnostics.items[0].line == 7


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
