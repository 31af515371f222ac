"""Clean scoring as whole columns (core/scoring/clean/columnar.py) equals scoring item by item.

Random gold and system files, written with what real files hold and what they get wrong (flag
entries, spellings that merge, entries emptied by spelling, repeated lines and items, lines for
unknown items, lexelts with other PoS letters, empty lines, repeated answers), are scored both
ways: every figure, count, tally line, lexelt mismatch and per-item column must be the same.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import parse_system_text
from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.item_tables import GoldTable
from lexsub_studio.core.scoring.clean import columnar
from lexsub_studio.core.scoring.report.score_report import PreparedGoldSet, ScoreOptions, score

WORDS = ["bright", "clever", "smart", "well-lit", "well lit", "shiny", "pn", "PN", "nil", "-",
         "don't", "dont", "quick witted", "sharp", "gifted", "able", "keen", "apt"]
LEXELTS = ["bright.a", "wild.a.n", "run.v", "fast.r", "e commerce.n"]
FAMILIES = ("official", "jabbari", "ranking")


def _gold_text(rng: random.Random, items: int, unique_ids: bool = False) -> str:
    lines = []
    for number in range(items):
        lexelt = rng.choice(LEXELTS)
        entries = rng.sample(WORDS, rng.randint(0, 5))
        body = "".join(f"{word} {rng.choice([1, 1, 2, 3, 4])};" for word in entries)
        item_id = number + 1 if unique_ids else number % (items - 3) + 1
        lines.append(f"{lexelt} {item_id} :: {body}")
    return "\n".join(lines) + "\n"


def _system_text(rng: random.Random, gold: list[GoldItem], separator: str) -> str:
    lines = []
    for item in gold:
        if rng.random() < 0.1:
            continue
        lexelt = item.lexelt
        if rng.random() < 0.05:  # the lemma with other PoS letters, or another lemma
            lexelt = rng.choice([item.lexelt.split(".")[0] + ".n", "other.n"])
        answers = [rng.choice([*WORDS, "", " ", "zany", "Bright"]) for _ in range(
            rng.randint(0, 13))]
        lines.append(f"{lexelt} {item.id} {separator} {';'.join(answers)}")
        if rng.random() < 0.03:
            lines.append(lines[-1])
    lines.append(f"nothing.n 999 {separator} bright")
    rng.shuffle(lines)
    return "\n".join(lines) + "\n"


def _both_ways(monkeypatch: pytest.MonkeyPatch, scoring):  # type: ignore[no-untyped-def]
    columns = scoring()
    with monkeypatch.context() as patch:
        patch.setattr(columnar, "serves", lambda kind, kept: False)
        per_item = scoring()
    return columns, per_item


def _assert_same(columns, per_item) -> None:  # type: ignore[no-untyped-def]
    assert columns.figures == per_item.figures
    assert columns.counts == per_item.counts
    assert columns.ignored == per_item.ignored
    assert columns.lexelt_mismatches == per_item.lexelt_mismatches
    left, right = columns.items, per_item.items
    assert list(left.columns) == list(right.columns)
    for name in left.columns:
        a, b = left[name].tolist(), right[name].tolist()
        if left[name].dtype.kind == "f":
            np.testing.assert_array_equal(np.array(a), np.array(b), err_msg=name)
        else:
            assert a == b, name
        assert left[name].dtype == right[name].dtype, name


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("kind", ["best", "oot"])
def test_columns_and_items_give_the_same_report(seed: int, kind: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    gold = parse_gold_text(_gold_text(rng, rng.randint(5, 120)), "g")
    system = parse_system_text(_system_text(rng, gold.items, "::" if kind == "best" else ":::"),
                               kind, "s")
    kept_choices = [frozenset(), frozenset({"distinct-answers"}), frozenset({"oot-limit"}),
                    frozenset({"empty-not-attempted"})]
    kept = kept_choices[seed % len(kept_choices)]
    options = ScoreOptions(kind=kind, families=FAMILIES, kept_defects=kept,
                           strict_lexelt=seed % 3 == 0)
    columns, per_item = _both_ways(
        monkeypatch, lambda: score(system.table, gold.table, options))
    _assert_same(columns, per_item)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["best", "oot"]),
       st.sets(st.sampled_from(["distinct-answers", "oot-limit", "empty-not-attempted"])),
       st.booleans(), st.integers(4, 60))
def test_columns_are_held_to_items_on_generated_files(
        rng: random.Random, kind: str, kept: set[str], strict: bool, items: int) -> None:
    # The columnar path is kept beside item-by-item scoring because it pays (about 2x for the
    # whole `lexsub score --metrics all` of a 100k oot file, reading included); this holds
    # the two to the same report on whatever files Hypothesis makes.
    gold = parse_gold_text(_gold_text(rng, items), "g")
    system = parse_system_text(_system_text(rng, gold.items, "::" if kind == "best" else ":::"),
                               kind, "s")
    options = ScoreOptions(kind=kind, families=FAMILIES, kept_defects=frozenset(kept),
                           strict_lexelt=strict)
    with pytest.MonkeyPatch.context() as patch:
        _assert_same(*_both_ways(patch, lambda: score(system.table, gold.table, options)))


def test_repeated_gold_lines_and_items_out_of_t_are_tallied_in_the_order_met(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A table made from a list may repeat an item (the readers keep only its first line).
    items = [GoldItem("a.n", "1", [("x", 1)], 1), GoldItem("a.n", "2", [("x", 2), ("y", 1)], 2),
             GoldItem("a.n", "2", [("z", 5)], 3), GoldItem("a.n", "3", [("pn", 2)], 4)]
    system = parse_system_text("a.n 2 :: x\na.n 3 :: y\n", "best", "s")
    for order in (items, [items[1], items[2], items[0], items[3]]):
        columns, per_item = _both_ways(monkeypatch, lambda order=order: score(
            system.table, GoldTable.from_items(order), ScoreOptions(kind="best")))
        _assert_same(columns, per_item)
    assert columns.ignored[0].startswith("1 gold lines repeating")


def test_a_prepared_gold_serves_columns_and_items_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(99)
    gold = parse_gold_text(_gold_text(rng, 80), "g")
    system = parse_system_text(_system_text(rng, gold.items, ":::"), "oot", "s")
    shared = PreparedGoldSet(gold.items)
    options = ScoreOptions(kind="oot", families=FAMILIES)
    columns, per_item = _both_ways(monkeypatch, lambda: score(system.answers, shared, options))
    _assert_same(columns, per_item)
    assert shared.columnar() is shared.columnar()  # prepared once for every system


def test_figures_are_found_without_building_the_per_item_frame() -> None:
    rng = random.Random(5)
    gold = parse_gold_text(_gold_text(rng, 40), "g")
    system = parse_system_text(_system_text(rng, gold.items, ":::"), "oot", "s")
    report = score(system.table, gold.table, ScoreOptions(kind="oot", families=FAMILIES))
    assert report._frame is None
    assert any(isinstance(value, columnar.Deferred) for value in report.columns.values())
    assert len(report.items) == report.counts["items_in_t"]
    assert report._frame is not None


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("kind", ["best", "oot"])
def test_a_report_for_its_figures_only_has_the_same_figures(
        seed: int, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Measured a few items at a time, the figures are still the same to the last bit (GAP's
    # running sums carry over from chunk to chunk).
    monkeypatch.setattr(columnar, "CHUNK_ITEMS", [1, 3, 7, 32_768][seed % 4])
    rng = random.Random(1000 + seed)
    gold = parse_gold_text(_gold_text(rng, rng.randint(5, 150)), "g")
    system = parse_system_text(_system_text(rng, gold.items, "::" if kind == "best" else ":::"),
                               kind, "s")
    kept = [frozenset(), frozenset({"oot-limit"}), frozenset({"empty-not-attempted"}),
            frozenset({"distinct-answers"})][seed % 4]
    options = ScoreOptions(kind=kind, families=FAMILIES, kept_defects=kept, penalty=0.5 + seed)
    whole = score(system.table, gold.table, options)
    figures_only = score(system.table, gold.table, options, items=False)
    assert figures_only.figures == whole.figures
    # The same values of the same types: a figure's sums print alike.
    assert [(type(f.numerator), type(f.denominator)) for f in figures_only.figures.values()] \
        == [(type(f.numerator), type(f.denominator)) for f in whole.figures.values()]
    assert (figures_only.counts, figures_only.ignored) == (whole.counts, whole.ignored)
    assert not any(isinstance(value, np.ndarray) and len(value) > 1 and name not in
                   ("human_total", "max_freq", "gold_size", "has_mode", "attempted")
                   for name, value in figures_only.columns.items())
    with pytest.raises(ValueError, match="figures only"):
        _ = figures_only.items


@pytest.mark.parametrize("seed", range(6))
def test_lines_find_their_items_by_id_when_no_id_is_shared(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every id names one item: lines are matched by id, then their lexelt checked.
    rng = random.Random(2000 + seed)
    gold = parse_gold_text(_gold_text(rng, rng.randint(5, 120), unique_ids=True), "g")
    system = parse_system_text(_system_text(rng, gold.items, ":::"), "oot", "s")
    options = ScoreOptions(kind="oot", families=FAMILIES, strict_lexelt=seed % 2 == 0)
    assert columnar.prepare_gold(gold.table).index_of_id() is not None
    columns, per_item = _both_ways(
        monkeypatch, lambda: score(system.table, gold.table, options))
    _assert_same(columns, per_item)


def test_a_report_for_its_figures_only_with_no_item_in_t() -> None:
    gold = parse_gold_text("a.n 1 :: x 1;\n", "g")  # one response: not in T
    system = parse_system_text("a.n 1 ::: x\n", "oot", "s")
    options = ScoreOptions(kind="oot", families=FAMILIES)
    whole, figures_only = (score(system.table, gold.table, options, items=wanted)
                           for wanted in (True, False))
    assert figures_only.figures == whole.figures
    assert len(whole.figures) > 10
    assert figures_only.counts == whole.counts


@pytest.mark.parametrize("seed", range(20))
def test_repeats_are_found_in_short_and_long_runs(seed: int) -> None:
    # Runs of up to 32 codes are compared shift by shift, longer ones sorted: both must say,
    # per position, whether an earlier position of its run holds its code.
    rng = random.Random(seed)
    lengths = [rng.choice([0, 1, 2, 5, 31, 32, 33, 40, 90]) for _ in range(rng.randint(1, 12))]
    owner = np.repeat(np.arange(len(lengths), dtype=np.int32), lengths)
    code = np.array([rng.randrange(rng.choice([2, 8, 50])) for _ in owner], dtype=np.int32)
    seen: set[tuple[int, int]] = set()
    expected = []
    for item, value in zip(owner.tolist(), code.tolist(), strict=True):
        expected.append((item, value) in seen)
        seen.add((item, value))
    assert columnar._repeats(code, owner).tolist() == expected
