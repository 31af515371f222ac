"""Published evaluation conventions as named profiles: each a set of switches over the one GAP of
measures.py (and, for the task's own measures, over the clean-mode switches of fixes.py).

The public scripts the field reports GAP with disagree on the same files; docs/metrics.md
("Conventions") gives every profile's rules and a worked example. The switches:

- ``items``: which gold lines are averaged. ``t``: items with two or more responses (this
  project, the SemEval-2007 task's T); ``every-line``: every gold line with a substitute left
  after the other switches (items with one response included; a line left empty is skipped
  and counted, as the scripts skip it).
- ``multiwords``: ``keep``, or ``drop`` every gold substitute and answer holding a space or a
  hyphen before anything else (Melamud et al.'s usual setting).
- ``repeated_answers``: ``once`` (a repeat is removed, first place kept) or ``each`` (credited,
  and taking a rank, every time).
- ``ideal_order``: GAP's ideal ranking by count descending (``by-count``) or in the gold line's
  order (``gold-line``; an unsorted line then gives a smaller denominator).
- ``spelling``: ``clean`` (the project's rule: hyphens as spaces, apostrophes deleted, case
  kept), ``official`` (the official program's rules, under its kept defects) or ``as-written``
  (strings compared exactly, flags such as ``pn`` kept as substitutes, as the scripts read the
  gold line).
- ``oot_cut``: an oot line's ranking is its first 10 distinct answers (the project's oot view)
  or every answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from lexsub_studio.core.model.data import GoldItem, SystemAnswer, WeightedAnswer
from lexsub_studio.core.model.rules import OOT_LIMIT
from lexsub_studio.core.scoring import measures
from lexsub_studio.core.scoring.clean import scorer as clean
from lexsub_studio.core.scoring.clean.fixes import FIX_NAMES
from lexsub_studio.core.scoring.measures import Ragged


@dataclass(frozen=True, slots=True)
class Convention:
    name: str
    title: str
    #: Clean-mode switches (fixes.FIX_NAMES) turned off, for the task's own measures.
    kept_defects: frozenset[str]
    items: str = "t"
    multiwords: str = "keep"
    repeated_answers: str = "once"
    ideal_order: str = "by-count"
    spelling: str = "clean"
    oot_cut: bool = True


CONVENTIONS: dict[str, Convention] = {convention.name: convention for convention in (
    Convention("lexsub", "this project's definitions (the default)", frozenset()),
    Convention("semeval2007", "the official SemEval-2007 scoring program",
               frozenset(FIX_NAMES), repeated_answers="each", spelling="official",
               oot_cut=False),
    Convention("lexsubgen", "LexSubGen's evaluation (Arefyev et al. 2020)", frozenset(),
               items="every-line", ideal_order="gold-line", spelling="as-written",
               oot_cut=False),
    Convention("melamud", "Melamud et al.'s lexsub GAP, multiwords dropped (their usual "
               "setting)", frozenset(), items="every-line", multiwords="drop",
               repeated_answers="each", spelling="as-written", oot_cut=False),
    Convention("melamud-mw", "Melamud et al.'s lexsub GAP, multiwords kept", frozenset(),
               items="every-line", repeated_answers="each", spelling="as-written",
               oot_cut=False),
)}
DEFAULT_CONVENTION = "lexsub"


def get_convention(name: str) -> Convention:
    try:
        return CONVENTIONS[name]
    except KeyError:
        raise ValueError(f"unknown convention '{name}'; known conventions: "
                         f"{', '.join(CONVENTIONS)}") from None


def is_multiword(text: str) -> bool:
    """A substitute of several words: one holding a space or a hyphen."""
    return " " in text.strip() or "-" in text


@dataclass(slots=True)
class ConventionGap:
    """GAP under one convention: per item, and the mean over the items averaged."""

    convention: Convention
    keys: list[tuple[str, str]]
    numerators: np.ndarray
    denominators: np.ndarray
    scores: np.ndarray
    #: Why gold lines were not averaged, with how many.
    skipped: dict[str, int] = field(default_factory=dict)
    #: Items averaged that had no system line (their GAP is 0).
    without_answers: int = 0

    @property
    def value(self) -> float | None:
        return float(self.scores.mean()) if len(self.scores) else None


def _gold_entries(item: GoldItem, convention: Convention,
                  preparer: clean.GoldPreparer | None) -> tuple[dict[str, int], list[int], int]:
    """The credit table, the ideal weights (in gold-line order) and the responses counted for
    T, under the convention's spelling."""
    if preparer is None:
        table: dict[str, int] = {}
        for substitute, count in item.entries:
            table[substitute] = table.get(substitute, 0) + count
        return table, list(table.values()), sum(table.values())
    prepared = preparer.prepare(item)
    if convention.spelling == "clean":
        table = dict(prepared.freq)
        return table, list(table.values()), prepared.human_total
    # The official spelling's table also holds derived spellings: its distinct substitutes
    # are gold_weights, in line order.
    return dict(prepared.freq), list(prepared.gold_weights), prepared.human_total


