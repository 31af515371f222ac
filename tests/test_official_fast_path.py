"""The official scorer's quiet loop for the final release (no verbose lines, no item records)
reads usual gold lines and answer texts in place: whatever the lines, it must give exactly what
the careful loop gives (the one that also builds the item records)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from lexsub_studio.core.scoring.official import scorer as official
from lexsub_studio.core.scoring.official.gold import (
    GOLD_LINE,
    GOLD_ROWS,
    NOT_IN_T,
    LazyGold,
    open_official_gold,
    read_official_gold,
    usual_entry,
)
from lexsub_studio.core.scoring.official.release import FINAL
from lexsub_studio.core.scoring.official.scorer import run_official

# Usual substitutes and counts come often, so that most lines are usual; the rest are the
# quirks the general rules handle (pn, "0'", one character, non-ASCII, leading zeros ...).
USUAL_SUBSTITUTES = [b"go", b"run", b"take place", b"well-lit", b"well lit", b"don't",
                     b"non-stop", b"e-mail", b"e mail", b"x y 2", b"tab\tbed", b"ab'c'd", b"x 0y"]
SUBSTITUTES = [*USUAL_SUBSTITUTES, *USUAL_SUBSTITUTES, b"0'", b"pn", b"upnorth", b"a",
               b"caf\xc3\xa9", b"-ab"]
COUNTS = [b"1", b"2", b"3", b"13", b"999999999999999999"] * 6 + [
    b"0", b"02", b"", b"18446744073709551616", b"1 2"]
ANSWERS = [b"go", b"run", b"take place", b"well-lit", b"well lit", b"dont", b"don't", b"0",
           b"non-stop", b"nonstop", b"non stop", b"e-mail", b"e mail", b"x y 2", b"", b" ",
           b"go ", b"caf\xc3\xa9", b"ab'c'd", b"abcd", b"tab\tbed", b"upnorth"]

fields = st.tuples(st.sampled_from(SUBSTITUTES), st.sampled_from(COUNTS))
gold_lines = st.tuples(st.lists(fields, max_size=6),
                       st.sampled_from([b";"] * 6 + [b""] * 3 + [b";;", b";pn 2;", b"\r", b" "]),
                       st.sampled_from([b" :: "] * 8 + [b" ::: ", b"::"]))
system_lines = st.one_of(
    st.tuples(st.integers(min_value=1, max_value=10),
              st.lists(st.sampled_from(ANSWERS), max_size=13),
              st.sampled_from([b"", b"", b";", b" ", b";;"]),
              st.sampled_from([b" :: ", b" ::: "] * 4 + [b"::"])),
    st.sampled_from([b"", b"   ", b"what is this", b"a.n 3 :: go", b"a.n 4 ::: go;run"]))


def _gold(lines: list[tuple[list[tuple[bytes, bytes]], bytes, bytes]]) -> bytes:
    return b"\n" + b"\n".join(
        b"a.n %d%s%s%s" % (number, separator,
                           b";".join(b"%s %s" % field for field in line_fields), tail)
        for number, (line_fields, tail, separator) in enumerate(lines, 1))


def _system(lines: list, separator_of_task: bytes) -> bytes:
    rendered = []
    for line in lines:
        if isinstance(line, bytes):
            rendered.append(line)
            continue
        number, answers, tail, separator = line
        if separator in (b" :: ", b" ::: "):
            separator = separator_of_task if len(answers) % 3 else separator
        rendered.append(b"a.n %d%s%s%s" % (number, separator, b";".join(answers), tail))
    return b"\n".join(rendered) + b"\n"


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(st.lists(gold_lines, min_size=1, max_size=8), st.lists(system_lines, max_size=20),
       st.sampled_from(["best", "oot"]))
def test_the_quiet_loop_scores_as_the_careful_one(gold_spec, system_spec, task: str) -> None:
    gold = _gold(gold_spec)
    system = _system(system_spec, b" :: " if task == "best" else b" ::: ")
    assert isinstance(open_official_gold(gold, FINAL), LazyGold)
    quiet = run_official(system, gold, task=task, collect_items=False)
    careful = run_official(system, gold, task=task, collect_items=True)  # _score_answers
    assert (quiet.stdout, quiet.stderr, quiet.exit_code) == \
        (careful.stdout, careful.stderr, careful.exit_code)
    assert repr(quiet.totals) == repr(careful.totals)  # floats to the last bit


@settings(max_examples=300, deadline=None)
@given(st.lists(gold_lines, min_size=1, max_size=8), st.lists(system_lines, max_size=20),
       st.sampled_from(["best", "oot", "mw"]), st.sampled_from(["final", "trial"]))
# The run dies on an item whose counts add up to 0: no item was scored, an empty set of ids.
@pytest.mark.slow
@example([([(b"go", b"1"), (b"go", b"0")], b";", b" :: ")], [(1, [], b"", b" :: ")], "best",
         "final")
def test_the_ids_alone_are_those_of_the_items_records(gold_spec, system_spec, task: str,
                                                       release: str) -> None:
    """What the Scoring workspace's warnings ask for: which items the run scored, without a
    record per item; the rest of the run is the same."""
    gold = _gold(gold_spec)
    system = _system(system_spec, b" :: " if task != "oot" else b" ::: ")
    ids_only = run_official(system, gold, task=task, release=release, collect_items=False,
                            collect_ids=True)
    careful = run_official(system, gold, task=task, release=release, collect_items=True)
    assert ids_only.items == {}
    assert ids_only.scored_ids == frozenset(careful.items)
    assert careful.scored_ids is None
    assert (ids_only.stdout, ids_only.stderr, ids_only.exit_code) == \
        (careful.stdout, careful.stderr, careful.exit_code)
    assert repr(ids_only.totals) == repr(careful.totals)


def test_the_quiet_loop_is_the_one_a_plain_run_takes(monkeypatch) -> None:
    # Without it the test above would compare the careful loop with itself.
    calls = []
    quiet = official._score_final_quietly
    monkeypatch.setattr(official, "_score_final_quietly",
                        lambda *args: calls.append(args) or quiet(*args))
    gold = b"a.n 1 :: go 3;run 1;\na.n 2 :: up 2;down 2;"
    run_official(b"a.n 1 ::: go;run\n", gold, task="oot", collect_items=False)
    run_official(b"a.n 1 :: go\n", gold, task="best", collect_items=True)
    run_official(b"a.n 1 :: go\n", gold, task="best", collect_items=False, release="trial")
    assert len(calls) == 1


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.lists(gold_lines, min_size=1, max_size=8))
def test_usual_lines_are_read_as_the_general_rules_read_them(gold_spec) -> None:
    gold = _gold(gold_spec)
    # GOLD_ROWS finds the ids and texts GOLD_LINE finds.
    rows = GOLD_ROWS.findall(gold)
    assert [(ident, usual or other) for ident, usual, other in rows] == \
        [(ident, rest.rstrip(b";") if usual else b":: " + rest)
         for (ident, rest), (_, usual, _) in zip(GOLD_LINE.findall(gold), rows, strict=True)]
    full = read_official_gold(gold, FINAL)
    for ident, usual, _ in rows:
        if not usual:
            continue
        entry = usual_entry(usual)
        if entry is None:  # left to read_line
            continue
        expected = full.take(ident)
        if entry is NOT_IN_T:
            assert expected is None
        else:
            assert entry == expected


def test_a_usual_line_s_mode_is_cancelled_by_a_later_equal_count_only() -> None:
    assert usual_entry(b"go 3;run 3")[2] is None
    assert usual_entry(b"go 3;run 13;up 33")[2] == b"go"
    assert usual_entry(b"go 3;x 3 1")[2] == b"go"  # the substitute "x 3" has count 1
    assert usual_entry(b"go 2;run 1;up 2")[2] is None
    assert usual_entry(b"up 1") is NOT_IN_T
    assert usual_entry(b"pn 2;go 1") is None
    assert usual_entry(b"0' 2;go 1") is None


def _scored_alike(system: bytes, gold: bytes, task: str) -> official.OfficialRun:
    quiet = run_official(system, gold, task=task, collect_items=False)
    careful = run_official(system, gold, task=task, collect_items=True)
    assert (quiet.stdout, quiet.stderr, quiet.exit_code) == \
        (careful.stdout, careful.stderr, careful.exit_code)
    assert repr(quiet.totals) == repr(careful.totals)
    return quiet


GOLD = (b"\na.n 1 :: go 3;run 13;\na.n 2 :: well-lit 2;take place 2;up 1;\n"
        b"a.n 3 :: don't 2;e-mail 1;\na.n 4 :: pn 3;go 1;\na.n 5 :: go 05;run 1;\n"
        b"a.n 6 :: x y 2 4;run 1;")


def test_cases_the_quiet_loop_reads_in_place_score_as_the_careful_loop() -> None:
    # The mode of item 1 stands (3 is in 13, not a count of its own); item 2 has none.
    result = _scored_alike(b"a.n 1 ::: run;go\na.n 2 ::: well lit\n", GOLD, "oot")
    assert result.totals["mode_attempted"] == 1 and result.totals["mode_hits"] == 1
    # Answers beyond the tenth earn nothing; a blank answer text takes the last line's answers.
    answers = b";".join([b"no"] * 10 + [b"go"])
    result = _scored_alike(b"a.n 1 ::: %s\na.n 6 ::: \n" % answers, GOLD, "oot")
    assert result.totals["score_sum"] == 0
    result = _scored_alike(b"a.n 1 :: run\na.n 6 :: \n", GOLD, "best")
    assert result.totals["score_sum"] == 13 / 16 + 1 / 5
    # Answers rewritten as the final release rewrites them; gold lines read by the general rules.
    for task, separator in (("best", b"::"), ("oot", b":::")):
        system = b"".join(b"a.n %d %s %s\n" % (number, separator, answers) for number, answers in
                          ((3, b"don't;e mail"), (4, b"go"), (5, b"go;run"),
                           (2, b"non-stop"), (6, b"x y 2")))
        _scored_alike(system, GOLD, task)
