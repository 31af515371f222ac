"""The organiser's adjudication of a gold: every decision, who took it and when, and applying them.

Four kinds of decision, each on a list of items (a merge may also apply everywhere):

- ``merge``: responses written ``form`` count as ``into`` (a spelling correction is a merge on
  one item). Merges are normalisation: they are applied while pooling, so they change the
  agreement figures as well as the gold (docs/agreement.md, "Adjudication").
- ``drop`` / ``add``: remove a substitute from an item's gold line / put one in. An added form
  that the annotators gave gets back its pooled count; one nobody gave counts 1 (the organiser
  as one more annotator). They change the gold only.
- ``exclude`` / ``include``: leave an item out of the gold and the multiword gold / take it
  back. They change the gold only.

Decisions are a log, applied in order; a later decision on the same form and item overrides an
earlier one. The log is saved as an adjudication file (JSON, ``format``/``version``; see
docs/formats.md) beside the responses; ``lexsub gold --adjudication FILE`` and the GUI apply it
with the same functions here, so their gold files are byte-identical.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexsub_studio.core.gold.normalise import MergeMap
from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.diagnostics import InputError

if TYPE_CHECKING:
    from lexsub_studio.core.agreement.pool import PooledResponses
    from lexsub_studio.core.gold.assembly import GoldAssembly

FORMAT_NAME = "lexsub-adjudication"
FORMAT_VERSION = 1
#: The adjudication file the GUI keeps beside the responses files.
DEFAULT_FILE_NAME = "adjudication.lexsub.json"

MERGE, DROP, ADD, EXCLUDE, INCLUDE = "merge", "drop", "add", "exclude", "include"
KINDS = (MERGE, DROP, ADD, EXCLUDE, INCLUDE)
#: The kinds that change the pooled responses, hence agreement; the others change the gold only.
NORMALISING_KINDS = (MERGE,)

Key = tuple[str, str]


def now_text() -> str:
    """The current time as the file records it: ISO 8601, UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class Decision:
    """One adjudication step. ``items`` None means everywhere (merges only)."""

    kind: str
    items: tuple[Key, ...] | None
    form: str = ""
    into: str = ""
    #: why: "by hand", "spelling correction", or the proposal's reason ("typo", "case" ...).
    reason: str = ""
    who: str = ""
    when: str = ""

    def describe(self) -> str:
        """A short sentence for the undo history and the decision list."""
        where = ("everywhere" if self.items is None else
                 " ".join(self.items[0]) if len(self.items) == 1 else
                 f"{len(self.items)} items")
        if self.kind == MERGE:
            return f"merge '{self.form}' into '{self.into}' ({where})"
        if self.kind in (DROP, ADD):
            return f"{self.kind} '{self.form}' ({where})"
        return f"{self.kind} {where}"

    def to_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {"kind": self.kind}
        if self.kind in (MERGE, DROP, ADD):
            record["form"] = self.form
        if self.kind == MERGE:
            record["into"] = self.into
        record["items"] = ("everywhere" if self.items is None
                           else [list(key) for key in self.items])
        record.update(reason=self.reason, who=self.who, when=self.when)
        return record


