"""What is odd about a system file, and what it does to the score.

``system_warnings`` looks for the problems that change a system's figures without anyone
noticing: lines the official scorer rejects, items answered twice, answers repeated on a line,
oot lines with more than ten answers, lines whose lexelt is not their gold item's (``wild.n 160``
for ``wild.a.n 160``), answers that differ from a gold substitute only by a hyphen or space,
only by case, or by inflection. Each warning says how many lines or answers it
concerns, a few examples with their line numbers, and its *effect*: how much the system's main
figure (``PRIMARY_MEASURE``) would change, clean scoring against the alternative:

- rejected lines: minus the clean recall of the items the official scorer leaves unscored;
- duplicate ids: the later line scored instead of the first (the official scorer and the clean
  reader both score the first);
- duplicate answers, over ten oot answers, hyphen/space variants: the official behaviour (the
  ``distinct-answers``, ``oot-limit`` and ``spelling`` defects kept) minus clean scoring;
- lexelts that differ from the gold's: strict lexelt matching (the lines dropped) minus clean
  scoring (the lines matched by id), or the reverse when the report is strict;
- case variants and inflected answers: the answer replaced by the gold spelling it matches,
  minus clean scoring, i.e. what a system would gain by writing the gold's form.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import count as counting
from itertools import repeat
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from lexsub_studio.core.model.data import GoldItem, SystemAnswer, WeightedAnswer
from lexsub_studio.core.model.diagnostics import Diagnostic
from lexsub_studio.core.model.item_tables import AnswerTable, GoldTable, offsets_of
from lexsub_studio.core.model.lemmas import dictionary_lemmas
from lexsub_studio.core.model.rules import OOT_LIMIT
from lexsub_studio.core.scoring.clean.spelling import clean_form

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.official.scorer import OfficialRun
    from lexsub_studio.core.scoring.report import ScoreReport

#: The figure whose change each warning reports, per system kind.
PRIMARY_MEASURE = {"best": "best.recall", "oot": "oot.recall", "weighted": "oot.recall",
                   "mw": "mw.identification_recall"}
MAX_EXAMPLES = 5
#: Lines with another lexelt are all listed (real files have a dozen), up to this many.
MAX_LEXELT_LINES = 200

Answer = SystemAnswer | WeightedAnswer
#: Kept defects under which the repeated answers' effect is found by rescoring the items.
_REPEATS_RESCORED = frozenset({"spelling", "no-reuse", "lexelt-key", "distinct-answers"})
_SINGULAR = {"answers": "answer", "lines": "line", "lines or items": "line or item"}


@dataclass(frozen=True, slots=True)
class SystemWarning:
    code: str
    title: str
    count: int
    unit: str
    explanation: str
    #: The figure the effect is measured on, and the change (None when not measured).
    measure: str | None = None
    effect: float | None = None
    examples: tuple[str, ...] = ()

    def describe(self) -> str:
        unit = self.unit if self.count != 1 else _SINGULAR.get(self.unit, self.unit)
        text = f"{self.title}: {self.count} {unit}. {self.explanation}"
        if self.measure is not None and self.effect is not None:
            text += f" Effect on {self.measure}: {self.effect:+.4f}."
        return text


def system_warnings(answers: Sequence[Answer], gold: Sequence[GoldItem], kind: str,
                    report: ScoreReport, *, diagnostics: Sequence[Diagnostic] = (),
                    text: str | None = None, official: OfficialRun | None = None,
                    ) -> list[SystemWarning]:
    """Every warning that applies, in a fixed order; ``report`` is the clean report of these
    answers (kind ``kind``), ``text`` the file's text (for answers of duplicate lines),
    ``official`` the official run (for the lines it rejects). ``answers`` may be the reader's
    AnswerTable: its columns are read as they are, no line made into an object."""
    checker = _Checker(answers, gold, kind, report)
    found = [
        checker.rejected(diagnostics, official),
        checker.duplicate_ids(diagnostics, text),
        checker.duplicate_answers(),
        checker.over_limit(),
        checker.lexelt_mismatches(),
    ]
    found += [checker.variant_warning(code, variants)
              for code, variants in checker.classify().items()]
    return [warning for warning in found if warning is not None and warning.count]


class _Spellings(dict[str, str]):
    """clean_form of each text, computed on its first look-up (a plain dict one after)."""

    def __missing__(self, text: str) -> str:
        form = self[text] = clean_form(text)
        return form


class _ItemForms(NamedTuple):
    """A gold item's substitutes by clean spelling, as written, and by lower-cased spelling."""

    by_form: dict[str, str]
    written: frozenset[str]
    lowered: dict[str, str]


