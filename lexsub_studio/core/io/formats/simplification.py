"""Lexical simplification TSV (TSAR-2022 style): ``sentence<TAB>complex word<TAB>sub<TAB>sub...``.

Each row is one instance: the sentence, the complex word as it appears in it, then one
substitute per column as the annotators gave them (a substitute given by three annotators
appears three times). It reads as a corpus and a gold whose frequencies count the columns;
``write_simplification`` writes rows back exactly. The format names no PoS and no lemma, and a
lexelt needs both: the lexelt is the word's lemma and PoS as lemminflect's dictionary knows the
lower-cased word (the first of noun, verb, adjective, adverb it knows), or ``word.n`` for a
word it does not know (counted as ``pos_guessed_as_noun``). The instance id is the row's number.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.io.formats.textfile import decode_utf8, read_input_or_refuse, split_lines
from lexsub_studio.core.model.data import Corpus, GoldItem, Instance, Lexelt
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.lemmas import dictionary_lemmas
from lexsub_studio.core.model.rules import UPOS_OF_POS


@dataclass(slots=True)
class SimplificationRow:
    sentence: str
    complex_word: str
    substitutes: tuple[str, ...] = ()
    line: int | None = field(default=None, compare=False)


@dataclass(slots=True)
class SimplificationReadResult:
    rows: list[SimplificationRow]
    diagnostics: Diagnostics
    path: str = "<input>"


@dataclass(slots=True)
class SimplificationConversion:
    corpus: Corpus
    gold: list[GoldItem]
    diagnostics: Diagnostics
    counts: dict[str, int] = field(default_factory=dict)


def read_simplification(path: str | Path) -> SimplificationReadResult:
    name = str(path)
    return read_simplification_bytes(read_input_or_refuse(path), name)


def read_simplification_bytes(data: bytes, path: str = "<input>") -> SimplificationReadResult:
    diagnostics = Diagnostics(path=path)
    rows: list[SimplificationRow] = []
    for line in split_lines(decode_utf8(data, path)):
        if line.is_blank:
            continue
        cells = line.text.split("\t")
        if len(cells) < 2 or not cells[0].strip() or not cells[1].strip():
            diagnostics.error("bad-row", "a row needs a sentence and the complex word, separated "
                                         "by a tab; the row is ignored", line.number, 1)
            continue
        substitutes = [cell for cell in cells[2:] if cell.strip()]
        if len(substitutes) < len(cells) - 2:
            column = len(cells[0]) + len(cells[1]) + 3
            diagnostics.info("empty-cells", f"{len(cells) - 2 - len(substitutes)} empty "
                                            "substitute cell(s) ignored", line.number, column)
        if cells[1] not in cells[0]:
            diagnostics.warning("word-not-in-sentence",
                                f"the complex word '{cells[1]}' does not occur in the sentence",
                                line.number, len(cells[0]) + 2)
        rows.append(SimplificationRow(cells[0], cells[1], tuple(substitutes), line.number))
    return SimplificationReadResult(rows, diagnostics, path)


def to_corpus_and_gold(rows: list[SimplificationRow], path: str = "<input>"
                       ) -> SimplificationConversion:
    """Instance ids are the rows' numbers (1, 2, ... in file order, blank lines not counted);
    the head is the complex word's first occurrence (matched in any case if not exactly). A row
    whose word is not in its sentence is left out, with an error."""
    diagnostics = Diagnostics(path=path)
    lexelts: dict[str, Lexelt] = {}
    gold: list[GoldItem] = []
    guessed = 0
    for number, row in enumerate(rows, start=1):
        start = row.sentence.find(row.complex_word)
        if start < 0:
            start = row.sentence.lower().find(row.complex_word.lower())
        if start < 0:
            diagnostics.error("word-not-in-sentence",
                              f"row {number}: '{row.complex_word}' is not in its sentence; the "
                              "row is left out", row.line)
            continue
        item, known = lexelt_of(row.complex_word)
        guessed += not known
        instance_id = str(number)
        lexelts.setdefault(item, Lexelt(item, line=row.line)).instances.append(
            Instance(instance_id, row.sentence, start, start + len(row.complex_word),
                     line=row.line))
        counts = Counter(substitute.strip() for substitute in row.substitutes)
        if counts:
            entries = sorted(counts.items(), key=lambda pair: -pair[1])
            gold.append(GoldItem(item, instance_id, entries, line=row.line))
    if guessed:
        diagnostics.info("pos-guessed", f"{guessed} complex word(s) unknown to the dictionary "
                                        "made lexelts as nouns (word.n)")
    return SimplificationConversion(Corpus(list(lexelts.values())), gold, diagnostics,
                                    {"pos_guessed_as_noun": guessed})


def lexelt_of(word: str) -> tuple[str, bool]:
    """``lemma.pos`` of a complex word, and whether the dictionary knew the word."""
    lower = word.strip().lower()
    lemmas = dictionary_lemmas(lower) if lower.isalpha() else {}
    # The PoS tried in the order noun, verb, adjective, adverb.
    for letter, name in UPOS_OF_POS.items():
        if lemmas.get(name):
            return f"{lemmas[name][0]}.{letter}", True
    return f"{lower}.n", False


def from_corpus_and_gold(corpus: Corpus, gold: list[GoldItem]) -> list[SimplificationRow]:
    """One row per instance: each substitute repeated as often as its frequency."""
    by_key = {item.key: item for item in gold}
    rows: list[SimplificationRow] = []
    for lexelt in corpus.lexelts:
        for instance in lexelt.instances:
            item = by_key.get((lexelt.item, instance.id))
            substitutes = tuple(sub for sub, count in (item.entries if item else [])
                                for _ in range(count))
            rows.append(SimplificationRow(" ".join(instance.context.split()), instance.head,
                                          substitutes))
    return rows


def format_row(row: SimplificationRow) -> str:
    cells = (row.sentence, row.complex_word, *row.substitutes)
    for cell in cells:
        if "\t" in cell or "\n" in cell or "\r" in cell or not cell.strip():
            raise ValueError(f"{cell!r} cannot be written as a cell (empty, a tab or a line "
                             "break)")
    return "\t".join(cells)


def write_simplification(rows: list[SimplificationRow], path: str | Path) -> None:
    atomic_write_text(path, "".join(format_row(row) + "\n" for row in rows))
