"""The WordNet baseline of the task (McCarthy and Navigli, SemEval-2007 task 10), on a local
WordNet database.

The candidates for a target lemma and PoS come in four tiers, each ranked by word frequency
and each after the one before (a word appears once, in the first tier that gives it):

1. the other lemmas of the first listed synset (its synonyms);
2. the lemmas of the synsets related to that first synset: hypernyms (and instance hypernyms)
   for nouns and verbs, the similar-to cluster ("closely related classes") for adjectives;
   adverbs have no such relation;
3. the lemmas of the other synsets of the target, in WordNet's sense order;
4. the lemmas of the synsets related to any synset of the target, the same relations.

best is the first of that list, oot its first ten, weighted the whole list with weight 1/rank.
The task description (§5) names only the first two tiers; the task paper's baseline goes on to
the last two, so that a lemma whose first sense is a lone word (many adverbs and top-level
verbs) still gets an answer.

Differences from the 2007 baseline, by necessity: the frequency of a word is the number of
times WordNet's semantic concordances tagged it in any of its senses of that PoS (the sum of
its ``cntlist.rev`` counts; a missing file gives 0 for all), not the BNC counts of the task
organisers, which are not available; equal frequencies keep WordNet's order. The database is
whichever WordNet the directory holds (3.0 from Debian's wordnet-base), not 2.1.

The database is read with nltk's WordNetCorpusReader, pointed at the directory; nothing is ever
downloaded. Two adaptations let it read the layout Debian installs: the ``lexnames`` table (the
standard list of the 45 lexicographer files, which Debian leaves out) is supplied when the
directory has none, as are empty exception lists; and the cross-version sense mapping, which
only the multilingual functions use and which would look for a second, downloaded WordNet, is
switched off. nltk only opens files under directories registered in ``nltk.data.path``, so the
database directory is added there.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from lexsub_studio.core.dataset.baselines.common import (
    BaselineResult,
    ProgressCallback,
    Target,
    drop_unwritable,
)
from lexsub_studio.core.model.data import parse_lexelt
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.runtime.extras import WORDNET

#: Where Debian's wordnet-base package installs the database.
DEBIAN_WORDNET_DIR = Path("/usr/share/wordnet")
REQUIRED_FILES = tuple(f"{kind}.{pos}" for kind in ("index", "data")
                       for pos in ("noun", "verb", "adj", "adv"))
COUNT_FILE = "cntlist.rev"
EXCEPTION_FILES = ("noun.exc", "verb.exc", "adj.exc", "adv.exc")
#: The lexicographer files of WordNet, numbered 0..44 (documented in lexnames(5WN)).
LEXNAMES = (
    "adj.all", "adj.pert", "adv.all", "noun.Tops", "noun.act", "noun.animal", "noun.artifact",
    "noun.attribute", "noun.body", "noun.cognition", "noun.communication", "noun.event",
    "noun.feeling", "noun.food", "noun.group", "noun.location", "noun.motive", "noun.object",
    "noun.person", "noun.phenomenon", "noun.plant", "noun.possession", "noun.process",
    "noun.quantity", "noun.relation", "noun.shape", "noun.state", "noun.substance", "noun.time",
    "verb.body", "verb.change", "verb.cognition", "verb.communication", "verb.competition",
    "verb.consumption", "verb.contact", "verb.creation", "verb.emotion", "verb.motion",
    "verb.perception", "verb.possession", "verb.social", "verb.stative", "verb.weather",
    "adj.ppl",
)
_LEXNAME_POS = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}
PROGRESS_EVERY = 50


class WordNetUnavailable(Exception):
    """No usable local WordNet database (or no reader for it); the message says what to do."""


def _missing_files(directory: Path) -> list[str]:
    return [name for name in REQUIRED_FILES if not (directory / name).is_file()]


def find_wordnet(directory: str | Path | None = None) -> Path:
    """The database directory: ``directory`` (or its ``dict`` subdirectory, the layout of the
    Princeton distribution) when given, else Debian's /usr/share/wordnet."""
    if directory is not None:
        chosen = Path(directory)
        if not chosen.is_dir():
            raise WordNetUnavailable(f"WordNet directory {chosen} does not exist")
        for candidate in (chosen, chosen / "dict"):
            if candidate.is_dir() and not _missing_files(candidate):
                return candidate
        missing = ", ".join(_missing_files(chosen))
        raise WordNetUnavailable(f"{chosen} is not a WordNet database directory: it lacks "
                                 f"{missing}")
    if DEBIAN_WORDNET_DIR.is_dir() and not _missing_files(DEBIAN_WORDNET_DIR):
        return DEBIAN_WORDNET_DIR
    raise WordNetUnavailable(
        "no local WordNet database found: point to one (a directory holding index.noun, "
        "data.noun, ...; with --wordnet DIR on the command line) or install Debian's "
        f"wordnet-base package (apt-get install wordnet-base), which puts it in "
        f"{DEBIAN_WORDNET_DIR}. LexSub Studio never downloads WordNet.")


