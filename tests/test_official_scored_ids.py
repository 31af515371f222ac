"""The official scorer asked for the ids of the items it scored, without a record per item:
whatever the lines, the run is the one that builds the records."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from lexsub_studio.core.scoring.official.scorer import run_official

# Usual substitutes and counts come often; the rest are the quirks the general rules handle
# (pn, "0'", one character, non-ASCII, leading zeros ...).
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


@settings(max_examples=300, deadline=None)
@given(st.lists(gold_lines, min_size=1, max_size=8), st.lists(system_lines, max_size=20),
       st.sampled_from(["best", "oot", "mw"]), st.sampled_from(["final", "trial"]))
# The run dies on an item whose counts add up to 0: no item was scored, an empty set of ids.
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
