"""Making a judgement task: for each instance of a corpus, the candidate substitutes annotators
will judge, gathered from several sources, each candidate with its provenance.

Sources, in the order a candidate's provenance lists them and ties are broken: gold files and
responses files (pooled free production), SWORDS benchmarks, candidates files
(``lexelt::c1;c2``), system files (best or oot: the post-hoc evaluation; with ``only_new``,
an answer already in that gold is left out), and WordNet (the candidates of the task's WordNet
baseline, core/dataset/baselines/wordnet.py, every tier). Candidates are compared as responses
are pooled (trimmed, whitespace collapsed, lower-cased); the first spelling met is kept. The
target's own lemma is never a candidate.

With a cap (``max_candidates``) an instance keeps the candidates most sources agree on (then
the order above); the others are listed as cut, so that nothing is dropped unsaid.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from lexsub_studio.core.dataset.baselines.wordnet import WordNet
from lexsub_studio.core.io.formats.judgement_task import JudgementTask, TaskCandidate, TaskItem
from lexsub_studio.core.io.formats.judgement_task import derive_seed as _derive_seed
from lexsub_studio.core.io.formats.swords import SwordsBenchmark, lexelt_of
from lexsub_studio.core.model.data import Corpus, GoldItem, ResponseRow, SystemAnswer, parse_lexelt
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.judgements import candidate_form
from lexsub_studio.core.model.response_form import normalise_response

Key = tuple[str, str]


@dataclass(slots=True)
class CandidateSources:
    """Everything candidates may come from; each list holds (file name, its content)."""

    golds: list[tuple[str, Sequence[GoldItem]]] = field(default_factory=list)
    responses: list[tuple[str, Sequence[ResponseRow]]] = field(default_factory=list)
    swords: list[tuple[str, SwordsBenchmark]] = field(default_factory=list)
    candidate_files: list[tuple[str, dict[str, list[str]]]] = field(default_factory=list)
    #: (system name, file name, answers): the provenance is ``system:NAME``.
    systems: list[tuple[str, str, Sequence[SystemAnswer]]] = field(default_factory=list)
    wordnet: WordNet | None = None
    #: With a gold here, a system's answer already in it (for that item) is left out.
    only_new: Sequence[GoldItem] | None = None


@dataclass(slots=True)
class MadeTask:
    task: JudgementTask
    stats: dict[str, int]
    diagnostics: Diagnostics


def make_judgement_task(corpus: Corpus, sources: CandidateSources, *, seed: int,
                        max_candidates: int | None = None, annotators: Sequence[str] = (),
                        title: str = "", created: str = "",
                        inputs: Sequence[dict[str, str]] = ()) -> MadeTask:
    diagnostics = Diagnostics(None)
    stats = {"items": 0, "candidates": 0, "cut": 0, "items_without_candidates": 0,
             "items_cut": 0, "same_as_target": 0, "system_answers_in_gold": 0,
             "swords_targets_unmatched": 0, "not_in_wordnet": 0}
    proposals: dict[Key, dict[str, TaskCandidate]] = {}

    def propose(key: Key, text: str, source: str) -> None:
        form = candidate_form(text)
        if not form:
            return
        bucket = proposals.setdefault(key, {})
        entry = bucket.get(form)
        if entry is None:
            entry = bucket[form] = TaskCandidate(" ".join(text.split()), [])
        if source not in entry.sources:
            entry.sources.append(source)

    instances = corpus.instances()
    keys = [(lexelt.item, instance.id) for lexelt, instance in instances]
    known = set(keys)
    for _, gold_items in sources.golds:
        for item in gold_items:
            if item.key in known:
                for substitute, _count in item.entries:
                    if substitute != "pn":
                        propose(item.key, substitute, "gold")
    for _, rows in sources.responses:
        for key, pooled_forms in _pooled_responses(rows).items():
            if key in known:
                for substitute in pooled_forms:
                    propose(key, substitute, "responses")
    for name, benchmark in sources.swords:
        unmatched = _swords_candidates(benchmark, corpus, propose)
        if unmatched:
            stats["swords_targets_unmatched"] += unmatched
            diagnostics.warning("swords-unmatched",
                                f"{name}: {unmatched} target(s) match no instance of the corpus "
                                "(by lexelt and id, or by context and offset); their "
                                "substitutes are not used")
    for _, by_lexelt in sources.candidate_files:
        for key in keys:
            for candidate in by_lexelt.get(key[0], []):
                propose(key, candidate, "candidates-file")
    in_gold = _gold_forms(sources.only_new) if sources.only_new is not None else None
    for name, _, answers in sources.systems:
        for answer in answers:
            if answer.key not in known:
                continue
            for text in answer.answers:
                if in_gold is not None and candidate_form(text) in in_gold.get(answer.key, ()):
                    stats["system_answers_in_gold"] += 1
                    continue
                propose(answer.key, text, f"system:{name}")
    if sources.wordnet is not None:
        missing: set[str] = set()
        for key in keys:
            target_name = parse_lexelt(key[0])
            if target_name.pos is None:
                continue
            found = sources.wordnet.candidates(target_name.lemma, target_name.pos)
            if found is None:
                stats["not_in_wordnet"] += 1
                missing.add(f"{target_name.lemma}.{target_name.pos}")
                continue
            for candidate in found:
                propose(key, candidate, "wordnet")
        if missing:
            shown = ", ".join(sorted(missing)[:10]) + (" ..." if len(missing) > 10 else "")
            diagnostics.info("not-in-wordnet", f"{len(missing)} lemma.pos not in WordNet "
                             f"({stats['not_in_wordnet']} instance(s) get nothing from it): "
                             f"{shown}")

    items: list[TaskItem] = []
    for key in keys:
        target = candidate_form(parse_lexelt(key[0]).lemma)
        ranked: list[TaskCandidate] = []
        for form, entry in proposals.get(key, {}).items():
            if form == target:
                stats["same_as_target"] += 1
                continue
            ranked.append(entry)
        if max_candidates is not None and len(ranked) > max_candidates:
            # Most sources first; sorted() is stable, so ties keep the order of the sources.
            ranked.sort(key=lambda entry: -len(entry.sources))
            kept, cut = ranked[:max_candidates], ranked[max_candidates:]
            stats["items_cut"] += 1
        else:
            kept, cut = ranked, []
        items.append(TaskItem(key[0], key[1], kept, cut))
        stats["items"] += 1
        stats["candidates"] += len(kept)
        stats["cut"] += len(cut)
        if not kept:
            stats["items_without_candidates"] += 1
    if stats["items_without_candidates"]:
        diagnostics.warning("no-candidates", f"{stats['items_without_candidates']} instance(s) "
                            "have no candidate from any source")
    if stats["cut"]:
        diagnostics.info("cut", f"{stats['cut']} candidate(s) of {stats['items_cut']} "
                         f"instance(s) are beyond --max-candidates {max_candidates}; the task "
                         "lists them under \"cut\"")
    task = JudgementTask(corpus, items, seed,
                         {name: _derive_seed(seed, name) for name in annotators},
                         max_candidates, [dict(entry) for entry in inputs], title, created)
    return MadeTask(task, stats, diagnostics)


def _pooled_responses(rows: Sequence[ResponseRow]) -> dict[Key, list[str]]:
    """Each item's substitutes given in free production, the most often given first (then in
    order of first appearance); NIL and proper-name rows give none."""
    spelling: dict[Key, dict[str, str]] = {}
    counts: dict[Key, Counter[str]] = {}
    for row in rows:
        if row.nil or row.proper_name:
            continue
        key = (row.lexelt, row.id)
        first = spelling.setdefault(key, {})
        tally = counts.setdefault(key, Counter())
        for substitute in row.substitutes:
            form = normalise_response(substitute)
            if form:
                first.setdefault(form, substitute)
                tally[form] += 1
    # Counter.most_common keeps the order of first appearance among equal counts.
    return {key: [spelling[key][form] for form, _ in tally.most_common()]
            for key, tally in counts.items()}


def _gold_forms(gold: Sequence[GoldItem]) -> dict[Key, set[str]]:
    return {item.key: {candidate_form(substitute) for substitute, _ in item.entries}
            for item in gold}


def _swords_candidates(benchmark: SwordsBenchmark, corpus: Corpus,
                       propose: Callable[[Key, str, str], None]) -> int:
    """Propose each SWORDS target's substitutes for its instance: the instance with its lexelt
    and id (a corpus converted from that benchmark), else the one with its context and offset.
    The number of targets that match none."""
    by_key = {(lexelt.item, instance.id): (lexelt.item, instance.id)
              for lexelt, instance in corpus.instances()}
    by_place = {(instance.context, instance.head_start): (lexelt.item, instance.id)
                for lexelt, instance in corpus.instances()}
    target_key: dict[str, Key] = {}
    unmatched = 0
    for target_id, target in benchmark.targets.items():
        key = by_key.get((lexelt_of(target), target_id)) or by_place.get(
            (benchmark.contexts.get(target.context_id, ""), target.offset))
        if key is None:
            unmatched += 1
            continue
        target_key[target_id] = key
    for substitute in benchmark.substitutes.values():
        key = target_key.get(substitute.target_id)
        if key is not None:
            propose(key, substitute.substitute, "swords")
    return unmatched
