"""The multiword shortcuts (whole-chunk reading of usual lines) give what the general reading
gives, and the official command starts without the modules it does not need."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.scoring.official import gold as official_gold
from lexsub_studio.core.scoring.official import scorer as official
from lexsub_studio.core.scoring.official.gold import (
    MW_GOLD_PLAIN,
    MW_GOLD_ROWS,
    read_official_mw_gold,
)
from lexsub_studio.core.scoring.official.release import FINAL, TRIAL
from lexsub_studio.core.scoring.official.scorer import MW_PLAIN_ANSWERS, MW_SCAN, run_official

GOLD = (b"\n"                                  # real golds start with a blank line
        b"a.n 1 :: take place 3;take part 1;\n"  # mode "take place"
        b"a.n 2 :: set up 1;\n"                # count 1: not an item
        b"b.v 3 :: put off 2;put away 2;\n"    # an item whose mode is cancelled
        b"b.v 4 :: cut up 2;")                 # mode "cut up", no final newline


def _all_lines_usual(pattern: object, data: bytes) -> bool:
    return len(pattern.findall(data)) == data.count(b"\n") + 1  # type: ignore[attr-defined]


def test_usual_files_take_the_shortcut() -> None:
    system = b"a.n 1 :: take place\nb.v 3 :: \nb.v 4 ::\n"
    # The final release reads the gold lines from MW_GOLD_ROWS' groups (id, first multiword,
    # its count, the other fields); the blank first line is a row with nothing but its text.
    assert [row[:4] for row in MW_GOLD_ROWS.findall(GOLD)] == [
        (b"", b"", b"", b""),
        (b"1", b"take place", b"3", b";take part 1;"),
        (b"2", b"set up", b"1", b";"),
        (b"3", b"put off", b"2", b";put away 2;"),
        (b"4", b"cut up", b"2", b";"),
    ]
    assert _all_lines_usual(MW_GOLD_PLAIN, GOLD)  # the trial release's reading
    assert _all_lines_usual(MW_PLAIN_ANSWERS, system)
    # Two spaces, a tab, a CR answer and a junk line are not usual: those chunks take the
    # general way.
    for unusual in (b"a.n  1 :: x", b"a.n 1 ::\tx", b"a.n 1 ::  x", b"a.n 1 :: \r", b"junk"):
        assert not _all_lines_usual(MW_PLAIN_ANSWERS, unusual)


def test_shortcut_and_general_reading_count_the_same() -> None:
    # Lines: 1 item 1 found + genuine + matched; 2 item 9 found, not genuine; 3 item 1 again
    # (ignored: only an id's first line counts); 4 item 3 blank: genuine? no, its mode was
    # cancelled; 5 item 4 blank but genuine (an empty answer still counts as genuine).
    # found = 2 (lines 1, 2), genuine = 2 (ids 1, 4), matched = 1 (id 1); |MW| = 2.
    usual = (b"a.n 1 :: take place\nc.r 9 :: make up\na.n 1 :: take part\nb.v 3 :: \n"
             b"b.v 4 ::\n")
    # The same lines with a junk line after line 2: that chunk is read line by line.
    unusual = usual.replace(b"make up\n", b"make up\njunk here\n")
    fast = run_official(usual, GOLD, task="mw", collect_items=False)
    slow = run_official(unusual, GOLD, task="mw", collect_items=False)
    expected = {"total_mws": 2, "found": 2, "genuine": 2, "matched": 1,
                "detection_precision": 2 / 2, "detection_recall": 2 / 2,
                "identification_precision": 1 / 2, "identification_recall": 1 / 2,
                "error_lines": 0, "gold_error_lines": 0}
    assert fast.totals == expected
    assert slow.totals == {**expected, "error_lines": 1}
    assert slow.stdout.splitlines()[0] == b"Error in SYSTEM on line 3"
    assert slow.stdout.splitlines()[1:] == fast.stdout.splitlines()
    assert fast.stdout.splitlines()[0] == (b"Total MWs in GS = 2, System found 2 of which 2 "
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


@settings(max_examples=150, deadline=None)
@given(st.lists(_LINES, max_size=10), st.lists(_GOLD_LINES, min_size=1, max_size=8),
       st.sampled_from(["final", "trial"]), st.booleans())
def test_chunked_and_whole_readings_agree(system_lines: list[str], gold_lines: list[str],
                                          release: str, verbose: bool) -> None:
    # One line per chunk takes the shortcut or the general way line by line; the whole file
    # at once takes one of them for everything. Items or not, the output is the same.
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
    # Every line the general pattern reads is read the same way by the shortcut's pattern.
    general = {row[1:3] for row in MW_SCAN.findall(system) if row[1]}
    shortcut = {row[1:3] for row in official.MW_PLAIN.findall(system) if row[1]}
    assert shortcut <= general


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


def test_final_gold_mixes_shortcut_rows_and_general_lines() -> None:
    gold = (b"\n"                                    # 1 blank
            b"a.n 1 :: take place 3;take part 1;\n"  # 2 item, mode "take place"
            b"a.n 2 :: set up 1;put off 4;\n"        # 3 first count 1: not an item
            b"a.n 3 :: put off 2;put away 2;\n"      # 4 item; a later equal count cancels
            b"a.n 4 :: don't go 2;\n"                # 5 apostrophe: general; mode "dont go"
            b"a.n 5 :: cut up 02;cut in 2;\n"        # 6 leading 0: general; 02 == 2 cancels
            b"junk\n"                                # 7 error
            b"a.n 1 :: go on 2;go in 2;\n"           # 8 id 1 again: set, then deleted
            b"a.n\t6 :: take off 3;\n"               # 9 tab: general; mode "take off"
            b"x")                                    # 10 error
    table = read_official_mw_gold(gold, FINAL)
    # Items: lines 2, 4, 5, 6, 8, 9. The counter of modes goes +1 (2), +1-1 (4), +1 (5),
    # +1-1 (6), +1-1 (8), +1 (9) = 3, while line 8's deletion takes id 1's mode away: the
    # original counts |MW| = 3 with two modes left (the same figures as the Perl program).
    assert (table.total_items, table.total_modes) == (6, 3)
    assert table.modes == {b"4": b"dont go", b"6": b"take off"}
    assert table.error_lines == [7, 10]


def _read_line_by_line(gold: bytes) -> tuple[dict[bytes, bytes], int, int, list[int]]:
    """The final release's reading with the general rules only, line by line."""
    modes: dict[bytes, bytes] = {}
    items = total_modes = 0
    errors = []
    lines = gold.removesuffix(b"\n").split(b"\n") if gold else []
    for number, line in enumerate(lines, 1):
        _, ident, rest, _ = official_gold.MW_GOLD_SCAN.match(line).groups()
        if not ident:
            if line and not line.isspace():
                errors.append(number)
            continue
        item, change = official_gold._read_mw_item(ident, rest, FINAL, modes)
        items += item
        total_modes += change
    return {i: m for i, m in modes.items() if m != b"0"}, items, total_modes, errors


