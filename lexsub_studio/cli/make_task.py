"""``lexsub make-task``: a lexelt XML corpus from tokenised CoNLL files (spec §7)."""

from __future__ import annotations

import argparse
import sys

from lexsub_studio.cli import exitcodes, numbers
from lexsub_studio.core.model.diagnostics import Diagnostic, Severity

DESCRIPTION = """\
Make a new task: read tab-separated CoNLL files (columns id, form, lemma, pos; further columns
ignored; '#ID' lines name sentences; a blank line ends each sentence), choose sentences for
each LEMMA.POS target and write a lexelt XML corpus whose <head> is the chosen token.

PTB tags map to lexsub PoS: NN* n, VB* v, JJ* a, RB* r. Each instance keeps its source as the
attributes sentence (the sentence id), token (the head's token id) and source (the file name);
instance ids are numbers, unique across the corpus. Sampling is seeded (--seed) and gives the
same sentences on every platform.

Without --targets, prints the table of lemma.pos frequencies to choose from.

Exit status: 0 success; 1 the input has errors or a target was not found (reported; the corpus
is still written from the rest); 2 usage error or unreadable input; 3 internal error (a fault
in lexsub, not in the input: a short report, the details in a log file).
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("conll", nargs="+", metavar="CONLL", help="tab-separated CoNLL files")
    parser.add_argument("--targets", action="append", metavar="LEMMA.POS[,...]",
                        help="targets, comma-separated (the option may be repeated)")
    parser.add_argument("--per-target", type=int, metavar="N",
                        help="sentences per target (default: all)")
    parser.add_argument("--seed", type=numbers.seed(), default=0, metavar="S",
                        help="random seed of the sampling (default 0)")
    parser.add_argument("--first-id", type=int, default=1, metavar="N",
                        help="the first instance id (default 1)")
    parser.add_argument("-o", "--output", metavar="XML", help="the corpus file to write")
    parser.add_argument("--min-count", type=numbers.whole_number("--min-count", 1), default=1,
                        metavar="N",
                        help="in the frequency table, only lemma.pos seen N times or more")


def run(args: argparse.Namespace) -> int:
    from lexsub_studio.core.dataset.conll import read_conll_files
    from lexsub_studio.core.dataset.make_task import (
        build_corpus,
        lemma_pos_frequencies,
        parse_targets,
        sample_instances,
    )

    if args.targets and not args.output:
        print("lexsub make-task: give -o XML, the corpus file to write", file=sys.stderr)
        return exitcodes.USAGE
    if args.per_target is not None and args.per_target < 1:
        print("lexsub make-task: --per-target must be 1 or more", file=sys.stderr)
        return exitcodes.USAGE
    if args.first_id < 0:
        print("lexsub make-task: --first-id cannot be negative", file=sys.stderr)
        return exitcodes.USAGE
    try:
        targets = parse_targets(args.targets or [])
    except ValueError as error:
        print(f"lexsub make-task: {error}", file=sys.stderr)
        return exitcodes.USAGE
    from lexsub_studio.core.io.output_paths import STDOUT_NAMES, check_outputs

    check_outputs(args.conll, [("-o", args.output)])
    result = read_conll_files(args.conll)
    messages: list[Diagnostic] = list(result.diagnostics)
    stats = result.stats
    print(f"read {stats['sentences']} sentence(s), {stats['tokens']} token(s) from "
          f"{len(args.conll)} file(s); skipped {stats['skipped_sentences']} sentence(s) with "
          f"errors; {stats['comment_lines']} comment line(s) ignored", file=sys.stderr)
    if not targets:
        _print_messages(messages)
        _print_frequencies(lemma_pos_frequencies(result.sentences), args.min_count)
        return _exit_code(messages)
    sample = sample_instances(result.sentences, targets, per_target=args.per_target,
                              seed=args.seed)
    messages.extend(sample.diagnostics)
    _print_messages(messages)
    corpus = build_corpus(sample, first_id=args.first_id)
    if not corpus.lexelts:
        print("lexsub make-task: no target occurs in the sentences; nothing written",
              file=sys.stderr)
        return exitcodes.FAILED
    from lexsub_studio.core.io.formats.corpus_xml import write_corpus

    write_corpus(corpus, args.output)
    for target in targets:
        chosen = len(sample.instances[target])
        print(f"{target}: {chosen} of {sample.candidates[target]} sentence(s)", file=sys.stderr)
    # The summary must not mix with a corpus written to standard output (-o -).
    print(f"corpus: {len(corpus)} instance(s) in {len(corpus.lexelts)} lexelt(s) written to "
          f"{args.output}", file=sys.stderr if args.output in STDOUT_NAMES else sys.stdout)
    return _exit_code(messages)


def _print_messages(messages: list[Diagnostic]) -> None:
    for message in messages:
        # Sampling messages concern the whole run, not a place in a file.
        text = (str(message) if message.path is not None
                else f"lexsub make-task: {message.severity.value}: {message.message}")
        print(text, file=sys.stderr)


def _print_frequencies(rows: list, min_count: int) -> None:
    from lexsub_studio.core.present.text import aligned

    shown = [[row.lexelt, str(row.tokens), str(row.sentences)]
             for row in rows if row.tokens >= min_count]
    print(aligned(["lemma.pos", "tokens", "sentences"], shown), end="")


def _exit_code(messages: list[Diagnostic]) -> int:
    has_errors = any(message.severity is Severity.ERROR for message in messages)
    return exitcodes.FAILED if has_errors else exitcodes.OK
