"""Lemma hints as an annotator meets them: real substitutes from the demo responses and the
guidelines' examples, each with the hint a careful annotator would expect (written down by
hand, from English, not from the lemmatiser). A hint is offered only for a word the dictionary
knows, never the target itself, and a form of the target is named as such."""

from __future__ import annotations

import pytest

from lexsub_studio.core.annotation.work import check_answer

#: (target lexelt, the target as it stands in the sentence, substitute typed, expected hint;
#: "TARGET" where the substitute is a form of the target word itself).
SUBSTITUTE_HINTS = [
    # The demo's bright.a: participles and compounds used as adjectives are lemmas already.
    ("bright.a", "bright", "promising", None),
    ("bright.a", "bright", "up-and-coming", None),
    ("bright.a", "bright", "glowing", None),
    ("bright.a", "bright", "leading", None),
    ("bright.a", "bright", "dazzling", None),
    ("bright.a", "bright", "encouraging", None),
    ("bright.a", "bright", "glaring", None),
    ("bright.a", "bright", "quick-witted", None),
    ("bright.a", "bright", "gifted", None),
    ("bright.a", "bright", "intelligent", None),
    ("bright.a", "bright", "vivid", None),
    ("bright.a", "bright", "smarter", "smart"),
    ("bright.a", "bright", "cleverer", "clever"),
    ("bright.a", "bright", "sunniest", "sunny"),
    ("bright.a", "bright", "brighter", "TARGET"),
    ("bright.a", "bright", "brightest", "TARGET"),
    # fair.a and fairly.r
    ("fair.a", "fair", "middling", None),
    ("fair.a", "fair", "even-handed", None),
    ("fair.a", "fair", "balanced", None),
    ("fair.a", "fair", "blonde", None),
    ("fair.a", "fairer", "paler", "pale"),
    ("fairly.r", "fairly", "rather", None),
    ("fairly.r", "fairly", "reasonably", None),
    ("fairly.r", "fairly", "impartially", None),
    # charge.n, field.n, spot.n: nouns
    ("charge.n", "charge", "charging", None),
    ("charge.n", "charge", "allegation", None),
    ("charge.n", "charges", "fees", "fee"),
    ("charge.n", "charges", "accusations", "accusation"),
    ("charge.n", "charges", "charge", "TARGET"),
    ("field.n", "field", "meadow", None),
    ("field.n", "fields", "pastures", "pasture"),
    ("spot.n", "spot", "marking", None),
    ("spot.n", "spots", "stains", "stain"),
    ("spot.n", "spots", "spots", "TARGET"),
    # settle.v and strike.v: verbs, and the guidelines' examples
    ("settle.v", "settled", "resolved", "resolve"),
    ("settle.v", "settled", "decided", "decide"),
    ("settle.v", "settled", "resolve", None),
    ("settle.v", "settling", "settles", "TARGET"),
    ("strike.v", "struck", "hit", None),
    ("strike.v", "struck", "chimed", "chime"),
    ("strike.v", "struck", "strikes", "TARGET"),
    ("run.v", "running", "managing", "manage"),
    ("house.v", "houses", "contains", "contain"),
    ("ferry.n", "ferries", "boats", "boat"),
    ("heavy.a", "heavy", "weighty", None),
    ("heavy.a", "heavy", "torrential", None),
    ("moment.n", "moment", "instant", None),
    ("moment.n", "moment", "seconds", "second"),
]

#: (target lexelt, target in the sentence, multiword typed, expected hint).
MULTIWORD_HINTS = [
    ("bright.a", "brightest", "best and brightest", None),
    ("charge.n", "charge", "in charge of", None),
    ("spot.n", "spot", "on the spot", None),
    ("field.n", "field", "in the field", None),
    ("settle.v", "settled", "settled down", "settle down"),
    ("go.v", "went", "went up", "go up"),
    ("give.v", "gave", "gave up", "give up"),
    ("strike.v", "struck", "struck a deal", "strike a deal"),
    ("stop.n", "stops", "bus stops", "bus stop"),
]


def _hint(checks: list) -> str | None:
    codes = {check.code: check for check in checks}
    if "form-of-target" in codes or "same-as-target" in codes:
        assert "inflected" not in codes, "the target must never be offered as the lemma"
        return "TARGET"
    return codes["inflected"].suggestion if "inflected" in codes else None


def test_the_table_is_large_enough() -> None:
    assert len(SUBSTITUTE_HINTS) + len(MULTIWORD_HINTS) >= 40


@pytest.mark.parametrize(("lexelt", "head", "substitute", "expected"), SUBSTITUTE_HINTS)
def test_substitute_hint(lexelt: str, head: str, substitute: str, expected: str | None) -> None:
    checks = check_answer([substitute, "", ""], "", False, False, lexelt, head)
    assert _hint(checks) == expected


@pytest.mark.parametrize(("lexelt", "head", "multiword", "expected"), MULTIWORD_HINTS)
def test_multiword_hint(lexelt: str, head: str, multiword: str, expected: str | None) -> None:
    checks = check_answer(["", "", ""], multiword, False, False, lexelt, head)
    assert _hint(checks) == expected


def test_a_form_of_the_target_is_named_and_not_offered() -> None:
    checks = check_answer(["brighter", "", ""], "", False, False, "bright.a", "bright")
    assert [(check.code, check.suggestion) for check in checks] == [("form-of-target", None)]
    assert "form of the target word itself (bright)" in checks[0].message
