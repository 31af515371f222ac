"""A system file and its gold as the warnings look at them: the lines as columns, each line's
gold item (a line with another lexelt is scored for the item its id names), every text's clean
spelling and each gold item's substitutes by spelling, worked out once per gold and kept with a
prepared gold so that the systems of a league table share them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.item_tables import AnswerTable, GoldTable, offsets_of
from lexsub_studio.core.scoring.clean.spelling import clean_form
from lexsub_studio.core.scoring.report.checks.found import PRIMARY_MEASURE, Answer

if TYPE_CHECKING:
    from lexsub_studio.core.scoring.report.score_report import ScoreReport


class Spellings(dict[str, str]):
    """clean_form of each text, computed on its first look-up (a plain dict one after)."""

    def __missing__(self, text: str) -> str:
        form = self[text] = clean_form(text)
        return form


class ItemForms(NamedTuple):
    """A gold item's substitutes by clean spelling, as written, and by lower-cased spelling."""

    by_form: dict[str, str]
    written: frozenset[str]
    lowered: dict[str, str]


class CheckedFile:
    """One system file's lines, its gold, its kind and its clean report, with the look-ups every
    check shares."""

    def __init__(self, answers: Sequence[Answer], gold: Sequence[GoldItem], kind: str,
                 report: ScoreReport) -> None:
        self.lines = Lines(answers)
        self.gold = gold
        self.kind = kind
        self.report = report
        self.measure = PRIMARY_MEASURE[kind]
        #: A line matched to a gold item with another lexelt (``wild.n 160`` for
        #: ``wild.a.n 160``) -> that item's key; other lines' keys are their items'.
        self.matched_elsewhere: dict[tuple[str, str], tuple[str, str]] = {
            (m.system_lexelt, m.id): (m.gold_lexelt, m.id)
            for m in report.lexelt_mismatches if m.matched}
        #: Every line with another lexelt (matched or dropped) -> its gold item's key.
        self.every_mismatch: dict[tuple[str, str], tuple[str, str]] = {
            (m.system_lexelt, m.id): (m.gold_lexelt, m.id) for m in report.lexelt_mismatches}
        # What depends on the gold alone is kept with a prepared gold, so that the systems of a
        # league table derive it once between them.
        shared = getattr(gold, "memo", None)
        memo: dict[str, Any] = shared if shared is not None else {}
        self.memo = memo
        self.item_forms: dict[tuple[str, str], ItemForms | None] = memo.setdefault(
            "warnings.item_forms", {})
        self.spellings: Spellings = memo.setdefault("warnings.spellings", Spellings())

    def gold_key(self, key: tuple[str, str]) -> tuple[str, str]:
        """The key of the gold item a line with key ``key`` is scored for."""
        return self.matched_elsewhere.get(key, key)

    def spell(self, text: str) -> str:
        """clean_form, remembered: systems and golds repeat the same few thousand words."""
        return self.spellings[text]

    def spell_all(self, texts: Sequence[str]) -> list[str]:
        """``spell`` of each text (looked up in C: one interpreted call per new text only)."""
        return list(map(self.spellings.__getitem__, texts))

    def line_gold_keys(self) -> list[tuple[str, str]]:
        """Per line, the key of the gold item it concerns (its own, or that of the item with
        another lexelt it names)."""
        every_mismatch = self.every_mismatch
        if not every_mismatch:
            return self.lines.keys
        return [every_mismatch.get(key, key) for key in self.lines.keys]

    def forms_of(self, key: tuple[str, str]) -> ItemForms | None:
        """The gold substitutes of the item ``key`` (None without any), computed once per
        item."""
        if key in self.item_forms:
            return self.item_forms[key]
        item = self._gold_item(key)
        if item is None or not item.entries:
            self.item_forms[key] = None
            return None
        substitutes = [substitute for substitute, _ in item.entries]
        by_form = dict(zip(map(self.spellings.__getitem__, substitutes), substitutes,
                           strict=True))
        # Most gold forms are lower case already: the same table serves (and is kept once).
        joined = "\n".join(by_form)
        lowered = by_form if joined.lower() == joined else {
            form.lower(): gold for form, gold in by_form.items()}
        forms = self.item_forms[key] = ItemForms(by_form, frozenset(by_form.values()),
                                                  lowered)
        return forms

    def _gold_item(self, key: tuple[str, str]) -> GoldItem | None:
        """The gold item of key ``key`` (the first line of a repeated one); from a gold table,
        only the items asked for are made."""
        table = gold_table(self.gold)
        if table is None:
            return self._gold_by_key().get(key)
        rows: dict[tuple[str, str], int] | None = self.memo.get("warnings.gold_rows")
        if rows is None:
            keys = list(zip(table.lexelts, table.ids, strict=True))
            # Reversed, so that the first row of a repeated key is the one kept.
            rows = self.memo["warnings.gold_rows"] = dict(zip(
                reversed(keys), range(len(keys) - 1, -1, -1), strict=True))
        row = rows.get(key)
        return None if row is None else table[row]

    def _gold_by_key(self) -> dict[tuple[str, str], GoldItem]:
        """Each gold item by key (the first line of a repeated one), made when first needed:
        most files need a few items' spellings, if any."""
        by_key: dict[tuple[str, str], GoldItem] | None = self.memo.get("warnings.gold_by_key")
        if by_key is None:
            by_key = self.memo["warnings.gold_by_key"] = {}
            for item in self.gold:
                by_key.setdefault(item.key, item)
        return by_key

    def gold_spellings(self) -> GoldSpellings:
        """Every gold substitute by clean spelling, and the spellings by lower case (once per
        gold)."""
        memo = self.memo
        spellings = memo.get("warnings.gold_spellings")
        if spellings is None:
            # Every line of the gold, a repeated item's later lines too: an answer is judged
            # against more spellings than its item can have, never fewer.
            table = gold_table(self.gold)
            substitutes = (set(table.substitutes) if table is not None else
                           {substitute for item in self.gold for substitute, _ in item.entries})
            spellings = memo["warnings.gold_spellings"] = GoldSpellings(substitutes,
                                                                        self.spellings)
        return spellings


