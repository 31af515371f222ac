"""The official scorer's reading of its files: in blocks as a whole, counts as Perl reads them."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.scoring.official import scorer as official
from lexsub_studio.core.scoring.official.gold import (
    chunks_of_bytes,
    chunks_of_file,
    read_official_mw_gold,
)
from lexsub_studio.core.scoring.official.perl import count_value
from lexsub_studio.core.scoring.official.release import FINAL
from lexsub_studio.core.scoring.official.scorer import run_official

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
