"""Made-up corpora and helpers shared by the campaign tests and the campaign benchmark."""

from __future__ import annotations

from lexsub_studio.core.io.formats.corpus_writer import corpus_to_xml
from lexsub_studio.core.model.data import Corpus, Instance, Lexelt

_WORDS = {"bright.a": "bright", "charge.n": "charge", "settle.v": "settle", "pale.a": "pale"}


def made_up_corpus(per_lexelt: int) -> tuple[Corpus, str]:
    """A corpus of ``per_lexelt`` sentences for each of four targets, and its XML."""
    lexelts = []
    for offset, (item, word) in enumerate(_WORDS.items()):
        instances = []
        for number in range(offset * per_lexelt + 1, (offset + 1) * per_lexelt + 1):
            left = f"Sentence {number} about the "
            context = f"{left}{word} thing we wrote for the tests ."
            instances.append(Instance(str(number), context, len(left), len(left) + len(word)))
        lexelts.append(Lexelt(item, instances))
    corpus = Corpus(lexelts)
    return corpus, corpus_to_xml(corpus)
