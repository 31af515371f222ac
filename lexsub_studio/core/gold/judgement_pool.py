"""Pooling annotators' judgements into a gold and a SWORDS benchmark.

The **gold** (``lexelt id :: word n;...``) gives each candidate judged acceptable by at least
one annotator the number of *acceptable* votes as its frequency, so the official scorer and
every measure read it as a free-production gold. *unsure* and *not-acceptable* add nothing to
a frequency; a candidate with no acceptable vote is left out of its item, and an item with no
such candidate gets no line (both counted). Entries are ordered by frequency, descending, ties
in the order the candidates were first judged. Candidates are written in the pooled form
(trimmed, whitespace collapsed, lower-cased), as ``lexsub gold`` writes responses.

The **SWORDS benchmark** keeps every label: each judged candidate is a substitute whose labels
are its judgements (``acceptable`` TRUE, ``not-acceptable`` FALSE, ``unsure`` UNSURE) with the
annotators in ``substitute_label_raters``, in the order read. Contexts and targets come from
the corpus (every instance, judged or not), with the content ids of
core/io/formats/swords.py (``c:``/``t:``/``s:`` + SHA-1 of the content), so the same content
gets the same id as ``lexsub convert`` gives it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lexsub_studio.core.io.formats.judgement_task import JudgementTask
from lexsub_studio.core.io.formats.swords import (
    SwordsBenchmark,
    SwordsSubstitute,
    SwordsTarget,
    content_id,
)
from lexsub_studio.core.model.data import Corpus, GoldItem
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.judgements import SWORDS_LABELS, JudgementVotes, candidate_form
from lexsub_studio.core.model.rules import UPOS_OF_POS


@dataclass(slots=True)
class PooledJudgements:
    gold: list[GoldItem]
    benchmark: SwordsBenchmark | None
    stats: dict[str, int] = field(default_factory=dict)
    diagnostics: Diagnostics = field(default_factory=lambda: Diagnostics(None))


def pool_judgements(votes: JudgementVotes, corpus: Corpus | None = None,
                    task: JudgementTask | None = None) -> PooledJudgements:
    """The gold, and (with a corpus, or a task, which holds one) the SWORDS benchmark."""
    if corpus is None and task is not None:
        corpus = task.corpus
    diagnostics = Diagnostics(None)
    stats = {"items_judged": len(votes.items), "candidates_judged": 0, "labels": 0,
             "acceptable": 0, "not_acceptable": 0, "unsure": 0, "gold_items": 0,
             "gold_entries": 0, "candidates_without_acceptable": 0,
             "items_without_acceptable": 0, "unknown_items": 0, "unwritable_candidates": 0,
             "candidates_not_in_task": 0}
    order = list(votes.items)
    if corpus is not None:
        in_corpus = [(lexelt.item, instance.id) for lexelt, instance in corpus.instances()]
        known = set(in_corpus)
        unknown = [key for key in order if key not in known]
        if unknown:
            stats["unknown_items"] = len(unknown)
            shown = ", ".join(f"{lexelt} {item_id}" for lexelt, item_id in unknown[:5])
            diagnostics.error("unknown-item", f"{len(unknown)} judged item(s) are not instances "
                              f"of the corpus ({shown}{' ...' if len(unknown) > 5 else ''}); "
                              "they are left out of the gold and the SWORDS file")
        order = [key for key in in_corpus if key in votes.items]
    task_forms = ({item.key: {candidate_form(c.text) for c in item.candidates}
                   for item in task.items} if task is not None else None)
    gold: list[GoldItem] = []
    for key in order:
        entries = []
        for form, candidate in votes.items[key].items():
            stats["candidates_judged"] += 1
            stats["labels"] += candidate.judges
            stats["acceptable"] += candidate.acceptable
            stats["not_acceptable"] += candidate.count("not-acceptable")
            stats["unsure"] += candidate.count("unsure")
            if task_forms is not None and form not in task_forms.get(key, set()):
                stats["candidates_not_in_task"] += 1
            if not candidate.acceptable:
                stats["candidates_without_acceptable"] += 1
                continue
            if ";" in form:
                stats["unwritable_candidates"] += 1
                diagnostics.error("unwritable-candidate",
                                  f"{key[0]} {key[1]}: '{form}' holds a ';', which a gold file "
                                  "cannot hold; it is left out of the gold (the SWORDS file "
                                  "keeps it)")
                continue
            entries.append((form, candidate.acceptable))
        if not entries:
            stats["items_without_acceptable"] += 1
            continue
        # sorted() is stable: equal frequencies keep the order of first judgement.
        entries.sort(key=lambda entry: -entry[1])
        gold.append(GoldItem(key[0], key[1], entries))
        stats["gold_entries"] += len(entries)
    stats["gold_items"] = len(gold)
    if stats["candidates_not_in_task"]:
        diagnostics.info("not-in-task", f"{stats['candidates_not_in_task']} judged "
                         "candidate(s) are not among their item's candidates in the task "
                         "(added by an annotator); they are pooled like the others")
    for message in votes.repeated:
        diagnostics.warning("repeated-judgement", message)
    benchmark = _benchmark(votes, corpus) if corpus is not None else None
    return PooledJudgements(gold, benchmark, stats, diagnostics)


def _benchmark(votes: JudgementVotes, corpus: Corpus) -> SwordsBenchmark:
    benchmark = SwordsBenchmark(substitutes_lemmatized=False)
    for lexelt, instance in corpus.instances():
        pos = UPOS_OF_POS.get(lexelt.name.pos or "", "X")
        context_id = content_id("c", instance.context)
        benchmark.contexts[context_id] = instance.context
        target = SwordsTarget(context_id, instance.head, instance.head_start, pos)
        target_id = content_id("t", context_id, target.target, target.offset, pos)
        benchmark.targets[target_id] = target
        for form, candidate in votes.items.get((lexelt.item, instance.id), {}).items():
            substitute_id = content_id("s", target_id, form)
            benchmark.substitutes[substitute_id] = SwordsSubstitute(
                target_id, form, [SWORDS_LABELS[label] for label in candidate.labels.values()],
                list(candidate.labels))
    return benchmark
