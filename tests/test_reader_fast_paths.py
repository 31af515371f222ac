"""The responses reader's fast paths give exactly what its careful path gives.

The responses reader has a fast path for the usual, well-formed row (its split columns) and a
careful path that knows every variation and reports problems with line and column. These tests
switch the fast path off (so that the careful path reads every row) and check that the result
(rows, diagnostics and counts) is the same, on hand-written rows and on generated ones.
"""

from __future__ import annotations

from contextlib import nullcontext
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats import byte_cells, responses
from lexsub_studio.core.io.formats.responses import (
    RESPONSES_COLUMNS,
    RESPONSES_MAGIC,
    parse_responses_text,
)
from lexsub_studio.core.io.formats.textfile import line_texts, split_lines
from lexsub_studio.core.model.data import ResponseColumns, ResponseRow

HEADER = f"{RESPONSES_MAGIC}\n" + "\t".join(RESPONSES_COLUMNS) + "\n"


def _outcome(result: object) -> tuple[object, ...]:
    found = next(getattr(result, name) for name in ("items", "answers", "rows")
                 if hasattr(result, name))
    return found, result.diagnostics.items, result.stats  # type: ignore[attr-defined]


def _careful_responses(text: str) -> tuple[object, ...]:
    def nothing_quick(lines: list[str], numbers: list[int]) -> object:
        # Every well-shaped row is handed to the careful reader, as if each had a problem.
        return responses._QuickColumns(ResponseColumns(substitutes=[[], [], []]),
                                       np.ones(len(lines), dtype=bool))

    with mock.patch.object(responses, "_split_columns", nothing_quick), \
            mock.patch.object(responses, "_read_coded", lambda text, path, version: None):
        return _outcome(parse_responses_text(text, "r"))


# -- hand-written lines -------------------------------------------------------------------------


def test_usual_responses_row_read_by_the_fast_path() -> None:
    line = "bright.a\t7\tann\tvivid\t shining \t\t\t0\t0\tok\t12.5"
    fast = parse_responses_text(HEADER + line + "\n", "r")
    assert fast.rows == [ResponseRow("bright.a", "7", "ann", ("vivid", "shining"), "", False,
                                     False, "ok", 12.5, 3)]
    assert fast.diagnostics.items == []


@pytest.mark.parametrize("line", [
    "bright.a\t7\tann\tvivid\t\t\t\t 1\t0\t\t",          # a flag with a space: careful path
    "bright.a\t7\tann\tvivid\t\t\t\t1\t0\t\t",           # NIL with a substitute: warned
    "bright.a\t7\tann\t\t\t\t\t1\t1\t\t",                # both flags: warned
    "bright.a\t7\tann\tx\tx\t\t\t0\t0\t\t",              # a repeated substitute: warned
    "bright.a\t7\tann\tx\t\t\t\t0\t0\t\t1e3",            # an exponent: careful path, valid
    "bright.a\t7\tann\tx\t\t\t\t0\t0\t\t" + "9" * 400,   # too large: not a duration
    "bright.a\t7\tann\tx\t\t\t\t0\t0\t\t\u0663",         # a non-ASCII digit
    "bright.a\t7\tann\tx\t\t\t\t0\t0\t\t.",              # a lone dot
    "bright.a\t7\tann\tx\t\t\t\t2\t0\t\t",               # a bad flag
    "\t7\tann\tx\t\t\t\t0\t0\t\t",                       # no lexelt
    "bright.a\t7\tann\tx",                               # too few fields
    "\t" * 10,                                           # a blank row
])
def test_responses_rows_agree_with_the_careful_path(line: str) -> None:
    text = HEADER + line + "\nbright.a\t7\tann\ty\t\t\t\t0\t0\t\t3\r\n"
    result = parse_responses_text(text, "r")
    assert _outcome(result) == _careful_responses(text)
    _assert_codes_match(result.columns)


# -- generated lines ----------------------------------------------------------------------------

_CELLS = {
    "key": st.sampled_from(["bright.a", "7", "ann", "", " ", " ann "]),
    "substitute": st.sampled_from(["", "x", "y", " x", "a b", "a;b", "pn", "\u00a0"]),
    "flag": st.sampled_from(["0", "0", "1", " 1", "2", ""]),
    "seconds": st.sampled_from(["", "1", "2.5", ".5", "5.", "1e3", "-1", "nan", " 2", "1_0"]),
}
_ROW = st.tuples(
    _CELLS["key"], _CELLS["key"], _CELLS["key"], _CELLS["substitute"], _CELLS["substitute"],
    _CELLS["substitute"], st.sampled_from(["", "take off"]), _CELLS["flag"], _CELLS["flag"],
    st.sampled_from(["", " note "]), _CELLS["seconds"],
).map("\t".join)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_ROW, st.sampled_from(["", "  ", "a\tb"])), max_size=12),
       st.sampled_from(["\n", "\r\n"]))
def test_generated_responses_files_agree(rows: list[str], newline: str) -> None:
    text = HEADER + newline.join(rows) + newline
    result = parse_responses_text(text, "r")
    assert _outcome(result) == _careful_responses(text)
    _assert_codes_match(result.columns)


def _assert_codes_match(columns: ResponseColumns) -> None:
    """The coded substitutes, when there are any, spell the substitute columns."""
    if columns.substitute_codes is None:
        return
    vocabulary = columns.substitute_vocabulary
    assert columns.substitute_codes.shape == (len(columns), len(columns.substitutes))
    for position, column in enumerate(columns.substitutes):
        assert [vocabulary[code] for code in columns.substitute_codes[:, position]] == column


