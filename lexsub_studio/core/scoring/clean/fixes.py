"""The defects of the official scorer that clean scoring fixes, one named switch each.

Clean scoring applies every fix by default. ``--keep-defect NAME``
(``ScoreOptions.kept_defects``) turns one fix off and puts the official behaviour back, so that
the effect of each fix on a score can be measured on its own. docs/metrics.md has one paragraph
per switch.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Fix:
    """One defect of the official scorer and how clean scoring repairs it."""

    name: str
    clean: str
    official: str


FIXES: tuple[Fix, ...] = (
    Fix("lexelt-key",
        "items are matched by lexelt and id together",
        "items are matched by id alone; the system line's lexelt is ignored"),
    Fix("pn-entries",
        "only gold entries that are exactly 'pn' or 'nil' are removed",
        "every gold entry containing 'pn' is removed, real substitutes such as 'upnorth' too"),
    Fix("distinct-answers",
        "each distinct answer is credited once and counted once",
        "a repeated answer is credited, and counted as a guess, every time it appears"),
    Fix("spelling",
        "one rule for gold, answers and modes: hyphens become spaces, apostrophes are deleted, "
        "runs of spaces become one",
        "answers are rewritten (non-X, hyphens, first apostrophe) but modes are compared as "
        "written, so a mode with a hyphen can never be hit"),
    Fix("no-reuse",
        "a line with no answers has no answers",
        "a line with no answers reuses the answers of the most recent earlier line that had some"),
    Fix("empty-not-attempted",
        "a line with no answers is not an attempt, for precision and for mode precision",
        "every line present counts as an attempt"),
    Fix("oot-limit",
        "the first 10 distinct answers of an oot line are scored",
        "every answer of an oot line is scored, however many there are"),
    Fix("unique-mode",
        "the mode is the one substitute with the highest count, wherever it stands on the line",
        "the mode is the first entry unless a later one has the same count, so an unsorted gold "
        "line gets a wrong mode"),
    Fix("undefined-figures",
        "a figure whose denominator is zero is reported as undefined",
        "a zero denominator stops the scoring with an error"),
)

FIX_NAMES: tuple[str, ...] = tuple(fix.name for fix in FIXES)
FIXES_BY_NAME: dict[str, Fix] = {fix.name: fix for fix in FIXES}


def check_defect_names(names: frozenset[str] | set[str]) -> None:
    """Raise ValueError naming any unknown switch, listing the known ones."""
    unknown = sorted(set(names) - set(FIX_NAMES))
    if unknown:
        raise ValueError(f"unknown defect switch {', '.join(unknown)}; "
                         f"known switches: {', '.join(FIX_NAMES)}")
