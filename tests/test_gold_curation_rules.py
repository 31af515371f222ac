"""The curation view's rules in core: a hand merge's items by scope, typed forms, a merge map
as decisions."""

from __future__ import annotations

from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.gold.adjudication import MERGE, Adjudication
from lexsub_studio.core.gold.curation_rules import (
    SCOPE_EVERYWHERE,
    SCOPE_ITEM,
    SCOPE_OCCURS,
    merge_items,
    merge_map_decisions,
    typed_form,
)
from lexsub_studio.core.gold.normalise import MergeMap
from lexsub_studio.core.model.data import ResponseRow


def _pooled():
    return pool_responses([ResponseSource("r.tsv", [
        ResponseRow("bright.a", "1", "ann", ("colour",)),
        ResponseRow("bright.a", "2", "ann", ("vivid",)),
        ResponseRow("bright.a", "3", "bob", ("colour", "hue")),
    ])])


def test_a_hand_merge_applies_where_its_scope_says() -> None:
    pooled = _pooled()
    here = ("bright.a", "2")
    assert merge_items(SCOPE_EVERYWHERE, "colour", here, pooled) is None
    assert merge_items(SCOPE_ITEM, "colour", here, pooled) == (here,)
    assert merge_items(SCOPE_OCCURS, "colour", here, pooled) == (("bright.a", "1"),
                                                                ("bright.a", "3"))
    # A form written nowhere applies where the organiser is; nothing pooled: there too.
    assert merge_items(SCOPE_OCCURS, "tint", here, pooled) == (here,)
    assert merge_items(SCOPE_OCCURS, "colour", here, None) == (here,)
    assert merge_items(SCOPE_ITEM, "colour", None, pooled) == ()


def test_a_typed_form_is_trimmed_and_its_spaces_collapsed() -> None:
    assert typed_form("  take \t  place ") == "take place"
    assert typed_form("   ") == ""


def test_a_merge_map_becomes_one_decision_per_line_that_apply_as_the_map() -> None:
    merge_map = MergeMap({"color": "colour"}, {("bright.a", "3"): {"hue": "colour"}})
    decisions = merge_map_decisions(merge_map, "org", "2026-01-01 10:00")
    assert [(d.kind, d.items, d.form, d.into, d.who) for d in decisions] == [
        (MERGE, None, "color", "colour", "org"),
        (MERGE, (("bright.a", "3"),), "hue", "colour", "org")]
    adjudication = Adjudication()
    for decision in decisions:
        adjudication.add(decision)
    assert adjudication.merge_map() == merge_map
