"""League tables and breakdowns of several systems, and their export.

A ``Table`` is plain rows of text and numbers; ``league_table`` builds one from each system's
clean ScoreReport and official figures (systems as rows, measures as columns), and
``breakdown_table`` gives one measure per PoS or per lexelt (groups as rows, systems as
columns). Tables render as CSV, LaTeX, Markdown or HTML; ``html_report`` puts tables and plots in
one self-contained HTML page (plots embedded as base64 PNG or inline SVG). The GUI shows the
same Table objects it exports.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.model.diagnostics import Diagnostic, InputError
from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.numbers import SCORE_DECIMALS
from lexsub_studio.core.scoring.shown_figures import Cell, best_shown, figure_text, is_best

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

    from lexsub_studio.core.model.data import GoldItem
    from lexsub_studio.core.scoring.conventions import Convention
    from lexsub_studio.core.scoring.official.scorer import OfficialRun
    from lexsub_studio.core.scoring.report import ScoreReport
    from lexsub_studio.core.scoring.system_warnings import SystemWarning

#: Every measure family: the workspace and ``lexsub compare`` score with all of them.
ALL_FAMILIES = ("official", "jabbari", "ranking")
SYSTEM_KINDS = ("best", "oot", "mw", "weighted")

VIEWS = ("clean", "official")
TABLE_FORMATS = ("csv", "latex", "markdown", "html")
SUFFIX_FORMATS = {".csv": "csv", ".tex": "latex", ".md": "markdown", ".markdown": "markdown",
                  ".html": "html", ".htm": "html"}

#: League table columns: figure key and header. The official view fills only the task measures
#: (the official scorer computes nothing else); the clean view fills every one a kind supports.
LEAGUE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("best.precision", "best P"),
    ("best.recall", "best R"),
    ("best.mode_precision", "best mode P"),
    ("best.mode_recall", "best mode R"),
    ("oot.precision", "oot P"),
    ("oot.recall", "oot R"),
    ("oot.mode_precision", "oot mode P"),
    ("oot.mode_recall", "oot mode R"),
    ("mw.detection_precision", "mw detection P"),
    ("mw.detection_recall", "mw detection R"),
    ("mw.identification_precision", "mw identification P"),
    ("mw.identification_recall", "mw identification R"),
    ("jabbari.best", "best (Jabbari)"),
    ("jabbari.best1", "best1"),
    ("coverage.f", "coverage F"),
    ("ranking.p_at_1", "P@1"),
    ("ranking.p_at_3", "P@3"),
    ("ranking.r_at_10", "R@10"),
    ("ranking.gap", "GAP"),
)
OFFICIAL_KEYS = frozenset(key for key, _ in LEAGUE_COLUMNS[:12])
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
        from lexsub_studio.core.scoring.system_warnings import system_warnings

        scored = self.scored
        source = str(scored.path)
        run = None
        if self.gold_bytes is not None and scored.kind != "weighted":
            # The warnings need which items it scored, not the record of each (some 140 MB
            # at 100,000 items).
            run = run_official(self.data, self.gold_bytes, task=scored.kind, system_name=source,
                               collect_items=False, collect_ids=True)
        # The text is needed only for the answers of repeated lines: decoded only then.
        repeated = any(d.code == "duplicate-item" for d in scored.diagnostics)
        found = (system_warnings(self.lines, self.gold, scored.kind, scored.report,
                                 diagnostics=list(scored.diagnostics),
                                 text=decode_utf8(self.data, source) if repeated else None,
                                 official=run)
                 if self.warnings else [])
        return replace(scored, official=official_figures(run) if run else {}, warnings=found,
                       official_totals=dict(run.totals) if run else None, checking=False)


@dataclass(slots=True)
class Table:
    title: str
    header: list[str]
    rows: list[list[Cell]]
    #: The figure key behind each column (None for label columns), for explanations.
    keys: list[str | None] = field(default_factory=list)
    #: How LaTeX, Markdown and HTML write figures: "fraction" (0.360) or "percent" (35.98, as
    #: the official scorer rounds); CSV always holds the full-precision fraction.
    unit: str = "fraction"


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
    core/scoring/conventions.py, as ``get_convention`` gives it; None: this project's own) adds
    its kept defects and gives the GAP figure as its script
    computes it; per-item rows and breakdowns keep this project's GAP. ``lemmatise``: that GAP
    figure matches each answer as its lemma (conventions.convention_gap). ``data``: the file's
    bytes when the caller has read them already (a pipe can be read only once);
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
    from lexsub_studio.core.scoring.conventions import DEFAULT_CONVENTION, get_convention

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
    from lexsub_studio.core.scoring.conventions import DEFAULT_CONVENTION, convention_gap
    from lexsub_studio.core.scoring.report import Figure

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
    from lexsub_studio.core.scoring.report import PreparedGoldSet

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
    from lexsub_studio.core.scoring.report import ScoreOptions, score

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


def league_table(systems: Sequence[SystemScores], view: str = "clean") -> Table:
    """Systems as rows, LEAGUE_COLUMNS as columns (only columns some system fills)."""
    if view not in VIEWS:
        raise ValueError(f"unknown view '{view}'; expected clean or official")
    values: list[dict[str, float | None]] = []
    for system in systems:
        if view == "official":
            values.append(dict(system.official))
        elif system.report is not None:
            values.append({key: figure.value for key, figure in system.report.figures.items()})
        else:
            values.append({})
    columns = [(key, label) for key, label in LEAGUE_COLUMNS
               if any(key in row for row in values)]
    rows: list[list[Cell]] = [
        [system.name, system.kind, *[row.get(key) for key, _ in columns]]
        for system, row in zip(systems, values, strict=True)
    ]
    title = "League table (official scorer)" if view == "official" else "League table (clean)"
    return Table(title, ["system", "kind", *[label for _, label in columns]], rows,
                 [None, None, *[key for key, _ in columns]])


def breakdown_table(systems: Sequence[SystemScores], by: str, measure: str) -> Table:
    """One measure per PoS or per lexelt: groups as rows, systems (that have it) as columns."""
    from lexsub_studio.core.scoring.report import FIGURE_DEFS_BY_KEY, POS_ORDER

    if by not in ("pos", "lexelt"):
        raise ValueError(f"cannot break down by '{by}'; expected pos or lexelt")
    per_system: dict[str, dict[str, float | None]] = {}
    for system in systems:
        report = system.report
        if report is None or measure not in report.figures:
            continue
        per_system[system.name] = group_values(report, by, measure)
    groups = list(dict.fromkeys(group for values in per_system.values() for group in values))
    if by == "pos":
        groups.sort(key=lambda g: (POS_ORDER.index(g) if g in POS_ORDER else 99, g))
    else:
        groups.sort()
    label = FIGURE_DEFS_BY_KEY[measure].label if measure in FIGURE_DEFS_BY_KEY else measure
    rows: list[list[Cell]] = [[group, *[values.get(group) for values in per_system.values()]]
                              for group in groups]
    return Table(f"{label} per {'PoS' if by == 'pos' else 'lexelt'}",
                 ["PoS" if by == "pos" else "lexelt", *per_system], rows,
                 [None, *[measure] * len(per_system)])


def group_values(report: ScoreReport, by: str, measure: str) -> dict[str, float | None]:
    """One figure per group: the same ratio of column sums as the overall figure, summed per
    group (ScoreReport.group_figures computes every figure; this only the one asked for, which
    matters with tens of thousands of lexelts)."""
    from lexsub_studio.core.scoring.report import FIGURE_DEFS_BY_KEY, Figure

    definition = FIGURE_DEFS_BY_KEY[measure]
    frame = report.items
    if frame.empty:
        return {}
    sums = frame.groupby(by, sort=False)[[definition.numerator, definition.denominator]].sum()
    numerators = sums[definition.numerator].to_numpy(dtype=float).tolist()
    denominators = sums[definition.denominator].to_numpy(dtype=float).tolist()
    return {str(group): Figure.from_sums(definition, numerator, denominator).value
            for group, numerator, denominator in zip(sums.index, numerators, denominators,
                                                     strict=True)}


def cell_text(value: Cell, digits: int = SCORE_DECIMALS, output: str = "gui") -> str:
    """Numbers to ``digits`` decimals; None (undefined or not scored) as ``output`` writes it
    (core/present/numbers.py)."""
    return numbers.cell(value, output, digits)


def _align(table: Table) -> str:
    """Label columns left, figure columns right."""
    return "".join("r" if key else "l" for key in _keys(table))


def _shown_frame(table: Table, output: str) -> pd.DataFrame:
    """The table's cells as ``output`` shows them, in a frame for core/present/tables.py."""
    import pandas as pd

    return pd.DataFrame([[_shown_cell(table, column, value, output)
                          for column, value in enumerate(row)] for row in table.rows],
                        columns=pd.Index(table.header, dtype=object), dtype=object)


