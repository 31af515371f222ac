"""Every warning of generated 10,000-item systems, pinned: text, count, examples and effect.

The systems have each kind of problem a warning reports (repeated answers, repeated items,
lines over the oot limit, other lexelts, hyphen/space, case and inflected variants, lines the
official scorer rejects), under several kept defects, so that a faster way of finding the
warnings or their effects is checked against the figures of the straightforward one.
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import parse_system_text
from lexsub_studio.core.scoring.compare.system_scores import prepare_gold
from lexsub_studio.core.scoring.official.scorer import run_official
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score
from lexsub_studio.core.scoring.report.system_warnings import system_warnings, warning_rows

ITEMS = 10_000
#: Lemmas with inflections the dictionary knows, so that inflected answers are found.
INFLECTED = {"take": "took", "run": "running", "child": "children", "go": "went",
             "bright": "brighter", "seize": "seized", "mouse": "mice", "make": "makes"}
WORDS = [*INFLECTED, "quick-witted", "non-stop", "clever", "vivid", "bold", "smart", "calm",
         "Paris", "well-known", "self esteem"]


def _word(rng: random.Random) -> str:
    if rng.random() < 0.4:
        return rng.choice(WORDS)
    return "".join(rng.choice("abcdefghij") for _ in range(rng.randint(3, 7)))


def _gold_text(rng: random.Random) -> str:
    lines = []
    for number in range(1, ITEMS + 1):
        lemma = rng.choice(["wild", "bright", "run", "stand", "bank", f"w{rng.randint(1, 500)}"])
        lexelt = f"{lemma}.{rng.choice(['n', 'v', 'a', 'r', 'a.n'])}"
        substitutes = list(dict.fromkeys(_word(rng) for _ in range(rng.randint(1, 6))))
        entries = "".join(f"{sub} {rng.randint(1, 4)};" for sub in substitutes)
        lines.append(f"{lexelt} {number} :: {entries}")
    return "\n".join(lines) + "\n"


def _variant(rng: random.Random, substitute: str) -> str:
    roll = rng.random()
    if roll < 0.1:
        return substitute.upper() if rng.random() < 0.5 else substitute.capitalize()
    if roll < 0.2 and substitute in INFLECTED:
        return INFLECTED[substitute]
    if roll < 0.3 and "-" in substitute:
        return substitute.replace("-", " ")
    if roll < 0.35 and " " in substitute:
        return substitute.replace(" ", "-")
    return substitute


def _system_text(rng: random.Random, gold: str, kind: str) -> str:
    lines = []
    separator = ":::" if kind == "oot" else "::"
    for gold_line in gold.splitlines():
        head, rest = gold_line.split(" :: ")
        lexelt, number = head.split()
        if rng.random() < 0.1:
            continue  # unanswered
        substitutes = [entry.rsplit(" ", 1)[0] for entry in rest.split(";") if entry]
        answers = [_variant(rng, rng.choice(substitutes)) if rng.random() < 0.6 else _word(rng)
                   for _ in range(rng.randint(1, 14 if kind == "oot" else 3))]
        if rng.random() < 0.15:
            answers.append(rng.choice(answers))
        if rng.random() < 0.02:
            lemma, pos = lexelt.split(".", 1)  # the lemma with other PoS letters
            lexelt = f"{lemma}.{'v' if pos != 'v' else 'n'}"
        glue = "" if rng.random() < 0.003 else " "  # glued: the official scorer rejects it
        lines.append(f"{lexelt} {number} {separator}{glue}{';'.join(answers)}")
        if rng.random() < 0.02:
            lines.append(f"{lexelt} {number} {separator} {_word(rng)};{rng.choice(substitutes)}")
    rng.shuffle(lines)
    return "\n".join(lines) + "\n"


#: How the warnings are given the system and the gold: lists of lines and items (as the
#: code before the tables), the reader's AnswerTable with the gold's items (``lexsub score
#: --warnings``), or both readers' tables and the report's compact copy (the Scoring
#: workspace's official check).
SOURCES = ("lines", "cli", "workspace")


def _case_rows(kind: str, kept: frozenset[str], strict: bool,
               source: str = "lines") -> list[dict[str, object]]:
    """The warnings of one case, given as ``source`` says (SOURCES)."""
    rng = random.Random(f"{kind}-pinned")
    gold_text = _gold_text(rng)
    system_text = _system_text(rng, gold_text, kind)
    gold_read = parse_gold_text(gold_text, "gold")
    gold = prepare_gold(gold_read.table if source == "workspace" else gold_read.items, kept)
    read = parse_system_text(system_text, kind, "system")
    report = score(read.answers, gold, ScoreOptions(kind=kind, families=("official",),
                                                    kept_defects=kept, strict_lexelt=strict))
    run = run_official(system_text.encode(), gold_text.encode(), task=kind)
    if source == "workspace":
        report = report.compacted()
    found = system_warnings(read.answers if source == "lines" else read.table, gold, kind,
                            report, diagnostics=list(read.diagnostics), text=system_text,
                            official=run)
    rows = warning_rows(found)
    for row, warning in zip(rows, found, strict=True):
        row["text"] = warning.describe()
    return rows


CASES = {
    "best": ("best", frozenset(), False),
    "oot": ("oot", frozenset(), False),
    "oot-strict": ("oot", frozenset(), True),
    "oot-limit-kept": ("oot", frozenset({"oot-limit"}), False),
    "best-spelling-no-reuse": ("best", frozenset({"spelling", "no-reuse"}), False),
    "oot-lexelt-key": ("oot", frozenset({"lexelt-key"}), False),
}

PINNED = Path(__file__).with_name("data") / "system_warnings_pinned.json"


@pytest.mark.slow
@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("case", sorted(CASES))
def test_generated_systems_keep_every_warning(case: str, source: str) -> None:
    expected = json.loads(PINNED.read_text(encoding="utf-8"))[case]
    found = _case_rows(*CASES[case], source=source)
    assert [row["code"] for row in found] == [row["code"] for row in expected]
    for row, pinned in zip(found, expected, strict=True):
        effect, pinned_effect = row.pop("effect"), pinned.pop("effect")
        assert row == pinned
        if pinned_effect is None:
            assert effect is None
        else:
            assert effect == pytest.approx(pinned_effect, abs=1e-12, rel=0)


@pytest.mark.slow
def test_the_effects_do_not_depend_on_the_hash_seed() -> None:
    """The effect is a sum over a set of items: its last digits must not follow the set's
    order, which changes with the interpreter's hash seed."""
    program = ("import sys; sys.path.insert(0, sys.argv[1]); import json; "
               "from test_system_warnings_pinned import _case_rows; "
               "print(json.dumps([r['effect'] for r in _case_rows('oot', frozenset(), False)]))")
    outputs = set()
    for seed in ("1", "2", "3"):
        done = subprocess.run([sys.executable, "-c", program, str(Path(__file__).parent)],
                              capture_output=True, text=True, check=True,
                              env={"PYTHONHASHSEED": seed, "PATH": ""})
        outputs.add(hashlib.sha256(done.stdout.encode()).hexdigest())
    assert len(outputs) == 1


if __name__ == "__main__":  # writes the pinned figures (only when they are meant to change)
    PINNED.write_text(json.dumps({case: _case_rows(*CASES[case]) for case in sorted(CASES)},
                                 indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
