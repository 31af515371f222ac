"""Annotator packages for a team: balanced seeded assignment, training items, checking returns."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.annotation.campaign.plan import (
    Training,
    assign,
    check_responses,
    format_check_report,
    package_file_name,
    parse_annotators,
    plan_campaign,
    read_campaign,
    subset_corpus,
    training_from_gold,
    write_campaign,
)
from lexsub_studio.core.model.data import Corpus, GoldItem, Instance, Lexelt, ResponseRow
from lexsub_studio.core.model.diagnostics import Diagnostics, InputError


def _corpus(sizes: dict[str, int]) -> Corpus:
    lexelts, number = [], 0
    for item, size in sizes.items():
        instances = []
        for _ in range(size):
            number += 1
            instances.append(Instance(str(number), "A bright idea .", 2, 8))
        lexelts.append(Lexelt(item, instances))
    return Corpus(lexelts)


def test_parse_annotators() -> None:
    assert parse_annotators("3") == ["annotator01", "annotator02", "annotator03"]
    assert parse_annotators("12")[-1] == "annotator12"
    assert parse_annotators(" amira , bruno  lee,chen") == ["amira", "bruno lee", "chen"]
    with pytest.raises(ValueError, match="given twice"):
        parse_annotators("amira,bruno,amira")
    with pytest.raises(ValueError, match="empty"):
        parse_annotators("amira,,bruno")
    with pytest.raises(ValueError, match="at least 1"):
        parse_annotators("0")


def test_assignment_hand_checked() -> None:
    keys = [("bright.a", str(n)) for n in range(1, 5)]
    assignment = assign(keys, ["a", "b", "c"], 2, seed=1)
    # 4 instances x 2 annotators = 8 slots over 3 annotators: loads 3, 3, 2 in some order.
    assert sorted(len(v) for v in assignment.values()) == [2, 3, 3]
    per_instance = Counter(key for keys_ in assignment.values() for key in keys_)
    assert per_instance == {key: 2 for key in keys}
    # Each list follows the corpus order.
    for chosen in assignment.values():
        assert chosen == sorted(chosen, key=keys.index)
    assert assign(keys, ["a", "b", "c"], 2, seed=1) == assignment
    # Every instance to every annotator when K equals the number of annotators.
    assert assign(keys, ["a", "b"], 2, seed=5) == {"a": keys, "b": keys}


def test_seed_changes_the_assignment_and_pairs_all_meet() -> None:
    keys = [("field.n", str(n)) for n in range(50)]
    names = ["a", "b", "c", "d", "e"]
    first = assign(keys, names, 2, seed=1)
    assert first != assign(keys, names, 2, seed=2)
    # 50 x 2 = 100 slots: exactly 20 each; the pair tie-break spreads the 50 instances over
    # the 10 pairs, so every pair of annotators shares items (5 each when perfectly even).
    assert {len(v) for v in first.values()} == {20}
    for x, y in combinations(names, 2):
        assert set(first[x]) & set(first[y]), (x, y)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 40), annotators=st.integers(1, 7), data=st.data(),
       seed=st.integers(0, 2**31))
def test_assignment_properties(n: int, annotators: int, data: st.DataObject, seed: int) -> None:
    k = data.draw(st.integers(1, annotators))
    keys = [("x.n", str(i)) for i in range(n)]
    names = [f"n{i}" for i in range(annotators)]
    assignment = assign(keys, names, k, seed)
    loads = [len(v) for v in assignment.values()]
    assert sum(loads) == n * k
    assert max(loads) - min(loads) <= 1
    for chosen in assignment.values():
        assert len(set(chosen)) == len(chosen)
    counts = Counter(key for chosen in assignment.values() for key in chosen)
    assert all(counts[key] == k for key in keys)
    assert assign(keys, names, k, seed) == assignment


def test_assignment_rejects_bad_overlap() -> None:
    with pytest.raises(ValueError, match="between 1 and"):
        assign([("x.n", "1")], ["a", "b"], 3, 0)
    with pytest.raises(ValueError, match="at least one"):
        assign([("x.n", "1")], [], 1, 0)


def test_package_file_names_are_safe_and_distinct() -> None:
    taken: set[str] = set()
    assert package_file_name("Ann Lee", taken) == "Ann_Lee.lexsubpkg"
    assert package_file_name("Ann/Lee", taken) == "Ann_Lee-2.lexsubpkg"
    assert package_file_name("...", taken) == "annotator.lexsubpkg"


def test_training_from_gold_moves_instances_out_of_the_assignment() -> None:
    corpus = _corpus({"bright.a": 3, "fair.a": 3})
    diagnostics = Diagnostics("train.gold")
    training = training_from_gold(corpus, [
        GoldItem("bright.a", "1", [("clever", 3), ("pn", 1), ("smart", 1)], line=1),
        GoldItem("bright.a", "99", [("vivid", 2)], line=2)], diagnostics)
    assert [d.code for d in diagnostics] == ["training-not-in-corpus"]
    assert training.references[("bright.a", "1")].substitutes == ("clever", "smart")
    plan = plan_campaign(corpus, ["a", "b", "c"], 2, 3, title="Round 1", training=training)
    # 6 instances, 1 of them training: 5 x 2 = 10 slots over 3 annotators: 4, 3, 3.
    assert plan.instances == 5 and plan.training_items == 1
    assert sorted(plan.loads().values()) == [3, 3, 4]
    for planned in plan.packages:
        assert ("bright.a", "1") not in planned.keys
        assert planned.package.training is not None
        assert [i.id for i in planned.package.training.lexelts[0].instances] == ["1"]
        assert planned.package.title == "Round 1"
    assert [d.code for d in plan.diagnostics] == ["training-instances"]


def test_subset_keeps_corpus_order_and_drops_empty_lexelts() -> None:
    corpus = _corpus({"bright.a": 2, "fair.a": 2})
    part = subset_corpus(corpus, [("fair.a", "4"), ("bright.a", "1")])
    assert [(lx.item, [i.id for i in lx.instances]) for lx in part.lexelts] == [
        ("bright.a", ["1"]), ("fair.a", ["4"])]


def test_written_packages_read_back(tmp_path: Path) -> None:
    corpus = _corpus({"bright.a": 4, "fair.a": 3})
    plan = plan_campaign(corpus, ["amira", "bruno", "chen"], 2, 11)
    paths = write_campaign(plan, tmp_path / "out")
    assert [p.name for p in paths] == ["amira.lexsubpkg", "bruno.lexsubpkg", "chen.lexsubpkg"]
    campaign = read_campaign(tmp_path / "out")
    assert campaign.given == {p.annotator: p.keys for p in plan.packages}
    assert not list(campaign.diagnostics)
    with pytest.raises(InputError, match="no annotator package"):
        read_campaign(tmp_path)


def _row(annotator: str, key: tuple[str, str], *subs: str) -> ResponseRow:
    return ResponseRow(key[0], key[1], annotator, tuple(subs))


def test_check_responses_hand_checked() -> None:
    k1, k2, k3, k4 = (("bright.a", str(n)) for n in range(1, 5))
    t1 = ("warm.a", "t1")
    rows = [
        _row("ann", k1, "clever"),
        _row("ann", k1, "smart"),          # a repeat: the first row counts
        _row("ann", k2),                   # blank: missing
        _row("ann", k4, "vivid"),          # not given to ann
        _row("ann", t1, "cosy"),           # a training item: counted apart
        _row("zed", k1, "clever"),
        _row("zed", k2, "vivid"),
        _row("bob", k3, "hopeful"),
    ]
    report = check_responses({"ann": [k1, k2, k3], "bob": [k3]}, rows, {"ann": {t1}})
    ann, bob = report.annotators
    assert ann.answered == [k1]
    assert ann.missing == [k2, k3] and ann.blank == [k2]
    assert ann.unexpected == [k4] and ann.training_rows == 1
    # 1 of 3 given answered.
    assert ann.percent == pytest.approx(100 / 3)
    assert bob.complete and bob.percent == 100.0
    assert report.unknown_annotators == {"zed": 2}
    assert report.rows == 8
    assert report.has_missing and report.has_unexpected
    text = format_check_report(report)
    assert "ann: missing bright.a 2, bright.a 3 (1 of them blank rows)" in text
    assert "ann: not given to them: bright.a 4" in text
    assert "zed: no package names this annotator; 2 row(s) unexpected" in text
    assert text.splitlines()[1].split() == ["ann", "3", "1", "2", "1", "33%"]


def test_training_corpus_with_references_goes_in_every_package() -> None:
    corpus = _corpus({"bright.a": 2})
    training_corpus = Corpus([Lexelt("warm.a", [Instance("t1", "A warm day .", 2, 6)])])
    training = Training(training_corpus)
    plan = plan_campaign(corpus, ["a", "b"], 1, 0, training=training)
    assert plan.training_items == 1 and plan.instances == 2
    assert all(p.package.training is training_corpus for p in plan.packages)
    assert sorted(plan.loads().values()) == [1, 1]
