"""How the official scorer and clean scoring each read one gold line, entry by entry.

``--explain`` names gold-side causes of a difference with these readings: an entry the official
program reads as another substitute (``near  1`` is ``near `` to it, ``fish ' 1`` is ``fish ``),
one it cannot read (a one-letter entry, ``@card@``), one only one side removes (``nil``, ``PN``,
``upnorth`` under the final release), entries the clean spelling rule merges or empties, and why
an item is in one T and not in the other.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lexsub_studio.core.io.formats.gold import read_count
from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.rules import NOT_SUBSTITUTES
from lexsub_studio.core.scoring.clean import spelling
from lexsub_studio.core.scoring.official.release import Release, release_named

_WORD_START = re.compile(r"\w")


@dataclass(frozen=True, slots=True)
class EntryReading:
    """One ``;`` field of a gold line, as each side reads it."""

    #: The field as written (``near  1``), for quoting.
    text: str
    #: The clean substitute, spelled for comparison ("" when the spelling rule empties it);
    #: None when the clean reader cannot read the field (no count).
    clean: str | None
    clean_count: int
    #: The substitute as the official scorer stores it; None when it does not read the field
    #: or drops it.
    official: str | None
    official_count: int | float
    #: Why the official scorer has no substitute here ("" when it has one).
    official_gap: str = ""

    @property
    def clean_flag(self) -> bool:
        return self.clean is not None and self.clean.lower() in NOT_SUBSTITUTES

    @property
    def clean_counted(self) -> bool:
        """Whether clean scoring counts this entry as a response."""
        return bool(self.clean) and not self.clean_flag

    @property
    def written(self) -> str:
        """The substitute as written, without its count."""
        return self.text.strip().rsplit(None, 1)[0] if " " in self.text.strip() else \
            self.text.strip()


def gold_fields(item: GoldItem, gold_lines: Sequence[str] | None) -> list[str]:
    """The item's ``;`` fields as written (trailing empty fields dropped, as Perl splits), from
    its line of the gold file when given, else made again from the entries read."""
    rest = None
    if gold_lines is not None and item.line is not None and 0 < item.line <= len(gold_lines):
        text = gold_lines[item.line - 1]
        separator = text.find(" :: ")
        # Only the item's own line (a file with other line ends may number lines otherwise).
        if separator >= 0 and text[:separator].split()[-1:] == [item.id]:
            rest = text[separator + 4:]
    if rest is None:
        return [f"{substitute} {count}" for substitute, count in item.entries]
    rest = rest.rstrip(";")
    return rest.split(";") if rest else []


def read_entries(item: GoldItem, release: str,
                 gold_lines: Sequence[str] | None = None) -> list[EntryReading]:
    """Every field of the item's gold line, read by both sides."""
    rules = release_named(release)
    readings = []
    for field in gold_fields(item, gold_lines):
        parts = field.strip().rsplit(None, 1)
        clean: str | None = None
        clean_count = 0
        if len(parts) == 2 and parts[1].isdigit() and parts[1].isascii():
            clean = spelling.clean_form(parts[0])
            clean_count = read_count(parts[1])
        official, official_count, gap = _official_reading(field, rules)
        readings.append(EntryReading(field, clean, clean_count, official, official_count, gap))
    return readings


def perl_count(digits: bytes) -> int | float:
    """A count as the official program holds it: exact while short, else a double (Perl's
    reading; infinity past 1.8e308), never Python's refusal of 4,301 digits or more."""
    return int(digits) if len(digits) <= 18 else float(digits)


#: The official gap of an entry dropped for containing "pn" (final release).
PN_GAP = "it contains 'pn'"


def _official_reading(field: str, rules: Release,
                      ) -> tuple[str | None, int | float, str]:
    data = field.encode("utf-8")
    if rules.drops_pn_containing:
        if b"pn" in data:
            return None, 0, PN_GAP
    elif data == b"pn":
        return None, 0, "the trial release drops a field 'pn'"
    found = rules.fields.findall(data)
    if not found:
        return None, 0, _unreadable_because(field, rules)
    substitute, digits = found[0]
    if rules.drops_gold_apostrophe:
        substitute = substitute.replace(b"'", b"", 1)
    return substitute.decode("utf-8", "replace"), perl_count(digits), ""


