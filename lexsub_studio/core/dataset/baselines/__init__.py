"""Baselines for a task (the issue's part 3): lemma-frequency and random from the other
instances' gold (leave-one-out), and WordNet's synsets in the task paper's four tiers.

``make_baseline`` is what the command line and the GUI call; ``write_baseline`` writes the best,
oot and weighted files from its result.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from lexsub_studio.core.dataset.baselines.common import (
    BaselineResult,
    ProgressCallback,
    Target,
    output_paths,
    targets_from_corpus,
    targets_from_gold,
    write_baseline,
)
from lexsub_studio.core.model.data import GoldItem

#: Baseline kinds and what each needs.
KINDS: dict[str, str] = {
    "frequency": "the substitutes most often given for the same lexelt in the other items' gold",
    "random": "substitutes from the same pool as frequency, in a seeded random order",
    "wordnet": "synonyms of WordNet's first synset, its related synsets, then the other senses"
               " and theirs, by word frequency",
}


def make_baseline(kind: str, targets: Sequence[Target], *,
                  gold: Sequence[GoldItem] | None = None, seed: int = 0,
                  wordnet_dir: str | Path | None = None,
                  progress: ProgressCallback | None = None) -> BaselineResult:
    """Rank candidates for every target. ``gold`` is needed by frequency and random; wordnet
    reads the database in ``wordnet_dir`` (else Debian's) and raises WordNetUnavailable with
    a clear message when there is none."""
    if kind in ("frequency", "random"):
        if gold is None:
            raise ValueError(f"the {kind} baseline needs a gold file")
        from lexsub_studio.core.dataset.baselines.pool import frequency_baseline, random_baseline

        if kind == "frequency":
            return frequency_baseline(targets, gold, progress=progress)
        return random_baseline(targets, gold, seed=seed, progress=progress)
    if kind == "wordnet":
        from lexsub_studio.core.dataset.baselines.wordnet import WordNet, wordnet_baseline

        return wordnet_baseline(targets, WordNet(wordnet_dir), progress=progress)
    raise ValueError(f"unknown baseline kind {kind!r}; expected one of {', '.join(KINDS)}")


__all__ = ["KINDS", "BaselineResult", "Target", "make_baseline", "output_paths",
           "targets_from_corpus", "targets_from_gold", "write_baseline"]