def _best_positions(table: Table) -> set[tuple[int, int]]:
    best = _column_best(table)
    return {(row_number, column) for row_number, row in enumerate(table.rows)
            for column, value in enumerate(row) if _is_best(table, best, column, value)}


def to_csv(table: Table) -> str:
    """CSV with full precision; an undefined value is an empty field."""
    import pandas as pd

    from lexsub_studio.core.present.tables import csv_table

    return csv_table(pd.DataFrame(table.rows, columns=pd.Index(table.header, dtype=object),
                                  dtype=object))


def to_latex(table: Table) -> str:
    """A booktabs tabular: label columns left, numbers right; the best value of each numeric
    column in bold."""
    from lexsub_studio.core.present.tables import latex_table

    return latex_table(_shown_frame(table, "latex"), title=table.title, align=_align(table),
                       bold=_best_positions(table))


def to_markdown(table: Table) -> str:
    from lexsub_studio.core.present.tables import markdown_table

    return markdown_table(_shown_frame(table, "markdown"), title=table.title,
                          align=_align(table))


def to_html(table: Table) -> str:
    from lexsub_studio.core.present.tables import html_table

    return html_table(_shown_frame(table, "html"), caption=table.title, align=_align(table),
                      bold=_best_positions(table))


def render_table(table: Table, fmt: str) -> str:
    renderers = {"csv": to_csv, "latex": to_latex, "markdown": to_markdown, "html": to_html}
    if fmt not in renderers:
        raise ValueError(f"unknown table format '{fmt}'; expected {', '.join(TABLE_FORMATS)}")
    return renderers[fmt](table)


