"""The corpus language (``<corpus lang="...">``) and what follows from it: which lemmatiser gives
the lemma hints, the curation's inflection and typo proposals and the form-of-target check, and
which way the text runs.

``language_of`` reads a ``lang`` value as corpora write it: an ISO 639-1 code (``de``), a
region-tagged one (``pt-BR``, ``de_DE``), a few ISO 639-2 codes (``deu``, ``ita``) or an English
name (``german``), in any case. No value means English, as SemEval-2007's corpora say nothing
else. English keeps lemminflect's dictionary (core/model/lemmas.py); the other languages that
simplemma has a dictionary for use it, dictionary only (its affix rules guess, and a wrong hint
misleads more than a missing one); any other language gets no lemma hint at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from lexsub_studio.core.model import lemmas as english
from lexsub_studio.core.model.rules import UPOS_OF_POS

if TYPE_CHECKING:
    from simplemma.strategies import DictionaryLookupStrategy

#: ISO 639-1 codes and the English names messages use.
LANGUAGE_NAMES: Mapping[str, str] = {
    "ar": "Arabic", "bg": "Bulgarian", "ca": "Catalan", "cs": "Czech", "cy": "Welsh",
    "da": "Danish", "de": "German", "el": "Greek", "en": "English", "eo": "Esperanto",
    "es": "Spanish", "et": "Estonian", "eu": "Basque", "fa": "Persian", "fi": "Finnish",
    "fr": "French", "ga": "Irish", "gd": "Scottish Gaelic", "gl": "Galician", "he": "Hebrew",
    "hi": "Hindi", "hr": "Croatian", "hu": "Hungarian", "hy": "Armenian", "id": "Indonesian",
    "is": "Icelandic", "it": "Italian", "ja": "Japanese", "ka": "Georgian", "ko": "Korean",
    "la": "Latin", "lb": "Luxembourgish", "lt": "Lithuanian", "lv": "Latvian",
    "mk": "Macedonian", "ml": "Malayalam", "ms": "Malay", "nb": "Norwegian Bokmål",
    "nl": "Dutch", "nn": "Norwegian Nynorsk", "pl": "Polish", "pt": "Portuguese",
    "ro": "Romanian", "ru": "Russian", "sk": "Slovak", "sl": "Slovenian", "sq": "Albanian",
    "sr": "Serbian", "sv": "Swedish", "sw": "Swahili", "th": "Thai", "tl": "Tagalog",
    "tlh": "Klingon", "tr": "Turkish", "uk": "Ukrainian", "ur": "Urdu", "vi": "Vietnamese",
    "yi": "Yiddish", "zh": "Chinese",
}
#: Other spellings of a language corpora use, folded to its ISO 639-1 code.
_ALIASES: Mapping[str, str] = {
    **{name.lower(): code for code, name in LANGUAGE_NAMES.items()},
    "eng": "en", "deu": "de", "ger": "de", "ita": "it", "spa": "es", "por": "pt", "fra": "fr",
    "fre": "fr", "nld": "nl", "dut": "nl", "ara": "ar", "heb": "he", "fas": "fa", "per": "fa",
    "iw": "he", "deutsch": "de", "italiano": "it", "español": "es", "espanol": "es",
    "português": "pt", "portugues": "pt", "français": "fr", "francais": "fr",
    "farsi": "fa", "norwegian": "nb", "no": "nb",
}
#: Languages written right to left.
RIGHT_TO_LEFT = frozenset({"ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"})
#: Languages that write every noun with a capital.
CAPITALISED_NOUNS = frozenset({"de", "lb"})


class Lemmatiser(Protocol):
    """A language's lemma dictionary, as the annotation checks and merge proposals ask it."""

    @property
    def phrases(self) -> bool:
        """Whether its phrase rules (a verb first, a plural noun last) hold for the language
        (read-only: the lemmatisers are frozen)."""
        ...

    def dictionary_lemmas(self, word: str) -> Mapping[str, tuple[str, ...]]:
        """The word's lemmas by universal PoS tag; empty for a word the dictionary lacks."""
        ...

    def lemmas_as(self, word: str, pos: str) -> tuple[str, ...]:
        """The word's lemmas as the lexsub PoS letter ``pos``; none for another letter."""
        ...

    def known_word(self, word: str) -> bool:
        ...

    def load(self) -> None:
        """Read the dictionary now (it loads on the first look-up otherwise), off the GUI
        thread: some take seconds."""
        ...


