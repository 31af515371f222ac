"""The demo's agreement figures printed in docs/agreement.md are the ones the core computes."""

from __future__ import annotations

import re
from pathlib import Path

from lexsub_studio.core.agreement.report import compute_agreement
from lexsub_studio.core.gold.assembly import build_gold_from_files

ROOT = Path(__file__).resolve().parent.parent


def _documented_figures() -> dict[str, float]:
    text = (ROOT / "docs" / "agreement.md").read_text(encoding="utf-8")
    section = text.split("## The demo's figures", 1)[1].split("\n## ", 1)[0]
    return {name: float(value)
            for name, value in re.findall(r"^\| (\w+) \| (\d\.\d{4}) \|", section, re.MULTILINE)}


def test_documented_demo_figures_match_the_core() -> None:
    documented = _documented_figures()
    assert len(documented) == 8
    responses = sorted((ROOT / "data" / "demo" / "responses").glob("*.tsv"))
    assembly, _ = build_gold_from_files(responses)
    report = compute_agreement(assembly.pooled)
    for name, value in documented.items():
        assert round(report.figures[name], 4) == value, name
    assert (report.counts["items"], report.counts["items_in_T"],
            report.counts["items_with_mode"], report.counts["pairs"]) == (55, 54, 44, 515)
