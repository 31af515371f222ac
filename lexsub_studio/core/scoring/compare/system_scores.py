"""One system file scored as a league table needs it: its kind detected, clean scoring with
every measure family, the official scorer's figures beside them and the file's warnings.

``score_system_file`` does it all at once; ``clean_system_scores`` stops at the clean figures
and hands back an ``OfficialCheck`` whose ``finish`` runs the official scorer and the warnings
later (the Scoring workspace shows the clean figures first). system_files.py scores many files
against one gold with these and caches each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexsub_studio.core.model.diagnostics import Diagnostic, InputError

if TYPE_CHECKING:
    from lexsub_studio.core.model.data import GoldItem
    from lexsub_studio.core.scoring.conventions.profiles import Convention
    from lexsub_studio.core.scoring.official.scorer import OfficialRun
    from lexsub_studio.core.scoring.report.score_report import ScoreReport
    from lexsub_studio.core.scoring.report.system_warnings import SystemWarning


#: Every measure family: the workspace and ``lexsub compare`` score with all of them.
ALL_FAMILIES = ("official", "jabbari", "ranking")


SYSTEM_KINDS = ("best", "oot", "mw", "weighted")


#: The official run's totals that are figures; each is ``TASK.NAME`` in a clean report.
_OFFICIAL_TOTALS = ("precision", "recall", "mode_precision", "mode_recall",
                    "detection_precision", "detection_recall", "identification_precision",
                    "identification_recall")


@dataclass(slots=True)
class SystemScores:
    """One system's scores as the league table needs them."""

    name: str
    kind: str
    report: ScoreReport | None
    #: Official figures by figure key (fractions, None when undefined); empty for weighted files,
    #: which the official scorer does not read.
    official: dict[str, float | None] = field(default_factory=dict)
    path: str | None = None
    #: How the kind was found ("detected: ...", "given").
    kind_reason: str = ""
    #: The reader's diagnostics (each file's problems).
    diagnostics: list[Diagnostic] = field(default_factory=list)
    warnings: list[SystemWarning] = field(default_factory=list)
    #: The official run's totals (sums and counts behind its figures); the run itself, with
    #: a record per item, is not kept: 20 systems x 100,000 items would hold gigabytes.
    official_totals: dict[str, float | int | None] | None = None
    #: True while the official cross-check is still to come (OfficialCheck): ``official``,
    #: ``official_totals`` and ``warnings`` are empty until it is in.
    checking: bool = False


@dataclass(slots=True)
class OfficialCheck:
    """What is left to do for a system file once its clean figures are in: the official run
    (best, oot and mw, when the gold's bytes are given) and the warnings, which take the lines
    it rejects. ``finish`` does it; the Scoring workspace shows the clean figures first and
    runs it afterwards."""

    #: The clean scores (``checking`` set).
    scored: SystemScores
    #: The file's bytes, its lines as the reader gave them, the gold it was scored against.
    data: bytes
    lines: Any
    gold: Sequence[GoldItem]
    gold_bytes: bytes | None
    warnings: bool = True
    #: Where the finished scores are cached, and the name they are shown under (system_files).
    key: tuple[Any, ...] | None = None
    name: str | None = None

    def finish(self) -> SystemScores:
        """The system's scores with the official figures, totals and warnings filled in."""
        from lexsub_studio.core.io.formats.textfile import decode_utf8
        from lexsub_studio.core.scoring.official.scorer import run_official
        from lexsub_studio.core.scoring.report.system_warnings import system_warnings

        scored = self.scored
        source = str(scored.path)
        run = None
        if self.gold_bytes is not None and scored.kind != "weighted":
            # The warnings need which items it scored, not the record of each (some 140 MB
            # at 100,000 items).
            run = run_official(self.data, self.gold_bytes, task=scored.kind, system_name=source,
                               collect_items=False, collect_ids=True)
        # The text is needed only for the answers of repeated lines: decoded only then.
        assert scored.report is not None  # a check is made once the clean figures are in
        repeated = any(d.code == "duplicate-item" for d in scored.diagnostics)
        found = (system_warnings(self.lines, self.gold, scored.kind, scored.report,
                                 diagnostics=list(scored.diagnostics),
                                 text=decode_utf8(self.data, source) if repeated else None,
                                 official=run)
                 if self.warnings else [])
        return replace(scored, official=official_figures(run) if run else {}, warnings=found,
                       official_totals=dict(run.totals) if run else None, checking=False)


