"""Judgement tasks from the files an organiser hands out, as ``JudgingTask`` (judging.py)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path

from lexsub_studio.core.annotation.judging import JudgingItem, JudgingTask, derived_seed
from lexsub_studio.core.io.formats.corpus_xml import read_corpus_bytes
from lexsub_studio.core.io.formats.textfile import decode_utf8, line_texts, read_input_or_refuse
from lexsub_studio.core.model.data import Corpus
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError


def task_from_corpus(corpus: Corpus, candidates: Mapping[tuple[str, str], Sequence[str]],
                     *, path: Path, title: str, digest: str, seed: int,
                     seeds: Mapping[str, int] | None = None) -> JudgingTask:
    """The instances of ``corpus`` that have candidates, in corpus order, each with its
    candidates (trimmed, empty ones and repeats left out). ``seeds``: the annotators' shuffle
    seeds the task names; others get ``derived_seed(seed, name)``."""
    named = dict(seeds or {})
    items: list[JudgingItem] = []
    for lexelt, instance in corpus.instances():
        given = candidates.get((lexelt.item, instance.id))
        if not given:
            continue
        kept: list[str] = []
        for text in given:
            candidate = " ".join(text.split())
            if candidate and candidate not in kept:
                kept.append(candidate)
        if kept:
            items.append(JudgingItem(lexelt.item, instance, tuple(kept)))
    return JudgingTask(path, title, digest, items,
                       lambda name: named.get(name, derived_seed(seed, name)))


def digest_of(*paths: Path) -> str:
    """The first 16 hex digits of the SHA-256 of the files' bytes, one after the other."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


# -- a corpus with a candidates file ------------------------------------------------------------

#: The suffix of a candidates file opened as a judgement task (the corpus beside it, same name).
CANDIDATES_SUFFIX = ".candidates"


def is_judging_task_file(path: str | Path) -> bool:
    """Whether opening ``path`` starts judging (rather than free production)."""
    return Path(path).suffix.lower() == CANDIDATES_SUFFIX


def parse_candidates(text: str, path: str, diagnostics: Diagnostics) -> dict[str, list[str]]:
    """``lexelt::c1;c2;...`` lines (further ``::`` separate candidates too): lexelt ->
    candidates in file order. A line without ``::`` is an error naming its line, left out."""
    candidates: dict[str, list[str]] = {}
    for number, line in enumerate(line_texts(text.removeprefix("\ufeff")), start=1):
        if not line.strip():
            continue
        lexelt, separator, rest = line.partition("::")
        if not separator or not lexelt.strip():
            diagnostics.error("bad-candidates-line", "a candidates line is "
                              "'lexelt::candidate;candidate;...'; line ignored", number, 1)
            continue
        bucket = candidates.setdefault(lexelt.strip(), [])
        for cell in rest.replace("::", ";").split(";"):
            candidate = " ".join(cell.split())
            if candidate and candidate not in bucket:
                bucket.append(candidate)
    return candidates


def load_candidates_task(path: str | Path) -> tuple[JudgingTask, Diagnostics]:
    """A candidates file (``NAME.candidates``) judged on the corpus beside it (``NAME.xml``):
    every instance of a lexelt gets the lexelt's candidates. InputError when either cannot be
    read; lexelts of the file the corpus lacks are counted in a note."""
    target = Path(path)
    if not target.is_file():
        raise InputError.at(target, "not-found", "no such file")
    corpus_path = target.with_suffix(".xml")
    if not corpus_path.is_file():
        raise InputError.at(target, "no-corpus",
                            f"a candidates file is judged on the corpus of the same name beside "
                            f"it, and there is no {corpus_path.name} in {corpus_path.parent}")
    diagnostics = Diagnostics(str(target))
    by_lexelt = parse_candidates(decode_utf8(read_input_or_refuse(target), str(target)),
                                 str(target), diagnostics)
    corpus_result = read_corpus_bytes(corpus_path.read_bytes(), str(corpus_path))
    diagnostics.extend(corpus_result.diagnostics)
    corpus = corpus_result.corpus
    known = {lexelt.item for lexelt in corpus.lexelts}
    unknown = [lexelt for lexelt in by_lexelt if lexelt not in known]
    if unknown:
        diagnostics.info("unknown-lexelts", f"{len(unknown)} lexelt(s) of the candidates file "
                         f"are not in {corpus_path.name} and are not judged: "
                         f"{', '.join(unknown[:5])}{' …' if len(unknown) > 5 else ''}")
    candidates = {(lexelt.item, instance.id): by_lexelt.get(lexelt.item, [])
                  for lexelt, instance in corpus.instances()}
    task = task_from_corpus(corpus, candidates, path=target, title=target.stem,
                            digest=digest_of(target, corpus_path), seed=0)
    if not task.items:
        raise InputError.at(target, "no-items", f"no instance of {corpus_path.name} has a "
                            "candidate in this file: there is nothing to judge")
    return task, diagnostics


def load_judging_task(path: str | Path) -> tuple[JudgingTask, Diagnostics]:
    """Read a judgement task (run in the background); InputError when it cannot be used."""
    return load_candidates_task(path)
