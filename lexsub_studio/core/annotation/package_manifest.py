"""An annotator package's manifest: parsed within limits, every key checked for its type.

The manifest is written by ``write_package``; one that differs from what it writes was edited
by hand, damaged or made to mislead. Reading it never guesses: ``"show_pos": "false"`` is not
taken for true, ``"version": true`` not for 1, ``"substitutes": "cosy"`` not for four letters.
A key of the wrong type stops the opening with a sentence naming the key; a training entry of
the wrong shape is reported and left out, as a training entry naming an unknown instance is.

``"campaign"`` (optional, null or absent in packages of no campaign) names the team campaign the
package belongs to: ``{"url": "postgresql://host:5432/db?sslmode=require", "name": "part1"}``.
The URL never carries a user or a password (the annotator logs in with their own role, from the
invitation); a manifest whose URL holds one is refused, so a package can never leak one.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lexsub_studio.core.annotation.server_url import split_url
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError

PACKAGE_FORMAT = "lexsub-annotator-package"
PACKAGE_VERSION = 1
#: A number in the manifest longer than this is refused before it is converted (Python refuses
#: to convert integers of more than 4,300 digits, and a manifest only holds a small version).
MAX_NUMBER_DIGITS = 20
#: Unicode categories an annotator's name may not hold: control characters (a tab or a line
#: break would break the tab-separated responses file, others are invisible), line and paragraph
#: separators (which break lines for many readers), and lone surrogates (not writable as UTF-8).
_FORBIDDEN_NAME_CATEGORIES = {"Cc": "a control character", "Zl": "a line separator",
                              "Zp": "a paragraph separator", "Cs": "a lone surrogate"}


class PackageContentError(ValueError):
    """What a package was to hold cannot go into one (a name with a control character, a
    member larger than a reader accepts): raised before anything is written."""


def annotator_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name an annotator (it goes into every row of the responses file),
    or None when it can."""
    if not name.strip():
        return "it is empty or only spaces" if name else "it is empty"
    return control_character_problem(name)


def control_character_problem(text: str) -> str | None:
    """Why ``text`` cannot be a one-line name or title (what it holds), or None."""
    for character in text:
        what = _FORBIDDEN_NAME_CATEGORIES.get(unicodedata.category(character))
        if what:
            return f"it holds {what} (U+{ord(character):04X})"
    return None


@dataclass(frozen=True, slots=True)
class PackageCampaign:
    """The team campaign a package belongs to: its server's URL (no user, no password) and
    the campaign's name on that server."""

    url: str
    name: str


def package_campaign(url: str, name: str) -> PackageCampaign:
    """The campaign field for a package: ``url`` without its user and password (InputError
    when it is no PostgreSQL URL); PackageContentError for a name that cannot be one."""
    if not name.strip():
        raise PackageContentError("the campaign's name is empty")
    problem = control_character_problem(name)
    if problem:
        raise PackageContentError(f"the campaign's name {name!r} cannot be used: {problem}")
    return PackageCampaign(_without_user(split_url(url).url), name)


def _without_user(url: str) -> str:
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.partition('@')[2]}" if "@" in rest.split("/", 1)[0] else url


@dataclass(frozen=True, slots=True)
class Manifest:
    version: int
    title: str
    annotator: str
    show_pos: bool
    guidelines: str | None
    #: The training entries as found; ``training_entries`` checks each one.
    training: list[Any] = field(default_factory=list)
    campaign: PackageCampaign | None = None
    #: The member holding a judgement task (candidates to judge), or None.
    judgement_task: str | None = None


