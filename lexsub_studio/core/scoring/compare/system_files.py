"""Systems scored side by side against one gold: the gold and where it came from, files sorted
by kind, each file scored once (cached per file as it is now, kind, gold and convention).

These are the Scoring workspace's background jobs (run through gui.tasks.run_in_background):
plain functions of files and gold items returning core objects, so tests and the command line
can call them directly.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.item_tables import GoldTable
from lexsub_studio.core.scoring.compare.system_scores import (
    OfficialCheck,
    SystemScores,
    clean_system_scores,
)

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.conventions.profiles import Convention


@dataclass(frozen=True, slots=True)
class GoldSource:
    """The gold everything is scored against: its items, and where they came from."""

    items: list[GoldItem]
    label: str
    path: str | None = None
    #: The gold as the official scorer reads it (the file, or the items written out).
    data: bytes = b""
    #: The reader's table of the items, when read from a file: scoring prepares it as it is,
    #: instead of making one from the items again.
    table: GoldTable | None = None

    @property
    def identity(self) -> tuple[str | None, str]:
        """Two golds with the same lines are the same gold (for the cache)."""
        return (self.path, hashlib.sha256(self.data).hexdigest())


def gold_from_items(items: Sequence[GoldItem], label: str) -> GoldSource:
    """A gold assembled in the application: written out once for the official scorer."""
    from lexsub_studio.core.io.formats.gold import format_gold_line

    lines = []
    for item in items:
        try:
            lines.append(format_gold_line(item) + "\n")
        except ValueError:
            continue  # an unwritable line is one the official scorer could not read either
    return GoldSource(list(items), label, None, "".join(lines).encode("utf-8"))


def read_gold_source(path: str, multiword: bool = False) -> tuple[GoldSource, list[Any]]:
    """Background job: read a gold file (or a multiword gold); the reader's diagnostics come
    back too."""
    from lexsub_studio.core.io.formats.gold import read_gold_bytes
    from lexsub_studio.core.io.formats.textfile import read_input_bytes

    # Read once, within the input limits: the clean reader and the official scorer share it.
    data = read_input_bytes(path)
    result = read_gold_bytes(data, path, multiword=multiword)
    source = GoldSource(result.items, Path(path).name, path, data, result.table)
    return source, list(result.diagnostics)


def read_multiword_gold_source(path: str) -> tuple[GoldSource, list[Any], str]:
    """Background job: read a multiword gold the user chose; the note says when the file does
    not look like one (an ordinary gold chosen by mistake would find almost no multiword)."""
    from lexsub_studio.core.io.formats.detect import detect_path

    source, diagnostics = read_gold_source(path, multiword=True)
    detection = detect_path(path)
    note = ("" if detection.kind == "mwgold" else
            f"this does not look like a multiword gold ({detection.reason})")
    return source, diagnostics, note


@dataclass(frozen=True, slots=True)
class GoldPair:
    """A gold read from a file, and the multiword gold found beside it (if looked for)."""

    gold: GoldSource
    diagnostics: list[Any]
    multiword: GoldSource | None
    multiword_diagnostics: list[Any]
    #: Why this multiword gold, or why none (shown beside its name).
    found_reason: str


def read_gold_pair(path: str, look_beside: bool) -> GoldPair:
    """Background job: the gold and, when ``look_beside``, the multiword gold that belongs to
    it (core.formats.multiword_gold_files)."""
    from lexsub_studio.core.io.formats.multiword_gold_files import find_multiword_gold

    gold, diagnostics = read_gold_source(path)
    if not look_beside:
        return GoldPair(gold, diagnostics, None, [], "")
    match = find_multiword_gold(path)
    if match.path is None:
        return GoldPair(gold, diagnostics, None, [], match.reason)
    multiword, multiword_diagnostics = read_gold_source(str(match.path), multiword=True)
    return GoldPair(gold, diagnostics, multiword, multiword_diagnostics,
                    f"found: {match.reason}")


@dataclass(slots=True)
class DroppedFiles:
    """Files dropped on the Scoring workspace, sorted by where they go."""

    gold: str | None = None
    multiword_gold: str | None = None
    corpus: str | None = None
    systems: list[str] = field(default_factory=list)
    #: Annotators' judgements files (post-hoc scoring).
    judgements: list[str] = field(default_factory=list)
    #: Each file that is none of these, with why.
    ignored: list[str] = field(default_factory=list)


def sort_dropped_files(paths: Sequence[str]) -> DroppedFiles:
    """Background job: detect each file's kind (core.formats.detect) and sort the files."""
    from lexsub_studio.core.io.formats.detect import detect_path
    from lexsub_studio.core.model.diagnostics import InputError
    from lexsub_studio.core.scoring.compare.system_scores import SYSTEM_KINDS

    dropped = DroppedFiles()
    for path in paths:
        name = Path(path).name
        try:
            detection = detect_path(path)
        except (OSError, InputError) as error:
            dropped.ignored.append(f"{name}: {getattr(error, 'strerror', None) or error}")
            continue
        if detection.kind == "gold" and dropped.gold is None:
            dropped.gold = path
        elif detection.kind == "mwgold" and dropped.multiword_gold is None:
            dropped.multiword_gold = path
        elif detection.kind == "corpus" and dropped.corpus is None:
            dropped.corpus = path
        elif detection.kind in SYSTEM_KINDS:
            dropped.systems.append(path)
        elif detection.kind == "judgements":
            dropped.judgements.append(path)
        else:
            what = "a second file of its kind" if detection.kind else detection.reason
            dropped.ignored.append(f"{name} ({what})")
    return dropped


