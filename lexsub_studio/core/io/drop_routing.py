"""Which workspace a dropped file belongs to, from what the file holds.

Files dropped anywhere on the main window go where their kind is used: a corpus, an annotator
package or a judgement task to Annotate, annotators' responses or judgements to Gold &
Agreement, a gold, a multiword gold or system outputs to Scoring, tokenised CoNLL files to
Dataset (the new-task wizard).
Kinds are detected from the contents (core/io/formats/detect.py), never from the name alone, except
for the two kinds the detector does not know: packages (ZIP archives) and CoNLL files.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_studio.core.io.formats.detect import PACKAGE_SUFFIX, detect_path
from lexsub_studio.core.io.formats.task_sniff import looks_like_judgement_task
from lexsub_studio.core.model.diagnostics import InputError

ANNOTATE, GOLD, SCORING, DATASET = "annotate", "gold", "scoring", "dataset"
#: The workspace of each kind detect.py knows.
WORKSPACE_OF_KIND: dict[str, str] = {
    "corpus": ANNOTATE,
    "judgement-task": ANNOTATE,
    "responses": GOLD,
    "judgements": GOLD,
    "gold": SCORING,
    "mwgold": SCORING,
    "best": SCORING,
    "oot": SCORING,
    "mw": SCORING,
    "weighted": SCORING,
}
CONLL_SUFFIXES = (".conll", ".conllu", ".conllx")
#: A CoNLL token line: a number, then tab-separated columns (form, lemma, tag ...).
_CONLL_TOKEN = re.compile(r"^\d+\t[^\t]+\t[^\t]*\t[^\t]+")
#: How much of a file without a CoNLL name is read to recognise it as CoNLL.
_SNIFF_BYTES = 64 * 1024


@dataclass
class DropPlan:
    """The dropped files by workspace key, in the order they were dropped, and the files no
    workspace takes, each with the reason in words."""

    files: dict[str, list[str]] = field(default_factory=dict)
    ignored: list[str] = field(default_factory=list)

    def first_workspace(self) -> str | None:
        """The workspace to show: the one of the first file that found a place."""
        return next(iter(self.files), None)


def _looks_like_conll(path: Path) -> bool:
    with open(path, "rb") as handle:
        head = handle.read(_SNIFF_BYTES).decode("utf-8", errors="replace")
    lines = [line for line in head.splitlines()[:-1] or head.splitlines()
             if line.strip() and not line.startswith("#")]
    return bool(lines) and sum(bool(_CONLL_TOKEN.match(line)) for line in lines) * 2 > len(lines)


def workspace_for(path: str) -> tuple[str | None, str]:
    """(workspace key, why) for one file; the key is None when no workspace takes it."""
    file = Path(path)
    if file.is_dir():
        return None, "a folder, not a file"
    if file.suffix.lower() == PACKAGE_SUFFIX:
        return ANNOTATE, "an annotator package"
    if file.suffix.lower() in CONLL_SUFFIXES:
        return DATASET, "a CoNLL file"
    if looks_like_judgement_task(file):
        return ANNOTATE, "a judgement task"
    try:
        # Before detection, which would take CoNLL token lines for a weighted system file.
        if _looks_like_conll(file):
            return DATASET, "tab-separated token lines, as in CoNLL files"
        detection = detect_path(file)
    except InputError as error:
        return None, error.diagnostic.message
    except OSError as error:
        return None, error.strerror or "it cannot be read"
    if detection.kind is None:
        return None, detection.reason
    workspace = WORKSPACE_OF_KIND.get(detection.kind)
    if workspace is None:
        # Judgement tasks and the later benchmarks are used from the command line.
        return None, f"{detection.kind}: no workspace opens this kind of file ({detection.reason})"
    return workspace, detection.reason


def route_dropped_files(paths: Sequence[str]) -> DropPlan:
    """Sort dropped files by the workspace that takes them (run in the background: detection
    reads each file whole)."""
    plan = DropPlan()
    for path in paths:
        key, reason = workspace_for(path)
        if key is None:
            plan.ignored.append(f"{Path(path).name} ({reason})")
        else:
            plan.files.setdefault(key, []).append(path)
    return plan
