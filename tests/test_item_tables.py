"""GoldTable and AnswerTable: the column tables the readers hand over, seen as sequences."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats.gold import GoldReadResult, parse_gold_text
from lexsub_studio.core.io.formats.system import SystemReadResult, parse_system_text
from lexsub_studio.core.model.data import GoldItem, SystemAnswer
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.item_tables import AnswerTable, GoldTable, offsets_of

GOLD_ITEMS = [
    GoldItem("bright.a", "1", [("vivid", 3), ("shining", 2)], 1),
    GoldItem("bright.a", "2", [], 3),
    GoldItem("stand.v", "7", [("rise", 1)], None),
]
ANSWERS = [
    SystemAnswer("bright.a", "1", ["vivid", "clever"], 2),
    SystemAnswer("bright.a", "2", [], None),
    SystemAnswer("stand.v", "7", ["rise"], 5),
]


def test_offsets_of_runs() -> None:
    assert offsets_of([2, 0, 3]).tolist() == [0, 2, 2, 5]
    assert offsets_of(np.array([], dtype=np.int64)).tolist() == [0]
    assert offsets_of([1]).dtype == np.int64


def test_gold_table_columns_from_items() -> None:
    table = GoldTable.from_items(GOLD_ITEMS)
    assert table.lexelts == ["bright.a", "bright.a", "stand.v"]
    assert table.ids == ["1", "2", "7"]
    assert table.lines.tolist() == [1, 3, 0]  # no line: 0 in the column
    assert table.offsets.tolist() == [0, 2, 2, 3]
    assert table.lengths.tolist() == [2, 0, 1]
    assert table.substitutes == ["vivid", "shining", "rise"]
    assert table.counts.tolist() == [3, 2, 1]
    assert table.counts.dtype == np.int64


def test_gold_table_round_trip() -> None:
    table = GoldTable.from_items(GOLD_ITEMS)
    assert table.items() == GOLD_ITEMS
    assert list(table) == GOLD_ITEMS
    assert len(table) == 3
    # Counts come back as Python ints, not numpy integers.
    assert type(table[0].entries[0][1]) is int


def test_gold_table_indexing() -> None:
    table = GoldTable.from_items(GOLD_ITEMS)
    assert table[0] == GOLD_ITEMS[0]
    assert table[-1] == GOLD_ITEMS[2]
    assert table[-3] == GOLD_ITEMS[0]
    assert table[2].line is None
    for index in (3, -4, 100):
        with pytest.raises(IndexError):
            table[index]
    assert table[1:] == GOLD_ITEMS[1:]
    assert table[::-1] == GOLD_ITEMS[::-1]
    assert table[::2] == GOLD_ITEMS[::2]
    assert table[5:9] == []
    assert table[-2:-1] == [GOLD_ITEMS[1]]


def test_empty_tables() -> None:
    gold = GoldTable.from_items([])
    answers = AnswerTable.from_answers([])
    for table in (gold, answers):
        assert len(table) == 0
        assert list(table) == []
        assert table[:] == []
        assert table.offsets.tolist() == [0]
        with pytest.raises(IndexError):
            table[0]
    assert gold.items() == []


def test_answer_table_columns_and_round_trip() -> None:
    table = AnswerTable.from_answers(ANSWERS)
    assert table.answers == ["vivid", "clever", "rise"]
    assert table.offsets.tolist() == [0, 2, 2, 3]
    assert table.lines.tolist() == [2, 0, 5]
    assert list(table) == ANSWERS
    assert table[-1] == ANSWERS[2]
    assert table[1].line is None
    assert table[1:3] == ANSWERS[1:3]
    assert table[::-2] == ANSWERS[::-2]
    for index in (3, -4):
        with pytest.raises(IndexError):
            table[index]


def test_table_items_are_new_objects() -> None:
    """Changing an item got from a table leaves the table as it was."""
    table = GoldTable.from_items(GOLD_ITEMS)
    item = table[0]
    item.entries.append(("extra", 1))
    assert table[0].entries == [("vivid", 3), ("shining", 2)]
    answers = AnswerTable.from_answers(ANSWERS)
    line = answers[0]
    line.answers.append("extra")
    assert answers[0].answers == ["vivid", "clever"]


def _same_gold_table(one: GoldTable, other: GoldTable) -> None:
    assert one.lexelts == other.lexelts
    assert one.ids == other.ids
    assert one.lines.tolist() == other.lines.tolist()
    assert one.offsets.tolist() == other.offsets.tolist()
    assert one.substitutes == other.substitutes
    assert one.counts.tolist() == other.counts.tolist()


def _same_answer_table(one: AnswerTable, other: AnswerTable) -> None:
    assert one.lexelts == other.lexelts
    assert one.ids == other.ids
    assert one.lines.tolist() == other.lines.tolist()
    assert one.offsets.tolist() == other.offsets.tolist()
    assert one.answers == other.answers


GOLD_TEXT = ("bright.a 1 :: vivid 3;shining 2;\nbright.a 2 :: \n"
             "e commerce.J 3 :: online trade 2; trade  1\nbright.a 4 :: x 1;x 2;\n"
             "stand.v 5 :: rise 1;\n")


def test_gold_result_from_a_list_gives_the_table_read() -> None:
    read = parse_gold_text(GOLD_TEXT, "g")
    built = GoldReadResult(list(read.items), Diagnostics("g"))
    _same_gold_table(built.table, read.table)
    assert built.items == read.items
    assert read.table.offsets.tolist() == [0, 2, 2, 4, 5, 6]
    assert read.table.substitutes == ["vivid", "shining", "online trade", "trade", "x", "rise"]


def test_gold_result_keeps_the_list_it_was_given() -> None:
    items = list(GOLD_ITEMS)
    result = GoldReadResult(items, Diagnostics(None))
    assert result.items == GOLD_ITEMS
    assert result.table.ids == ["1", "2", "7"]
    assert result.table is result.table  # made once


def test_system_result_from_a_list_gives_the_table_read() -> None:
    text = ("bright.a 1 ::: vivid;clever;\nbright.a 2 ::: \nbright.a 3 :::: x\n"
            "e commerce.J 4 :::  trade ;;online\n")
    read = parse_system_text(text, "oot", "s")
    built = SystemReadResult(list(read.answers), Diagnostics("s"), "oot")
    _same_answer_table(built.table, read.table)
    assert built.answers == read.answers
    assert read.table.answers == ["vivid", "clever", "trade", "online"]
    assert read.table.lines.tolist() == [1, 2, 4]


_WORDS = st.sampled_from(["x", "y", "a b", "vivid", "\u00e9t\u00e9"])
_GOLD_ITEM = st.builds(
    GoldItem, st.sampled_from(["bright.a", "stand.v"]), st.sampled_from(["1", "2", "30"]),
    st.lists(st.tuples(_WORDS, st.integers(1, 10**9)), max_size=5),
    st.one_of(st.none(), st.integers(1, 10**6)))
_ANSWER = st.builds(
    SystemAnswer, st.sampled_from(["bright.a", "stand.v"]), st.sampled_from(["1", "2"]),
    st.lists(_WORDS, max_size=12), st.one_of(st.none(), st.integers(1, 10**6)))


@settings(max_examples=100, deadline=None)
@given(st.lists(_GOLD_ITEM, max_size=8), st.integers(-10, 10))
def test_generated_gold_tables_round_trip(items: list[GoldItem], index: int) -> None:
    table = GoldTable.from_items(items)
    assert list(table) == items
    assert table[index:] == items[index:]
    if -len(items) <= index < len(items):
        assert table[index] == items[index]
    else:
        with pytest.raises(IndexError):
            table[index]


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.lists(_ANSWER, max_size=8), st.integers(-10, 10))
def test_generated_answer_tables_round_trip(answers: list[SystemAnswer], index: int) -> None:
    table = AnswerTable.from_answers(answers)
    assert list(table) == answers
    assert table[:index] == answers[:index]
    if -len(answers) <= index < len(answers):
        assert table[index] == answers[index]
    else:
        with pytest.raises(IndexError):
            table[index]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["x", "y", "a b", "", "x "]), max_size=30))
def test_coded_texts_give_the_texts_back(texts: list[str]) -> None:
    from lexsub_studio.core.model.item_tables import CodedTexts

    coded = CodedTexts.of(texts)
    assert coded.texts() == texts
    assert len(coded) == len(texts)
    assert coded.vocabulary == list(dict.fromkeys(texts))  # numbered as first met
    assert coded.texts() is coded.texts()  # made once


def test_scoring_for_the_figures_reads_the_codes_not_the_texts() -> None:
    from lexsub_studio.core.io.formats.gold import parse_gold_text
    from lexsub_studio.core.io.formats.system import parse_system_text
    from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score

    gold = parse_gold_text("a.n 1 :: x 2;y 1;\na.n 2 :: z 3;\n", "g")
    system = parse_system_text("a.n 1 ::: y;x\na.n 2 ::: w\n", "oot", "s")
    report = score(system.table, gold.table, ScoreOptions(kind="oot"), items=False)
    assert report.figures["oot.precision"].value is not None
    assert system.table.coded_answers._texts is None
    assert gold.table.coded_substitutes._texts is None
    assert [line.answers for line in system.table] == [["y", "x"], ["w"]]