def convention_gap(system: Sequence[SystemAnswer] | Sequence[WeightedAnswer],
                   gold: Sequence[GoldItem], convention: Convention, *, kind: str = "weighted",
                   candidates: dict[str, list[str]] | None = None) -> ConventionGap:
    """GAP of every gold item the convention averages. ``candidates`` (lexelt -> candidate
    list): the candidate-ranking setting, where only answers among the item's candidates are
    ranked, in the system's order."""
    kept = convention.kept_defects
    preparer = None if convention.spelling == "as-written" else clean.GoldPreparer(kept)
    if convention.spelling == "as-written":
        def spell(answer: str) -> str:
            return answer.strip()
    else:
        spell = clean.answer_speller(kept)
    lines: dict[object, SystemAnswer | WeightedAnswer] = {}
    for line in system:
        lines.setdefault(clean.item_key(line.lexelt, line.id, kept), line)
    cut = OOT_LIMIT if (kind == "oot" and convention.oot_cut) else None
    skipped: dict[str, int] = {}
    seen: set[object] = set()
    keys: list[tuple[str, str]] = []
    flat: list[float] = []
    lengths: list[int] = []
    ideal_flat: list[float] = []
    ideal_lengths: list[int] = []
    without_answers = 0
    for item in gold:
        key = clean.item_key(item.lexelt, item.id, kept)
        if key in seen:
            skipped["gold lines repeating an earlier item"] = skipped.get(
                "gold lines repeating an earlier item", 0) + 1
            continue
        seen.add(key)
        table, ideal, responses = _gold_entries(item, convention, preparer)
        if convention.multiwords == "drop":
            table = {sub: count for sub, count in table.items() if not is_multiword(sub)}
            ideal = list(table.values())
        if convention.items == "t" and responses < 2:
            skipped["gold items with fewer than 2 responses (not in T)"] = skipped.get(
                "gold items with fewer than 2 responses (not in T)", 0) + 1
            continue
        if not ideal:
            skipped["gold lines with no substitute left"] = skipped.get(
                "gold lines with no substitute left", 0) + 1
            continue
        line = lines.get(key)
        answers = [spell(answer) for answer in (line.answers if line else [])]
        answers = [answer for answer in answers if answer]
        if convention.multiwords == "drop":
            answers = [answer for answer in answers if not is_multiword(answer)]
        if candidates is not None:
            allowed = {spell(candidate) for candidate in candidates.get(item.lexelt, [])}
            answers = [answer for answer in answers if answer in allowed]
        if convention.repeated_answers == "once":
            answers = measures.distinct(answers)
        if cut is not None:
            answers = answers[:cut]
        without_answers += line is None
        weights = measures.answer_weights(table, answers)
        flat.extend(weights)
        lengths.append(len(weights))
        ordered = (sorted(ideal, reverse=True) if convention.ideal_order == "by-count"
                   else ideal)
        ideal_flat.extend(ordered)
        ideal_lengths.append(len(ordered))
        keys.append((item.lexelt, item.id))
    numerators, denominators = measures.gap_parts_scores(
        Ragged.from_flat(flat, lengths), Ragged.from_flat(ideal_flat, ideal_lengths))
    return ConventionGap(convention, keys, numerators, denominators,
                         measures.gap_from_parts(numerators, denominators), skipped,
                         without_answers)


def lexelt_candidates(gold: Sequence[GoldItem]) -> dict[str, list[str]]:
    """Each lexelt's candidate set as the candidate-ranking papers build it: every substitute
    the gold gives any of its instances, in order of first appearance."""
    candidates: dict[str, dict[str, None]] = {}
    for item in gold:
        bucket = candidates.setdefault(item.lexelt, {})
        for substitute, _ in item.entries:
            bucket.setdefault(substitute, None)
    return {lexelt: list(bucket) for lexelt, bucket in candidates.items()}


def read_candidates(path: str) -> dict[str, list[str]]:
    """A candidates file: one line per lexelt, ``lexelt::cand1::cand2...`` (the layout of the
    candidate files distributed with the LS07 data) or ``lexelt<TAB>cand<TAB>...``."""
    from lexsub_studio.core.io.formats.textfile import read_text_file, split_lines
    from lexsub_studio.core.model.diagnostics import InputError

    display, text = read_text_file(path)
    candidates: dict[str, list[str]] = {}
    for line in split_lines(text):
        if line.is_blank:
            continue
        parts = line.text.split("::") if "::" in line.text else line.text.split("\t")
        cells = [part.strip() for part in parts]
        if len(cells) < 2 or not cells[0]:
            raise InputError.at(display, "bad-candidates",
                                "a candidates line is 'lexelt::candidate::candidate...' or "
                                "tab-separated", line.number, 1)
        candidates.setdefault(cells[0], []).extend(cell for cell in cells[1:] if cell)
    return candidates
