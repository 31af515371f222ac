"""``lexsub compare SYS1 SYS2 GOLD``: is one system significantly better than the other?"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lexsub_studio.cli import exitcodes, numbers
from lexsub_studio.cli.file_notes import file_notes

DESCRIPTION = """\
Compare two systems on one gold with paired significance tests on their per-item scores
(docs/scoring-workspace.md): a paired bootstrap and approximate randomisation, two-sided,
seeded. Items one system did not answer score 0 for it. The p-value is (r + 1) / (N + 1) for r
of N samples reaching the observed difference.

examples:
  lexsub compare alpha.best beta.best gold
  lexsub compare alpha.oot gamma.weighted gold --measure oot.recall --samples 20000 --seed 7
"""
METHOD_CHOICES = ("bootstrap", "randomisation", "both")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("system1", metavar="SYS1", help="first system file")
    parser.add_argument("system2", metavar="SYS2", help="second system file")
    parser.add_argument("gold", metavar="GOLD", help="gold file (a multiword gold for mw files)")
    parser.add_argument("-t", "--kind", choices=("best", "oot", "mw", "weighted"),
                        help="kind of both system files (default: detected per file)")
    parser.add_argument("--measure", metavar="KEY",
                        help="figure whose per-item scores are compared, e.g. best.recall, "
                             "oot.recall, jabbari.best, coverage.f, ranking.gap (default: "
                             "the main recall of the first file's kind)")
    parser.add_argument("--method", choices=METHOD_CHOICES, default="both",
                        help="which test to run (default: both)")
    parser.add_argument("--samples", type=numbers.whole_number("--samples", 1, numbers.MAX_SAMPLES),
                        default=10_000, metavar="N",
                        help="bootstrap resamples / randomisation shuffles (default: 10000, at "
                             "most 1,000,000)")
    parser.add_argument("--seed", type=numbers.seed(), default=12345, metavar="S",
                        help="random seed, for reproducible p-values (default: 12345)")
    parser.add_argument("--format", choices=("table", "json"), default="table",
                        dest="output_format", help="output format (default: table)")
    parser.add_argument("--league", choices=("clean", "official"),
                        help="also print the two systems' league table (Markdown), with clean "
                             "scoring's figures or the official scorer's")
    parser.add_argument("--warnings", action="store_true",
                        help="also print each system's warnings and their effect on the score")
    parser.add_argument("--strict-lexelt", action="store_true", dest="strict_lexelt",
                        help="drop a line whose lexelt names its gold item's lemma with other "
                             "PoS letters (wild.n 160 for wild.a.n 160) instead of matching it "
                             "by id")


def _fail(message: str, code: int = exitcodes.USAGE) -> int:
    print(f"lexsub compare: {message}", file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    from lexsub_studio.core.io.formats.gold import read_gold_bytes
    from lexsub_studio.core.io.formats.textfile import read_input_bytes
    from lexsub_studio.core.model.diagnostics import InputError
    from lexsub_studio.core.scoring.compare.league import league_table
    from lexsub_studio.core.scoring.compare.significance import (
        ALPHA,
        paired_scores,
        run_test,
        verdict_sentence,
        written_p_value,
    )
    from lexsub_studio.core.scoring.compare.significance_text import chosen_tests
    from lexsub_studio.core.scoring.compare.system_files import warning_lines
    from lexsub_studio.core.scoring.compare.system_scores import (
        detect_system_kind,
        prepare_gold,
        score_system_file,
    )
    from lexsub_studio.core.scoring.report.system_warnings import PRIMARY_MEASURE, warning_rows
    from lexsub_studio.core.scoring.report.tables import render_table

    if args.samples < 1:
        return _fail(f"--samples must be at least 1, not {args.samples}")
    paths = [Path(args.system1), Path(args.system2)]
    # Every file is read once: a system or gold given as a pipe (<(...)) can be read only once.
    contents = [read_input_bytes(path) for path in paths]
    try:
        kinds = [args.kind or detect_system_kind(path, data)[0]
                 for path, data in zip(paths, contents, strict=True)]
    except InputError as error:
        return _fail(str(error))
    if ("mw" in kinds) and set(kinds) != {"mw"}:
        return _fail(f"an mw file is compared with another mw file only (kinds: "
                     f"{kinds[0]}, {kinds[1]})")
    gold_data = read_input_bytes(args.gold)
    gold = read_gold_bytes(gold_data, args.gold, multiword=kinds[0] == "mw")
    sys.stderr.write(file_notes("lexsub compare", gold.diagnostics))
    systems = []
    # Read and prepared once, for both systems.
    gold_items = prepare_gold(gold.items)
    # The official run gives the official league figures and the lines it rejects.
    official_gold = gold_data if args.league == "official" or args.warnings else None
    for path, kind, data in zip(paths, kinds, contents, strict=True):
        scored = score_system_file(path, gold_items, official_gold, kind=kind, name=str(path),
                                   warnings=args.warnings, strict_lexelt=args.strict_lexelt,
                                   data=data, compact=False)
        sys.stderr.write(file_notes("lexsub compare", scored.diagnostics))
        systems.append(scored)
    measure = args.measure or PRIMARY_MEASURE[kinds[0]]
    reports = [system.report for system in systems]
    assert reports[0] is not None and reports[1] is not None
    try:
        paired = paired_scores(reports[0], reports[1], measure)
    except KeyError as error:
        return _fail(str(error.args[0]))
    if not len(paired):
        return _fail("no item of the gold is scored (no item with 2 or more responses)",
                     exitcodes.FAILED)
    methods = chosen_tests(args.method)
    results = [run_test(method, paired.a, paired.b, samples=args.samples, seed=args.seed)
               for method in methods]
    from lexsub_studio.core.present.signature import compare_signature, signature_line

    signature = compare_signature(kinds=(kinds[0], kinds[1]), measure=measure,
                                  methods=[r.method for r in results], samples=args.samples,
                                  seed=results[0].seed if results else args.seed,
                                  strict_lexelt=args.strict_lexelt)
    if args.output_format == "json":
        extra: dict[str, object] = {}
        if args.league:
            table = league_table(systems, args.league)
            extra["league"] = [dict(zip(table.header, row, strict=True)) for row in table.rows]
            extra["league_signatures"] = table.signatures
        if args.warnings:
            extra["warnings"] = {system.name: warning_rows(system.warnings)
                                 for system in systems}
        from lexsub_studio.core.present.text import json_text

        print(json_text({
            "system1": str(paths[0]), "system2": str(paths[1]), "gold": args.gold,
            "kinds": kinds, "measure": measure, "items": len(paired),
            "only_system1": paired.only_a, "only_system2": paired.only_b,
            "figure1": reports[0].figures[measure].value if measure in reports[0].figures
            else None,
            "figure2": reports[1].figures[measure].value if measure in reports[1].figures
            else None,
            "tests": [{"method": r.method, "mean1": r.mean_a, "mean2": r.mean_b,
                       "difference": r.difference, "p_value": r.p_value,
                       "p_written": written_p_value(r.p_value),
                       "samples": r.samples, "reached": r.reached, "seed": r.seed}
                      for r in results],
            "verdict": verdict_sentence("system1", "system2", results),
            **extra,
            "signature": signature,
        }), end="")
        return exitcodes.OK
    from lexsub_studio.core.present import numbers

    print(f"Comparing {paths[0]} ({kinds[0]}) with {paths[1]} ({kinds[1]}) on {measure}, "
          f"{len(paired)} items of {args.gold}")
    for label, report in (("SYS1", reports[0]), ("SYS2", reports[1])):
        figure = report.figures.get(measure)
        if figure is not None:
            print(f"  {label} {measure} = {numbers.score(figure.value)} "
                  f"({numbers.amount(figure.numerator)} / {numbers.amount(figure.denominator)})")
    for result in results:
        print(f"  {result.describe()}")
    print(f"  verdict at the {ALPHA:g} level: {verdict_sentence('SYS1', 'SYS2', results)}")
    if args.league:
        print()
        print(render_table(league_table(systems, args.league), "markdown"), end="")
    if args.warnings:
        for system in systems:
            print(f"\nWarnings of {system.name}:")
            for line in warning_lines(system.warnings or []):
                print(f"  {line}")
            if not system.warnings:
                print("  none")
    print(f"\n{signature_line(signature)}", end="")
    return exitcodes.OK
