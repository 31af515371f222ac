"""A gold file read as each published GAP script reads it (docs/metrics.md, "Conventions").

The project's gold reader trims every entry and adds up the counts of a substitute given twice on
a line. The scripts do neither, and their GAP differs on real golds because of it:

- ``melamud`` (Melamud et al.'s lexsub GAP script): a line is split at ``::``; the text before
  is the item (lexelt and id), the text after is trimmed as a whole and split at ``;``. In each
  non-empty field the substitute is everything before the *last* space and the count what
  follows it, so ``near  1`` (two spaces) is the substitute ``near `` with its trailing space.
  A substitute given twice stays twice: both entries take a place in the ideal ranking, each
  with its own count, and an answer is credited with the count of the last one. With
  multiwords dropped, a substitute holding a space or a hyphen *as read* is dropped first (so
  ``near `` is dropped too). A later line for the same item replaces the earlier one.
- ``lexsubgen`` (LexSubGen's SemEval-2007 reader and GAP): a line is split at ``::`` and both
  parts trimmed; the item is keyed by its id; each non-empty field is trimmed and split at its
  last run of white space, so ``near  1`` is ``near``. The entries then become a dictionary:
  a substitute given twice keeps the place of its first entry and the count of its last.
  A second line with an id already read stops the script; it is skipped here and counted.

Fields a script cannot read (no count, a count that is not a number) stop the script with an
error; they are skipped here and counted, never silently.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lexsub_studio.core.model.data import GoldItem

#: The readings a convention can give its gold: the project's reader, or a script's.
GOLD_READINGS = ("project", "melamud", "lexsubgen")


@dataclass(slots=True)
class ScriptGoldLine:
    """One gold line as a script holds it: ``entries`` in the script's order, a repeated
    substitute as the script keeps it (twice for melamud, once for lexsubgen)."""

    lexelt: str
    id: str
    entries: list[tuple[str, float]]
    line: int


@dataclass(slots=True)
class ScriptGold:
    lines: list[ScriptGoldLine] = field(default_factory=list)
    #: What the script could not read or replaced, with how many.
    skipped: dict[str, int] = field(default_factory=dict)

    def skip(self, reason: str, count: int = 1) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + count


def script_multiword(substitute: str) -> bool:
    """Melamud et al.'s test of a multiword, on the substitute as read (not trimmed): it holds
    a space or a hyphen."""
    return " " in substitute or "-" in substitute


def _text_lines(text: str) -> list[tuple[int, str]]:
    pieces = text.split("\n")
    if pieces and pieces[-1] == "":
        pieces.pop()
    return [(number, piece) for number, piece in enumerate(pieces, start=1)]


def read_melamud_gold(text: str, *, drop_multiwords: bool) -> ScriptGold:
    gold = ScriptGold()
    by_key: dict[str, int] = {}
    for number, line in _text_lines(text):
        segments = line.split("::")
        if len(segments) < 2:
            gold.skip("lines without '::' (the script stops on them)")
            continue
        key = segments[0].strip()
        head = key.rsplit(None, 1)
        if len(head) != 2:
            gold.skip("lines without a lexelt and an id before '::'")
            continue
        entries: list[tuple[str, float]] = []
        for candidate_count in segments[1].strip().split(";"):
            if not candidate_count:
                continue
            space = candidate_count.rfind(" ")
            candidate = candidate_count[:space]
            if drop_multiwords and script_multiword(candidate):
                continue
            try:
                count = int(candidate_count[space:])
            except ValueError:
                gold.skip("gold entries without a count (the script stops on them)")
                continue
            entries.append((candidate, float(count)))
        parsed = ScriptGoldLine(head[0], head[1], entries, number)
        if key in by_key:
            gold.skip("gold lines repeating an earlier item (the later one counts, as in the "
                      "script)")
            gold.lines[by_key[key]] = parsed
        else:
            by_key[key] = len(gold.lines)
            gold.lines.append(parsed)
    return gold


def read_lexsubgen_gold(text: str) -> ScriptGold:
    gold = ScriptGold()
    seen: set[str] = set()
    for number, line in _text_lines(text):
        parts = [part.strip() for part in line.split("::")]
        if len(parts) < 2:
            gold.skip("lines without '::' (the script stops on them)")
            continue
        head = parts[0].rsplit(None, 1)
        if len(head) != 2:
            gold.skip("lines without a lexelt and an id before '::'")
            continue
        if head[1] in seen:
            gold.skip("gold lines repeating an earlier id (the script stops on them)")
            continue
        seen.add(head[1])
        table: dict[str, float] = {}
        for substitute_field in parts[1].split(";"):
            if not substitute_field:
                continue
            pair = substitute_field.strip().rsplit(None, 1)
            if not pair:
                continue
            try:
                count = float(pair[1]) if len(pair) == 2 else None
            except ValueError:
                count = None
            if count is None:
                gold.skip("gold entries without a count (the script stops on them)")
                continue
            # A dictionary: a repeated substitute keeps its first place and its last count.
            table[pair[0]] = count
        gold.lines.append(ScriptGoldLine(head[0], head[1], list(table.items()), number))
    return gold


def read_script_gold(text: str, reading: str, *, drop_multiwords: bool = False) -> ScriptGold:
    """``text`` read as the script ``reading`` names (``melamud`` or ``lexsubgen``)."""
    if reading == "melamud":
        return read_melamud_gold(text, drop_multiwords=drop_multiwords)
    if reading == "lexsubgen":
        return read_lexsubgen_gold(text)
    raise ValueError(f"unknown gold reading '{reading}'; expected one of "
                     f"{', '.join(GOLD_READINGS[1:])}")


def gold_text_of(items: Sequence[GoldItem]) -> str:
    """Gold items written back as gold lines, for a caller that has no gold text (the entries
    as the project's reader left them: trimmed, repeats merged)."""
    return "".join(f"{item.lexelt} {item.id} :: "
                   + "".join(f"{substitute} {count};" for substitute, count in item.entries)
                   + "\n" for item in items)