def detect_system_kind(path: str | Path, data: bytes | None = None) -> tuple[str, str]:
    """The kind of a system file (from ``data``, its bytes already read, when given) and why;
    InputError when it is not a system file."""
    from lexsub_studio.core.io.formats.detect import detect_kind, detect_path

    detection = detect_path(path) if data is None else detect_kind(data, Path(path).name)
    if detection.kind not in SYSTEM_KINDS:
        what = detection.kind or "unrecognised"
        raise InputError.at(path, "not-a-system-file",
                            f"not a system output file ({what}: {detection.reason}); "
                            "choose its kind (best, oot, mw, weighted) explicitly")
    return detection.kind, f"detected: {detection.reason}"


def score_system_file(path: str | Path, gold: Sequence[GoldItem], gold_bytes: bytes | None,
                      *, kind: str | None = None, name: str | None = None,
                      kept_defects: frozenset[str] = frozenset(), penalty: float = 1.0,
                      warnings: bool = True, strict_lexelt: bool = False,
                      convention: Convention | None = None, data: bytes | None = None,
                      detection: tuple[str, str] | None = None,
                      lemmatise: bool = False, compact: bool = True) -> SystemScores:
    """Read one system file (kind detected unless given), score it cleanly with every family,
    run the official scorer on it (best, oot, mw, when ``gold_bytes`` is given) and collect its
    warnings. ``strict_lexelt`` drops lines whose lexelt names their item's lemma with other PoS
    letters instead of matching them by id. ``gold`` must have been read with ``multiword`` for
    an mw file. Scoring many
    systems against one gold, pass ``prepare_gold(gold, kept_defects)`` as ``gold``: it is
    prepared once instead of once per system (and per warning). ``convention`` (a profile of
    core/scoring/conventions/profiles.py, as ``get_convention`` gives it; None: this project's
    own) adds its kept defects and gives the GAP figure as its
    script computes it; per-item rows and breakdowns keep this project's GAP. ``lemmatise``: that
    GAP figure matches each answer as its lemma (conventions.convention_gap). ``data``: the
    file's bytes when the caller has read them already (a pipe can be read only once);
    ``detection``: the kind and why, as ``detect_system_kind`` found them in ``data``, when the
    caller has detected it already (detection reads every line). ``compact``: keep the report
    as ``ScoreReport.compacted`` makes it, for a league table that keeps many (which builds its
    per-item DataFrame, pandas included); a caller that reads a report's per-item columns once
    and lets it go passes False."""
    return clean_system_scores(path, gold, gold_bytes, kind=kind, name=name,
                               kept_defects=kept_defects, penalty=penalty, warnings=warnings,
                               strict_lexelt=strict_lexelt, convention=convention, data=data,
                               detection=detection, lemmatise=lemmatise,
                               compact=compact).finish()


def clean_system_scores(path: str | Path, gold: Sequence[GoldItem], gold_bytes: bytes | None,
                        *, kind: str | None = None, name: str | None = None,
                        kept_defects: frozenset[str] = frozenset(), penalty: float = 1.0,
                        warnings: bool = True, strict_lexelt: bool = False,
                        convention: Convention | None = None, data: bytes | None = None,
                        detection: tuple[str, str] | None = None,
                        lemmatise: bool = False, compact: bool = True) -> OfficialCheck:
    """``score_system_file`` up to the clean figures: the system's clean scores (``checking``)
    and what is left to do, the official run and the warnings (``OfficialCheck.finish``)."""
    from lexsub_studio.core.scoring.conventions.profiles import DEFAULT_CONVENTION, get_convention

    profile = convention or get_convention(DEFAULT_CONVENTION)
    return _score_system_file(Path(path), gold, gold_bytes, kind, name,
                              kept_defects | profile.kept_defects, penalty, warnings,
                              strict_lexelt, profile, data, detection, lemmatise, compact)