class MissingMultiwordGold(Exception):
    """An mw system file waits for a multiword gold: it is never scored against the ordinary
    gold, where it would find almost no multiword and say nothing about it."""

    def __init__(self, path: str) -> None:
        super().__init__(f"{Path(path).name} holds multiword answers (mw) and no multiword gold "
                         "is open: choose one with Multiword gold… (the task's is mwgold.trial "
                         "or NAME.mw beside the gold), or drop it on the workspace.")


def cache_key(path: str, kind: str | None, gold_identity: tuple[Any, ...]) -> tuple[Any, ...]:
    """Scores are kept per (system file as it is now, chosen kind, gold)."""
    stat = Path(path).stat()
    return (str(Path(path).resolve()), stat.st_mtime_ns, stat.st_size, kind, gold_identity)


def score_systems(paths: Sequence[str], gold: GoldSource, kinds: dict[str, str | None],
                  cache: dict[tuple[Any, ...], SystemScores],
                  report: Callable[[str], None] = lambda text: None,
                  cancelled: Callable[[], bool] = lambda: False,
                  mw_gold: GoldSource | Callable[[], GoldSource] | None = None,
                  convention: Convention | None = None,
                  checks: list[OfficialCheck] | None = None,
                  lemmatise: bool = False,
                  chosen_names: Mapping[str, str] | None = None,
                  ) -> list[SystemScores | Exception]:
    """Background job: score each file (or take it from the cache); a file that cannot be read
    gives its exception in its place, so one bad file does not stop the others. An mw file is
    scored against ``mw_gold`` (made by calling it, the first time an mw file needs it), and
    without one gives MissingMultiwordGold. With ``checks``, a file not in the cache is scored
    cleanly only: its scores come back ``checking`` and its official run and warnings are
    added to ``checks`` for ``check_systems`` (which caches the finished scores).
    ``convention``: the profile whose GAP is given (None: this project's own).
    ``lemmatise``: the convention's GAP matches each answer as its lemma. ``chosen_names``
    (path -> name): the names the user gave systems, shown instead of their files' names."""
    from lexsub_studio.core.io.formats.textfile import read_input_bytes

    results: list[SystemScores | Exception] = []
    names = {**display_names(paths), **(chosen_names or {})}
    for number, path in enumerate(paths, start=1):
        if cancelled():
            break
        report(f"Scoring {Path(path).name} ({number} of {len(paths)})…")
        try:
            kind = kinds.get(path)
            # Read and detected once: scoring takes both (detection reads every line).
            data = read_input_bytes(path) if kind is None else None
            detection = _detected(path, data) if data is not None else None
            multiword = kind == "mw" or (detection is not None and detection[0] == "mw")
            against = gold
            if multiword:
                if mw_gold is None:
                    raise MissingMultiwordGold(path)
                if not isinstance(mw_gold, GoldSource):
                    mw_gold = mw_gold()
                against = mw_gold
            key = (*cache_key(path, kind, against.identity), convention, lemmatise)
            scored = cache.get(key)
            if scored is None:
                check = clean_system_scores(path, against.items, against.data or None,
                                            kind=kind, convention=convention, data=data,
                                            detection=detection, lemmatise=lemmatise)
                if multiword:
                    check.scored = replace(check.scored, kind_reason=(
                        f"{check.scored.kind_reason}; scored against {against.label}"))
                check.key, check.name = key, names[path]
                if checks is None:
                    scored = cache[key] = check.finish()
                else:
                    checks.append(check)
                    scored = check.scored
            results.append(replace(scored, name=names[path]))
        except Exception as error:  # each file's problem is shown with that file
            results.append(error)
    return results


