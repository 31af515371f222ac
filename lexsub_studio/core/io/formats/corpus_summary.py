"""The validation summary of a corpus: sizes, PoS, corrected PoS, inflected heads, damaged text."""

from __future__ import annotations

from operator import attrgetter, countOf

from lexsub_studio.core.io.formats.corpus_quality import (
    QualityReport,
    may_be_damaged,
    raw_may_be_damaged,
)
from lexsub_studio.core.model.data import POS_NAMES, Corpus, split_lexelt

_head_of = attrgetter("head")
_instances_of = attrgetter("instances")

#: Every key corpus_stats returns, in the order a summary shows them.
SUMMARY_KEYS: tuple[str, ...] = (
    "lexelts", "instances", "pos_n", "pos_v", "pos_a", "pos_r", "pos_unknown", "pos_corrected",
    "inflected_heads", "replacement_chars", "c1_controls", "double_encoded",
)


def scan_quality(corpus: Corpus, raw: bytes | None = None) -> QualityReport:
    """Count damaged text in every context; ``raw``, the file the corpus was read from, lets
    one fast search over its bytes settle the usual case of no damage at all."""
    report = QualityReport()
    if raw is not None and not raw_may_be_damaged(raw):
        return report
    for lexelt in corpus.lexelts:
        for instance in lexelt.instances:
            if may_be_damaged(instance.context):
                report.scan(instance.context, (lexelt.item, instance.id, instance.line))
    return report


def corpus_stats(corpus: Corpus, quality: QualityReport | None = None) -> dict[str, int]:
    """Counts over a corpus (pass ``quality`` when it was already scanned).

    PoS counts are instances per PoS of their lexelt; ``pos_corrected`` counts lexelts written
    ``lemma.ori.pos`` with ori != pos; ``inflected_heads`` counts instances whose head text
    differs from the lemma, ignoring case and surrounding blanks. The damaged-text figures are
    characters (see corpus_quality).
    """
    if quality is None:
        quality = scan_quality(corpus)
    stats = dict.fromkeys(SUMMARY_KEYS, 0)
    stats["lexelts"] = len(corpus.lexelts)
    per_pos = {pos: f"pos_{pos}" for pos in POS_NAMES}
    corrected = inflected = 0
    for lexelt in corpus.lexelts:
        lemma, pos, original_pos = split_lexelt(lexelt.item)
        instances = lexelt.instances
        size = len(instances)
        stats[per_pos[pos] if pos else "pos_unknown"] += size
        if original_pos is not None and original_pos != pos:
            corrected += 1
        if size == 1:  # as many lexelts as instances: no iterators to make for one head
            only = instances[0]
            head = only.context[only.head_start:only.head_end]
            inflected += head.strip().casefold() != lemma.casefold()
        else:
            # The heads spelled otherwise than the lemma, counted in C (map and countOf).
            heads = map(str.casefold, map(str.strip, map(_head_of, instances)))
            inflected += size - countOf(heads, lemma.casefold())
    stats["instances"] = sum(map(len, map(_instances_of, corpus.lexelts)))
    stats["pos_corrected"] = corrected
    stats["inflected_heads"] = inflected
    for key, finding in quality.findings().items():
        stats[key] = finding.characters
    return stats
