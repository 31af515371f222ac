"""The Dataset workspace's table models and helpers, tested without views."""

from __future__ import annotations

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from lexsub_studio.core.dataset.make_task import LemmaPosFrequency
from lexsub_studio.core.dataset.stats import COLUMNS, dataset_stats
from lexsub_studio.core.model.data import Corpus, GoldItem, Instance, Lexelt
from lexsub_studio.gui.dataset.frequency_model import (
    FrequencyColumn,
    FrequencyFilterProxy,
    FrequencyTableModel,
)
from lexsub_studio.gui.dataset.stats_model import (
    VALUE_ROLE,
    StatsFilterProxy,
    StatsTableModel,
    format_value,
)
from lexsub_studio.gui.dataset.task_jobs import equivalent_command
from lexsub_studio.gui.dataset.wizard import instance_html

pytestmark = pytest.mark.gui


def _small_stats() -> pd.DataFrame:
    text = "A bright day ."
    corpus = Corpus([Lexelt("bright.a", [Instance("1", text, 2, 8), Instance("2", text, 2, 8)]),
                     Lexelt("day.n", [Instance("3", text, 9, 12)])])
    gold = [GoldItem("bright.a", "1", [("sunny", 2), ("clear", 1)]),
            GoldItem("bright.a", "2", [("vivid", 1)]),
            GoldItem("day.n", "3", [("date", 1), ("time", 1)])]
    return dataset_stats(corpus, gold).table


def test_stats_model_passes_the_model_tester(qtmodeltester) -> None:
    model = StatsTableModel()
    qtmodeltester.check(model)
    model.set_table(_small_stats())
    qtmodeltester.check(model)
    proxy = StatsFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_level("lexelt")
    proxy.sort(model.column_of("substitutes_per_item"), Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(proxy)


def test_stats_model_shows_the_cores_figures() -> None:
    model = StatsTableModel()
    model.set_table(_small_stats())
    # Rows: all, PoS a, PoS n, lexelt bright.a, lexelt day.n.
    assert [(r["level"], r["group"]) for r in model.rows()] == [
        ("all", "all"), ("pos", "a"), ("pos", "n"), ("lexelt", "bright.a"), ("lexelt", "day.n")]
    every = model.rows()[0]
    # 3 gold items with 2, 1, 2 distinct substitutes: (2 + 1 + 2) / 3 = 1.667; pooled counts
    # 3, 1, 2 make items 1 and 3 members of T (2 or more), and only item 1 has a single top
    # substitute (sunny 2 over clear 1): one item with a mode.
    assert every["instances"] == 3 and every["gold_items"] == 3
    assert every["substitutes_per_item"] == pytest.approx(5 / 3)
    assert (every["items_in_T"], every["items_with_mode"]) == (2, 1)
    column = model.column_of("substitutes_per_item")
    assert model.index(0, column).data() == "1.667"
    # No responses and no multiword gold: undefined, shown as a dash.
    assert model.index(0, model.column_of("pairwise_agreement")).data() == "—"
    assert model.index(0, model.column_of("pairwise_agreement")).data(VALUE_ROLE) is None
    assert model.index(1, model.column_of("level")).data() == "PoS"
    assert model.headerData(column, Qt.Orientation.Horizontal) == "Substitutes / item"
    assert [model.column_key(c) for c in range(model.columnCount())] == list(COLUMNS)


def test_level_filter_keeps_one_level() -> None:
    model = StatsTableModel()
    model.set_table(_small_stats())
    proxy = StatsFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_level("pos")
    assert [proxy.index(r, 1).data() for r in range(proxy.rowCount())] == ["a", "n"]
    proxy.set_level(None)
    assert proxy.rowCount() == 5


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(-50, 50)), min_size=1, max_size=12),
       st.booleans())
def test_undefined_figures_sort_last_both_ways(values: list[int | None],
                                               descending: bool) -> None:
    rows = [["lexelt", f"w{n}.n", n, value] + [None] * (len(COLUMNS) - 4)
            for n, value in enumerate(values)]
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    table["gold_items"] = table["gold_items"].astype(object).where(table["gold_items"].notna(),
                                                                   None)
    model = StatsTableModel()
    model.set_table(table)
    proxy = StatsFilterProxy()
    proxy.setSourceModel(model)
    order = Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder
    column = model.column_of("gold_items")
    proxy.sort(column, order)
    shown = [proxy.index(r, column).data(VALUE_ROLE) for r in range(proxy.rowCount())]
    defined = [value for value in values if value is not None]
    assert shown == sorted(defined, reverse=descending) + [None] * (len(values) - len(defined))


def test_format_value() -> None:
    assert format_value(None) == "—"
    assert format_value(0.2994) == "0.299"
    assert format_value(7) == "7"