def gold_table(gold: Sequence[GoldItem]) -> GoldTable | None:
    """The table behind the gold (a reader's, or the one a prepared gold holds), if any."""
    if isinstance(gold, GoldTable):
        return gold
    items = getattr(gold, "items", None)
    return items if isinstance(items, GoldTable) else None


class Lines:
    """The system's lines as columns: per line its key and number (None where it has none),
    and every line's answers end to end (line k's at ``offsets[k]:offsets[k + 1]``). An
    AnswerTable's columns are taken as they are; a list of lines (weighted ones, or lines made
    in code) is read once into columns, and kept for the lines it hands out."""

    def __init__(self, answers: Sequence[Answer]) -> None:
        self.table = answers if isinstance(answers, AnswerTable) else None
        self.listed: Sequence[Answer] = () if self.table is not None else answers
        if self.table is not None:
            table = self.table
            self.keys = list(zip(table.lexelts, table.ids, strict=True))
            self.numbers: list[int | None] = [number or None for number in table.lines.tolist()]
            self.offsets = table.offsets
            self.answers = table.answers
        else:
            per_line = [line.answers for line in answers]
            self.keys = [line.key for line in answers]
            self.numbers = [line.line for line in answers]
            self.offsets = offsets_of(list(map(len, per_line)))
            self.answers = [answer for texts in per_line for answer in texts]

    def __len__(self) -> int:
        return len(self.keys)

    def answers_of(self, row: int) -> list[str]:
        return self.answers[int(self.offsets[row]):int(self.offsets[row + 1])]

    def row_of_answer(self) -> np.ndarray:
        """Each answer's line (its row)."""
        return np.repeat(np.arange(len(self.keys), dtype=np.int64), np.diff(self.offsets))

    def objects(self, rows: Sequence[int]) -> list[Answer]:
        """The lines ``rows`` as objects (SystemAnswer, or the listed lines themselves)."""
        if self.table is None:
            return [self.listed[row] for row in rows]
        table = self.table
        return [table[row] for row in rows]

    def rows(self, chosen: np.ndarray) -> Sequence[Answer]:
        """The lines where ``chosen`` is true, in order: an AnswerTable of them when the
        lines are one, so that rescoring takes them as columns too."""
        picked = np.flatnonzero(chosen)
        if self.table is None or not len(picked):
            return self.objects(picked.tolist())
        table = self.table
        starts = table.offsets[picked]
        lengths = table.offsets[picked + 1] - starts
        offsets = offsets_of(lengths)
        gather = (np.arange(int(offsets[-1]), dtype=np.int64)
                  + np.repeat(starts - offsets[:-1], lengths))
        every = table.answers
        rows = picked.tolist()
        return AnswerTable([table.lexelts[row] for row in rows], [table.ids[row] for row in rows],
                           table.lines[picked], offsets,
                           [every[position] for position in gather.tolist()])


class GoldSpellings:
    """The gold's substitutes as a whole (not per item): by clean spelling, and the clean
    spellings by lower case."""

    def __init__(self, substitutes: set[str], spell: Spellings) -> None:
        self.by_form: dict[str, list[str]] = {}
        self.forms_by_lower: dict[str, set[str]] = {}
        for substitute in substitutes:
            form = spell[substitute]
            self.by_form.setdefault(form, []).append(substitute)
            self.forms_by_lower.setdefault(form.lower(), set()).add(form)
