"""``lexsub score ... --convention NAME`` and ``--rank-candidates [FILE]``: the figures a published
evaluation script prints, from core/scoring/conventions.py's profiles."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from lexsub_studio.cli import exitcodes
from lexsub_studio.core.present import numbers
from lexsub_studio.core.present.text import json_text


def _fail(message: str, code: int = exitcodes.USAGE) -> int:
    print(f"lexsub score: {message}", file=sys.stderr)
    return code


def run_convention(args: argparse.Namespace, kind: str, system_result: Any,
                   gold_bytes: bytes, gold_name: str) -> int:
    from lexsub_studio.core.io.formats.gold import read_gold_bytes
    from lexsub_studio.core.scoring.conventions import (
        DEFAULT_CONVENTION,
        convention_gap,
        get_convention,
        lexelt_candidates,
        read_candidates,
    )

    try:
        convention = get_convention(getattr(args, "convention", None) or DEFAULT_CONVENTION)
    except ValueError as error:
        return _fail(str(error))
    rank_candidates = getattr(args, "rank_candidates", None)
    if kind not in ("oot", "weighted") and (rank_candidates or not convention.kept_defects):
        return _fail(f"GAP ranks the answers of an oot or weighted file; this is a {kind} "
                     "file (give -t oot or -t weighted)")
    gold_result = read_gold_bytes(gold_bytes, gold_name)
    for diagnostic in [*gold_result.diagnostics, *system_result.diagnostics]:
        print(f"lexsub score: {diagnostic}", file=sys.stderr)
    candidates = None
    if rank_candidates == "gold":
        candidates = lexelt_candidates(gold_result.items)
    elif rank_candidates:
        candidates = read_candidates(rank_candidates)
    result: dict[str, Any] = {
        "convention": convention.name, "title": convention.title,
        "rules": {"items": convention.items, "multiwords": convention.multiwords,
                  "repeated_answers": convention.repeated_answers,
                  "ideal_order": convention.ideal_order, "spelling": convention.spelling,
                  "oot_cut": convention.oot_cut,
                  "kept_defects": sorted(convention.kept_defects)},
        "candidates": None if rank_candidates is None else (
            "the gold of each lexelt" if rank_candidates == "gold" else rank_candidates),
    }
    if kind in ("oot", "weighted"):
        gap = convention_gap(system_result.answers, gold_result.items, convention, kind=kind,
                             candidates=candidates)
        result.update({"gap": gap.value, "items_averaged": len(gap.keys),
                       "items_without_answers": gap.without_answers,
                       "not_averaged": gap.skipped})
    if convention.kept_defects and not rank_candidates:
        figures = _official_figures(system_result.answers, gold_result.items, kind, convention)
        if isinstance(figures, str):
            return _fail(figures, exitcodes.FAILED)
        result["figures"] = figures
    text = json_text(result) if getattr(args, "report_format", None) == "json" else \
        _table(result)
    if getattr(args, "output", None):
        from lexsub_studio.core.io.atomic import atomic_write_text
        atomic_write_text(Path(args.output), text)
    else:
        sys.stdout.write(text)
    return exitcodes.OK if result.get("gap", 0.0) is not None else exitcodes.FAILED


def _official_figures(answers: Any, gold: Any, kind: str, convention: Any
                      ) -> dict[str, float | None] | str:
    """The task's own measures under the profile's kept defects (the official program's)."""
    from lexsub_studio.core.scoring.report import ScoreOptions, UndefinedFigureError, score

    try:
        report = score(answers, gold, ScoreOptions(kind=kind, families=("official",),
                                                   kept_defects=convention.kept_defects))
    except UndefinedFigureError as error:
        return f"{error} (as the official program, which stops there)"
    return {key: figure.value for key, figure in report.figures.items()}


def _table(result: dict[str, Any]) -> str:
    rules = result["rules"]
    shown_rules = {**rules, "oot_cut": "first 10 answers" if rules["oot_cut"] else "none"}
    rows = [("convention", f"{result['convention']}: {result['title']}"),
            ("rules", "; ".join(f"{name.replace('_', ' ')} {value}"
                                for name, value in shown_rules.items()
                                if name != "kept_defects"))]
    if rules["kept_defects"]:
        rows.append(("kept defects", ", ".join(rules["kept_defects"])))
    if result["candidates"]:
        rows.append(("candidates", result["candidates"]))
    if "gap" in result:
        value = numbers.percent(result["gap"])
        rows.append(("GAP", f"{value}  (mean of {result['items_averaged']} items; "
                            f"{result['items_without_answers']} without a system line "
                            "score 0)"))
        rows += [("not averaged", f"{count} {reason}")
                 for reason, count in result["not_averaged"].items()]
    for key, value in result.get("figures", {}).items():
        rows.append((key, numbers.percent(value)))
    width = max(len(label) for label, _ in rows)
    return "".join(f"{label.ljust(width)}  {text}\n" for label, text in rows)
