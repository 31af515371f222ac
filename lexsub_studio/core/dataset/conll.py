"""Reading tokenised corpora in the tab-separated CoNLL layout (spec §7).

One token per line with at least four tab-separated columns: id, form, lemma, pos (PTB tags);
further columns are ignored. A blank line ends each sentence, the last one included. A line
starting with ``#`` before a sentence carries its identifier (``#20200002``, or the CoNLL-U
style ``# sent_id = 20200002``); other ``#`` lines before a sentence are comments, counted.

A sentence with an error (wrong column count, a token id that is not the next whole number, an
empty form, a ``#`` line among its tokens, a character XML cannot carry) is skipped, reported
with file, line and column, and counted; so is a last sentence without its closing blank line,
since a file that stops mid-sentence is usually cut short. A file with no tab on any token line
is not in this format at all and raises InputError.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_studio.core.io.formats.textfile import (
    TextLine,
    decode_utf8,
    read_input_or_refuse,
    split_lines,
)
from lexsub_studio.core.model.diagnostics import Diagnostic, Diagnostics, InputError, Severity

#: The leading columns every token line must have.
REQUIRED_COLUMNS = ("id", "form", "lemma", "pos")
#: PTB tag prefixes and the lexsub PoS letter they map to.
PTB_PREFIXES: tuple[tuple[str, str], ...] = (("NN", "n"), ("VB", "v"), ("JJ", "a"), ("RB", "r"))
#: A lemma column holding only this means "no lemma" in CoNLL files.
NO_LEMMA = "_"

_ID_LINE = re.compile(r"#(\S+)\Z")
_CONLLU_ID_LINE = re.compile(r"#\s*sent_id\s*=\s*(\S+)\s*\Z")
_NOT_XML_CHARACTER = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

ProgressCallback = Callable[[int, int], None]


def ptb_to_pos(tag: str) -> str | None:
    """The lexsub PoS letter of a PTB tag (NN* n, VB* v, JJ* a, RB* r), None for any other."""
    for prefix, letter in PTB_PREFIXES:
        if tag.startswith(prefix):
            return letter
    return None


@dataclass(frozen=True, slots=True)
class Token:
    id: int
    form: str
    lemma: str
    tag: str
    line: int

    @property
    def pos(self) -> str | None:
        return ptb_to_pos(self.tag)

    @property
    def lexelt(self) -> str | None:
        """``lemma.pos`` when the token has a lemma and a lexsub PoS, else None."""
        pos = self.pos
        if pos is None or not self.lemma or self.lemma == NO_LEMMA:
            return None
        return f"{self.lemma}.{pos}"


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence: its identifier (from its ``#`` line, else ``FILE:LINE``), source file name,
    the line of its first token and its tokens in order."""

    id: str
    source: str
    line: int
    tokens: tuple[Token, ...]
    #: True when the id was made up from the file name and line (no ``#`` line gave one).
    generated_id: bool = False

    def text(self) -> str:
        """The tokens joined by single spaces, as the contexts of the SemEval files."""
        return " ".join(token.form for token in self.tokens)


@dataclass(slots=True)
class ConllReadResult:
    sentences: list[Sentence]
    diagnostics: Diagnostics
    #: lines, sentences, tokens, skipped_sentences, comment_lines, blank_lines.
    stats: dict[str, int] = field(default_factory=dict)


STAT_KEYS = ("lines", "sentences", "tokens", "skipped_sentences", "comment_lines", "blank_lines")


def read_conll(path: str | Path) -> ConllReadResult:
    display = str(path)
    return parse_conll_text(decode_utf8(read_input_or_refuse(path), display), display)


def read_conll_files(paths: Sequence[str | Path],
                     progress: ProgressCallback | None = None) -> ConllReadResult:
    """Read several files into one result; diagnostics keep each file's path. A sentence id
    used in two files is warned about (instances still carry their file name)."""
    diagnostics = Diagnostics(None)
    sentences: list[Sentence] = []
    stats = dict.fromkeys(STAT_KEYS, 0)
    first_use: dict[str, tuple[str, int]] = {}
    for done, path in enumerate(paths):
        if progress is not None:
            progress(done, len(paths))
        result = read_conll(path)
        diagnostics.extend(result.diagnostics)
        for sentence in result.sentences:
            seen = first_use.setdefault(sentence.id, (str(path), sentence.line))
            if seen[0] != str(path):
                diagnostics.items.append(Diagnostic(
                    Severity.WARNING, "repeated-sentence-id",
                    f"sentence id {sentence.id} is also used in {seen[0]} (line {seen[1]}); "
                    "instances keep their file name in the source attribute",
                    str(path), sentence.line, None))
        sentences.extend(result.sentences)
        for key in STAT_KEYS:
            stats[key] += result.stats[key]
    if progress is not None:
        progress(len(paths), len(paths))
    return ConllReadResult(sentences, diagnostics, stats)


def parse_conll_text(text: str, path: str = "<input>") -> ConllReadResult:
    """Parse the text of one file; ``path`` names it in messages and in sentence sources."""
    return _Parser(path).parse(text)


