"""Building a new lexical substitution task from tokenised sentences (spec §7).

Three steps, each usable on its own by the command line and the GUI wizard:
``lemma_pos_frequencies`` (what could be a target), ``sample_instances`` (which sentences), and
``build_corpus`` (the lexelt XML corpus). Every instance keeps where it came from as attributes:
``sentence`` (the sentence id), ``token`` (the head's token id, 1-based) and ``source`` (the
file name).

Sampling is seeded and stable: each target has its own generator, ``random.Random`` seeded with
the text ``"{seed}:{lexelt}"`` (string seeds are hashed the same way on every platform), drawing
from that target's candidate sentences in file order. So the same files, seed and N give the same
sample everywhere, and adding or removing another target never changes a target's sample. A
sentence counts once per target; when the target occurs in it several times, the same generator
picks one occurrence.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from lexsub_studio.core.dataset.conll import Sentence, Token
from lexsub_studio.core.model.data import POS_NAMES, Corpus, Instance, Lexelt, parse_lexelt
from lexsub_studio.core.model.diagnostics import Diagnostics


@dataclass(frozen=True, slots=True)
class LemmaPosFrequency:
    """One row of the wizard's table: a possible target and how often it occurs."""

    lexelt: str
    lemma: str
    pos: str
    tokens: int
    sentences: int


def lemma_pos_frequencies(sentences: Iterable[Sentence]) -> list[LemmaPosFrequency]:
    """Every lemma.pos with a lexsub PoS, by token count descending, then by lexelt."""
    tokens: dict[str, int] = {}
    in_sentences: dict[str, int] = {}
    for sentence in sentences:
        seen: set[str] = set()
        for token in sentence.tokens:
            lexelt = token.lexelt
            if lexelt is None:
                continue
            tokens[lexelt] = tokens.get(lexelt, 0) + 1
            if lexelt not in seen:
                seen.add(lexelt)
                in_sentences[lexelt] = in_sentences.get(lexelt, 0) + 1
    rows = []
    for lexelt, count in tokens.items():
        name = parse_lexelt(lexelt)
        rows.append(LemmaPosFrequency(lexelt, name.lemma, name.pos or "", count,
                                      in_sentences[lexelt]))
    rows.sort(key=lambda row: (-row.tokens, row.lexelt))
    return rows


def parse_targets(texts: Iterable[str], diagnostics: Diagnostics | None = None) -> list[str]:
    """``LEMMA.POS`` targets from comma-separated texts, in order, repeats dropped.

    Raises ValueError for a target without a lexsub PoS letter (n, v, a, r).
    """
    targets: list[str] = []
    for text in texts:
        for raw in text.split(","):
            target = raw.strip()
            if not target:
                continue
            name = parse_lexelt(target)
            if name.pos is None or name.original_pos is not None or not name.lemma:
                letters = ", ".join(POS_NAMES)
                raise ValueError(f"target '{target}' is not LEMMA.POS with POS one of {letters}")
            lexelt = f"{name.lemma}.{name.pos}"
            if lexelt in targets:
                if diagnostics is not None:
                    diagnostics.warning("repeated-target", f"target {lexelt} is given twice")
                continue
            targets.append(lexelt)
    return targets


@dataclass(frozen=True, slots=True)
class SampledInstance:
    lexelt: str
    sentence: Sentence
    token: Token


@dataclass(slots=True)
class Sample:
    """Instances per target (in file order), with the counts the wizard and CLI show."""

    targets: list[str]
    instances: dict[str, list[SampledInstance]]
    #: per target: candidate sentences and sentences holding the target more than once.
    candidates: dict[str, int]
    repeated_in_sentence: dict[str, int]
    diagnostics: Diagnostics = field(default_factory=lambda: Diagnostics(None))

    def __len__(self) -> int:
        return sum(len(chosen) for chosen in self.instances.values())


def sample_instances(sentences: Sequence[Sentence], targets: Sequence[str], *,
                     per_target: int | None = None, seed: int = 0) -> Sample:
    """Choose up to ``per_target`` sentences per target (all when None); see module doc."""
    if per_target is not None and per_target < 1:
        raise ValueError("the number of sentences per target must be at least 1")
    occurrences: dict[str, list[tuple[int, list[Token]]]] = {target: [] for target in targets}
    for index, sentence in enumerate(sentences):
        found: dict[str, list[Token]] = {}
        for token in sentence.tokens:
            lexelt = token.lexelt
            if lexelt in occurrences:
                found.setdefault(lexelt, []).append(token)
        for lexelt, tokens in found.items():
            occurrences[lexelt].append((index, tokens))
    diagnostics = Diagnostics(None)
    instances: dict[str, list[SampledInstance]] = {}
    candidates: dict[str, int] = {}
    repeated: dict[str, int] = {}
    for target in targets:
        pool = occurrences[target]
        candidates[target] = len(pool)
        repeated[target] = sum(1 for _, tokens in pool if len(tokens) > 1)
        rng = random.Random(f"{seed}:{target}")
        if per_target is None or per_target >= len(pool):
            chosen = list(pool)
        else:
            chosen = sorted(rng.sample(pool, per_target), key=lambda entry: entry[0])
        if not pool:
            diagnostics.error("target-not-found",
                              f"target {target} does not occur in the sentences read; it gets "
                              "no lexelt")
        elif per_target is not None and len(pool) < per_target:
            diagnostics.warning("few-sentences",
                                f"target {target} occurs in only {len(pool)} sentence(s), fewer "
                                f"than the {per_target} asked for; all are used")
        instances[target] = [
            SampledInstance(target, sentences[index],
                            tokens[0] if len(tokens) == 1 else rng.choice(tokens))
            for index, tokens in chosen]
    return Sample(list(targets), instances, candidates, repeated, diagnostics)


def build_corpus(sample: Sample, *, first_id: int = 1, lang: str = "english") -> Corpus:
    """The lexelt corpus of a sample: one lexelt per target that has instances, in target
    order; instance ids are numbers counting from ``first_id`` across the whole corpus."""
    if first_id < 0:
        raise ValueError("instance ids cannot be negative")
    corpus = Corpus(lang=lang)
    next_id = first_id
    for target in sample.targets:
        chosen = sample.instances.get(target, [])
        if not chosen:
            continue
        lexelt = Lexelt(item=target)
        for sampled in chosen:
            lexelt.instances.append(make_instance(str(next_id), sampled.sentence, sampled.token))
            next_id += 1
        corpus.lexelts.append(lexelt)
    return corpus


def make_instance(instance_id: str, sentence: Sentence, head: Token) -> Instance:
    """An instance whose context is the sentence's forms joined by single spaces and whose
    head span is exactly the form of ``head``."""
    start = sum(len(token.form) + 1 for token in sentence.tokens[:head.id - 1])
    attributes = {"sentence": sentence.id, "token": str(head.id), "source": sentence.source}
    return Instance(instance_id, sentence.text(), start, start + len(head.form), attributes)
