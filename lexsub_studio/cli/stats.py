"""``lexsub stats``: dataset statistics per PoS and lexelt (spec §8)."""

from __future__ import annotations

import argparse
import sys
from functools import partial
from typing import TYPE_CHECKING, Any

from lexsub_studio.cli import exitcodes
from lexsub_studio.core.model.diagnostics import Diagnostic, Severity

if TYPE_CHECKING:
    import pandas as pd

    from lexsub_studio.core.dataset.stats import DatasetStats

DESCRIPTION = """\
Dataset statistics beside the scores (spec §8): for all items, each PoS and each lexelt, the
number of instances, gold items, distinct gold substitutes and pooled responses per item, items
in T (2 or more pooled responses), items with a mode, items with a multiword and the mean
pairwise agreement of the annotators.

FILE arguments after the corpus are recognised by their content: a gold file, a multiword gold
file (its name mentions mw, or every entry is a multiword) and any number of responses files
(# lexsub-responses 1). Multiword figures come from the multiword gold when given, else from the
responses; agreement needs responses. Undefined figures print as "-" (null in JSON, an empty
cell in CSV).

CORPUS may also be a CoInCo XML, SWORDS JSON or lexical-simplification TSV file, which holds its
own gold. For SWORDS, the raters' agreement on their TRUE/FALSE labels (Krippendorff's alpha,
nominal) follows the table when the file names the raters (substitute_label_raters).

Exit status: 0 success; 1 the input has errors (reported; the figures leave them out); 2 usage
error or unreadable input; 3 internal error (a fault in lexsub, not in the input: a short
report, the details in a log file).
"""

#: Files the CORPUS argument may also be: a benchmark that holds its corpus and gold.
BENCHMARK_KINDS = ("coinco", "swords", "simplification")

_HEADERS = {
    "level": "level", "group": "group", "instances": "instances", "gold_items": "gold",
    "substitutes_per_item": "subs/item", "responses_per_item": "resp/item",
    "items_in_T": "in T", "items_with_mode": "mode", "items_with_multiword": "mw",
    "pairwise_agreement": "PA", "agreement_pairs": "pairs",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("corpus", metavar="CORPUS",
                        help="the lexelt XML corpus, or a CoInCo, SWORDS or lexical "
                             "simplification file (each holds its gold)")
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="a gold file, a multiword gold file, responses files")
    parser.add_argument("--format", choices=("table", "csv", "json"), default="table",
                        help="output format (default: table)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write the statistics to FILE (atomically) instead of standard "
                             "output")


