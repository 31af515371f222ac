"""Dealing instances with finished work kept in place, and handing one annotator's work over."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.annotation.campaign.deal import (
    deal_changes,
    deal_instances,
    hand_over,
)

Key = tuple[str, str]
_LISTED = [f"ann{number}" for number in range(1, 8)]
_GONE = ["gone1", "gone2"]


Request = tuple[list[Key], list[str], int, int, dict[str, set[Key]], dict[str, set[Key]]]


@st.composite
def _requests(draw: st.DrawFn) -> Request:
    keys = [("word.n", str(number)) for number in range(draw(st.integers(0, 30)))]
    annotators = draw(st.lists(st.sampled_from(_LISTED), min_size=1, max_size=7, unique=True))
    per_instance = draw(st.integers(1, len(annotators)))
    seed = draw(st.integers(0, 2**32))
    holders = draw(st.lists(st.sampled_from(_LISTED + _GONE), max_size=6, unique=True))
    kept = {name: set(draw(st.lists(st.sampled_from(keys), unique=True))) if keys else set()
            for name in holders}
    current = {name: set(draw(st.lists(st.sampled_from(keys), unique=True))) if keys else set()
               for name in draw(st.lists(st.sampled_from(_LISTED + _GONE), unique=True))}
    return keys, annotators, per_instance, seed, kept, current


@pytest.mark.slow
@settings(deadline=None, max_examples=300)
@given(_requests())
def test_a_deal_keeps_finished_work_reaches_k_and_is_as_even_as_kept_work_allows(
        request: Request) -> None:
    keys, annotators, per_instance, seed, kept, current = request
    deal = deal_instances(keys, annotators, per_instance, seed, kept, current)
    # Kept work never moves; people no longer listed hold exactly their kept work.
    for name, held in kept.items():
        assert held <= set(deal[name])
        if name not in annotators:
            assert set(deal[name]) == held
    # Every instance has K distinct holders, or more where more than K finished it.
    for name, share in deal.items():
        assert len(share) == len(set(share)), name
        assert share == [key for key in keys if key in set(share)]  # in the keys' order
    holders = Counter(key for share in deal.values() for key in share)
    kept_holders = Counter(key for held in kept.values() for key in held)
    for key in keys:
        assert holders[key] == max(per_instance, kept_holders[key])
    # Loads: two listed annotators two or more apart only where the higher one's new work is
    # all held by the lower one already (finished work is what stands in the way).
    for high in annotators:
        for low in annotators:
            if len(deal[high]) >= len(deal[low]) + 2:
                newly = set(deal[high]) - kept.get(high, set())
                assert newly <= set(deal[low]), (high, low)
    # Determinism: the same request gives the same deal.
    assert deal_instances(keys, annotators, per_instance, seed, kept, current) == deal


@pytest.mark.slow
@settings(deadline=None, max_examples=200)
@given(_requests(), st.data())
def test_dealing_again_with_the_same_names_moves_nothing(request: Request,
                                                        data: st.DataObject) -> None:
    keys, annotators, per_instance, seed, kept, _ = request
    first = deal_instances(keys, annotators, per_instance, seed, kept)
    # Some of the dealt work was finished since; another seed changes nothing either.
    finished = {name: set(share) & set(data.draw(st.lists(st.sampled_from(keys), unique=True)))
                if keys else set() for name, share in first.items()}
    for name, held in kept.items():
        finished[name] = finished.get(name, set()) | held
    again = deal_instances(keys, annotators, per_instance, seed + 1, finished, current=first)
    assert again == first


@pytest.mark.slow
@settings(deadline=None, max_examples=100)
@given(_requests())
def test_without_kept_work_the_loads_are_within_one(
        request: Request) -> None:
    keys, annotators, per_instance, seed, _, _ = request
    loads = [len(share) for share in deal_instances(keys, annotators, per_instance,
                                                    seed).values()]
    assert max(loads) - min(loads) <= 1
    assert sum(loads) == per_instance * len(keys)


def test_a_newcomer_takes_the_unfinished_work_and_finished_work_stays() -> None:
    keys = [("word.n", str(number)) for number in range(20)]
    first = deal_instances(keys, ["a", "b", "c"], 2, seed=4)
    finished = {name: set(share[:-2]) for name, share in first.items()}  # two left each
    again = deal_instances(keys, ["a", "b", "c", "d"], 2, seed=4, kept=finished)
    for name in "abc":
        assert finished[name] <= set(again[name])
    assert sum(len(share) for share in again.values()) == 40
    # The newcomer, holding nothing, takes a slot of every instance left to finish.
    finished_holders = Counter(key for held in finished.values() for key in held)
    assert set(again["d"]) == {key for key in keys if finished_holders[key] < 2}


def test_dealing_refuses_an_impossible_request() -> None:
    with pytest.raises(ValueError, match="between 1 and the number of annotators"):
        deal_instances([("w.n", "1")], ["a"], 2, seed=1)
    with pytest.raises(ValueError, match="at least one annotator"):
        deal_instances([("w.n", "1")], [], 1, seed=1)


def test_the_changes_say_what_stays_what_comes_and_what_goes() -> None:
    one, two, three = ("w.n", "1"), ("w.n", "2"), ("w.n", "3")
    changes = deal_changes(before={"a": [one, two], "b": [three]},
                           after={"a": [one], "c": [two, three]},
                           finished={"a": [one]}, listed=["a", "c"])
    assert [(c.annotator, c.before, c.kept, c.finished, c.given, c.taken, c.after, c.listed)
            for c in changes] == [("a", 2, 1, 1, 0, 1, 1, True), ("c", 0, 0, 0, 2, 0, 2, True),
                                  ("b", 1, 0, 0, 0, 1, 0, False)]


@st.composite
def _handovers(draw: st.DrawFn) -> tuple[list[Key], dict[str, set[Key]], set[Key], list[str]]:
    keys = [("word.n", str(number)) for number in range(draw(st.integers(1, 25)))]
    holdings = {name: set(draw(st.lists(st.sampled_from(keys), unique=True)))
                for name in ["src", *_LISTED[:4]]}
    finished = set(draw(st.lists(st.sampled_from(keys), unique=True)))
    targets = draw(st.lists(st.sampled_from(_LISTED[:4]), min_size=1, unique=True))
    return keys, holdings, finished, targets


@pytest.mark.slow
@settings(deadline=None, max_examples=200)
@given(_handovers())
def test_a_handover_moves_only_unfinished_work_to_people_not_holding_it(
        case: tuple[list[Key], dict[str, set[Key]], set[Key], list[str]]) -> None:
    keys, holdings, finished, targets = case
    result = hand_over(keys, holdings, finished, "src", targets)
    unfinished = holdings["src"] - finished
    moved = [key for share in result.moved.values() for key in share]
    assert len(moved) == len(set(moved))
    assert set(moved) | set(result.left) == unfinished
    assert not set(moved) & set(result.left)
    for name, share in result.moved.items():
        assert name in targets and not set(share) & holdings[name]
    for key in result.left:
        assert all(key in holdings[name] for name in targets)
    assert result.kept == len(holdings["src"] & finished)
    # Least loaded first: no target ends two above another that could have taken its last one.
    loads = {name: len(holdings[name]) + len(result.moved.get(name, [])) for name in targets}
    for name, share in result.moved.items():
        last = share[-1]
        for other in targets:
            if last not in holdings[other] and last not in result.moved.get(other, []):
                assert loads[name] <= loads[other] + 1


def test_a_handover_without_anyone_to_take_it_is_refused() -> None:
    with pytest.raises(ValueError, match="nobody to take the work of 'amira'"):
        hand_over([("w.n", "1")], {"amira": {("w.n", "1")}}, set(), "amira", [])
    with pytest.raises(ValueError, match="themselves"):
        hand_over([("w.n", "1")], {"amira": {("w.n", "1")}}, set(), "amira", ["amira"])
