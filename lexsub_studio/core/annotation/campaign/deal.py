"""Dealing instances among annotators, and changing a deal without moving finished work.

``deal_instances`` gives every instance to ``per_instance`` different annotators with loads as
even as possible. ``kept`` names instances that stay where they are whatever happens (in a
campaign: the ones an annotator has answered); they count toward their instance's
``per_instance`` and toward their holder's load, and their holders may be people no longer
listed (they keep them but are given nothing new). Only the other slots are dealt, among the
listed annotators. ``current`` (who holds what now) lets a listed annotator stay on an unfinished
instance they hold; the last pass below may still move it to even the loads out.

The dealing visits instances in an order shuffled by the seed; each takes the least-loaded
annotators who do not hold it yet, ties broken first by how rarely the candidate already shares
instances with the instance's other holders (so that every pair of annotators gets items in
common, which pairwise agreement needs) and then by a seeded draw. With nothing kept this keeps
the loads within one of each other at every step. Kept work can unbalance the start (a newcomer
holds nothing while the others hold what they finished), so a last pass moves dealt (not kept)
instances from an annotator to one at least two below while the lower one does not hold the
instance yet: afterwards, whenever two listed annotators' loads differ by two or more, every
instance dealt to the higher one is already held by the lower one (kept work is what
stands in the way). Each move lowers the sum of the squared loads, so the pass ends. Dealing
again with the same names and overlap (whatever was finished since) moves nothing.

The same keys, names, overlap, seed and kept work always give the same deal.

``hand_over`` moves one annotator's unfinished instances to others, least loaded first.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

Key = tuple[str, str]


def deal_instances(keys: Sequence[Key], annotators: Sequence[str], per_instance: int,
                   seed: int, kept: Mapping[str, Iterable[Key]] | None = None,
                   current: Mapping[str, Iterable[Key]] | None = None
                   ) -> dict[str, list[Key]]:
    """Every holder's instances in the order of ``keys``: the listed annotators (in their
    order), then the unlisted holders of kept work (sorted by name). Kept instances that are not
    among ``keys`` are left out. ``current`` (who holds what now) lets a listed annotator keep
    an unfinished instance they hold while the loads allow it, so that dealing again with
    nothing changed moves nothing. Raises ValueError on an impossible request."""
    if not annotators:
        raise ValueError("at least one annotator is needed")
    if len(set(annotators)) != len(annotators):
        raise ValueError("annotator names must be distinct")
    if not 1 <= per_instance <= len(annotators):
        raise ValueError(f"annotators per instance must be between 1 and the number of "
                         f"annotators ({len(annotators)}), got {per_instance}")
    if len(set(keys)) != len(keys):
        raise ValueError("instance keys must be distinct")
    rng = random.Random(seed)
    count = len(annotators)
    index = {name: a for a, name in enumerate(annotators)}
    position_of = {key: position for position, key in enumerate(keys)}
    kept_positions = {name: sorted({position_of[key] for key in held if key in position_of})
                      for name, held in (kept or {}).items()}
    kept_total = [0] * len(keys)
    kept_listed: list[list[int]] = [[] for _ in keys]
    for name, positions in kept_positions.items():
        for position in positions:
            kept_total[position] += 1
            if name in index:
                kept_listed[position].append(index[name])
    load = [0] * count
    # Who shares how many instances with whom, kept only for the pairs that do share: a full
    # table is the square of the annotators (20,000 of them would need 3 GB), while the pairs
    # that meet are at most per_instance squared per instance.
    shared: list[dict[int, int]] = [{} for _ in range(count)]
    for holders in kept_listed:
        holders.sort()
        for a in holders:
            load[a] += 1
            _meet(shared, a, holders)
    chosen_for = _stays(keys, annotators, per_instance, kept_listed, kept_total, current or {})
    for position, stays in enumerate(chosen_for):
        for a in stays:
            load[a] += 1
            _meet(shared, a, kept_listed[position] + stays)
            for holder in kept_listed[position]:
                _meet(shared, holder, [a])
    order = list(range(len(keys)))
    rng.shuffle(order)
    for position in order:
        need = per_instance - kept_total[position] - len(chosen_for[position])
        if need <= 0:
            continue
        holders = kept_listed[position] + chosen_for[position]
        tiebreak = [rng.random() for _ in range(count)]
        chosen: list[int] = []
        taken = set(holders)
        # How often each candidate already shares instances with the instance's holders.
        meetings: dict[int, int] = {}
        for holder in holders:
            for partner, times in shared[holder].items():
                meetings[partner] = meetings.get(partner, 0) + times
        for _ in range(need):
            # The last element (the index) only repeats min's rule of taking the first of
            # equals, so the seed's deal is the one it has always been.
            best = min((load[a], meetings.get(a, 0), tiebreak[a], a)
                       for a in range(count) if a not in taken)[3]
            chosen.append(best)
            taken.add(best)
            for partner, times in shared[best].items():
                meetings[partner] = meetings.get(partner, 0) + times
        everyone = holders + chosen
        for a in chosen:
            load[a] += 1
            _meet(shared, a, everyone)
            for holder in holders:
                _meet(shared, holder, [a])
        chosen_for[position] += chosen
    _even_out(load, chosen_for, kept_listed)
    deal: dict[str, list[Key]] = {name: [] for name in annotators}
    for name in sorted(name for name in kept_positions if name not in index):
        deal[name] = []
    holders_at: list[list[str]] = [[] for _ in keys]
    for name, positions in kept_positions.items():
        for position in positions:
            holders_at[position].append(name)
    for position, chosen in enumerate(chosen_for):
        holders_at[position].extend(annotators[a] for a in chosen)
    for position, key in enumerate(keys):
        for name in holders_at[position]:
            deal[name].append(key)
    return deal


def _stays(keys: Sequence[Key], annotators: Sequence[str], per_instance: int,
           kept_listed: list[list[int]], kept_total: list[int],
           current: Mapping[str, Iterable[Key]]) -> list[list[int]]:
    """Per position, the listed annotators who hold it now without having finished it and may
    stay on it: as many as its open slots take, those holding least first (then by order)."""
    index = {name: a for a, name in enumerate(annotators)}
    position_of = {key: position for position, key in enumerate(keys)}
    holding: list[list[int]] = [[] for _ in keys]
    held_count = [0] * len(annotators)
    for name, held in current.items():
        if name not in index:
            continue
        for key in held:
            position = position_of.get(key)
            if position is not None and index[name] not in kept_listed[position]:
                holding[position].append(index[name])
                held_count[index[name]] += 1
    stays: list[list[int]] = []
    for position, holders in enumerate(holding):
        room = max(0, per_instance - kept_total[position])
        stays.append(sorted(holders, key=lambda a: (held_count[a], a))[:room])
    return stays


def _meet(shared: list[dict[int, int]], a: int, others: Iterable[int]) -> None:
    partners = shared[a]
    for b in others:
        if a != b:
            partners[b] = partners.get(b, 0) + 1


def _even_out(load: list[int], chosen_for: list[list[int]], kept_listed: list[list[int]]
              ) -> None:
    """Move newly dealt instances from an annotator to one at least two below who does not hold
    them, until no such move is left (see the module docstring)."""
    if not load or max(load) - min(load) <= 1:
        return
    count = len(load)
    given: list[dict[int, None]] = [{} for _ in range(count)]
    for position, chosen in enumerate(chosen_for):
        for a in chosen:
            given[a][position] = None
    moved = True
    while moved:
        moved = False
        lowest = min(load)
        for high in sorted(range(count), key=lambda a: (-load[a], a)):
            if load[high] - lowest < 2:
                break
            for position in list(given[high]):
                holders = set(chosen_for[position]) | set(kept_listed[position])
                candidates = [(load[b], b) for b in range(count)
                              if b not in holders and load[high] - load[b] >= 2]
                if not candidates:
                    continue
                low = min(candidates)[1]
                chosen_for[position][chosen_for[position].index(high)] = low
                del given[high][position]
                given[low][position] = None
                load[high] -= 1
                load[low] += 1
                moved = True
                lowest = min(load)
                if load[high] - lowest < 2:
                    break


# -- what a new deal changes ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealChange:
    """One annotator's share before and after a new deal."""

    annotator: str
    before: int
    #: instances held before and after (finished ones included).
    kept: int
    #: of those, the finished ones (which never move).
    finished: int
    given: int
    taken: int
    after: int
    listed: bool


