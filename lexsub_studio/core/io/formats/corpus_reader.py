"""Reading a lexelt XML corpus into the model, reporting every problem with its place.

No DTD or external entity is ever fetched or read and no entity beyond the five predefined ones
is expanded: any entity declaration is refused before parsing, and the parser is configured
not to load DTDs, resolve entities or use the network.
A file that cannot be parsed raises InputError (file, line, column); problems with single
lexelts or instances become diagnostics, and what is skipped is counted in the stats.

Instance ids: within one lexelt an id must be unique (the key (lexelt, id) must name one
instance): a repeated one is an error and the later instance is skipped. Across lexelts a
repeated id is a warning and both instances are kept: the project's own readers key items by
(lexelt, id), but the official scorer keys them by id alone, so such a corpus cannot be scored
officially without ambiguity (in the SemEval data ids are unique corpus-wide).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import attrgetter, countOf
from pathlib import Path
from typing import NoReturn

from lxml import etree

from lexsub_studio.core.io.formats import in_pieces
from lexsub_studio.core.io.formats.corpus_lines import SourceLines
from lexsub_studio.core.io.formats.corpus_plain import read_plain_corpus
from lexsub_studio.core.io.formats.corpus_prepare import (
    ReferenceRepair,
    check_utf8,
    declared_encoding,
    declares_non_utf8,
    line_and_column,
    raw_doctype,
    repair_spaced_references,
)
from lexsub_studio.core.io.formats.corpus_quality import QualityReport
from lexsub_studio.core.io.formats.corpus_summary import corpus_stats, scan_quality
from lexsub_studio.core.io.formats.textfile import read_input_or_refuse
from lexsub_studio.core.model.data import POS_ALIASES, Corpus, Instance, Lexelt, lexelt_pos
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError
from lexsub_studio.core.runtime.memory import return_freed_memory

_POSITION_SUFFIX = re.compile(r", line \d+, column \d+$")

#: The most attributes a <corpus>, <lexelt> or <instance> may have. Real corpora have a handful
#: (make-task writes four); a file with more is damaged or hostile. (Attributes of the other
#: elements are never read.)
MAX_ATTRIBUTES = 1_000
#: Up to this many attributes, lxml's items() is the quickest way to read them; beyond, it is
#: not linear (it looks each value up by name along the list), and one XPath call is.
_FEW_ATTRIBUTES = 16
_attribute_values = etree.XPath("@*", smart_strings=False)
#: How many attribute names an ignored-attributes note lists.
_LISTED_ATTRIBUTES = 10

#: libxml2's wording for common mistakes, and what they mean in a corpus file.
_PLAIN_MESSAGES: tuple[tuple[str, str], ...] = (
    ("xmlParseEntityRef: no name",
     "'&' not followed by an entity name (a literal ampersand must be written &amp;)"),
    ("StartTag: invalid element name",
     "'<' not followed by a tag name (a literal '<' must be written &lt;)"),
    ("Document is empty", "the file is empty"),
    ("PCDATA invalid Char value", "a character that XML does not allow in text"),
    ("EntityRef: expecting ';'", "an entity reference without its closing ';'"),
    ("Premature end of data", "the file ends before every element is closed (is it cut short?)"),
)

#: Where each summary-only counter of skipped or ignored things lives in the stats.
READER_KEYS: tuple[str, ...] = (
    "repaired_references", "skipped_lexelts", "skipped_instances", "duplicate_ids_across_lexelts",
    "ignored_elements", "ignored_text", "ignored_comments", "unexpanded_entities",
)


@dataclass(slots=True)
class CorpusReadResult:
    """A corpus, the problems found while reading it, and its validation summary."""

    corpus: Corpus
    diagnostics: Diagnostics
    stats: dict[str, int] = field(default_factory=dict)


class _NothingOutside(etree.Resolver):
    """Answers every request for an outside file or URL with nothing, without opening it.

    The parser settings below never ask for one; this is the second lock on the same door, so
    that a setting lxml or libxml2 adds or changes later cannot make a DOCTYPE's SYSTEM
    identifier (``/etc/passwd``, a FIFO that blocks, a stray ``lexsub.dtd`` in the current
    folder) be read.
    """

    def resolve(self, system_url: str, public_id: str, context: object) -> object:
        return self.resolve_string("", context)


def make_safe_parser() -> etree.XMLParser:
    """An lxml parser that loads no DTD, uses no network, expands no entities and keeps
    lxml's limits against huge documents. It still reads external parameter entities, which is
    why read_corpus_bytes refuses entity declarations before parsing.

    ``collect_ids`` keeps its default on purpose: lxml turns ``collect_ids=False`` into
    libxml2's XML_SKIP_IDS flag, which sets the "load the external subset" field, and libxml2
    then opens the file a DOCTYPE names even with ``load_dtd=False``."""
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
        dtd_validation=False, attribute_defaults=False,
        # The bytes were checked to be UTF-8; a declaration naming another encoding is ignored.
        encoding="utf-8",
    )
    parser.resolvers.add(_NothingOutside())
    return parser


def read_corpus(path: str | Path) -> CorpusReadResult:
    """Read a lexelt XML corpus file. The file is only read, never modified."""
    name = str(path)
    result = read_corpus_bytes(read_input_or_refuse(path, xml=True), name)  # may be one line
    result.corpus.path = name
    return result


def read_corpus_bytes(data: bytes, path: str = "<input>") -> CorpusReadResult:
    """Read a lexelt XML corpus from bytes; ``path`` names it in messages."""
    return _read_corpus_bytes(data, path)


def _read_corpus_bytes(data: bytes, path: str) -> CorpusReadResult:
    diagnostics = Diagnostics(path=path)
    check_utf8(data, path)
    encoding = declared_encoding(data)
    if declares_non_utf8(encoding):
        diagnostics.warning("declared-encoding",
                            f"the XML declaration names {encoding}, but the bytes are valid "
                            "UTF-8 and are read as UTF-8", 1, 1)
    data, repairs = repair_spaced_references(data)
    for line, line_repairs in _group_by_line(repairs).items():
        shown = ", ".join(f"'{r.original}'" for r in line_repairs)
        diagnostics.warning(
            "repaired-reference",
            f"repaired {len(line_repairs)} malformed character reference(s) with a blank before "
            f"';' on line {line}: {shown}", line, line_repairs[0].column)
    _refuse_entity_declarations(data, path)
    corpus = read_plain_corpus(data)
    counters: dict[str, int] = {}
    if corpus is not None:
        # Each lexelt's PoS looked up in C first: a corpus may have as many lexelts as
        # instances, and nearly every one has a known PoS.
        if countOf(map(lexelt_pos, map(_item_of, corpus.lexelts)), None):
            for lexelt in corpus.lexelts:
                _check_pos(lexelt.item, lexelt.line, diagnostics)
    else:
        corpus, counters = _read_tree(data, path, diagnostics)
    quality = scan_quality(corpus, data)
    stats = corpus_stats(corpus, quality)
    for key in READER_KEYS:
        stats[key] = counters.get(key, 0)
    stats["repaired_references"] = len(repairs)
    _report_quality(quality, diagnostics)
    return CorpusReadResult(corpus, diagnostics, stats)


def _read_tree(data: bytes, path: str,
               diagnostics: Diagnostics) -> tuple[Corpus, dict[str, int]]:
    """The corpus of a file that is not in the plain shape (corpus_plain), from its parsed
    tree, with the counters of what was skipped or ignored."""
    root = _parse(data, path)
    if root.tag != "corpus":
        raise InputError.at(path, "not-a-corpus",
                            f"the root element is <{root.tag}>, not <corpus>: this is not a "
                            "lexelt XML corpus", root.sourceline)
    doctype = _doctype(root, data, diagnostics)
    lines = SourceLines(data, root)
    builder = _CorpusBuilder(diagnostics, lines)
    release = _GradualRelease(lines)
    corpus = builder.build(root, release)
    corpus.doctype = doctype
    release.finish()
    return corpus, builder.counters


_item_of = attrgetter("item")


def _check_pos(item: str, line: int | None, diagnostics: Diagnostics) -> None:
    """An error for a lexelt item whose PoS is not known (the lexelt is still read)."""
    if lexelt_pos(item) is None:
        letters = ", ".join(sorted(POS_ALIASES))
        _, dot, last = item.rpartition(".")
        what = f"unknown PoS '{last}'" if dot else "no PoS (expected lemma.pos)"
        diagnostics.error("unknown-pos",
                          f"lexelt {item} has {what}; known PoS letters: {letters}", line)


#: How many instances of the parsed tree are freed between two hand-backs of its pages: on
#: 100,000 instances 5,000 gave passes of 1-11 ms, 20,000 passes of 30 ms.
FREE_SLICE_INSTANCES = 5_000


class _GradualRelease:
    """Frees the parsed tree a lexelt at a time, as soon as the model of that lexelt is built,
    and hands its pages back to the system every ``FREE_SLICE_INSTANCES`` instances.

    Freed only once the whole model was built, the tree (some 2 KB an instance) and the model
    were alive together: the peak of opening a 100,000-instance corpus was both. Freed lexelt by
    lexelt, the tree shrinks while the model grows. Freed in one go, the tree of a
    100,000-instance corpus kept Python's lock for some 90 ms: a window reading the file in the
    background stopped answering for that long. In small steps the lock changes hands between
    them. Without the pages handed back the process would stay as big as it was with the tree;
    handed back only at the end, glibc first sorts the million small blocks the tree leaves in
    one pass of 70-180 ms, and the window stalls on it (it holds the allocator, or, when a later
    large free sets it off, Python's lock). Slice by slice each pass takes a few milliseconds
    without Python's lock (docs/performance.md).
    """

    def __init__(self, lines: SourceLines) -> None:
        self._lines = lines
        self._freed = 0

    def __call__(self, element: etree._Element) -> None:
        """Free what ``element`` holds (a child of the root, read already); its tail stays."""
        self._freed += len(element)
        # An element the line index still holds would outlive the clear().
        self._lines.forget_within(element)
        element.clear(keep_tail=True)
        if self._freed >= FREE_SLICE_INSTANCES:
            return_freed_memory()
            self._freed = 0

    def finish(self) -> None:
        self._lines.forget()
        return_freed_memory()


def _doctype(root: etree._Element, data: bytes, diagnostics: Diagnostics) -> str | None:
    """The DOCTYPE as written (quotes and all), for writing back; None without one."""
    parsed = root.getroottree().docinfo.doctype
    if not parsed:
        return None
    written, offset, has_subset = raw_doctype(data)
    if has_subset:
        diagnostics.info("doctype-subset",
                         "the DOCTYPE's internal subset ([...]) is not used and not kept",
                         *line_and_column(data, offset))
        return parsed
    return written or parsed


def _group_by_line(repairs: list[ReferenceRepair]) -> dict[int, list[ReferenceRepair]]:
    grouped: dict[int, list[ReferenceRepair]] = {}
    for repair in repairs:
        grouped.setdefault(repair.line, []).append(repair)
    return grouped


def _parse(data: bytes, path: str) -> etree._Element:
    try:
        return etree.fromstring(data, make_safe_parser())
    except etree.XMLSyntaxError as error:
        raw = _POSITION_SUFFIX.sub("", str(error.msg or error))
        message = raw
        if "XML_PARSE_HUGE" in raw:
            # libxml's advice names an option of its own API, which users cannot give: say
            # which limit was passed, in our words.
            line, column = error.position
            raise InputError.at(path, "xml-too-large", _huge_message(raw),
                                line or None, column or None) from None
        for libxml_text, plain in _PLAIN_MESSAGES:
            if raw.startswith(libxml_text):
                message = f"{plain} [{raw}]"
                break
        line, column = error.position
        raise InputError.at(path, "xml-syntax", f"malformed XML: {message}",
                            line or None, column or None) from None


def _huge_message(raw: str) -> str:
    """Our sentence for a parser limit passed (libxml's text ends "use XML_PARSE_HUGE")."""
    if raw.startswith("Excessive depth"):
        what = "its elements are nested more than 256 deep"
    elif "Text node too long" in raw:
        what = "a text between two tags is longer than 10,000,000 characters"
    else:
        what = "a name, an attribute value or a text is longer than the parser's limit"
    return (f"the XML is beyond the size limits of this program's XML reader: {what}; a "
            "corpus never comes near them, so this file is damaged or not a corpus "
            "(docs/formats.md, Limits)")


def _refuse_entity_declarations(data: bytes, path: str) -> None:
    """Refuse any entity declaration before the parser sees it.

    The parser settings alone are not enough: libxml2 still reads an external *parameter*
    entity declared in the internal subset (``<!ENTITY % p SYSTEM "file:..."> %p;``) from
    disk, even with DTD loading off. Outside a DTD, ``<!ENTITY`` can only occur in a comment or
    a CDATA section, which a lexelt corpus has no use for.
    """
    offset = in_pieces.find(data, b"<!ENTITY")
    if offset < 0:
        return
    line, column = line_and_column(data, offset)
    raise InputError.at(
        path, "entity-declaration",
        "the file declares entities (<!ENTITY ...>); a lexelt corpus uses only the predefined "
        "XML entities and character references, and LexSub Studio never expands, reads or "
        "fetches others", line, column)


def _report_quality(quality: QualityReport, diagnostics: Diagnostics) -> None:
    descriptions = {
        "replacement_chars": "U+FFFD replacement character(s)",
        "c1_controls": "C1 control character(s) (U+0080..U+009F)",
        "double_encoded": "character(s) that look double-encoded (UTF-8 read as Latin-1, "
                          "e.g. 'Ã©' for 'é')",
    }
    for key, finding in quality.findings().items():
        if not finding.characters:
            continue
        lexelt, instance_id, line = finding.instances[0]
        diagnostics.info(
            key.replace("_", "-"),
            f"{finding.characters} {descriptions[key]} in {len(finding.instances)} instance(s), "
            f"first in instance {instance_id} of {lexelt}; kept as written", line)


def _simple_context(
        context: etree._Element) -> tuple[str, list[tuple[int, int, int | None]]] | None:
    """The context text and head span when the context is just text, one plain <head>, text.

    Nearly every instance has this shape; reading it directly keeps large corpora fast.
    """
    if len(context) != 1:
        return None
    head = context[0]
    if head.tag != "head" or len(head):
        return None
    left = context.text or ""
    head_text = head.text or ""
    start = len(left)
    end = start + len(head_text)
    return left + head_text + (head.tail or ""), [(start, end, None)]


def _kept_attributes(element: etree._Element, names: list[str], path: str | None,
                     line: int | None) -> dict[str, str]:
    """An instance's attributes other than its id, read in time linear in their number."""
    if len(names) <= _FEW_ATTRIBUTES:
        pairs: Iterable[tuple[str, str]] = element.items()
    elif len(names) <= MAX_ATTRIBUTES:
        pairs = zip(names, _attribute_values(element), strict=True)
    else:
        _refuse_attributes(element, len(names), path, line)
    return {name: value for name, value in pairs if name != "id"}


def _refuse_attributes(element: etree._Element, count: int, path: str | None,
                       line: int | None) -> NoReturn:
    raise InputError.at(
        path, "too-many-attributes",
        f"the <{element.tag}> element has {count:,} attributes; a <corpus>, <lexelt> or "
        f"<instance> may have at most {MAX_ATTRIBUTES:,} (real corpora have a handful): the file "
        "is damaged or not a lexelt corpus", line)


@dataclass(slots=True)
class _Ignored:
    count: int = 0
    first_line: int | None = None


class _CorpusBuilder:
    """Walks the parsed tree once, building the model and collecting diagnostics."""

    def __init__(self, diagnostics: Diagnostics, lines: SourceLines) -> None:
        self.diagnostics = diagnostics
        self._line = lines.of
        self._instance_line = lines.for_tag("instance")
        self.counters: dict[str, int] = {}
        self._ignored: dict[tuple[str, str], _Ignored] = {}
        #: lexelt item -> instance id -> line, and instance id -> the first lexelt using it.
        self._id_lines: dict[str, dict[str, int | None]] = {}
        self._first_item_of_id: dict[str, str] = {}
        self._lexelt_lines: dict[str, int | None] = {}

    def count(self, key: str, amount: int = 1) -> None:
        self.counters[key] = self.counters.get(key, 0) + amount

    def build(self, root: etree._Element,
              release: Callable[[etree._Element], None]) -> Corpus:
        """The model of the tree; ``release`` is handed each child of the root once read."""
        corpus = Corpus(lang=root.get("lang"))
        self._note_ignored_attributes(root, ("lang",), "<corpus>")
        self._note_stray_text(root.text, self._line(root))
        for child in root:
            if child.tag == "lexelt":
                lexelt = self._read_lexelt(child)
                if lexelt is not None:
                    corpus.lexelts.append(lexelt)
            else:
                self._ignore_node(child, "<corpus>")
            self._note_stray_text(child.tail, self._line(child))
            release(child)
        self._report_ignored()
        return corpus

    # -- lexelts -------------------------------------------------------------------------

    def _read_lexelt(self, element: etree._Element) -> Lexelt | None:
        line = self._line(element)
        item = element.get("item")
        if not item:
            skipped = sum(1 for child in element if child.tag == "instance")
            self.diagnostics.error("missing-item",
                                   f"<lexelt> without an item attribute; its {skipped} "
                                   "instance(s) are skipped", line)
            self.count("skipped_lexelts")
            self.count("skipped_instances", skipped)
            return None
        self._check_lexelt_item(item, line)
        self._note_ignored_attributes(element, ("item",), f"<lexelt item=\"{item}\">")
        lexelt = Lexelt(item=item, line=line)
        self._note_stray_text(element.text, line)
        append = lexelt.instances.append
        for child in element:
            if child.tag == "instance":
                instance = self._read_instance(child, item)
                if instance is not None:
                    append(instance)
            else:
                self._ignore_node(child, "<lexelt>")
            tail = child.tail
            if tail and not tail.isspace():
                self._note_stray_text(tail, self._line(child))
        if not lexelt.instances:
            self.diagnostics.warning("empty-lexelt", f"lexelt {item} has no instances", line)
        return lexelt

    def _check_lexelt_item(self, item: str, line: int | None) -> None:
        if item in self._lexelt_lines:
            self.diagnostics.warning(
                "repeated-lexelt",
                f"lexelt {item} appears again (first at line {self._lexelt_lines[item]}); "
                "both are kept", line)
        else:
            self._lexelt_lines[item] = line
        _check_pos(item, line, self.diagnostics)

    # -- instances -----------------------------------------------------------------------

    def _read_instance(self, element: etree._Element, item: str) -> Instance | None:
        line = self._instance_line(element)
        instance_id = element.get("id")
        if not instance_id:
            return self._skip(line, "missing-id",
                              f"<instance> in lexelt {item} has no id attribute")
        stray = element.text
        if stray and not stray.isspace():
            self._note_stray_text(stray, line)
        contexts: list[etree._Element] = []
        for child in element:
            if child.tag == "context":
                contexts.append(child)
            else:
                self._ignore_node(child, "<instance>")
            stray = child.tail
            if stray and not stray.isspace():
                self._note_stray_text(stray, self._line(child))
        where = f"instance {instance_id} of lexelt {item}"
        if len(contexts) != 1:
            code = "missing-context" if not contexts else "several-contexts"
            return self._skip(line, code, f"{where} has {len(contexts)} <context> elements, "
                                          "expected exactly one")
        context = contexts[0]
        simple = _simple_context(context)
        if simple is not None:
            text, heads = simple
        else:
            text, heads = self._read_context(context, where)
        if len(heads) != 1:
            code = "missing-head" if not heads else "several-heads"
            lines = ", ".join(str(head_line) for _, _, head_line in heads)
            detail = f" (lines {lines})" if heads else ""
            return self._skip(self._line(context), code,
                              f"{where} has {len(heads)} <head> elements{detail}, "
                              "expected exactly one")
        start, end, head_line = heads[0]
        if not text[start:end].strip():
            return self._skip(head_line or self._line(context), "empty-head",
                              f"{where} has an empty <head>")
        if not self._id_is_new(item, instance_id, line):
            return None
        attributes = _kept_attributes(element, element.keys(), self.diagnostics.path,
                                      line)
        return Instance(id=instance_id, context=text, head_start=start, head_end=end,
                        attributes=attributes, line=line)

    def _skip(self, line: int | None, code: str, message: str) -> None:
        self.diagnostics.error(code, f"{message}; the instance is skipped", line)
        self.count("skipped_instances")
        return None

    def _id_is_new(self, item: str, instance_id: str, line: int | None) -> bool:
        id_lines = self._id_lines.setdefault(item, {})
        if instance_id in id_lines:
            self._skip(line, "duplicate-id",
                       f"instance id {instance_id} appears twice in lexelt {item} (first at "
                       f"line {id_lines[instance_id]})")
            return False
        id_lines[instance_id] = line
        first_item = self._first_item_of_id.get(instance_id)
        if first_item is None:
            self._first_item_of_id[instance_id] = item
        else:
            first_line = self._id_lines[first_item][instance_id]
            self.count("duplicate_ids_across_lexelts")
            self.diagnostics.warning(
                "duplicate-id-across-lexelts",
                f"instance id {instance_id} of lexelt {item} is also used in lexelt {first_item} "
                f"(line {first_line}); both are kept, but the official scorer, which matches by "
                "id alone, cannot tell them apart", line)
        return True

    # -- context text --------------------------------------------------------------------

    def _read_context(self, context: etree._Element,
                      where: str) -> tuple[str, list[tuple[int, int, int | None]]]:
        heads: list[tuple[int, int, int | None]] = []

        def on_head(start: int, end: int, line: int | None) -> None:
            heads.append((start, end, line))

        text = self._flatten(context, where, on_head)
        return text, heads

    def _flatten(self, element: etree._Element, where: str,
                 on_head: Callable[[int, int, int | None], None] | None) -> str:
        """The element's text as written, with heads reported by span (nested tags dropped)."""
        pieces = [element.text or ""]
        length = len(pieces[0])
        for child in element:
            tag = child.tag
            if tag == "head" and on_head is not None:
                piece = self._flatten(child, where, None)
                on_head(length, length + len(piece), self._line(child))
            elif tag is etree.Entity:
                piece = child.text or ""
                self.count("unexpanded_entities")
                self.diagnostics.error(
                    "unexpanded-entity",
                    f"{where}: entity reference {piece} is not defined (no DTD is ever read, "
                    "and only the predefined XML entities and character references are "
                    "expanded); it is kept as the literal text " + piece,
                    self._line(element))
            elif isinstance(tag, str):
                piece = self._flatten(child, where, None)
                self._ignore("element", f"<{tag}> tag(s) inside <{element.tag}> (their text is "
                             "kept)", self._line(child))
            else:
                piece = ""
                self._ignore("comment", "comment(s) or processing instruction(s)",
                             self._line(child))
            if piece:
                pieces.append(piece)
                length += len(piece)
            tail = child.tail
            if tail:
                pieces.append(tail)
                length += len(tail)
        return "".join(pieces)

    # -- things outside the model --------------------------------------------------------

    def _ignore_node(self, node: etree._Element, parent: str) -> None:
        if isinstance(node.tag, str):
            self._ignore("element", f"<{node.tag}> element(s) inside {parent}", self._line(node))
        elif node.tag is etree.Entity:
            self._ignore("text", f"entity reference(s) outside <context> ({node.text})",
                         self._line(node))
        else:
            self._ignore("comment", "comment(s) or processing instruction(s)", self._line(node))

    def _note_stray_text(self, text: str | None, line: int | None) -> None:
        if text and not text.isspace():
            self._ignore("text", "piece(s) of text outside <context>", line)

    def _note_ignored_attributes(self, element: etree._Element, known: tuple[str, ...],
                                 where: str) -> None:
        names = element.keys()
        if len(names) > MAX_ATTRIBUTES:
            _refuse_attributes(element, len(names), self.diagnostics.path, self._line(element))
        extra = [key for key in names if key not in known]
        if extra:
            listed = ", ".join(extra[:_LISTED_ATTRIBUTES])
            if len(extra) > _LISTED_ATTRIBUTES:
                listed += f" and {len(extra) - _LISTED_ATTRIBUTES} more"
            self.diagnostics.info("ignored-attributes",
                                  f"attribute(s) {listed} of {where} are not kept",
                                  self._line(element))

    def _ignore(self, kind: str, description: str, line: int | None) -> None:
        self.count(f"ignored_{kind}s" if kind != "text" else "ignored_text")
        record = self._ignored.setdefault((kind, description), _Ignored(first_line=line))
        record.count += 1

    def _report_ignored(self) -> None:
        for (kind, description), record in self._ignored.items():
            message = f"ignored {record.count} {description} (first at line {record.first_line})"
            if kind == "comment":
                self.diagnostics.info("ignored-comment", message, record.first_line)
            else:
                self.diagnostics.warning(f"ignored-{kind}", message, record.first_line)
