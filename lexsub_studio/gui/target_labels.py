"""Targets as lists show them: the lemma alone, or the lexelt when the PoS is shown; lexelts
sharing a lemma told apart by a number. Shared by the instance list and the progress summary."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from lexsub_studio.core.model.data import parse_lexelt, split_lexelt


def target_label(lexelt: str, show_pos: bool) -> str:
    """``bright.a`` as shown: the lemma alone unless the PoS is to be shown."""
    return lexelt if show_pos else parse_lexelt(lexelt).lemma


def target_labels(lexelts: Sequence[str], show_pos: bool) -> dict[str, str]:
    """Labels for lists of targets: with the PoS hidden, lexelts sharing a lemma (``spot.n``,
    ``spot.n.v``) are told apart by a number, ``spot``, ``spot (2)``, in corpus order."""
    # Lemmas by the thousand: a corpus may have as many lexelts as instances. The labels are
    # made in C (dict, zip, Counter); only the lexelts whose label is shared get a Python
    # step each, to number them.
    shown = list(lexelts) if show_pos else lemmas(lexelts)
    labels = dict(zip(lexelts, shown, strict=True))
    if len(set(shown)) == len(shown):
        return labels
    shared = {label for label, times in Counter(shown).items() if times > 1}
    if shared:
        seen: dict[str, int] = {}
        for lexelt, label in zip(lexelts, shown, strict=True):
            if label in shared:
                times = seen[label] = seen.get(label, 0) + 1
                if times > 1:
                    labels[lexelt] = f"{label} ({times})"
    return labels


def lemmas(lexelts: Sequence[str]) -> list[str]:
    """``parse_lexelt(lexelt).lemma`` of each lexelt, without making a LexeltName each (a
    corpus may have as many lexelts as instances)."""
    return [split_lexelt(lexelt)[0] for lexelt in lexelts]