class _Parser:
    def __init__(self, path: str) -> None:
        self.path = path
        self.source = Path(path).name if path != "<input>" else path
        self.diagnostics = Diagnostics(path)
        self.stats = dict.fromkeys(STAT_KEYS, 0)
        self.sentences: list[Sentence] = []
        self._reset()

    def _reset(self) -> None:
        self.pending_id: str | None = None
        self.pending_id_line: int | None = None
        self.lines: list[TextLine] = []
        self.broken = False

    def parse(self, text: str) -> ConllReadResult:
        lines = split_lines(text.removeprefix("\ufeff"))
        self.stats["lines"] = len(lines)
        self._refuse_untabbed(lines)
        for line in lines:
            if line.is_blank:
                self.stats["blank_lines"] += 1
                self._end_sentence()
            elif line.text.startswith("#"):
                self._hash_line(line)
            else:
                self.lines.append(line)
        if self.lines:
            last = self.lines[-1]
            self.diagnostics.error(
                "missing-final-blank-line",
                "the file does not end with a blank line after its last sentence (is it cut "
                "short?); that sentence is skipped: add an empty line at the end if it is "
                "complete", last.number, len(last.text) + 1)
            self.stats["skipped_sentences"] += 1
        elif self.pending_id is not None:
            self.diagnostics.warning("id-without-sentence",
                                     f"sentence id {self.pending_id} is not followed by a "
                                     "sentence", self.pending_id_line, 1)
        if not self.sentences and not self.diagnostics.has_errors:
            self.diagnostics.warning("no-sentences", "the file holds no sentence")
        return ConllReadResult(self.sentences, self.diagnostics, self.stats)

    def _refuse_untabbed(self, lines: list[TextLine]) -> None:
        token_lines = [line for line in lines
                       if not line.is_blank and not line.text.startswith("#")]
        if token_lines and not any("\t" in line.text for line in token_lines):
            first = token_lines[0]
            raise InputError.at(
                self.path, "not-tab-separated",
                "no token line has a tab: this is not a tab-separated CoNLL file (columns id, "
                "form, lemma, pos must be separated by tabs, not spaces)", first.number, 1)

    def _hash_line(self, line: TextLine) -> None:
        if self.lines:
            self.diagnostics.error(
                "hash-line-in-sentence",
                "a '#' line among the tokens of a sentence (a sentence id or comment must come "
                "before the first token); the sentence is skipped", line.number, 1)
            self.broken = True
            return
        match = _ID_LINE.match(line.text) or _CONLLU_ID_LINE.match(line.text)
        if match is None:
            self.stats["comment_lines"] += 1
            return
        if self.pending_id is not None:
            self.diagnostics.warning(
                "several-sentence-ids",
                f"a second sentence id ({match.group(1)}) before one sentence; the first, "
                f"{self.pending_id} (line {self.pending_id_line}), is kept", line.number, 1)
            return
        self.pending_id = match.group(1)
        self.pending_id_line = line.number

    def _end_sentence(self) -> None:
        if not self.lines:
            if self.pending_id is not None:
                self.diagnostics.warning("id-without-sentence",
                                         f"sentence id {self.pending_id} is not followed by a "
                                         "sentence", self.pending_id_line, 1)
            self._reset()
            return
        tokens = None if self.broken else self._tokens()
        if tokens is None:
            self.stats["skipped_sentences"] += 1
        else:
            first_line = self.lines[0].number
            generated = self.pending_id is None
            sentence_id = f"{self.source}:{first_line}" if generated else self.pending_id
            self.sentences.append(Sentence(sentence_id or "", self.source, first_line,
                                           tuple(tokens), generated))
            self.stats["sentences"] += 1
            self.stats["tokens"] += len(tokens)
        self._reset()

    def _tokens(self) -> list[Token] | None:
        tokens: list[Token] = []
        width: int | None = None
        for line in self.lines:
            fields = line.text.split("\t")
            if len(fields) < len(REQUIRED_COLUMNS):
                hint = (" (the columns must be separated by tabs; this line seems to use spaces)"
                        if len(fields) == 1 and " " in line.text.strip() else "")
                return self._fail(line, 1, "wrong-column-count",
                                  f"{len(fields)} tab-separated column(s), expected at least "
                                  f"{len(REQUIRED_COLUMNS)} (id, form, lemma, pos){hint}")
            if width is None:
                width = len(fields)
            elif len(fields) != width:
                return self._fail(line, 1, "wrong-column-count",
                                  f"{len(fields)} tab-separated columns, but the sentence's first "
                                  f"token line (line {self.lines[0].number}) has {width}")
            token_id, form, lemma, tag = (value.strip() for value in fields[:4])
            expected = len(tokens) + 1
            if not (token_id.isascii() and token_id.isdigit()):
                return self._fail(line, 1, "bad-token-id",
                                  f"token id '{token_id}' is not a whole number")
            # Compared as text (leading zeros aside): int() refuses 4,301 digits or more.
            if token_id.lstrip("0") != str(expected):
                shown = token_id if len(token_id) <= 20 else (
                    f"{token_id[:12]}… ({len(token_id):,} digits)")
                return self._fail(line, 1, "token-id-sequence",
                                  f"token id {shown} where {expected} was expected "
                                  "(ids count 1, 2, 3 ... within each sentence)")
            form_column = len(fields[0]) + 2
            if not form:
                return self._fail(line, form_column, "empty-form", "the form column is empty")
            bad = _NOT_XML_CHARACTER.search(form + lemma)
            if bad:
                return self._fail(line, form_column, "bad-character",
                                  f"U+{ord(bad.group(0)):04X} cannot be written in XML")
            tokens.append(Token(expected, form, lemma, tag, line.number))
        return tokens

    def _fail(self, line: TextLine, column: int, code: str, message: str) -> None:
        self.diagnostics.error(code, f"{message}; the sentence is skipped", line.number, column)
        return None