@dataclass(slots=True)
class Adjudication:
    """The decisions, in the order taken."""

    decisions: list[Decision] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.decisions)

    def add(self, decision: Decision) -> None:
        check_decision(decision)
        self.decisions.append(decision)

    def remove(self, decision: Decision) -> None:
        """Take back the last decision equal to this one (undo)."""
        for index in range(len(self.decisions) - 1, -1, -1):
            if self.decisions[index] == decision:
                del self.decisions[index]
                return

    # -- what the decisions amount to -------------------------------------------------------

    def merge_map(self, base: MergeMap | None = None) -> MergeMap:
        """The merges as a merge map (on top of ``base``, e.g. a ``--map`` file): the last
        merge of a form in a scope wins, and chains are followed (``a`` into ``b``, then ``b``
        into ``c``: ``a`` ends as ``c``), so the map applied once gives what was decided."""
        merge_map = MergeMap(dict(base.everywhere) if base else {},
                             {key: dict(forms) for key, forms in base.per_item.items()}
                             if base else {})
        for decision in self.decisions:
            if decision.kind != MERGE:
                continue
            if decision.items is None:
                # "b into a" after "a into b" takes the earlier merge back rather than swapping.
                if merge_map.everywhere.get(decision.into) == decision.form:
                    del merge_map.everywhere[decision.into]
                merge_map.everywhere[decision.form] = decision.into
                # A merge everywhere replaces the same form's earlier per-item merges.
                for forms in merge_map.per_item.values():
                    forms.pop(decision.form, None)
            else:
                for key in decision.items:
                    forms = merge_map.per_item.setdefault(key, {})
                    if forms.get(decision.into) == decision.form:
                        del forms[decision.into]
                    forms[decision.form] = decision.into
        return _followed(merge_map)

    def excluded(self) -> set[Key]:
        excluded: set[Key] = set()
        for decision in self.decisions:
            if decision.kind in (EXCLUDE, INCLUDE) and decision.items is not None:
                if decision.kind == EXCLUDE:
                    excluded.update(decision.items)
                else:
                    excluded.difference_update(decision.items)
        return excluded

    def gold_edits(self) -> dict[Key, tuple[set[str], set[str]]]:
        """Per item the forms dropped and the forms added (a later decision undoes an
        earlier opposite one)."""
        edits: dict[Key, tuple[set[str], set[str]]] = {}
        for decision in self.decisions:
            if decision.kind not in (DROP, ADD) or decision.items is None:
                continue
            for key in decision.items:
                dropped, added = edits.setdefault(key, (set(), set()))
                if decision.kind == DROP:
                    dropped.add(decision.form)
                    added.discard(decision.form)
                else:
                    added.add(decision.form)
                    dropped.discard(decision.form)
        return edits

    def changes_gold_only(self) -> bool:
        return all(d.kind not in NORMALISING_KINDS for d in self.decisions)

    def has_gold_edits(self) -> bool:
        return any(d.kind not in NORMALISING_KINDS for d in self.decisions)


def _followed(merge_map: MergeMap) -> MergeMap:
    def follow(form: str, key: Key | None) -> str:
        seen = {form}
        current = form
        while True:
            nxt = merge_map.apply(current, key) if key is not None else \
                merge_map.everywhere.get(current, current)
            if nxt == current or nxt in seen:
                # A cycle (a into b, then b into a) ends at the last form decided.
                return nxt if nxt != form else current
            seen.add(nxt)
            current = nxt

    everywhere = {form: follow(form, None) for form in merge_map.everywhere}
    per_item = {key: {form: follow(form, key) for form in forms}
                for key, forms in merge_map.per_item.items()}
    result = MergeMap({f: c for f, c in everywhere.items() if f != c},
                      {key: {f: c for f, c in forms.items() if f != c}
                       for key, forms in per_item.items()})
    result.per_item = {key: forms for key, forms in result.per_item.items() if forms}
    return result


def check_decision(decision: Decision) -> None:
    """ValueError, in plain words, for a decision that cannot be applied."""
    if decision.kind not in KINDS:
        raise ValueError(f"unknown kind of decision '{decision.kind}' (expected one of "
                         + ", ".join(KINDS) + ")")
    if decision.items is None and decision.kind != MERGE:
        raise ValueError(f"a '{decision.kind}' decision needs the items it applies to")
    if decision.items is not None and not decision.items:
        raise ValueError(f"a '{decision.kind}' decision lists no item")
    if decision.kind in (MERGE, DROP, ADD):
        if not decision.form.strip():
            raise ValueError(f"a '{decision.kind}' decision needs the form it is about")
        if ";" in decision.form or decision.form != decision.form.strip():
            raise ValueError(f"'{decision.form}' cannot be a gold entry (a ';' or surrounding "
                             "spaces)")
    if decision.kind == MERGE:
        if not decision.into.strip() or ";" in decision.into \
                or decision.into != decision.into.strip():
            raise ValueError(f"'{decision.into}' cannot be a gold entry (empty, a ';' or "
                             "surrounding spaces)")
        if decision.into == decision.form:
            raise ValueError(f"'{decision.form}' would be merged into itself")


