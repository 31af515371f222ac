"""The suite's results never depend on how fast the machine is."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import settings

TESTS = Path(__file__).resolve().parent


def test_the_loaded_hypothesis_profile_has_no_deadline() -> None:
    assert settings.default.deadline is None


def test_no_property_test_sets_a_deadline_of_its_own() -> None:
    timed = []
    for path in sorted(TESTS.glob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\bdeadline\s*=\s*(?!None\b)", line) and "settings(" in line:
                timed.append(f"{path.name}:{number}: {line.strip()}")
    assert timed == []
