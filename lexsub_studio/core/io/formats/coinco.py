"""CoInCo XML (Kremer et al. 2014, "LS14"): read as a corpus plus a gold, and written back.

A ``<document>`` holds ``<sent>`` elements, each with ``<precontext>``, ``<targetsentence>``,
``<postcontext>`` and ``<tokens>``; a ``<token>`` has ``id``, ``wordform``, ``lemma``,
``posMASC``, ``posTT`` and sometimes ``problematic``. A token whose id is a number is a target
and holds ``<substitutions>`` of ``<subst lemma pos freq>``; other tokens have the id of three
capital Xs.

``read_coinco`` keeps the whole document (``CoincoDocument``), so that writing it gives a file
that reads back to the same document; ``to_corpus_and_gold`` turns it into the project's corpus
(one lexelt per lemma.PoS, the three context parts kept as the instance's context) and a gold
with frequencies. Targets marked problematic are reported and skipped, with a count. Parsing is
the corpus reader's: no DTD, no entities, no network (core/io/formats/corpus_reader.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.io.formats.corpus_prepare import check_utf8
from lexsub_studio.core.io.formats.corpus_reader import (
    _parse,
    _refuse_entity_declarations,
)
from lexsub_studio.core.io.formats.corpus_writer import XML_DECLARATION, _attribute, _text
from lexsub_studio.core.io.formats.gold import COUNT_TOO_LARGE, MAX_COUNT, read_count
from lexsub_studio.core.io.formats.textfile import read_input_or_refuse
from lexsub_studio.core.model.data import Corpus, GoldItem, Instance, Lexelt
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError

#: Penn Treebank tag prefixes (CoInCo's posMASC) and the lexsub PoS letter each stands for.
PENN_PREFIXES: tuple[tuple[str, str], ...] = (("NN", "n"), ("VB", "v"), ("JJ", "a"),
                                              ("RB", "r"))
#: The tag written for each PoS letter when a lexsub corpus is written as CoInCo.
PENN_TAGS: dict[str, str] = {"n": "NN", "v": "VB", "a": "JJ", "r": "RB"}
#: Values of ``problematic`` that mark a target as not to be used.
PROBLEMATIC_VALUES = frozenset({"yes", "true", "1"})
#: The id CoInCo gives every token that is not a target.
NON_TARGET_ID = "X" * 3  # the format's id of a token that is not a target


@dataclass(slots=True)
class CoincoSubstitute:
    lemma: str
    pos: str
    freq: int


@dataclass(slots=True)
class CoincoToken:
    id: str
    wordform: str
    lemma: str
    pos_masc: str
    pos_tt: str
    #: The ``problematic`` attribute as written; None when the token has none.
    problematic: str | None = None
    #: None when the token has no ``<substitutions>`` element.
    substitutions: list[CoincoSubstitute] | None = None
    line: int | None = field(default=None, compare=False)

    @property
    def is_target(self) -> bool:
        return self.id.isdigit()

    @property
    def is_problematic(self) -> bool:
        return (self.problematic or "").strip().lower() in PROBLEMATIC_VALUES


@dataclass(slots=True)
class CoincoSentence:
    precontext: str
    targetsentence: str
    postcontext: str
    tokens: list[CoincoToken] = field(default_factory=list)
    #: Attributes of ``<sent>`` (MASC file and sentence ids), kept for writing back.
    attributes: dict[str, str] = field(default_factory=dict)
    line: int | None = field(default=None, compare=False)


@dataclass(slots=True)
class CoincoDocument:
    sentences: list[CoincoSentence] = field(default_factory=list)


@dataclass(slots=True)
class CoincoReadResult:
    document: CoincoDocument
    diagnostics: Diagnostics
    path: str = "<input>"


@dataclass(slots=True)
class CoincoConversion:
    """A CoInCo document as the project's corpus and gold, with what was left out."""

    corpus: Corpus
    gold: list[GoldItem]
    diagnostics: Diagnostics
    #: targets, problematic_skipped, unplaced_skipped, unknown_pos_skipped, without_substitutes.
    counts: dict[str, int] = field(default_factory=dict)


def penn_to_pos(tag: str) -> str | None:
    for prefix, letter in PENN_PREFIXES:
        if tag.upper().startswith(prefix):
            return letter
    return None


def read_coinco(path: str | Path) -> CoincoReadResult:
    name = str(path)
    return read_coinco_bytes(read_input_or_refuse(path, xml=True), name)


def read_coinco_bytes(data: bytes, path: str = "<input>") -> CoincoReadResult:
    """Parse CoInCo XML bytes; InputError when the file is not CoInCo XML at all."""
    check_utf8(data, path)
    _refuse_entity_declarations(data, path)
    root = _parse(data, path)
    if root.tag != "document":
        raise InputError.at(path, "not-coinco",
                            f"the root element is <{root.tag}>, not <document>: this is not a "
                            "CoInCo file", root.sourceline)
    diagnostics = Diagnostics(path=path)
    document = CoincoDocument()
    for element in root:
        if not isinstance(element.tag, str):
            continue  # comments and processing instructions
        if element.tag != "sent":
            diagnostics.warning("ignored-element",
                                f"<{element.tag}> inside <document> is not CoInCo and is ignored",
                                element.sourceline)
            continue
        document.sentences.append(_read_sentence(element, diagnostics))
    return CoincoReadResult(document, diagnostics, path)


