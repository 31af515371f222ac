"""``lexsub agree``: inter-annotator agreement of responses files (spec §3)."""

from __future__ import annotations

import argparse
import json
import sys

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
    parser.add_argument("--no-alpha", action="store_true",
                        help="skip Krippendorff's alpha (the slowest figure on large data)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write the report to FILE (atomically) instead of standard output")


def run(args: argparse.Namespace) -> int:
    from lexsub_studio.core.runtime.collector import collector_paused

    # Reading and pooling build millions of long-lived, acyclic objects: collections during the
    # command would rescan them all and free nothing.
    with collector_paused():
        return _agree(args)


def _agree(args: argparse.Namespace) -> int:
    if args.bootstrap < 0:
        print("lexsub agree: --bootstrap must be 0 or more", file=sys.stderr)
        return exitcodes.USAGE
    if not 0.0 < args.confidence < 1.0:
        print("lexsub agree: --confidence must be between 0 and 1", file=sys.stderr)
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
    report = compute_agreement(pooled, alpha=not args.no_alpha, bootstrap=args.bootstrap,
                               seed=args.seed, confidence=args.confidence)
    if args.anonymise:
        from lexsub_studio.core.agreement.anonymise import anonymise_report

        report = anonymise_report(report)
    if args.format == "json":
        data = report_to_dict(report, args.by)
        data["input_messages"] = dict(sorted(
            (f"{severity} {code}", count) for (severity, code), count
            in _count_messages(messages).items()))
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    elif args.format == "csv":
        text = format_report_csv(report, args.by)
    elif args.format == "html":
        from lexsub_studio.core.agreement.report_html import report_html

        text = report_html(report)
    else:
        text = format_report_table(report, args.by)
    if args.output:
        from lexsub_studio.core.io.atomic import atomic_write_text

        atomic_write_text(args.output, text)
    else:
        sys.stdout.write(text)
    if args.format != "table":
        for warning in report.warnings:
            print(f"lexsub agree: warning: {warning}", file=sys.stderr)
    return exitcodes.OK if report.figures["pairwise_agreement"] is not None else exitcodes.FAILED


def _count_messages(messages: list) -> dict[tuple[str, str], int]:
    counts: dict[tuple[str, str], int] = {}
    for message in messages:
        key = (message.severity.value, message.code)
        counts[key] = counts.get(key, 0) + 1
    return counts
