"""Merge proposals for the curation view: the variant suggestions of ``normalise.suggest_merges``
plus typos found by edit distance, each with the items it touches.

A typo is proposed between two forms written for the same target (lexelt) when their optimal
string alignment distance (rapidfuzz: insertions, deletions, substitutions and swaps of two
neighbouring letters, each 1) is at most 1, or 2 for forms of 8 letters or more, and the variant
is not a word the corpus language's lemmatiser knows while the other form is, or is written
more often (``optimisitc`` -> ``optimistic``; ``light`` and ``right`` are both words: no
proposal). A language without a lemmatiser gets no typo proposals: only a dictionary tells a
typo from another word.
Forms shorter than 4 letters are never typos (too many real words lie one edit apart). In forms of
several words a typo lies inside one word: two phrases of as many words are compared on the one
word where they differ, which must itself pass the test, so a changed word (``be frightened of``
-> ``be frightened by``: prepositions, which the dictionary does not list, are short) is a
different answer, not a typo.

A proposal's scope is the items where its variant occurs, never "everywhere": accepting it
writes per-item merges, so the organiser sees exactly which sentences change.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lexsub_studio.core.gold.normalise import MergeSuggestion, suggest_merges
from lexsub_studio.core.model.languages import ENGLISH, Language, Lemmatiser

if TYPE_CHECKING:
    from lexsub_studio.core.agreement.pool import PooledResponses

Key = tuple[str, str]

#: The shortest form a typo is looked for in, and the length from which two edits are allowed.
SHORTEST_TYPO = 4
LONG_FORM = 8
TYPO = "typo"


@dataclass(frozen=True, slots=True)
class MergeProposal:
    """``variant`` -> ``canonical`` on ``items`` (the items where the variant was written)."""

    variant: str
    canonical: str
    reason: str
    items: tuple[Key, ...]
    #: responses (annotator x item) that wrote the variant on those items.
    responses: int


def known_form(form: str, lemmatiser: Lemmatiser) -> bool:
    """Every word of the form is a word the lemmatiser knows."""
    return all(lemmatiser.known_word(word) for word in form.split(" ") if word)


def typo_limit(form: str) -> int:
    if len(form) < SHORTEST_TYPO:
        return 0
    return 2 if len(form) >= LONG_FORM else 1


def within_a_word(variant: str, other: str) -> bool:
    """Whether the forms could differ by a slip inside one word: phrases of as many words
    differ in exactly one, a typo in its own right (long enough, within the edits its length
    allows); forms of different word counts differ by a space, which is a slip too."""
    from rapidfuzz.distance import OSA

    words, other_words = variant.split(" "), other.split(" ")
    if len(words) != len(other_words) or len(words) == 1:
        return True
    differing = [(word, theirs) for word, theirs in zip(words, other_words, strict=True)
                 if word != theirs]
    if len(differing) != 1:
        return False
    word, theirs = differing[0]
    limit = min(typo_limit(word), typo_limit(theirs))
    return limit > 0 and OSA.distance(word, theirs) <= limit


def suggest_typos(occurrences: Mapping[Key, Mapping[str, int]],
                  language: Language = ENGLISH) -> list[tuple[str, str, str]]:
    """(lexelt, variant, canonical) for every typo found among a lexelt's forms."""
    lemmatiser = language.lemmatiser
    if lemmatiser is None:
        return []
    from rapidfuzz.distance import OSA
    from rapidfuzz.process import extract

    by_lexelt: dict[str, Counter[str]] = defaultdict(Counter)
    for (lexelt, _), forms in occurrences.items():
        by_lexelt[lexelt].update(forms)
    found = []
    for lexelt in sorted(by_lexelt):
        totals = by_lexelt[lexelt]
        forms = sorted(totals)
        for variant in forms:
            limit = typo_limit(variant)
            if not limit:
                continue
            variant_known = known_form(variant, lemmatiser)
            matches = extract(variant, forms, scorer=OSA.distance, score_cutoff=limit,
                              limit=None)
            candidates = []
            for other, _distance, _ in matches:
                if other == variant or typo_limit(other) == 0 or not within_a_word(variant,
                                                                                    other):
                    continue
                other_known = known_form(other, lemmatiser)
                if variant_known and other_known:
                    continue  # two real words: a different answer, not a typo
                if (other_known and not variant_known) or (
                        other_known == variant_known and totals[other] > totals[variant]):
                    candidates.append(other)
            if candidates:
                best = min(candidates, key=lambda form: (-totals[form], form))
                found.append((lexelt, variant, best))
    return found


def propose_merges(occurrences: Mapping[Key, Mapping[str, int]],
                   suggestions: list[MergeSuggestion] | None = None,
                   language: Language = ENGLISH) -> list[MergeProposal]:
    """Every proposal, scoped to the items where its variant occurs; a variant gets one
    proposal (the variant suggestions first, then typos). ``suggestions``: those of
    ``suggest_merges`` on the same occurrences, when already made; ``language``: the corpus
    language, whose lemmatiser decides inflections and typos."""
    proposals: list[MergeProposal] = []
    proposed: set[tuple[str, str | None]] = set()
    if suggestions is None:
        suggestions = suggest_merges(occurrences, language)
    for suggestion in suggestions:
        if suggestion.key is not None:
            items: tuple[Key, ...] = (suggestion.key,)
        else:
            items = tuple(key for key, forms in occurrences.items() if suggestion.variant in forms)
        if not items:
            continue
        responses = sum(occurrences[key].get(suggestion.variant, 0) for key in items)
        proposals.append(MergeProposal(suggestion.variant, suggestion.canonical,
                                       suggestion.reason, items, responses))
        proposed.add((suggestion.variant, None if suggestion.key is None else items[0][0]))
    for lexelt, variant, canonical in suggest_typos(occurrences, language):
        if (variant, None) in proposed or (variant, lexelt) in proposed:
            continue
        items = tuple(key for key, forms in occurrences.items()
                      if key[0] == lexelt and variant in forms)
        responses = sum(occurrences[key][variant] for key in items)
        proposals.append(MergeProposal(variant, canonical, TYPO, items, responses))
    return proposals


def items_with_form(pooled: PooledResponses, form: str) -> tuple[Key, ...]:
    """The items where somebody wrote ``form`` (as a substitute or a multiword): the default
    scope of a merge made by hand."""
    import numpy as np

    items: set[int] = set()
    if form in pooled.forms:
        form_id = pooled.forms.index(form)
        items.update(pooled.entry_item[pooled.entry_form == form_id].tolist())
    if form in pooled.multiword_forms:
        index = pooled.multiword_forms.index(form)
        items.update(np.flatnonzero((pooled.multiword == index).any(axis=1)).tolist())
    return tuple(pooled.keys[item] for item in sorted(items))
