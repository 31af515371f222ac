"""The items two annotators disagree on, as the table ``lexsub agree --pair`` prints."""

from __future__ import annotations

import pytest

from lexsub_studio.core.agreement.pair_listing import pair_disagreement_table
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.model.data import ResponseRow


def _pooled():
    def row(name: str, item: str, *subs: str) -> ResponseRow:
        return ResponseRow("bright.a", item, name, tuple(subs))

    return pool_responses([ResponseSource("r.tsv", [
        row("ann", "1", "clever", "smart"), row("bob", "1", "clever", "smart"),
        row("ann", "2", "vivid"), row("bob", "2", "vivid", "bold"),
        row("ann", "3", "sunny"), row("bob", "3", "shining"),
        row("cid", "3", "sunny"),
    ])])


def test_the_pairs_disagreements_with_scores_and_both_answers() -> None:
    pooled = _pooled()
    # Item 1: same sets (score 1); item 2: 1/2; item 3: nothing shared (0).
    table = pair_disagreement_table(pooled, "ann", "bob")
    assert list(table.columns) == ["lexelt", "id", "pair_score", "ann", "bob"]
    assert table.values.tolist() == [["bright.a", "3", 0.0, "sunny", "shining"]]
    wider = pair_disagreement_table(pooled, "bob", "ann", at_least=0.5)
    assert wider[["id", "pair_score"]].values.tolist() == [["2", 0.5], ["3", 0.0]]
    assert wider["bob"].tolist()[0] in ("vivid, bold", "bold, vivid")


def test_a_pair_is_two_known_annotators() -> None:
    pooled = _pooled()
    with pytest.raises(ValueError, match=r"no annotator 'dan'.*ann, bob, cid"):
        pair_disagreement_table(pooled, "ann", "dan")
    with pytest.raises(ValueError, match="two annotators"):
        pair_disagreement_table(pooled, "ann", "ann")
    # cid answered only item 3, where ann agrees with them: nothing listed.
    assert pair_disagreement_table(pooled, "ann", "cid").empty
