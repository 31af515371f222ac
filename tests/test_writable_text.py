"""The quick tests of what an output format can hold say what the character-by-character
definitions say (the baselines' writable substitute, the weighted writer's white space)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.dataset.baselines.common import writable_substitute
from lexsub_studio.core.io.formats.weighted import COMMENT_MARK, _holds_other_white_space

#: White space of every kind, and the characters the formats refuse, drawn often.
AWKWARD = st.sampled_from(" \t\n\r\x0b\x0c\x1c\x85\xa0\u2028\u3000;_#")
TEXTS = st.text(alphabet=st.one_of(st.characters(), AWKWARD), max_size=12)


@settings(deadline=None, max_examples=400)
@given(TEXTS)
def test_other_white_space_is_any_white_character_but_the_space(text: str) -> None:
    assert _holds_other_white_space(text) == any(ch.isspace() and ch != " " for ch in text)


@settings(deadline=None, max_examples=400)
@given(TEXTS)
def test_writable_substitute_by_its_definition(text: str) -> None:
    expected = (bool(text.strip()) and text == text.strip()
                and not any(ch in text for ch in ";_\t\n\r")
                and not text.startswith(COMMENT_MARK))
    assert writable_substitute(text) == expected


def test_every_white_character_is_found() -> None:
    for code in range(0x3100):
        character = chr(code)
        assert _holds_other_white_space(f"a{character}b") == (character.isspace()
                                                               and character != " ")
