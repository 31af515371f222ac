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
- ``gold_reading``: ``project`` (the project's gold reader: entries trimmed, a repeated
  substitute's counts added) or the script's own reading of the gold text (``melamud``,
  ``lexsubgen``: core/scoring/conventions/gold.py).

``lemmatise`` (any profile; none of the scripts does it, so it is off by default): each answer
is replaced by its lemma under the item's PoS before it is matched (core/model/lemmas.
answer_lemma); answers that only become equal by lemmatising count once, at the first place.

The ``semeval2007`` profile of earlier versions is withdrawn (``WITHDRAWN``): the official
program's figures come from ``lexsub score`` without report options, byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lexsub_studio.core.model import rules
from lexsub_studio.core.model.data import GoldItem, SystemAnswer, WeightedAnswer, parse_lexelt
from lexsub_studio.core.model.lemmas import answer_lemma
from lexsub_studio.core.model.rules import OOT_LIMIT
from lexsub_studio.core.scoring import measures
from lexsub_studio.core.scoring.clean import scorer as clean
from lexsub_studio.core.scoring.conventions.candidates import (
    lexelt_candidates,
    pool_key,
    pooled_candidates,
)
from lexsub_studio.core.scoring.conventions.gold import (
    ScriptGold,
    gold_text_of,
    read_script_gold,
)
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
    gold_reading: str = "project"


CONVENTIONS: dict[str, Convention] = {convention.name: convention for convention in (
    Convention("lexsub", "this project's definitions (the default)", frozenset()),
    Convention("lexsubgen", "LexSubGen's evaluation (Arefyev et al. 2020)", frozenset(),
               items="every-line", ideal_order="gold-line", spelling="as-written",
               oot_cut=False, gold_reading="lexsubgen"),
    Convention("melamud", "Melamud et al.'s lexsub GAP, multiwords dropped (their usual "
               "setting)", frozenset(), items="every-line", multiwords="drop",
               repeated_answers="each", spelling="as-written", oot_cut=False,
               gold_reading="melamud"),
    Convention("melamud-mw", "Melamud et al.'s lexsub GAP, multiwords kept", frozenset(),
               items="every-line", repeated_answers="each", spelling="as-written",
               oot_cut=False, gold_reading="melamud"),
)}
#: Profiles no longer offered, with what replaces them.
WITHDRAWN: dict[str, str] = {
    "semeval2007": (
        "the convention 'semeval2007' is withdrawn: it gave the clean measures with every "
        "defect kept, which differ from the official program's figures on some files (lines "
        "of more than 10 oot answers, blank answers). The official program's figures are "
        "what 'lexsub score SYSTEM GOLD [-t best|oot|mw]' prints without report options, "
        "byte for byte (final release; '--scorer trial' for the trial release); "
        "'--explain' sets them beside the clean ones"),
}
DEFAULT_CONVENTION = "lexsub"


