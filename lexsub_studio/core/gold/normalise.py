"""Suggesting merges of variant forms, and reading the merge map.

Every response goes through ``normalise_response`` before it is counted, and a merge map turns
accepted variants into their canonical form: both rules live in core/model/response_form.py,
which the agreement pool shares. The gold standard of the task was "semi-automatically
lemmatised": a tool proposes and a person accepts. ``suggest_merges`` is the tool (inflected
forms, case, hyphen/space and British/American spelling variants, always towards a form
somebody actually wrote); the accepted merges are a merge map file,
``variant<TAB>canonical[<TAB>lexelt<TAB>id]``, read by ``parse_merge_map_text``.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from lexsub_studio.core.io.formats.textfile import read_input_bytes
from lexsub_studio.core.model.data import parse_lexelt
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError
from lexsub_studio.core.model.languages import ENGLISH, EnglishLemmatiser, Language, Lemmatiser
from lexsub_studio.core.model.response_form import (
    DEFAULT_OPTIONS,
    MergeMap,
    NormaliseOptions,
    normalise_response,
)
from lexsub_studio.core.model.rules import UPOS_OF_POS

_WHITESPACE_RUN = re.compile(r"\s+")


# --------------------------------------------------------------------------------------------
# The merge map file


def read_merge_map(path: str | Path,
                   options: NormaliseOptions = DEFAULT_OPTIONS) -> tuple[MergeMap, Diagnostics]:
    display = str(path)
    data = read_input_bytes(path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise InputError.at(display, "not-utf8", "the merge map is not UTF-8 text", line,
                            column) from None
    return parse_merge_map_text(text, display, options)


def parse_merge_map_text(text: str, path: str = "<input>",
                         options: NormaliseOptions = DEFAULT_OPTIONS,
                         ) -> tuple[MergeMap, Diagnostics]:
    """Parse ``variant<TAB>canonical[<TAB>lexelt<TAB>id]`` lines; ``#`` starts a comment line.

    Both forms are normalised like the responses, so a map written in any case matches. Bad
    lines are errors and are not applied; a variant mapped twice keeps its first line.
    """
    diagnostics = Diagnostics(path)
    merge_map = MergeMap()
    first_line: dict[tuple[str, str, str] | str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        columns = raw.split("\t")
        if len(columns) not in (2, 4):
            diagnostics.error("merge-map-columns",
                              f"expected 2 or 4 tab-separated columns (variant, canonical"
                              f"[, lexelt, id]), found {len(columns)}; line not applied", number)
            continue
        variant = normalise_response(columns[0], options)
        canonical = normalise_response(columns[1], options)
        if not variant or not canonical:
            diagnostics.error("merge-map-empty", "empty variant or canonical form; line not "
                              "applied", number)
            continue
        if ";" in canonical:
            diagnostics.error("merge-map-semicolon", "a canonical form cannot contain ';' (the "
                              "gold separator); line not applied", number,
                              len(columns[0]) + 2)
            continue
        if variant == canonical:
            diagnostics.warning("merge-map-identity",
                                f"'{variant}' is mapped to itself; nothing to do", number)
            continue
        if len(columns) == 4:
            lexelt, instance_id = columns[2].strip(), columns[3].strip()
            if not lexelt or not instance_id:
                diagnostics.error("merge-map-empty", "empty lexelt or id; line not applied",
                                  number)
                continue
            target = merge_map.per_item.setdefault((lexelt, instance_id), {})
            seen_key: tuple[str, str, str] | str = (lexelt, instance_id, variant)
        else:
            target = merge_map.everywhere
            seen_key = variant
        if seen_key in first_line:
            diagnostics.error("merge-map-duplicate",
                              f"'{variant}' is already mapped on line {first_line[seen_key]}; "
                              "the first line counts, this one is not applied", number)
            continue
        first_line[seen_key] = number
        target[variant] = canonical
    variants = set(merge_map.everywhere)
    for item_map in merge_map.per_item.values():
        variants.update(item_map)
    chained = sorted({canonical for canonical in _all_canonicals(merge_map)
                      if canonical in variants})
    for canonical in chained:
        diagnostics.warning("merge-map-chain",
                            f"'{canonical}' is both a canonical form and a variant; merges are "
                            "applied once, so responses mapped to it stay as they are")
    return merge_map, diagnostics


def _all_canonicals(merge_map: MergeMap) -> Iterable[str]:
    yield from merge_map.everywhere.values()
    for item_map in merge_map.per_item.values():
        yield from item_map.values()


# --------------------------------------------------------------------------------------------
# Suggestions


@dataclass(frozen=True, slots=True)
class MergeSuggestion:
    """A proposed merge ``variant -> canonical``; ``key`` set means it applies to one item only."""

    variant: str
    canonical: str
    reason: str
    #: responses (annotator x item) that wrote the variant, in the scope of the suggestion.
    responses: int
    key: tuple[str, str] | None = None

    def map_line(self) -> str:
        columns = [self.variant, self.canonical]
        if self.key is not None:
            columns += list(self.key)
        return "\t".join(columns)


#: British -> American spelling rules on whole words: (British ending, American ending, the
#: shortest word the rule may touch). Each rule is tried in both directions, and a variant is
#: only proposed when the other spelling was also written by somebody.
_SPELLING_RULES: tuple[tuple[str, str, int], ...] = (
    ("our", "or", 5),          # colour / color
    ("ours", "ors", 6),
    ("isation", "ization", 8),  # realisation / realization
    ("ise", "ize", 6),         # realise / realize
    ("ised", "ized", 7),
    ("ising", "izing", 8),
    ("yse", "yze", 6),         # analyse / analyze
    ("tre", "ter", 5),         # centre / center
    ("bre", "ber", 5),         # fibre / fiber
    ("ogue", "og", 7),         # catalogue / catalog
    ("ence", "ense", 7),       # defence / defense
    ("lled", "led", 8),        # travelled / traveled
    ("lling", "ling", 9),
    ("ller", "ler", 8),
)
_VOWEL_GROUP = re.compile(r"[aeiouy]+")


def _spelling_alternatives(word: str) -> set[str]:
    alternatives: set[str] = set()
    for british, american, shortest in _SPELLING_RULES:
        for source, target in ((british, american), (american, british)):
            if len(word) >= shortest and word.endswith(source):
                stem = word[: -len(source)]
                # Only unstressed final syllables double the l (travelled, not filled).
                if "ll" in british and len(_VOWEL_GROUP.findall(stem)) < 2:
                    continue
                alternatives.add(stem + target)
    alternatives.discard(word)
    return alternatives


def _phrase_alternatives(phrase: str) -> set[str]:
    words = phrase.split(" ")
    alternatives: set[str] = set()
    for index, word in enumerate(words):
        for alternative in _spelling_alternatives(word):
            alternatives.add(" ".join([*words[:index], alternative, *words[index + 1:]]))
    return alternatives


#: English adjectives and adverbs inflect for degree alone, and a comparative or superlative
#: answer says something else (``latest`` is "most recent", not "late"; ``best`` is not "good"):
#: their forms are never proposed as inflections of the positive. (Other languages' adjectives
#: inflect for more than degree: their dictionaries are used as they are.)
_DEGREE_POS = ("a", "r")
_DEGREE_UPOS = {UPOS_OF_POS[pos] for pos in _DEGREE_POS}


def _lemmas(word: str, pos: str | None, lemmatiser: Lemmatiser | None) -> set[str]:
    """The word's lemmas; a word in lower case (the pool's case unless it keeps case) gets
    them in lower case, so a German ``häuser`` points at ``haus``, a form the pool holds."""
    if lemmatiser is None:
        return set()
    english = isinstance(lemmatiser, EnglishLemmatiser)
    if english and pos in _DEGREE_POS:
        return {word} if lemmatiser.lemmas_as(word, pos) else set()
    if pos in UPOS_OF_POS:
        candidates = set(lemmatiser.lemmas_as(word, pos))
    else:
        candidates = {lemma for upos, lemmas in lemmatiser.dictionary_lemmas(word).items()
                      if not (english and upos in _DEGREE_UPOS) for lemma in lemmas}
        if len(candidates) != 1:
            return set()
    return {lemma.lower() for lemma in candidates} if word.islower() else candidates


def _fold_hyphen_space(text: str) -> str:
    return text.replace("-", "").replace(" ", "")


def suggest_merges(occurrences: Mapping[tuple[str, str], Mapping[str, int]],
                   language: Language = ENGLISH) -> list[MergeSuggestion]:
    """Propose merges from the observed responses.

    ``occurrences`` maps (lexelt, id) to each normalised response form and the number of
    annotators who wrote it there. Four kinds of proposal, in this priority (a form gets at
    most one proposal): case variants (only visible when case is kept), hyphen/space variants,
    British/American spelling variants, inflected forms (the corpus ``language``'s lemmatiser,
    core/model/languages.py, using the lexelt's PoS; none for a language without one).
    The first three only ever point at a form somebody wrote; an inflected single word points
    at its dictionary lemma, and an inflected phrase only at a phrase somebody wrote. The
    canonical form of a group is the most written one, ties to the alphabetically first.
    Proposals are chain-free: no canonical form is itself proposed as a variant.
    """
    totals: Counter[str] = Counter()
    pos_of_form: dict[str, set[str | None]] = defaultdict(set)
    for (lexelt, _), forms in occurrences.items():
        pos = parse_lexelt(lexelt).pos
        for form, count in forms.items():
            totals[form] += count
            pos_of_form[form].add(pos)

    def preferred(forms: Iterable[str]) -> str:
        return min(forms, key=lambda form: (-totals[form], form))

    proposals: dict[str, tuple[str, str]] = {}

    def propose_group(forms: set[str], reason: str) -> None:
        if len(forms) < 2:
            return
        canonical = preferred(forms)
        for form in sorted(forms - {canonical}):
            proposals.setdefault(form, (canonical, reason))

    by_case: dict[str, set[str]] = defaultdict(set)
    by_fold: dict[str, set[str]] = defaultdict(set)
    for form in totals:
        by_case[form.lower()].add(form)
        by_fold[_fold_hyphen_space(form.lower())].add(form)
    for forms in by_case.values():
        propose_group(forms, "case")
    for forms in by_fold.values():
        propose_group(forms, "hyphen/space")
    for form in sorted(totals):
        alternatives = {alt for alt in _phrase_alternatives(form) if alt in totals}
        if alternatives:
            propose_group({form, *alternatives}, "spelling")

    per_item_lemma: list[MergeSuggestion] = []
    for form in sorted(totals):
        if form in proposals:
            continue
        lemmas_by_pos = {pos: _lemma_of_form(form, pos, totals, language.lemmatiser)
                         for pos in pos_of_form[form]}
        distinct = {lemma for lemma in lemmas_by_pos.values() if lemma}
        if len(distinct) == 1 and all(lemmas_by_pos.values()):
            proposals[form] = (distinct.pop(), "inflection")
        elif distinct:
            # The lemma depends on the lexelt's PoS: propose per item.
            for key, forms in occurrences.items():
                if form in forms:
                    lemma = lemmas_by_pos.get(parse_lexelt(key[0]).pos)
                    if lemma:
                        per_item_lemma.append(MergeSuggestion(form, lemma, "inflection",
                                                              forms[form], key))

    resolved = [MergeSuggestion(variant, _follow(variant, proposals), reason, totals[variant])
                for variant, (_, reason) in proposals.items()]
    resolved = [s for s in resolved if s.canonical != s.variant]
    per_item_lemma = [s for s in per_item_lemma if s.canonical not in proposals]
    return sorted([*resolved, *per_item_lemma],
                  key=lambda s: (s.reason, s.canonical, s.variant, s.key or ("", "")))


def _lemma_of_form(form: str, pos: str | None, totals: Mapping[str, int],
                   lemmatiser: Lemmatiser | None) -> str | None:
    words = form.split(" ")
    if len(words) == 1:
        lemmas = _lemmas(form, pos, lemmatiser) - {form}
        if not lemmas:
            return None
        if form in _lemmas(form, pos, lemmatiser):
            return None  # already a lemma in its own right (e.g. "left" as an adjective)
        if len(lemmas) > 1:
            # Ambiguous ("leaves": leaf or leave): only a lemma somebody wrote decides it.
            observed = [lemma for lemma in lemmas if totals.get(lemma, 0)]
            if len(observed) != 1:
                return None
            return observed[0]
        return next(iter(lemmas))
    for index, word in enumerate(words):
        for lemma in sorted(_lemmas(word, None, lemmatiser) | _lemmas(word, "v", lemmatiser)
                            | _lemmas(word, pos, lemmatiser)):
            if lemma == word:
                continue
            candidate = " ".join([*words[:index], lemma, *words[index + 1:]])
            if candidate in totals:
                return candidate
    return None


def _follow(variant: str, proposals: Mapping[str, tuple[str, str]]) -> str:
    seen = {variant}
    current = proposals[variant][0]
    while current in proposals and current not in seen:
        seen.add(current)
        current = proposals[current][0]
    return current


def format_suggestions(suggestions: Iterable[MergeSuggestion]) -> str:
    """The suggestions as a merge map file: review, delete what you reject, pass it to --map."""
    lines = ["# Proposed merges: variant<TAB>canonical[<TAB>lexelt<TAB>id].",
             "# Delete the lines you reject, then pass this file to --map."]
    for suggestion in suggestions:
        scope = "" if suggestion.key is None else " at this item"
        lines.append(f"# {suggestion.reason}: {suggestion.responses} response(s){scope}")
        lines.append(suggestion.map_line())
    return "\n".join(lines) + "\n"
