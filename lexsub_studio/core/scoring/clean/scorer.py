"""Clean scoring's data preparation: the gold of each item, and the system answers matched to it.

Input comes from the clean readers (GoldItem, SystemAnswer, WeightedAnswer). Everything left out
is tallied with the reason, so the report can say what was ignored and why. Each defect switch of
fixes.py that concerns reading or matching is applied here; the measures themselves are in
measures.py and are applied per item by items.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from lexsub_studio.core.model import rules
from lexsub_studio.core.model.data import GoldItem, SystemAnswer, WeightedAnswer, parse_lexelt
from lexsub_studio.core.model.rules import NOT_SUBSTITUTES
from lexsub_studio.core.scoring.clean import spelling

Key = tuple[str, str] | str


@dataclass(slots=True)
class PreparedGold:
    """One gold item ready for scoring: its credit table, H, maxfreq and mode."""

    lexelt: str
    id: str
    pos: str
    line: int | None
    #: Answer spelling -> count; under the kept ``spelling`` defect also the derived spellings.
    freq: dict[str, int]
    #: The counts of the distinct substitutes (GAP's ideal ranking, R@k's denominator).
    gold_weights: tuple[int, ...]
    human_total: int
    max_freq: int
    mode: str | None
    #: Flag entries removed (``pn``, ``nil`` in any case; under the kept ``pn-entries`` defect,
    #: every entry containing "pn").
    removed: tuple[str, ...] = ()
    #: Entries the clean spelling rule leaves empty (``-``, ``--``, ``'``), removed too.
    emptied: tuple[str, ...] = ()
    #: The counts of the removed and emptied entries, summed: with them the item may have been
    #: in T.
    dropped_count: int = 0

    @property
    def in_t(self) -> bool:
        """T: enough responses that are real substitutes."""
        return rules.in_t(self.human_total)


@dataclass(slots=True)
class MatchedAnswer:
    """The system line scored for one gold item (answers already spelled for comparison)."""

    line: int | None
    answers: list[str]
    lexelt: str
    reused_from_line: int | None = None
    own_answers: bool = True


@dataclass(frozen=True, slots=True)
class LexeltMismatch:
    """A system line whose lexelt is not its gold item's: ``wild.n 160`` for ``wild.a.n 160``.

    Real outputs write the lemma with other PoS letters (the tagged PoS dropped, or another
    one); the id is unique in a task, so such a line is matched to the gold item with that id
    when the lemma agrees (``matched``), unless strict lexelt matching drops it.
    """

    line: int | None
    system_lexelt: str
    id: str
    gold_lexelt: str
    matched: bool

    def describe(self) -> str:
        outcome = "matched to" if self.matched else "dropped, not matched to"
        return (f"line {self.line}: '{self.system_lexelt} {self.id}' {outcome} gold item "
                f"'{self.gold_lexelt} {self.id}'")


def same_lemma_other_pos(system_lexelt: str, gold_lexelt: str) -> bool:
    """Whether ``system_lexelt`` names the gold lexelt's lemma with other PoS letters (``wild.n``
    or ``wild.r`` for ``wild.a.n``); a line naming another lemma is for another item."""
    written = parse_lexelt(system_lexelt)
    gold = parse_lexelt(gold_lexelt)
    return (written.pos is not None and system_lexelt != gold_lexelt
            and written.lemma.lower() == gold.lemma.lower())


@dataclass(slots=True)
class Tally:
    """What was left out of scoring, by reason, so nothing is dropped silently."""

    counts: Counter[str] = field(default_factory=Counter)

    def add(self, reason: str, count: int = 1) -> None:
        if count:
            self.counts[reason] += count

    def lines(self) -> list[str]:
        return [f"{count} {reason}" for reason, count in self.counts.items()]


#: The noun each tally reason starts with, plural and singular ("1 gold item ...").
_REASON_NOUNS = {"gold items": "gold item", "gold lines": "gold line",
                 "gold entries": "gold entry", "system lines": "system line"}


def readable_tally_line(line: str) -> str:
    """A ``Tally.lines`` entry in good English: a count of 1 takes the singular noun
    (``1 gold item with fewer than 2 responses (not in T)``). ``ScoreReport.ignored`` keeps the
    tally's own wording, which scripts may match."""
    count, _, reason = line.partition(" ")
    if count != "1":
        return line
    for plural, singular in _REASON_NOUNS.items():
        if reason.startswith(plural + " "):
            return f"1 {singular}{reason[len(plural):]}"
    return line


def item_key(lexelt: str, instance_id: str, kept: frozenset[str]) -> Key:
    return instance_id if "lexelt-key" in kept else (lexelt, instance_id)


def pos_of(lexelt: str) -> str:
    return parse_lexelt(lexelt).pos or "unknown"


def gold_mode(entries: Sequence[tuple[str, int]], kept: frozenset[str]) -> str | None:
    """The item's mode: the shared rule, or the official one under the kept ``unique-mode``
    defect."""
    return rules.official_mode(entries) if "unique-mode" in kept else rules.mode_of(entries)


