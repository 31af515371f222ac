"""The piecewise looks over a file give the whole-buffer calls' answers, pieces edges included."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from lexsub_studio.core.io.formats import corpus_quality, in_pieces

#: Small pieces, so that generated inputs cross many edges.
SMALL = 5

short_bytes = st.binary(max_size=40)
alphabet_bytes = st.lists(st.sampled_from([b"a", b"<", b"!", b"-", b"\xc2", b"\x85", b"&", b"#"]),
                          max_size=40).map(b"".join)


@pytest.fixture(autouse=True)
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(in_pieces, "PIECE", SMALL)


@given(alphabet_bytes, st.sampled_from([b"<!--", b"&#", b"a", b"", b"\xc2\x85", b"aaaaaaa"]))
@example(b"abcd<!--", b"<!--")
@example(b"", b"")
def test_find_and_contains_answer_as_the_whole_buffer_does(data: bytes, needle: bytes) -> None:
    assert in_pieces.find(data, needle) == data.find(needle)
    assert in_pieces.contains(data, needle) == (needle in data)
    text, word = data.decode("latin-1"), needle.decode("latin-1")
    assert in_pieces.find(text, word) == text.find(word)


@given(st.text(max_size=30))
def test_a_utf8_text_decodes_to_itself(text: str) -> None:
    assert in_pieces.decode_utf8(text.encode()) == text


@given(short_bytes)
def test_invalid_utf8_raises_where_the_whole_decode_does(data: bytes) -> None:
    try:
        expected: str | UnicodeDecodeError = data.decode("utf-8")
    except UnicodeDecodeError as error:
        expected = error
    try:
        got: str | UnicodeDecodeError = in_pieces.decode_utf8(data)
    except UnicodeDecodeError as error:
        got = error
    if isinstance(expected, UnicodeDecodeError):
        assert isinstance(got, UnicodeDecodeError)
        assert (got.start, got.reason) == (expected.start, expected.reason)
    else:
        assert got == expected


def test_a_character_split_by_a_piece_edge_still_decodes() -> None:
    text = "abcd\u00e9f\u20acgh\U0001f600"  # two, three and four bytes across edges of 5
    assert in_pieces.decode_utf8(text.encode()) == text


@given(alphabet_bytes)
def test_deletes_nothing_is_the_translate_check(data: bytes) -> None:
    removed = b"!-"
    assert in_pieces.deletes_nothing(data, removed) == (
        len(data.translate(None, removed)) == len(data))


@given(alphabet_bytes)
@example(b"aaaa\xc2\x85")  # a match across the first edge
def test_search_finds_a_short_match_across_an_edge(data: bytes) -> None:
    pattern = re.compile(rb"\xc2[\x80-\x9f]")
    found = in_pieces.search(pattern, data, 2)
    whole = pattern.search(data)
    assert (found is None) == (whole is None)
    if whole is not None and found is not None:
        assert found.start() == whole.start()


def whole_buffer_damage_check(data: bytes) -> bool:
    """The pre-check as one search per pattern over the whole file."""
    patterns = (*corpus_quality._RAW_DAMAGE_SHORT, corpus_quality._RAW_DAMAGE_REFERENCE)
    return "\ufffd".encode() in data or any(p.search(data) for p in patterns)


@given(st.lists(st.sampled_from([b"a", b"\xc2", b"\x85", b"\xc3", b"\xa9", b"\xe2", b"&#",
                                 b"0", b"1", b"5", b"2", b";", b"x", b"F", b"D"]),
                max_size=40).map(b"".join))
@example(b"aaaa&#0000000000000000000000000000000000000000000000000000000000000000000128;")
def test_the_raw_damage_precheck_matches_the_whole_buffer_search(data: bytes) -> None:
    assert corpus_quality.raw_may_be_damaged(data) == whole_buffer_damage_check(data)
