"""How a response is counted once pooled: normalised, then merged with its accepted variants.

Every response (substitute or multiword) goes through ``normalise_response`` before it is counted:
trim, collapse inner whitespace runs to one space, lower-case unless the organiser keeps case;
a ``MergeMap`` then turns accepted variants into their canonical form. The agreement pool
(core/agreement/pool.py) and the gold (core/gold/) both count responses so, which is why the rule
lives here and not in core/gold/normalise.py, which suggests merges and reads merge map files.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class NormaliseOptions:
    """Switches of the response normalisation (§2 of the agreement spec)."""

    lowercase: bool = True


#: The default normalisation: trim, collapse whitespace, lower-case.
DEFAULT_OPTIONS = NormaliseOptions()


def normalise_response(text: str, options: NormaliseOptions = DEFAULT_OPTIONS) -> str:
    """Trim, collapse whitespace runs to one space and (by default) lower-case."""
    collapsed = " ".join(text.split())
    return collapsed.lower() if options.lowercase else collapsed


@dataclass(slots=True)
class MergeMap:
    """Accepted merges: a 2-column line applies everywhere, a 4-column line to one item.

    A merge is applied once (a canonical form that is itself a variant is not followed further:
    the map says exactly what becomes what; ``parse_merge_map_text`` warns about such chains).
    """

    everywhere: dict[str, str] = field(default_factory=dict)
    per_item: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.everywhere or self.per_item)

    def apply(self, text: str, key: tuple[str, str]) -> str:
        item_map = self.per_item.get(key)
        if item_map is not None:
            mapped = item_map.get(text)
            if mapped is not None:
                return mapped
        return self.everywhere.get(text, text)

    def __len__(self) -> int:
        return len(self.everywhere) + sum(len(m) for m in self.per_item.values())
