"""Properties of the official scorer that hold whatever the data (hypothesis)."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.scoring.official.perl import perl_split
from lexsub_studio.core.scoring.official.release import final_answers, rewrite_answer
from lexsub_studio.core.scoring.official.scorer import EXIT_OK, run_official

WORDS = ["go", "run", "up", "well-lit", "well lit", "take place", "don't", "non-stop", "bright",
         "clever", "smart", "e-mail", "pn", "upnorth"]

counts = st.integers(min_value=1, max_value=5)
entries = st.lists(st.tuples(st.sampled_from(WORDS), counts), min_size=1, max_size=6)
answer_lists = st.lists(st.sampled_from([*WORDS, "", " ", "nope", "go "]), max_size=12)


@st.composite
def datasets(draw: st.DrawFn) -> tuple[list[bytes], bytes]:
    """Gold lines with unique ids (every first field has a count, as real golds do) and a
    system file answering some of them, unsorted, with blanks and junk."""
    size = draw(st.integers(min_value=1, max_value=12))
    gold_lines = []
    system_lines = []
    for ident in range(1, size + 1):
        fields = ";".join(f"{word} {count}" for word, count in draw(entries))
        gold_lines.append(f"x.n {ident} :: {fields};".encode())
        if draw(st.booleans()):
            answers = ";".join(draw(answer_lists))
            system_lines.append(f"x.n {ident} :: {answers}".encode())
    if draw(st.booleans()):
        system_lines.append(b"a line that is not an answer")
    order = draw(st.permutations(range(len(system_lines))))
    return gold_lines, b"\n".join(system_lines[i] for i in order) + b"\n"


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(datasets(), st.randoms(use_true_random=False), st.sampled_from(["best", "oot"]),
       st.sampled_from(["final", "trial"]))
def test_reordering_gold_lines_changes_nothing_when_ids_are_unique(
        data, random, task: str, release: str) -> None:
    gold_lines, system = data
    if task == "oot":
        system = system.replace(b" :: ", b" ::: ")
    shuffled = list(gold_lines)
    random.shuffle(shuffled)
    first = run_official(system, b"\n".join(gold_lines), task=task, release=release,
                         verbose=True)
    second = run_official(system, b"\n".join(shuffled), task=task, release=release,
                          verbose=True)
    assert (first.stdout, first.exit_code) == (second.stdout, second.exit_code)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(datasets(), st.sampled_from(["best", "oot"]), st.sampled_from(["final", "trial"]))
def test_figures_agree_with_the_items_behind_them(data, task: str, release: str) -> None:
    gold_lines, system = data
    if task == "oot":
        system = system.replace(b" :: ", b" ::: ")
    result = run_official(system, b"\n".join(gold_lines), task=task, release=release)
    totals = result.totals
    items = result.items.values()
    # The numerator is the sum of the item scores, added in file order.
    assert totals["score_sum"] == pytest.approx(sum(item.score or 0 for item in items))
    assert totals["attempted"] == sum(item.attempted for item in items)
    assert totals["mode_attempted"] == sum(item.mode_attempted for item in items)
    assert totals["mode_hits"] == sum(bool(item.mode_hit) for item in items)
    if totals["total"]:
        assert totals["recall"] == pytest.approx(totals["score_sum"] / totals["total"])
    if totals["attempted"]:
        assert totals["precision"] == pytest.approx(totals["score_sum"] / totals["attempted"])
    else:
        assert totals["precision"] is None and result.exit_code != EXIT_OK


@settings(max_examples=60, deadline=None)
@given(datasets(), st.sampled_from(["best", "oot"]), st.sampled_from(["final", "trial"]),
       st.booleans())
def test_items_and_streaming_never_change_the_printed_bytes(data, task: str, release: str,
                                                            verbose: bool) -> None:
    gold_lines, system = data
    gold = b"\n".join(gold_lines)
    plain = run_official(system, gold, task=task, release=release, verbose=verbose,
                         collect_items=False)
    stream = io.BytesIO()
    streamed = run_official(system, gold, task=task, release=release, verbose=verbose,
                            stream=stream)
    assert stream.getvalue() == plain.stdout
    assert streamed.exit_code == plain.exit_code


@settings(max_examples=60, deadline=None)
@given(counts, st.lists(counts, max_size=4), st.integers(min_value=1, max_value=10))
def test_official_oot_can_exceed_one(top: int, others: list[int], repeats: int) -> None:
    """Repeating the gold's first substitute k times earns k * count / H: above 1 as soon as
    k * count > H, which the official scorer allows (clean mode does not)."""
    fields = [("go", top)] + [(f"w{index}x", count) for index, count in enumerate(others)]
    human = sum(count for _, count in fields)
    if len(fields) == 1 and top == 1:
        return  # one response: not in T
    gold = ("a.n 1 :: " + ";".join(f"{word} {count}" for word, count in fields) + ";").encode()
    system = ("a.n 1 ::: " + ";".join(["go"] * repeats)).encode()
    result = run_official(system, gold, task="oot", release="trial")
    # trial keeps every answer: recall = repeats * top / H over |T| = 1.
    assert result.totals["recall"] == pytest.approx(repeats * top / human)
    # The credits are added as floats, one answer at a time, as the original adds them: nine
    # times 1/9 makes 1.0000000000000002, so only a sum that is not exactly H is compared.
    if repeats * top != human:
        assert (result.totals["recall"] > 1) == (repeats * top > human)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["non", "-", "'", ";", " ", "\t", "ab", "x", "no"]),
                max_size=14))
def test_final_answers_shortcut_equals_rewriting_each_answer(pieces: list[str]) -> None:
    """final_answers replaces hyphens in the whole text at once when it can; the result must be
    the per-answer rewrite of the original (non-x -> nonx, - -> space, first ' deleted)."""
    text = "".join(pieces).encode()
    assert final_answers(text) == [rewrite_answer(answer) for answer in perl_split(text)]