def _lexnames_text() -> str:
    return "".join(f"{index:02d}\t{name}\t{_LEXNAME_POS[name.split('.')[0]]}\n"
                   for index, name in enumerate(LEXNAMES))


@lru_cache(maxsize=1)
def _reader_class() -> type:
    try:
        from nltk.corpus.reader.wordnet import WordNetCorpusReader
    except ImportError:
        raise WordNetUnavailable(WORDNET.missing_text()) from None

    class LocalWordNetReader(WordNetCorpusReader):
        """nltk's reader, made to read the Debian layout (see the module doc)."""

        def open(self, file: str) -> Any:
            directory = Path(str(self.root))
            if not (directory / file).exists():
                if file == "lexnames":
                    return io.StringIO(_lexnames_text())
                if file in EXCEPTION_FILES:
                    return io.StringIO("")
            return super().open(file)

        def map_wn(self, version: str = "wordnet") -> None:
            return None

    return LocalWordNetReader


def _holds(synset: Any, forms: set[str]) -> bool:
    return any(name.replace("_", " ").casefold() in forms for name in synset.lemma_names())


def _related(synsets: Sequence[Any], pos: str) -> list[Any]:
    """The synsets related to ``synsets`` as the task's baseline relates them: hypernyms and
    instance hypernyms for nouns and verbs, the similar-to cluster ("closely related classes")
    for adjectives, none for adverbs. Taken synset by synset; nltk keeps one synset's
    relations in no fixed order, so they are taken by database offset, which makes ties
    reproducible."""
    related: list[Any] = []
    for synset in synsets:
        if pos in ("n", "v"):
            found = list(synset.hypernyms()) + list(synset.instance_hypernyms())
        elif pos == "a":
            found = list(synset.similar_tos())
        else:
            found = []
        related.extend(other for other in sorted(found, key=lambda other: other.offset())
                       if other not in related)
    return related


class WordNet:
    """A local WordNet database, read once; ``candidates`` gives the baseline's ranked list."""

    def __init__(self, directory: str | Path | None = None) -> None:
        self.directory = find_wordnet(directory).resolve()
        reader_class = _reader_class()
        import nltk.data

        if str(self.directory) not in [str(entry) for entry in nltk.data.path]:
            nltk.data.path.append(str(self.directory))
        self.has_counts = (self.directory / COUNT_FILE).is_file()
        try:
            with warnings.catch_warnings():
                # nltk warns that the multilingual functions are unavailable: they are unused.
                warnings.simplefilter("ignore")
                self._reader = reader_class(str(self.directory), None)
        except Exception as error:  # nltk raises many kinds on a damaged database
            raise WordNetUnavailable(f"cannot read the WordNet database in {self.directory}: "
                                     f"{error}") from None
        self._word_counts: dict[tuple[str, str], int] = {}
        self._tiers: dict[tuple[str, str], list[list[str]] | None] = {}

    def _word_count(self, name: str, pos: str) -> int:
        """How often the word was tagged in any of its senses of that PoS: the nearest WordNet
        has to the task's word frequencies (a BNC word count knows no senses)."""
        key = (name.casefold(), pos)
        if key not in self._word_counts:
            total = 0
            if self.has_counts:
                for synset in self._reader.synsets(name.replace(" ", "_"), pos=pos):
                    total += sum(int(lemma.count()) for lemma in synset.lemmas()
                                 if lemma.name().replace("_", " ").casefold() == key[0])
            self._word_counts[key] = total
        return self._word_counts[key]

    def _ranked_lemmas(self, synsets: Sequence[Any], exclude: set[str]) -> list[str]:
        """The lemmas of ``synsets`` not in ``exclude``, most frequent word first; ``exclude``
        grows by the names returned, so a later tier never repeats them."""
        found: dict[str, int] = {}
        for synset in synsets:
            count_pos = "a" if synset.pos() == "s" else synset.pos()
            for lemma in synset.lemmas():
                name = lemma.name().replace("_", " ")
                if name.casefold() in exclude:
                    continue
                exclude.add(name.casefold())
                found[name] = self._word_count(name, count_pos)
        # sorted() is stable: equal counts keep the order of the synsets and their lemmas.
        return sorted(found, key=lambda name: -found[name])

    def _own_synsets(self, lemma: str, pos: str) -> tuple[list[Any], set[str]]:
        """The senses of the target in WordNet's order, and the forms that name the target.

        nltk's lookup also returns the senses of other words the lemma can be an inflection of
        (``lay`` gives lie's senses, ``better`` those of well): only synsets holding the lemma
        itself are its senses. A lemma WordNet lacks (an inflected form in the lexelt) falls
        back to its base form's senses.
        """
        synsets = self._reader.synsets(lemma.replace(" ", "_"), pos=pos)
        forms = {lemma.casefold()}
        own = [synset for synset in synsets if _holds(synset, forms)]
        if not own and synsets:
            base = self._reader.morphy(lemma.replace(" ", "_").casefold(), pos)
            if base is not None:
                forms.add(base.replace("_", " ").casefold())
            own = [synset for synset in synsets if _holds(synset, forms)] or synsets
        return own, forms

    def candidates(self, lemma: str, pos: str) -> list[str] | None:
        """The baseline's ranked candidates, the four tiers of the module doc in turn; None
        when WordNet has no synset for the lemma and PoS."""
        tiers = self.candidate_tiers(lemma, pos)
        return None if tiers is None else [name for tier in tiers for name in tier]

    def candidate_tiers(self, lemma: str, pos: str) -> list[list[str]] | None:
        """The candidates of each of the four tiers of the module doc, each ranked by word
        frequency; a word is listed only in the first tier that gives it. None when WordNet has
        no synset for the lemma and PoS."""
        key = (lemma.casefold(), pos)
        if key not in self._tiers:
            synsets, forms = self._own_synsets(lemma, pos)
            if not synsets:
                self._tiers[key] = None
            else:
                exclude = set(forms)
                first, all_senses = synsets[:1], synsets
                self._tiers[key] = [
                    self._ranked_lemmas(first, exclude),
                    self._ranked_lemmas(_related(first, pos), exclude),
                    self._ranked_lemmas(all_senses[1:], exclude),
                    self._ranked_lemmas(_related(all_senses, pos), exclude),
                ]
        tiers = self._tiers[key]
        # Copies, so that a caller's changes never reach the cache.
        return None if tiers is None else [list(tier) for tier in tiers]


