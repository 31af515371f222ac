"""The WordNet first-synset baseline of the task description (§5), on a local WordNet database.

For the target lemma and PoS, take the first listed synset. Its other lemmas are the synonyms,
ranked by frequency; after them come the lemmas of the related synsets (taken in database
order), ranked the same way:
hypernyms (and instance hypernyms) for nouns and verbs, the similar-to cluster ("closely related
classes") for adjectives; adverbs have no such relation and get synonyms only. best is the first
of that list (a synonym if the synset has one), oot its first ten, weighted the whole list with
weight 1/rank.

Differences from the 2007 baseline, by necessity: the frequencies are WordNet's own sense-tagged
counts (``cntlist.rev``, the count of that lemma in that sense; a missing file gives 0 for all),
not the BNC grammatical-relation counts of the task organisers, which are not available; equal
counts keep WordNet's order. The database is whichever WordNet the directory holds (3.0 from
Debian's wordnet-base), not 2.1.

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

from lexsub_studio.core.baselines.common import (
    BaselineResult,
    ProgressCallback,
    Target,
    drop_unwritable,
)
from lexsub_studio.core.diagnostics import Diagnostics
from lexsub_studio.core.model import parse_lexelt

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
        raise WordNetUnavailable(
            "the WordNet baseline reads WordNet with the Python package nltk, which is not "
            "installed (pip install nltk)") from None

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

    def _count(self, lemma: Any) -> int:
        return int(lemma.count()) if self.has_counts else 0

    def _ranked_lemmas(self, synsets: Sequence[Any], exclude: set[str]) -> list[tuple[str, int]]:
        found: dict[str, int] = {}
        for synset in synsets:
            for lemma in synset.lemmas():
                name = lemma.name().replace("_", " ")
                if name.casefold() in exclude or name in found:
                    continue
                found[name] = self._count(lemma)
        # sorted() is stable: equal counts keep WordNet's order.
        return sorted(found.items(), key=lambda pair: -pair[1])

    def candidates(self, lemma: str, pos: str) -> list[str] | None:
        """Synonyms of the first synset, then related-synset lemmas, each ranked by count;
        None when WordNet has no synset for the lemma and PoS."""
        synsets = self._reader.synsets(lemma.replace(" ", "_"), pos=pos)
        if not synsets:
            return None
        first = synsets[0]
        exclude = {lemma.casefold()}
        synonyms = self._ranked_lemmas([first], exclude)
        if pos in ("n", "v"):
            related_synsets = list(first.hypernyms()) + list(first.instance_hypernyms())
        elif pos == "a":
            related_synsets = list(first.similar_tos())
        else:
            related_synsets = []
        exclude |= {name.casefold() for name, _ in synonyms}
        # nltk keeps relations in sets; database order (by offset) makes ties reproducible.
        related_synsets.sort(key=lambda synset: synset.offset())
        related = self._ranked_lemmas(related_synsets, exclude)
        return [name for name, _ in synonyms] + [name for name, _ in related]


def wordnet_baseline(targets: Sequence[Target], wordnet: WordNet, *,
                     progress: ProgressCallback | None = None) -> BaselineResult:
    diagnostics = Diagnostics(None)
    stats = {"items": len(targets), "answered": 0, "without_candidates": 0,
             "not_in_wordnet": 0, "unknown_pos": 0}
    ranked: dict[tuple[str, str], list[tuple[str, float]]] = {}
    cache: dict[tuple[str, str], list[str] | None] = {}
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
            cache[key] = wordnet.candidates(name.lemma, name.pos)
        names = cache[key]
        if names is None:
            stats["not_in_wordnet"] += 1
            names = []
        candidates = [(sub, 1.0 / rank) for rank, sub in enumerate(names, start=1)]
        candidates = drop_unwritable(candidates, diagnostics, stats,
                                     f"{target.lexelt} {target.id}")
        ranked[target.key] = candidates
        stats["answered" if candidates else "without_candidates"] += 1
    if progress is not None:
        progress(len(targets), len(targets))
    if stats["unknown_pos"]:
        diagnostics.warning("unknown-pos", f"{stats['unknown_pos']} item(s) have a lexelt "
                            "without a known PoS and get no answer")
    missing = sorted({f"{lemma}.{pos}" for (lemma, pos), names in cache.items() if names is None})
    if missing:
        shown = ", ".join(missing[:10]) + (" ..." if len(missing) > 10 else "")
        diagnostics.info("not-in-wordnet", f"{len(missing)} lemma.pos not in WordNet ("
                         f"{stats['not_in_wordnet']} item(s), no answer): {shown}")
    if not wordnet.has_counts:
        diagnostics.info("no-counts", f"{wordnet.directory} has no {COUNT_FILE}: candidates "
                         "keep WordNet's order")
    return BaselineResult("wordnet", list(targets), ranked, diagnostics, stats)