def convention_gap_figure(report: ScoreReport, answers: Sequence[Any],
                          gold: Sequence[GoldItem], kind: str, convention: Convention,
                          gold_bytes: bytes | None = None, lemmatise: bool = False) -> None:
    """Put the convention's GAP in place of the report's ``ranking.gap`` figure (a mean over
    the items the convention averages: numerator the sum of their GAPs, denominator their
    number). The default profile's figure is the report's own and is left as it is, unless
    ``lemmatise`` (answers matched as lemmas) asks for another. ``gold_bytes``: the gold file,
    which a profile reads as its script does."""
    from lexsub_studio.core.scoring.conventions.profiles import DEFAULT_CONVENTION, convention_gap
    from lexsub_studio.core.scoring.report.score_report import Figure

    old = report.figures.get("ranking.gap")
    if old is None or (convention.name == DEFAULT_CONVENTION and not lemmatise):
        return
    gold_text = None if gold_bytes is None else gold_bytes.decode("utf-8-sig", errors="replace")
    gap = convention_gap(answers, gold, convention, kind=kind, gold_text=gold_text,
                         lemmatise=lemmatise)
    total, count = float(gap.scores.sum()), float(len(gap.scores))
    name = convention.name
    rules = f"{name}, answers lemmatised" if lemmatise else name
    report.figures["ranking.gap"] = Figure(
        old.key, old.label, total / count if count else None, total, count,
        f"sum of item GAP ({rules})", f"items {name} averages")


def prepare_gold(gold: Sequence[GoldItem],
                 kept_defects: frozenset[str] = frozenset()) -> Sequence[GoldItem]:
    """The gold prepared once for scoring many systems with ``score_system_file`` (a gold that
    already is prepared under the same gold defects is returned as it is)."""
    from lexsub_studio.core.scoring.report.score_report import PreparedGoldSet

    if isinstance(gold, PreparedGoldSet) and gold.serves(kept_defects):
        return gold
    return PreparedGoldSet(gold, kept_defects)


def _score_system_file(source: Path, gold: Sequence[GoldItem], gold_bytes: bytes | None,
                       kind: str | None, name: str | None, kept_defects: frozenset[str],
                       penalty: float, warnings: bool, strict_lexelt: bool,
                       convention: Convention, data: bytes | None = None,
                       detection: tuple[str, str] | None = None,
                       lemmatise: bool = False, compact: bool = True) -> OfficialCheck:
    from lexsub_studio.core.io.formats.system import read_system_bytes
    from lexsub_studio.core.io.formats.textfile import read_input_bytes
    from lexsub_studio.core.io.formats.weighted import read_weighted_bytes
    from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score

    if data is None:
        data = read_input_bytes(source)
    if kind is None:
        kind, reason = detection or detect_system_kind(source, data)
    else:
        reason = "chosen"
    if kind not in SYSTEM_KINDS:
        raise ValueError(f"unknown system kind '{kind}'; expected {', '.join(SYSTEM_KINDS)}")
    if kind != "mw":
        # Scoring and every warning's effect share one preparation of the gold.
        gold = prepare_gold(gold, kept_defects)
    read: Any = (read_weighted_bytes(data, str(source)) if kind == "weighted"
                 else read_system_bytes(data, kind, str(source)))
    options = ScoreOptions(kind=kind, families=ALL_FAMILIES, kept_defects=kept_defects,
                           penalty=penalty, strict_lexelt=strict_lexelt)
    label = name or source.name
    # The reader's table as it is: scoring and the warnings need no object per line.
    lines = read.answers if kind == "weighted" else read.table
    report = score(lines, gold, options, system_name=label)
    report.diagnostics = list(read.diagnostics)
    convention_gap_figure(report, lines, gold, kind, convention, gold_bytes, lemmatise)
    # A league table keeps every system's report: the compact copy holds about half the
    # memory, with the same figures and explanations (the warnings read it too).
    scored = SystemScores(label, kind, report.compacted() if compact else report, {},
                          str(source), reason,
                          list(read.diagnostics), [], None, checking=True)
    return OfficialCheck(scored, data, lines, gold, gold_bytes, warnings)


def official_figures(run: OfficialRun) -> dict[str, float | None]:
    """The official run's figures under the clean report's keys (``best.precision`` ...)."""
    prefix = run.task
    figures: dict[str, float | None] = {}
    for total in _OFFICIAL_TOTALS:
        if total in run.totals:
            value = run.totals[total]
            figures[f"{prefix}.{total}"] = None if value is None else float(value)
    return figures
