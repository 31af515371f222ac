"""Detection finds a file's item lines with one regular expression over the whole text
(detect.ITEM_LINE): the lines, separators and rests must be those that reading every line with
split_item_line gives, on usual and odd lines alike, so that every decision stays the same."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lexsub_studio.core.io.formats.detect import ITEM_LINE, detect_kind
from lexsub_studio.core.io.formats.itemline import LineProblem, split_item_line

DATA = Path(__file__).resolve().parents[1] / "data"
#: Pieces of lines: tokens, colon runs alone and glued, every kind of whitespace the line
#: reader and str.split() know, answers with counts.
PIECES = ["bright.a", "e commerce.J", "12", "::", ":::", "::::", ":", " ", "  ", "\t", "\r",
          "\u00a0", "\x0c", "a::b", ":x", "x:", "::y", "word 3;", "a;b", ";", "run 1;go 2"]


def _by_line(text: str) -> list[tuple[str, str]]:
    """The item lines as reading line by line finds them (separator, rest)."""
    found = []
    for line in text.split("\n"):
        line = line.rstrip("\r")
        if not line.strip():
            continue
        parsed = split_item_line(line)
        if not isinstance(parsed, LineProblem):
            found.append((parsed.separator, parsed.rest))
    return found


def _at_once(text: str) -> list[tuple[str, str]]:
    return [(separator, rest.rstrip("\r")) for separator, rest in ITEM_LINE.findall(text)]


def _random_line(rng: random.Random) -> str:
    """Random pieces; half of the lines start as item lines do, to be spoiled or not."""
    start = rng.choice(["w.n 7 ", "w.n 7 :: ", "w.n 7 ::: ", " w 7\t"]) if rng.random() < 0.5 \
        else ""
    return start + "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 9)))


@pytest.mark.parametrize("seed", range(20))
def test_random_lines_are_item_lines_exactly_when_split_item_line_says(seed: int) -> None:
    rng = random.Random(seed)
    text = "\n".join(_random_line(rng) for _ in range(500))
    assert _at_once(text) == _by_line(text)


@pytest.mark.parametrize("line", [
    "bright.a 1 :: vivid 2;", "bright.a 1 ::: a;b", "e commerce.J 125 :: shop 1",
    "a::b c :: x", "a b::: x", "a b :::: x", "a b ::x", "  a b :: ", "a :: b", ":: a b",
    "a b ::", "a\tb\t:::\tc", "a b : : x", "a b ::\r", "a b\r:: x", "x\u00a0y :: z",
    ":a b :: c", "a :b :: c", "a b :::\u00a0z",
])
def test_odd_lines(line: str) -> None:
    assert _at_once(line) == _by_line(line)
    assert _at_once(f"first 1 :: x\n{line}\r\nlast 2 ::: y") == _by_line(
        f"first 1 :: x\n{line}\r\nlast 2 ::: y")


def test_every_file_shipped_gives_the_same_item_lines() -> None:
    files = [path for path in DATA.rglob("*") if path.is_file()]
    assert len(files) >= 5
    for path in files:
        text = path.read_bytes().decode("utf-8", errors="replace")
        assert _at_once(text) == _by_line(text), path


def test_an_oot_file_whose_first_lines_are_best_lines_is_still_oot() -> None:
    text = "".join(f"w.n {n} :: a;b\n" for n in range(3))
    text += "".join(f"w.n {n} ::: a;b;c\n" for n in range(3, 10))
    assert detect_kind(text.encode()).kind == "oot"
    assert detect_kind(text.replace(":::", "::").encode()).kind == "best"
