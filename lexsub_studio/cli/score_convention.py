"""``lexsub score ... --convention NAME`` and ``--rank-candidates [FILE]``: the figures a published
evaluation script prints, from core/scoring/conventions/profiles.py's profiles."""

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
    from lexsub_studio.core.scoring.conventions.candidates import read_candidates
    from lexsub_studio.core.scoring.conventions.profiles import (
        DEFAULT_CONVENTION,
        convention_gap,
        get_convention,
        gold_candidates,
    )

    try:
        convention = get_convention(getattr(args, "convention", None) or DEFAULT_CONVENTION)
    except ValueError as error:
        return _fail(str(error))
    rank_candidates = getattr(args, "rank_candidates", None)
    if kind not in ("oot", "weighted"):
        return _fail(f"GAP ranks the answers of an oot or weighted file; this is a {kind} "
                     "file (give -t oot or -t weighted)")
    gold_result = read_gold_bytes(gold_bytes, gold_name)
    gold_notes = list(gold_result.diagnostics)
    if convention.gold_reading != "project":
        # The profile reads the gold text as its script does: the project reader's merging of
        # a repeated substitute is not what is scored.
        gold_notes = [note for note in gold_notes if note.code != "repeated-substitute"]
    for diagnostic in [*gold_notes, *system_result.diagnostics]:
        print(f"lexsub score: {diagnostic}", file=sys.stderr)
    gold_text = gold_bytes.decode("utf-8-sig", errors="replace")
    candidates = None
    if rank_candidates == "gold":
        candidates = gold_candidates(gold_result.items, convention, gold_text)
    elif rank_candidates:
        candidate_file = read_candidates(rank_candidates)
        candidates = candidate_file.candidates
        targets = len(_targets(gold_result.items))
        missing = _targets_without_candidates(gold_result.items, candidates)
        if targets and len(missing) == targets:
            shown = ", ".join(sorted(missing)[:3])
            written = ", ".join(candidate_file.written_keys[:3]) or "none"
            return _fail(f"{rank_candidates}: no line of the candidates file names a target of "
                         f"the gold (its lemma and first PoS letter, such as {shown}); the "
                         f"file names {written}. A candidates line reads "
                         "'lemma.pos::candidate;candidate;...'")
        if missing:
            print(f"lexsub score: {rank_candidates}: {len(missing)} of {targets} targets of "
                  f"the gold have no candidates line ({', '.join(sorted(missing)[:3])}"
                  f"{' ...' if len(missing) > 3 else ''}); their items rank nothing and "
                  "score 0", file=sys.stderr)
    result: dict[str, Any] = {
        "convention": convention.name, "title": convention.title,
        "rules": {"items": convention.items, "multiwords": convention.multiwords,
                  "repeated_answers": convention.repeated_answers,
                  "ideal_order": convention.ideal_order, "spelling": convention.spelling,
                  "oot_cut": convention.oot_cut, "gold_reading": convention.gold_reading},
        "candidates": None if rank_candidates is None else (
            "the gold, pooled by lemma and first PoS" if rank_candidates == "gold"
            else rank_candidates),
    }
    lemmatise = bool(getattr(args, "lemmatise", False))
    gap = convention_gap(system_result.answers, gold_result.items, convention, kind=kind,
                         candidates=candidates, gold_text=gold_text, lemmatise=lemmatise)
    result.update({"lemmatised": gap.lemmatised,
                   "gap": gap.value, "items_averaged": len(gap.keys),
                   "items_without_answers": gap.without_answers,
                   "not_averaged": gap.skipped})
    from lexsub_studio.core.present.signature import convention_signature

    result["signature"] = convention_signature(
        kind=kind, convention=convention.name,
        candidates=None if rank_candidates is None else
        "gold" if rank_candidates == "gold" else "file", lemmatised=lemmatise)
    text = json_text(result) if getattr(args, "report_format", None) == "json" else \
        _table(result)
    if getattr(args, "output", None):
        from lexsub_studio.core.io.atomic import atomic_write_text
        atomic_write_text(Path(args.output), text)
    else:
        sys.stdout.write(text)
    return exitcodes.OK if result.get("gap", 0.0) is not None else exitcodes.FAILED


def _targets(gold: Any) -> set[str]:
    from lexsub_studio.core.scoring.conventions.candidates import pool_key

    return {pool_key(item.lexelt) for item in gold}


def _targets_without_candidates(gold: Any, candidates: dict[str, list[str]]) -> list[str]:
    """The gold's targets (pool keys) that the candidates file does not list."""
    return [key for key in _targets(gold) if key not in candidates]


def _table(result: dict[str, Any]) -> str:
    rules = result["rules"]
    shown_rules = {**rules, "oot_cut": "first 10 answers" if rules["oot_cut"] else "none"}
    rows = [("convention", f"{result['convention']}: {result['title']}"),
            ("rules", "; ".join(f"{name.replace('_', ' ')} {value}"
                                for name, value in shown_rules.items()))]
    if result["candidates"]:
        rows.append(("candidates", result["candidates"]))
    lemmatised = result.get("lemmatised")
    if lemmatised is not None:
        rows.append(("lemmatised", f"answers matched as lemmas of the item's PoS: "
                                   f"{lemmatised['changed']} changed, {lemmatised['merged']} "
                                   "merged into an earlier form of the same lemma"))
    if "gap" in result:
        value = numbers.percent(result["gap"])
        rows.append(("GAP", f"{value}  (mean of {result['items_averaged']} items; "
                            f"{result['items_without_answers']} without a system line "
                            "score 0)"))
        rows += [("not averaged", f"{count} {reason}")
                 for reason, count in result["not_averaged"].items()]
    if result.get("signature"):
        rows.append(("signature", result["signature"]))
    width = max(len(label) for label, _ in rows)
    return "".join(f"{label.ljust(width)}  {text}\n" for label, text in rows)
