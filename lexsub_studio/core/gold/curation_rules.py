"""The rules of the curation view's decisions that are not about showing them: which items a
merge made by hand applies to, how a typed form is cleaned, and a merge map as decisions.

The GUI's curation panel asks these; ``lexsub gold --adjudication`` applies what they decided.
"""

from __future__ import annotations

from lexsub_studio.core.agreement.pool import PooledResponses
from lexsub_studio.core.gold.adjudication import MERGE, Decision
from lexsub_studio.core.gold.merge_proposals import items_with_form
from lexsub_studio.core.gold.normalise import MergeMap

Key = tuple[str, str]

#: The scopes a merge made by hand can have (the first is the default).
SCOPE_OCCURS, SCOPE_ITEM, SCOPE_EVERYWHERE = "occurs", "item", "everywhere"
#: The reason recorded on the merges an imported merge map makes.
FROM_MERGE_MAP = "merge map"


def typed_form(text: str) -> str:
    """A form as typed, with its whitespace trimmed and inner runs collapsed."""
    return " ".join(text.split())


def merge_items(scope: str, form: str, current: Key | None,
                pooled: PooledResponses | None) -> tuple[Key, ...] | None:
    """The items a merge of ``form`` made on ``current`` applies to: None for everywhere; the
    items where the form occurs (the current one when it occurs nowhere, or nothing is pooled);
    the current item only; () when there is no item to apply it to."""
    if scope == SCOPE_EVERYWHERE:
        return None
    only_here = (current,) if current else ()
    if scope == SCOPE_ITEM or pooled is None:
        return only_here
    return items_with_form(pooled, form) or only_here


def merge_map_decisions(merge_map: MergeMap, who: str, when: str) -> list[Decision]:
    """One merge decision per line of a merge map: those that apply everywhere first, then
    those of one item, in the map's order."""
    decisions = [Decision(MERGE, None, form, into, FROM_MERGE_MAP, who, when)
                 for form, into in merge_map.everywhere.items()]
    decisions += [Decision(MERGE, (key,), form, into, FROM_MERGE_MAP, who, when)
                  for key, forms in merge_map.per_item.items() for form, into in forms.items()]
    return decisions
