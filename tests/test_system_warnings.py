"""Per-system warnings and their effect on the score, on hand-made files."""

from __future__ import annotations

import pytest

from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import parse_system_text
from lexsub_studio.core.scoring.official.scorer import run_official
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score
from lexsub_studio.core.scoring.report.system_warnings import system_warnings

GOLD = "bright.a 1 :: clever 3;smart 1;\nbright.a 2 :: vivid 2;bold 2;\n"
GOLD_OOT = "bright.a 1 :: clever 3;smart 1;\ntake.v 3 :: grab 2;seize 1;\n"


def _warnings(system_text: str, gold_text: str, kind: str, *, official: bool = False):
    gold = parse_gold_text(gold_text, "gold").items
    read = parse_system_text(system_text, kind, "system")
    report = score(read.answers, gold, ScoreOptions(kind=kind))
    run = (run_official(system_text.encode(), gold_text.encode(), task=kind)
           if official else None)
    found = system_warnings(read.answers, gold, kind, report, diagnostics=list(read.diagnostics),
                            text=system_text, official=run)
    return {warning.code: warning for warning in found}


def test_duplicate_answers_and_case_variants_with_their_effect() -> None:
    found = _warnings("bright.a 1 :: clever;smart;clever\nbright.a 2 :: Vivid\n", GOLD, "best")
    # Clean: item 1 distinct answers clever, smart: (3 + 1) / 4 / 2 = 0.5; item 2 'Vivid' is not
    # 'vivid': 0. Recall = (0.5 + 0) / 2 = 0.25.
    duplicate = found["duplicate-answers"]
    assert duplicate.count == 1 and duplicate.measure == "best.recall"
    # Official: clever counted twice: (3 + 1 + 3) / 4 / 3 = 7/12; recall (7/12 + 0) / 2 = 7/24.
    assert duplicate.effect == pytest.approx(7 / 24 - 0.25)
    case = found["case-variants"]
    assert case.count == 1 and case.examples == ("line 2: 'Vivid' for gold 'vivid'",)
    # Written 'vivid': item 2 scores 2 / 4 = 0.5; recall (0.5 + 0.5) / 2 = 0.5, i.e. +0.25.
    assert case.effect == pytest.approx(0.25)
    assert "inflected" not in found and "oot-over-limit" not in found


def test_over_limit_and_inflected_oot_answers() -> None:
    eleven = ";".join(f"x{n}" for n in range(1, 11)) + ";clever"
    found = _warnings(f"bright.a 1 ::: {eleven}\ntake.v 3 ::: grabbed;seizes\n", GOLD_OOT,
                      "oot")
    # Clean oot recall: item 1 keeps x1..x10 (0), item 2 'grabbed', 'seizes' are not gold: 0.
    over = found["oot-over-limit"]
    assert over.count == 1 and over.examples == ("line 1: 11 answers",)
    # All 11 answers scored: clever 3 / 4 = 0.75 on item 1; recall 0.75 / 2 = 0.375.
    assert over.effect == pytest.approx(0.375)
    inflected = found["inflected"]
    assert inflected.count == 2
    # grab 2 + seize 1 over H = 3 is 1 on item 2; recall 1 / 2 = 0.5.
    assert inflected.effect == pytest.approx(0.5)


def test_duplicate_ids_score_the_later_line_as_the_effect() -> None:
    found = _warnings("bright.a 1 :: smart\nbright.a 1 :: clever\n", GOLD, "best")
    duplicate = found["duplicate-ids"]
    assert duplicate.count == 1
    # First line: smart 1 / 4 = 0.25 on item 1, recall 0.25 / 2. Later line: clever 3 / 4.
    assert duplicate.effect == pytest.approx((0.75 - 0.25) / 2)


def test_lines_the_official_scorer_rejects() -> None:
    found = _warnings("bright.a 1 :: clever\nbright.a 2 ::vivid\n", GOLD, "best", official=True)
    rejected = found["rejected-lines"]
    # The glued '::vivid' line is read by the clean reader (item 2: 2 / 4 = 0.5) but is a
    # malformed line to the official scorer: recall loses 0.5 / 2 items = 0.25.
    assert rejected.count == 1
    assert rejected.effect == pytest.approx(-0.25)
    assert "bright.a 2 not scored" in rejected.examples[0]


def test_hyphen_space_variants_are_counted_with_the_official_rules_effect() -> None:
    gold = "bright.a 1 :: quick-witted 2;clever 1;\nbright.a 2 :: vivid 2;bold 2;\n"
    found = _warnings("bright.a 1 :: quick witted\nbright.a 2 :: vivid\n", gold, "best")
    variant = found["hyphen-space"]
    assert variant.count == 1
    # The final release also credits 'quick witted' for 'quick-witted': no change.
    assert variant.effect == pytest.approx(0.0)
    assert "Effect on best.recall: +0.0000" in variant.describe()


def test_a_clean_file_has_no_warnings() -> None:
    assert _warnings("bright.a 1 :: clever\nbright.a 2 :: vivid;bold\n", GOLD, "best",
                     official=True) == {}
