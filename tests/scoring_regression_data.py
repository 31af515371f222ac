"""A 10,000-item gold, best, oot and weighted file written from a fixed seed, with the awkward
cases clean scoring treats (flags, emptied entries, spellings that merge, repeated and unknown
lines, lexelts with other PoS letters, lines without answers), and the scorings that
test_scoring_regression.py pins: every figure and every per-item row."""

from __future__ import annotations

import hashlib
import json
import math
import random
from pathlib import Path
from typing import Any

import numpy as np

from lexsub_studio.core.io.formats.gold import read_gold
from lexsub_studio.core.io.formats.system import read_system
from lexsub_studio.core.io.formats.weighted import read_weighted
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score

ITEMS = 10_000
SEED = 20071

#: (kind, kept defects) of each pinned scoring; every family the kind supports is asked for.
SCORINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("oot", ()),
    ("weighted", ("oot-limit",)),
    ("oot", ("spelling", "pn-entries", "unique-mode")),
    ("best", ("no-reuse", "distinct-answers", "empty-not-attempted", "lexelt-key")),
)

_ODD_ENTRIES = ("pn", "PN", "nil", "Nil", "-", "--", "'", "a pn word")


def _word(rng: random.Random) -> str:
    return "".join(rng.choice("abcdefghijklmnoprstuvw") for _ in range(rng.randint(2, 7)))


def write_files(folder: Path) -> dict[str, Path]:
    """Write the four files into ``folder`` and return their paths by kind."""
    rng = random.Random(SEED)
    words = [_word(rng) for _ in range(600)]
    lemmas = [_word(rng) for _ in range(150)]
    gold_lines, best_lines, oot_lines, weighted_lines = [""], [], [], []
    for number in range(1, ITEMS + 1):
        lemma = rng.choice(lemmas)
        lexelt = f"{lemma}.{rng.choice('nvar')}"
        substitutes = rng.sample(words, rng.randint(1, 6))
        entries = [(word, rng.randint(1, 5)) for word in substitutes]
        if rng.random() < 0.15:
            entries.append((rng.choice(_ODD_ENTRIES), rng.randint(1, 3)))
        if rng.random() < 0.1:  # a spelling that merges with another entry once cleaned
            entries.append((entries[0][0].upper() + " ", 1))
        gold_lines.append(f"{lexelt} {number} :: "
                          + "".join(f"{word} {count};" for word, count in entries))
        pool = substitutes + rng.sample(words, 8)
        system_lexelt = lexelt
        if rng.random() < 0.03:
            system_lexelt = f"{lemma}.{rng.choice('nvar')}.x"[:len(lemma) + 2]
        # Now and then an item the gold does not have.
        number_written = ITEMS + number if rng.random() < 0.02 else number
        head = f"{system_lexelt} {number_written}"
        if rng.random() < 0.05:
            best_lines.append(f"{head} :: ")
            oot_lines.append(f"{head} ::: ")
        else:
            best = rng.sample(pool, rng.randint(1, 3))
            if rng.random() < 0.1:
                best.append(best[0])
            oot = [rng.choice(pool) for _ in range(rng.choice((10, 10, 8, 12)))]
            if rng.random() < 0.05:
                oot[0] = oot[0].title()
            best_lines.append(f"{head} :: " + ";".join(best))
            oot_lines.append(f"{head} ::: " + ";".join(oot))
        if rng.random() < 0.03:
            best_lines.append(f"{head} :: {rng.choice(words)}")
        weighted = rng.sample(pool, rng.randint(1, 9))
        weighted_lines.append(f"{lexelt} {number} " + " ".join(
            f"{word}/{rng.randint(1, 9) / 10}" for word in weighted))
    for lines in (best_lines, oot_lines, weighted_lines):
        rng.shuffle(lines)
    paths = {kind: folder / f"regression.{kind}" for kind in ("gold", "best", "oot", "weighted")}
    paths["gold"].write_text("\n".join(gold_lines), encoding="utf-8")
    for kind, lines in (("best", best_lines), ("oot", oot_lines), ("weighted", weighted_lines)):
        paths[kind].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return paths


def _plain(value: Any) -> Any:
    """A JSON-ready value: whole numbers as ints, others as floats (NaN as None), sequences as
    lists."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)):
        return int(value)
    if isinstance(value, (int, float, np.integer, np.floating)):
        number = float(value)
        if math.isnan(number):
            return None
        return int(number) if number.is_integer() else number
    if isinstance(value, (tuple, list, np.ndarray)):
        return [_plain(element) for element in value]
    return str(value)


def column_record(column: Any) -> Any:
    """A numeric column in full; a column of words, answer lists or lines as the SHA-256 of its
    values, which holds the fixture to a reasonable size and still tells any change."""
    values = _plain(list(column))
    if all(value is None or isinstance(value, (int, float)) for value in values):
        return values
    text = json.dumps(values, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def scorings(paths: dict[str, Path]) -> dict[str, Any]:
    """Every pinned scoring: its figures, counts, tally and per-item rows (column by column)."""
    gold = read_gold(paths["gold"]).items
    systems = {"best": read_system(paths["best"], "best").answers,
               "oot": read_system(paths["oot"], "oot").answers,
               "weighted": read_weighted(paths["weighted"]).answers}
    results: dict[str, Any] = {}
    for kind, kept in SCORINGS:
        options = ScoreOptions(kind=kind, families=("official", "jabbari", "ranking"),
                               kept_defects=frozenset(kept))
        report = score(systems[kind], gold, options)
        results[f"{kind}:{','.join(kept)}"] = {
            "figures": {key: [_plain(figure.numerator), _plain(figure.denominator),
                              _plain(figure.value)]
                        for key, figure in report.figures.items()},
            "counts": {key: _plain(value) for key, value in report.counts.items()},
            "ignored": list(report.ignored),
            "columns": {name: column_record(report.items[name])
                        for name in report.items.columns},
        }
    return results
