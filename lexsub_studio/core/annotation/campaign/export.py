"""Getting a campaign's answers out: one responses file per annotator, for ``lexsub gold`` and
``lexsub agree`` and the Gold & Agreement workspace.

The answers are those ``campaign_responses`` gives (live answers, deleted ones left out, with
comments and seconds), written by the responses writer, one file per annotator in a folder.

File names never collide, whatever the names: a name made only of ``A-Z a-z 0-9 . _ -`` that no
other name matches when case is ignored (file systems that ignore case) becomes ``NAME.tsv``;
any other (a space, an accent, a clash of case, a Windows device name, a leading dot, more than
60 characters) becomes its safe form followed by ``-`` and the first 8 hexadecimal digits of the
SHA-256 of the exact name (``a b`` -> ``a_b-1f5a...``, ``Zoë`` -> ``Zo-...``). The same names give
the same files on every run and every computer.

Writing never leaves half an export: into a new or empty folder, every file is written into a
hidden sibling folder first, which then takes the folder's name in one rename. A folder that
holds files already is refused unless ``replace`` is given; then each file is replaced on its
own, atomically, and every other file of the folder is left as it was (and named).

The GUI's *Open in Gold & Agreement* exports into a folder of the app's own, one per server and
campaign (``workspace_folder``), again at every opening: there the responses files of an earlier
export that this one does not write (an annotator whose answers are no longer exported) are
removed, and the adjudication file beside them stays.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.io.formats.responses_writer import format_responses
from lexsub_studio.core.model.data import ResponseRow
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.runtime.settings_paths import check_studio_home, slug

SUFFIX = ".tsv"
MAX_STEM = 60
_DIGEST_DIGITS = 8
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_WINDOWS_DEVICES = frozenset({"con", "prn", "aux", "nul", *(f"com{n}" for n in range(10)),
                              *(f"lpt{n}" for n in range(10))})
#: (files written so far, files in all).
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class ExportedFile:
    annotator: str
    path: Path
    answers: int


@dataclass(slots=True)
class ExportResult:
    folder: Path
    files: list[ExportedFile]
    #: Files of the folder this export did not write (only when replacing into a used folder).
    others: list[str] = field(default_factory=list)
    #: Responses files of an earlier export removed (``prune``).
    removed: list[str] = field(default_factory=list)

    @property
    def answers(self) -> int:
        return sum(item.answers for item in self.files)

    def summary(self) -> str:
        """What the export did, a line per file after the first."""
        files = len(self.files)
        lines = [f"{files} annotator{'s' if files != 1 else ''}, {self.answers} answers, "
                 f"{files} file{'s' if files != 1 else ''} in {self.folder}"]
        lines += [f"  {item.annotator}: {item.path.name} ({item.answers} answers)"
                  for item in self.files]
        if self.others:
            lines.append(f"the folder also holds {len(self.others)} other file(s), left as they "
                         f"were: {', '.join(self.others[:10])}"
                         + (" …" if len(self.others) > 10 else ""))
        if self.removed:
            lines.append(f"removed {len(self.removed)} responses file(s) of an earlier export: "
                         f"{', '.join(self.removed[:10])}" + (" …" if len(self.removed) > 10
                                                               else ""))
        return "\n".join(lines)


def _safe_stem(name: str) -> str:
    return _UNSAFE.sub("_", name).strip("._-")[:MAX_STEM] or "annotator"


def _digest(name: str, digits: int) -> str:
    return hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:digits]


def export_file_names(annotators: Iterable[str]) -> dict[str, str]:
    """annotator -> file name, distinct even where case is ignored (see the module's text)."""
    names = sorted(set(annotators))
    stems = {name: _safe_stem(name) for name in names}
    uses = Counter(stem.casefold() for stem in stems.values())
    plain = {name for name in names
             if stems[name] == name and uses[name.casefold()] == 1
             and name.casefold().split(".")[0] not in _WINDOWS_DEVICES}
    digits = _DIGEST_DIGITS
    while True:
        chosen = {name: stems[name] if name in plain else f"{stems[name]}-{_digest(name, digits)}"
                  for name in names}
        if len({stem.casefold() for stem in chosen.values()}) == len(chosen) or digits >= 64:
            break
        digits += 8  # a clash of 8 digits (never met in practice): longer digests settle it
    return {name: stem + SUFFIX for name, stem in chosen.items()}


def by_annotator(rows: Iterable[ResponseRow]) -> dict[str, list[ResponseRow]]:
    """The rows per annotator, each annotator's in the order given."""
    grouped: dict[str, list[ResponseRow]] = {}
    for row in rows:
        grouped.setdefault(row.annotator, []).append(row)
    return grouped


def workspace_folder(url: str, campaign: str) -> Path:
    """Where *Open in Gold & Agreement* exports a campaign: the studio home's
    ``campaign-exports/<server>-<campaign>``."""
    from lexsub_studio.core.annotation.server_url import server_label

    return check_studio_home() / "campaign-exports" / f"{slug(server_label(url))}-{slug(campaign)}"


def write_export(rows: Sequence[ResponseRow], folder: str | Path, *, replace: bool = False,
                 prune: bool = False, progress: Progress | None = None) -> ExportResult:
    """One responses file per annotator of ``rows`` in ``folder`` (see the module's text);
    ``prune`` (with ``replace``, for a folder of the app's own): remove the responses files
    (``*.tsv``) this export does not write.

    InputError when the folder holds files and ``replace`` is not given, when it is not a
    folder, or when it cannot be written (nothing is left half-written)."""
    target = Path(folder)
    grouped = by_annotator(rows)
    names = export_file_names(grouped)
    texts = {name: format_responses(grouped[name]) for name in sorted(grouped)}
    if target.exists() and not target.is_dir():
        raise InputError.at(str(target), "export-not-a-folder",
                            "this is a file, not a folder; give a new or empty folder")
    existing = sorted(entry.name for entry in target.iterdir()) if target.is_dir() else []
    if existing and not replace:
        raise InputError.at(str(target), "export-folder-not-empty",
                            f"the folder holds {len(existing)} file(s) already; give a new or "
                            "empty folder, or replace the files of the same names (--force; "
                            "other files are left as they are)")
    done: list[ExportedFile] = []

    def write_all(into: Path) -> None:
        for count, name in enumerate(texts, start=1):
            path = into / names[name]
            atomic_write_text(path, texts[name])
            done.append(ExportedFile(name, target / names[name], len(grouped[name])))
            if progress is not None:
                progress(count, len(texts))

    try:
        if existing:
            write_all(target)
            written = set(names.values())
            others = [name for name in existing if name not in written]
            removed = [name for name in others if prune and name.endswith(SUFFIX)]
            for name in removed:
                (target / name).unlink(missing_ok=True)
            return ExportResult(target, done, [name for name in others if name not in removed],
                                removed)
        _write_whole_folder(target, write_all)
    except OSError as error:
        kept = (f"the {len(done)} file(s) written before are complete" if existing
                else "nothing of it was kept")
        raise InputError.at(str(target), "export-failed",
                            f"cannot write the export: {error.strerror or error}; {kept}"
                            ) from error
    return ExportResult(target, done)


def _write_whole_folder(target: Path, write_all: Callable[[Path], None]) -> None:
    """Write into a hidden sibling folder, then give it the target's name in one rename."""
    parent = target.parent
    parent.mkdir(parents=True, exist_ok=True)
    partial = parent / f".{target.name}.partial-{uuid.uuid4().hex[:8]}"
    os.mkdir(partial)  # the user's umask applies, as to any folder they make
    try:
        write_all(partial)
        if target.is_dir():
            target.rmdir()  # empty (checked before); a file arriving since then stops us here
        os.rename(partial, target)
    except BaseException:
        with contextlib.suppress(OSError):
            shutil.rmtree(partial)
        raise
    with contextlib.suppress(OSError):
        descriptor = os.open(parent, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def export_campaign(url: str, campaign: str, folder: str | Path, *,
                    password: str | None = None, replace: bool = False, prune: bool = False,
                    progress: Progress | None = None) -> ExportResult:
    """Read the campaign's answers from the server and write them (``write_export``)."""
    from lexsub_studio.core.annotation.campaign.db import campaign_responses, connect

    with connect(url, password) as db:
        rows: list[ResponseRow] = campaign_responses(db, url, campaign)
    return write_export(rows, folder, replace=replace, prune=prune, progress=progress)