# Mostly lines the shortcut reads (plain multiwords and counts after "a.n "), some it leaves.
_MULTIWORDS = st.one_of(st.sampled_from(["take place", "set up", "go 2 on", "x-y"]),
                        st.sampled_from(["a", "don't go", "0'", "é t", "take  off"]))
_COUNTS = st.one_of(st.sampled_from(["1", "2", "3", "10"]),
                    st.sampled_from(["02", "", "123456789012345678", "1234567890123456789",
                                     "18446744073709551616"]))
_FIELDS = st.builds("{} {}".format, _MULTIWORDS, _COUNTS)
_PLAIN_GOLD_LINES = st.one_of(
    st.builds("{}{} :: {}{}".format,
              st.one_of(st.just("a.n "), st.sampled_from(["a.n  ", "b.v\t", "x a.n "])),
              st.integers(1, 4),
              st.lists(_FIELDS, min_size=1, max_size=4).map(";".join),
              st.sampled_from([";", "", ";;", " ", "\r"])),
    st.sampled_from(["", " ", "junk"]))


@settings(max_examples=300, deadline=None)
@given(st.lists(_PLAIN_GOLD_LINES, max_size=8), st.sampled_from(["", "\n"]))
def test_final_gold_shortcut_reads_as_the_general_rules(lines: list[str], end: str) -> None:
    gold = ("\n".join(lines) + end).encode()
    table = read_official_mw_gold(gold, FINAL)
    assert (table.modes, table.total_items, table.total_modes, table.error_lines) == \
        _read_line_by_line(gold)


# The later fields of MW_GOLD_ROWS are matched without backtracking; this is the plain form
# they must agree with: a word character, more of [\w'\- ], a space, 1 to 18 digits.
_BACKTRACKING_FIELD = rb"\w[\w'\- ]+ [1-9][0-9]{0,17}"
_BACKTRACKING_ROWS = re.compile(
    rb"(?m)^(?:[A-Za-z0-9_.]++ ([0-9]++) :: (\w[\w'\- ]+) ([1-9][0-9]{0,17})"
    rb"((?:;" + _BACKTRACKING_FIELD + rb")*;?)|([^\n]*))$")
_FIELD_TEXT = st.tuples(st.sampled_from(["a", "ab", "a b", "'a", "a'", "-", "x-y", "_", "ab  c"]),
                        st.sampled_from([" ", "  ", "", "\t"]),
                        st.text(alphabet="0123456789", min_size=0, max_size=21)).map("".join)


@settings(max_examples=400, deadline=None)
@given(st.lists(_FIELD_TEXT, min_size=1, max_size=5), st.sampled_from(["", ";", ";;", " "]))
def test_gold_rows_match_as_the_backtracking_pattern(fields: list[str], end: str) -> None:
    line = ("w.n 7 :: " + ";".join(fields) + end).encode()
    assert official_gold.MW_GOLD_ROWS.findall(line) == _BACKTRACKING_ROWS.findall(line)