def _child_text(sentence: etree._Element, tag: str) -> str:
    child = sentence.find(tag)
    return "" if child is None else (child.text or "")


def _read_sentence(element: etree._Element, diagnostics: Diagnostics) -> CoincoSentence:
    sentence = CoincoSentence(
        _child_text(element, "precontext"), _child_text(element, "targetsentence"),
        _child_text(element, "postcontext"), attributes=dict(element.attrib),
        line=element.sourceline)
    if element.find("targetsentence") is None:
        diagnostics.error("no-target-sentence", "<sent> has no <targetsentence>",
                          element.sourceline)
    tokens = element.find("tokens")
    for token in ([] if tokens is None else tokens.iterfind("token")):
        sentence.tokens.append(_read_token(token, diagnostics))
    return sentence


def _read_token(element: etree._Element, diagnostics: Diagnostics) -> CoincoToken:
    attributes = element.attrib
    token = CoincoToken(
        attributes.get("id", ""), attributes.get("wordform", ""), attributes.get("lemma", ""),
        attributes.get("posMASC", ""), attributes.get("posTT", ""),
        attributes.get("problematic"), line=element.sourceline)
    substitutions = element.find("substitutions")
    if substitutions is not None:
        token.substitutions = []
        for subst in substitutions.iterfind("subst"):
            freq_text = subst.get("freq", "")
            # The gold's rule: a positive whole number up to MAX_COUNT, read without int() on
            # thousands of digits.
            freq = read_count(freq_text.strip())
            if freq <= 0:
                shown = freq_text if len(freq_text) <= 40 else f"{freq_text[:30]}…"
                problem = (f"larger than {MAX_COUNT:,}, the largest count this program reads"
                           if freq == COUNT_TOO_LARGE else "not a positive whole number")
                diagnostics.error("bad-count",
                                  f"substitute '{subst.get('lemma', '')}' of token {token.id} has "
                                  f"freq '{shown}', {problem}; it is ignored", subst.sourceline)
                continue
            token.substitutions.append(
                CoincoSubstitute(subst.get("lemma", ""), subst.get("pos", ""), freq))
    return token


# --- as the project's corpus and gold -----------------------------------------------------------

def to_corpus_and_gold(document: CoincoDocument, path: str = "<input>") -> CoincoConversion:
    """One lexelt per lemma.PoS in order of first appearance; each target an instance whose
    context is the precontext, the target sentence and the postcontext joined by a space."""
    diagnostics = Diagnostics(path=path)
    counts = dict.fromkeys(("targets", "problematic_skipped", "unplaced_skipped",
                            "unknown_pos_skipped", "without_substitutes",
                            "semicolons_written_as_commas"), 0)
    counts["sentences"] = len(document.sentences)
    lexelts: dict[str, Lexelt] = {}
    gold: list[GoldItem] = []
    for sentence in document.sentences:
        parts = (sentence.precontext, sentence.targetsentence, sentence.postcontext)
        prefix = sentence.precontext + " " if sentence.precontext else ""
        context = " ".join(part for part in parts if part)
        cursor = 0
        for token in sentence.tokens:
            found = sentence.targetsentence.find(token.wordform, cursor) if token.wordform else -1
            start = found if found >= 0 else None
            if found >= 0:
                cursor = found + len(token.wordform)
            if not token.is_target:
                continue
            counts["targets"] += 1
            if token.is_problematic:
                counts["problematic_skipped"] += 1
                diagnostics.info("problematic-target",
                                 f"target {token.id} ('{token.wordform}') is marked problematic "
                                 "and is skipped", token.line)
                continue
            pos = penn_to_pos(token.pos_masc) or penn_to_pos(token.pos_tt)
            if pos is None:
                counts["unknown_pos_skipped"] += 1
                diagnostics.warning("unknown-pos",
                                    f"target {token.id} has the tags '{token.pos_masc}' and "
                                    f"'{token.pos_tt}', neither a noun, verb, adjective or "
                                    "adverb tag; it is skipped", token.line)
                continue
            if start is None:
                counts["unplaced_skipped"] += 1
                diagnostics.error("head-not-found",
                                  f"target {token.id}: its word form '{token.wordform}' is not "
                                  "found in the target sentence; it is skipped", token.line)
                continue
            item = f"{token.lemma}.{pos}"
            lexelt = lexelts.setdefault(item, Lexelt(item, line=token.line))
            head_start = len(prefix) + start
            lexelt.instances.append(Instance(token.id, context, head_start,
                                             head_start + len(token.wordform), line=token.line))
            entries = [(_gold_spelling(subst.lemma, token, diagnostics, counts), subst.freq)
                       for subst in token.substitutions or []]
            if entries:
                gold.append(GoldItem(item, token.id, entries, line=token.line))
            else:
                counts["without_substitutes"] += 1
    if counts["problematic_skipped"]:
        diagnostics.info("problematic-skipped",
                         f"{counts['problematic_skipped']} problematic target(s) skipped")
    if counts["semicolons_written_as_commas"]:
        diagnostics.warning("semicolons-as-commas",
                            f"{counts['semicolons_written_as_commas']} substitute(s) held ';', "
                            "which separates a gold line's substitutes: each is written with "
                            "',' in its place, as the field's gold files write them")
    return CoincoConversion(Corpus(list(lexelts.values())), gold, diagnostics, counts)


