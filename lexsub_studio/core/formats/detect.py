"""Guess what kind of LexSub file a file is, from its first lines and (for mw files) its name.

The guess is explained (``Detection.reason``) so that a wrong one is easy to see and override.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lexsub_studio.core.formats.itemline import LineProblem, split_item_line
from lexsub_studio.core.formats.textfile import UTF8_BOM

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
}

#: How much of a file is looked at: enough lines for a clear majority, little enough to be fast.
SAMPLE_BYTES = 256 * 1024
SAMPLE_LINES = 200

_ENTRY_WITH_COUNT = re.compile(r".*\S\s+[0-9]+")
#: A responses row has 11 columns, so 10 tabs.
_RESPONSES_TABS = 10
_MW_NAME = re.compile(r"(?:^|[^a-z])mw|multiword", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Detection:
    kind: str | None
    reason: str


def detect_path(path: str | Path) -> Detection:
    with open(path, "rb") as handle:
        sample = handle.read(SAMPLE_BYTES)
    return detect_kind(sample, Path(path).name)


def detect_kind(data: bytes, name: str = "") -> Detection:
    """Detect from the first bytes of a file; ``name`` (the file name) only separates mw files."""
    text = data.removeprefix(UTF8_BOM).decode("utf-8", errors="replace")
    if len(data) >= SAMPLE_BYTES:
        text = text.rsplit("\n", 1)[0]  # a cut last line could mislead
    stripped = text.lstrip()
    if not stripped:
        return Detection(None, "the file is empty")
    if stripped.startswith("<"):
        return Detection("corpus", "starts with '<', as XML does")
    lines = [line.rstrip("\r") for line in text.split("\n") if line.strip()][:SAMPLE_LINES]
    if re.match(r"#\s*lexsub-responses\b", lines[0]):
        return Detection("responses", "first line is '# lexsub-responses ...'")
    if any(line.count("\t") >= _RESPONSES_TABS for line in lines[:3]):
        # A responses file with a damaged first line: the reader will say what is wrong.
        return Detection("responses", "tab-separated rows of responses columns")
    item_lines = [parsed for line in lines
                  if not isinstance(parsed := split_item_line(line), LineProblem)]
    if not item_lines:
        if all(len(line.split()) >= 3 for line in lines):
            return Detection("weighted", "no '::' separators; lines are 'lexelt id answer ...'")
        return Detection(None, "no line looks like 'lexelt id :: ...' or 'lexelt id answer ...'")
    mw_name = bool(_MW_NAME.search(name))
    oot_lines = sum(parsed.separator == ":::" for parsed in item_lines)
    if oot_lines * 2 > len(item_lines):
        return Detection("oot", f"{oot_lines} of {len(item_lines)} item lines use ':::'")
    field_lists = [[entry.strip() for entry in parsed.rest.split(";") if entry.strip()]
                   for parsed in item_lines if parsed.separator == "::"]
    field_lists = [fields for fields in field_lists if fields]
    entries = [entry for fields in field_lists for entry in fields]
    counted = sum(bool(_ENTRY_WITH_COUNT.fullmatch(entry)) for entry in entries)
    if entries and counted * 2 >= len(entries):
        all_multiword = all(" " in entry.rsplit(None, 1)[0]
                            for fields in field_lists for entry in fields)
        if mw_name or all_multiword:
            why = "the file name mentions mw" if mw_name else "every entry is a multiword"
            return Detection("mwgold", f"entries end with a count and {why}")
        return Detection("gold", f"{counted} of {len(entries)} entries end with a count")
    if mw_name:
        return Detection("mw", "'::' lines without counts and the file name mentions mw")
    if field_lists and all(len(fields) == 1 and " " in fields[0] for fields in field_lists):
        return Detection("mw", "'::' lines each holding one multiword answer")
    return Detection("best", "'::' lines whose answers have no counts")
