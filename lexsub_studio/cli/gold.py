"""``lexsub gold``: build the gold and the multiword gold from annotators' responses files."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from lexsub_studio.cli import exitcodes, numbers
from lexsub_studio.core.model.diagnostics import Diagnostic, Severity

if TYPE_CHECKING:
    from lexsub_studio.core.agreement.pool import PooledResponses
    from lexsub_studio.core.gold.adjudication import Adjudication
    from lexsub_studio.core.model.data import Corpus

DESCRIPTION = """\
Pool annotators' responses files into a gold file (lexelt id :: sub freq;sub freq;) and,
with --mw, a multiword gold file (spec §2).

Every response is trimmed, inner whitespace is collapsed and it is lower-cased (unless
--keep-case). freq = the number of annotators who gave the substitute; proper-name answers
become the entry 'pn'; NIL adds nothing. Entries are ordered by frequency, descending, ties
alphabetically. Items follow the corpus order with --corpus, else their first appearance.

Lemmatisation is semi-automatic: --suggest-lemmas prints proposed merges (inflected forms,
case, hyphen/space and British/American spelling variants) as a merge map; keep the lines you
accept and pass the file back with --map (variant<TAB>canonical[<TAB>lexelt<TAB>id]).
--adjudication applies the decisions the app saved (merges, then dropped and added
substitutes and excluded items), so the gold equals the app's byte for byte; --provenance
writes the gold as a CSV with the annotators who gave each substitute. --write-map FILE writes
the merges in force (--map, then the adjudication's merges, chains followed) as one merge map,
the file the app's "Export merge map…" writes.

Exit status: 0 success, 1 the input has errors (reported; the gold is still written without the
rows in error), 2 usage error or unreadable input, 3 internal error (a fault in lexsub, not in
the input: a short report, the details in a log file).
"""

#: Diagnostics printed in full before the rest are only counted.
DEFAULT_MAX_MESSAGES = 50


def add_input_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments shared by ``lexsub gold`` and ``lexsub agree``."""
    parser.add_argument("responses", nargs="+", metavar="RESPONSES",
                        help="responses files (# lexsub-responses 1), one or more per annotator")
    parser.add_argument("--corpus", metavar="XML",
                        help="check every id against this corpus and follow its order")
    parser.add_argument("--keep-case", action="store_true",
                        help="do not lower-case responses")
    parser.add_argument("--map", metavar="FILE", dest="merge_map",
                        help="apply accepted merges: variant<TAB>canonical[<TAB>lexelt<TAB>id]")
    parser.add_argument("--adjudication", metavar="FILE",
                        help="apply an adjudication file saved by the app (merges, dropped and "
                             "added substitutes, excluded items); see docs/formats.md")
    parser.add_argument("--max-messages", type=numbers.whole_number("--max-messages", 0),
                        default=DEFAULT_MAX_MESSAGES, metavar="N",
                        help="print at most N input messages, then only counts "
                             f"(default {DEFAULT_MAX_MESSAGES})")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument("-o", "--output", metavar="GOLD", help="the gold file to write")
    parser.add_argument("--mw", metavar="MWGOLD", help="also write the multiword gold file")
    parser.add_argument("--suggest-lemmas", action="store_true",
                        help="print proposed merges as a merge map on standard output")
    parser.add_argument("--provenance", metavar="CSV",
                        help="also write the gold as a CSV with the annotators who gave each "
                             "substitute")
    parser.add_argument("--write-map", metavar="FILE",
                        help="write the merges of --map and --adjudication as one merge map "
                             "(the file the app's curation view exports)")


def input_paths(args: argparse.Namespace) -> list[str | None]:
    """Every file ``load_inputs`` reads (None for an option not given)."""
    return [*args.responses, args.corpus, args.merge_map, args.adjudication]


def load_inputs(args: argparse.Namespace) -> tuple[PooledResponses, list[Diagnostic]]:
    """Read the responses (and corpus, merge map), pool them; return (pooled, messages)."""
    pooled, messages, _ = load_inputs_and_corpus(args)
    return pooled, messages


def load_inputs_and_corpus(args: argparse.Namespace,
                           ) -> tuple[PooledResponses, list[Diagnostic], Corpus | None]:
    """``load_inputs``, with the corpus read from --corpus (None without it)."""
    from lexsub_studio.core.agreement.pool import pool_responses
    from lexsub_studio.core.gold.assembly import read_sources
    from lexsub_studio.core.gold.normalise import NormaliseOptions, read_merge_map

    options = NormaliseOptions(lowercase=not args.keep_case)
    messages: list[Diagnostic] = []
    merge_map = None
    if args.merge_map:
        merge_map, map_diagnostics = read_merge_map(args.merge_map, options)
        messages.extend(map_diagnostics)
    if args.adjudication:
        # The adjudication's merges come after the map's, as if decided later.
        adjudication = read_adjudication_of(args)
        assert adjudication is not None  # --adjudication names it
        merge_map = adjudication.merge_map(merge_map)
    # How many curation decisions rewrite answers: the agreement report says so.
    args._merges = len(merge_map) if merge_map else 0
    corpus = None
    if args.corpus:
        from lexsub_studio.core.io.formats.corpus_xml import read_corpus

        corpus_result = read_corpus(args.corpus)
        corpus = corpus_result.corpus
        messages.extend(d for d in corpus_result.diagnostics if d.severity is Severity.ERROR)
    sources, read_diagnostics = read_sources(args.responses)
    messages.extend(read_diagnostics)
    pooled = pool_responses(sources, options=options, merge_map=merge_map, corpus=corpus)
    messages.extend(pooled.diagnostics)
    return pooled, messages, corpus


def read_adjudication_of(args: argparse.Namespace) -> Adjudication | None:
    """The adjudication file given with --adjudication, read once per run."""
    if not args.adjudication:
        return None
    cached = getattr(args, "_adjudication", None)
    if cached is None:
        from lexsub_studio.core.gold.adjudication import read_adjudication

        cached = args._adjudication = read_adjudication(args.adjudication)
    return cached


def print_messages(messages: Iterable[Diagnostic], limit: int) -> None:
    """Every problem, one per line on stderr, up to ``limit``; then counts by kind."""
    messages = list(messages)
    for message in messages[: max(limit, 0)]:
        print(str(message), file=sys.stderr)
    if len(messages) > limit:
        counts = Counter(f"{m.severity.value} {m.code}" for m in messages[limit:])
        summary = ", ".join(f"{count} x {kind}" for kind, count in sorted(counts.items()))
        print(f"... and {len(messages) - limit} more: {summary}", file=sys.stderr)


def _write_merge_map(args: argparse.Namespace, summary_stream) -> None:
    """The merges in force as one merge map: --map's lines, then the adjudication's."""
    from lexsub_studio.core.gold.merge_map_text import format_merge_map, merge_map_lines
    from lexsub_studio.core.gold.normalise import MergeMap, NormaliseOptions, read_merge_map
    from lexsub_studio.core.io.output_set import write_output_set

    merge_map = MergeMap()
    if args.merge_map:
        # Its problems were printed with the other input messages.
        merge_map, _ = read_merge_map(args.merge_map,
                                      NormaliseOptions(lowercase=not args.keep_case))
    adjudication = read_adjudication_of(args)
    if adjudication is not None:
        merge_map = adjudication.merge_map(merge_map)
    header = ("# The merges of --map and --adjudication: variant<TAB>canonical"
              "[<TAB>lexelt<TAB>id]. Pass this file to lexsub gold --map.",)
    write_output_set([(args.write_map, format_merge_map(merge_map, header))])
    print(f"merge map: {len(merge_map_lines(merge_map))} merge(s) written to {args.write_map}",
          file=summary_stream)


def run(args: argparse.Namespace) -> int:
    if not args.output and not args.suggest_lemmas and not args.write_map:
        print("lexsub gold: give -o GOLD (the file to write), --suggest-lemmas or --write-map",
              file=sys.stderr)
        return exitcodes.USAGE
    from lexsub_studio.core.gold.assembly import assemble_gold
    from lexsub_studio.core.gold.normalise import format_suggestions, suggest_merges
    from lexsub_studio.core.io.output_paths import STDOUT_NAMES, check_outputs
    from lexsub_studio.core.io.output_set import write_output_set

    check_outputs(input_paths(args), [("-o", args.output), ("--mw", args.mw),
                                      ("--provenance", args.provenance),
                                      ("--write-map", args.write_map)])
    pooled, messages, corpus = load_inputs_and_corpus(args)
    print_messages(messages, args.max_messages)
    # The summary must not mix with a gold written to standard output (-o -).
    summary_stream = (sys.stderr if args.suggest_lemmas or args.output in STDOUT_NAMES
                      or args.write_map in STDOUT_NAMES else sys.stdout)
    if args.suggest_lemmas:
        from lexsub_studio.core.model.languages import language_of

        # The corpus (--corpus) names the language; without one the responses are English.
        language = language_of(corpus.lang if corpus is not None else None)
        suggestions = suggest_merges(pooled.occurrences(), language)
        sys.stdout.write(format_suggestions(suggestions))
        print(f"{len(suggestions)} merge(s) proposed", file=sys.stderr)
    if args.output:
        from lexsub_studio.core.gold.adjudication import adjudicated_gold_texts

        assembly = assemble_gold(pooled)
        adjudication = read_adjudication_of(args)
        gold_text, multiword_text = adjudicated_gold_texts(assembly, adjudication)
        # The gold and its multiword gold appear together or not at all.
        outputs = [(args.output, gold_text)]
        if args.mw:
            outputs.append((args.mw, multiword_text))
        if args.provenance:
            from lexsub_studio.core.gold.adjudication import apply_gold_decisions, provenance_csv

            gold = (apply_gold_decisions(assembly.gold, adjudication) if adjudication
                    else assembly.gold)
            outputs.append((args.provenance, provenance_csv(pooled, gold, adjudication)))
        write_output_set(outputs)
        stats = assembly.stats
        if adjudication is not None:
            print(f"adjudication: {len(adjudication)} decision(s) applied from "
                  f"{args.adjudication} ({len(adjudication.excluded())} item(s) excluded)",
                  file=summary_stream)
        print(f"gold: {gold_text.count(chr(10))} line(s) written to {args.output} "
              f"({stats['items']} item(s), {stats['items_in_T']} in T, "
              f"{stats['items_with_mode']} with a mode, {stats['items_without_entries']} "
              "without any entry (all NIL or unanswered): no line)", file=summary_stream)
        if args.mw:
            print(f"multiword gold: {multiword_text.count(chr(10))} line(s) written to "
                  f"{args.mw}",
                  file=summary_stream)
        from lexsub_studio.core.present.signature import gold_signature, signature_line

        summary_stream.write(signature_line(gold_signature(
            case="kept" if args.keep_case else "lower", merges=args._merges,
            adjudicated=adjudication is not None)))
    if args.write_map:
        _write_merge_map(args, summary_stream)
    pool_stats = pooled.stats
    print(f"responses: {pool_stats['rows']} row(s) from {len(args.responses)} file(s), "
          f"{len(pooled.annotators)} annotator(s); ignored: {pool_stats['duplicate_rows']} "
          f"duplicate, {pool_stats['not_in_corpus_rows']} not in the corpus; "
          f"{pool_stats['missing_answers']} missing answer(s)", file=summary_stream)
    has_errors = any(m.severity is Severity.ERROR for m in messages)
    return exitcodes.FAILED if has_errors else exitcodes.OK
