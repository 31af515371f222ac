"""``lexsub judge``: judgement tasks (candidates to judge) and pooling annotators' judgements."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lexsub_studio.cli import exitcodes, numbers

DESCRIPTION = """\
A second way to build a gold: annotators judge candidate substitutes acceptable, not acceptable
or unsure (the SWORDS protocol), or judge systems' answers after the fact (SemEval-2007's
post-hoc evaluation).

  lexsub judge make CORPUS -o TASK [--wordnet [DIR]] [--gold GOLD]... [--responses FILE...]
                    [--system FILE]... [--only-new GOLD] [--candidates FILE]... [--swords FILE]...
                    [--max-candidates N] [--seed S] [--annotators NAMES] [--title TITLE]
  lexsub judge pool JUDGEMENTS... (--task TASK | --corpus XML) -o PREFIX

make: a judgement task (docs/formats.md): the corpus and, per instance, the candidates from
every source given, each with its provenance (wordnet, gold, responses, system:NAME,
candidates-file, swords); --only-new GOLD leaves out system answers already in GOLD; at most
--max-candidates per instance (those most sources agree on; the rest listed as cut). Each
annotator sees the candidates in an order shuffled by their own seed, recorded in the task
(--annotators lists them; --seed fixes the task's seed, else a random one is drawn and printed).

pool: PREFIX.gold (each candidate's frequency is its number of acceptable votes; a candidate
nobody accepted is left out) and PREFIX.swords.json (every label kept: TRUE, FALSE, UNSURE, with
the annotators as raters), written together. The corpus comes from the task or --corpus.

Exit status: 0 success; 1 the input has errors (reported with file, line and column; what could
be read was used); 2 usage error or unreadable input; 3 internal error.
"""

#: Input messages printed in full before the rest are only counted.
MAX_MESSAGES = 50


def add_arguments(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="action", metavar="ACTION")
    commands.required = True
    make = commands.add_parser("make", help="write a judgement task from a corpus",
                               description="Write a judgement task: the corpus and, per "
                                           "instance, the candidates to judge.")
    make.add_argument("corpus", metavar="CORPUS", help="the lexelt XML corpus")
    make.add_argument("-o", "--output", required=True, metavar="TASK",
                      help="the task file to write (JSON)")
    make.add_argument("--wordnet", nargs="?", const="", default=None, metavar="DIR",
                      help="candidates of the WordNet baseline (every tier); DIR: the database "
                           "(default /usr/share/wordnet)")
    make.add_argument("--gold", action="append", default=[], metavar="GOLD",
                      help="a gold file's substitutes (repeatable)")
    make.add_argument("--responses", action="extend", nargs="+", default=[], metavar="FILE",
                      help="responses files: the substitutes annotators gave (pooled free "
                           "production)")
    make.add_argument("--system", action="append", default=[], metavar="FILE",
                      help="a system's best or oot answers (repeatable); provenance system:NAME, "
                           "NAME the file name without its suffix")
    make.add_argument("--only-new", metavar="GOLD",
                      help="leave out system answers already in this gold (judge only what is "
                           "new)")
    make.add_argument("--candidates", action="append", default=[], metavar="FILE",
                      help="a candidates file, lexelt::c1;c2;... (repeatable)")
    make.add_argument("--swords", action="append", default=[], metavar="FILE",
                      help="a SWORDS benchmark's substitutes (repeatable)")
    make.add_argument("--max-candidates", type=numbers.whole_number("--max-candidates", 1),
                      metavar="N", help="at most N candidates per instance")
    make.add_argument("--seed", type=numbers.seed(), default=None, metavar="S",
                      help="the task's shuffle seed (default: drawn at random and printed)")
    make.add_argument("--annotators", metavar="NAMES",
                      help="comma-separated annotator names, each given their shuffle seed")
    make.add_argument("--title", default="", help="the task's title")
    pool = commands.add_parser("pool", help="pool judgements into a gold and a SWORDS file",
                               description="Pool judgements files into PREFIX.gold and "
                                           "PREFIX.swords.json.")
    pool.add_argument("judgements", nargs="+", metavar="JUDGEMENTS",
                      help="judgements files (# lexsub-judgements 1)")
    source = pool.add_mutually_exclusive_group(required=True)
    source.add_argument("--task", metavar="TASK", help="the judgement task (holds the corpus)")
    source.add_argument("--corpus", metavar="XML", help="the lexelt XML corpus")
    pool.add_argument("-o", "--output", required=True, metavar="PREFIX",
                      help="write PREFIX.gold and PREFIX.swords.json")


def run(args: argparse.Namespace) -> int:
    return run_make(args) if args.action == "make" else run_pool(args)


def _print_messages(messages: list, command: str) -> None:
    """Each problem on standard error: with its place, or named by the command when it has
    none (a figure of the whole run, such as the candidates cut)."""
    for message in messages[:MAX_MESSAGES]:
        shown = str(message) if message.path else (
            f"lexsub judge {command}: {message.severity.value}: {message.message}")
        print(shown, file=sys.stderr)
    if len(messages) > MAX_MESSAGES:
        print(f"... and {len(messages) - MAX_MESSAGES} more", file=sys.stderr)


def run_make(args: argparse.Namespace) -> int:
    import secrets
    from datetime import UTC, datetime

    from lexsub_studio.core.dataset.baselines.wordnet import WordNet, WordNetUnavailable
    from lexsub_studio.core.dataset.judgement_task import CandidateSources, make_judgement_task
    from lexsub_studio.core.io.formats.candidates import read_candidates_file
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus
    from lexsub_studio.core.io.formats.detect import detect_kind, read_detection_bytes
    from lexsub_studio.core.io.formats.gold import read_gold
    from lexsub_studio.core.io.formats.judgement_task import write_task
    from lexsub_studio.core.io.formats.responses import read_responses
    from lexsub_studio.core.io.formats.swords import read_swords
    from lexsub_studio.core.io.formats.system import read_system_bytes
    from lexsub_studio.core.io.output_paths import check_outputs
    from lexsub_studio.core.model.diagnostics import Severity

    annotators = [name.strip() for name in (args.annotators or "").split(",") if name.strip()]
    if args.annotators is not None and not annotators:
        print("lexsub judge make: --annotators names no annotator", file=sys.stderr)
        return exitcodes.USAGE
    if args.only_new and not args.system:
        print("lexsub judge make: --only-new GOLD goes with --system FILE", file=sys.stderr)
        return exitcodes.USAGE
    inputs_named = [args.corpus, *args.gold, *args.responses, *args.system, *args.candidates,
                    *args.swords, args.only_new]
    check_outputs(inputs_named, [("-o", args.output)])
    messages = []
    corpus_result = read_corpus(args.corpus)
    messages += [d for d in corpus_result.diagnostics if d.severity is Severity.ERROR]
    sources = CandidateSources()
    inputs: list[dict[str, str]] = []
    for path in args.gold:
        result = read_gold(path)
        messages += result.diagnostics.errors
        sources.golds.append((path, result.items))
        inputs.append({"source": "gold", "file": path})
    for path in args.responses:
        responses = read_responses(path)
        messages += responses.diagnostics.errors
        sources.responses.append((path, responses.rows))
        inputs.append({"source": "responses", "file": path})
    for path in args.swords:
        swords = read_swords(path)
        messages += swords.diagnostics.errors
        sources.swords.append((path, swords.benchmark))
        inputs.append({"source": "swords", "file": path})
    for path in args.candidates:
        candidates = read_candidates_file(path)
        messages += candidates.diagnostics.errors
        sources.candidate_files.append((path, candidates.candidates))
        inputs.append({"source": "candidates-file", "file": path})
    names: set[str] = set()
    for path in args.system:
        data = read_detection_bytes(path)
        kind = detect_kind(data, Path(path).name).kind
        if kind not in ("best", "oot"):
            print(f"lexsub judge make: {path}: a system file here is a best or oot file; this "
                  f"one reads as {kind or 'no known kind'}", file=sys.stderr)
            return exitcodes.USAGE
        system = read_system_bytes(data, kind, path)
        messages += system.diagnostics.errors
        name = Path(path).name.split(".")[0] or path
        if name in names:
            name = path
        names.add(name)
        sources.systems.append((name, path, system.answers))
        inputs.append({"source": f"system:{name}", "file": path, "kind": kind})
    if args.only_new:
        only_new = read_gold(args.only_new)
        messages += only_new.diagnostics.errors
        sources.only_new = only_new.items
        inputs.append({"source": "only-new", "file": args.only_new})
    if args.wordnet is not None:
        try:
            sources.wordnet = WordNet(args.wordnet or None)
        except WordNetUnavailable as error:
            print(f"lexsub judge make: {error}", file=sys.stderr)
            return exitcodes.USAGE
        inputs.append({"source": "wordnet", "file": str(sources.wordnet.directory)})
    if not inputs:
        print("lexsub judge make: name at least one source of candidates (--wordnet, --gold, "
              "--responses, --system, --candidates, --swords)", file=sys.stderr)
        return exitcodes.USAGE
    seed = args.seed if args.seed is not None else secrets.randbelow(2 ** 31)
    made = make_judgement_task(
        corpus_result.corpus, sources, seed=seed, max_candidates=args.max_candidates,
        annotators=annotators, title=args.title or Path(args.corpus).stem,
        created=datetime.now(UTC).replace(microsecond=0).isoformat(), inputs=inputs)
    _print_messages([*messages, *made.diagnostics], "make")
    write_task(made.task, args.output)
    stats = made.stats
    by_source: dict[str, int] = {}
    for item in made.task.items:
        for candidate in item.candidates:
            for source in candidate.sources:
                by_source[source] = by_source.get(source, 0) + 1
    shown = ", ".join(f"{source} {count}" for source, count in by_source.items())
    print(f"wrote {args.output}: {stats['items']} instances, {stats['candidates']} candidates "
          f"({shown or 'none'}); {stats['cut']} cut by --max-candidates; seed {seed}",
          file=sys.stderr)
    return exitcodes.FAILED if messages else exitcodes.OK


def run_pool(args: argparse.Namespace) -> int:
    from lexsub_studio.core.gold.judgement_pool import pool_judgements
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus
    from lexsub_studio.core.io.formats.gold_writer import format_gold_line
    from lexsub_studio.core.io.formats.judgement_task import read_task
    from lexsub_studio.core.io.formats.judgements import read_judgements
    from lexsub_studio.core.io.formats.swords import encode_json, swords_to_json
    from lexsub_studio.core.io.output_paths import check_outputs
    from lexsub_studio.core.io.output_set import write_output_set
    from lexsub_studio.core.model.diagnostics import Severity
    from lexsub_studio.core.model.judgements import tally_judgement_files

    gold_path = f"{args.output}.gold"
    swords_path = f"{args.output}.swords.json"
    check_outputs([*args.judgements, args.task, args.corpus],
                  [("-o (gold)", gold_path), ("-o (SWORDS)", swords_path)])
    messages = []
    task = corpus = None
    if args.task:
        task_result = read_task(args.task)
        messages += task_result.diagnostics.errors
        task = task_result.task
    else:
        corpus_result = read_corpus(args.corpus)
        messages += [d for d in corpus_result.diagnostics if d.severity is Severity.ERROR]
        corpus = corpus_result.corpus
    files = []
    for path in args.judgements:
        result = read_judgements(path)
        messages += list(result.diagnostics)
        files.append((path, result.rows))
    votes = tally_judgement_files(files)
    pooled = pool_judgements(votes, corpus, task)
    messages += list(pooled.diagnostics)
    _print_messages(messages, "pool")
    outputs: list[tuple[str, str | bytes]] = [
        (gold_path, "".join(format_gold_line(item) + "\n" for item in pooled.gold))]
    if pooled.benchmark is not None:  # always: the task or --corpus gives the corpus
        outputs.append((swords_path,
                        encode_json(swords_to_json(pooled.benchmark), gzipped=False)))
    write_output_set(outputs)
    stats = pooled.stats
    print(f"pooled {len(votes.annotators)} annotator(s): {stats['labels']} labels "
          f"({stats['acceptable']} acceptable, {stats['not_acceptable']} not acceptable, "
          f"{stats['unsure']} unsure) on {stats['candidates_judged']} candidates of "
          f"{stats['items_judged']} items", file=sys.stderr)
    print(f"wrote {gold_path}: {stats['gold_items']} items, {stats['gold_entries']} entries "
          f"({stats['candidates_without_acceptable']} candidates with no acceptable vote left "
          f"out; {stats['items_without_acceptable']} items without one); wrote {swords_path}: "
          "every label", file=sys.stderr)
    from lexsub_studio.core.present.signature import judgement_pool_signature, signature_line

    sys.stderr.write(signature_line(judgement_pool_signature()))
    has_errors = any(message.severity is Severity.ERROR for message in messages)
    return exitcodes.FAILED if has_errors else exitcodes.OK