class _Variants:
    """Answers of one kind of variant: how many, a few examples, and per item the gold
    spelling each should have been."""

    def __init__(self) -> None:
        self.count = 0
        self.examples: list[str] = []
        self.replacements: dict[tuple[str, str], dict[str, str]] = {}
        #: The gold items concerned (a line with another lexelt names its item differently).
        self.gold_keys: set[tuple[str, str]] = set()

    def add(self, number: int | None, key: tuple[str, str], answer: str, gold: str,
            gold_key: tuple[str, str]) -> None:
        self.count += 1
        if len(self.examples) < MAX_EXAMPLES:
            self.examples.append(f"line {number}: '{answer}' for gold '{gold}'")
        self.replacements.setdefault(key, {})[answer] = gold
        self.gold_keys.add(gold_key)

    def replaced_lines(self, lines: _Lines) -> list[Answer]:
        """The lines concerned, each answer replaced by its gold spelling."""
        changed: list[Answer] = []
        replacements = self.replacements
        for line in lines.objects([row for row, key in enumerate(lines.keys)
                                   if key in replacements]):
            table = replacements[line.key]
            if isinstance(line, WeightedAnswer):
                changed.append(replace(line, ranked=[(table.get(sub, sub), weight)
                                                     for sub, weight in line.ranked]))
            else:
                changed.append(replace(line, answers=[table.get(a, a) for a in line.answers]))
        return changed


