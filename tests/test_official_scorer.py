# ruff: noqa: W291 -- the worked examples keep the trailing spaces the official scorer prints
"""The official-compatible scorer: the spec's worked examples verbatim, then one test per rule.

Spec: /work/shared/spec/official-scorer-behaviour.md (§3 and §4 are the worked examples).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lexsub_studio.core.scoring.official.scorer import (
    EXIT_GOLD_UNUSABLE,
    EXIT_OK,
    EXIT_UNDEFINED,
    EXIT_WRONG_KIND,
    run_official,
)

GOLD = b"""a.n 1 :: well-lit 3;light 1;
a.n 2 :: pn 2;xy 1;
b.v 3 :: go 2;run 1;
b.v 4 :: only 1;
c.a 5 :: don't 2;non-stop 1;happen 1;
c.a 6 :: upnorth 2;ok 1;
"""

BEST = b"""a.n 1 :: well lit;nope
this is not an answer line
b.v 3 :: go;go 
b.v 4 :: only
c.a 5 :: 
b.v 3 :: run
"""

OOT = b"""a.n 1 ::: well-lit;well lit;light;a;b;c;d;e;f;g;light
b.v 3 ::: run-x;go;go;go
c.a 5 ::: 
"""

MW_GOLD = b"a.n 1 :: take place 3;\nb.v 3 :: set up 2;set in 2;\nb.v 4 :: put off 2;\n"
MW_SYSTEM = b"a.n 1 :: take place\nb.v 4 :: \nb.v 5 :: cut up\n"


def score(system: bytes, gold: bytes, **options: object) -> bytes:
    run = run_official(system, gold, system_name="S", gold_name="G", **options)
    assert run.exit_code == EXIT_OK, run.stderr
    return run.stdout


# --- §3 and §4: the worked examples, verbatim -------------------------------------------------

def test_spec_best_final_verbose() -> None:
    assert score(BEST, GOLD, verbose=True) == b"""\
a.n Item 1 mode 'well-lit' : system 'well lit' wrong
a.n Item 1 credit 0.75 guesses 2 human responses 4: score is 0.75
Error in S on line 2
b.v Item 3 mode 'go' : system 'go'  correct
b.v Item 3 credit 0.666666666666667 guesses 2 human responses 3: score is 0.666666666666667
c.a Item 5 mode 'dont' : system 'go' wrong
c.a Item 5 credit 0 guesses 2 human responses 4: score is 0
Total = 3, attempted = 2
precision = 35.42, recall = 23.61
Total with mode 3 attempted 3
Mode precision = 33.33, Mode recall = 33.33
"""


def test_spec_best_trial_verbose() -> None:
    assert score(BEST, GOLD, verbose=True, release="trial") == b"""\
a.n Item 1 mode 'well-lit' : system 'well lit' wrong
a.n Item 1 credit 0.75 guesses 2 human responses 4: score is 0.75
Error in S on line 2
b.v Item 3 mode 'go' : system 'go'  correct
b.v Item 3 credit 0.666666666666667 guesses 2 human responses 3: score is 0.666666666666667
c.a Item 5 credit  guesses 0 human responses 2: score is 
Total = 5, attempted = 2
precision = 0.354, recall = 0.142
Total with mode 4 attempted 2
precision = 0.500, recall = 0.250
"""


def test_spec_oot_final_verbose() -> None:
    assert score(OOT, GOLD, task="oot", verbose=True) == b"""\
a.n Item 1 exceeded 10 guesses
a.n Item 1 mode 'well-lit'  not found
a.n Item 1 credit 1.75 human responses 4: score is 1.75
b.v Item 3 mode 'go'  found in guesses
b.v Item 3 credit 2 human responses 3: score is 2
c.a Item 5 mode 'dont'  not found
c.a Item 5 credit 0 human responses 4: score is 0
Total = 3, attempted = 2
precision = 187.50, recall = 125.00
Total with mode 3 attempted 3
precision = 33.33, recall = 33.33
"""


def test_spec_oot_trial_verbose() -> None:
    assert score(OOT, GOLD, task="oot", verbose=True, release="trial") == b"""\
a.n Item 1 mode 'well-lit'  found in guesses
a.n Item 1 credit 2 human responses 4: score is 2
b.v Item 3 mode 'go'  found in guesses
b.v Item 3 credit 2 human responses 3: score is 2
c.a Item 5 credit  human responses 2: score is 
Total = 5, attempted = 2
precision = 2.000, recall = 0.800
Total with mode 4 attempted 2
precision = 1.000, recall = 0.500
"""


MW_EXPECTED_FINAL = b"""\
a.n 1 human mode is take place system take place
b.v 4 human mode is put off system 
b.v 5 No MW found by annotators, system cut up
Total MWs in GS = 2, System found 2 of which 2 were genuine
Detection precision = 100.00, recall = 100.00
Number that matched GS
Identification precision = 50.00, recall = 50.00
"""


def test_spec_mw_final_verbose() -> None:
    assert score(MW_SYSTEM, MW_GOLD, task="mw", verbose=True) == MW_EXPECTED_FINAL


def test_spec_mw_trial_verbose() -> None:
    expected = (MW_EXPECTED_FINAL.replace(b"100.00", b"1.000").replace(b"50.00", b"0.500"))
    assert score(MW_SYSTEM, MW_GOLD, task="mw", verbose=True, release="trial") == expected


def test_without_verbose_only_errors_and_totals_print() -> None:
    assert score(BEST, GOLD) == b"""\
