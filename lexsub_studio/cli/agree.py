"""``lexsub agree``: inter-annotator agreement of responses files (spec §3)."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace

from lexsub_studio.cli import exitcodes, numbers
from lexsub_studio.cli.gold import add_input_arguments, input_paths, load_inputs, print_messages

DESCRIPTION = """\
Measure how far annotators agree (spec §3, task description §6): pairwise agreement, mode
agreement (mode of all annotators, and leave-one-out), multiword identification and string
agreement, Krippendorff's alpha with the MASI and the Jaccard distance, Fleiss' kappa for the
multiword decision; with --bootstrap N, percentile intervals from resampling items.

Responses are normalised as for `lexsub gold` (trim, collapse whitespace, lower-case unless
--keep-case, merges from --map). Undefined figures print as "undefined" (null in JSON, an empty
cell in CSV). --anonymise replaces the annotators' names by A1, A2, ... (sorted names in order),
as the app's report export does with "Anonymise annotator names".

Judgements files (# lexsub-judgements 1) are recognised by their first line: for them the
report gives Krippendorff's alpha (nominal), Fleiss' kappa and pairwise percent agreement on
the labels, per annotator and per pair (docs/agreement.md); --unsure says how an unsure label
counts (category: its own category, the default; missing; not-acceptable). Responses and
judgements cannot be mixed in one run.

--pair A B lists, instead of the report, the items annotators A and B disagree on (1 - their
pair score at least --at-least D, default 1: they share no substitute), with the pair score and
both answers: what the app's heatmap lists when a cell is opened.

Exit status: 0 success; 1 pairwise agreement is undefined (e.g. fewer than two annotators share
an item); 2 usage error or unreadable input; 3 internal error (a fault in lexsub, not in the
input: a short report, the details in a log file).
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument("--format", choices=("table", "json", "csv", "html"),
                        default="table",
                        help="output format (default: table; html: the self-contained report page)")
    parser.add_argument("--by", choices=("pos", "lexelt", "annotator", "item"),
                        help="add the figures per PoS, lexelt, annotator or item")
    parser.add_argument("--bootstrap",
                        type=numbers.whole_number("--bootstrap", 0, numbers.MAX_REPLICATES),
                        default=0, metavar="N",
                        help="bootstrap replicates for the confidence intervals (default 0: none; "
                             "at most 100,000)")
    parser.add_argument("--seed", type=numbers.seed(), default=None, metavar="S",
                        help="random seed of the bootstrap (same seed, same intervals)")
    parser.add_argument("--confidence", type=float, default=0.95, metavar="C",
                        help="confidence level of the intervals (default 0.95)")
    parser.add_argument("--anonymise", "--anonymize", action="store_true",
                        help="write A1, A2, ... instead of the annotators' names (in the "
                             "report's order of names), in every format and in the warnings")
    parser.add_argument("--pair", nargs=2, metavar=("A", "B"),
                        help="instead of the report, list the items annotators A and B "
                             "disagree on (what the app's heatmap lists for a cell)")
    parser.add_argument("--at-least", type=float, default=None, metavar="D",
                        help="with --pair: list items whose disagreement (1 - pair score) is at "
                             "least D, 0 < D <= 1 (default 1: they share no substitute)")
    parser.add_argument("--no-alpha", action="store_true",
                        help="skip Krippendorff's alpha (the slowest figure on large data)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write the report to FILE (atomically) instead of standard output")
    parser.add_argument("--unsure", choices=("category", "missing", "not-acceptable"),
                        default=None,
                        help="judgements only: how an unsure label counts (default: category)")


def run(args: argparse.Namespace) -> int:
    if args.bootstrap < 0:
        print("lexsub agree: --bootstrap must be 0 or more", file=sys.stderr)
        return exitcodes.USAGE
    if not 0.0 < args.confidence < 1.0:
        print("lexsub agree: --confidence must be between 0 and 1", file=sys.stderr)
        return exitcodes.USAGE
    if args.at_least is not None and not args.pair:
        print("lexsub agree: --at-least goes with --pair A B", file=sys.stderr)
        return exitcodes.USAGE
    if args.pair and args.anonymise:
        print("lexsub agree: --pair names two annotators; it does not go with --anonymise",
              file=sys.stderr)
        return exitcodes.USAGE
    kinds = _input_kinds(args.responses)
    if "judgements" in kinds:
        if len(kinds) > 1:
            print("lexsub agree: these files mix judgements and responses; give one kind at a "
                  "time", file=sys.stderr)
            return exitcodes.USAGE
        return _judgement_agreement(args)
    if args.unsure is not None:
        print("lexsub agree: --unsure goes with judgements files", file=sys.stderr)
        return exitcodes.USAGE
    from lexsub_studio.core.agreement.export import (
        format_report_csv,
        format_report_table,
        report_to_dict,
    )
    from lexsub_studio.core.agreement.report import compute_agreement
    from lexsub_studio.core.io.output_paths import check_outputs

    check_outputs(input_paths(args), [("-o", args.output)])
    pooled, messages = load_inputs(args)
    print_messages(messages, args.max_messages)
    if args.pair:
        return _pair_listing(args, pooled)
    report = compute_agreement(pooled, alpha=not args.no_alpha, bootstrap=args.bootstrap,
                               seed=args.seed, confidence=args.confidence)
    if args.anonymise:
        from lexsub_studio.core.agreement.anonymise import anonymise_report

        report = anonymise_report(report)
    from lexsub_studio.core.present.signature import agreement_signature

    report.signature = agreement_signature(
        case="kept" if args.keep_case else "lower", merges=args._merges,
        alpha=not args.no_alpha, bootstrap=args.bootstrap, seed=args.seed,
        confidence=args.confidence)
    if args.format == "json":
        data = report_to_dict(report, args.by)
        data["input_messages"] = dict(sorted(
            (f"{severity} {code}", count) for (severity, code), count
            in _count_messages(messages).items()))
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    elif args.format == "csv":
        text = format_report_csv(report, args.by)
    elif args.format == "html":
        from lexsub_studio.core.agreement.report_about import report_about
        from lexsub_studio.core.agreement.report_html import report_html

        text = report_html(report, about=report_about(
            args.responses, args._merges, pooled.stats, anonymised=args.anonymise))
    else:
        text = format_report_table(report, args.by)
    _write(args, text)
    if args.format != "table":
        for warning in report.warnings:
            print(f"lexsub agree: warning: {warning}", file=sys.stderr)
    return exitcodes.OK if report.figures["pairwise_agreement"] is not None else exitcodes.FAILED


def _input_kinds(paths: list[str]) -> set[str]:
    """"judgements" for each file whose first line names that format, else "responses" (a
    file that cannot be opened counts as neither: its reader reports it)."""
    from lexsub_studio.core.io.formats.judgements import is_judgements_file

    kinds = set()
    for path in paths:
        judgements = is_judgements_file(path)
        if judgements is not None:
            kinds.add("judgements" if judgements else "responses")
    return kinds


def _judgement_agreement(args: argparse.Namespace) -> int:
    """The agreement of judgements files (core/agreement/judgements.py)."""
    for option, given in (("--pair", args.pair), ("--by", args.by), ("--map", args.merge_map),
                          ("--adjudication", args.adjudication), ("--corpus", args.corpus),
                          ("--keep-case", args.keep_case), ("--no-alpha", args.no_alpha)):
        if given:
            print(f"lexsub agree: {option} goes with responses files, not judgements",
                  file=sys.stderr)
            return exitcodes.USAGE
    from lexsub_studio.core.agreement.judgement_export import (
        judgement_report_csv,
        judgement_report_dict,
        judgement_report_html,
        judgement_report_table,
    )
    from lexsub_studio.core.agreement.judgements import DEFAULT_UNSURE_POLICY, judgement_agreement
    from lexsub_studio.core.io.formats.judgements import read_judgements
    from lexsub_studio.core.io.output_paths import check_outputs
    from lexsub_studio.core.model.judgements import tally_judgement_files

    check_outputs(args.responses, [("-o", args.output)])
    messages = []
    files = []
    for path in args.responses:
        result = read_judgements(path)
        messages += list(result.diagnostics)
        files.append((path, result.rows))
    print_messages(messages, args.max_messages)
    if args.anonymise:
        names = sorted({row.annotator for _, rows in files for row in rows})
        alias = {name: f"A{number}" for number, name in enumerate(names, start=1)}
        files = [(path, [replace(row, annotator=alias[row.annotator]) for row in rows])
                 for path, rows in files]
    votes = tally_judgement_files(files)
    for message in votes.repeated:
        print(f"lexsub agree: warning: {message}", file=sys.stderr)
    report = judgement_agreement(votes, unsure=args.unsure or DEFAULT_UNSURE_POLICY,
                                 bootstrap=args.bootstrap, seed=args.seed,
                                 confidence=args.confidence)
    if args.format == "json":
        text = json.dumps(judgement_report_dict(report), indent=2, ensure_ascii=False) + "\n"
    elif args.format == "csv":
        text = judgement_report_csv(report)
    elif args.format == "html":
        text = judgement_report_html(report)
    else:
        text = judgement_report_table(report)
    _write(args, text)
    if args.format != "table":
        for warning in report.warnings:
            print(f"lexsub agree: warning: {warning}", file=sys.stderr)
    return exitcodes.OK if report.figures["pairwise_agreement"] is not None else exitcodes.FAILED


def _write(args: argparse.Namespace, text: str) -> None:
    """To -o FILE (atomically), else to standard output."""
    if args.output:
        from lexsub_studio.core.io.atomic import atomic_write_text

        atomic_write_text(args.output, text)
        # Standard output is free: the report went to the file, which is named.
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(text)


def _pair_listing(args: argparse.Namespace, pooled) -> int:
    """The items the two annotators of --pair disagree on, in the chosen format."""
    from lexsub_studio.core.agreement.pair_listing import pair_disagreement_table
    from lexsub_studio.core.agreement.pairwise import DEFAULT_DISAGREEMENT
    from lexsub_studio.core.present import numbers as present_numbers
    from lexsub_studio.core.present import tables

    at_least = DEFAULT_DISAGREEMENT if args.at_least is None else args.at_least
    try:
        table = pair_disagreement_table(pooled, args.pair[0], args.pair[1], at_least=at_least)
    except ValueError as error:
        print(f"lexsub agree: --pair: {error}", file=sys.stderr)
        return exitcodes.USAGE
    if args.format == "json":
        text = tables.json_table(table)
    elif args.format == "csv":
        text = tables.csv_table(table)
    elif args.format == "html":
        text = tables.html_table(table, caption=f"Items {args.pair[0]} and {args.pair[1]} "
                                                 "disagree on",
                                 decimals=present_numbers.AGREEMENT_DECIMALS)
    else:
        text = tables.text_table(table, decimals=present_numbers.AGREEMENT_DECIMALS)
    _write(args, text if text.endswith("\n") else text + "\n")
    print(f"{len(table)} item(s) where {args.pair[0]} and {args.pair[1]} disagree by at least "
          f"{at_least:g}", file=sys.stderr)
    return exitcodes.OK


def _count_messages(messages: list) -> dict[tuple[str, str], int]:
    counts: dict[tuple[str, str], int] = {}
    for message in messages:
        key = (message.severity.value, message.code)
        counts[key] = counts.get(key, 0) + 1
    return counts