@dataclass(frozen=True, slots=True)
class EnglishLemmatiser:
    """lemminflect's English dictionary (core/model/lemmas.py), by PoS."""

    phrases: bool = True

    def dictionary_lemmas(self, word: str) -> Mapping[str, tuple[str, ...]]:
        return english.dictionary_lemmas(word)

    def lemmas_as(self, word: str, pos: str) -> tuple[str, ...]:
        return english.lemmas_as(word, pos)

    def known_word(self, word: str) -> bool:
        return english.known_word(word)

    def load(self) -> None:
        english.dictionary_lemmas("")


#: The tag simplemma's lemmas are filed under: its dictionaries know no PoS.
ANY_POS = "X"


@dataclass(frozen=True, slots=True)
class SimplemmaLemmatiser:
    """simplemma's dictionary for one language: one lemma per form, whatever the PoS.

    A word that is a lemma in either casing (``haus``: ``Haus``) is its own lemma: German
    lower-cases a noun's capital at the start of a compound and many such pairs exist
    (``Haus``/``hausen``), so no hint is better than the other word's lemma.
    """

    code: str
    phrases: bool = False

    def dictionary_lemmas(self, word: str) -> Mapping[str, tuple[str, ...]]:
        return _simplemma_lemmas(self.code, word)

    def lemmas_as(self, word: str, pos: str) -> tuple[str, ...]:
        if pos not in UPOS_OF_POS:
            return ()
        if pos == "n" and self.code in CAPITALISED_NOUNS and word[:1].islower():
            # A lower-cased noun (pools lower-case answers) is looked up as the noun it is:
            # ``bauten`` as a noun is ``Bauten`` -> ``Bau``, not the verb ``bauen``.
            noun = _simplemma_lemmas(self.code, word[:1].upper() + word[1:]).get(ANY_POS, ())
            if noun:
                return tuple(word if lemma.lower() == word else lemma for lemma in noun)
        return _simplemma_lemmas(self.code, word).get(ANY_POS, ())

    def known_word(self, word: str) -> bool:
        return bool(_simplemma_lemmas(self.code, word))

    def load(self) -> None:
        _lookup().get_lemma("", self.code)


@lru_cache(maxsize=1 << 16)
def _simplemma_lemmas(code: str, word: str) -> dict[str, tuple[str, ...]]:
    lookup = _lookup()
    lemma = lookup.get_lemma(word, code)
    if lemma is None:
        return {}
    for casing in {word, word.lower(), word[:1].upper() + word[1:]}:
        if lookup.exact_lemma(casing, code) == casing:
            return {ANY_POS: (word,)}
    return {ANY_POS: (lemma,)}


@lru_cache(maxsize=1)
def _lookup() -> DictionaryLookupStrategy:
    # Imported on first use: a corpus in English never pays for simplemma; its tables load
    # per language on the first look-up.
    from simplemma.strategies import DictionaryLookupStrategy

    return DictionaryLookupStrategy()


@lru_cache(maxsize=1)
def simplemma_codes() -> frozenset[str]:
    """The languages simplemma has a dictionary for, as installed (one data file each)."""
    from simplemma.strategies.dictionaries.dictionary_factory import SUPPORTED_LANGUAGES

    return frozenset(SUPPORTED_LANGUAGES)


@dataclass(frozen=True, slots=True)
class Language:
    """A corpus language: its code, its name for messages, its lemmatiser (None: no lemma
    hints) and its direction."""

    code: str
    name: str
    lemmatiser: EnglishLemmatiser | SimplemmaLemmatiser | None
    right_to_left: bool = False

    @property
    def label(self) -> str:
        """``German (de)``; the value as written when the language is not known by name."""
        return self.name if self.name == self.code else f"{self.name} ({self.code})"


ENGLISH = Language("en", "English", EnglishLemmatiser())


def language_of(lang: str | None) -> Language:
    """The language a corpus's ``lang`` names (no value, or an empty one: English)."""
    value = (lang or "").strip()
    if not value:
        return ENGLISH
    folded = value.lower()
    code = _ALIASES.get(folded)
    if code is None:
        primary = folded.replace("_", "-").split("-", 1)[0]
        code = primary if primary in LANGUAGE_NAMES else _ALIASES.get(primary, primary)
    if code == "en":
        return ENGLISH
    name = LANGUAGE_NAMES.get(code, value)
    lemmatiser = SimplemmaLemmatiser(code) if code in simplemma_codes() else None
    return Language(code, name, lemmatiser, code in RIGHT_TO_LEFT)