# --------------------------------------------------------------------------------------------
# Applying the decisions to the gold


def entry_order(entry: tuple[str, int]) -> tuple[int, str]:
    return (-entry[1], entry[0])


def apply_gold_decisions(gold: Iterable[GoldItem], adjudication: Adjudication,
                         ) -> list[GoldItem]:
    """The gold after drops, additions and exclusions (merges are already in the pooling)."""
    excluded = adjudication.excluded()
    edits = adjudication.gold_edits()
    seen: set[Key] = set()
    result = []
    for item in gold:
        seen.add(item.key)
        if item.key in excluded:
            continue
        entries = item.entries
        if item.key in edits:
            entries = _edited(entries, *edits[item.key])
        if entries:
            result.append(GoldItem(item.lexelt, item.id, entries))
    # Substitutes added on an item nobody gave a substitute for make a line of their own.
    for key, (_, added) in edits.items():
        if key not in seen and key not in excluded and added:
            result.append(GoldItem(key[0], key[1], sorted(((form, 1) for form in added),
                                                          key=entry_order)))
    return result


def _edited(entries: list[tuple[str, int]], dropped: set[str],
            added: set[str]) -> list[tuple[str, int]]:
    present = {form for form, _ in entries}
    kept = [(form, count) for form, count in entries if form not in dropped]
    kept += [(form, 1) for form in sorted(added - present)]
    return sorted(kept, key=entry_order)


def exclude_items(gold: Iterable[GoldItem], adjudication: Adjudication) -> list[GoldItem]:
    """The multiword gold after exclusions (drops and additions are about substitutes)."""
    excluded = adjudication.excluded()
    return [item for item in gold if item.key not in excluded]


def gold_file_text(items: Iterable[GoldItem]) -> str:
    from lexsub_studio.core.io.formats.gold import format_gold_line

    return "".join(format_gold_line(item) + "\n" for item in items)


def adjudicated_gold_texts(assembly: GoldAssembly, adjudication: Adjudication | None,
                           ) -> tuple[str, str]:
    """The gold file and multiword gold file texts after the adjudication (the pooling the
    assembly came from must have used ``adjudication.merge_map()``). The one function behind
    both the CLI and the GUI, so their files are byte-identical."""
    if adjudication is None or not adjudication.has_gold_edits():
        return assembly.gold_table.file_text(), assembly.multiword_table.file_text()
    return (gold_file_text(apply_gold_decisions(assembly.gold, adjudication)),
            gold_file_text(exclude_items(assembly.multiword_gold, adjudication)))


# --------------------------------------------------------------------------------------------
# Provenance


PROVENANCE_COLUMNS = ("lexelt", "id", "substitute", "count", "annotators", "added_by")


def provenance_csv(pooled: PooledResponses, gold: Iterable[GoldItem],
                   adjudication: Adjudication | None = None) -> str:
    """The gold as a CSV, one row per entry, with the annotators who gave it (space-separated,
    after merges; ``pn``: those who ticked proper name) and, for a substitute the organiser
    added, who added it."""
    from lexsub_studio.core.agreement.item_answers import entry_givers

    item_of_key = {key: index for index, key in enumerate(pooled.keys)}
    added_by: dict[tuple[Key, str], str] = {}
    for decision in (adjudication.decisions if adjudication else []):
        if decision.kind == ADD and decision.items is not None:
            for key in decision.items:
                added_by[(key, decision.form)] = decision.who or "organiser"
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(PROVENANCE_COLUMNS)
    for item in gold:
        index = item_of_key.get(item.key)
        sets = pooled.substitute_sets(index) if index is not None else []
        for form, count in item.entries:
            givers = entry_givers(pooled, index, form, sets) if index is not None else []
            who = added_by.get((item.key, form), "") if not givers else ""
            writer.writerow([item.lexelt, item.id, form, count, " ".join(givers), who])
    return buffer.getvalue()