class _Spellings(dict[str, str]):
    """Spellings computed on first look-up; a look-up of a known answer is a plain dict one."""

    def __init__(self, rule: Callable[[str], str]) -> None:
        super().__init__()
        self.rule = rule

    def __missing__(self, answer: str) -> str:
        form = self[answer] = self.rule(answer)
        return form


def answer_speller(kept: frozenset[str]) -> Callable[[str], str]:
    """The spelling rule for system answers, remembering each answer it has seen (systems
    repeat the same few thousand words, so this saves most of the work)."""
    rule = spelling.official_answer_form if "spelling" in kept else spelling.clean_form
    return _Spellings(rule).__getitem__


class GoldPreparer:
    """Prepares gold items under one set of kept defects, remembering spellings and PoS (gold
    files repeat the same substitutes and lexelts many times)."""

    def __init__(self, kept: frozenset[str]) -> None:
        self.kept = kept
        self._forms: dict[str, str] = {}
        #: Substitute -> its clean form, ``FLAG`` for a flag entry, "" for an emptied one: one
        #: look-up per entry decides its fate.
        self._fates: dict[str, str | None] = {}
        self._pos: dict[str, str] = {}

    def _form(self, substitute: str) -> str:
        form = self._forms.get(substitute)
        if form is None:
            form = self._forms[substitute] = spelling.clean_form(substitute)
        return form

    def _pos_of(self, lexelt: str) -> str:
        pos = self._pos.get(lexelt)
        if pos is None:
            pos = self._pos[lexelt] = pos_of(lexelt)
        return pos

    def _fate(self, substitute: str) -> str | None:
        form = self._form(substitute)
        fate = self._fates[substitute] = None if form.lower() in NOT_SUBSTITUTES else form
        return fate

    def prepare(self, item: GoldItem) -> PreparedGold:
        """Remove flag entries, apply the spelling rule, merge, and find H, maxfreq, the mode."""
        kept = self.kept
        if "spelling" in kept or "pn-entries" in kept:
            return self._prepare_with_defects(item)
        removed: list[str] = []
        counts: dict[str, int] = {}
        emptied: list[str] = []
        dropped_count = 0
        fates = self._fates
        for substitute, count in item.entries:
            form = fates[substitute] if substitute in fates else self._fate(substitute)
            if form:
                counts[form] = counts.get(form, 0) + count
            elif form is None:
                removed.append(substitute)
                dropped_count += count
            else:
                emptied.append(substitute)
                dropped_count += count
        ordered = list(counts.items())
        mode = gold_mode(ordered, kept)
        values = tuple(counts.values())
        return PreparedGold(
            lexelt=item.lexelt, id=item.id, pos=self._pos_of(item.lexelt), line=item.line,
            freq=counts, gold_weights=values, human_total=sum(values),
            max_freq=max(values, default=0), mode=mode, removed=tuple(removed),
            emptied=tuple(emptied), dropped_count=dropped_count,
        )

    def _prepare_with_defects(self, item: GoldItem) -> PreparedGold:
        kept = self.kept

        def is_flag(substitute: str) -> bool:
            if "pn-entries" in kept:
                return "pn" in substitute
            return self._form(substitute).lower() in NOT_SUBSTITUTES

        removed = tuple(sub for sub, _ in item.entries if is_flag(sub))
        entries = [(sub, count) for sub, count in item.entries if not is_flag(sub)]
        dropped_count = sum(count for sub, count in item.entries if is_flag(sub))
        emptied: list[str] = []
        if "spelling" in kept:
            ordered = [(spelling.official_gold_form(sub), count) for sub, count in entries]
            distinct_counts = dict(ordered)  # a repeated spelling keeps its last count
            freq = spelling.official_credit_keys(ordered)
        else:
            distinct_counts = {}
            for sub, count in entries:
                form = self._form(sub)
                if form:
                    distinct_counts[form] = distinct_counts.get(form, 0) + count
                else:
                    emptied.append(sub)
                    dropped_count += count
            freq = distinct_counts
            ordered = list(distinct_counts.items())
        mode = gold_mode(ordered, kept)
        values = tuple(distinct_counts.values())
        return PreparedGold(
            lexelt=item.lexelt, id=item.id, pos=self._pos_of(item.lexelt), line=item.line,
            freq=freq, gold_weights=values, human_total=sum(values),
            max_freq=max(values, default=0), mode=mode, removed=removed,
            emptied=tuple(emptied), dropped_count=dropped_count,
        )


#: Tally reasons of the gold rules that remove entries (docs/metrics.md, "pn and nil entries" and
#: "Spelling").
FLAGS_REMOVED = "gold entries 'pn' or 'nil' (in any case) removed: flags, not substitutes"
PN_CONTAINING_REMOVED = ("gold entries containing 'pn' removed (the pn-entries defect is kept)")
EMPTIED_REMOVED = ("gold entries removed because the spelling rule leaves nothing of them "
                   "(such as '-', '--' or an apostrophe)")
