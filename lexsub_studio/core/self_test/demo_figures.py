"""The self-test's checks that need no window: the demo's figures against docs/demo.md.

``lexsub-studio --self-test`` proves that a build works where it was installed: it pools the
bundled demo responses, computes their agreement, scores the demo systems with the official and
the clean scorer, renders one plot, and compares every figure with the value docs/demo.md
states. The expected values are read from that document (shipped inside the package), so the
document a teacher reads and the figures the build produces cannot drift apart unnoticed.
The window part (opening the demo, annotating into a store) lives in gui/self_test.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.report.score_report import ScoreReport

#: The rows of docs/demo.md's scoring table the self-test checks: (row label, how to score it).
#: "official" rows go through the official scorer (final release), "clean" rows through the
#: clean scorer; the weighted file has two rows from one clean run (top 1 as best, top 10 as oot).
SCORED_RUNS: tuple[tuple[str, str, str, str, str], ...] = (
    # (row label in the table, system file, scorer, kind, task whose figures the row gives)
    ("alpha, best", "alpha.best", "official", "best", "best"),
    ("alpha, oot", "alpha.oot", "official", "oot", "oot"),
    ("beta, best", "beta.best", "clean", "best", "best"),
    ("gamma, best (top 1)", "gamma.weighted", "clean", "weighted", "best"),
    ("gamma, oot (top 10)", "gamma.weighted", "clean", "weighted", "oot"),
)
#: Runs the official scorer also makes: its figures must equal the clean scorer's there.
OFFICIAL_TOO = ("alpha.best", "beta.best", "alpha.oot")


@dataclass(frozen=True, slots=True)
class Check:
    """One figure compared with what the documentation says."""

    name: str
    expected: str
    actual: str
    #: Where the expected value comes from, named in a failure's line.
    source: str = "docs/demo.md"

    @property
    def passed(self) -> bool:
        return self.expected == self.actual

    def line(self) -> str:
        verdict = "ok  " if self.passed else "FAIL"
        detail = self.actual if self.passed else f"{self.actual} ({self.source}: {self.expected})"
        return f"{verdict} {self.name}: {detail}"


@dataclass(frozen=True, slots=True)
class DocumentedFigures:
    """The values docs/demo.md states; None where the document no longer states one."""

    #: row label -> (precision, mode precision), as printed (two decimals, percent).
    scores: dict[str, tuple[str, str]]
    pairwise_agreement: str | None
    mode_agreement: str | None
    items_in_t: str | None
    items_with_mode: str | None
    #: detection precision, recall, identification precision, recall (percent, two decimals).
    multiword: tuple[str, str, str, str] | None


NOT_STATED = "not stated"


def read_documented_figures(text: str) -> DocumentedFigures:
    """Parse the figures out of docs/demo.md (its scoring table and the sentences quoting the
    agreement, T and multiword figures)."""
    scores: dict[str, tuple[str, str]] = {}
    for label, precision, mode in re.findall(
            r"^\| ([^|]+?) \| [^|]* \| (\d+\.\d\d) \| (\d+\.\d\d) \|$", text, re.MULTILINE):
        scores[label] = (precision, mode)
    flat = " ".join(text.split())
    agreement = re.search(r"pairwise agreement of (\d\.\d\d) and an agreement with the mode of "
                          r"(\d\.\d\d)", flat)
    items = re.search(r"(\d+) are in T and (\d+) of those have a mode", flat)
    multiword = re.search(r"Detection precision = (\d+\.\d\d), recall = (\d+\.\d\d) "
                          r"Identification precision = (\d+\.\d\d), recall = (\d+\.\d\d)", flat)
    return DocumentedFigures(
        scores=scores,
        pairwise_agreement=agreement.group(1) if agreement else None,
        mode_agreement=agreement.group(2) if agreement else None,
        items_in_t=items.group(1) if items else None,
        items_with_mode=items.group(2) if items else None,
        multiword=(multiword.group(1), multiword.group(2), multiword.group(3),
                   multiword.group(4)) if multiword else None)


def _percent(value: float | int | None) -> str:
    return "undefined" if value is None else f"{value * 100:.2f}"


def _check(name: str, expected: str | None, actual: Callable[[], str],
           source: str = "docs/demo.md") -> Check:
    """A check whose figure is computed by ``actual``; a failure to compute it is a failed check
    with the reason in words, never a traceback (the self-test goes on with the others)."""
    try:
        value = actual()
    except (OSError, ValueError) as error:
        value = f"could not be computed ({error})"
    return Check(name, NOT_STATED if expected is None else expected, value, source)


def _official_totals(system: Path, gold: Path, task: str) -> dict[str, float | int | None]:
    from lexsub_studio.core.scoring.official.scorer import run_official

    run = run_official(system.read_bytes(), gold.read_bytes(), task=task,
                       system_name=system.name, gold_name=gold.name, collect_items=False)
    if run.exit_code != 0:
        raise ValueError(f"the official scorer stopped on {system.name}: {run.stderr.strip()}")
    return run.totals


def demo_checks(demo: Path, documentation: str, plot_path: Path) -> list[Check]:
    """Every check of the demo's figures, in the order the self-test prints them."""
    from lexsub_studio.core.agreement.report import compute_agreement
    from lexsub_studio.core.gold.assembly import build_gold_from_files
    from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score_files

    documented = read_documented_figures(documentation)
    gold = demo / "gold"
    systems = demo / "systems"
    checks: list[Check] = []

    responses = sorted((demo / "responses").glob("*.tsv"))
    assembly, _ = build_gold_from_files(responses)
    checks.append(_check("responses pooled: items in T", documented.items_in_t,
                         lambda: str(assembly.stats["items_in_T"])))
    checks.append(_check("responses pooled: items with a mode", documented.items_with_mode,
                         lambda: str(assembly.stats["items_with_mode"])))
    agreement = compute_agreement(assembly.pooled, alpha=False)
    checks.append(_check("agreement: pairwise", documented.pairwise_agreement,
                         lambda: f"{agreement.figures['pairwise_agreement']:.2f}"))
    checks.append(_check("agreement: with the mode", documented.mode_agreement,
                         lambda: f"{agreement.figures['mode_agreement']:.2f}"))

    clean_reports: dict[str, ScoreReport] = {}
    for label, system_name, scorer, kind, task in SCORED_RUNS:
        expected = documented.scores.get(label)
        system = systems / system_name
        if scorer == "official":
            totals = _official_totals(system, gold, task)
            figures = (totals["precision"], totals["mode_precision"])
        else:
            if system_name not in clean_reports:
                clean_reports[system_name] = score_files(system, gold, ScoreOptions(kind=kind))
            report = clean_reports[system_name]
            figures = (report.figures[f"{task}.precision"].value,
                       report.figures[f"{task}.mode_precision"].value)
        for position, measure in enumerate(("precision", "mode precision")):
            checks.append(_check(f"{scorer} scorer, {label}: {measure}",
                                 expected[position] if expected else None,
                                 partial(_percent, figures[position])))

    # The document says the official and clean scorers agree on alpha and beta: check that too.
    for system_name in OFFICIAL_TOO:
        task = "oot" if system_name.endswith(".oot") else "best"
        totals = _official_totals(systems / system_name, gold, task)
        report = score_files(systems / system_name, gold, ScoreOptions(kind=task))
        official = f"{_percent(totals['precision'])} / {_percent(totals['mode_precision'])}"
        clean = (f"{_percent(report.figures[f'{task}.precision'].value)} / "
                 f"{_percent(report.figures[f'{task}.mode_precision'].value)}")
        checks.append(Check(f"official = clean on {system_name} (precision / mode precision)",
                            official, clean, source="official scorer"))

    totals = _official_totals(systems / "alpha.mw", demo / "gold.mw", "mw")
    keys = ("detection_precision", "detection_recall", "identification_precision",
            "identification_recall")
    for position, key in enumerate(keys):
        checks.append(_check(
            f"official scorer, alpha, mw: {key.replace('_', ' ')}",
            documented.multiword[position] if documented.multiword else None,
            partial(lambda named: _percent(totals[named]), key)))

    checks.append(_check("plot rendered", "a PNG file",
                         lambda: _render_plot(clean_reports, plot_path), source="expected"))
    return checks


def _render_plot(reports: dict[str, ScoreReport], plot_path: Path) -> str:
    from lexsub_studio.core.present.plots import pos_bars_figure, pos_from_reports, save_figure

    figure = pos_bars_figure(pos_from_reports(reports, "best.precision"), "best.precision")
    save_figure(figure, plot_path)
    signature = plot_path.read_bytes()[:8]
    return "a PNG file" if signature == b"\x89PNG\r\n\x1a\n" else "not a PNG file"