# --------------------------------------------------------------------------------------------
# The file


def adjudication_text(adjudication: Adjudication) -> str:
    document = {"format": FORMAT_NAME, "version": FORMAT_VERSION,
                "decisions": [decision.to_json() for decision in adjudication.decisions]}
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def write_adjudication(adjudication: Adjudication, path: str | Path) -> None:
    from lexsub_studio.core.io.atomic import atomic_write_text

    atomic_write_text(path, adjudication_text(adjudication))


def read_adjudication(path: str | Path) -> Adjudication:
    from lexsub_studio.core.io.formats.textfile import read_input_bytes

    data = read_input_bytes(path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError.at(path, "not-utf8", "the adjudication file is not UTF-8 text",
                            line) from None
    return parse_adjudication(text, str(path))


def parse_adjudication(text: str, path: str = "<input>") -> Adjudication:
    """The decisions of an adjudication file; InputError, with the place, for anything wrong."""
    try:
        # A number of thousands of digits (int() refuses 4,301) is read as a double, and then
        # refused where a whole number is expected, as any wrong value is.
        document = json.loads(text, parse_int=lambda digits: int(digits) if len(digits) <= 4000
                              else float(digits))
    except json.JSONDecodeError as error:
        raise InputError.at(path, "bad-json", f"not a valid adjudication file: {error.msg}",
                            error.lineno, error.colno) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise InputError.at(path, "not-adjudication",
                            f"not an adjudication file (no \"format\": \"{FORMAT_NAME}\")")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise InputError.at(path, "bad-version", "the adjudication file has no version number")
    if version > FORMAT_VERSION:
        raise InputError.at(path, "newer-version",
                            f"the adjudication file is version {version}; this program reads "
                            f"version {FORMAT_VERSION}: update LexSub Studio")
    records = document.get("decisions")
    if not isinstance(records, list):
        raise InputError.at(path, "bad-decisions", "\"decisions\" must be a list")
    adjudication = Adjudication()
    for number, record in enumerate(records, start=1):
        try:
            adjudication.add(_decision_from_json(record))
        except ValueError as error:
            raise InputError.at(path, "bad-decision",
                                f"decision {number}: {error}") from None
    return adjudication


def _decision_from_json(record: object) -> Decision:
    if not isinstance(record, dict):
        raise ValueError("expected an object with \"kind\" and \"items\"")

    def text(name: str) -> str:
        value = record.get(name, "")
        if not isinstance(value, str):
            raise ValueError(f"\"{name}\" must be text")
        return value

    items_value = record.get("items")
    items: tuple[Key, ...] | None
    if items_value == "everywhere":
        items = None
    elif isinstance(items_value, list) and all(
            isinstance(key, list) and len(key) == 2 and all(isinstance(part, str)
                                                            for part in key)
            for key in items_value):
        items = tuple((lexelt, instance_id) for lexelt, instance_id in items_value)
    else:
        raise ValueError("\"items\" must be \"everywhere\" or a list of [lexelt, id] pairs")
    return Decision(text("kind"), items, text("form"), text("into"), text("reason"),
                    text("who"), text("when"))


def beside(paths: Sequence[str | Path]) -> Path | None:
    """Where the adjudication of these responses files is kept: in the first file's folder."""
    return Path(paths[0]).parent / DEFAULT_FILE_NAME if paths else None
