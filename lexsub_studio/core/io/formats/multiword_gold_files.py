"""Which multiword gold belongs to a gold file.

The task distributed its golds in pairs: ``gold.trial`` with ``mwgold.trial``, and later copies
as ``NAME`` with ``NAME.mw``. A multiword system file must be scored against the multiword gold
(its entries are multiwords with counts); scored against the ordinary gold it finds almost no
multiword and says nothing about it. So the pair is looked for by name first, then among the
files beside the gold that detect as a multiword gold, and an ambiguous folder gives no guess.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path

#: Names a multiword gold is given, as shell patterns (matched without regard to case).
MULTIWORD_GOLD_PATTERNS = ("mwgold*", "*.mwgold", "*.mw")


@dataclass(frozen=True, slots=True)
class MultiwordGoldMatch:
    """The multiword gold found for a gold file (None when there is none, or several), and why."""

    path: Path | None
    reason: str


def find_multiword_gold(gold_path: str | Path) -> MultiwordGoldMatch:
    gold = Path(gold_path)
    folder = gold.parent
    for partner in (f"{gold.name}.mw", f"mw{gold.name}", f"{gold.name}.mwgold"):
        candidate = folder / partner
        if candidate.is_file() and _is_multiword_gold(candidate):
            return MultiwordGoldMatch(candidate, f"named after {gold.name}")
    try:
        names = sorted(entry.name for entry in folder.iterdir() if entry.is_file())
    except OSError as error:
        return MultiwordGoldMatch(None, f"the folder {folder} cannot be listed "
                                        f"({error.strerror or error})")
    candidates = [folder / name for name in names
                  if name != gold.name and _has_multiword_gold_name(name)
                  and _is_multiword_gold(folder / name)]
    if len(candidates) == 1:
        return MultiwordGoldMatch(candidates[0], f"the only multiword gold beside {gold.name}")
    if not candidates:
        return MultiwordGoldMatch(None, f"no multiword gold ({', '.join(MULTIWORD_GOLD_PATTERNS)})"
                                        f" beside {gold.name}")
    listed = ", ".join(candidate.name for candidate in candidates)
    return MultiwordGoldMatch(None, f"several multiword golds beside {gold.name} ({listed}); "
                                    "choose one")


def _has_multiword_gold_name(name: str) -> bool:
    lowered = name.lower()
    return any(fnmatch.fnmatchcase(lowered, pattern) for pattern in MULTIWORD_GOLD_PATTERNS)


def _is_multiword_gold(path: Path) -> bool:
    """A system multiword file (``alpha.mw``) shares the name patterns: its lines carry no
    counts, so detection tells the two apart."""
    from lexsub_studio.core.io.formats.detect import detect_path
    from lexsub_studio.core.model.diagnostics import InputError

    try:
        return detect_path(path).kind == "mwgold"
    except (OSError, ValueError, InputError):
        return False
