"""``lexsub packages``: make annotator packages from a corpus, check the responses returned."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from lexsub_studio.cli import exitcodes, numbers

DESCRIPTION = """\
The offline team workflow.

  lexsub packages make CORPUS --annotators NAMES|N --per-instance K --seed S
                       [--training XML_OR_GOLD] [--training-gold GOLD]
                       [--judgement-task TASK] -o DIR
  lexsub packages check DIR RESPONSES...

make: one annotator package (.lexsubpkg) per annotator in DIR. Every instance goes to exactly K
different annotators and the annotators' loads differ by at most one; the same seed gives the
same packages. --annotators takes comma-separated names or a number N (annotator01 ...), at
most 1,000.
--training takes a lexelt XML file of training instances (reference answers from
--training-gold) or a gold file naming instances of CORPUS: those become training items for
everybody, with the gold's substitutes as reference answers, and are not assigned.

--judgement-task TASK (made from CORPUS by lexsub judge make): each package also carries the
candidates of its instances to judge (member judgements.json) and its annotator's shuffle seed.

check: compare the returned responses files with the packages in DIR: per annotator what was
answered, what is missing (no row or a blank row) and what is unexpected (an instance not given
to them, or a name no package carries).

Exit status: make 0, or 2 on bad usage or unreadable input; check 0 when nothing is missing,
1 when something is missing or could not be checked (an error is printed: a package that names
no annotator, a responses row that was ignored), 2 on unreadable input.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="action", metavar="ACTION")
    commands.required = True
    make = commands.add_parser("make", help="write one annotator package per annotator",
                               description="Write one annotator package per annotator.")
    make.add_argument("corpus", metavar="CORPUS", help="the lexelt XML corpus to share out")
    make.add_argument("--annotators", required=True, metavar="NAMES|N",
                      help="comma-separated names, or a number of annotators")
    make.add_argument("--per-instance", type=int, required=True, metavar="K",
                      help="annotators per instance (the overlap)")
    make.add_argument("--seed", type=numbers.seed(), required=True, metavar="S",
                      help="seed of the assignment, 0 or more (same seed, same packages)")
    make.add_argument("--training", metavar="XML_OR_GOLD",
                      help="training items: a lexelt XML file, or a gold file naming corpus "
                           "instances")
    make.add_argument("--training-gold", metavar="GOLD",
                      help="reference answers for the instances of a --training XML file")
    make.add_argument("--title", help="the round's title (default: the corpus file's name)")
    make.add_argument("--guidelines", metavar="FILE",
                      help="guidelines to include (.md, .html)")
    make.add_argument("--show-pos", action="store_true",
                      help="show the part of speech to the annotators")
    make.add_argument("--campaign", metavar="URL",
                      help="the team campaign's server (postgresql://host:port/database); each "
                           "package names it, so opening it offers to join (never with a "
                           "password: the URL is written without user and password)")
    make.add_argument("--campaign-name", metavar="NAME",
                      help="the campaign's name on that server (needed with --campaign)")
    make.add_argument("--judgement-task", metavar="TASK",
                      help="a judgement task made from CORPUS (lexsub judge make): each "
                           "package also carries the candidates of its instances to judge, "
                           "with its annotator's shuffle seed")
    make.add_argument("-o", "--output", required=True, metavar="DIR",
                      help="the directory to write the packages into")
    check = commands.add_parser("check", help="check returned responses against the packages",
                                description="Check returned responses against the packages.")
    check.add_argument("directory", metavar="DIR", help="the directory of the packages")
    check.add_argument("responses", nargs="+", metavar="RESPONSES",
                       help="the returned responses files")


def run(args: argparse.Namespace) -> int:
    return run_make(args) if args.action == "make" else run_check(args)


def _print_diagnostics(diagnostics) -> None:
    for diagnostic in diagnostics:
        print(str(diagnostic), file=sys.stderr)


