"""Gold assembly (spec §2): frequencies, pn, ordering, multiword gold, and input problems."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.agreement.pool import ResponseSource
from lexsub_studio.core.gold.assembly import build_gold, build_gold_from_files, entry_order
from lexsub_studio.core.gold.normalise import NormaliseOptions, parse_merge_map_text
from lexsub_studio.core.gold.table import GoldTable
from lexsub_studio.core.io.formats.gold import format_gold_line, write_gold
from lexsub_studio.core.model.data import Corpus, Instance, Lexelt, ResponseRow


def row(lexelt: str, item: str, annotator: str, *subs: str, line: int | None = None,
        **flags: object) -> ResponseRow:
    return ResponseRow(lexelt, item, annotator, tuple(subs), line=line, **flags)  # type: ignore[arg-type]


def lines(assembly_items: list) -> list[str]:
    return [format_gold_line(item) for item in assembly_items]


def test_frequencies_and_tie_order_of_the_task_example() -> None:
    # glad: annotators 1, 2, 3 -> 3; merry: 1, 4 -> 2; cheerful 1 and jovial 1 tie:
    # alphabetical order.
    rows = [row("happy.a", "9999", "1", "glad", "merry"), row("happy.a", "9999", "2", "glad"),
            row("happy.a", "9999", "3", "cheerful", "glad"), row("happy.a", "9999", "4", "merry"),
            row("happy.a", "9999", "5", "jovial")]
    assembly = build_gold(rows)
    assert lines(assembly.gold) == ["happy.a 9999 :: glad 3;merry 2;cheerful 1;jovial 1;"]
    assert assembly.multiword_gold == []
    assert assembly.stats["items_in_T"] == 1
    assert assembly.stats["items_with_mode"] == 1


def test_proper_name_nil_and_empty_items() -> None:
    rows = [row("bright.a", "1", "a", proper_name=True),
            row("bright.a", "1", "b", proper_name=True),
            row("bright.a", "1", "c", "shiny"),
            row("bright.a", "2", "a", nil=True), row("bright.a", "2", "b", nil=True),
            row("bright.a", "3", "a", "vivid"), row("bright.a", "3", "b", nil=True)]
    assembly = build_gold(rows)
    # Item 1: pn 2 (two proper-name answers) before shiny 1; item 2: all NIL, no line;
    # item 3: NIL adds nothing.
    assert lines(assembly.gold) == ["bright.a 1 :: pn 2;shiny 1;", "bright.a 3 :: vivid 1;"]
    assert assembly.stats["items_without_entries"] == 1
    assert assembly.stats["pn_entries"] == 1
    assert assembly.stats["items_in_T"] == 0     # pooled substitutes: 1, 0, 1 (pn excluded)


def test_normalisation_counts_each_annotator_once() -> None:
    rows = [row("w.n", "1", "a", " Glad ", "glad"), row("w.n", "1", "b", "GLAD"),
            row("w.n", "1", "c", "very   glad")]
    assembly = build_gold(rows)
    assert lines(assembly.gold) == ["w.n 1 :: glad 2;very glad 1;"]
    assert assembly.pooled.stats["repeated_in_row"] == 1
    kept = build_gold(rows, options=NormaliseOptions(lowercase=False))
    assert lines(kept.gold) == ["w.n 1 :: GLAD 1;Glad 1;glad 1;very glad 1;"]


def test_multiword_gold() -> None:
    rows = [row("take.v", "29", name, "occur", multiword=mw)
            for name, mw in [("a", "take place"), ("b", "Take place"), ("c", "take  place"),
                             ("d", "take"), ("e", "")]]
    assembly = build_gold(rows)
    assert lines(assembly.multiword_gold) == ["take.v 29 :: take place 3;take 1;"]
    assert lines(assembly.gold) == ["take.v 29 :: occur 5;"]


def test_order_of_first_appearance_without_corpus_and_corpus_order_with_it() -> None:
    rows = [row("b.n", "2", "a", "x"), row("a.n", "1", "a", "y"), row("b.n", "3", "a", "z")]
    assert [item.id for item in build_gold(rows).gold] == ["2", "1", "3"]
    corpus = Corpus([Lexelt("a.n", [Instance("1", "t", 0, 1)]),
                     Lexelt("b.n", [Instance("3", "t", 0, 1), Instance("2", "t", 0, 1),
                                    Instance("4", "t", 0, 1)])], path="c.xml")
    assembly = build_gold(rows, corpus=corpus)
    assert [item.id for item in assembly.gold] == ["1", "3", "2"]
    assert assembly.pooled.stats["corpus_items_without_responses"] == 1


def test_ids_not_in_the_corpus_are_reported_with_file_and_line() -> None:
    corpus = Corpus([Lexelt("a.n", [Instance("1", "t", 0, 1)])])
    rows = [row("a.n", "1", "x", "p", line=3), row("a.n", "9", "x", "q", line=4),
            row("b.n", "1", "x", "r", line=5)]
    assembly = build_gold([ResponseSource("x.tsv", rows)], corpus=corpus)
    problems = [(d.code, d.path, d.line) for d in assembly.diagnostics
                if d.code == "id-not-in-corpus"]
    assert problems == [("id-not-in-corpus", "x.tsv", 4), ("id-not-in-corpus", "x.tsv", 5)]
    hint = next(d.message for d in assembly.diagnostics if d.line == 5)
    assert "under a.n" in hint
    assert assembly.pooled.stats["not_in_corpus_rows"] == 2
    assert lines(assembly.gold) == ["a.n 1 :: p 1;"]


def test_one_annotator_in_two_files_and_duplicates_across_them() -> None:
    first = ResponseSource("ann-a.tsv", [row("w.n", "1", "a", "p", line=3),
                                         row("w.n", "1", "b", "p", line=4)])
    second = ResponseSource("more-a.tsv", [row("w.n", "1", "a", "q", line=3),
                                           row("w.n", "2", "a", "r", line=4)])
    assembly = build_gold([first, second])
    found = {(d.code, d.path, d.line) for d in assembly.diagnostics}
    assert ("annotator-in-several-files", "more-a.tsv", 3) in found
    assert ("duplicate-response", "more-a.tsv", 3) in found
    duplicate = next(d for d in assembly.diagnostics if d.code == "duplicate-response")
    assert "ann-a.tsv:3" in duplicate.message
    # The first answer counts: a gave p, not q.
    assert lines(assembly.gold) == ["w.n 1 :: p 2;", "w.n 2 :: r 1;"]
    assert assembly.pooled.stats["duplicate_rows"] == 1
    assert assembly.pooled.annotator_files["a"] == ["ann-a.tsv", "more-a.tsv"]


def test_skipped_instances_and_blank_rows_are_counted_per_annotator() -> None:
    source = ResponseSource("r.tsv", [
        row("w.n", "1", "a", "p", line=3), row("w.n", "2", "a", "q", line=4),
        row("w.n", "3", "a", "s", line=5),
        row("w.n", "1", "b", "p", line=6), row("w.n", "2", "b", line=7)])   # b: 2 blank, 3 absent
    assembly = build_gold([source])
    warning = next(d for d in assembly.diagnostics if d.code == "missing-answers")
    assert "annotator 'b' did not answer 2 of 3" in warning.message
    assert "1 without a row (e.g. w.n 3)" in warning.message
    assert "1 blank row(s) at r.tsv:7" in warning.message
    assert assembly.pooled.stats["missing_answers"] == 2
    assert assembly.pooled.stats["blank_rows"] == 1


def test_row_problems_are_reported_with_their_line() -> None:
    source = ResponseSource("r.tsv", [
        row("w.n", "1", "a", "p", "q", "r", "s", line=3),          # four substitutes
        row("w.n", "1", "b", "p", line=4, nil=True),                 # NIL with a substitute
        row("w.n", "1", "c", "p; q", line=5),                        # ';' inside a cell
        row("w.n", "1", "d", "pn", line=6),                          # looks like proper name
        row("w.n", "1", "e", line=7, nil=True, proper_name=True)])  # both flags
    assembly = build_gold([source])
    found = {(d.code, d.line) for d in assembly.diagnostics}
    assert {("more-than-three-substitutes", 3), ("flagged-with-substitutes", 4),
            ("semicolon-in-substitute", 5), ("substitute-pn", 6),
            ("nil-and-proper-name", 7)} <= found
    stats = assembly.pooled.stats
    assert (stats["more_than_three"], stats["flagged_with_substitutes"], stats["split_cells"],
            stats["substitute_pn"], stats["both_flags"]) == (1, 1, 1, 1, 1)
    # p: a, c -> 2; q: a, c -> 2; pn: d's substitute + e's proper name -> 2; r, s: 1.
    assert lines(assembly.gold) == ["w.n 1 :: p 2;pn 2;q 2;r 1;s 1;"]


def test_reader_checked_rows_are_not_warned_twice() -> None:
    source = ResponseSource("r.tsv", [row("w.n", "1", "b", "p", line=4, nil=True)],
                            reader_checked=True)
    assembly = build_gold([source])
    assert not [d for d in assembly.diagnostics if d.code == "flagged-with-substitutes"]
    assert assembly.pooled.stats["flagged_with_substitutes"] == 1


def test_merge_map_is_applied_everywhere_and_per_item() -> None:
    merge_map, _ = parse_merge_map_text("brighter\tbright\nclever\tsmart\tbright.a\t2\n")
    rows = [row("bright.a", "1", "a", "brighter", "bright"), row("bright.a", "1", "b", "clever"),
            row("bright.a", "2", "a", "clever"), row("bright.a", "2", "b", "smart"),
            row("bright.a", "2", "c", "Brighter", multiword="brighter")]
    assembly = build_gold(rows, merge_map=merge_map)
    # Item 1: a's brighter and bright merge into one answer; clever stays (map is for item 2).
    assert lines(assembly.gold) == ["bright.a 1 :: bright 1;clever 1;",
                                    "bright.a 2 :: smart 2;bright 1;"]
    assert lines(assembly.multiword_gold) == ["bright.a 2 :: bright 1;"]
    assert assembly.pooled.stats["merged_by_map"] == 3


def test_the_demo_gold_is_reproduced_byte_for_byte(demo_dir: Path, tmp_path: Path) -> None:
    responses = sorted((demo_dir / "responses").glob("*.tsv"))
    assert len(responses) == 5, "the demo's five annotators' responses ship in data/demo"
    assembly, _read_diagnostics = build_gold_from_files(responses)
    write_gold(assembly.gold, tmp_path / "gold")
    write_gold(assembly.multiword_gold, tmp_path / "gold.mw")
    assert (tmp_path / "gold").read_bytes() == (demo_dir / "gold").read_bytes()
    assert (tmp_path / "gold.mw").read_bytes() == (demo_dir / "gold.mw").read_bytes()
    # The files `lexsub gold` writes come straight from the tables.
    assert assembly.gold_table.file_text().encode() == (demo_dir / "gold").read_bytes()
    assert assembly.multiword_table.file_text().encode() == (demo_dir / "gold.mw").read_bytes()


ANSWERS = st.lists(
    st.tuples(st.lists(st.sampled_from(["a", "b", "c", "d", "B "]), max_size=3),
              st.sampled_from(["", "", "nil", "pn"])),
    min_size=1, max_size=5)


@settings(max_examples=80, deadline=None)
@given(st.lists(ANSWERS, min_size=1, max_size=5), st.randoms(use_true_random=False))
def test_gold_properties(items: list[list[tuple[list[str], str]]],
                         generator: random.Random) -> None:
    rows = [row("w.n", str(item), f"ann{annotator}", *subs, nil=flag == "nil",
                proper_name=flag == "pn")
            for item, answers in enumerate(items) for annotator, (subs, flag) in enumerate(answers)]
    assembly = build_gold(rows)
    for gold_item in assembly.gold:
        answers = items[int(gold_item.id)]
        assert gold_item.entries == sorted(gold_item.entries, key=entry_order)
        for substitute, count in gold_item.entries:
            assert 1 <= count <= len(answers)
            if substitute != "pn":
                expected = sum(1 for subs, flag in answers if not flag
                               and substitute in {s.strip().lower() for s in subs})
                assert count == expected
    assert assembly.gold_table.file_text() == "".join(f"{line}\n" for line in
                                                      lines(assembly.gold))
    assert len(assembly.gold_table) == len(assembly.gold)
    shuffled = list(rows)
    generator.shuffle(shuffled)
    again = build_gold(shuffled)
    assert ({item.key: item.entries for item in again.gold}
            == {item.key: item.entries for item in assembly.gold})


CELL = st.sampled_from(["a", "A ", "b", " b  c", "c;d", "", "  ", "pn"])
ROW = st.tuples(st.sampled_from(["1", "2", "3"]), st.sampled_from(["x", "y", "z"]),
                st.lists(CELL, max_size=4), st.sampled_from(["", "", "Take  off", "take off"]),
                st.sampled_from(["", "", "", "nil", "pn", "both"]))


def naive_pool(sources: list[ResponseSource]) -> dict[tuple[str, str], dict[str, tuple]]:
    """The pooling rules written out plainly: first row per (annotator, item) counts; flagged
    rows have no substitutes; cells split on ';', trimmed, whitespace collapsed, lower-cased."""
    pooled: dict[tuple[str, str], dict[str, tuple]] = {}
    for source in sources:
        for r in source.rows:
            answers = pooled.setdefault(r.key, {})
            if r.annotator in answers:
                continue
            flagged = r.nil or r.proper_name
            subs = set() if flagged else {
                " ".join(part.split()).lower() for cell in r.substitutes
                for part in cell.split(";") if part.strip()}
            multiword = " ".join(r.multiword.split()).lower()
            answered = bool(flagged or subs or multiword)
            answers[r.annotator] = (frozenset(subs), multiword, answered, r.proper_name)
    return pooled


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(ROW, max_size=8), min_size=1, max_size=3))
def test_pooling_matches_the_rules_written_out(files: list[list[tuple]]) -> None:
    sources = [ResponseSource(f"f{index}.tsv", [
        ResponseRow("w.n", item, annotator, tuple(cells), multiword=multiword,
                    nil=flag in ("nil", "both"), proper_name=flag in ("pn", "both"), line=line)
        for line, (item, annotator, cells, multiword, flag) in enumerate(rows, start=3)])
        for index, rows in enumerate(files)]
    expected = naive_pool(sources)
    assembly = build_gold(sources)
    pooled = assembly.pooled
    assert set(pooled.keys) == set(expected)
    for item, key in enumerate(pooled.keys):
        sets = pooled.substitute_sets(item)
        for position, annotator in enumerate(pooled.annotators):
            answer = expected[key].get(annotator)
            if answer is None:
                assert not pooled.has_row[item, position]
                continue
            subs, multiword, answered, _ = answer
            assert sets[position] == subs
            assert bool(pooled.answered[item, position]) == answered
            index = int(pooled.multiword[item, position])
            assert (pooled.multiword_forms[index] if index >= 0 else "") == multiword
    for gold_item in assembly.gold:
        counts: dict[str, int] = {}
        for subs, _, _, proper_name in expected[gold_item.key].values():
            # A proper-name answer and a substitute written "pn" share the pn entry.
            for sub in [*subs, *(["pn"] if proper_name else [])]:
                counts[sub] = counts.get(sub, 0) + 1
        assert dict(gold_item.entries) == counts


def _table(keys: list[tuple[str, str]], texts: list[str], per_item: list[list[tuple[int, int]]],
           ) -> GoldTable:
    bounds = np.cumsum([0] + [len(entries) for entries in per_item])
    flat = [entry for entries in per_item for entry in entries]
    return GoldTable(keys, texts, bounds, np.array([t for t, _ in flat], dtype=np.int64),
                     np.array([f for _, f in flat], dtype=np.int64))


def test_gold_table_text_skips_items_without_entries() -> None:
    table = _table([("w.n", "1"), ("w.n", "2"), ("v.v", "3")], ["up", "down"],
                   [[(1, 2), (0, 1)], [], [(0, 4)]])
    assert table.file_text() == "w.n 1 :: down 2;up 1;\nv.v 3 :: up 4;\n"
    assert [format_gold_line(item) for item in table.items()] == \
        ["w.n 1 :: down 2;up 1;", "v.v 3 :: up 4;"]
    assert len(table) == 2
    assert _table([("w.n", "1")], [], [[]]).file_text() == ""


@pytest.mark.parametrize(("keys", "texts", "message"), [
    ([("w.n", "1"), ("w.n", "2")], ["ok", "a;b"], "w.n 2: substitute 'a;b'"),
    ([("w.n", "1"), ("w.n", "2")], ["ok", " ok"], "w.n 2: substitute ' ok'"),
    ([("w.n", "1"), ("w.n", "a b")], ["ok", "ok"], "id 'a b' of w.n"),
    ([("w.n", "1"), ("w.n", "::2")], ["ok", "ok"], "id '::2' of w.n"),
    ([("w.n", "1"), ("w.n", "")], ["ok", "ok"], "id '' of w.n"),
    ([("w.n", "1"), (" v.v", "2")], ["ok", "ok"], "lexelt ' v.v'"),
])
def test_gold_table_refuses_what_format_gold_line_refuses(
        keys: list[tuple[str, str]], texts: list[str], message: str) -> None:
    table = _table(keys, texts, [[(0, 1)], [(1, 1)]])
    with pytest.raises(ValueError, match=re.escape(message)):
        table.file_text()
    with pytest.raises(ValueError, match=re.escape(message)):
        [format_gold_line(item) for item in table.items()]
