"""The shortcuts that make the official scorer fast give exactly what the general rules give."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.scoring.official import scorer as official
from lexsub_studio.core.scoring.official.gold import (
    LazyGold,
    chunks_of_bytes,
    chunks_of_file,
    open_official_gold,
    plain_pairs,
    read_official_gold,
    read_official_mw_gold,
)
from lexsub_studio.core.scoring.official.perl import count_value
from lexsub_studio.core.scoring.official.release import FINAL, TRIAL, Release
from lexsub_studio.core.scoring.official.scorer import run_official

RELEASES = {"final": FINAL, "trial": TRIAL}


@pytest.mark.parametrize("text, expected", [
    (b"take place 3;go 2", [(b"take place", b"3"), (b"go", b"2")]),
    (b"well-lit 12", [(b"well-lit", b"12")]),
    (b"a b 1 2", [(b"a b 1", b"2")]),  # the substitute ends at the last space before digits
    (b" go 2;-run 1", [(b"go", b"2"), (b"run", b"1")]),  # it starts at a word character
])
def test_plain_lines_are_read_by_the_shortcut(text: bytes, expected: list) -> None:
    assert plain_pairs(text, FINAL) == expected
    assert FINAL.fields.findall(text) == expected


@pytest.mark.parametrize("text", [
    b"a 3;go 2",     # a one-character substitute: the per-field search finds nothing there
    b"go 2; a 1",    # a one-character substitute after a space
    b"go 2 x;run 1",  # no count at the end of the field
    b"go 2;;run 1",  # an empty field
    b"(go) 2",       # a character outside the substitute class
    b"go 2\r",       # the CR of a CRLF line is a field of its own
    b"",
])
def test_other_lines_are_left_to_the_general_rules(text: bytes) -> None:
    assert plain_pairs(text, FINAL) is None


def test_apostrophes_are_plain_for_final_only() -> None:
    # final's substitute class has the apostrophe, trial's has not ("don't 2" reads as nothing
    # useful there, which the general rules work out).
    assert plain_pairs(b"don't 2;go 1", FINAL) == [(b"don't", b"2"), (b"go", b"1")]
    assert plain_pairs(b"don't 2;go 1", TRIAL) is None


FIELD_PIECES = st.sampled_from([b"go", b"a", b"x y", b"well-lit", b"don't", b" ", b"\t", b"-",
                                b"'", b"1", b"2", b"12", b"0", b" 3", b";", b"(", b"\r",
                                b"\xc3\xa9", b"_", b"pn", b" 18446744073709551616",
                                b" 18446744073709551617"])


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.lists(FIELD_PIECES, max_size=12), st.sampled_from(sorted(RELEASES)))
def test_the_shortcut_agrees_with_the_per_field_search_whenever_it_answers(
        pieces: list[bytes], release_name: str) -> None:
    text = b"".join(pieces).rstrip(b";")
    release: Release = RELEASES[release_name]
    pairs = plain_pairs(text, release)
    if pairs is not None:
        assert pairs == release.fields.findall(text)
        assert len(pairs) == text.count(b";") + 1


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(FIELD_PIECES, max_size=8), min_size=1, max_size=8),
       st.sampled_from(sorted(RELEASES)))
def test_reading_as_scoring_asks_gives_the_totals_of_a_full_read(
        lines: list[list[bytes]], release_name: str) -> None:
    release = RELEASES[release_name]
    gold = b"\n".join(b"a.n %d :: " % number + b"".join(pieces)
                      for number, pieces in enumerate(lines, 1))
    full = read_official_gold(gold, release)
    table = open_official_gold(gold, release)
    table.finish()
    assert (table.total_items, table.total_modes) == (full.total_items, full.total_modes)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(FIELD_PIECES, max_size=8), min_size=1, max_size=8))
def test_every_item_read_as_scoring_asks_is_the_item_of_a_full_read(
        lines: list[list[bytes]]) -> None:
    gold = b"\n".join(b"a.n %d :: " % number + b"".join(pieces)
                      for number, pieces in enumerate(lines, 1))
    full = read_official_gold(gold, FINAL)
    table = open_official_gold(gold, FINAL)
    assert isinstance(table, LazyGold)
    for number in range(1, len(lines) + 2):
        ident = b"%d" % number
        assert table.take(ident) == full.take(ident)
    assert (table.total_items, table.total_modes) == (full.total_items, full.total_modes)


SYSTEM_PIECES = st.sampled_from([b"a.n 1 ", b"a.n 2 ", b"a.n 3 ", b":: ", b"::: ", b"go", b"run",
                                 b"x y", b"well-lit", b";", b" ", b"\n", b"\n\n", b"\t", b"(",
                                 b"take place"])


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(SYSTEM_PIECES, max_size=30), st.sampled_from(["best", "oot", "mw"]),
       st.integers(min_value=1, max_value=12), st.booleans())
def test_a_system_file_read_in_blocks_scores_as_its_bytes(
        pieces: list[bytes], task: str, block: int, verbose: bool) -> None:
    system = b"".join(pieces)
    gold = (b"\na.n 1 :: take place 3;go 2;\na.n 2 :: well-lit 2;x y 2;run 1;\n"
            b"a.n 3 :: go 1;")
    whole = run_official(system, gold, task=task, verbose=verbose, collect_items=False)
    blocks = chunks_of_file(io.BytesIO(system).read, block)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(official, "chunks_of_file", lambda read: chunks_of_file(read, block))
        streamed = run_official(io.BytesIO(system), gold, task=task, verbose=verbose,
                                collect_items=False)
    assert streamed.stdout == whole.stdout
    assert streamed.totals == whole.totals
    lines = [line for data, start, end, _ in blocks for line in data[start:end].split(b"\n")]
    expected = [line for data, start, end, _ in chunks_of_bytes(system)
                for line in data[start:end].split(b"\n")]
    assert lines == expected


def test_finishing_a_lazy_gold_reads_every_line_left() -> None:
    # Items 1 and 3 are in T (two fields; count 2 above 1); item 2 (one field of count 1) is
    # not. Item 1 has a mode (go: 3 beats 1); item 3 has none (2 and 2 tie).
    gold = b"a.n 1 :: go 3;run 1;\na.n 2 :: up 1;\na.n 3 :: set 2;put 2;"
    table = open_official_gold(gold, FINAL)
    assert isinstance(table, LazyGold)
    assert table.take(b"3") == ({b"set": b"2", b"put": b"2"}, 4, None)
    table.finish()
    assert (table.total_items, table.total_modes) == (2, 1)
    assert table.raw == {}


def test_count_values_are_the_integers_of_their_digits() -> None:
    assert count_value(b"3") == 3
    assert count_value(b"3") is count_value(b"3")
    assert count_value(b"0012") == 12
    assert count_value(b"18446744073709551615") == 18446744073709551615  # 2**64 - 1: exact
    # Beyond 64 bits Perl reads a double, and past the largest double infinity.
    assert count_value(b"99999999999999999999") == float(99999999999999999999)
    assert count_value(b"9" * 400) == float("inf")


def test_mw_gold_numbers_error_lines_as_perl_counts_them() -> None:
    # Line 1 is empty, line 2 has no ' :: ', line 3 is blank, line 4 is an item (the CR stays
    # in the text after '::'), line 5 is junk without a final newline.
    gold = b"\nx\n  \t\na.n 1 :: take place 3;\r\nzz"
    table = read_official_mw_gold(gold, FINAL)
    assert table.error_lines == [2, 5]
    assert table.modes == {b"1": b"take place"}
    assert (table.total_items, table.total_modes) == (1, 1)


def test_mw_false_mode_counts_in_the_total_but_is_never_genuine() -> None:
    # final deletes the first apostrophe: "0'" becomes the mode "0", which Perl finds false.
    # MW counts it (|MW| = 2) but the system line for item 1 is not genuine; item 2 is.
    gold = b"a.n 1 :: 0' 3;\na.n 2 :: put off 2;\n"
    system = b"a.n 1 :: 0\na.n 2 :: put off\n"
    result = run_official(system, gold, task="mw", verbose=True)
    assert result.stdout.splitlines()[:3] == [
        b"a.n 1 No MW found by annotators, system 0",
        b"a.n 2 human mode is put off system put off",
        b"Total MWs in GS = 2, System found 2 of which 1 were genuine",
    ]


def test_the_command_line_starts_without_the_diagnostics_machinery() -> None:
    # `lexsub score` on readable files never needs diagnostics (dataclasses, enum): importing
    # the command table and the score command must not load it.
    code = ("import sys, lexsub_studio.cli.main, lexsub_studio.cli.exitcodes; "
            "print('lexsub_studio.core.model.diagnostics' in sys.modules)")
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout
    assert output.strip() == "False"
