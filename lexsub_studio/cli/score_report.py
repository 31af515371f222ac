"""``lexsub score`` beyond the official output: clean scoring, every later measure, explanations.

cli/score.py parses the official arguments, calls ``add_report_arguments`` for these options and,
when ``wants_report(args)`` is true, hands over to ``run_report``. Nothing but argparse is imported
at module level: ``add_report_arguments`` runs for every ``lexsub score``, the official path
included, whose start-up is part of its speed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from lexsub_studio.cli import exitcodes

if TYPE_CHECKING:
    from typing import Any

#: The switches of --keep-defect: core/scoring/clean/fixes.py's FIX_NAMES, written out so that the
#: official path does not load that module (a test keeps the two equal).
DEFECT_SWITCHES = ("lexelt-key", "pn-entries", "distinct-answers", "spelling", "no-reuse",
                   "empty-not-attempted", "oot-limit", "unique-mode", "undefined-figures")
FORMATS = ("table", "json", "csv", "latex", "markdown")
FAMILIES = ("official", "jabbari", "ranking")
REPORT_HELP = """\
Any option below prints a clean-scoring report instead of the official output (docs/metrics.md).
  --metrics official  the task's measures with the official scorer's defects fixed (default)
  --metrics jabbari   best, best1, coverage P/R/F (penalty k), optimal F, top-n F (Jabbari 2010)
  --metrics ranking   P@1, P@3, R@10, GAP (oot and weighted files)
  --metrics all       all of them; combine with commas: --metrics official,ranking
  --metrics swords    SWORDS' F@10, P@10, R@10 (lenient/strict, acceptable/conceivable),
                      P@1 and GAP of a SWORDS result against a SWORDS benchmark (JSON, .gz)"""


LEMMATISE_REFUSED = (
    "--lemmatise applies to --metrics swords, --convention and --rank-candidates "
    "(docs/metrics.md, Lemmatised comparison); the official program's output and the clean "
    "report compare answers as written, as the SemEval-2007 task did, so it does not apply here")


def add_report_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("clean scoring and further measures", REPORT_HELP)
    group.add_argument("--clean", action="store_true",
                       help="score with the official scorer's defects fixed (docs/metrics.md)")
    group.add_argument("--explain", action="store_true",
                       help="list every item where clean and official scoring disagree, and why, "
                            "then how the official scorer reached each of its figures")
    group.add_argument("--warnings", action="store_true",
                       help="also list the system file's warnings (lines whose lexelt differs "
                            "from the gold's, repeated answers ...) with their effect")
    group.add_argument("--strict-lexelt", action="store_true", dest="strict_lexelt",
                       help="drop a line whose lexelt names its gold item's lemma with other "
                            "PoS letters (wild.n 160 for wild.a.n 160) instead of matching it "
                            "by id, as clean scoring and the official scorer do")
    group.add_argument("--metrics", metavar="LIST",
                       help="measure families: official, jabbari, ranking or all, "
                            "comma-separated (default: official); or swords alone")
    group.add_argument("--format", choices=FORMATS, dest="report_format",
                       help="output format of the report (default: table)")
    group.add_argument("--by", choices=("pos", "lexelt"),
                       help="also give every figure per PoS (n, a, v, r) or per lexelt")
    group.add_argument("--penalty", type=float, metavar="K",
                       help="penalty k for wrong answers in coverage precision (default: 1)")
    group.add_argument("--keep-defect", action="append", choices=DEFECT_SWITCHES, default=[],
                       metavar="NAME", dest="keep_defect",
                       help="switch one fix off, keeping the official behaviour (repeatable): "
                            + ", ".join(DEFECT_SWITCHES))
    group.add_argument("--convention", metavar="NAME",
                       help="the figures a published evaluation script prints: lexsub "
                            "(default), lexsubgen, melamud, melamud-mw "
                            "(docs/metrics.md, Conventions)")
    group.add_argument("--lemmatise", action="store_true",
                       help="match each answer as its lemma under the target's PoS, as SWORDS' "
                            "evaluation does: with --metrics swords (both sides), --convention "
                            "or --rank-candidates (docs/metrics.md, Lemmatised comparison)")
    group.add_argument("--rank-candidates", nargs="?", const="gold", metavar="FILE",
                       dest="rank_candidates",
                       help="GAP of ranking each target's candidates (a target is a lemma "
                            "and its first PoS: bar.n.v with bar.n): those the gold gives it, "
                            "or those of FILE (lemma.pos::cand1;cand2;...)")
    group.add_argument("--output", "-o", metavar="FILE",
                       help="write the report to FILE (atomically) instead of standard output")
    group.add_argument("--items", metavar="FILE", dest="items_file",
                       help="also write the per-item rows as CSV to FILE")
    group.add_argument("--judgements", nargs="+", metavar="FILE", default=None,
                       help="judgements files (# lexsub-judgements 1): also give the share of "
                            "the system's best or oot answers judged acceptable by majority "
                            "(post-hoc evaluation; docs/metrics.md)")


def _first_attribute(args: argparse.Namespace, names: tuple[str, ...]) -> Any:
    """The first of several attribute names cli/score.py may use for one argument."""
    for name in names:
        value = getattr(args, name, None)
        if value is not None:
            return value
    return None


def _task(args: argparse.Namespace) -> str | None:
    value = _first_attribute(args, ("task", "type", "t", "kind"))
    return value if isinstance(value, str) else None


def wants_report(args: argparse.Namespace) -> bool:
    """True when any report option is given (or the system kind is weighted)."""
    return bool(
        getattr(args, "clean", False) or getattr(args, "explain", False)
        or getattr(args, "warnings", False) or getattr(args, "strict_lexelt", False)
        or getattr(args, "metrics", None) or getattr(args, "report_format", None)
        or getattr(args, "by", None) or getattr(args, "penalty", None) is not None
        or getattr(args, "keep_defect", None) or getattr(args, "output", None)
        or getattr(args, "items_file", None) or _task(args) == "weighted"
        or getattr(args, "convention", None) or getattr(args, "rank_candidates", None)
        or getattr(args, "judgements", None) or getattr(args, "lemmatise", False)
    )


def parse_families(text: str | None) -> tuple[str, ...]:
    """``official,ranking`` -> ("official", "ranking"); ``all`` -> every family."""
    if not text:
        return ("official",)
    names = [name.strip() for name in text.split(",") if name.strip()]
    if "all" in names:
        return FAMILIES
    unknown = [name for name in names if name not in FAMILIES]
    if unknown or not names:
        given = ", ".join(unknown) if unknown else repr(text)
        raise ValueError(f"--metrics: unknown family {given}; "
                         f"expected {', '.join(FAMILIES)} or all")
    return tuple(name for name in FAMILIES if name in names)


def looks_weighted(data: bytes) -> bool:
    """A system file none of whose lines has a ``::`` separator is a weighted (Senseval-3) one."""
    return b"::" not in data


def wrong_kind_hint(result: Any, data: bytes, system_name: str) -> str | None:
    """The hint naming the right -t when most item lines of a system file (the whole file, as
    the clean reader read it) are of another kind than the one asked for, or when none is of
    that kind and the whole file is a weighted one; None otherwise."""
    from lexsub_studio.core.scoring.official.scorer import wrong_kind_message

    stats = result.stats
    kind_lines = stats.get("answer_lines", 0) + stats.get("duplicate_lines", 0)
    other_lines = stats.get("wrong_kind_lines", 0)
    if other_lines > kind_lines:
        other = "best" if result.kind == "oot" else "oot"
        return wrong_kind_message(result.kind, system_name, kind_lines, other_lines, other)
    if kind_lines or not looks_weighted(data):
        return None
    from lexsub_studio.core.io.formats.detect import detect_kind

    detection = detect_kind(data, Path(system_name).name)
    if detection.kind != "weighted":
        return None
    article = "a" if result.kind == "best" else "an"  # an oot, an mw
    return (f"{system_name} is a weighted file, not {article} {result.kind} file: "
            f"{detection.reason}; score it with -t weighted.")


def _fail(message: str, code: int = exitcodes.USAGE) -> int:
    print(f"lexsub score: {message}", file=sys.stderr)
    return code


def wants_swords(text: str | None) -> bool:
    """True for ``--metrics swords``; ValueError when swords is combined with another family
    (they score different files)."""
    names = {name.strip() for name in (text or "").split(",") if name.strip()}
    if "swords" not in names:
        return False
    if names != {"swords"}:
        raise ValueError("--metrics swords scores a SWORDS result against a SWORDS benchmark "
                         "and does not combine with " + ", ".join(sorted(names - {"swords"})))
    return True


def run_report(args: argparse.Namespace) -> int:
    try:
        swords_wanted = wants_swords(getattr(args, "metrics", None))
    except ValueError as error:
        return _fail(str(error))
    if swords_wanted:
        from lexsub_studio.cli.score_swords import run_swords

        return run_swords(args)
    if getattr(args, "lemmatise", False) and not (getattr(args, "convention", None)
                                                  or getattr(args, "rank_candidates", None)):
        return _fail(LEMMATISE_REFUSED)
    from lexsub_studio.core.io.formats.gold import read_gold_bytes
    from lexsub_studio.core.io.formats.system import read_system_bytes
    from lexsub_studio.core.io.formats.textfile import read_input_bytes
    from lexsub_studio.core.io.formats.weighted import read_weighted_bytes
    from lexsub_studio.core.scoring.report import render
    from lexsub_studio.core.scoring.report.score_report import (
        ScoreOptions,
        UndefinedFigureError,
        score,
    )

    system_name = str(_first_attribute(args, ("system", "system_file", "systemfile")))
    gold_name = str(_first_attribute(args, ("gold", "gold_file", "goldfile")))
    from lexsub_studio.core.io.output_paths import check_outputs

    # Refused before anything is read: `-o SYSTEM` would destroy the system file.
    judgement_files = list(getattr(args, "judgements", None) or [])
    check_outputs([system_name, gold_name, *judgement_files],
                  [("-o", getattr(args, "output", None)),
                                             ("--items", getattr(args, "items_file", None))])
    # Each file is read once and its bytes kept: detecting the kind must not consume the start
    # of a pipe (<(...)) that the reader then misses.
    system_bytes = read_input_bytes(Path(system_name))
    gold_bytes = read_input_bytes(Path(gold_name))
    task = _task(args)
    if task in (None, "best") and looks_weighted(system_bytes):
        task = "weighted"
    kind = task or "best"
    system_result: Any = (read_weighted_bytes(system_bytes, system_name) if kind == "weighted"
                          else read_system_bytes(system_bytes, kind, system_name))
    hint = None if kind == "weighted" else wrong_kind_hint(system_result, system_bytes,
                                                           system_name)
    if hint is not None:
        # One message, not a line error per line of the other kind and a table of zeros.
        from lexsub_studio.core.scoring.official.scorer import EXIT_WRONG_KIND

        return _fail(hint, EXIT_WRONG_KIND)
    if judgement_files and kind not in ("best", "oot"):
        return _fail(f"--judgements scores best or oot answers post hoc; this is a {kind} file")
    if judgement_files and (getattr(args, "convention", None)
                            or getattr(args, "rank_candidates", None)):
        return _fail("--judgements goes with the clean report, not --convention or "
                     "--rank-candidates")
    if getattr(args, "convention", None) or getattr(args, "rank_candidates", None):
        from lexsub_studio.cli.score_convention import run_convention

        return run_convention(args, kind, system_result, gold_bytes, gold_name)
    try:
        families = parse_families(args.metrics)
        if args.explain and "official" not in families:
            families = ("official", *families)  # the comparison is about the official measures
        options = ScoreOptions(kind=kind, families=families,
                               kept_defects=frozenset(args.keep_defect or ()),
                               penalty=1.0 if args.penalty is None else args.penalty,
                               strict_lexelt=bool(getattr(args, "strict_lexelt", False)))
    except ValueError as error:
        return _fail(str(error))
    skipped = [family for family in options.families if family not in options.active_families]
    # "all" means every family that applies; only a family named on its own earns a note.
    if skipped and "all" not in (args.metrics or "").split(","):
        print(f"lexsub score: {', '.join(skipped)} measures do not apply to a {kind} file; "
              "skipped", file=sys.stderr)
    release = _first_attribute(args, ("scorer", "release")) or "final"
    if args.explain and kind not in ("best", "oot"):
        return _fail(f"--explain compares with the official scorer, which scores best and oot "
                     f"files; this is a {kind} file")

    # The files' bytes are kept only for the official run (--explain, --warnings): a 1M-item
    # oot file and its gold are 160 MB.
    warnings_wanted = bool(getattr(args, "warnings", False))
    verbose = bool(_first_attribute(args, ("verbose", "v")))
    official_wanted = bool(args.explain or (warnings_wanted and kind != "weighted"))
    if not (official_wanted or warnings_wanted):
        system_bytes = b""
    gold_result = read_gold_bytes(gold_bytes, gold_name, multiword=kind == "mw")
    if not official_wanted:
        gold_bytes = b""
    # One write, a few notes of each kind in full.
    from lexsub_studio.cli.file_notes import file_notes

    sys.stderr.write(file_notes("lexsub score",
                                [*gold_result.diagnostics, *system_result.diagnostics]))
    try:
        # The tables the readers made: scoring needs no object per line.
        system_lines = system_result.table if kind != "weighted" else system_result.answers
        # Per-item rows only for what shows them: the items file, groups, -v, the comparison
        # with the official scorer and the warnings' effects.
        items_shown = bool(args.items_file or args.by or args.explain or warnings_wanted
                           or verbose)
        report = score(system_lines, gold_result.table, options,
                       system_name=system_name, gold_name=gold_name, items=items_shown)
    except UndefinedFigureError as error:
        return _fail(f"{error} (the undefined-figures defect is kept)", exitcodes.FAILED)
    report.diagnostics = [*gold_result.diagnostics, *system_result.diagnostics]

    differences = None
    official = None
    if official_wanted:
        from lexsub_studio.core.scoring.official.scorer import run_official

        official = run_official(system_bytes, gold_bytes, task=kind,
                                release=release, system_name=system_name,
                                gold_name=gold_name)
    if args.explain:
        from lexsub_studio.core.io.formats.textfile import decode_utf8
        from lexsub_studio.core.scoring.explain.differences import compare_with_official

        assert official is not None  # --explain runs the official scorer (official_wanted)
        differences = compare_with_official(report, official, gold_result.items, release,
                                            gold_text=decode_utf8(gold_bytes, gold_name))
    warnings = None
    if warnings_wanted:
        from lexsub_studio.core.io.formats.textfile import decode_utf8
        from lexsub_studio.core.scoring.report.system_warnings import system_warnings

        repeated = any(d.code == "duplicate-item" for d in system_result.diagnostics)
        warnings = system_warnings(
            system_lines, gold_result.items, kind, report,
            diagnostics=list(system_result.diagnostics),
            text=decode_utf8(system_bytes, system_name) if repeated else None,
            official=official)

    item_lines = _item_lines(report) if verbose else []
    fmt = args.report_format or "table"
    text = render.render(report, fmt, args.by, differences, item_lines, warnings)
    if args.explain and fmt == "table" and official is not None:
        text += _official_figures_text(official, release)
    if judgement_files:
        text = _with_post_hoc(text, fmt, system_lines, kind, judgement_files)
    # The report and its items appear together or not at all (core/io/output_set.py).
    outputs: list[tuple[str, str]] = []
    if args.output:
        outputs.append((args.output, text))
    else:
        sys.stdout.write(text)
    if args.items_file:
        outputs.append((args.items_file, render.items_csv(report)))
    if outputs:
        from lexsub_studio.core.io.output_set import write_output_set

        write_output_set(outputs)
    undefined = report.undefined()
    if undefined:
        labels = ", ".join(report.figures[key].label for key in undefined)
        print(f"lexsub score: undefined (zero denominator): {labels}", file=sys.stderr)
        return exitcodes.FAILED
    return exitcodes.OK


def _with_post_hoc(text: str, fmt: str, system_lines: Any, kind: str,
                   judgement_files: list[str]) -> str:
    """The report with the post-hoc figures of core/scoring/report/post_hoc.py added."""
    from lexsub_studio.cli.file_notes import file_notes
    from lexsub_studio.core.io.formats.judgements import read_judgements
    from lexsub_studio.core.model.judgements import tally_judgement_files
    from lexsub_studio.core.scoring.report.post_hoc import post_hoc_score, post_hoc_text

    files = []
    for path in judgement_files:
        result = read_judgements(path)
        sys.stderr.write(file_notes("lexsub score", result.diagnostics))
        files.append((path, result.rows))
    votes = tally_judgement_files(files)
    for message in votes.repeated:
        print(f"lexsub score: warning: {message}", file=sys.stderr)
    post_hoc = post_hoc_score(system_lines, votes, kind, judgement_files)
    if post_hoc.unjudged:
        print(f"lexsub score: {post_hoc.unjudged} of the system's {post_hoc.answers} answers "
              "were judged by nobody: they are reported as unjudged, not scored",
              file=sys.stderr)
    return post_hoc_text(post_hoc, fmt, text)


def _official_figures_text(official: Any, release: str) -> str:
    """With --explain: how the official scorer reached each of its figures, numerator over
    denominator, in the unit its release prints (percentages for final, fractions for trial)."""
    from lexsub_studio.core.scoring.explain.official import official_explanations

    unit = "fraction" if release == "trial" else "percent"
    lines = official_explanations(official.task, official.totals, unit)
    if not lines:
        return ""
    return "\nOfficial figures, as the official scorer reached them:\n" + "".join(
        f"  {line}\n" for line in lines)


def _item_lines(report: Any) -> list[str]:
    """With -v: each item's main measures in words."""
    from lexsub_studio.core.scoring.explain.text import explain_item_row

    measures = {"best": ("best", "best.mode"), "oot": ("oot", "oot.mode"),
                "weighted": ("best", "oot"), "mw": ("mw",)}[report.options.kind]
    lines = []
    for row in report.items.to_dict("records"):
        for measure in measures:
            text = explain_item_row(row, measure, report.options)
            lines.append(f"{row['lexelt']} {row['id']}: {text}")
    return lines