ROWS = [LemmaPosFrequency("be.v", "be", "v", 10, 9),
        LemmaPosFrequency("run.v", "run", "v", 9, 9),
        LemmaPosFrequency("bright.a", "bright", "a", 8, 8),
        LemmaPosFrequency("quickly.r", "quickly", "r", 5, 5)]


def test_frequency_model_passes_the_model_tester(qtmodeltester) -> None:
    model = FrequencyTableModel()
    qtmodeltester.check(model)
    model.set_rows(ROWS)
    model.set_checked(["run.v"], True)
    qtmodeltester.check(model)
    proxy = FrequencyFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_pos_filter("v")
    proxy.sort(FrequencyColumn.LEMMA, Qt.SortOrder.AscendingOrder)
    qtmodeltester.check(proxy)


def test_ticks_follow_the_target_through_sorting_and_rereading(qtbot) -> None:
    model = FrequencyTableModel()
    model.set_rows(ROWS)
    proxy = FrequencyFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(FrequencyColumn.TARGET, Qt.SortOrder.AscendingOrder)
    # Sorted by name: be.v, bright.a, quickly.r, run.v; tick the last two rows shown.
    with qtbot.waitSignal(model.checked_changed):
        proxy.setData(proxy.index(3, FrequencyColumn.TARGET), Qt.CheckState.Checked,
                      Qt.ItemDataRole.CheckStateRole)
    proxy.setData(proxy.index(2, FrequencyColumn.TARGET), Qt.CheckState.Checked.value,
                  Qt.ItemDataRole.CheckStateRole)
    # Reported in frequency order, whatever the view's order.
    assert model.checked_targets() == ["run.v", "quickly.r"]
    assert model.index(1, 0).data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    # Other columns are not checkable and refuse a check state.
    assert not model.setData(model.index(1, FrequencyColumn.TOKENS), Qt.CheckState.Checked,
                             Qt.ItemDataRole.CheckStateRole)
    # A re-read without quickly.r keeps run.v ticked and forgets quickly.r.
    model.set_rows([row for row in ROWS if row.lexelt != "quickly.r"])
    assert model.checked_targets() == ["run.v"]
    model.clear_checked()
    assert model.checked_targets() == []


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(ROWS) - 1), st.booleans()), max_size=20))
def test_checked_targets_are_the_last_ticks_in_frequency_order(
        clicks: list[tuple[int, bool]]) -> None:
    model = FrequencyTableModel()
    model.set_rows(ROWS)
    proxy = FrequencyFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(FrequencyColumn.LEMMA, Qt.SortOrder.DescendingOrder)  # any view order
    expected: set[str] = set()
    for row, checked in clicks:
        index = proxy.index(row, FrequencyColumn.TARGET)
        lexelt = index.data()
        proxy.setData(index, Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked,
                      Qt.ItemDataRole.CheckStateRole)
        (expected.add if checked else expected.discard)(lexelt)
    assert model.checked_targets() == [row.lexelt for row in ROWS if row.lexelt in expected]


def test_frequency_filters_combine() -> None:
    model = FrequencyTableModel()
    model.set_rows(ROWS)
    proxy = FrequencyFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_pos_filter("v")
    assert proxy.shown_targets() == ["be.v", "run.v"]
    proxy.set_text_filter("RU")
    assert proxy.shown_targets() == ["run.v"]
    proxy.set_text_filter("")
    proxy.set_pos_filter(None)
    proxy.set_min_tokens(9)
    assert proxy.shown_targets() == ["be.v", "run.v"]
    proxy.sort(FrequencyColumn.TOKENS, Qt.SortOrder.AscendingOrder)
    assert proxy.shown_targets() == ["run.v", "be.v"]  # 9 before 10: numbers, not text
    assert model.index(2, FrequencyColumn.POS).data() == "a (adjective)"


def test_equivalent_command_quotes_paths() -> None:
    command = equivalent_command(["my files/a.conll", "b.conll"], ["run.v", "bright.a"],
                                 per_target=None, seed=3, first_id=1, output="out.xml")
    assert command == ("lexsub make-task 'my files/a.conll' b.conll --targets run.v,bright.a "
                       "--seed 3 -o out.xml")
    assert "--per-target 5 --seed 0 --first-id 100" in equivalent_command(
        ["a"], ["x.n"], per_target=5, seed=0, first_id=100)


def test_preview_marks_the_head_and_escapes_text() -> None:
    # "x < y & " is 8 characters: the head "bright" spans 8..14.
    instance = Instance("7", "x < y & bright", 8, 14, {"sentence": "s1", "token": "5",
                                                         "source": "a.conll"})
    text = instance_html("bright.a", instance)
    assert "x &lt; y &amp; " in text
    assert "[bright]</b>" in text
    assert "sentence s1, token 5, a.conll" in text
