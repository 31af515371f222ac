"""Candidate lists for the candidate-ranking setting (``lexsub score --rank-candidates``).

The papers that rank candidates since 2010 (Melamud et al.'s candidate extraction, LexSubGen's
reader) pool the candidates of a target by its lemma and *first* PoS letter: the SemEval-2007
lexelt ``bar.n.v`` (a target tagged both ways) shares the list of ``bar.n``. The published
candidates file has one line per target, ``lemma.pos::cand1;cand2;...``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from lexsub_studio.core.model.data import GoldItem

_SEPARATORS = re.compile(r";|::")


def pool_key(lexelt: str) -> str:
    """The lemma and first PoS letter of a lexelt: ``bar.n.v`` -> ``bar.n``, ``bright.a`` as
    it is."""
    return ".".join(lexelt.split(".")[:2])


def pooled_candidates(entries: Iterable[tuple[str, Iterable[str]]]) -> dict[str, list[str]]:
    """(lexelt, substitutes) pairs pooled by ``pool_key``, each substitute once, in order of
    first appearance."""
    pools: dict[str, dict[str, None]] = {}
    for lexelt, substitutes in entries:
        bucket = pools.setdefault(pool_key(lexelt), {})
        for substitute in substitutes:
            bucket.setdefault(substitute, None)
    return {key: list(bucket) for key, bucket in pools.items()}


def lexelt_candidates(gold: Iterable[GoldItem]) -> dict[str, list[str]]:
    """Each target's candidates built from the gold as the papers build them: every substitute
    the gold gives any instance of the same lemma and first PoS, in order of first
    appearance. Keyed by ``pool_key``."""
    return pooled_candidates((item.lexelt, (substitute for substitute, _ in item.entries))
                             for item in gold)


@dataclass(slots=True)
class CandidateFile:
    #: pool key -> candidates, in file order, each once.
    candidates: dict[str, list[str]] = field(default_factory=dict)
    #: The lexelts as the file writes them, for messages.
    written_keys: list[str] = field(default_factory=list)


def read_candidates(path: str) -> CandidateFile:
    """A candidates file: one line per target, ``lexelt::cand1;cand2;...`` (the published
    format), candidates trimmed; ``lexelt::cand1::cand2`` and tab-separated lines are read
    too. The lexelt is pooled by ``pool_key`` (``bar.n.v`` and ``bar.n`` are one target)."""
    from lexsub_studio.core.io.formats.textfile import read_text_file, split_lines
    from lexsub_studio.core.model.diagnostics import InputError

    display, text = read_text_file(path)
    result = CandidateFile()
    pools: dict[str, dict[str, None]] = {}
    for line in split_lines(text):
        if line.is_blank:
            continue
        if "::" in line.text:
            lexelt, rest = line.text.split("::", 1)
            cells = _SEPARATORS.split(rest)
        else:
            lexelt, *cells = line.text.split("\t")
        lexelt = lexelt.strip()
        cells = [cell.strip() for cell in cells]
        if not lexelt or not any(cells):
            raise InputError.at(display, "bad-candidates",
                                "a candidates line is 'lexelt::candidate;candidate;...' "
                                "(or tab-separated)", line.number, 1)
        result.written_keys.append(lexelt)
        bucket = pools.setdefault(pool_key(lexelt), {})
        for cell in cells:
            if cell:
                bucket.setdefault(cell, None)
    result.candidates = {key: list(bucket) for key, bucket in pools.items()}
    return result