def get_convention(name: str) -> Convention:
    if name in WITHDRAWN:
        raise ValueError(WITHDRAWN[name])
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
    #: How the gold was read, when it is not as the profile's script reads it.
    note: str | None = None
    #: With ``lemmatise``: answers lemmatising changed (``changed``) and answers dropped because
    #: an earlier, other form of the line has the same lemma (``merged``); None without.
    lemmatised: dict[str, int] | None = None

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
                   candidates: dict[str, list[str]] | None = None,
                   gold_text: str | None = None, lemmatise: bool = False) -> ConventionGap:
    """GAP of every gold item the convention averages. ``candidates`` (pool key, as
    candidates.pool_key makes it -> candidate list): the candidate-ranking setting, where only
    answers among the item's candidates are ranked, in the system's order. ``gold_text``: the
    gold file's text, which a profile reading the gold as its script does needs (without it,
    the entries of ``gold`` are written back and read, repeats merged and entries trimmed).
    ``lemmatise``: each answer is matched as its lemma under the item's PoS (the gold side is
    read as the profile reads it: a SemEval-style gold already holds lemmas)."""
    if convention.gold_reading != "project":
        script = read_script_gold(gold_text if gold_text is not None else gold_text_of(gold),
                                  convention.gold_reading,
                                  drop_multiwords=convention.multiwords == "drop")
        return _script_gap(system, script, convention, kind, candidates,
                           gold_text is not None, lemmatise)
    kept = convention.kept_defects
    preparer = None if convention.spelling == "as-written" else clean.GoldPreparer(kept)
    spell = _speller(convention)
    lines = _system_lines(system, kept)
    ranking = _Rankings(convention, kind, candidates, spell, lemmatise)
    seen: set[object] = set()
    for item in gold:
        key = clean.item_key(item.lexelt, item.id, kept)
        if key in seen:
            ranking.skip("gold lines repeating an earlier item")
            continue
        seen.add(key)
        table, ideal, responses = _gold_entries(item, convention, preparer)
        if convention.multiwords == "drop":
            table = {sub: count for sub, count in table.items() if not is_multiword(sub)}
            ideal = list(table.values())
        if convention.items == "t" and not rules.in_t(responses):
            ranking.skip(f"gold items with fewer than {rules.MIN_RESPONSES_IN_T} responses "
                         "(not in T)")
            continue
        ranking.add(item.lexelt, item.id, table, ideal, lines.get(key))
    return ranking.result()


def _speller(convention: Convention) -> Callable[[str], str]:
    if convention.spelling == "as-written":
        return str.strip
    speller: Callable[[str], str] = clean.answer_speller(convention.kept_defects)
    return speller


def _system_lines(system: Sequence[SystemAnswer] | Sequence[WeightedAnswer],
                  kept: frozenset[str]) -> dict[object, SystemAnswer | WeightedAnswer]:
    lines: dict[object, SystemAnswer | WeightedAnswer] = {}
    for line in system:
        lines.setdefault(clean.item_key(line.lexelt, line.id, kept), line)
    return lines


def _script_gap(system: Sequence[SystemAnswer] | Sequence[WeightedAnswer], script: ScriptGold,
                convention: Convention, kind: str, candidates: dict[str, list[str]] | None,
                from_text: bool, lemmatise: bool = False) -> ConventionGap:
    """GAP over a gold read as the profile's script reads it: an answer is credited with the
    count of the substitute's last entry; the ideal ranking holds every entry the script holds
    (melamud: a repeated substitute twice, each with its own count; lexsubgen: once, at its
    first place, with its last count)."""
    lines = _system_lines(system, convention.kept_defects)
    ranking = _Rankings(convention, kind, candidates, _speller(convention), lemmatise)
    for reason, count in script.skipped.items():
        ranking.skip(reason, count)
    for gold_line in script.lines:
        table = dict(gold_line.entries)
        # Melamud's denominator gives a rank only to substitutes whose (last) count is
        # above 0.
        ideal = [count for substitute, count in gold_line.entries if table[substitute] > 0]
        key = clean.item_key(gold_line.lexelt, gold_line.id, convention.kept_defects)
        ranking.add(gold_line.lexelt, gold_line.id, table, ideal, lines.get(key))
    gap = ranking.result()
    if not from_text:
        gap.note = ("the gold's text was not at hand: its entries as the project's reader "
                    "read them (trimmed, repeats merged) were used")
    return gap


