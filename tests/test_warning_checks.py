"""The checks behind a system file's warnings, each asked on its own: the file as the checks see
it, the effect of scoring some items another way, and the spelling variants, on the file of
tests/test_system_warnings.py's over-limit example."""

from __future__ import annotations

import pytest

from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import parse_system_text
from lexsub_studio.core.scoring.report.checks import file_checks, variants
from lexsub_studio.core.scoring.report.checks.effects import Effects
from lexsub_studio.core.scoring.report.checks.subject import CheckedFile
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score

GOLD = "bright.a 1 :: clever 3;smart 1;\ntake.v 3 :: grab 2;seize 1;\n"
ELEVEN = ";".join(f"x{n}" for n in range(1, 11)) + ";clever"
SYSTEM = f"bright.a 1 ::: {ELEVEN}\ntake.v 3 ::: grabbed;Seize\n"


def _checked() -> CheckedFile:
    gold = parse_gold_text(GOLD, "gold").items
    read = parse_system_text(SYSTEM, "oot", "system")
    return CheckedFile(read.table, gold, "oot", score(read.table, gold, ScoreOptions(kind="oot")))


def test_the_file_as_the_checks_see_it() -> None:
    file = _checked()
    assert file.measure == "oot.recall"
    assert file.lines.keys == [("bright.a", "1"), ("take.v", "3")]
    assert file.lines.answers_of(1) == ["grabbed", "Seize"]
    forms = file.forms_of(("take.v", "3"))
    assert forms is not None and forms.written == {"grab", "seize"}
    assert file.forms_of(("take.v", "9")) is None


def test_an_effect_rescores_only_the_items_asked_for() -> None:
    effects = Effects(_checked())
    # Every answer of item 1 scored: clever 3 / 4 = 0.75; recall 0.75 / 2. Item 2 alone: no change.
    assert effects.effect({("bright.a", "1")}, kept=frozenset({"oot-limit"})) == \
        pytest.approx(0.375)
    assert effects.effect({("take.v", "3")}, kept=frozenset({"oot-limit"})) == 0.0
    assert effects.effect(set(), kept=frozenset({"oot-limit"})) is None


def test_lines_and_spellings_are_checked_apart() -> None:
    file = _checked()
    over = file_checks.over_limit(file, Effects(file))
    assert over is not None and over.count == 1 and over.effect == pytest.approx(0.375)
    found = variants.classify(file)
    assert found["inflected"].count == 1 and found["inflected"].examples == [
        "line 2: 'grabbed' for gold 'grab'"]
    assert found["case-variants"].examples == ["line 2: 'Seize' for gold 'seize'"]