Error in S on line 2
Total = 3, attempted = 2
precision = 35.42, recall = 23.61
Total with mode 3 attempted 3
Mode precision = 33.33, Mode recall = 33.33
"""


def test_spec_example_arithmetic() -> None:
    """The final best figures of §3, by hand: item 1 credit 3/4 + 0 = 0.75 over 2 guesses =
    0.375; item 3 credit 2/3 ('go') + 0 ('go ' keeps its space) = 0.6667 over 2 = 0.3333; item 5
    reuses item 3's answers: credit 0. Sum 0.7083; attempted 2 -> 35.42%, |T| 3 -> 23.61%."""
    run = run_official(BEST, GOLD, system_name="S")
    totals = run.totals
    assert totals["score_sum"] == pytest.approx(0.75 / 2 + (2 / 3) / 2)
    assert totals["precision"] == pytest.approx((0.375 + 1 / 3) / 2)
    assert totals["recall"] == pytest.approx((0.375 + 1 / 3) / 3)
    assert (totals["total"], totals["attempted"]) == (3, 2)
    assert (totals["total_with_mode"], totals["mode_attempted"], totals["mode_hits"]) == (3, 3, 1)


def test_items_record_how_each_line_was_treated() -> None:
    items = run_official(BEST, GOLD).items
    assert sorted(items) == ["1", "3", "5"]
    first = items["1"]
    assert (first.lexelt, first.line, first.answers, first.credit) == ("a.n", 1, ["well lit",
                                                                              "nope"], 0.75)
    assert first.score == pytest.approx(0.375)
    assert (first.mode, first.mode_attempted, first.mode_hit) == ("well-lit", True, False)
    third = items["3"]
    assert third.raw_answer_text == "go;go " and third.answers == ["go", "go "]
    assert third.line == 3 and third.attempted
    reused = items["5"]
    assert reused.raw_answer_text == "" and reused.reused_from_line == 3
    assert reused.answers == ["go", "go "] and not reused.attempted and reused.credit == 0
    assert reused.human_responses == 4  # don't 2 + non-stop 1 + happen 1


def test_collecting_items_does_not_change_the_output() -> None:
    for task, system in (("best", BEST), ("oot", OOT), ("mw", MW_SYSTEM)):
        gold = MW_GOLD if task == "mw" else GOLD
        for release in ("final", "trial"):
            with_items = run_official(system, gold, task=task, release=release, verbose=True)
            without = run_official(system, gold, task=task, release=release, verbose=True,
                                   collect_items=False)
            assert with_items.stdout == without.stdout
            assert with_items.totals == without.totals
            assert without.items == {}


def test_streaming_writes_the_same_bytes(tmp_path) -> None:
    target = tmp_path / "out"
    with target.open("wb") as stream:
        run = run_official(BEST, GOLD, verbose=True, system_name="S", stream=stream)
    assert run.stdout == b""
    assert target.read_bytes() == score(BEST, GOLD, verbose=True)


def test_unknown_task_or_release_is_rejected() -> None:
    with pytest.raises(ValueError, match="task"):
        run_official(BEST, GOLD, task="weighted")
    with pytest.raises(ValueError, match="release"):
        run_official(BEST, GOLD, release="beta")


def test_exit_codes_are_distinct() -> None:
    assert len({EXIT_OK, EXIT_GOLD_UNUSABLE, EXIT_WRONG_KIND, EXIT_UNDEFINED}) == 4
    assert EXIT_UNDEFINED == 255  # what Perl's die exits with
    assert EXIT_GOLD_UNUSABLE == 1  # the input has errors; 3 is lexsub's internal error


def test_files_can_be_read_by_the_run_gold_first() -> None:
    # Given functions, the run reads the gold first (and can free it before reading the system
    # file); the result is the one the bytes give.
    gold = b"a.n 1 :: go 2;run 1;\n"
    system = b"a.n 1 :: go\n"
    order: list[str] = []

    def reader(name: str, data: bytes) -> Callable[[], bytes]:
        def read() -> bytes:
            order.append(name)
            return data
        return read

    lazily = run_official(reader("system", system), reader("gold", gold), verbose=True)
    assert order == ["gold", "system"]
    assert lazily == run_official(system, gold, verbose=True)