class _Checker:
    def __init__(self, answers: Sequence[Answer], gold: Sequence[GoldItem], kind: str,
                 report: ScoreReport) -> None:
        self.lines = _Lines(answers)
        self.gold = gold
        self.kind = kind
        self.report = report
        self.measure = PRIMARY_MEASURE[kind]
        #: A line matched to a gold item with another lexelt (``wild.n 160`` for
        #: ``wild.a.n 160``) -> that item's key; other lines' keys are their items'.
        self.matched_elsewhere: dict[tuple[str, str], tuple[str, str]] = {
            (m.system_lexelt, m.id): (m.gold_lexelt, m.id)
            for m in report.lexelt_mismatches if m.matched}
        #: Every line with another lexelt (matched or dropped) -> its gold item's key.
        self.every_mismatch: dict[tuple[str, str], tuple[str, str]] = {
            (m.system_lexelt, m.id): (m.gold_lexelt, m.id) for m in report.lexelt_mismatches}
        # What depends on the gold alone is kept with a prepared gold, so that the systems of a
        # league table derive it once between them.
        shared = getattr(gold, "memo", None)
        memo: dict[str, Any] = shared if shared is not None else {}
        self._memo = memo
        self._item_forms: dict[tuple[str, str], _ItemForms | None] = memo.setdefault(
            "warnings.item_forms", {})
        self._spellings: _Spellings = memo.setdefault("warnings.spellings", _Spellings())
        self._baseline: dict[str, dict[tuple[str, str], float]] = {}

    def gold_key(self, key: tuple[str, str]) -> tuple[str, str]:
        """The key of the gold item a line with key ``key`` is scored for."""
        return self.matched_elsewhere.get(key, key)

    def spell(self, text: str) -> str:
        """clean_form, remembered: systems and golds repeat the same few thousand words."""
        return self._spellings[text]

    def spell_all(self, texts: Sequence[str]) -> list[str]:
        """``spell`` of each text (looked up in C: one interpreted call per new text only)."""
        return list(map(self._spellings.__getitem__, texts))

    # -- scoring alternatives ----------------------------------------------------------------

    def _effect(self, keys: set[tuple[str, str]], answers: Sequence[Answer] | None = None,
                kept: frozenset[str] = frozenset(), strict_lexelt: bool | None = None,
                ) -> float | None:
        """The change of the main figure when the gold items ``keys`` are scored with
        ``answers`` (default: as they are) under the extra kept defects ``kept`` (and, when
        given, that lexelt strictness). Only those items are rescored: the figure is a sum over
        items, so the others contribute the same."""
        from lexsub_studio.core.scoring.report import (
            FIGURE_DEFS_BY_KEY,
            ScoreOptions,
            column_total,
        )

        figure = self.report.figures.get(self.measure)
        if figure is None or not figure.denominator or not keys:
            return None
        strict = self.report.options.strict_lexelt if strict_lexelt is None else strict_lexelt
        options = ScoreOptions(kind=self.kind, families=("official",),
                               kept_defects=self.report.options.kept_defects | kept,
                               penalty=self.report.options.penalty, strict_lexelt=strict)
        every_mismatch = self.every_mismatch
        subset: Sequence[Answer]
        if answers is None:
            subset = self.lines.rows(np.fromiter(
                map(keys.__contains__, self._line_gold_keys()), dtype=bool,
                count=len(self.lines)))
        else:
            subset = [line for line in answers if every_mismatch.get(line.key, line.key) in keys]
        restricted = getattr(self.gold, "restricted", None)
        gold = (restricted(keys) if restricted is not None
                else [item for item in self.gold if item.key in keys])
        column = FIGURE_DEFS_BY_KEY[self.measure].numerator
        new = column_total(subset, gold, options, column)  # type: ignore[arg-type]  # one kind
        return (new - self._baseline_total(column, keys)) / figure.denominator

    def _line_gold_keys(self) -> list[tuple[str, str]]:
        """Per line, the key of the gold item it concerns (its own, or that of the item with
        another lexelt it names)."""
        every_mismatch = self.every_mismatch
        if not every_mismatch:
            return self.lines.keys
        return [every_mismatch.get(key, key) for key in self.lines.keys]

    def _baseline_total(self, column: str, keys: set[tuple[str, str]]) -> float:
        """The column's sum over the items ``keys`` as scored: exactly rounded, so that it does
        not depend on the order of the set (which follows the interpreter's hash seed)."""
        old = self._baseline_values(column)
        return math.fsum(old.get(key, 0.0) for key in keys)

    def _baseline_values(self, column: str) -> dict[tuple[str, str], float]:
        if column not in self._baseline:
            frame = self.report.items
            self._baseline[column] = dict(zip(
                zip(frame["lexelt"].tolist(), frame["id"].tolist(), strict=True),
                frame[column].to_numpy(dtype=float).tolist(), strict=True))
        return self._baseline[column]

    def _forms_of(self, key: tuple[str, str]) -> _ItemForms | None:
        """The gold substitutes of the item ``key`` (None without any), computed once per
        item."""
        if key in self._item_forms:
            return self._item_forms[key]
        item = self._gold_item(key)
        if item is None or not item.entries:
            self._item_forms[key] = None
            return None
        substitutes = [substitute for substitute, _ in item.entries]
        by_form = dict(zip(map(self._spellings.__getitem__, substitutes), substitutes,
                           strict=True))
        # Most gold forms are lower case already: the same table serves (and is kept once).
        joined = "\n".join(by_form)
        lowered = by_form if joined.lower() == joined else {
            form.lower(): gold for form, gold in by_form.items()}
        forms = self._item_forms[key] = _ItemForms(by_form, frozenset(by_form.values()),
                                                   lowered)
        return forms

    def _gold_item(self, key: tuple[str, str]) -> GoldItem | None:
        """The gold item of key ``key`` (the first line of a repeated one); from a gold table,
        only the items asked for are made."""
        table = _gold_table(self.gold)
        if table is None:
            return self._gold_by_key().get(key)
        rows: dict[tuple[str, str], int] | None = self._memo.get("warnings.gold_rows")
        if rows is None:
            keys = list(zip(table.lexelts, table.ids, strict=True))
            # Reversed, so that the first row of a repeated key is the one kept.
            rows = self._memo["warnings.gold_rows"] = dict(zip(
                reversed(keys), range(len(keys) - 1, -1, -1), strict=True))
        row = rows.get(key)
        return None if row is None else table[row]

    def _gold_by_key(self) -> dict[tuple[str, str], GoldItem]:
        """Each gold item by key (the first line of a repeated one), made when first needed:
        most files need a few items' spellings, if any."""
        by_key: dict[tuple[str, str], GoldItem] | None = self._memo.get("warnings.gold_by_key")
        if by_key is None:
            by_key = self._memo["warnings.gold_by_key"] = {}
            for item in self.gold:
                by_key.setdefault(item.key, item)
        return by_key

    def _gold_spellings(self) -> _GoldSpellings:
        """Every gold substitute by clean spelling, and the spellings by lower case (once per
        gold)."""
        memo = self._memo
        spellings = memo.get("warnings.gold_spellings")
        if spellings is None:
            # Every line of the gold, a repeated item's later lines too: an answer is judged
            # against more spellings than its item can have, never fewer.
            table = _gold_table(self.gold)
            substitutes = (set(table.substitutes) if table is not None else
                           {substitute for item in self.gold for substitute, _ in item.entries})
            spellings = memo["warnings.gold_spellings"] = _GoldSpellings(substitutes,
                                                                         self._spellings)
        return spellings

    # -- the checks ----------------------------------------------------------------------------

    def rejected(self, diagnostics: Sequence[Diagnostic],
                 official: OfficialRun | None) -> SystemWarning | None:
        ignored = [d for d in diagnostics if d.severity.value == "error" and d.line is not None]
        examples = [f"line {d.line}: {d.message}" for d in ignored[:MAX_EXAMPLES]]
        effect: float | None = None
        unscored = 0
        if official is not None and self.kind in ("best", "oot"):
            scored_ids = (official.scored_ids if official.scored_ids is not None
                          else set(official.items))
            frame = self.report.items
            column = f"{self.kind}_score"
            answered = frame[frame["system_line"].notna()]
            missing = answered[~answered["id"].isin(scored_ids)]
            unscored = len(missing)
            if unscored and column in frame.columns and len(frame):
                effect = -float(missing[column].sum()) / len(frame)
            examples += [f"line {line}: {lexelt} {item_id} not scored by the official scorer"
                         for line, lexelt, item_id in zip(
                             missing["system_line"][:MAX_EXAMPLES],
                             missing["lexelt"][:MAX_EXAMPLES], missing["id"][:MAX_EXAMPLES],
                             strict=True)]
        count = len(ignored) + unscored
        official_errors = int(official.totals.get("error_lines") or 0) if official else 0
        return SystemWarning(
            "rejected-lines", "Lines rejected or ignored", count, "lines or items",
            f"{len(ignored)} line(s) the reader cannot use are ignored by every scorer; "
            f"the official scorer reports {official_errors} malformed line(s) and leaves "
            f"{unscored} item(s) unscored that clean scoring scores.",
            self.measure if effect is not None else None, effect, tuple(examples[:MAX_EXAMPLES]))

    def duplicate_ids(self, diagnostics: Sequence[Diagnostic],
                      text: str | None) -> SystemWarning | None:
        lines = [d.line for d in diagnostics if d.code == "duplicate-item" and d.line]
        if not lines:
            return None
        examples = tuple(f"line {d.line}: {d.message}" for d in diagnostics
                         if d.code == "duplicate-item")[:MAX_EXAMPLES]
        effect = None
        later = _later_answers(text, lines) if text is not None and self.kind != "weighted" \
            else {}
        if later:
            # Only the lines of the items concerned are rescored: those alone are made.
            concerned = set(later)
            rows = [row for row, key in enumerate(self._line_gold_keys()) if key in concerned]
            swapped = [SystemAnswer(a.lexelt, a.id, later.get(a.key, list(a.answers)), a.line)
                       for a in self.lines.objects(rows) if isinstance(a, SystemAnswer)]
            effect = self._effect(concerned, swapped)
        return SystemWarning(
            "duplicate-ids", "Items answered more than once", len(lines), "lines",
            "Only the first line of an item is scored; the effect is that of scoring the last "
            "line instead.", self.measure if effect is not None else None, effect, examples)

    def duplicate_answers(self) -> SystemWarning | None:
        if self.kind == "mw":
            return None
        examples: list[str] = []
        keys: set[tuple[str, str]] = set()
        #: Each line with a repeated answer, by number: its answers spelled, repeats kept.
        repeating_lines: dict[int | None, list[str]] = {}
        gold_key = self.matched_elsewhere.get
        lines = self.lines
        forms = self.spell_all(lines.answers)
        offsets = lines.offsets.tolist()
        for row in self._rows_repeating(forms).tolist():
            line_forms = forms[offsets[row]:offsets[row + 1]]
            key = lines.keys[row]
            keys.add(gold_key(key, key))
            number = lines.numbers[row]
            repeating_lines[number] = line_forms
            if len(examples) < MAX_EXAMPLES:
                repeated = sorted({form for form in line_forms if line_forms.count(form) > 1})
                examples.append(f"line {number}: {', '.join(repeated)}")
        count = len(keys)
        if not count:
            return None
        return SystemWarning(
            "duplicate-answers", "Answers repeated on a line", count, "lines",
            "Clean scoring credits and counts each distinct answer once; the official scorer "
            "credits a repeated answer every time (the effect).",
            self.measure, self._repeats_effect(keys, repeating_lines),
            tuple(examples))

    def _rows_repeating(self, forms: list[str]) -> np.ndarray:
        """The lines (in order) on which a spelling comes twice: every answer's spelling
        numbered, and the (line, number) pairs sorted, a repeat is a pair equal to the one
        before it."""
        numbering: dict[str, int] = {}
        codes = np.fromiter(map(numbering.setdefault, forms, counting()), dtype=np.int64,
                            count=len(forms))
        pairs = np.sort(self.lines.row_of_answer() * (len(forms) + 1) + codes)
        repeated = pairs[1:][pairs[1:] == pairs[:-1]]
        return np.unique(repeated // (len(forms) + 1))

    def _repeats_effect(self, keys: set[tuple[str, str]],
                        repeated: dict[int | None, list[str]]) -> float | None:
        """The effect of crediting every repeat (the ``distinct-answers`` defect kept) on the
        items ``keys``, whose lines ``repeated`` repeat an answer. Rescoring would match and
        measure every one of those items again (most of an oot file's); where the report's
        columns give the same figure, the new score of each item is worked out from them: its
        view's weights per answer, H, and the line it scored (``system_line``)."""
        columns = self._repeat_columns()
        figure = self.report.figures.get(self.measure)
        if columns is None or figure is None or not figure.denominator or not keys:
            return self._effect(keys, kept=frozenset({"distinct-answers"}))
        lines, views, weights, human, scores = columns
        limit = OOT_LIMIT if self.kind == "oot" and "oot-limit" not in \
            self.report.options.kept_defects else None
        per_answer = self.kind == "best"
        no_weight = repeat(0)
        # The items whose scored line repeats an answer; every other item of ``keys`` (scored
        # from another line of its id) keeps its score, and adds nothing to the change.
        rows = [row for row, number in enumerate(lines) if number in repeated]
        rescored: list[float] = []
        for row in rows:
            weight_of = dict(zip(views[row], weights[row], strict=True))
            # As the clean scorer matches with repeats kept: answers spelled to nothing dropped.
            view = list(filter(None, repeated[lines[row]]))[:limit]
            credit = float(sum(map(weight_of.get, view, no_weight)))
            total = human[row] * len(view) if per_answer else human[row]
            rescored.append(credit / total if total else 0.0)
        before = math.fsum(scores[row] for row in rows)
        return (math.fsum(rescored) - before) / figure.denominator

    def _repeat_columns(self) -> tuple[list[Any], ...] | None:
        """The report's columns behind a best or oot score (each item's scored line, view,
        its weights, H and the score), or None where they would not give the figure rescoring
        gives: other spelling rules, lines reusing earlier answers, items told apart by id
        alone, repeats already credited, other kinds or measures."""
        from lexsub_studio.core.scoring.report import FIGURE_DEFS_BY_KEY

        view = f"{self.kind}_answers"
        frame = self.report.items
        if (self.kind not in ("best", "oot")
                or FIGURE_DEFS_BY_KEY[self.measure].numerator != f"{self.kind}_score"
                or self.report.options.kept_defects & _REPEATS_RESCORED
                or any(name not in frame.columns for name in (
                    view, f"{self.kind}_weights", f"{self.kind}_score", "system_line",
                    "human_total"))):
            return None
        return (frame["system_line"].tolist(), frame[view].tolist(),
                frame[f"{self.kind}_weights"].tolist(),
                frame["human_total"].to_numpy(dtype=float).tolist(),
                frame[f"{self.kind}_score"].to_numpy(dtype=float).tolist())

    def over_limit(self) -> SystemWarning | None:
        if self.kind != "oot":
            return None
        lines = self.lines
        lengths = np.diff(lines.offsets)
        long_rows = np.flatnonzero(lengths > OOT_LIMIT).tolist()
        if not long_rows:
            return None
        examples = tuple(f"line {lines.numbers[row]}: {int(lengths[row])} answers"
                         for row in long_rows[:MAX_EXAMPLES])
        return SystemWarning(
            "oot-over-limit", "More than 10 oot answers", len(long_rows), "lines",
            "The task allows 10; clean scoring keeps the first 10, the official scorer all of "
            "them (the effect).",
            self.measure, self._limit_effect(long_rows), examples)

    def _limit_effect(self, long_rows: list[int]) -> float | None:
        """The effect of scoring every answer of the items the lines ``long_rows`` answer. Only
        an item with more than 10 distinct answers can change: the others (repeats, or answers
        spelled to nothing, brought them under the limit) are left out of the rescoring, except
        under the defects that make rescoring a few items differ from scoring them all."""
        lines = self.lines
        every = {self.gold_key(lines.keys[row]) for row in long_rows}
        if self.report.options.kept_defects & (_REPEATS_RESCORED | {"oot-limit"}):
            keys = every
        else:
            spell_all = self.spell_all
            keys = {self.gold_key(lines.keys[row]) for row in long_rows
                    if len(set(filter(None, spell_all(lines.answers_of(row))))) > OOT_LIMIT}
        if keys or not every:
            return self._effect(keys, kept=frozenset({"oot-limit"}))
        figure = self.report.figures.get(self.measure)
        return 0.0 if figure is not None and figure.denominator else None

    def lexelt_mismatches(self) -> SystemWarning | None:
        """Lines whose lexelt names their gold item's lemma with other PoS letters: every one
        is listed, with what clean scoring did with it."""
        mismatches = self.report.lexelt_mismatches
        if not mismatches:
            return None
        examples = [mismatch.describe() for mismatch in mismatches[:MAX_LEXELT_LINES]]
        if len(mismatches) > MAX_LEXELT_LINES:
            examples.append(f"… and {len(mismatches) - MAX_LEXELT_LINES} more")
        strict = self.report.options.strict_lexelt
        if "lexelt-key" in self.report.options.kept_defects:
            # Items are told apart by id alone: every line is its id's, whatever its lexelt.
            return SystemWarning(
                "lexelt-mismatch", "Lines whose lexelt differs from the gold's",
                len(mismatches), "lines",
                "With the lexelt-key defect kept, items are matched by id alone, as the "
                "official scorer matches them, so these lines count for the gold item with "
                "their id.", None, None, tuple(examples))
        if strict:
            explanation = ("Their id is a gold item's and the lemma agrees, but the PoS letters "
                           "differ (wild.n for wild.a.n). Strict lexelt matching drops them; the "
                           "official scorer matches them by id, as clean scoring does without "
                           "--strict-lexelt (the effect).")
        else:
            explanation = ("Their id is a gold item's and the lemma agrees, but the PoS letters "
                           "differ (wild.n for wild.a.n). Clean scoring matches them by id, as "
                           "the official scorer does; --strict-lexelt drops them (the effect).")
        keys = {(mismatch.gold_lexelt, mismatch.id) for mismatch in mismatches}
        return SystemWarning(
            "lexelt-mismatch", "Lines whose lexelt differs from the gold's", len(mismatches),
            "lines", explanation, self.measure,
            self._effect(keys, strict_lexelt=not strict), tuple(examples))

    def classify(self) -> dict[str, _Variants]:
        """One pass over every answer: which ones are hyphen/space variants, case variants or
        inflected forms of a gold substitute of their item (each answer is at most one)."""
        found = {name: _Variants() for name in ("hyphen-space", "case-variants", "inflected")}
        if self.kind == "mw":
            return found
        lemmas = _lemmatiser()
        spelled = self._spellings
        hyphen_space, case, inflected = found.values()
        inert = _InertAnswers(self._gold_spellings(), spelled, lemmas).__getitem__
        lines = self.lines
        # Only lines with an answer that can be a variant of something are looked at.
        can_vary = ~np.fromiter(map(inert, lines.answers), dtype=bool,
                                count=len(lines.answers))
        for row in np.unique(lines.row_of_answer()[can_vary]).tolist():
            key = lines.keys[row]
            number = lines.numbers[row]
            gold_key = self.gold_key(key)
            item = self._forms_of(gold_key)
            if item is None:
                continue
            forms, written, lowered = item
            for answer in lines.answers_of(row):
                if answer in written:
                    continue
                form = spelled[answer]
                gold = forms.get(form)
                if gold is not None:
                    if ("-" in answer or "-" in gold) and \
                            " ".join(answer.split()) != " ".join(gold.split()):
                        hyphen_space.add(number, key, answer, gold, gold_key)
                    continue
                gold = lowered.get(form.lower())
                if gold is not None:
                    case.add(number, key, answer, gold, gold_key)
                    continue
                for lemma in lemmas(form):
                    if lemma in forms:
                        inflected.add(number, key, answer, forms[lemma], gold_key)
                        break
        return found

    def variant_warning(self, code: str, variants: _Variants) -> SystemWarning | None:
        if not variants.count:
            return None
        keys = variants.gold_keys
        if code == "hyphen-space":
            effect = self._effect(keys, kept=frozenset({"spelling"}))
            title = "Hyphen and space variants"
            explanation = ("These answers match a gold substitute once hyphens are read as "
                           "spaces, as clean scoring does; the effect is the official spelling "
                           "rule's.")
        else:
            effect = self._effect(keys, variants.replaced_lines(self.lines))
            if code == "case-variants":
                title = "Case variants"
                explanation = ("These answers differ from a gold substitute only in upper and "
                               "lower case, which every scorer counts as different; the effect "
                               "is that of writing the gold's case.")
            else:
                title = "Answers that look inflected"
                explanation = ("These answers are not in the gold but their lemma is "
                               "(substitutes are given as lemmas); the effect is that of "
                               "answering with the lemma.")
        return SystemWarning(code, title, variants.count, "answers", explanation, self.measure,
                             effect, tuple(variants.examples))


def _gold_table(gold: Sequence[GoldItem]) -> GoldTable | None:
    """The table behind the gold (a reader's, or the one a prepared gold holds), if any."""
    if isinstance(gold, GoldTable):
        return gold
    items = getattr(gold, "items", None)
    return items if isinstance(items, GoldTable) else None


class _Lines:
    """The system's lines as columns: per line its key and number (None where it has none),
    and every line's answers end to end (line k's at ``offsets[k]:offsets[k + 1]``). An
    AnswerTable's columns are taken as they are; a list of lines (weighted ones, or lines made
    in code) is read once into columns, and kept for the lines it hands out."""

    def __init__(self, answers: Sequence[Answer]) -> None:
        self.table = answers if isinstance(answers, AnswerTable) else None
        self.listed: Sequence[Answer] = () if self.table is not None else answers
        if self.table is not None:
            table = self.table
            self.keys = list(zip(table.lexelts, table.ids, strict=True))
            self.numbers: list[int | None] = [number or None for number in table.lines.tolist()]
            self.offsets = table.offsets
            self.answers = table.answers
        else:
            per_line = [line.answers for line in answers]
            self.keys = [line.key for line in answers]
            self.numbers = [line.line for line in answers]
            self.offsets = offsets_of(list(map(len, per_line)))
            self.answers = [answer for texts in per_line for answer in texts]

    def __len__(self) -> int:
        return len(self.keys)

    def answers_of(self, row: int) -> list[str]:
        return self.answers[int(self.offsets[row]):int(self.offsets[row + 1])]

    def row_of_answer(self) -> np.ndarray:
        """Each answer's line (its row)."""
        return np.repeat(np.arange(len(self.keys), dtype=np.int64), np.diff(self.offsets))

    def objects(self, rows: Sequence[int]) -> list[Answer]:
        """The lines ``rows`` as objects (SystemAnswer, or the listed lines themselves)."""
        if self.table is None:
            return [self.listed[row] for row in rows]
        table = self.table
        return [table[row] for row in rows]

    def rows(self, chosen: np.ndarray) -> Sequence[Answer]:
        """The lines where ``chosen`` is true, in order: an AnswerTable of them when the
        lines are one, so that rescoring takes them as columns too."""
        picked = np.flatnonzero(chosen)
        if self.table is None or not len(picked):
            return self.objects(picked.tolist())
        table = self.table
        starts = table.offsets[picked]
        lengths = table.offsets[picked + 1] - starts
        offsets = offsets_of(lengths)
        gather = (np.arange(int(offsets[-1]), dtype=np.int64)
                  + np.repeat(starts - offsets[:-1], lengths))
        every = table.answers
        rows = picked.tolist()
        return AnswerTable([table.lexelts[row] for row in rows], [table.ids[row] for row in rows],
                           table.lines[picked], offsets,
                           [every[position] for position in gather.tolist()])


def _later_answers(text: str, lines: Sequence[int]) -> dict[tuple[str, str], list[str]]:
    """The answers of the given (duplicate) lines, the last one per item winning."""
    from lexsub_studio.core.io.formats.itemline import LineProblem, split_item_line

    wanted = set(lines)
    found: dict[tuple[str, str], list[str]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if number not in wanted:
            continue
        parsed = split_item_line(raw)
        if isinstance(parsed, LineProblem):
            continue
        found[(parsed.lexelt, parsed.id)] = [a.strip() for a in parsed.rest.split(";")
                                             if a.strip()]
    return found


class _GoldSpellings:
    """The gold's substitutes as a whole (not per item): by clean spelling, and the clean
    spellings by lower case."""

    def __init__(self, substitutes: set[str], spell: _Spellings) -> None:
        self.by_form: dict[str, list[str]] = {}
        self.forms_by_lower: dict[str, set[str]] = {}
        for substitute in substitutes:
            form = spell[substitute]
            self.by_form.setdefault(form, []).append(substitute)
            self.forms_by_lower.setdefault(form.lower(), set()).add(form)


class _InertAnswers(dict[str, bool]):
    """Whether an answer can be a variant of no gold substitute of any item (most answers of
    a file): neither a hyphen/space variant, nor a case variant, nor an inflected form of
    one. Each item's checks are needed only on lines with an answer that can."""

    def __init__(self, gold: _GoldSpellings, spell: _Spellings,
                 lemmas: Callable[[str], list[str]]) -> None:
        super().__init__()
        self.gold = gold
        self.spell = spell
        self.lemmas = lemmas

    def __missing__(self, answer: str) -> bool:
        form = self.spell[answer]
        gold = self.gold
        spaced = " ".join(answer.split())
        inert = not (
            any(("-" in answer or "-" in substitute) and spaced != " ".join(substitute.split())
                for substitute in gold.by_form.get(form, ()))
            or any(other != form for other in gold.forms_by_lower.get(form.lower(), ()))
            or any(lemma in gold.by_form for lemma in self.lemmas(form)))
        self[answer] = inert
        return inert


def _lemmatiser() -> Callable[[str], list[str]]:
    """Lemmas of a single word by every PoS (lemminflect's rules and exceptions); a multiword
    answer has its last word lemmatised. Remembered per word: systems repeat their answers."""
    memo: dict[str, list[str]] = {}

    def lemmas(form: str) -> list[str]:
        cached = memo.get(form)
        if cached is not None:
            return cached
        head, _, last = form.rpartition(" ")
        found: list[str] = []
        for options in dictionary_lemmas(last).values():
            for lemma in options:
                full = f"{head} {lemma}" if head else lemma
                if full != form and full not in found:
                    found.append(full)
        memo[form] = found
        return found

    return lemmas


def warning_rows(warnings: Sequence[SystemWarning]) -> list[dict[str, Any]]:
    """Plain dictionaries, for JSON output and tables."""
    return [{"code": w.code, "title": w.title, "count": w.count, "unit": w.unit,
             "measure": w.measure, "effect": w.effect, "explanation": w.explanation,
             "examples": list(w.examples)} for w in warnings]