# -- shared helpers -----------------------------------------------------------------------------


@given(st.text(alphabet="ab \r\n\t", max_size=20))
def test_line_texts_cut_like_split_lines(text: str) -> None:
    assert line_texts(text) == [line.text for line in split_lines(text)]


# -- a coded file with a sprinkling of odd rows -------------------------------------------------

_USUAL_ROW = st.tuples(
    st.sampled_from(["bright.a", "stand.v", "side.n"]),
    st.sampled_from([str(number) for number in range(1, 40)]),
    st.sampled_from(["ann", "bo"]),
    st.lists(st.sampled_from(["vivid", "shining", "clever", "très", "take up"]), max_size=3,
             unique=True).map(lambda subs: [*subs, "", "", ""][:3]),
    st.sampled_from(["", "stand up"]), st.sampled_from(["", "a long note " * 7]),
    st.sampled_from(["", "12", "4.5"]),
).map(lambda cells: "\t".join([*cells[:3], *cells[3], cells[4], "0", "0", cells[5], cells[6]]))

#: Every kind of row the coded reader hands to the line reader.
_ODD_ROWS = [
    "bright.a\t1\tann\tx\tx\t\t\t0\t0\t\t",            # a repeated substitute
    "bright.a\t1\tann\tx\ty\t x \t\t0\t0\t\t",         # repeated once stripped
    "bright.a\t2\tann\tx\t\t\t\t2\t0\t\t",             # a bad flag
    "bright.a\t2\tann\tx\t\t\t\t 1\t0\t\t",            # a flag with a space
    "bright.a\t3\tann\t\t\t\t\t1\t1\t\t",              # nil and proper_name
    "bright.a\t3\tann\tx\t\t\t\t1\t0\t\t",             # nil with a substitute
    "bright.a\t4\tann\tx\0y\t\t\t\t0\t0\t\t",          # a NUL
    "bright.a\t4\tann\tx\t\t\t\t0\t0\t\ud800\t",       # a lone surrogate (a text in memory)
    "bright.a\t5 6\tann\tx\t\t\t\t0\t0\t\t",           # an id with a space
    "a::b.n\t5\tann\tx\t\t\t\t0\t0\t\t",               # '::' in the lexelt
    "bright.a\t::5\tann\tx\t\t\t\t0\t0\t\t",           # an id starting with '::'
    "\t5\tann\tx\t\t\t\t0\t0\t\t",                     # no lexelt
    "bright.a\t5\t \tx\t\t\t\t0\t0\t\t",               # a blank annotator
    "bright.a\t6\tann\tx",                             # too few fields
    "bright.a\t6\tann\tx\t\t\t\t0\t0\t\t\t",           # too many
    "",                                                # a blank line
    "  ",
    "\t" * 10,                                         # a blank row
    "bright.a\t7\tann\tx\t\t\t\t0\t0\tnote\r\t",       # a carriage return inside
    "bright.a\r\t7\tann\tx\t\t\t\t0\t0\t\t",           # one in the lexelt
    "bright.a\t7\tann\tx\t\t\t\t0\t0\t\t1e3",          # seconds with an exponent
    "bright.a\t7\tann\tx\t\t\t\t0\t0\t\t-1",           # negative seconds
    "bright.a\t8\tann\tx\t\t\t\t0\t0\t\t" + "9" * 400,  # seconds too large
    "bright.a\t1\tann\tagain\t\t\t\t0\t0\t\t",         # a row repeated (one of the usual keys)
]


@st.composite
def _sprinkled_files(draw: st.DrawFn) -> str:
    rows = draw(st.lists(_USUAL_ROW, min_size=1, max_size=25))
    usual = rows[0]
    for _ in range(draw(st.integers(0, 6))):
        rows.insert(draw(st.integers(0, len(rows))), draw(st.sampled_from(_ODD_ROWS)))
    endings = draw(st.lists(st.sampled_from(["\n", "\n", "\n", "\r\n"]), min_size=len(rows),
                            max_size=len(rows)))
    # At least one usual line (a line ending in a carriage return is not one).
    endings[rows.index(usual)] = "\n"
    text = HEADER + "".join(row + ending for row, ending in zip(rows, endings, strict=True))
    return text if draw(st.booleans()) else text.removesuffix(endings[-1])


@pytest.mark.slow
@pytest.mark.parametrize("hash_from", [None, 0])
@settings(max_examples=300, deadline=None)
@given(text=_sprinkled_files())
def test_a_coded_file_hands_only_its_odd_rows_to_the_line_reader(text: str,
                                                                 hash_from: int | None) -> None:
    """The rows, messages (in line order) and counts are those of the careful reader on the
    whole file, and the whole file goes to the line reader only when it cannot be coded (a
    lone surrogate, a text made in memory). ``hash_from`` 0: the large files' coding."""
    whole = (mock.patch.object(responses, "_read_by_lines",
                               side_effect=AssertionError("the whole file was read by lines"))
             if "\ud800" not in text else nullcontext())
    cells = (mock.patch.object(byte_cells, "HASH_FROM", hash_from) if hash_from is not None
             else nullcontext())
    with whole, cells:
        result = parse_responses_text(text, "r")
    assert _outcome(result) == _careful_responses(text)
    lines = [item.line for item in result.diagnostics.items]
    assert lines == sorted(lines)
    _assert_codes_match(result.columns)