LEFT_T = ("gold items out of T only because of the removed entries (with them they have 2 or "
          "more responses)")


def prepare_gold(items: Sequence[GoldItem], kept: frozenset[str],
                 tally: Tally) -> list[PreparedGold]:
    """The gold items in T, in file order, one per key (the first line of a repeated item).

    Every entry the rules remove is counted in ``tally`` by rule, and so are the items that
    leave T because of them."""
    prepared: list[PreparedGold] = []
    preparer = GoldPreparer(kept)
    seen: set[Key] = set()
    removed = emptied = left_t = 0
    for item in items:
        key = item_key(item.lexelt, item.id, kept)
        if key in seen:
            tally.add("gold lines repeating an earlier item (the first line is used)")
            continue
        seen.add(key)
        gold = preparer.prepare(item)
        removed += len(gold.removed)
        emptied += len(gold.emptied)
        if gold.in_t:
            prepared.append(gold)
        else:
            tally.add("gold items with fewer than 2 responses (not in T)")
            if rules.in_t(gold.human_total + gold.dropped_count):
                left_t += 1
    tally.add(PN_CONTAINING_REMOVED if "pn-entries" in kept else FLAGS_REMOVED, removed)
    tally.add(EMPTIED_REMOVED, emptied)
    tally.add(LEFT_T, left_t)
    return prepared


#: Tally reasons of lines whose lexelt differs from their gold item's (see LexeltMismatch).
STRICT_LEXELT_DROPPED = ("system lines whose lexelt names their gold item's lemma with other PoS "
                         "letters (dropped: strict lexelt matching)")
UNKNOWN_ITEM = "system lines for items not in T or not in the gold"


def match_answers(gold: Sequence[PreparedGold],
                  lines: Sequence[SystemAnswer] | Sequence[WeightedAnswer],
                  kept: frozenset[str], tally: Tally, *, strict_lexelt: bool = False,
                  mismatches: list[LexeltMismatch] | None = None,
                  ) -> list[MatchedAnswer | None]:
    """For each gold item, the first system line with its key (None when there is none).

    A line whose lexelt names the gold item's lemma with other PoS letters (``wild.n 160`` for
    ``wild.a.n 160``) is matched to the item with its id, as the official scorer matches it,
    unless ``strict_lexelt`` drops it; either way it is added to ``mismatches``.
    Answers are spelled for comparison and emptied answers dropped; with the ``distinct-answers``
    fix repeats are removed. The ``no-reuse`` defect, when kept, gives a line without answers the
    answers of the most recent earlier scored line that had some.
    """
    wanted = {item_key(item.lexelt, item.id, kept): index for index, item in enumerate(gold)}
    by_id: dict[str, list[int]] | None = None
    spell = answer_speller(kept)
    keep_repeats = "distinct-answers" in kept
    by_id_alone = "lexelt-key" in kept
    matched: list[MatchedAnswer | None] = [None] * len(gold)
    last_with_answers: MatchedAnswer | None = None
    for line in lines:
        index = wanted.get(line.id if by_id_alone else (line.lexelt, line.id))
        if index is None:
            if by_id is None:  # built on the first miss: most files never need it
                by_id = {}
                for position, item in enumerate(gold):
                    by_id.setdefault(item.id, []).append(position)
            index = _same_lemma_item(gold, by_id.get(line.id, ()), line.lexelt)
            if index is None:
                tally.add(UNKNOWN_ITEM)
                continue
            if strict_lexelt:
                tally.add(STRICT_LEXELT_DROPPED)
                if mismatches is not None:
                    mismatches.append(LexeltMismatch(line.line, line.lexelt, line.id,
                                                     gold[index].lexelt, False))
                continue
        if matched[index] is not None:
            tally.add("system lines repeating an item (the first line is used)")
            continue
        if mismatches is not None and line.lexelt != gold[index].lexelt:
            mismatches.append(LexeltMismatch(line.line, line.lexelt, line.id,
                                             gold[index].lexelt, True))
        # filter and dict.fromkeys run in C: the per-answer work of a 100k file stays out of
        # the interpreter loop.
        spelled = filter(None, map(spell, line.answers))
        answers = list(spelled) if keep_repeats else list(dict.fromkeys(spelled))
        entry = MatchedAnswer(line.line, answers, line.lexelt)
        if answers:
            last_with_answers = entry
        elif "no-reuse" in kept and last_with_answers is not None:
            entry.answers = list(last_with_answers.answers)
            entry.reused_from_line = last_with_answers.line
            entry.own_answers = False
        else:
            entry.own_answers = False
        matched[index] = entry
    return matched


def _same_lemma_item(gold: Sequence[PreparedGold], candidates: Sequence[int],
                     system_lexelt: str) -> int | None:
    """The one gold item among ``candidates`` (items with the line's id) whose lemma the line's
    lexelt names with other PoS letters; None when there is none, or more than one."""
    found = [index for index in candidates
             if same_lemma_other_pos(system_lexelt, gold[index].lexelt)]
    return found[0] if len(found) == 1 else None
