"""What distinguishes the two releases of the official SemEval-2007 LEXSUB scorer.

``trial`` is the January 2007 program shipped with the trial data (fractions, three decimals);
``final`` is the April 2007 program shipped with the test key, which produced every published
result (percentages, two decimals). The rules below are the differences the output depends on;
docs/official-scorer.md explains each one.
"""

from __future__ import annotations

import re

from lexsub_studio.core.model.rules import OOT_LIMIT

#: The releases, default first.
RELEASES = ("final", "trial")


def _per_field(field_pattern: bytes) -> re.Pattern[bytes]:
    """A pattern that ``findall`` turns into "the first match inside each ``;`` field".

    The original splits on ``;`` and searches each field on its own. Anchoring every attempt at a
    field start and letting a lazy ``[^;]*?`` walk forward tries the start positions of a field
    from left to right, exactly as an unanchored search of that field does; no part of the
    pattern can match a ``;``, so no match reaches into the next field.
    """
    return re.compile(rb"(?:^|(?<=;))[^;]*?" + field_pattern)


class Release:
    """The rules of one release, read-only; there are two, FINAL and TRIAL. (A plain class:
    a dataclass would add to the start-up of every ``lexsub score``.)"""

    __slots__ = (
        "count_carries_over",
        "decimals",
        "drops_gold_apostrophe",
        "drops_pn_containing",
        "fields",
        "first_count",
        "name",
        "oot_limit",
        "percent",
        "reuses_blank_answers",
        "rewrites_answers",
        "substitute_class",
        "usage_name",
    )

    name: str
    #: Digits printed after the point; the final release prints percentages.
    decimals: int
    percent: bool
    #: The count of a gold line's first field, read with an unanchored search.
    first_count: re.Pattern[bytes]
    #: (substitute, count) of every gold field that has one, via ``findall``.
    fields: re.Pattern[bytes]
    #: The characters a gold substitute is made of (after its first, a word character), as a
    #: pattern's class, which ``first_count`` and ``fields`` are built from.
    substitute_class: bytes
    #: final: the first ``'`` of a gold substitute (and multiword) is deleted.
    drops_gold_apostrophe: bool
    #: final: gold fields containing ``pn`` anywhere are removed; trial: fields equal to ``pn``.
    drops_pn_containing: bool
    #: trial: a gold line whose first field has no count keeps the count last read (the
    #: original never resets its variable); final resets it for every line.
    count_carries_over: bool
    #: final: answers are rewritten (``non-x`` -> ``nonx``, ``-`` -> space, first ``'`` deleted).
    rewrites_answers: bool
    #: final: a blank answer text reuses the previous scored line's answers.
    reuses_blank_answers: bool
    #: final: oot keeps the first ten answers.
    oot_limit: int | None
    usage_name: str

    def __init__(self, **rules: object) -> None:
        for name in self.__slots__:
            if name not in _BUILT_ON_USE:
                object.__setattr__(self, name, rules.pop(name))
        if rules:
            raise TypeError(f"unknown release rules: {', '.join(rules)}")

    def __getattr__(self, name: str) -> object:
        # Called for a slot not set yet: the patterns are built when first used.
        # A run needs few of them, and compiling patterns takes part of every run's start-up.
        if name == "first_count":
            value: object = re.compile(rb"[" + self.substitute_class + rb"]+ (\d+)")
        elif name == "fields":
            value = _per_field(rb"(\w[" + self.substitute_class + rb"]+) (\d+)")
        else:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        object.__setattr__(self, name, value)
        return value

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a release's rules cannot change ({name})")


#: The rules built from ``substitute_class`` when first used (Release.__getattr__).
_BUILT_ON_USE = frozenset({"fields", "first_count"})

#: Each rule's value in the final release, then in the trial one (docs/official-scorer.md,
#: "Where the releases differ"; the attributes of Release say what each rule does).
_RULES_FINAL_TRIAL: dict[str, tuple[object, object]] = {
    "decimals": (2, 3),
    "percent": (True, False),
    # The characters of a gold substitute: the final release accepts apostrophes.
    "substitute_class": (rb"\w'\-\s", rb"\w\-\s"),
    "drops_gold_apostrophe": (True, False),
    "drops_pn_containing": (True, False),
    "count_carries_over": (False, True),
    "rewrites_answers": (True, False),
    "reuses_blank_answers": (True, False),
    "oot_limit": (OOT_LIMIT, None),
    "usage_name": ("score.pl", "scorer.pl"),
}

FINAL, TRIAL = (Release(name=name, **{rule: values[column]
                                      for rule, values in _RULES_FINAL_TRIAL.items()})
                for column, name in enumerate(RELEASES))


def release_named(name: str) -> Release:
    if name == "final":
        return FINAL
    if name == "trial":
        return TRIAL
    raise ValueError(f"unknown scorer release {name!r}; expected one of {', '.join(RELEASES)}")


#: The bytes that join a leading ``non`` to the rest of an answer: ``-`` and Perl's ``\s``.
_NON_JOINERS = frozenset(b"- \t\n\r\f\v")


def rewrite_answer(answer: bytes) -> bytes:
    """The final release's answer rewrite: ``non-x``/``non x`` -> ``nonx``, every ``-`` -> space,
    the first ``'`` deleted. (Its US->UK spelling table is declared so that it never applies.)"""
    if len(answer) > 3 and answer.startswith(b"non") and answer[3] in _NON_JOINERS:
        answer = b"non" + answer[4:]
    return answer.replace(b"-", b" ").replace(b"'", b"", 1)


def final_answers(text: bytes) -> list[bytes]:
    """The answers of a non-blank answer text as the final release credits them: split on
    ``;`` (trailing empty fields dropped), each rewritten by rewrite_answer."""
    stripped = text.rstrip(b";")
    if not stripped:
        return []
    return [rewrite_answer(answer) for answer in stripped.split(b";")]