def _unreadable_because(field: str, rules: Release) -> str:
    """Why the official field pattern (a word character, then one or more of word characters,
    hyphens, spaces and, in the final release, apostrophes; a space; digits) finds nothing."""
    written = field.strip().rsplit(None, 1)[0] if " " in field.strip() else field.strip()
    if not written:
        return "it is blank"
    if len(written) == 1:
        return "it has a single character, and the official scorer reads a substitute of two " \
               "characters or more only"
    if not _WORD_START.match(written):
        return f"it starts with '{written[0]}', and the official scorer reads a substitute " \
               "only from a letter or digit"
    accepted = "_-' \t" if rules.drops_gold_apostrophe else "_- \t"  # trial: no apostrophe
    odd = next((char for char in written if not (char.isalnum() or char in accepted)), None)
    if odd is not None:
        return f"it holds '{odd}', a character the official scorer does not read in a " \
               "substitute"
    return "the official field pattern finds no substitute and count in it"


def official_alike(reading: EntryReading) -> bool:
    """Whether both sides hold this entry as the same substitute with the same count (the
    official hyphen and apostrophe spellings are the clean rule's, for an answer)."""
    if reading.official is None:
        return not reading.clean_counted
    if not reading.clean_counted or reading.official_count != reading.clean_count:
        return False
    official = reading.official
    return (official == " ".join(official.split())
            and spelling.clean_form(official) == reading.clean)


def touches_mode(reading: EntryReading, readings: Sequence[EntryReading]) -> bool:
    """Whether an entry the sides read differently can make or cancel either side's mode: its
    count reaches the highest count of that side."""
    if official_alike(reading):
        return False
    official_top = max((r.official_count for r in readings if r.official is not None),
                       default=0)
    clean_top = max((r.clean_count for r in readings if r.clean_counted), default=0)
    return ((reading.official is not None and reading.official_count >= official_top)
            or (reading.clean_counted and reading.clean_count >= clean_top))


def entry_reason(reading: EntryReading) -> str | None:
    """The sentence that says how the two sides read this entry differently (None: alike)."""
    if official_alike(reading):
        return None
    quoted = f"gold entry '{reading.text.strip()}'"
    if reading.official is None:  # and clean scoring counts it (official_alike)
        if reading.official_gap == PN_GAP:
            return f"gold substitute '{reading.written}' contains 'pn'; the official scorer " \
                   "drops it"
        return f"{quoted} is not read by the official scorer ({reading.official_gap}); " \
               "clean scoring counts it"
    official = reading.official
    if reading.clean_flag:
        return (f"{quoted} is a flag, not a substitute: clean scoring removes it (in any case), "
                f"the official scorer counts it as '{official}'")
    if not reading.clean_counted:
        return (f"{quoted} is read by the official scorer as '{official}'; clean scoring "
                "removes it (nothing is left of it under the spelling rule)")
    if official != " ".join(official.split()):
        return (f"{quoted} is read by the official scorer as '{official}', spaces included, "
                f"which no answer matches; clean scoring reads '{reading.clean}'")
    if spelling.clean_form(official) != reading.clean:
        return (f"{quoted} is read by the official scorer as another word, '{official}'; "
                f"clean scoring reads '{reading.clean}'")
    return (f"{quoted} counts {reading.official_count} for the official scorer and "
            f"{reading.clean_count} for clean scoring")


def official_collisions(readings: Sequence[EntryReading]) -> dict[str, list[EntryReading]]:
    """Substitutes the official scorer reads from two or more entries of which clean scoring
    reads at least one as another substitute (``much, really 8`` beside ``really 9``: the
    official field pattern finds ``really`` in both). The official scorer keeps the count of
    the last of them, so the others add nothing to its H."""
    groups: dict[str, list[EntryReading]] = {}
    for reading in readings:
        if reading.official is not None:
            groups.setdefault(reading.official, []).append(reading)
    return {official: members for official, members in groups.items()
            if len(members) > 1 and any(
                member.clean_counted and spelling.clean_form(official) != member.clean
                for member in members)}


