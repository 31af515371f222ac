"""Targets as lists show them: the lemma alone, or the lexelt when the PoS is shown; lexelts
sharing a lemma told apart by a number. Shared by the instance list and the progress summary."""

from __future__ import annotations

from collections.abc import Sequence

from lexsub_studio.core.model.data import parse_lexelt


def target_label(lexelt: str, show_pos: bool) -> str:
    """``bright.a`` as shown: the lemma alone unless the PoS is to be shown."""
    return lexelt if show_pos else parse_lexelt(lexelt).lemma


def target_labels(lexelts: Sequence[str], show_pos: bool) -> dict[str, str]:
    """Labels for lists of targets: with the PoS hidden, lexelts sharing a lemma (``spot.n``,
    ``spot.n.v``) are told apart by a number, ``spot``, ``spot (2)``, in corpus order."""
    labels: dict[str, str] = {}
    seen: dict[str, int] = {}
    for lexelt in lexelts:
        label = target_label(lexelt, show_pos)
        seen[label] = seen.get(label, 0) + 1
        labels[lexelt] = label if seen[label] == 1 else f"{label} ({seen[label]})"
    return labels
