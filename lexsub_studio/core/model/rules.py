"""The rules every measure shares, each written once (spec §1, §2 and the official scorer's page).

- **T**, the items that are scored: those whose pooled substitutes (every annotator's answers
  together, ``pn`` and NIL excluded) number ``MIN_RESPONSES_IN_T`` or more.
- **The mode** of an item: the one substitute with the highest frequency, when exactly one has
  it and more than one annotator gave it (``MIN_MODE_FREQUENCY``). Within T the second condition
  never decides: a unique highest frequency of 1 would need the item's only response. It
  decides for the multiword gold, which has no T.
- The official scorer's own mode rule (the first entry, cancelled for good by a later entry
  with the same count), which clean scoring keeps under its ``unique-mode`` switch.
- How many answers a task takes: an annotator's substitutes, a ranking's best answer, oot's ten.
- The lexsub PoS letters and the universal PoS tags (UPOS) that SWORDS and lemminflect use.

Nothing here imports at module level: the official scorer reads its limits from here, and its
start-up must stay free of numpy (the array forms import it when called).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    import numpy as np

#: The gold entry for "the target is part of a proper name": not a substitute.
PROPER_NAME_ENTRY = "pn"
#: The gold entry for "no substitute fits": not a substitute either.
NIL_ENTRY = "nil"
#: Gold entries that are flags, not substitutes, which clean scoring removes: compared after
#: clean spelling and in lower case, because annotation tools and gold files write them as
#: ``pn``, ``PN``, ``NIL`` or ``Nil`` (docs/metrics.md, "pn and nil entries").
NOT_SUBSTITUTES = frozenset({PROPER_NAME_ENTRY, NIL_ENTRY})
#: T: an item is scored when its pooled substitutes number at least this many.
MIN_RESPONSES_IN_T = 2
#: A mode must have been given by at least this many annotators.
MIN_MODE_FREQUENCY = 2
#: The substitutes an annotator gives per instance, at most (the protocol, spec §1).
MAX_SUBSTITUTES = 3
#: The answers of a ranking (weighted system answers) that the best task scores.
BEST_LIMIT = 1
#: The answers the oot task scores, at most.
OOT_LIMIT = 10

#: The lexsub PoS letters and their universal PoS tags, in the order a word's PoS is tried
#: when the letter is not known (noun, verb, adjective, adverb).
UPOS_OF_POS: dict[str, str] = {"n": "NOUN", "v": "VERB", "a": "ADJ", "r": "ADV"}
POS_OF_UPOS: dict[str, str] = {upos: letter for letter, upos in UPOS_OF_POS.items()}


def in_t(pooled_responses: int) -> bool:
    """Whether an item with this many pooled substitutes is in T."""
    return pooled_responses >= MIN_RESPONSES_IN_T


def items_in_t(pooled_responses: np.ndarray) -> np.ndarray:
    """``in_t`` of many items at once: a boolean per item."""
    return pooled_responses >= MIN_RESPONSES_IN_T


def pooled_responses(entries: Iterable[tuple[str, int]]) -> int:
    """The size of a gold line's pooled multiset of substitutes: its counts, ``pn`` left out."""
    return sum(count for substitute, count in entries if substitute != PROPER_NAME_ENTRY)


def gold_item_in_t(entries: Iterable[tuple[str, int]]) -> bool:
    """Whether a gold line's item is in T (``pn`` is not a substitute)."""
    return in_t(pooled_responses(entries))


def mode_of(entries: Iterable[tuple[str, int]], *,
            min_frequency: int = MIN_MODE_FREQUENCY) -> str | None:
    """The substitute with the highest count, if exactly one has it wherever it stands and its
    count is at least ``min_frequency``; else None. Entries are (substitute, count) with
    distinct substitutes; ``pn`` entries must be left out by the caller where they are flags."""
    best_count = 0
    mode: str | None = None
    for substitute, count in entries:
        if count > best_count:
            best_count, mode = count, substitute
        elif count == best_count:
            mode = None
    return mode if best_count >= min_frequency else None


def substitute_mode(entries: Iterable[tuple[str, int]]) -> str | None:
    """The mode of a gold line, its ``pn`` entry left out."""
    return mode_of((substitute, count) for substitute, count in entries
                   if substitute != PROPER_NAME_ENTRY)


def official_mode(entries: Sequence[tuple[str, int]]) -> str | None:
    """The official scorer's mode: the first entry, cancelled for good by a later equal count.

    It assumes the line is sorted by count; on an unsorted line it is simply wrong, which is the
    ``unique-mode`` defect of clean scoring.
    """
    if not entries:
        return None
    mode, mode_count = entries[0]
    for _, count in entries[1:]:
        if count == mode_count:
            return None
    return mode


def unique_max(values: np.ndarray, entry_item: np.ndarray, entry_local: np.ndarray,
               n_items: int, entry_offsets: np.ndarray) -> np.ndarray:
    """Per item, the local id of the unique highest positive value; -1 if none or tied.
    The entries are grouped by item: item i's are at ``entry_offsets[i]:entry_offsets[i + 1]``
    (``entry_item`` says the same per entry). The array form of ``mode_of`` without its
    minimum frequency (leave-one-out agreement compares with a mode given once)."""
    import numpy as np

    top = _item_tops(values, n_items, entry_offsets)
    at_top = (values == top[entry_item]) & (values > 0)
    ties = np.bincount(entry_item[at_top], minlength=n_items)
    unique = at_top & (ties[entry_item] == 1)
    mode = np.full(n_items, -1, dtype=np.int64)
    mode[entry_item[unique]] = entry_local[unique]
    return mode


def _item_tops(values: np.ndarray, n_items: int, entry_offsets: np.ndarray) -> np.ndarray:
    """Per item the highest of its entries' values, 0 for an item without a positive one."""
    import numpy as np

    top = np.zeros(n_items, dtype=np.int64)
    starts = entry_offsets[:-1]
    filled = np.flatnonzero(entry_offsets[1:] > starts)
    if len(filled):
        top[filled] = np.maximum(np.maximum.reduceat(values, starts[filled]), 0)
    return top


def modes_of_items(freq: np.ndarray, entry_item: np.ndarray, entry_local: np.ndarray,
                   n_items: int, entry_offsets: np.ndarray) -> np.ndarray:
    """``mode_of`` of many items at once, in T or not: per item the local id of its unique
    highest frequency when that is ``MIN_MODE_FREQUENCY`` or more, else -1 (arguments as
    ``unique_max``'s)."""
    mode = unique_max(freq, entry_item, entry_local, n_items, entry_offsets)
    mode[_item_tops(freq, n_items, entry_offsets) < MIN_MODE_FREQUENCY] = -1
    return mode


def item_modes(freq: np.ndarray, entry_item: np.ndarray, entry_local: np.ndarray,
               n_items: int, entry_offsets: np.ndarray, in_t_items: np.ndarray) -> np.ndarray:
    """``mode_of`` of many items at once: per item the local id of its mode, -1 for an item
    without one or out of T (within T a unique highest frequency is always 2 or more, so only
    the items out of T need the minimum frequency)."""
    mode = unique_max(freq, entry_item, entry_local, n_items, entry_offsets)
    mode[~in_t_items] = -1
    return mode
