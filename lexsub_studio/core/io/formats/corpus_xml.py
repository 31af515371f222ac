"""The lexelt XML corpus format (SemEval-2007 LEXSUB and later datasets): read and write.

This is the module other code imports; the work is done by corpus_prepare (bytes: UTF-8 check,
reference repair), corpus_reader (the tree walk), corpus_summary and corpus_quality (the
validation summary) and corpus_writer.
"""

from __future__ import annotations

from lexsub_studio.core.io.formats.corpus_reader import (
    CorpusReadResult,
    read_corpus,
    read_corpus_bytes,
)
from lexsub_studio.core.io.formats.corpus_summary import SUMMARY_KEYS, corpus_stats
from lexsub_studio.core.io.formats.corpus_writer import corpus_to_xml, write_corpus

__all__ = [
    "SUMMARY_KEYS",
    "CorpusReadResult",
    "corpus_stats",
    "corpus_to_xml",
    "read_corpus",
    "read_corpus_bytes",
    "write_corpus",
]
