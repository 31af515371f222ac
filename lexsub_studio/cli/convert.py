"""``lexsub convert IN OUT --to FORMAT``: a dataset or a system's answers in another format."""

from __future__ import annotations

import argparse
import sys

from lexsub_studio.cli import exitcodes
from lexsub_studio.core.model.diagnostics import Severity

#: The kind lexsub validate detects -> the format convert reads it as.
_DETECTED_FORMATS = {"corpus": "lexsub", "coinco": "coinco", "swords": "swords",
                     "swords-result": "swords-result", "simplification": "simplification",
                     "weighted": "weighted"}


def _formats() -> dict[str, str]:
    from lexsub_studio.core.io.formats.benchmarks import FORMATS
    return FORMATS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    formats = _formats()
    parser.description = (
        "Convert between the project's files and the later benchmarks' formats. The input's "
        "format is detected from its content unless --from names it. Formats: "
        + "; ".join(f"{name}: {what}" for name, what in formats.items()) + ".")
    parser.add_argument("input", metavar="IN", help="the file to convert")
    parser.add_argument("output", metavar="OUT", help="the file to write")
    parser.add_argument("--to", required=True, choices=tuple(formats), dest="to_format",
                        help="the format to write")
    parser.add_argument("--from", choices=tuple(formats), dest="from_format",
                        help="the input's format (default: detected)")
    parser.add_argument("--gold", metavar="GOLD",
                        help="the gold of a lexelt XML corpus given as IN")
    parser.add_argument("--gold-out", metavar="FILE",
                        help="with --to lexsub: where the gold goes (default: OUT with the "
                             "suffix .gold)")
    parser.add_argument("--benchmark", metavar="SWORDS",
                        help="with a SWORDS result as IN: the benchmark that names its lexelts")


def run(args: argparse.Namespace) -> int:
    from lexsub_studio.core.io.formats.benchmarks import (
        default_gold_path,
        read_dataset,
        write_dataset,
    )
    from lexsub_studio.core.io.formats.detect import detect_path
    from lexsub_studio.core.io.output_paths import check_outputs

    source_format = args.from_format
    if source_format is None:
        detection = detect_path(args.input)
        source_format = _DETECTED_FORMATS.get(detection.kind or "")
        if source_format is None:
            kind = detection.kind or "kind unknown"
            print(f"lexsub convert: {args.input}: cannot convert this file ({kind}: "
                  f"{detection.reason}); name its format with --from", file=sys.stderr)
            return exitcodes.USAGE
    outputs = [("OUT", args.output)]
    if args.to_format == "lexsub":
        outputs.append(("--gold-out", args.gold_out or str(default_gold_path(args.output))))
    inputs = [path for path in (args.input, args.gold, args.benchmark) if path]
    check_outputs(inputs, outputs)
    dataset = read_dataset(args.input, source_format, gold_path=args.gold,
                           benchmark_path=args.benchmark)
    for diagnostic in dataset.diagnostics:
        if diagnostic.severity is not Severity.INFO:
            print(diagnostic, file=sys.stderr)
    try:
        written = write_dataset(dataset, args.to_format, args.output, args.gold_out)
    except ValueError as error:
        print(f"lexsub convert: {error}", file=sys.stderr)
        return exitcodes.USAGE
    print(f"{args.input} ({source_format}) -> {', '.join(written)} ({args.to_format})")
    has_errors = any(d.severity is Severity.ERROR for d in dataset.diagnostics)
    return exitcodes.FAILED if has_errors else exitcodes.OK
