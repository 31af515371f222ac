"""The shared rules have one home: the conventions, clean scoring's columns, the warnings and the
significance tests follow model/rules.py, scoring/measures.py and agreement/progress.py instead
of keeping their own copies (changing the rule there changes them)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.agreement import progress
from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import parse_system_text
from lexsub_studio.core.model import rules
from lexsub_studio.core.model.data import SystemAnswer
from lexsub_studio.core.scoring import measures
from lexsub_studio.core.scoring.clean import columnar
from lexsub_studio.core.scoring.clean import scorer as clean_scorer
from lexsub_studio.core.scoring.compare.significance import (
    approximate_randomisation,
    paired_bootstrap,
)
from lexsub_studio.core.scoring.conventions.profiles import convention_gap, get_convention
from lexsub_studio.core.scoring.explain import gold as explain_gold
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score
from lexsub_studio.core.scoring.report.system_warnings import system_warnings

# bright.a 1 has six responses, bright.a 2 one: in T only the first.
GOLD = "bright.a 1 :: clever 1;smart 3;well-lit 2;\nbright.a 2 :: shiny 1;\n"
SYSTEM = [SystemAnswer("bright.a", "1", ["smart", "well-lit", "clever"]),
          SystemAnswer("bright.a", "2", ["glossy", "shiny"])]


def test_a_convention_averages_the_items_rules_puts_in_t(monkeypatch: pytest.MonkeyPatch) -> None:
    gold = parse_gold_text(GOLD).items
    lexsub = get_convention("lexsub")
    # Item 1 ranks its gold in the ideal order: GAP 1. Item 2 ranks shiny second: GAP 1/2.
    assert convention_gap(SYSTEM, gold, lexsub, kind="oot").value == pytest.approx(1.0)
    monkeypatch.setattr(rules, "MIN_RESPONSES_IN_T", 1)
    one_response = convention_gap(SYSTEM, gold, lexsub, kind="oot")
    assert one_response.value == pytest.approx((1 + 1 / 2) / 2)
    assert not any("responses" in reason for reason in one_response.skipped)


def test_clean_scorings_columns_take_their_modes_from_rules(
        monkeypatch: pytest.MonkeyPatch) -> None:
    gold = parse_gold_text("bright.a 1 :: smart 3;clever 1;\nbright.a 3 :: vivid 2;bold 1;\n",
                           "g")
    assert columnar.prepare_gold(gold.table).mode_texts() == ["smart", "vivid"]

    def no_modes(freq: np.ndarray, entry_item: np.ndarray, entry_local: np.ndarray,
                 n_items: int, entry_offsets: np.ndarray) -> np.ndarray:
        return np.full(n_items, -1, dtype=np.int64)

    monkeypatch.setattr(rules, "modes_of_items", no_modes)
    assert columnar.prepare_gold(gold.table).mode_texts() == [None, None]


_LINES = st.lists(st.tuples(st.sampled_from(["a", "b", "c", "d", "e"]),
                            st.integers(min_value=1, max_value=4)),
                  max_size=5, unique_by=lambda entry: entry[0])


@settings(max_examples=80, deadline=None)
@given(st.lists(_LINES, max_size=8))
def test_the_array_form_of_the_mode_in_t_or_not_agrees_with_mode_of(
        items: list[list[tuple[str, int]]]) -> None:
    lengths = [len(entries) for entries in items]
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    entry_item = np.repeat(np.arange(len(items)), lengths).astype(np.int64)
    entry_local = np.concatenate([np.arange(n) for n in lengths] or [np.zeros(0)]).astype(np.int64)
    freq = np.array([count for entries in items for _, count in entries], dtype=np.int64)
    modes = rules.modes_of_items(freq, entry_item, entry_local, len(items), offsets)
    for entries, local in zip(items, modes.tolist(), strict=True):
        assert (entries[local][0] if local >= 0 else None) == rules.mode_of(entries)


def _duplicate_answers_effect(best_scores: object = None) -> float | None:
    """The effect of the duplicate-answers warning, the clean report scored as it is and the
    warning with ``best_scores`` in place of measures.best_scores when given."""
    gold_text = "bright.a 1 :: clever 3;smart 1;\nbright.a 2 :: vivid 2;bold 2;\n"
    system_text = "bright.a 1 :: clever;smart;clever\nbright.a 2 :: vivid\n"
    gold = parse_gold_text(gold_text, "gold").items
    read = parse_system_text(system_text, "best", "system")
    report = score(read.answers, gold, ScoreOptions(kind="best"))
    with pytest.MonkeyPatch.context() as patch:
        if best_scores is not None:
            patch.setattr(measures, "best_scores", best_scores)
        found = system_warnings(read.answers, gold, "best", report,
                                diagnostics=list(read.diagnostics), text=system_text)
    return {warning.code: warning for warning in found}["duplicate-answers"].effect


def test_the_warnings_rescore_an_item_with_the_one_best_formula() -> None:
    # Item 1 scores (3 + 1) / 4 / 2 = 1/2 clean; with the repeat credited (3 + 1 + 3) / 4 / 3.
    assert _duplicate_answers_effect() == pytest.approx((7 / 12 - 1 / 2) / 2)

    def full_credit(weights: measures.Ragged, human_total: np.ndarray) -> np.ndarray:
        return np.ones(len(weights))

    assert _duplicate_answers_effect(full_credit) == pytest.approx((1 - 1 / 2) / 2)


def test_clean_scoring_and_its_explanations_share_the_rules_flags() -> None:
    assert clean_scorer.NOT_SUBSTITUTES is rules.NOT_SUBSTITUTES
    assert explain_gold.NOT_SUBSTITUTES is rules.NOT_SUBSTITUTES
    assert {rules.PROPER_NAME_ENTRY, rules.NIL_ENTRY} == rules.NOT_SUBSTITUTES


@pytest.mark.parametrize("test", [paired_bootstrap, approximate_randomisation])
def test_a_cancelled_significance_test_raises_the_one_cancelled(test) -> None:
    with pytest.raises(progress.Cancelled):
        test([0.1, 0.2], [0.2, 0.1], samples=10, seed=0, progress=lambda done, total: False)