def wordnet_baseline(targets: Sequence[Target], wordnet: WordNet, *,
                     progress: ProgressCallback | None = None) -> BaselineResult:
    diagnostics = Diagnostics(None)
    stats = {"items": len(targets), "answered": 0, "without_candidates": 0,
             "not_in_wordnet": 0, "unknown_pos": 0, "from_other_senses": 0}
    ranked: dict[tuple[str, str], list[tuple[str, float]]] = {}
    cache: dict[tuple[str, str], list[list[str]] | None] = {}
    from_other_senses: set[str] = set()
    for done, target in enumerate(targets):
        if progress is not None and done % PROGRESS_EVERY == 0:
            progress(done, len(targets))
        name = parse_lexelt(target.lexelt)
        if name.pos is None:
            stats["unknown_pos"] += 1
            ranked[target.key] = []
            continue
        key = (name.lemma, name.pos)
        if key not in cache:
            cache[key] = wordnet.candidate_tiers(name.lemma, name.pos)
        tiers = cache[key]
        if tiers is None:
            stats["not_in_wordnet"] += 1
            tiers = []
        names = [sub for tier in tiers for sub in tier]
        candidates = [(sub, 1.0 / rank) for rank, sub in enumerate(names, start=1)]
        candidates = drop_unwritable(candidates, diagnostics, stats,
                                     f"{target.lexelt} {target.id}")
        ranked[target.key] = candidates
        stats["answered" if candidates else "without_candidates"] += 1
        first_sense_names = set(tiers[0] + tiers[1]) if tiers else set()
        if candidates and candidates[0][0] not in first_sense_names:
            stats["from_other_senses"] += 1
            from_other_senses.add(f"{name.lemma}.{name.pos}")
    if progress is not None:
        progress(len(targets), len(targets))
    if stats["unknown_pos"]:
        diagnostics.warning("unknown-pos", f"{stats['unknown_pos']} item(s) have a lexelt "
                            "without a known PoS and get no answer")
    if from_other_senses:
        # The first-synset baseline of the task description would leave these unanswered.
        shown = ", ".join(sorted(from_other_senses)[:10]) + (
            " ..." if len(from_other_senses) > 10 else "")
        diagnostics.info("from-other-senses", f"{stats['from_other_senses']} item(s) of "
                         f"{len(from_other_senses)} lemma.pos get nothing from the first sense "
                         f"or its related synsets and are answered from the other senses: "
                         f"{shown}")
    missing = sorted({f"{lemma}.{pos}" for (lemma, pos), tiers in cache.items()
                      if tiers is None})
    if missing:
        shown = ", ".join(missing[:10]) + (" ..." if len(missing) > 10 else "")
        diagnostics.info("not-in-wordnet", f"{len(missing)} lemma.pos not in WordNet ("
                         f"{stats['not_in_wordnet']} item(s), no answer): {shown}")
    if not wordnet.has_counts:
        diagnostics.info("no-counts", f"{wordnet.directory} has no {COUNT_FILE}: candidates "
                         "keep WordNet's order")
    return BaselineResult("wordnet", list(targets), ranked, diagnostics, stats)
