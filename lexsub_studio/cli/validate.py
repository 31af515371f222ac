"""``lexsub validate FILE...``: check each file, summarise it and list every problem."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from lexsub_studio.cli import exitcodes
from lexsub_studio.core.io.formats.detect import KINDS
from lexsub_studio.core.io.validate import FileReport, validate_file
from lexsub_studio.core.model.diagnostics import Severity

DESCRIPTION = "\n".join([
    "Check corpus, gold, system and responses files, summarise each and list every problem",
    "(file:line:column: severity: message). Each file's kind is detected from all its lines",
    "(and from its name: 'mw' for multiword files, '.xml' for corpora) unless --kind is given:",
    "",
    *(f"  {kind:<10} {description}" for kind, description in KINDS.items()),
    "",
    "exit codes: 0 no errors; 1 errors found (or warnings, with --strict);",
    "            2 a file cannot be read at all (missing, not UTF-8, unknown kind, over",
    "              1 GiB or with a line over 8 MiB). Each file is read once: pipes work.",
    "            3 internal error (a fault in lexsub, not in the files: a short report,",
    "              the details in a log file).",
])


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="files to check")
    parser.add_argument("--kind", choices=tuple(KINDS),
                        help="read every FILE as this kind instead of detecting it")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="output format (default: text)")
    parser.add_argument("--strict", action="store_true",
                        help="exit with 1 when there are warnings, not only errors")


def run(args: argparse.Namespace) -> int:
    reports = [validate_file(path, args.kind) for path in args.files]
    if args.format == "json":
        print(json.dumps(_json_document(reports), indent=2, ensure_ascii=False))
    else:
        print(render_text(reports))
    return exit_code(reports, strict=args.strict)


def exit_code(reports: list[FileReport], *, strict: bool = False) -> int:
    if any(report.unreadable is not None for report in reports):
        return exitcodes.USAGE
    if any(report.errors or (strict and report.warnings) for report in reports):
        return exitcodes.FAILED
    return exitcodes.OK


def _json_document(reports: list[FileReport]) -> dict[str, Any]:
    return {
        "files": [report.to_json() for report in reports],
        "errors": sum(report.errors for report in reports),
        "warnings": sum(report.warnings for report in reports),
        "unreadable": sum(report.unreadable is not None for report in reports),
    }


def render_text(reports: list[FileReport]) -> str:
    blocks = [_render_report(report) for report in reports]
    if len(reports) > 1:
        blocks.append(_render_totals(reports))
    return "\n\n".join(blocks)


def _render_report(report: FileReport) -> str:
    if report.kind is None:
        lines = [f"{report.path}: kind unknown"]
    else:
        lines = [f"{report.path}: {report.kind} ({report.kind_reason})"]
    if report.unreadable is not None:
        lines.append(f"  cannot be read: {report.unreadable}")
        return "\n".join(lines)
    width = max((len(key) for key in report.summary), default=0) + 2
    for key, value in report.summary.items():
        label = key.replace("_", " ")
        lines.append(f"  {label:<{width}}{_render_value(value)}")
    notes = sum(d.severity is Severity.INFO for d in report.diagnostics)
    if not report.diagnostics:
        lines.append("  no problems")
    else:
        lines.append(f"  problems: {_plural(report.errors, 'error')}, "
                     f"{_plural(report.warnings, 'warning')}, {_plural(notes, 'note')}")
        lines += [f"  {diagnostic}" for diagnostic in report.diagnostics]
    return "\n".join(lines)


def _render_totals(reports: list[FileReport]) -> str:
    with_errors = sum(bool(report.errors) for report in reports)
    unreadable = sum(report.unreadable is not None for report in reports)
    errors = sum(report.errors for report in reports)
    warnings = sum(report.warnings for report in reports)
    return (f"{_plural(len(reports), 'file')} checked: {with_errors} with errors "
            f"({unreadable} unreadable); {_plural(errors, 'error')}, "
            f"{_plural(warnings, 'warning')} in all")


def _render_value(value: Any) -> str:
    if isinstance(value, dict):
        if set(value) == {"mean", "min", "max"}:
            if value["mean"] is None:
                return "none"
            return (f"mean {_render_number(value['mean'])}, min {_render_number(value['min'])}, "
                    f"max {_render_number(value['max'])}")
        return ", ".join(f"{key} {_render_value(item)}" for key, item in value.items()) or "none"
    if isinstance(value, list):
        return ", ".join(str(item) for item in value) or "none"
    if value is None:
        return "none"
    return _render_number(value) if isinstance(value, float) else str(value)


def _render_number(value: float | int) -> str:
    """Counts plainly, means as every statistic is written (core/present/numbers.py)."""
    from lexsub_studio.core.present.numbers import amount

    return amount(value)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


if __name__ == "__main__":  # pragma: no cover
    from lexsub_studio.cli.main import main
    sys.exit(main(["validate", *sys.argv[1:]]))
