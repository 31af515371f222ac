"""The warnings about spellings: answers that differ from a gold substitute of their item only by
a hyphen or space, only by case, or by inflection, found in one pass over every answer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from lexsub_studio.core.model.data import WeightedAnswer
from lexsub_studio.core.model.lemmas import dictionary_lemmas
from lexsub_studio.core.scoring.report.checks.effects import Effects
from lexsub_studio.core.scoring.report.checks.found import MAX_EXAMPLES, Answer, SystemWarning
from lexsub_studio.core.scoring.report.checks.subject import (
    CheckedFile,
    GoldSpellings,
    Lines,
    Spellings,
)


class Variants:
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

    def replaced_lines(self, lines: Lines) -> list[Answer]:
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


def classify(file: CheckedFile) -> dict[str, Variants]:
    """One pass over every answer: which ones are hyphen/space variants, case variants or
    inflected forms of a gold substitute of their item (each answer is at most one)."""
    found = {name: Variants() for name in ("hyphen-space", "case-variants", "inflected")}
    if file.kind == "mw":
        return found
    lemmas = lemmatiser()
    spelled = file.spellings
    hyphen_space, case, inflected = found.values()
    inert = InertAnswers(file.gold_spellings(), spelled, lemmas).__getitem__
    lines = file.lines
    # Only lines with an answer that can be a variant of something are looked at.
    can_vary = ~np.fromiter(map(inert, lines.answers), dtype=bool,
                            count=len(lines.answers))
    for row in np.unique(lines.row_of_answer()[can_vary]).tolist():
        key = lines.keys[row]
        number = lines.numbers[row]
        gold_key = file.gold_key(key)
        item = file.forms_of(gold_key)
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


def variant_warning(file: CheckedFile, effects: Effects, code: str,
                    variants: Variants) -> SystemWarning | None:
    if not variants.count:
        return None
    keys = variants.gold_keys
    if code == "hyphen-space":
        effect = effects.effect(keys, kept=frozenset({"spelling"}))
        title = "Hyphen and space variants"
        explanation = ("These answers match a gold substitute once hyphens are read as "
                       "spaces, as clean scoring does; the effect is the official spelling "
                       "rule's.")
    else:
        effect = effects.effect(keys, variants.replaced_lines(file.lines))
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
    return SystemWarning(code, title, variants.count, "answers", explanation, file.measure,
                         effect, tuple(variants.examples))


class InertAnswers(dict[str, bool]):
    """Whether an answer can be a variant of no gold substitute of any item (most answers of
    a file): neither a hyphen/space variant, nor a case variant, nor an inflected form of
    one. Each item's checks are needed only on lines with an answer that can."""

    def __init__(self, gold: GoldSpellings, spell: Spellings,
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


def lemmatiser() -> Callable[[str], list[str]]:
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
