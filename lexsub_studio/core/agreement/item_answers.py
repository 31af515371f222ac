"""What each annotator answered on one pooled item, normalised, with the flags that explain an
empty answer (both the Items tab and the curation view of Gold & Agreement list these)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from lexsub_studio.core.agreement.pool import PROPER_NAME_ENTRY, PooledResponses

#: The flags of an answer, most telling first (an answer may carry several).
PROPER_NAME, NIL, NO_ANSWER, BLANK_ROW = "proper name", "NIL", "no answer", "blank row"


@dataclass(frozen=True, slots=True)
class ItemAnswer:
    annotator: str
    #: the substitutes in the item's vocabulary order (the order the pooled table keeps).
    substitutes: tuple[str, ...]
    #: the multiword the annotator marked ("" when none).
    multiword: str
    flags: tuple[str, ...]
    comment: str
    #: (as written, as counted) per substitute when a merge changed the answer, else empty.
    written: tuple[tuple[str, str], ...] = ()

    def as_given(self) -> str:
        """The substitutes as the annotator gave them, a merged one with the form it counts as
        (``luminous → light, clear``); as counted when no merge changed the answer."""
        if not self.written:
            return ", ".join(self.substitutes)
        return ", ".join(form if form == counted else f"{form} \u2192 {counted}"
                         for form, counted in self.written)


def item_answers(pooled: PooledResponses, item: int) -> list[ItemAnswer]:
    """One answer per annotator, in the pooled table's annotator order."""
    sets = pooled.substitute_sets(item)
    vocabulary = pooled.vocab(item)
    answers = []
    for position, name in enumerate(pooled.annotators):
        flags = []
        if pooled.proper_name[item, position]:
            flags.append(PROPER_NAME)
        if pooled.nil[item, position]:
            flags.append(NIL)
        if not pooled.has_row[item, position]:
            flags.append(NO_ANSWER)
        elif not pooled.answered[item, position]:
            flags.append(BLANK_ROW)
        multiword = int(pooled.multiword[item, position])
        answers.append(ItemAnswer(
            annotator=name,
            substitutes=tuple(form for form in vocabulary if form in sets[position]),
            multiword=pooled.multiword_forms[multiword] if multiword >= 0 else "",
            flags=tuple(flags),
            comment=pooled.comments.get((item, position), ""),
            written=pooled.written.get((item, position), ())))
    return answers


def entry_givers(pooled: PooledResponses, item: int, form: str,
                 sets: Sequence[Collection[str]] | None = None) -> list[str]:
    """The annotators whose answer gave the gold entry ``form`` on ``item`` (after merges), in
    the pooled table's order; for the proper-name entry, those who ticked proper name too.
    ``sets`` is ``pooled.substitute_sets(item)`` when the caller has it already."""
    sets = pooled.substitute_sets(item) if sets is None else sets
    proper_name = form == PROPER_NAME_ENTRY
    return [name for position, name in enumerate(pooled.annotators)
            if form in sets[position] or (proper_name and pooled.proper_name[item, position])]
