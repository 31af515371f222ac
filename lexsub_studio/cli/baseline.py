"""``lexsub baseline``: baseline best, oot and weighted answer files."""

from __future__ import annotations

import argparse
import sys

from lexsub_studio.cli import exitcodes, numbers
from lexsub_studio.core.model.diagnostics import Diagnostic, Severity

DESCRIPTION = """\
Write a baseline's answers as PREFIX.best, PREFIX.oot and PREFIX.weighted (one ranking: best is
its first substitute, oot its first ten, weighted all of it).

kinds:
  frequency  for each item, the substitutes most often given for the same lexelt in the gold of
             the other items (leave-one-out: an item's own gold line is never used)
  random     the same pool in a random order, seeded with --seed (same order on every platform)
  wordnet    the task paper's WordNet baseline, in four tiers: the synonyms of the first
             synset of the lemma and PoS, then its hypernyms (nouns, verbs) or similar
             adjectives, then the other synsets, then their hypernyms or similar adjectives;
             each tier ranked by word frequency (WordNet's sense-tagged counts, summed over
             the word's senses). Reads a local database: --wordnet DIR, else Debian's
             /usr/share/wordnet (package wordnet-base); never downloads.

FILE arguments are recognised by their content: a lexelt XML corpus and a gold file. The items
answered are the corpus instances when a corpus is given, else the gold items; frequency and
random need the gold.

Exit status: 0 success; 1 the input has errors (reported; the answers leave them out);
2 usage error, unreadable input or no WordNet database; 3 internal error (a fault in lexsub, not
in the input: a short report, the details in a log file).
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from lexsub_studio.core.dataset.baselines import KINDS

    parser.add_argument("kind", choices=tuple(KINDS), help="the baseline")
    parser.add_argument("files", nargs="+", metavar="FILE", help="a corpus and/or a gold file")
    parser.add_argument("-o", "--output", required=True, metavar="PREFIX",
                        help="write PREFIX.best, PREFIX.oot and PREFIX.weighted")
    parser.add_argument("--seed", type=numbers.seed(), default=0, metavar="S",
                        help="random seed of the random baseline (default 0)")
    parser.add_argument("--wordnet", metavar="DIR",
                        help="the WordNet database directory (default: /usr/share/wordnet)")


def run(args: argparse.Namespace) -> int:
    from lexsub_studio.core.dataset.baselines import (
        make_baseline,
        targets_from_corpus,
        targets_from_gold,
        write_baseline,
    )
    from lexsub_studio.core.dataset.baselines.common import output_paths
    from lexsub_studio.core.dataset.baselines.wordnet import WordNetUnavailable
    from lexsub_studio.core.io.formats.detect import detect_path
    from lexsub_studio.core.io.output_paths import check_outputs

    # A prefix can land on an input (-o gold with a gold named gold.best ...): refused first.
    check_outputs(args.files, [(f"-o {args.output} ({kind})", path)
                               for kind, path in output_paths(args.output).items()])
    corpus_path = gold_path = None
    for path in args.files:
        kind = detect_path(path).kind
        if kind not in ("corpus", "gold"):
            what = f"looks like a {kind} file" if kind else "is not a recognised file"
            print(f"lexsub baseline: {path} {what}; expected a corpus or a gold file",
                  file=sys.stderr)
            return exitcodes.USAGE
        if (corpus_path if kind == "corpus" else gold_path) is not None:
            print(f"lexsub baseline: {path}: a second {kind} file; give at most one",
                  file=sys.stderr)
            return exitcodes.USAGE
        if kind == "corpus":
            corpus_path = path
        else:
            gold_path = path
    if args.kind in ("frequency", "random") and gold_path is None:
        print(f"lexsub baseline: the {args.kind} baseline needs a gold file", file=sys.stderr)
        return exitcodes.USAGE
    messages: list[Diagnostic] = []
    gold = None
    if gold_path is not None:
        from lexsub_studio.core.io.formats.gold import read_gold

        gold_result = read_gold(gold_path)
        messages.extend(gold_result.diagnostics)
        gold = gold_result.items
    if corpus_path is not None:
        from lexsub_studio.core.io.formats.corpus_xml import read_corpus

        corpus_result = read_corpus(corpus_path)
        messages.extend(corpus_result.diagnostics)
        targets = targets_from_corpus(corpus_result.corpus)
    else:
        targets = targets_from_gold(gold or [])
    try:
        result = make_baseline(args.kind, targets, gold=gold, seed=args.seed,
                               wordnet_dir=args.wordnet)
    except WordNetUnavailable as error:
        print(f"lexsub baseline: {error}", file=sys.stderr)
        return exitcodes.USAGE
    paths = write_baseline(result, args.output)
    messages.extend(result.diagnostics)
    for message in messages:
        if message.severity is not Severity.INFO or message.path is None:
            text = (str(message) if message.path is not None
                    else f"lexsub baseline: {message.severity.value}: {message.message}")
            print(text, file=sys.stderr)
    stats = result.stats
    print(f"{args.kind}: {stats['answered']} of {stats['items']} item(s) answered; written "
          f"{', '.join(str(path) for path in paths.values())}")
    # The answer files stay plain system files (scorers read them); the summary says how
    # they were made.
    from lexsub_studio.core.present.signature import baseline_signature, signature_line

    print(signature_line(baseline_signature(
        kind=args.kind, items="corpus" if corpus_path is not None else "gold", seed=args.seed)),
        end="")
    has_errors = any(message.severity is Severity.ERROR for message in messages)
    return exitcodes.FAILED if has_errors else exitcodes.OK
