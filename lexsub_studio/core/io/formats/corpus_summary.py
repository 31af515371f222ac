"""The validation summary of a corpus: sizes, PoS, corrected PoS, inflected heads, damaged text."""

from __future__ import annotations

from operator import attrgetter, countOf

from lexsub_studio.core.io.formats.corpus_quality import (
    QualityReport,
    may_be_damaged,
    raw_may_be_damaged,
)
from lexsub_studio.core.model.data import Corpus

_head_of = attrgetter("head")

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
    for lexelt in corpus.lexelts:
        name = lexelt.name
        size = len(lexelt.instances)
        stats["instances"] += size
        stats[f"pos_{name.pos}" if name.pos else "pos_unknown"] += size
        if name.pos_corrected:
            stats["pos_corrected"] += 1
        # The heads spelled otherwise than the lemma, counted in C (map and countOf).
        heads = map(str.casefold, map(str.strip, map(_head_of, lexelt.instances)))
        stats["inflected_heads"] += size - countOf(heads, name.lemma.casefold())
    for key, finding in quality.findings().items():
        stats[key] = finding.characters
    return stats
