"""The shared rules (core/model/rules.py): T, the mode, the limits, the PoS tags; and that the
readers of gold lines (validate, statistics, clean scoring) all answer with them."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.dataset.stats import gold_item_figures
from lexsub_studio.core.io.formats.gold import GoldReadResult
from lexsub_studio.core.io.validate import summarise_gold
from lexsub_studio.core.model import rules
from lexsub_studio.core.model.data import GoldItem
from lexsub_studio.core.model.diagnostics import Diagnostics
from lexsub_studio.core.model.lemmas import dictionary_lemmas, known_word, lemmas_as
from lexsub_studio.core.scoring.clean.scorer import GoldPreparer, gold_mode

# --- hand-computed cases (spec §2, the official scorer's page §1) ------------------------------


def test_t_needs_two_pooled_substitutes_and_pn_is_not_one() -> None:
    assert rules.gold_item_in_t([("go", 2), ("run", 1)])
    assert rules.gold_item_in_t([("go", 2)])  # one substitute, two annotators
    assert not rules.gold_item_in_t([("only", 1)])
    # pn 2;xy 1: two annotators said "proper name", one gave a substitute.
    assert rules.pooled_responses([("pn", 2), ("xy", 1)]) == 1
    assert not rules.gold_item_in_t([("pn", 2), ("xy", 1)])
    assert not rules.gold_item_in_t([])


def test_the_mode_is_a_unique_highest_count_wherever_it_stands() -> None:
    assert rules.mode_of([("well-lit", 3), ("light", 1)]) == "well-lit"
    assert rules.mode_of([("a", 2), ("b", 2), ("c", 1)]) is None
    # Unsorted lines: the highest count wins, not the first entry.
    assert rules.mode_of([("a", 1), ("b", 2)]) == "b"
    assert rules.mode_of([("a", 2), ("b", 2), ("c", 3)]) == "c"
    # Jabbari et al.'s example H = {G:3, M:3, S:2, J:1, Ch:1} has no mode: G and M tie.
    assert rules.mode_of([("G", 3), ("M", 3), ("S", 2), ("J", 1), ("Ch", 1)]) is None
    assert rules.mode_of([]) is None


def test_a_mode_given_by_one_annotator_is_no_mode() -> None:
    # The multiword gold has no T: "take place 1" alone is one annotator's multiword.
    assert rules.mode_of([("take place", 1)]) is None
    assert rules.mode_of([("take place", 2), ("take part", 1)]) == "take place"
    assert rules.mode_of([("take place", 1)], min_frequency=1) == "take place"


def test_pn_never_competes_for_the_mode() -> None:
    assert rules.substitute_mode([("pn", 3), ("bright", 2), ("clever", 1)]) == "bright"
    assert rules.substitute_mode([("pn", 2), ("bright", 1)]) is None


def test_the_official_mode_trusts_the_order() -> None:
    assert rules.official_mode([("a", 1), ("b", 2)]) == "a"
    # Cancelled for good: a 2;b 1;c 2 has none, and so has a 2;b 2;c 1.
    assert rules.official_mode([("a", 2), ("b", 1), ("c", 2)]) is None
    assert rules.official_mode([("a", 2), ("b", 2), ("c", 1)]) is None
    assert rules.official_mode([("a", 3), ("b", 1)]) == "a"
    assert rules.official_mode([]) is None


def test_clean_scoring_keeps_the_official_mode_only_under_its_switch() -> None:
    unsorted = [("a", 1), ("b", 2)]
    assert gold_mode(unsorted, frozenset()) == "b"
    assert gold_mode(unsorted, frozenset({"unique-mode"})) == "a"


def test_the_limits_of_the_task() -> None:
    # Up to three substitutes per annotator (spec §1); best takes a ranking's first answer,
    # oot its first ten (the official scorer's page, "oot length").
    assert (rules.MAX_SUBSTITUTES, rules.BEST_LIMIT, rules.OOT_LIMIT) == (3, 1, 10)
    assert (rules.MIN_RESPONSES_IN_T, rules.MIN_MODE_FREQUENCY) == (2, 2)


def test_pos_letters_and_universal_tags_map_both_ways_in_the_order_tried() -> None:
    assert list(rules.UPOS_OF_POS.items()) == [("n", "NOUN"), ("v", "VERB"), ("a", "ADJ"),
                                               ("r", "ADV")]
    assert {rules.UPOS_OF_POS[letter]: letter for letter in "nvar"} == rules.POS_OF_UPOS


def test_the_lemma_dictionary_by_pos_letter() -> None:
    assert lemmas_as("mice", "n") == ("mouse",)
    assert "run" in dictionary_lemmas("ran").get("VERB", ())
    assert lemmas_as("ran", "n") == ()
    assert lemmas_as("ran", "x") == ()
    assert known_word("houses")
    assert not known_word("zqxvbnt")


# --- properties --------------------------------------------------------------------------------

_SUBSTITUTES = st.sampled_from(["bright", "clever", "smart", "vivid", "keen", "sharp", "pn"])
_LINES = st.lists(st.tuples(_SUBSTITUTES, st.integers(min_value=0, max_value=6)),
                  max_size=6, unique_by=lambda entry: entry[0])


def _mode_by_definition(entries: list[tuple[str, int]]) -> str | None:
    """The mode as spec §2 words it: exactly one substitute has the highest frequency, and more
    than one annotator gave it."""
    if not entries:
        return None
    highest = max(count for _, count in entries)
    leaders = [sub for sub, count in entries if count == highest]
    return leaders[0] if len(leaders) == 1 and highest >= 2 else None


@given(_LINES, st.randoms())
def test_mode_of_is_the_definition_and_ignores_the_order(entries: list[tuple[str, int]],
                                                           random) -> None:
    substitutes = [entry for entry in entries if entry[0] != "pn"]
    assert rules.substitute_mode(entries) == _mode_by_definition(substitutes)
    shuffled = list(entries)
    random.shuffle(shuffled)
    assert rules.substitute_mode(shuffled) == rules.substitute_mode(entries)


@given(_LINES)
def test_within_t_a_unique_top_is_always_given_twice(entries: list[tuple[str, int]]) -> None:
    substitutes = [entry for entry in entries if entry[0] != "pn"]
    if rules.gold_item_in_t(entries):
        assert rules.mode_of(substitutes, min_frequency=1) == rules.mode_of(substitutes)


@given(_LINES)
def test_on_a_sorted_line_the_official_mode_is_the_mode(entries: list[tuple[str, int]]) -> None:
    ordered = sorted((entry for entry in entries if entry[0] != "pn"), key=lambda e: -e[1])
    if ordered and ordered[0][1] >= rules.MIN_MODE_FREQUENCY:
        assert rules.official_mode(ordered) == rules.mode_of(ordered)


@settings(max_examples=60)
@given(st.lists(_LINES, max_size=8))
def test_the_array_form_agrees_with_mode_of(lines: list[list[tuple[str, int]]]) -> None:
    items = [[entry for entry in line if entry[0] != "pn" and entry[1] > 0] for line in lines]
    lengths = [len(entries) for entries in items]
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    entry_item = np.repeat(np.arange(len(items)), lengths).astype(np.int64)
    entry_local = np.concatenate([np.arange(n) for n in lengths] or [np.zeros(0)]).astype(np.int64)
    freq = np.array([count for entries in items for _, count in entries], dtype=np.int64)
    in_t = rules.items_in_t(np.array([sum(c for _, c in entries) for entries in items],
                                     dtype=np.int64))
    modes = rules.item_modes(freq, entry_item, entry_local, len(items), offsets, in_t)
    for entries, local, scored in zip(items, modes.tolist(), in_t.tolist(), strict=True):
        expected = rules.mode_of(entries) if scored else None
        assert (entries[local][0] if local >= 0 else None) == expected


@given(st.lists(_LINES, max_size=8))
def test_every_reader_of_a_gold_line_counts_t_and_modes_alike(
        lines: list[list[tuple[str, int]]]) -> None:
    # pn aside, the substitutes are plain words the clean spelling leaves as they are.
    items = [GoldItem("bright.a", str(number), line) for number, line in enumerate(lines)]
    in_t = [rules.gold_item_in_t(item.entries) for item in items]
    with_mode = [scored and rules.substitute_mode(item.entries) is not None
                 for item, scored in zip(items, in_t, strict=True)]

    summary = summarise_gold(GoldReadResult(items, Diagnostics(None)))
    assert (summary["items_in_T"], summary["items_with_mode"]) == (sum(in_t), sum(with_mode))

    figures = [gold_item_figures(item.entries) for item in items]
    assert [(f[2], f[3]) for f in figures] == list(zip(in_t, with_mode, strict=True))

    preparer = GoldPreparer(frozenset())
    for item, scored, has_mode in zip(items, in_t, with_mode, strict=True):
        prepared = preparer.prepare(item)
        assert prepared.in_t == scored
        if scored:
            assert (prepared.mode is not None) == has_mode
