"""Candidate lists for the candidate-ranking setting (``lexsub score --rank-candidates``).

The papers that rank candidates since 2010 (Melamud et al.'s candidate extraction, LexSubGen's
reader) pool the candidates of a target by its lemma and *first* PoS letter: the SemEval-2007
lexelt ``bar.n.v`` (a target tagged both ways) shares the list of ``bar.n``. The published
candidates file has one line per target, ``lemma.pos::cand1;cand2;...``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from lexsub_studio.core.model.data import GoldItem


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
    """A candidates file (core/io/formats/candidates.py: ``lexelt::cand1;cand2;...``, the
    published format, or tab-separated), its lexelts pooled by ``pool_key`` (``bar.n.v`` and
    ``bar.n`` are one target). A line that cannot be read is an InputError at its place: a
    candidate list with a hole would rank silently against the wrong candidates."""
    from lexsub_studio.core.io.formats.candidates import read_candidates_file
    from lexsub_studio.core.model.diagnostics import InputError, Severity

    read = read_candidates_file(path)
    errors = [item for item in read.diagnostics.items if item.severity is Severity.ERROR]
    if errors:
        raise InputError(errors[0])
    result = CandidateFile(written_keys=list(read.candidates))
    result.candidates = pooled_candidates(read.candidates.items())
    return result