def _gold_spelling(lemma: str, token: CoincoToken, diagnostics: Diagnostics,
                   counts: dict[str, int]) -> str:
    """The substitute as a gold line can hold it: a ';' (CoInCo has a few, such as
    substitutes listing two words) separates a line's substitutes, so it becomes ',' as in
    the gold files made from CoInCo, and is reported."""
    if ";" not in lemma:
        return lemma
    written = lemma.replace(";", ",")
    counts["semicolons_written_as_commas"] += 1
    diagnostics.warning("semicolon-in-substitute",
                        f"target {token.id}: substitute '{lemma}' holds ';'; it is written "
                        f"'{written}'", token.line)
    return written


def from_corpus_and_gold(corpus: Corpus, gold: list[GoldItem]) -> CoincoDocument:
    """A lexsub corpus and gold as a CoInCo document: one ``<sent>`` per instance, its context
    as the target sentence split at spaces, the head one token. Words other than the head get
    their word form as lemma and no tags (nothing here tags or lemmatises). ValueError for an
    instance id that is not a number (CoInCo's target ids are)."""
    by_key = {item.key: item for item in gold}
    document = CoincoDocument()
    for lexelt in corpus.lexelts:
        name = lexelt.name
        tag = PENN_TAGS.get(name.pos or "", "")
        for instance in lexelt.instances:
            if not instance.id.isdigit():
                raise ValueError(f"instance {instance.id} of {lexelt.item}: CoInCo target ids "
                                 "are numbers")
            tokens = [CoincoToken(NON_TARGET_ID, word, word, "", "")
                      for word in instance.left.split()]
            item = by_key.get((lexelt.item, instance.id))
            substitutions = [CoincoSubstitute(sub, tag, count)
                             for sub, count in (item.entries if item else [])]
            tokens.append(CoincoToken(instance.id, instance.head, name.lemma, tag, tag,
                                      "no", substitutions))
            tokens += [CoincoToken(NON_TARGET_ID, word, word, "", "")
                       for word in instance.right.split()]
            document.sentences.append(CoincoSentence("", instance.context, "", tokens))
    return document


# --- writing ------------------------------------------------------------------------------------

def coinco_to_xml(document: CoincoDocument) -> str:
    """The document as CoInCo XML that reads back to the same document."""
    parts = [XML_DECLARATION, "\n<document>\n"]
    for sentence in document.sentences:
        attributes = "".join(f" {name}={_attribute(value, 'sent attribute')}"
                             for name, value in sentence.attributes.items())
        parts.append(f"  <sent{attributes}>\n")
        for tag in ("precontext", "targetsentence", "postcontext"):
            value = getattr(sentence, tag)
            parts.append(f"    <{tag}>{_text(value, tag)}</{tag}>\n")
        parts.append("    <tokens>\n")
        for token in sentence.tokens:
            parts.append(_token_xml(token))
        parts.append("    </tokens>\n  </sent>\n")
    parts.append("</document>\n")
    return "".join(parts)


def _token_xml(token: CoincoToken) -> str:
    where = f"token {token.id}"
    attributes = (f" id={_attribute(token.id, where)}"
                  f" wordform={_attribute(token.wordform, where)}"
                  f" lemma={_attribute(token.lemma, where)}"
                  f" posMASC={_attribute(token.pos_masc, where)}"
                  f" posTT={_attribute(token.pos_tt, where)}")
    if token.problematic is not None:
        attributes += f" problematic={_attribute(token.problematic, where)}"
    if token.substitutions is None:
        return f"      <token{attributes}/>\n"
    lines = [f"      <token{attributes}>\n", "        <substitutions>\n"]
    for subst in token.substitutions:
        if subst.freq <= 0:
            raise ValueError(f"{where}: substitute {subst.lemma!r} has freq {subst.freq}")
        lines.append(f"          <subst lemma={_attribute(subst.lemma, where)}"
                     f" pos={_attribute(subst.pos, where)} freq=\"{subst.freq}\"/>\n")
    lines += ["        </substitutions>\n", "      </token>\n"]
    return "".join(lines)


def write_coinco(document: CoincoDocument, path: str | Path) -> None:
    atomic_write_text(path, coinco_to_xml(document))
