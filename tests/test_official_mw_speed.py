"""The official multiword scoring read in chunks as a whole, its quirks, and the official
command's start without the modules it does not need."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.scoring.official import gold as official_gold
from lexsub_studio.core.scoring.official import scorer as official
from lexsub_studio.core.scoring.official.gold import read_official_mw_gold
from lexsub_studio.core.scoring.official.release import FINAL, TRIAL
from lexsub_studio.core.scoring.official.scorer import run_official

GOLD = (b"\n"                                  # real golds start with a blank line
        b"a.n 1 :: take place 3;take part 1;\n"  # mode "take place"
        b"a.n 2 :: set up 1;\n"                # count 1: not an item
        b"b.v 3 :: put off 2;put away 2;\n"    # an item whose mode is cancelled
        b"b.v 4 :: cut up 2;")                 # mode "cut up", no final newline


def test_a_junk_line_is_an_error_line_and_changes_no_figure() -> None:
    # Lines: 1 item 1 found + genuine + matched; 2 item 9 found, not genuine; 3 item 1 again
    # (ignored: only an id's first line counts); 4 item 3 blank: genuine? no, its mode was
    # cancelled; 5 item 4 blank but genuine (an empty answer still counts as genuine).
    # found = 2 (lines 1, 2), genuine = 2 (ids 1, 4), matched = 1 (id 1); |MW| = 2.
    usual = (b"a.n 1 :: take place\nc.r 9 :: make up\na.n 1 :: take part\nb.v 3 :: \n"
             b"b.v 4 ::\n")
    # The same lines with a junk line after line 2.
    unusual = usual.replace(b"make up\n", b"make up\njunk here\n")
    clean = run_official(usual, GOLD, task="mw", collect_items=False)
    junk = run_official(unusual, GOLD, task="mw", collect_items=False)
    expected = {"total_mws": 2, "found": 2, "genuine": 2, "matched": 1,
                "detection_precision": 2 / 2, "detection_recall": 2 / 2,
                "identification_precision": 1 / 2, "identification_recall": 1 / 2,
                "error_lines": 0, "gold_error_lines": 0}
    assert clean.totals == expected
    assert junk.totals == {**expected, "error_lines": 1}
    assert junk.stdout.splitlines()[0] == b"Error in SYSTEM on line 3"
    assert junk.stdout.splitlines()[1:] == clean.stdout.splitlines()
    assert clean.stdout.splitlines()[0] == (b"Total MWs in GS = 2, System found 2 of which 2 "
                                           b"were genuine")


def test_repeated_ids_across_chunks_count_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Chunks of about 10 bytes put every line in its own chunk: id 1's second line (answer
    # "take place", which would match) is in a later chunk than its first (blank) line, so it
    # must be ignored: found = 1 (id 4's "cut up"), genuine = 2 (ids 1, 4), matched = 1.
    system = b"a.n 1 ::\nb.v 4 :: cut up\na.n 1 :: take place\nb.v 4 :: put off\n"
    whole = run_official(system, GOLD, task="mw", collect_items=False)
    original = official_gold.line_chunks
    monkeypatch.setattr(official_gold, "line_chunks", lambda data: original(data, 10))
    chunked = run_official(system, GOLD, task="mw", collect_items=False)
    reading = official_gold.chunks_of_file
    monkeypatch.setattr(official, "chunks_of_file", lambda read: reading(read, 10))
    streamed = run_official(io.BytesIO(system), GOLD, task="mw", collect_items=False)
    assert chunked.stdout == whole.stdout
    assert streamed.stdout == whole.stdout
    assert streamed.totals == whole.totals
    assert (whole.totals["found"], whole.totals["genuine"], whole.totals["matched"]) == (1, 2, 1)
    assert chunked.totals == whole.totals


def test_trial_count_carries_over_a_count_of_one() -> None:
    # trial keeps the count last read for a line whose first field has none: after a line
    # with count 1, "b.v 3 :: put off" is not an item; after a count of 3 it is, and its
    # field has no count, so it has no mode. final resets the count: never an item.
    after_one = b"a.n 1 :: set up 1;\nb.v 3 :: put off;\n"
    after_three = b"a.n 1 :: set up 3;\nb.v 3 :: put off;\n"
    assert read_official_mw_gold(after_one, TRIAL).total_items == 0
    table = read_official_mw_gold(after_three, TRIAL)
    assert (table.total_items, table.total_modes, table.modes) == (2, 1, {b"1": b"set up"})
    assert read_official_mw_gold(after_three, FINAL).total_items == 1


@pytest.mark.parametrize("line, mode", [
    (b"a.n 1 :: take place 2;set up 02;", None),  # 02 is the number 2: cancelled
    (b"a.n 1 :: take place 2;set up 3;put off 2;", None),  # a later equal count cancels
    (b"a.n 1 :: take place 3;set up 2;", b"take place"),
    # Beyond 64 bits Perl compares doubles: 2**64 and 2**64 + 1 are the same double.
    (b"a.n 1 :: take place 18446744073709551616;set up 18446744073709551617;", None),
    (b"a.n 1 :: don't go 2;", b"dont go"),  # final deletes the first apostrophe
])
def test_mw_gold_modes(line: bytes, mode: bytes | None) -> None:
    table = read_official_mw_gold(line, FINAL)
    assert table.modes.get(b"1") == mode
    assert (table.total_items, table.total_modes) == (1, int(mode is not None))


_ANSWERS = st.sampled_from(["", " ", "take place", "take place ", "cut up\r", "\r", ";", "x"])
_SEPARATORS = st.sampled_from([" :: ", " ::", " ::  ", "\t:: ", " :: \t", "  :: "])
_LINES = st.one_of(
    st.builds("{}.n {}{}{}".format, st.sampled_from(["a", "b"]), st.integers(1, 6),
              _SEPARATORS, _ANSWERS),
    st.sampled_from(["", " ", "junk", "\r"]))
_GOLD_LINES = st.one_of(
    st.builds("a.n {} :: {}".format, st.integers(1, 6), st.sampled_from(
        ["take place 3;", "take place 1;", "cut up 2;set up 2;", "x 2;", "cut up;",
         "take place 2;cut up 1;", "set up 1;take place 3;", "don't go 2;\r"])),
    st.sampled_from(["", "junk", "a.n  2 :: cut up 2;"]))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.lists(_LINES, max_size=10), st.lists(_GOLD_LINES, min_size=1, max_size=8),
       st.sampled_from(["final", "trial"]), st.booleans())
def test_chunked_and_whole_readings_agree(system_lines: list[str], gold_lines: list[str],
                                          release: str, verbose: bool) -> None:
    # One line per chunk, a few bytes at a time or the whole file at once: items or not, with
    # records or without, the output is the same.
    system = "\n".join(system_lines).encode()
    gold = "\n".join(gold_lines).encode()
    whole = run_official(system, gold, task="mw", release=release, verbose=verbose)
    quick = run_official(system, gold, task="mw", release=release, verbose=verbose,
                         collect_items=False)
    original = official_gold.line_chunks
    reading = official_gold.chunks_of_file
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(official_gold, "line_chunks", lambda data: original(data, 1))
        patch.setattr(official, "chunks_of_file", lambda read: reading(read, 3))
        chunked = run_official(system, gold, task="mw", release=release, verbose=verbose,
                               collect_items=False)
        streamed = run_official(io.BytesIO(system), gold, task="mw", release=release,
                                verbose=verbose, collect_items=False)
    assert quick.stdout == chunked.stdout == streamed.stdout == whole.stdout
    assert quick.totals == chunked.totals == streamed.totals == whole.totals


def test_defect_switches_are_the_fix_names() -> None:
    from lexsub_studio.cli.score_report import DEFECT_SWITCHES
    from lexsub_studio.core.scoring.clean.fixes import FIX_NAMES

    assert DEFECT_SWITCHES == FIX_NAMES


def test_the_official_command_starts_without_unneeded_modules() -> None:
    # Building `lexsub score`'s parser and reading the official modules must not load
    # dataclasses (with inspect) or shutil (argparse's terminal width).
    code = ("import sys\n"
            "from lexsub_studio.cli.main import build_parser\n"
            "import lexsub_studio.core.scoring.official.scorer\n"
            "build_parser('score')\n"
            "print(sorted(m for m in ('dataclasses', 'shutil', 'inspect')"
            " if m in sys.modules))")
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout
    assert output.strip() == "[]"


def test_help_is_wrapped_to_the_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    from lexsub_studio.cli.main import build_parser

    def usage_lines(columns: str) -> list[str]:
        monkeypatch.setenv("COLUMNS", columns)
        return build_parser("score").format_usage().splitlines()

    # argparse wraps at the width less 2: 68 characters for 70 columns (the longest option,
    # "[--format {table,json,csv,latex,markdown}]", is 42 after an indent of 20).
    narrow, wide = usage_lines("70"), usage_lines("200")
    assert max(map(len, narrow)) <= 68
    assert len(narrow) > len(wide)


def test_final_gold_reads_every_kind_of_line() -> None:
    gold = (b"\n"                                    # 1 blank
            b"a.n 1 :: take place 3;take part 1;\n"  # 2 item, mode "take place"
            b"a.n 2 :: set up 1;put off 4;\n"        # 3 first count 1: not an item
            b"a.n 3 :: put off 2;put away 2;\n"      # 4 item; a later equal count cancels
            b"a.n 4 :: don't go 2;\n"                # 5 apostrophe deleted: mode "dont go"
            b"a.n 5 :: cut up 02;cut in 2;\n"        # 6 leading 0: 02 == 2 cancels
            b"junk\n"                                # 7 error
            b"a.n 1 :: go on 2;go in 2;\n"           # 8 id 1 again: set, then deleted
            b"a.n\t6 :: take off 3;\n"               # 9 a tab: mode "take off"
            b"x")                                    # 10 error
    table = read_official_mw_gold(gold, FINAL)
    # Items: lines 2, 4, 5, 6, 8, 9. The counter of modes goes +1 (2), +1-1 (4), +1 (5),
    # +1-1 (6), +1-1 (8), +1 (9) = 3, while line 8's deletion takes id 1's mode away: the
    # original counts |MW| = 3 with two modes left (the same figures as the Perl program).
    assert (table.total_items, table.total_modes) == (6, 3)
    assert table.modes == {b"4": b"dont go", b"6": b"take off"}
    assert table.error_lines == [7, 10]
