"""The English lemma dictionary (lemminflect's), the one place every lemma look-up goes through.

Only the dictionary is used, never lemminflect's rules for words it does not know: they guess
(``promising`` -> ``promise`` as an adjective), and a wrong lemma misleads more than a missing
one. The tables load on the first look-up (they take a moment), so nothing that merely imports
this module pays for them; each word is looked up once (answers and gold entries repeat).
"""

from __future__ import annotations

from functools import lru_cache

from lexsub_studio.core.model.rules import UPOS_OF_POS

#: Words whose lemmas are remembered; a dataset's distinct words fit many times over.
_REMEMBERED_WORDS = 1 << 16


@lru_cache(maxsize=_REMEMBERED_WORDS)
def dictionary_lemmas(word: str) -> dict[str, tuple[str, ...]]:
    """The word's lemmas by universal PoS tag (``NOUN``, ``VERB``, ``ADJ``, ``ADV``, ...), as the
    dictionary lists them; empty for a word it does not know. The dictionary is shared between
    callers: read it, never change it."""
    from lemminflect import getAllLemmas  # loaded on first use: it reads its tables

    return getAllLemmas(word)


def lemmas_as(word: str, pos: str) -> tuple[str, ...]:
    """The word's lemmas as the lexsub PoS letter ``pos`` (n, v, a, r); none for another letter."""
    upos = UPOS_OF_POS.get(pos)
    return dictionary_lemmas(word).get(upos, ()) if upos is not None else ()


def known_word(word: str) -> bool:
    """Whether the dictionary knows the word under any PoS."""
    return bool(dictionary_lemmas(word))


def answer_lemma(answer: str, pos: str | None) -> str:
    """The answer as a lemma of the PoS letter ``pos`` (n, v, a, r), for matching answers to a
    gold of lemmas (``answered`` -> ``answer`` as a verb, ``cars`` -> ``car`` as a noun).

    As SWORDS' evaluation lemmatises: one lemma per answer, found with the target's PoS, a PoS
    other than the four read as a noun. An answer of several words is left as written (SWORDS'
    lemmatiser looks the whole phrase up, and a spaced phrase is never an entry), as is a word
    the dictionary does not know under that PoS or lists as one of its own lemmas (``glasses``).
    Case is kept on the first letter; surrounding white space is trimmed.
    """
    word = answer.strip()
    if not word or any(character.isspace() for character in word):
        return word
    lower = word.lower()
    lemmas = lemmas_as(lower, pos if pos in UPOS_OF_POS else "n")
    if not lemmas or lower in lemmas:
        return word
    lemma = lemmas[0]
    return lemma[:1].upper() + lemma[1:] if word[:1].isupper() else lemma
