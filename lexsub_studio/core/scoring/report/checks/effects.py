"""What a warning does to the score: the system's main figure with the items concerned scored
another way (other answers, other kept defects, the other lexelt strictness) minus the figure as
the clean report has it. Only those items are rescored: a figure is a sum over items."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import repeat
from typing import Any

import numpy as np

from lexsub_studio.core.model.rules import OOT_LIMIT
from lexsub_studio.core.scoring import measures
from lexsub_studio.core.scoring.measures import Ragged
from lexsub_studio.core.scoring.report.checks.found import Answer
from lexsub_studio.core.scoring.report.checks.subject import CheckedFile

#: Kept defects under which the repeated answers' effect is found by rescoring the items.
REPEATS_RESCORED = frozenset({"spelling", "no-reuse", "lexelt-key", "distinct-answers"})


class Effects:
    """The effects of the warnings of one checked file (the report's columns read once)."""

    def __init__(self, file: CheckedFile) -> None:
        self.file = file
        self.report = file.report
        self.kind = file.kind
        self.measure = file.measure
        self._baseline: dict[str, dict[tuple[str, str], float]] = {}

    def effect(self, keys: set[tuple[str, str]], answers: Sequence[Answer] | None = None,
               kept: frozenset[str] = frozenset(), strict_lexelt: bool | None = None,
               ) -> float | None:
        """The change of the main figure when the gold items ``keys`` are scored with
        ``answers`` (default: as they are) under the extra kept defects ``kept`` (and, when
        given, that lexelt strictness). Only those items are rescored: the figure is a sum over
        items, so the others contribute the same."""
        from lexsub_studio.core.scoring.report.score_report import (
            FIGURE_DEFS_BY_KEY,
            ScoreOptions,
            column_total,
        )

        figure = self.report.figures.get(self.measure)
        if figure is None or not figure.denominator or not keys:
            return None
        strict = self.report.options.strict_lexelt if strict_lexelt is None else strict_lexelt
        options = ScoreOptions(kind=self.kind, families=("official",),
                               kept_defects=self.report.options.kept_defects | kept,
                               penalty=self.report.options.penalty, strict_lexelt=strict)
        every_mismatch = self.file.every_mismatch
        subset: Sequence[Answer]
        if answers is None:
            subset = self.file.lines.rows(np.fromiter(
                map(keys.__contains__, self.file.line_gold_keys()), dtype=bool,
                count=len(self.file.lines)))
        else:
            subset = [line for line in answers if every_mismatch.get(line.key, line.key) in keys]
        restricted = getattr(self.file.gold, "restricted", None)
        gold = (restricted(keys) if restricted is not None
                else [item for item in self.file.gold if item.key in keys])
        column = FIGURE_DEFS_BY_KEY[self.measure].numerator
        new = column_total(subset, gold, options, column)  # type: ignore[arg-type]  # one kind
        return (new - self._baseline_total(column, keys)) / figure.denominator

    def _baseline_total(self, column: str, keys: set[tuple[str, str]]) -> float:
        """The column's sum over the items ``keys`` as scored: exactly rounded, so that it does
        not depend on the order of the set (which follows the interpreter's hash seed)."""
        old = self._baseline_values(column)
        return math.fsum(old.get(key, 0.0) for key in keys)

    def _baseline_values(self, column: str) -> dict[tuple[str, str], float]:
        if column not in self._baseline:
            frame = self.report.items
            self._baseline[column] = dict(zip(
                zip(frame["lexelt"].tolist(), frame["id"].tolist(), strict=True),
                frame[column].to_numpy(dtype=float).tolist(), strict=True))
        return self._baseline[column]

    def repeats_effect(self, keys: set[tuple[str, str]],
                       repeated: dict[int | None, list[str]]) -> float | None:
        """The effect of crediting every repeat (the ``distinct-answers`` defect kept) on the
        items ``keys``, whose lines ``repeated`` repeat an answer. Rescoring would match and
        measure every one of those items again (most of an oot file's); where the report's
        columns give the same figure, the new score of each item is worked out from them: its
        view's weights per answer, H, and the line it scored (``system_line``)."""
        columns = self._repeat_columns()
        figure = self.report.figures.get(self.measure)
        if columns is None or figure is None or not figure.denominator or not keys:
            return self.effect(keys, kept=frozenset({"distinct-answers"}))
        lines, views, weights, human, scores = columns
        limit = OOT_LIMIT if self.kind == "oot" and "oot-limit" not in \
            self.report.options.kept_defects else None
        no_weight = repeat(0)
        # The items whose scored line repeats an answer; every other item of ``keys`` (scored
        # from another line of its id) keeps its score, and adds nothing to the change.
        rows = [row for row, number in enumerate(lines) if number in repeated]
        credits: list[list[int]] = []
        for row in rows:
            weight_of = dict(zip(views[row], weights[row], strict=True))
            # As the clean scorer matches with repeats kept: answers spelled to nothing dropped.
            view = list(filter(None, repeated[lines[row]]))[:limit]
            credits.append(list(map(weight_of.get, view, no_weight)))
        item_scores = measures.best_scores if self.kind == "best" else measures.oot_scores
        rescored = item_scores(Ragged.from_lists(credits),
                               np.array([human[row] for row in rows], dtype=np.float64))
        before = math.fsum(scores[row] for row in rows)
        return (math.fsum(rescored.tolist()) - before) / figure.denominator

    def _repeat_columns(self) -> tuple[list[Any], ...] | None:
        """The report's columns behind a best or oot score (each item's scored line, view,
        its weights, H and the score), or None where they would not give the figure rescoring
        gives: other spelling rules, lines reusing earlier answers, items told apart by id
        alone, repeats already credited, other kinds or measures."""
        from lexsub_studio.core.scoring.report.score_report import FIGURE_DEFS_BY_KEY

        view = f"{self.kind}_answers"
        frame = self.report.items
        if (self.kind not in ("best", "oot")
                or FIGURE_DEFS_BY_KEY[self.measure].numerator != f"{self.kind}_score"
                or self.report.options.kept_defects & REPEATS_RESCORED
                or any(name not in frame.columns for name in (
                    view, f"{self.kind}_weights", f"{self.kind}_score", "system_line",
                    "human_total"))):
            return None
        return (frame["system_line"].tolist(), frame[view].tolist(),
                frame[f"{self.kind}_weights"].tolist(),
                frame["human_total"].to_numpy(dtype=float).tolist(),
                frame[f"{self.kind}_score"].to_numpy(dtype=float).tolist())

    def limit_effect(self, long_rows: list[int]) -> float | None:
        """The effect of scoring every answer of the items the lines ``long_rows`` answer. Only
        an item with more than 10 distinct answers can change: the others (repeats, or answers
        spelled to nothing, brought them under the limit) are left out of the rescoring, except
        under the defects that make rescoring a few items differ from scoring them all."""
        lines = self.file.lines
        every = {self.file.gold_key(lines.keys[row]) for row in long_rows}
        if self.report.options.kept_defects & (REPEATS_RESCORED | {"oot-limit"}):
            keys = every
        else:
            spell_all = self.file.spell_all
            keys = {self.file.gold_key(lines.keys[row]) for row in long_rows
                    if len(set(filter(None, spell_all(lines.answers_of(row))))) > OOT_LIMIT}
        if keys or not every:
            return self.effect(keys, kept=frozenset({"oot-limit"}))
        figure = self.report.figures.get(self.measure)
        return 0.0 if figure is not None and figure.denominator else None
