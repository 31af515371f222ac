"""Merge maps as the files ``lexsub gold --map`` reads: built from accepted proposals, written
from a map, and decisions on proposals carried over to the proposals of a new computation.

The file format (variant<TAB>canonical[<TAB>lexelt<TAB>id], ``#`` comments) is read by
``normalise.read_merge_map``; these are its writers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from lexsub_studio.core.gold.normalise import MergeMap, MergeSuggestion

Decision = TypeVar("Decision")

ACCEPTED_HEADER = ("# Accepted merges: variant<TAB>canonical[<TAB>lexelt<TAB>id].",
                   "# Pass this file to lexsub gold / lexsub agree with --map.")
DECIDED_HEADER = ("# Merges decided in the curation view: variant<TAB>canonical"
                  "[<TAB>lexelt<TAB>id]. Pass this file to lexsub gold --map.",)


def merge_map_from(accepted: Sequence[MergeSuggestion]) -> MergeMap:
    """The accepted suggestions as a merge map (the last decision on a variant wins)."""
    merge_map = MergeMap()
    for suggestion in accepted:
        if suggestion.key is None:
            merge_map.everywhere[suggestion.variant] = suggestion.canonical
        else:
            merge_map.per_item.setdefault(suggestion.key, {})[suggestion.variant] = \
                suggestion.canonical
    return merge_map


def format_accepted_merges(accepted: Sequence[MergeSuggestion]) -> str:
    """The accepted merges as a merge map file, in the order they were listed."""
    lines = [*ACCEPTED_HEADER, *(suggestion.map_line() for suggestion in accepted)]
    return "\n".join(lines) + "\n"


def merge_map_lines(merge_map: MergeMap) -> list[str]:
    """One line per merge: those that apply everywhere first, then those of one item."""
    lines = [f"{form}\t{into}" for form, into in merge_map.everywhere.items()]
    lines += [f"{form}\t{into}\t{key[0]}\t{key[1]}"
              for key, forms in merge_map.per_item.items() for form, into in forms.items()]
    return lines


def format_merge_map(merge_map: MergeMap, header: Sequence[str] = DECIDED_HEADER) -> str:
    """A merge map as a file; read back with ``read_merge_map`` it is the same map."""
    return "\n".join([*header, *merge_map_lines(merge_map)]) + "\n"


def carry_decisions(previous: Sequence[MergeSuggestion], decisions: Sequence[Decision | None],
                    proposed: Sequence[MergeSuggestion],
                    ) -> tuple[list[MergeSuggestion], list[Decision | None]]:
    """New proposals keep the decision (and the edited target form) taken on a previous
    proposal with the same variant and scope; the others start undecided."""
    taken = {(suggestion.variant, suggestion.key): (suggestion.canonical, decision)
             for suggestion, decision in zip(previous, decisions, strict=True)}
    kept: list[MergeSuggestion] = []
    kept_decisions: list[Decision | None] = []
    for suggestion in proposed:
        earlier = taken.get((suggestion.variant, suggestion.key))
        if earlier is None:
            kept.append(suggestion)
            kept_decisions.append(None)
        else:
            kept.append(MergeSuggestion(suggestion.variant, earlier[0], suggestion.reason,
                                        suggestion.responses, suggestion.key))
            kept_decisions.append(earlier[1])
    return kept, kept_decisions