def format_for_path(path: str | Path) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIX_FORMATS:
        raise ValueError(f"cannot tell the format of '{Path(path).name}' from its suffix; "
                         f"use one of {', '.join(SUFFIX_FORMATS)}")
    return SUFFIX_FORMATS[suffix]


def write_table(table: Table, path: str | Path, fmt: str | None = None) -> Path:
    """Write a table atomically, in ``fmt`` or the format its suffix names."""
    target = Path(path)
    atomic_write_text(target, render_table(table, fmt or format_for_path(target)))
    return target


def _keys(table: Table) -> list[str | None]:
    return table.keys or [None] * len(table.header)


def _column_best(table: Table) -> dict[int, float | None]:
    """The best figure of each figure column as written (shown_figures.best_shown): figures that
    read the same are all the best."""
    return {column: best_shown([row[column] for row in table.rows], table.unit)
            for column, key in enumerate(_keys(table)) if key}


def _is_best(table: Table, best: dict[int, float | None], column: int, value: Cell) -> bool:
    return is_best(value, best.get(column), table.unit)


def _shown_cell(table: Table, column: int, value: Cell, output: str = "gui") -> str:
    """A cell as the table's unit writes it in ``output``: figures as fractions or
    percentages, anything else (names, ranks) as it is."""
    if _keys(table)[column]:
        return figure_text(value if isinstance(value, int | float) else None, table.unit,
                           output)
    return cell_text(value, output=output)


def html_report(title: str, tables: Sequence[Table],
                figures: Sequence[tuple[str, Figure]] = (), *, image_format: str = "png",
                notes: Mapping[str, Sequence[str]] | None = None) -> str:
    """One self-contained HTML page: the tables, the plots embedded (base64 PNG or inline
    SVG, nothing linked), and optional notes (for example each system's warnings)."""
    from lexsub_studio.core.present.plots import figure_bytes

    if image_format not in ("png", "svg"):
        raise ValueError(f"plots are embedded as png or svg, not '{image_format}'")
    from lexsub_studio.core.present.pages import html_list, html_page, html_section

    parts = [to_html(table) for table in tables]
    for caption, figure in figures:
        data = figure_bytes(figure, image_format)
        if image_format == "png":
            encoded = base64.b64encode(data).decode("ascii")
            image = (f'<img alt="{html.escape(caption)}" '
                     f'src="data:image/png;base64,{encoded}">')
        else:
            text = data.decode("utf-8")
            image = text[text.index("<svg"):]  # drop the XML prolog and DOCTYPE
        parts.append(f"<figure>\n{image}\n<figcaption>{html.escape(caption)}</figcaption>\n"
                     "</figure>\n")
    parts += [html_section(heading, html_list(lines)) for heading, lines in (notes or {}).items()]
    return html_page(title, parts)


def write_html_report(path: str | Path, title: str, tables: Sequence[Table],
                      figures: Sequence[tuple[str, Figure]] = (), *,
                      image_format: str = "png",
                      notes: Mapping[str, Sequence[str]] | None = None) -> Path:
    target = Path(path)
    atomic_write_text(target, html_report(title, tables, figures, image_format=image_format,
                                          notes=notes))
    return target
