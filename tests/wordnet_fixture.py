"""A tiny WordNet database in the Princeton file format (wndb(5WN)), written for the tests.

A handful of made-up synsets, enough to exercise every tier of the baseline: synonyms ranked
by word frequency, hypernyms when the first synset has no other lemma, adjective clusters (a
head and its satellites), adverbs, later senses and their hypernyms or clusters (a noun, a verb
whose first sense is a lone top-level word, an adverb and an adjective that only later senses
answer), a word listed in two senses, and a multiword lemma. Offsets are byte positions, as
the format requires, so the files are generated rather than written by hand; only the index,
data and count files are written, as in Debian's layout (no lexnames, no exception lists).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

_POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
_SS_NUMBER = {"n": 1, "v": 2, "a": 3, "r": 4, "s": 5}


@dataclass
class FixtureSynset:
    name: str
    ss_type: str  # n v a s r
    lexfile: int
    #: (lemma, count in cntlist.rev)
    lemmas: list[tuple[str, int]]
    #: (pointer symbol, target synset name)
    pointers: list[tuple[str, str]] = field(default_factory=list)
    gloss: str = "a made-up sense for tests"

    @property
    def file_pos(self) -> str:
        return "a" if self.ss_type == "s" else self.ss_type


#: In each lemma's index line, synsets are listed in this order (first = first listed sense).
SYNSETS = [
    FixtureSynset("glimmer1", "n", 19, [("glimmer", 2), ("shimmer", 3), ("gleam", 5)],
                  [("@", "light1")]),
    FixtureSynset("light1", "n", 19, [("light", 7), ("radiance", 1)]),
    FixtureSynset("glimmer2", "n", 9, [("glimmer", 0), ("hint", 4), ("trace", 6), ("gleam", 1)],
                  [("@", "indication1")]),
    FixtureSynset("indication1", "n", 9, [("indication", 2), ("sign", 5), ("hint", 5)]),
    FixtureSynset("lantern1", "n", 6, [("lantern", 3)], [("@", "lamp1")]),
    FixtureSynset("lamp1", "n", 6, [("light_source", 0), ("lamp", 4)]),
    FixtureSynset("stroll1", "v", 38, [("stroll", 5), ("amble", 0), ("saunter", 2)],
                  [("@", "walk1")]),
    FixtureSynset("walk1", "v", 38, [("walk", 10)]),
    # A top-level verb sense: no other lemma, no hypernym.
    FixtureSynset("ponder1", "v", 31, [("ponder", 3)]),
    FixtureSynset("ponder2", "v", 31, [("ponder", 1), ("muse", 2), ("mull", 4)],
                  [("@", "think1")]),
    FixtureSynset("think1", "v", 31, [("think", 8), ("reason", 3)]),
    FixtureSynset("radiant1", "a", 0, [("radiant", 4)], [("&", "beaming1"), ("&", "shining1")]),
    FixtureSynset("beaming1", "s", 0, [("beaming", 1), ("glowing", 6)], [("&", "radiant1")]),
    FixtureSynset("shining1", "s", 0, [("shining", 2)], [("&", "radiant1")]),
    FixtureSynset("swiftly1", "r", 2, [("swiftly", 1), ("quickly", 9), ("rapidly", 9)]),
    FixtureSynset("sharply1", "r", 2, [("sharply", 2)]),
    FixtureSynset("sharply2", "r", 2, [("sharply", 1), ("abruptly", 3), ("suddenly", 7)]),
    FixtureSynset("sharply3", "r", 2, [("sharply", 0), ("keenly", 5)]),
    # A head adjective without satellites first; its second sense is a satellite of dark.
    FixtureSynset("dim1", "a", 0, [("dim", 3)]),
    FixtureSynset("dim2", "s", 0, [("dim", 1), ("faint", 4)], [("&", "dark1")]),
    FixtureSynset("dark1", "a", 0, [("dark", 9), ("murky", 1)], [("&", "dim2")]),
]


def _lex_ids() -> dict[tuple[str, str], int]:
    """Each (synset, lemma)'s lex_id: the lemma's senses within one lexicographer file are
    numbered 0, 1, ..., so that every sense key (and so every count) is distinct."""
    ids: dict[tuple[str, str], int] = {}
    used: dict[tuple[str, int], int] = {}
    for synset in SYNSETS:
        for lemma, _ in synset.lemmas:
            slot = (lemma.lower(), synset.lexfile)
            ids[(synset.name, lemma.lower())] = used.get(slot, 0)
            used[slot] = used.get(slot, 0) + 1
    return ids


LEX_IDS = _lex_ids()


def _data_line(synset: FixtureSynset, offsets: dict[str, int],
               by_name: dict[str, FixtureSynset]) -> str:
    words = " ".join(f"{lemma} {LEX_IDS[(synset.name, lemma.lower())]:x}"
                     for lemma, _ in synset.lemmas)
    pointers = " ".join(
        f"{symbol} {offsets[target]:08d} {by_name[target].file_pos} 0000"
        for symbol, target in synset.pointers)
    parts = [f"{offsets[synset.name]:08d}", f"{synset.lexfile:02d}", synset.ss_type,
             f"{len(synset.lemmas):02x}", words, f"{len(synset.pointers):03d}"]
    if pointers:
        parts.append(pointers)
    if synset.ss_type == "v":
        parts.append("01 + 02 00")
    return " ".join(parts) + f" | {synset.gloss}\n"


def write_wordnet_fixture(directory: Path) -> Path:
    """Write the database into ``directory`` (created if needed) and return it."""
    directory.mkdir(parents=True, exist_ok=True)
    by_name = {synset.name: synset for synset in SYNSETS}
    offsets = dict.fromkeys(by_name, 0)
    # Every field is fixed-width, so line lengths do not depend on the offsets: one pass with
    # zero offsets measures the lines, the second writes the real ones.
    for _ in range(2):
        texts: dict[str, str] = {}
        for pos in _POS_FILES:
            text = "  1 A tiny WordNet-format database made for LexSub Studio's tests.\n"
            for synset in (s for s in SYNSETS if s.file_pos == pos):
                offsets[synset.name] = len(text.encode())
                text += _data_line(synset, offsets, by_name)
            texts[pos] = text
    for pos, name in _POS_FILES.items():
        (directory / f"data.{name}").write_text(texts[pos], encoding="utf-8")
        senses: dict[str, list[int]] = {}
        for synset in (s for s in SYNSETS if s.file_pos == pos):
            for lemma, _ in synset.lemmas:
                senses.setdefault(lemma.lower(), []).append(offsets[synset.name])
        lines = [f"{lemma} {pos} {len(found)} 0 {len(found)} 0 "
                 + " ".join(f"{offset:08d}" for offset in found) + "\n"
                 for lemma, found in sorted(senses.items())]
        (directory / f"index.{name}").write_text("".join(lines), encoding="utf-8")
    keys = []
    for synset in SYNSETS:
        head_name = head_id = ""
        if synset.ss_type == "s":
            head = by_name[next(target for symbol, target in synset.pointers if symbol == "&")]
            head_name = head.lemmas[0][0]
            head_id = f"{LEX_IDS[(head.name, head_name.lower())]:02d}"
        for lemma, count in synset.lemmas:
            if count:
                lex_id = LEX_IDS[(synset.name, lemma.lower())]
                key = (f"{lemma}%{_SS_NUMBER[synset.ss_type]}:{synset.lexfile:02d}:"
                       f"{lex_id:02d}:{head_name}:{head_id}").lower()
                keys.append(f"{key} 1 {count}\n")
    (directory / "cntlist.rev").write_text("".join(sorted(keys)), encoding="utf-8")
    return directory
