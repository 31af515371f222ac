"""What every baseline shares: the items to answer, the ranked answers, and the three files.

A baseline ranks candidate substitutes for each item, each with a positive weight that never
increases down the list. From that one ranking come the best file (the first substitute), the
oot file (the first ten) and the weighted file (the whole list, weights normalised to sum 1), so
the three files always agree with each other.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_studio.core.io.formats.weighted import COMMENT_MARK, format_weighted_line
from lexsub_studio.core.io.output_set import write_output_set
from lexsub_studio.core.model.data import Corpus, GoldItem, SystemAnswer, WeightedAnswer
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.rules import BEST_LIMIT, OOT_LIMIT

ProgressCallback = Callable[[int, int], None]
#: File name suffixes of the three outputs, after the prefix.
SUFFIXES = {"best": ".best", "oot": ".oot", "weighted": ".weighted"}


@dataclass(frozen=True, slots=True)
class Target:
    """One item to answer: its lexelt and id."""

    lexelt: str
    id: str

    @property
    def key(self) -> tuple[str, str]:
        return (self.lexelt, self.id)


def targets_from_corpus(corpus: Corpus) -> list[Target]:
    return [Target(lexelt.item, instance.id) for lexelt, instance in corpus.instances()]


def targets_from_gold(items: Iterable[GoldItem]) -> list[Target]:
    return [Target(item.lexelt, item.id) for item in items]


@dataclass(slots=True)
class BaselineResult:
    """Ranked (substitute, weight) lists per item, in target order; an item with no candidate
    has an empty list and gets no line in any file."""

    kind: str
    targets: list[Target]
    ranked: dict[tuple[str, str], list[tuple[str, float]]]
    diagnostics: Diagnostics = field(default_factory=lambda: Diagnostics(None))
    stats: dict[str, int] = field(default_factory=dict)

    def _answered(self) -> list[tuple[Target, list[tuple[str, float]]]]:
        return [(target, self.ranked[target.key]) for target in self.targets
                if self.ranked.get(target.key)]

    def best(self) -> list[SystemAnswer]:
        return [SystemAnswer(target.lexelt, target.id, [sub for sub, _ in ranked[:BEST_LIMIT]])
                for target, ranked in self._answered()]

    def oot(self, limit: int = OOT_LIMIT) -> list[SystemAnswer]:
        return [SystemAnswer(target.lexelt, target.id, [sub for sub, _ in ranked[:limit]])
                for target, ranked in self._answered()]

    def weighted(self) -> list[WeightedAnswer]:
        """The weighted answers; items whose lexelt or id holds a blank are left out, since
        that format separates its fields by blanks (``weighted_unwritable`` counts them)."""
        answers = []
        for target, ranked in self._answered():
            if any(ch.isspace() for ch in target.lexelt + target.id):
                continue
            total = math.fsum(weight for _, weight in ranked)
            answers.append(WeightedAnswer(target.lexelt, target.id,
                                          [(sub, weight / total) for sub, weight in ranked]))
        return answers


#: A character that some output format cannot hold inside a substitute.
_UNWRITABLE_CHARACTER = re.compile("[;_\t\n\r]")


def writable_substitute(substitute: str) -> bool:
    """True when every output format can hold the substitute as it is."""
    return (bool(substitute.strip()) and substitute == substitute.strip()
            and _UNWRITABLE_CHARACTER.search(substitute) is None
            and not substitute.startswith(COMMENT_MARK))


def drop_unwritable(ranked: list[tuple[str, float]], diagnostics: Diagnostics,
                    stats: dict[str, int], where: str) -> list[tuple[str, float]]:
    """The ranking without substitutes no output format can hold (';', '_', tabs...), each
    dropped one reported."""
    kept = []
    for substitute, weight in ranked:
        if writable_substitute(substitute):
            kept.append((substitute, weight))
        else:
            stats["unwritable_substitutes"] = stats.get("unwritable_substitutes", 0) + 1
            diagnostics.warning("unwritable-substitute",
                                f"{where}: candidate {substitute!r} cannot be written in the "
                                "answer files (';', '_', a tab or line break, or surrounding "
                                "spaces) and is left out")
    return kept


def output_paths(prefix: str | Path) -> dict[str, Path]:
    text = str(prefix)
    return {kind: Path(text + suffix) for kind, suffix in SUFFIXES.items()}


def write_baseline(result: BaselineResult, prefix: str | Path) -> dict[str, Path]:
    """Write PREFIX.best, PREFIX.oot and PREFIX.weighted (as one set); return the paths.

    Every line is formatted before any file is written, so a value that cannot be written
    raises ValueError with nothing on disk changed.
    """
    # The system format's module is imported here: its reader's numpy need not load with the
    # Dataset workspace, which lists the baselines long before one is written.
    from lexsub_studio.core.io.formats.system import format_system_line

    paths = output_paths(prefix)
    left_out = [target for target, _ in result._answered()
                if any(ch.isspace() for ch in target.lexelt + target.id)]
    if left_out:
        result.stats["weighted_unwritable"] = len(left_out)
        result.diagnostics.warning(
            "weighted-unwritable",
            f"{len(left_out)} item(s) have a blank in their lexelt or id (first: "
            f"{left_out[0].lexelt} {left_out[0].id}); the weighted format cannot hold them, so "
            "they are only in the best and oot files")
    texts = {
        "best": "".join(format_system_line(a, "best") + "\n" for a in result.best()),
        "oot": "".join(format_system_line(a, "oot") + "\n" for a in result.oot()),
        "weighted": "".join(format_weighted_line(a) + "\n" for a in result.weighted()),
    }
    # The three files appear together or not at all (core/io/output_set.py).
    write_output_set([(path, texts[kind]) for kind, path in paths.items()])
    return paths
