"""``lexsub score RESULT BENCHMARK --metrics swords``: the SWORDS measures of a SWORDS result
(core/scoring/swords/measures.py), in any report format, to standard output or ``-o FILE``."""

from __future__ import annotations

import argparse
import sys

from lexsub_studio.cli import exitcodes

#: Report options that concern the SemEval-2007 files and mean nothing to a SWORDS result.
_CLASSIC_OPTIONS = (("clean", "--clean"), ("explain", "--explain"), ("warnings", "--warnings"),
                    ("strict_lexelt", "--strict-lexelt"), ("by", "--by"),
                    ("penalty", "--penalty"), ("keep_defect", "--keep-defect"),
                    ("convention", "--convention"), ("rank_candidates", "--rank-candidates"))


def refused_options(args: argparse.Namespace) -> list[str]:
    given = [flag for name, flag in _CLASSIC_OPTIONS
             if getattr(args, name, None) not in (None, False, [])]
    if getattr(args, "task", "best") != "best":
        given.append("-t")
    if getattr(args, "verbose", False):
        given.append("-v")
    return given


def run_swords(args: argparse.Namespace) -> int:
    from lexsub_studio.cli.file_notes import file_notes
    from lexsub_studio.core.io.formats.swords import read_swords, read_swords_result
    from lexsub_studio.core.io.output_paths import check_outputs
    from lexsub_studio.core.scoring.swords.measures import swords_scores
    from lexsub_studio.core.scoring.swords.render import render_swords, swords_items_csv

    refused = refused_options(args)
    if refused:
        print(f"lexsub score: {', '.join(refused)} do(es) not apply to --metrics swords, which "
              "scores a SWORDS result against a SWORDS benchmark", file=sys.stderr)
        return exitcodes.USAGE
    system, benchmark_name = str(args.system), str(args.gold)
    check_outputs([system, benchmark_name], [("-o", getattr(args, "output", None)),
                                             ("--items", getattr(args, "items_file", None))])
    benchmark = read_swords(benchmark_name)
    result, result_diagnostics = read_swords_result(system)
    scores = swords_scores(benchmark.benchmark, result, system,
                           lemmatise=bool(getattr(args, "lemmatise", False)))
    sys.stderr.write(file_notes("lexsub score", [*benchmark.diagnostics, *result_diagnostics,
                                                 *scores.diagnostics]))
    text = render_swords(scores, args.report_format or "table", system, benchmark_name)
    outputs: list[tuple[str, str]] = []
    if args.output:
        outputs.append((args.output, text))
    else:
        sys.stdout.write(text)
    if getattr(args, "items_file", None):
        outputs.append((args.items_file, swords_items_csv(scores)))
    if outputs:
        from lexsub_studio.core.io.output_set import write_output_set

        write_output_set(outputs)
    undefined = [figure.label for figure in scores.figures.values() if figure.value is None]
    if undefined:
        print(f"lexsub score: undefined (zero denominator): {', '.join(undefined)}",
              file=sys.stderr)
    errors = [d for d in [*benchmark.diagnostics, *result_diagnostics]
              if d.severity.value == "error"]
    return exitcodes.FAILED if errors or undefined else exitcodes.OK