def run(args: argparse.Namespace) -> int:
    from lexsub_studio.core.dataset.stats import dataset_stats
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus
    from lexsub_studio.core.io.formats.detect import detect_path
    from lexsub_studio.core.io.formats.gold import read_gold
    from lexsub_studio.core.io.output_paths import check_outputs

    check_outputs([args.corpus, *args.files], [("-o", args.output)])
    gold_path = mw_path = None
    responses: list[str] = []
    for path in args.files:
        kind = detect_path(path).kind
        if kind == "responses":
            responses.append(path)
        elif kind in ("gold", "mwgold"):
            slot = "gold" if kind == "gold" else "multiword gold"
            if (gold_path if kind == "gold" else mw_path) is not None:
                print(f"lexsub stats: {path}: a second {slot} file; give at most one",
                      file=sys.stderr)
                return exitcodes.USAGE
            if kind == "gold":
                gold_path = path
            else:
                mw_path = path
        else:
            what = f"looks like a {kind} file" if kind else "is not a recognised file"
            print(f"lexsub stats: {path} {what}; expected a gold, multiword gold or responses "
                  "file", file=sys.stderr)
            return exitcodes.USAGE
    messages: list[Diagnostic] = []
    corpus_kind = detect_path(args.corpus).kind
    agreement = None
    sentences: int | None = None
    if corpus_kind in BENCHMARK_KINDS:
        from lexsub_studio.core.io.formats.benchmarks import read_dataset

        if gold_path is not None:
            print(f"lexsub stats: {args.corpus} is a {corpus_kind} file, which holds its gold; "
                  f"leave out {gold_path}", file=sys.stderr)
            return exitcodes.USAGE
        dataset = read_dataset(args.corpus, corpus_kind)
        messages.extend(dataset.diagnostics)
        corpus = dataset.corpus
        gold = dataset.gold
        sentences = dataset.counts.get("sentences")
        if corpus_kind == "swords":
            from lexsub_studio.core.agreement.swords_raters import rater_agreement

            agreement = rater_agreement(dataset.source)
    else:
        corpus_result = read_corpus(args.corpus)
        messages.extend(corpus_result.diagnostics)
        corpus = corpus_result.corpus
        gold = None
    multiword_gold = None
    if gold_path is not None:
        gold_result = read_gold(gold_path)
        messages.extend(gold_result.diagnostics)
        gold = gold_result.items
    if mw_path is not None:
        mw_result = read_gold(mw_path, multiword=True)
        messages.extend(mw_result.diagnostics)
        multiword_gold = mw_result.items
    pooled = None
    if responses:
        from lexsub_studio.core.agreement.pool import pool_responses
        from lexsub_studio.core.gold.assembly import read_sources

        sources, read_diagnostics = read_sources(responses)
        messages.extend(read_diagnostics)
        pooled = pool_responses(sources, corpus=corpus)
        messages.extend(pooled.diagnostics)
    result = dataset_stats(corpus, gold, multiword_gold=multiword_gold,
                           pooled=pooled)
    messages.extend(result.diagnostics)
    for message in messages:
        if message.severity is not Severity.INFO:
            text = (str(message) if message.path is not None
                    else f"lexsub stats: {message.severity.value}: {message.message}")
            print(text, file=sys.stderr)
    from lexsub_studio.core.present.signature import signature_line, stats_signature

    signature = stats_signature(
        gold="file" if gold_path is not None else "corpus" if gold is not None else "none",
        multiword_gold=mw_path is not None, responses=len(responses))
    if args.format == "json":
        from lexsub_studio.core.present.tables import records
        from lexsub_studio.core.present.text import json_text

        document: dict[str, Any] = {"rows": records(result.row_table())}
        if sentences is not None:
            document["sentences"] = sentences
        if agreement is not None:
            document["rater_agreement"] = {
                "alpha_nominal": agreement.alpha, "units": agreement.units,
                "values": agreement.values, "raters": agreement.raters,
                "reason": agreement.reason}
        document["signature"] = signature
        text = json_text(document)
    elif args.format == "csv":
        text = format_csv(result.table.assign(signature=signature))
    else:
        text = format_table(result)
        if sentences is not None:
            text += f"\nsentences: {sentences:,} (each a target sentence with its context)\n"
        if agreement is not None:
            text += "\n" + agreement_line(agreement) + "\n"
        text += "\n" + signature_line(signature)
    if args.output:
        from lexsub_studio.core.io.atomic import atomic_write_text

        atomic_write_text(args.output, text)
    else:
        sys.stdout.write(text)
    has_errors = any(message.severity is Severity.ERROR for message in messages)
    return exitcodes.FAILED if has_errors else exitcodes.OK


def agreement_line(agreement: Any) -> str:
    from lexsub_studio.core.present import numbers

    if agreement.alpha is None:
        return f"rater agreement (Krippendorff's alpha, nominal): not computed: {agreement.reason}"
    return (f"rater agreement (Krippendorff's alpha, nominal, TRUE vs FALSE): "
            f"{numbers.agreement(agreement.alpha)} over {agreement.units} substitutes, "
            f"{agreement.values} labels, {agreement.raters} raters")


def format_table(stats: DatasetStats) -> str:
    """Aligned columns under short headers; figures by the number policy (means with 3
    decimals, agreement with 4, "undefined" where a figure is undefined)."""
    from lexsub_studio.core.dataset.stats import column_decimals
    from lexsub_studio.core.present import numbers
    from lexsub_studio.core.present.tables import text_table

    formats = {header: partial(numbers.cell, output="text", decimals=column_decimals(key))
               for key, header in _HEADERS.items()}
    return text_table(stats.row_table(list(_HEADERS), list(_HEADERS.values())),
                      align="ll" + "r" * (len(_HEADERS) - 2), formats=formats)


def format_csv(table: pd.DataFrame) -> str:
    from lexsub_studio.core.present.tables import csv_table

    return csv_table(table[[*_HEADERS, *(["signature"] if "signature" in table else [])]])