def deal_changes(before: Mapping[str, Iterable[Key]], after: Mapping[str, Iterable[Key]],
                 finished: Mapping[str, Iterable[Key]], listed: Sequence[str]
                 ) -> list[DealChange]:
    """Per annotator holding anything before or after (the listed first, in their order; then
    the others by name): what stays, what is given, what is taken away."""
    names = list(listed) + sorted((set(before) | set(after)) - set(listed))
    changes = []
    for name in names:
        old, new = set(before.get(name, ())), set(after.get(name, ()))
        done = set(finished.get(name, ())) & old & new
        changes.append(DealChange(name, len(old), len(old & new), len(done), len(new - old),
                                  len(old - new), len(new), name in listed))
    return changes


# -- handing one annotator's work over --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Handover:
    #: target -> the instances it takes, in key order.
    moved: dict[str, list[Key]]
    #: instances of the source that no target could take (every target already holds them).
    left: list[Key]
    #: the source's finished instances, which stay theirs.
    kept: int


def hand_over(keys: Sequence[Key], holdings: Mapping[str, Iterable[Key]],
              finished: Iterable[Key], source: str, targets: Sequence[str]) -> Handover:
    """``source``'s unfinished instances (in the order of ``keys``), each to the least-loaded
    target not holding it yet (ties: the first in ``targets``). Raises ValueError when the
    source or a target holds nothing to go by (see the messages)."""
    if source in targets:
        raise ValueError(f"{source!r} cannot hand work over to themselves")
    if not targets:
        raise ValueError(f"nobody to take the work of {source!r}: name the annotators with "
                         "--to")
    if len(set(targets)) != len(targets):
        raise ValueError("a target annotator is named twice")
    held = {name: set(holdings.get(name, ())) for name in targets}
    load = {name: len(held[name]) for name in targets}
    rank = {name: number for number, name in enumerate(targets)}
    own = set(holdings.get(source, ()))
    done = set(finished) & own
    moved: dict[str, list[Key]] = {name: [] for name in targets}
    left = []
    for key in keys:
        if key not in own or key in done:
            continue
        free = [name for name in targets if key not in held[name]]
        if not free:
            left.append(key)
            continue
        taker = min(free, key=lambda name: (load[name], rank[name]))
        moved[taker].append(key)
        held[taker].add(key)
        load[taker] += 1
    return Handover({name: keys for name, keys in moved.items() if keys}, left, len(done))


def format_deal_changes(changes: Sequence[DealChange]) -> str:
    """The changes as a table, one line per annotator; people no longer listed are marked."""
    from lexsub_studio.core.present.text import aligned

    headers = ["annotator", "before", "finished", "kept", "given", "taken away", "after"]
    rows = [[change.annotator + ("" if change.listed else " (not listed)"),
             *(str(value) for value in (change.before, change.finished, change.kept,
                                        change.given, change.taken, change.after))]
            for change in changes]
    return aligned(headers, rows)
