"""Guess what kind of LexSub file a file is, from all its lines and (for mw files and XML
corpora) its name.

The guess is explained (``Detection.reason``) so that a wrong one is easy to see and override.
Every line counts: an oot file whose first lines happen to be written as best lines is still an
oot file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lexsub_studio.core.io.formats.limits import read_limited
from lexsub_studio.core.io.formats.stream_inputs import read_input
from lexsub_studio.core.io.formats.textfile import UTF8_BOM, utf16_problem

#: Every kind of file the project reads, with a one-line description.
KINDS: dict[str, str] = {
    "corpus": "lexelt XML corpus",
    "gold": "gold standard (lexelt id :: sub freq;...)",
    "mwgold": "multiword gold standard (lexelt id :: multiword freq;...)",
    "best": "system best answers (lexelt id :: a;b)",
    "oot": "system out-of-ten answers (lexelt id ::: a;b;...)",
    "mw": "system multiword answers (lexelt id :: multiword)",
    "weighted": "weighted system answers, Senseval-3 format (lexelt id sub/weight ...)",
    "responses": "annotator responses (# lexsub-responses, tab-separated)",
    "judgements": "annotators' judgements of candidates (# lexsub-judgements, tab-separated)",
    "judgement-task": "judgement task JSON (lexsub judge make: corpus and candidates)",
    "coinco": "CoInCo XML (<document> of <sent> with <tokens>)",
    "swords": "SWORDS benchmark JSON, gzipped or not (contexts, targets, substitutes)",
    "swords-result": "SWORDS result JSON (substitutes: target id -> [[substitute, score], ...])",
    "simplification": "lexical simplification TSV (sentence, complex word, substitutes)",
}

#: An annotator package (a ZIP archive, core/annotation/package.py) is known by its name; defined
#: here, with the other kinds, so that routing a dropped file needs nothing above core/io.
PACKAGE_SUFFIX = ".lexsubpkg"

_ENTRY_WITH_COUNT = re.compile(r".*\S\s+[0-9]+")
#: A responses row has 11 columns, so 10 tabs.
_RESPONSES_TABS = 10
_MW_NAME = re.compile(r"(?:^|[^a-z])mw|multiword", re.IGNORECASE)
#: XML corpora are named so; a file of that name is judged as one even when it is not XML, so
#: that the corpus reader says where its XML is malformed.
_XML_SUFFIX = ".xml"
_GZIP_MAGIC = b"\x1f\x8b"
#: A judgement task says so near its start, even when the JSON after it is damaged.
_TASK_FORMAT = re.compile(r'"format"\s*:\s*"lexsub-judgement-task"')
#: The first element's name, after the XML declaration, comments and a DOCTYPE.
_XML_ROOT = re.compile(r"<([A-Za-z_][\w.-]*)")
#: The lines core/io/formats/itemline.py's split_item_line reads as item lines, found in the
#: whole text at once: two or more tokens (none starting with "::") before a separator of two
#: or three colons that starts a token; its separator and the rest of the line are captured.
#: The separator is the first colon run starting a token, as that function takes it, because
#: a token may not start with "::" (tests/test_detect_item_lines.py holds the two to each other).
ITEM_LINE = re.compile(r"^[^\S\n]*(?:(?:[^\s:]|:(?!:))\S*[^\S\n]+){2,}(:::?)(?!:)(.*)",
                       re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Detection:
    kind: str | None
    reason: str


def detect_path(path: str | Path) -> Detection:
    """Detect a file's kind from the whole file (read within core/io/formats/limits.py's limits)."""
    return detect_kind(read_detection_bytes(path), Path(path).name)


def read_detection_bytes(path: str | Path) -> bytes:
    """A file's bytes for detection and then for its reader: read once (a pipe cannot be read
    twice), with the line limit for a pipe or device unless it starts as XML does."""
    return read_input(path, lambda handle: read_limited(handle, str(path), xml_any_line=True))


def detect_kind(data: bytes, name: str = "") -> Detection:
    """Detect from the whole of a file's bytes; ``name`` (the file name) only separates mw files
    and names XML corpora. Every line counts: a file is never judged by its first lines."""
    if data.startswith(_GZIP_MAGIC):
        return _detect_json(data, "gzip data")
    utf16 = utf16_problem(data)
    if utf16:
        return Detection(None, f"{utf16}: save it as UTF-8")
    text = data.removeprefix(UTF8_BOM).decode("utf-8", errors="replace")
    stripped = text.lstrip()
    if not stripped:
        return Detection(None, "the file is empty")
    if stripped.startswith("<"):
        root = _XML_ROOT.search(stripped)
        if root and root.group(1) == "document":
            return Detection("coinco", "XML whose root element is <document>, as in CoInCo")
        return Detection("corpus", "starts with '<', as XML does")
    if stripped.startswith("{"):
        return _detect_json(data, "JSON")
    if name.lower().endswith(_XML_SUFFIX):
        return Detection("corpus", f"the file name ends in {_XML_SUFFIX}")
    first_line = next(line for line in text.split("\n") if line.strip()).rstrip("\r")
    if re.match(r"#\s*lexsub-judgements\b", first_line):
        return Detection("judgements", "first line is '# lexsub-judgements ...'")
    if re.match(r"#\s*lexsub-responses\b", first_line):
        return Detection("responses", "first line is '# lexsub-responses ...'")
    if "\t" in text:
        lines = _nonblank_lines(text)
        if _mostly_simplification_rows(lines):
            return Detection("simplification", "tab-separated rows whose second cell is a "
                                               "word of the sentence in the first")
        tabbed = sum(line.count("\t") >= _RESPONSES_TABS for line in lines)
        if tabbed * 2 > len(lines):
            # A responses file with a damaged first line: the reader will say what is wrong.
            return Detection("responses", f"{tabbed} of {len(lines)} lines are tab-separated "
                                          "rows of responses columns")
    # Every line counts, read at once: (separator, rest) of each item line.
    item_lines = ITEM_LINE.findall(text)
    if not item_lines:
        # Weighted: every line 'lexelt id ...' and most of them answered (an item the system
        # leaves unanswered is a line of two fields).
        fields = [len(line.split()) for line in _nonblank_lines(text)]
        if min(fields) >= 2 and sum(count >= 3 for count in fields) * 2 > len(fields):
            return Detection("weighted", "no '::' separators; lines are 'lexelt id answer ...'")
        return Detection(None, "no line looks like 'lexelt id :: ...' or 'lexelt id answer ...'")
    return _detect_item_file(item_lines, bool(_MW_NAME.search(name)))


def _nonblank_lines(text: str) -> list[str]:
    return [line.rstrip("\r") for line in text.split("\n") if line.strip()]


def _detect_item_file(item_lines: list[tuple[str, str]], mw_name: bool) -> Detection:
    """Gold, multiword gold or a system file, by the majority of all their item lines (each
    its separator and the rest of the line)."""
    separators = [separator for separator, _ in item_lines]
    oot_lines = separators.count(":::")
    if oot_lines * 2 > len(item_lines):
        return Detection("oot", f"{oot_lines} of {len(item_lines)} item lines use ':::'")
    # The rest as split_item_line gives it, from the line without its final carriage returns.
    rests = [rest.rstrip("\r") for separator, rest in item_lines if separator == "::"]
    entries = [entry for rest in rests for entry in map(str.strip, rest.split(";")) if entry]
    counted = sum(1 for entry in entries if _ENTRY_WITH_COUNT.fullmatch(entry))
    if entries and counted * 2 >= len(entries):
        all_multiword = all(" " in entry.rsplit(None, 1)[0] for entry in entries)
        if mw_name or all_multiword:
            why = "the file name mentions mw" if mw_name else "every entry is a multiword"
            return Detection("mwgold", f"entries end with a count and {why}")
        return Detection("gold", f"{counted} of {len(entries)} entries end with a count")
    if mw_name:
        return Detection("mw", "'::' lines without counts and the file name mentions mw")
    answered = [fields for fields in map(_answers, rests) if fields]
    if answered and all(len(fields) == 1 and " " in fields[0] for fields in answered):
        return Detection("mw", f"all {len(answered)} answered '::' lines hold one multiword "
                               "answer each")
    return Detection("best", f"{len(rests)} '::' lines whose answers have no counts")


def _detect_json(data: bytes, what: str) -> Detection:
    """SWORDS benchmark or result, by the top-level keys; the reader reports a damaged file."""
    from lexsub_studio.core.io.formats.swords import is_wrapped_result, parse_json_bytes
    from lexsub_studio.core.model.diagnostics import InputError

    try:
        value = parse_json_bytes(data, "<detection>")
    except InputError:
        if _TASK_FORMAT.search(data[:4096].decode("utf-8", errors="replace")):
            return Detection("judgement-task", f"{what} naming \"lexsub-judgement-task\" "
                                               "(damaged: the task reader says where)")
        return Detection("swords", f"{what} (damaged: the SWORDS reader says where)")
    if isinstance(value, dict) and value.get("format") == "lexsub-judgement-task":
        return Detection("judgement-task", f"{what} saying \"format\": "
                                           "\"lexsub-judgement-task\"")
    if isinstance(value, dict) and "contexts" in value:
        return Detection("swords", f"{what} with 'contexts' and 'targets'")
    if is_wrapped_result(value):
        return Detection("swords-result", f"{what}: 'substitutes', an object of lists of "
                                          "[substitute, score]")
    if isinstance(value, dict) and all(isinstance(pairs, list) for pairs in value.values()):
        return Detection("swords-result", f"{what}: an object of lists of [substitute, score]")
    return Detection(None, f"{what} that is neither a SWORDS benchmark nor a result")


def _mostly_simplification_rows(lines: list[str]) -> bool:
    """Most rows read 'sentence<TAB>word<TAB>...' with the word inside the sentence (responses
    rows start with a lexelt and an id, which never holds the next cell)."""
    matching = 0
    for line in lines:
        cells = line.split("\t")
        if (len(cells) >= 2 and " " in cells[0].strip() and cells[1].strip()
                and cells[1] in cells[0]):
            matching += 1
    return matching * 2 > len(lines)


def _answers(rest: str) -> list[str]:
    return [entry.strip() for entry in rest.split(";") if entry.strip()]