class _ManifestProblem(Exception):
    """Raised inside the JSON parser's hooks; becomes an InputError naming the manifest."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _ManifestProblem(f"it holds a number of {len(text.lstrip('-')):,} digits; its "
                               f"numbers have at most {MAX_NUMBER_DIGITS}")
    return int(text)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _ManifestProblem(f'it gives "{_shown(key)}" twice in one object; it cannot be '
                                   "known which is meant")
        result[key] = value
    return result


def parse_manifest(data: bytes, where: str) -> Manifest:
    """The manifest in ``data``; InputError (located at ``where``) when it cannot be used."""
    def refuse(message: str, code: str = "bad-manifest", line: int | None = None,
               column: int | None = None) -> InputError:
        return InputError.at(where, code, message, line, column)

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise refuse(f"the manifest is not UTF-8 text (byte 0x{data[error.start]:02x} at offset "
                     f"{error.start:,})") from error
    try:
        value = json.loads(text, parse_int=_integer, object_pairs_hook=_object)
    except json.JSONDecodeError as error:
        raise refuse(f"the manifest is not valid JSON: {error.msg}", line=error.lineno,
                     column=error.colno) from error
    except _ManifestProblem as error:
        raise refuse(f"the manifest cannot be read: {error}") from error
    except RecursionError as error:
        raise refuse("the manifest cannot be read: it is nested too deeply (a manifest is an "
                     "object holding lists of objects)") from error
    except ValueError as error:  # a number Python will not convert, however written
        raise refuse("the manifest cannot be read: it holds a number too long to convert"
                     ) from error
    if not isinstance(value, dict) or value.get("format") != PACKAGE_FORMAT:
        raise refuse(f'the manifest does not say "format": "{PACKAGE_FORMAT}"')
    version = value.get("version")
    if type(version) is not int or version < 1:
        raise refuse(f"the manifest's version must be a positive integer, got "
                     f"{_described(version)}")
    if version > PACKAGE_VERSION:
        raise refuse(f"package version {version} was written by a newer version of LexSub "
                     f"Studio (this one reads up to {PACKAGE_VERSION})", "package-too-new")

    def text_of(key: str, default: str = "") -> str:
        found = value.get(key)
        if found is None:
            return default
        if not isinstance(found, str):
            raise refuse(f'the manifest\'s "{key}" must be a string, got {_described(found)}')
        return found

    title = text_of("title")
    text_of("created")  # informative, but of its type all the same
    annotator = text_of("annotator")
    if annotator:
        problem = annotator_name_problem(annotator)
        if problem:
            raise refuse(f"the manifest's annotator name cannot be used: {problem}")
    problem = control_character_problem(title)
    if problem:
        raise refuse(f"the manifest's title cannot be used: {problem}")
    show_pos = value.get("show_pos", False)
    if type(show_pos) is not bool:
        raise refuse(f'the manifest\'s "show_pos" must be true or false, got '
                     f"{_described(show_pos)}")
    guidelines = value.get("guidelines")
    if guidelines is not None and not isinstance(guidelines, str):
        raise refuse(f'the manifest\'s "guidelines" must name a member or be null, got '
                     f"{_described(guidelines)}")
    training = value.get("training")
    if training is None:
        training = []
    if not isinstance(training, list):
        raise refuse(f'the manifest\'s "training" must be a list, got {_described(training)}')
    campaign = _campaign(value.get("campaign"), refuse)
    judgement_task = value.get("judgement_task")
    if judgement_task is not None and not (isinstance(judgement_task, str)
                                           and judgement_task.strip()):
        raise refuse(f'the manifest\'s "judgement_task" must name a member or be null, got '
                     f"{_described(judgement_task)}")
    return Manifest(version, title, annotator, show_pos, guidelines or None, training, campaign,
                    judgement_task)


def _campaign(found: Any, refuse: Callable[[str], InputError]) -> PackageCampaign | None:
    if found is None:
        return None
    if not isinstance(found, dict):
        raise refuse(f'the manifest\'s "campaign" must be an object or null, got '
                     f"{_described(found)}")
    for key in ("url", "name"):
        if not isinstance(found.get(key), str) or not found[key].strip():
            raise refuse(f'the manifest\'s "campaign" needs a "{key}" that is a non-empty '
                         f"string, got {_described(found.get(key))}")
    try:
        address = split_url(found["url"])
    except InputError as error:
        raise refuse(f'the manifest\'s campaign URL cannot be used: '
                     f"{error.diagnostic.message}") from None
    if address.password is not None or _without_user(address.url) != address.url:
        # Never echo it: the URL holds a secret it should not.
        raise refuse('the manifest\'s campaign URL holds a user or a password; a package '
                     "names only the server (each annotator logs in with their own role)")
    problem = control_character_problem(found["name"])
    if problem:
        raise refuse(f"the manifest's campaign name cannot be used: {problem}")
    return PackageCampaign(address.url, found["name"])


@dataclass(frozen=True, slots=True)
class TrainingEntry:
    #: The entry's place in the manifest's list, counted from 1, as messages name it.
    number: int
    lexelt: str
    id: str
    substitutes: tuple[str, ...]
    multiword: str
    note: str


def training_entries(entries: Sequence[Any], diagnostics: Diagnostics) -> list[TrainingEntry]:
    """The well-formed training entries; each other one is reported (with its number) and left
    out."""
    kept = []
    for number, entry in enumerate(entries, start=1):
        problem = _entry_problem(entry)
        if problem:
            diagnostics.error("bad-training", f"training entry {number} {problem}; ignored")
            continue
        kept.append(TrainingEntry(number, entry["lexelt"], entry["id"],
                                  tuple(entry.get("substitutes") or ()),
                                  entry.get("multiword") or "", entry.get("note") or ""))
    return kept


def _entry_problem(entry: Any) -> str | None:
    if not isinstance(entry, dict):
        return f"must be an object, got {_described(entry)}"
    for key in ("lexelt", "id"):
        if not entry.get(key):
            return "needs a lexelt and an id"
        if not isinstance(entry[key], str):
            return f'has a "{key}" that is not a string ({_described(entry[key])})'
    substitutes = entry.get("substitutes")
    if substitutes is not None and (not isinstance(substitutes, list)
                                    or not all(isinstance(s, str) for s in substitutes)):
        return f'has "substitutes" that are not a list of strings ({_described(substitutes)})'
    for key in ("multiword", "note"):
        if entry.get(key) is not None and not isinstance(entry[key], str):
            return f'has a "{key}" that is not a string ({_described(entry[key])})'
    return None


def _described(value: Any) -> str:
    """A value as a message shows it: its JSON type, and the value itself when short."""
    kinds = {bool: "true or false", int: "a number", float: "a number", str: "a string",
             list: "a list", dict: "an object", type(None): "null"}
    kind = kinds.get(type(value), type(value).__name__)
    if isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, str | int | float) and len(shown := json.dumps(value)) <= 40:
        return f"{kind} ({shown})" if isinstance(value, str) else shown
    return kind


def _shown(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"
