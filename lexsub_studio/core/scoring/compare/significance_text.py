"""Significance tests in words: which tests a choice names, what a pair's tests found and what a
matrix of pairs was computed with. The Scoring workspace's Significance tab shows these lines and
``lexsub compare`` reads its --method the same way (core.scoring.compare.significance computes)."""

from __future__ import annotations

from collections.abc import Sequence

from lexsub_studio.core.scoring.compare.league import measure_label
from lexsub_studio.core.scoring.compare.significance import (
    ALPHA,
    BETTER,
    NO_DIFFERENCE,
    STRONG_ALPHA,
    STRONGLY_BETTER,
    STRONGLY_WORSE,
    WORSE,
    SignificanceResult,
    item_column,
    verdict_sentence,
)
from lexsub_studio.core.scoring.compare.system_scores import SystemScores

#: The tests by the names the options use, as people call them.
TEST_NAMES = {"bootstrap": "paired bootstrap", "randomisation": "approximate randomisation"}
#: What a method choice means: one test, or both.
BOTH = "both"


def chosen_tests(choice: str) -> tuple[str, ...]:
    """``both`` -> both tests, in the order they are run and printed; else the one named."""
    return tuple(TEST_NAMES) if choice == BOTH else (choice,)


def has_measure(system: SystemScores, measure: str) -> bool:
    """Whether the system has per-item scores of ``measure`` (an oot file has no best)."""
    if system.report is None:
        return False
    try:
        item_column(system.report, measure)
    except KeyError:
        return False
    return True


def pair_lines(name_a: str, name_b: str, measure: str, items: int,
               results: Sequence[SignificanceResult]) -> list[str]:
    """Two systems compared: who is A and B, each test's numbers, and the verdict."""
    lines = [f"A = {name_a}, B = {name_b}, measure {measure}, {items} items "
             "(unanswered items score 0)."]
    lines += [result.describe() for result in results]
    lines.append(f"Verdict at the {ALPHA:g} level: "
                 f"{verdict_sentence(name_a, name_b, results)}.")
    return lines


def matrix_note(measure: str, methods: Sequence[str], samples: int, seed: int,
                left_out: Sequence[str] = ()) -> str:
    """How every cell of a matrix of pairs was computed, and the systems left out of it."""
    label = measure_label(measure)
    tests = " and ".join(TEST_NAMES[method] for method in methods)
    note = f"{label}, {tests}, {samples} samples, seed {seed}; a verdict at the {ALPHA:g} level"
    if len(methods) > 1:
        note += "; with two tests the larger p decides"
    note += "."
    if left_out:
        note += f" Not compared (no {label}): {', '.join(left_out)}."
    return note


def matrix_cell_lines(first: str, second: str, note: str,
                      results: Sequence[SignificanceResult]) -> list[str]:
    """One cell of a matrix: the pair, how it was computed, each test and the verdict."""
    lines = [f"A = {first}, B = {second}; {note}"]
    lines += [result.describe() for result in results]
    lines.append(f"Verdict: {verdict_sentence(first, second, results)}.")
    return lines


def symbol_legend(alpha: float = ALPHA) -> str:
    """What a matrix cell's symbol says of the row's system against the column's."""
    return (f"{STRONGLY_BETTER} / {STRONGLY_WORSE}: better / worse, p < {STRONG_ALPHA:g}; "
            f"{BETTER} / {WORSE}: better / worse, p < {alpha:g}; "
            f"{NO_DIFFERENCE}: no significant difference")


def rank_order(figures: Sequence[float | None]) -> list[int]:
    """The positions of ``figures`` from the highest to the lowest (a missing figure last; equal
    figures keep their order), so a matrix lists its systems as a results table ranks them."""
    return sorted(range(len(figures)),
                  key=lambda n: (figures[n] is None, -(figures[n] or 0.0)))
