"""The items two annotators disagree on, as a table: what the heatmap of Gold & Agreement lists
when a cell is opened, and ``lexsub agree --pair A B`` prints."""

from __future__ import annotations

import pandas as pd

from lexsub_studio.core.agreement.item_answers import item_answers
from lexsub_studio.core.agreement.pairwise import (
    DEFAULT_DISAGREEMENT,
    pair_disagreements,
    pair_item_scores,
)
from lexsub_studio.core.agreement.pool import PooledResponses

PAIR_COLUMNS = ("lexelt", "id", "pair_score", "first", "second")


def annotator_position(pooled: PooledResponses, name: str) -> int:
    """The annotator's column in the pooled table; a ValueError naming the known ones."""
    try:
        return list(pooled.annotators).index(name)
    except ValueError:
        known = ", ".join(pooled.annotators) or "none"
        raise ValueError(f"no annotator '{name}' in the responses (annotators: {known})"
                         ) from None


def pair_disagreement_table(pooled: PooledResponses, first: str, second: str,
                            at_least: float = DEFAULT_DISAGREEMENT) -> pd.DataFrame:
    """One row per item where the two disagree by at least ``at_least`` (1 - pair score; 1:
    they share no substitute), among the items both gave substitutes for, in the pooled
    order: lexelt, id, the pair score, each one's substitutes (comma-separated)."""
    one, other = annotator_position(pooled, first), annotator_position(pooled, second)
    if one == other:
        raise ValueError(f"a pair needs two annotators, not '{first}' twice")
    scores = pair_item_scores(pooled, one, other)
    rows = []
    for item in pair_disagreements(pooled, one, other, at_least):
        answers = item_answers(pooled, item)
        lexelt, instance_id = pooled.keys[item]
        rows.append({"lexelt": lexelt, "id": instance_id, "pair_score": float(scores[item]),
                     "first": ", ".join(answers[one].substitutes),
                     "second": ", ".join(answers[other].substitutes)})
    return pd.DataFrame(rows, columns=list(PAIR_COLUMNS)).rename(
        columns={"first": first, "second": second})