class _Rankings:
    """Each averaged item's ranked answer weights and ideal weights, gathered for one call of
    the GAP of measures.py."""

    def __init__(self, convention: Convention, kind: str,
                 candidates: dict[str, list[str]] | None,
                 spell: Callable[[str], str], lemmatise: bool = False) -> None:
        self.convention = convention
        self.lemmatised: dict[str, int] | None = (
            {"changed": 0, "merged": 0} if lemmatise else None)
        self.cut = OOT_LIMIT if (kind == "oot" and convention.oot_cut) else None
        self.candidates = candidates
        self.spell = spell
        self.skipped: dict[str, int] = {}
        self.keys: list[tuple[str, str]] = []
        self.flat: list[float] = []
        self.lengths: list[int] = []
        self.ideal_flat: list[float] = []
        self.ideal_lengths: list[int] = []
        self.without_answers = 0
        self._allowed: dict[str, set[str]] = {}

    def skip(self, reason: str, count: int = 1) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + count

    def _allowed_for(self, lexelt: str) -> set[str]:
        key = pool_key(lexelt)
        allowed = self._allowed.get(key)
        if allowed is None:
            assert self.candidates is not None
            allowed = {self.spell(candidate) for candidate in self.candidates.get(key, [])}
            self._allowed[key] = allowed
        return allowed

    def add(self, lexelt: str, instance_id: str, table: dict[str, Any], ideal: list[Any],
            line: SystemAnswer | WeightedAnswer | None) -> None:
        convention = self.convention
        if not ideal:
            self.skip("gold lines with no substitute left")
            return
        answers = [self.spell(answer) for answer in (line.answers if line else [])]
        answers = [answer for answer in answers if answer]
        if self.lemmatised is not None:
            answers = self._lemmas(answers, parse_lexelt(lexelt).pos)
        if convention.multiwords == "drop":
            answers = [answer for answer in answers if not is_multiword(answer)]
        if self.candidates is not None:
            allowed = self._allowed_for(lexelt)
            answers = [answer for answer in answers if answer in allowed]
        if convention.repeated_answers == "once":
            answers = measures.distinct(answers)
        if self.cut is not None:
            answers = answers[:self.cut]
        self.without_answers += line is None
        weights = measures.answer_weights(table, answers)
        self.flat.extend(weights)
        self.lengths.append(len(weights))
        ordered = (sorted(ideal, reverse=True) if convention.ideal_order == "by-count"
                   else ideal)
        self.ideal_flat.extend(ordered)
        self.ideal_lengths.append(len(ordered))
        self.keys.append((lexelt, instance_id))

    def _lemmas(self, answers: list[str], pos: str | None) -> list[str]:
        """The answers as lemmas. Two different forms of one lemma count once, at the first
        one's place, as SWORDS' evaluation and LexSubGen's lemmatising step merge them (the
        first is the better ranked); an answer written twice is left to the profile's rule
        for repeats."""
        assert self.lemmatised is not None
        first_form: dict[str, str] = {}
        lemmas: list[str] = []
        for answer in answers:
            lemma = answer_lemma(answer, pos)
            self.lemmatised["changed"] += lemma != answer
            if first_form.setdefault(lemma, answer) != answer:
                self.lemmatised["merged"] += 1
                continue
            lemmas.append(lemma)
        return lemmas

    def result(self) -> ConventionGap:
        numerators, denominators = measures.gap_parts_scores(
            Ragged.from_flat(self.flat, self.lengths),
            Ragged.from_flat(self.ideal_flat, self.ideal_lengths))
        return ConventionGap(self.convention, self.keys, numerators, denominators,
                             measures.gap_from_parts(numerators, denominators), self.skipped,
                             self.without_answers, lemmatised=self.lemmatised)


def gold_candidates(gold: Sequence[GoldItem], convention: Convention,
                    gold_text: str | None = None) -> dict[str, list[str]]:
    """Each target's candidates built from the gold as the candidate-ranking papers build
    them: every substitute the gold gives any instance of the same lemma and first PoS
    (``bar.n`` with ``bar.n.v``), as the profile reads the gold. Keyed by pool key."""
    if convention.gold_reading == "project":
        return lexelt_candidates(gold)
    script = read_script_gold(gold_text if gold_text is not None else gold_text_of(gold),
                              convention.gold_reading,
                              drop_multiwords=convention.multiwords == "drop")
    return pooled_candidates((line.lexelt, (substitute for substitute, _ in line.entries))
                             for line in script.lines)