def run_make(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.plan import (
        other_packages,
        parse_annotators,
        plan_campaign,
        write_campaign,
    )
    from lexsub_studio.core.annotation.package import read_guidelines_file
    from lexsub_studio.core.annotation.package_manifest import (
        PackageContentError,
        control_character_problem,
        package_campaign,
    )
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus

    try:
        annotators = parse_annotators(args.annotators)
    except ValueError as error:
        print(f"lexsub packages: --annotators: {error}", file=sys.stderr)
        return exitcodes.USAGE
    if not 1 <= args.per_instance <= len(annotators):
        print(f"lexsub packages: --per-instance must be between 1 and the number of annotators "
              f"({len(annotators)}), got {args.per_instance}", file=sys.stderr)
        return exitcodes.USAGE
    if args.training_gold and not args.training:
        print("lexsub packages: --training-gold needs --training XML", file=sys.stderr)
        return exitcodes.USAGE
    campaign = None
    if args.campaign is not None or args.campaign_name is not None:
        if args.campaign is None or args.campaign_name is None:
            print("lexsub packages: --campaign URL and --campaign-name NAME go together",
                  file=sys.stderr)
            return exitcodes.USAGE
        try:
            campaign = package_campaign(args.campaign, args.campaign_name)
        except PackageContentError as error:
            print(f"lexsub packages: --campaign-name: {error}", file=sys.stderr)
            return exitcodes.USAGE
    _refuse_outputs_over_inputs(args, annotators)
    if os.path.lexists(args.output) and not os.path.isdir(args.output):
        print(f"lexsub packages: -o {args.output} exists and is not a folder: packages make "
              "writes one package per annotator into a folder; give a folder (an existing "
              "one, or a new name that it creates)", file=sys.stderr)
        return exitcodes.USAGE
    title = args.title or Path(args.corpus).stem
    problem = control_character_problem(title)
    if problem:
        print(f"lexsub packages: the title {title!r} cannot be used: {problem} (give another "
              "with --title)", file=sys.stderr)
        return exitcodes.USAGE
    corpus_result = read_corpus(args.corpus)
    _print_diagnostics(corpus_result.diagnostics)
    corpus = corpus_result.corpus
    training = _read_training(args, corpus) if args.training else None
    if training is None and args.training:
        return exitcodes.USAGE
    guidelines, guidelines_format = None, "markdown"
    if args.guidelines:
        guidelines, guidelines_format = read_guidelines_file(args.guidelines)
    judgement_task = None
    if args.judgement_task:
        judgement_task = _read_judgement_task(args.judgement_task, corpus)
        if judgement_task is None:
            return exitcodes.USAGE
    plan = plan_campaign(corpus, annotators, args.per_instance, args.seed,
                         title=title, training=training,
                         guidelines=guidelines, guidelines_format=guidelines_format,
                         show_pos=args.show_pos, campaign=campaign,
                         judgement_task=judgement_task)
    _print_diagnostics(plan.diagnostics)
    others = other_packages(args.output, plan)
    if others:
        print(f"lexsub packages: warning: {args.output} also holds {len(others)} other "
              f"package(s) ({', '.join(others[:5])}{' ...' if len(others) > 5 else ''}); "
              "'lexsub packages check' on this folder counts them too", file=sys.stderr)
    try:
        paths = write_campaign(plan, args.output)
    except PackageContentError as error:
        print(f"lexsub packages: {error}", file=sys.stderr)
        return exitcodes.USAGE
    loads = plan.loads()
    print(f"{len(paths)} package(s) written to {args.output}: {plan.instances} instance(s), "
          f"{plan.per_instance} annotator(s) each, seed {plan.seed}, "
          f"{plan.training_items} training item(s)")
    for planned, path in zip(plan.packages, paths, strict=True):
        print(f"  {path.name}: {planned.annotator}, {loads[planned.annotator]} instance(s)")
    return exitcodes.OK


def _refuse_outputs_over_inputs(args: argparse.Namespace, annotators: list[str]) -> None:
    """OutputRefused, before anything is read, when a package would be written over an input
    (a corpus or guidelines file kept in the output folder under a package's name)."""
    from lexsub_studio.core.annotation.campaign.plan import package_file_name
    from lexsub_studio.core.io.output_paths import check_outputs

    taken: set[str] = set()
    folder = Path(args.output)
    packages = [(f"-o {args.output} ({name})", folder / package_file_name(name, taken))
                for name in annotators]
    check_outputs([args.corpus, args.training, args.training_gold, args.guidelines,
                   args.judgement_task], packages)


def _read_judgement_task(path: str, corpus):  # -> JudgementTask | None
    """The task, when it holds every instance of the corpus; else None, said why."""
    from lexsub_studio.core.io.formats.judgement_task import read_task

    result = read_task(path)
    _print_diagnostics(result.diagnostics)
    task = result.task
    known = {item.key for item in task.items}
    lacking = [f"{lexelt.item} {instance.id}" for lexelt, instance in corpus.instances()
               if (lexelt.item, instance.id) not in known]
    if lacking:
        print(f"lexsub packages: --judgement-task {path} lacks {len(lacking)} instance(s) of "
              f"the corpus ({', '.join(lacking[:3])}{' ...' if len(lacking) > 3 else ''}); "
              "make the task from this corpus (lexsub judge make)", file=sys.stderr)
        return None
    return task


def _read_training(args: argparse.Namespace, corpus):  # -> Training | None
    from lexsub_studio.core.annotation.campaign.plan import (
        Training,
        corpus_keys,
        training_from_gold,
    )
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus
    from lexsub_studio.core.io.formats.detect import detect_path
    from lexsub_studio.core.io.formats.gold import read_gold
    from lexsub_studio.core.model.diagnostics import Diagnostics

    kind = detect_path(args.training).kind
    if kind == "corpus":
        result = read_corpus(args.training)
        _print_diagnostics(result.diagnostics)
        training = Training(result.corpus)
        if args.training_gold:
            gold = read_gold(args.training_gold)
            _print_diagnostics(gold.diagnostics)
            diagnostics = Diagnostics(args.training_gold)
            from_gold = training_from_gold(result.corpus, gold.items, diagnostics)
            _print_diagnostics(diagnostics)
            training.references = from_gold.references
        return training
    if kind == "gold":
        if args.training_gold:
            print("lexsub packages: --training-gold goes with a --training XML file, not a "
                  "gold file", file=sys.stderr)
            return None
        gold = read_gold(args.training)
        _print_diagnostics(gold.diagnostics)
        diagnostics = Diagnostics(args.training)
        training = training_from_gold(corpus, gold.items, diagnostics)
        _print_diagnostics(diagnostics)
        if not corpus_keys(training.corpus):
            print(f"lexsub packages: {args.training}: no gold item names an instance of the "
                  "corpus", file=sys.stderr)
            return None
        return training
    print(f"lexsub packages: {args.training}: neither a lexelt XML file nor a gold file "
          f"(looks like: {kind or 'nothing known'})", file=sys.stderr)
    return None


def run_check(args: argparse.Namespace) -> int:
    from lexsub_studio.core.annotation.campaign.plan import (
        check_responses,
        format_check_report,
        read_campaign,
    )
    from lexsub_studio.core.io.formats.responses import read_responses

    campaign = read_campaign(args.directory)
    _print_diagnostics(campaign.diagnostics)
    # A package or row that could not be checked (a package naming no annotator, a row the
    # reader ignored) leaves the check incomplete: exit 1, as for something missing.
    unchecked = campaign.diagnostics.has_errors
    rows = []
    for path in args.responses:
        result = read_responses(path)
        _print_diagnostics(result.diagnostics)
        unchecked = unchecked or result.diagnostics.has_errors
        rows.extend(result.rows)
    report = check_responses(campaign.given, rows, campaign.training)
    sys.stdout.write(format_check_report(report))
    missing = sum(len(check.missing) for check in report.annotators)
    unexpected = (sum(len(check.unexpected) for check in report.annotators)
                  + sum(report.unknown_annotators.values()))
    print(f"{report.rows} row(s) from {len(args.responses)} file(s): {missing} missing, "
          f"{unexpected} unexpected")
    return exitcodes.FAILED if report.has_missing or unchecked else exitcodes.OK
