"""The quick lemmas of the target labels and the readers' quick PoS are parse_lexelt's, whatever
the lexelt."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.model.data import POS_ALIASES, lexelt_pos, parse_lexelt
from lexsub_studio.gui.target_labels import lemmas, target_labels

PARTS = st.sampled_from(["", ".", "..", "bright", "spot", "a", "n", "v", "r", "x", "J", "N",
                         *POS_ALIASES])
LEXELTS = st.lists(PARTS, min_size=1, max_size=5).map("".join) | st.text(max_size=12)


@pytest.mark.slow
@settings(deadline=None, max_examples=400)
@given(st.lists(LEXELTS, max_size=20))
def test_quick_lemmas_are_the_parsed_lemmas(lexelts: list[str]) -> None:
    assert lemmas(lexelts) == [parse_lexelt(lexelt).lemma for lexelt in lexelts]


def test_shared_lemmas_are_numbered_in_corpus_order() -> None:
    labels = target_labels(["spot.n", "bright.a", "spot.v", "spot.n.v"], show_pos=False)
    assert labels == {"spot.n": "spot", "bright.a": "bright", "spot.v": "spot (2)",
                      "spot.n.v": "spot (3)"}
    assert target_labels(["spot.n", "spot.v"], show_pos=True) == {"spot.n": "spot.n",
                                                                  "spot.v": "spot.v"}


@settings(deadline=None, max_examples=400)
@given(LEXELTS)
def test_quick_pos_is_the_parsed_pos(lexelt: str) -> None:
    assert lexelt_pos(lexelt) == parse_lexelt(lexelt).pos