def collision_reason(official: str, members: Sequence[EntryReading]) -> str:
    """The sentence for one official_collisions group."""
    odd = [m for m in members if m.clean_counted and spelling.clean_form(official) != m.clean]
    first = odd[0]
    written = first.text.strip()
    why = "holds a comma: " if "," in first.written else ""
    others = ", ".join(f"'{m.text.strip()}'" for m in members if m is not first)
    last = members[-1]
    kept = (f"and keeps the last count, {last.official_count}"
            + (f" (of '{last.text.strip()}')" if last is not first else ""))
    clean = ", ".join(f"'{m.clean}'" for m in odd)
    return (f"gold entry '{written}' {why}the official scorer reads it as '{official}' "
            f"(count {first.official_count}), the substitute of {others} too, {kept}; clean "
            f"scoring reads {clean} as a substitute of its own")


def merged_entries(readings: Sequence[EntryReading]) -> dict[str, list[EntryReading]]:
    """Clean spellings shared by two or more counted entries (``well-lit``, ``well lit``)."""
    groups: dict[str, list[EntryReading]] = {}
    for reading in readings:
        if reading.clean_counted and reading.clean is not None:
            groups.setdefault(reading.clean, []).append(reading)
    return {form: members for form, members in groups.items() if len(members) > 1}


def merge_reason(form: str, members: Sequence[EntryReading], mode_note: str = "") -> str:
    """``mode_note``: what the merge does to the mode, when the modes differ ("the clean
    mode", "which changes the mode")."""
    listed = ", ".join(f"'{member.written}'" for member in members)
    total = sum(member.clean_count for member in members)
    mode = f", {mode_note}" if mode_note else ""
    return (f"gold entries {listed} are one substitute '{form}' under the clean spelling rule "
            f"(count {total}{mode}); the official scorer credits each with its own count")


def official_t_reason(item: GoldItem, release: str,
                      gold_lines: Sequence[str] | None = None) -> str | None:
    """Why the official scorer leaves the item out of its T (a line with one field whose
    count is not above 1, once it has dropped its 'pn' fields), as a clause after "the
    official scorer does not score line N:"; None when it puts the item in T."""
    rules = release_named(release)
    fields = gold_fields(item, gold_lines)
    dropped = [field for field in fields
               if (b"pn" in field.encode("utf-8") if rules.drops_pn_containing
                   else field == "pn")]
    kept = [field for field in fields if field not in dropped]
    first = rules.first_count.search(kept[0].encode("utf-8")) if kept else None
    if len(kept) > 1 or (first is not None and perl_count(first.group(1)) > 1):
        return None
    shown = ", ".join(f"'{field.strip()}'" for field in dropped)
    after = (f"once it drops the fields containing 'pn' ({shown}), " if dropped
             and rules.drops_pn_containing else f"once it drops {shown}, " if dropped else "")
    left = (f"one field, '{kept[0].strip()}', whose count is not above 1" if kept
            else "no field")
    return f"{after}the gold line has {left}, so the item is not in the official T"


def t_membership_reason(item: GoldItem, release: str,
                        gold_lines: Sequence[str] | None = None) -> str:
    """Why the official scorer puts the item in T while clean scoring does not."""
    readings = read_entries(item, release, gold_lines)
    responses = sum(r.clean_count for r in readings if r.clean_counted)
    removed = [r for r in readings if r.clean is not None and not r.clean_counted]
    unread = [r for r in readings if r.clean is None]
    parts = [f"the gold item has {responses} response{'s' if responses != 1 else ''} for clean "
             "scoring, fewer than 2, so it is not in its T"]
    for reading in removed:
        what = ("is a flag, not a substitute" if reading.clean_flag
                else "is empty under the spelling rule")
        parts.append(f"gold entry '{reading.text.strip()}' {what} and is removed")
    for reading in unread:
        parts.append(f"gold field '{reading.text}' has no count")
    fields = gold_fields(item, gold_lines)
    rule = ("a line with more than one field" if len(fields) > 1
            else "a line whose first count is above 1")
    note = (" (a blank field, such as the CR that ends a CRLF line, is one)"
            if len(fields) > 1 and any(not field.strip() for field in fields) else "")
    parts.append(f"the official scorer puts {rule} in T{note}")
    return "; ".join(parts)