def check_systems(checks: Sequence[OfficialCheck], cache: dict[tuple[Any, ...], SystemScores],
                  report: Callable[[str], None] = lambda text: None,
                  cancelled: Callable[[], bool] = lambda: False,
                  ) -> list[SystemScores | Exception]:
    """Background job: the official run and the warnings of systems ``score_systems`` scored
    cleanly (``checks``), each finished system cached and given back under its shown name; a
    failure gives its exception in its place."""
    results: list[SystemScores | Exception] = []
    for number, check in enumerate(checks, start=1):
        if cancelled():
            break
        report(f"Official scorer: checking {Path(str(check.scored.path)).name} "
               f"({number} of {len(checks)})…")
        try:
            finished = check.finish()
            if check.key is not None:
                cache[check.key] = finished
            results.append(replace(finished, name=check.name or finished.name))
        except Exception as error:  # each file's problem is shown with that file
            results.append(error)
    return results


def display_names(paths: Sequence[str]) -> dict[str, str]:
    """Each file's name, with as many parent folders as it takes to tell apart files of the
    same name."""
    names: dict[str, str] = {}
    for path in paths:
        parts = Path(path).parts
        depth = 1
        while depth < len(parts) and any(
                other != path and Path(other).parts[-depth:] == parts[-depth:]
                for other in paths):
            depth += 1
        names[path] = "/".join(parts[-depth:])
    return names


def _detected(path: str, data: bytes) -> tuple[str, str] | None:
    """The kind of a system file and why; None when it is not one (its scoring says why)."""
    from lexsub_studio.core.scoring.compare.system_scores import detect_system_kind

    try:
        return detect_system_kind(path, data)
    except Exception:
        return None


def with_prepared_items(gold: GoldSource, prepared: list[Any],
                        report: Callable[[str], None]) -> GoldSource:
    """The gold with its items prepared for scoring, prepared once per gold (100,000 items take
    about a second, and every system and every warning needs them). ``prepared`` holds one
    (gold, items) pair, replaced whole so that a cancelled job finishing late cannot pair one
    gold with another's items."""
    from lexsub_studio.core.scoring.compare.system_scores import prepare_gold

    held = prepared[0]
    if held is None or held[0] is not gold:
        report("Preparing the gold…")
        held = (gold, prepare_gold(gold.items if gold.table is None else gold.table))
        prepared[0] = held
    return replace(gold, items=held[1])


#: Each system's file problems listed in its notes, at most.
LISTED_PROBLEMS = 50
#: A system's notes while its official check is still to come.
CHECKING_NOTE = ("official scorer and warnings: checking… (the clean figures are shown; "
                 "the official figures and the warnings follow)")


def warning_lines(warnings: Sequence[Any]) -> list[str]:
    """Each warning (core.scoring.report.system_warnings.SystemWarning) in a sentence, its examples
    (line numbers) indented under it."""
    lines: list[str] = []
    for warning in warnings:
        lines.append(warning.describe())
        lines += [f"  {example}" for example in warning.examples]
    return lines


def system_notes(systems: Sequence[SystemScores], failures: dict[str, str],
                 listed: int = LISTED_PROBLEMS) -> dict[str, list[str]]:
    """Each system's kind, file problems (``listed`` at most) and warnings, as lines of text by
    system name; then each file that could not be scored (``failures``: path -> why)."""
    from lexsub_studio.core.scoring.clean.scorer import readable_tally_line

    notes: dict[str, list[str]] = {}
    for system in systems:
        lines = [f"kind {system.kind} ({system.kind_reason})"]
        if system.diagnostics:
            lines.append(f"{len(system.diagnostics)} problem(s) in the file:")
            lines += [f"  {d}" for d in system.diagnostics[:listed]]
            if len(system.diagnostics) > listed:
                lines.append(f"  … and {len(system.diagnostics) - listed} more")
        if system.report is not None and system.report.ignored:
            lines += [f"not scored: {readable_tally_line(text)}"
                      for text in system.report.ignored]
        if system.checking:
            lines.append(CHECKING_NOTE)
        lines += warning_lines(system.warnings)
        if len(lines) == 1:
            lines.append("no problems found")
        notes[system.name] = lines
    for path, text in failures.items():
        notes[Path(path).name] = [f"could not be scored: {text}"]
    return notes
