"""IdRegistry (core/io/formats/itemline.py) says what a registry keyed by (lexelt, id) says:
the first line of a repeated item, and once per id the lexelt and line it was first given with
when another lexelt gives it again."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats.itemline import IdRegistry
from lexsub_studio.core.model.diagnostics import Diagnostics


class KeyedByPairs:
    """The plain model: a dict of (lexelt, id) pairs and one of ids."""

    def __init__(self) -> None:
        self.first: dict[tuple[str, str], int] = {}
        self.id_seen: dict[str, tuple[str, int]] = {}
        self.reported: set[str] = set()
        self.said: list[tuple[str, int]] = []

    def claim(self, lexelt: str, item_id: str, line: int) -> int | None:
        first = self.first.setdefault((lexelt, item_id), line)
        if first != line:
            return first
        seen = self.id_seen.setdefault(item_id, (lexelt, line))
        if seen[0] != lexelt and item_id not in self.reported:
            self.reported.add(item_id)
            self.said.append((f"{seen[0]}@{seen[1]}", line))
        return None


_CLAIM = st.tuples(st.sampled_from(["a.n", "b.v", "c.a"]), st.sampled_from("12345"))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_CLAIM, min_size=1, max_size=4), max_size=8))
def test_the_registry_says_what_a_registry_of_pairs_says(
        blocks: list[list[tuple[str, str]]]) -> None:
    model = KeyedByPairs()
    diagnostics = Diagnostics("f")
    registry = IdRegistry(diagnostics)
    line = 0
    for block in blocks:
        lines = list(range(line + 1, line + 1 + len(block)))
        line += len(block)
        for key, at in zip(block, lines, strict=True):
            assert registry.claim(*key, at) == model.claim(*key, at)
            for lexelt, item_id in {*model.first, key}:
                assert registry.first_line(lexelt, item_id) == model.first.get((lexelt, item_id))
    said = [(d.message.split("lexelt '")[1].split("'")[0] + "@"
             + d.message.split("on line ")[1].split(";")[0], d.line) for d in diagnostics]
    assert said == model.said
