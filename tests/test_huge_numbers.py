"""Numbers of hundreds or thousands of digits in any input: a message each, never a traceback.

309 digits are past the largest double (``float(int)`` raises OverflowError) and 4,301 past
what Python's ``int()`` reads from text (ValueError). The official-compatible scorer reads such
counts as Perl does (a double, infinity past 1.8e308); the clean readers refuse counts above
their limit with an error naming line and column.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.dataset.conll import parse_conll_text
from lexsub_studio.core.io.formats.gold import MAX_COUNT, parse_gold_text
from lexsub_studio.core.io.formats.responses import parse_responses_text
from lexsub_studio.core.io.formats.weighted import parse_weighted_text
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.scoring.official.scorer import EXIT_OK, run_official

PAST_DOUBLES = "9" * 309
PAST_INT_TEXT = "9" * 4301
HUGE = [PAST_DOUBLES, PAST_INT_TEXT]
DEMO_CORPUS = Path(__file__).resolve().parent.parent / "data" / "demo" / "demo.xml"


def _gold(count: str) -> str:
    return f"lamp.n 1 :: light {count};torch 2;\nlamp.n 2 :: bulb 3;light 1;\n"


# -- the official-compatible scorer: Perl's doubles ---------------------------------------------


@pytest.mark.parametrize("count", HUGE)
@pytest.mark.parametrize("release", ["final", "trial"])
@pytest.mark.parametrize("task, system", [("best", b"lamp.n 1 :: torch\nlamp.n 2 :: bulb\n"),
                                           ("oot", b"lamp.n 1 ::: torch\nlamp.n 2 ::: bulb\n")])
def test_official_scorer_reads_a_huge_count_as_perl_does(count: str, release: str, task: str,
                                                         system: bytes) -> None:
    result = run_official(system, _gold(count).encode(), task=task, release=release,
                          verbose=True, system_name="S", gold_name="G")
    assert result.exit_code == EXIT_OK, result.stderr
    printed = result.stdout.splitlines()
    # Perl: H = Inf + 2 = Inf; credit 2 / Inf = 0 for torch; the mode 'light' is Inf.
    item_1 = next(line for line in printed if b"Item 1 credit" in line)
    assert item_1.endswith(b"human responses Inf: score is 0")
    # Item 2 is ordinary: bulb earns 3 / 4.
    item_2 = next(line for line in printed if b"Item 2 credit" in line)
    assert item_2.endswith(b"credit 0.75 human responses 4: score is 0.75") or \
        item_2.endswith(b"credit 0.75 guesses 1 human responses 4: score is 0.75")


def test_official_scorer_two_infinite_counts_give_no_mode() -> None:
    # Both counts are Inf for Perl, so neither is larger: the item has no mode.
    gold = f"lamp.n 1 :: light {PAST_DOUBLES};torch {PAST_INT_TEXT};\nlamp.n 2 :: bulb 3;x 1;"
    result = run_official(b"lamp.n 1 :: light\nlamp.n 2 :: bulb\n", gold.encode())
    assert result.exit_code == EXIT_OK, result.stderr
    assert b"Total with mode 1 attempted 1" in result.stdout  # item 2 alone


def test_official_scorer_infinite_credit_prints_nan_figures() -> None:
    # An answer matching the infinite count earns Inf / Inf: Perl's NaN, which spreads to the
    # sum and prints as NaN.
    result = run_official(b"lamp.n 1 :: light\n", _gold(PAST_DOUBLES).encode(), verbose=True)
    assert result.exit_code == EXIT_OK, result.stderr
    assert b"credit NaN guesses 1 human responses Inf: score is NaN" in result.stdout
    assert b"precision = NaN" in result.stdout


@pytest.mark.parametrize("count", HUGE)
def test_official_multiword_gold_with_a_huge_count(count: str) -> None:
    gold = f"lamp.n 1 :: light up {count};switch on 2;\n".encode()
    result = run_official(b"lamp.n 1 :: light up\n", gold, task="mw")
    assert result.exit_code == EXIT_OK, result.stderr
    assert b"Identification precision = 100.00, recall = 100.00" in result.stdout


# -- the clean readers ---------------------------------------------------------------------------


@pytest.mark.parametrize("count", HUGE)
@pytest.mark.parametrize("multiword", [False, True])
def test_clean_gold_reader_refuses_a_huge_count_with_its_place(count: str,
                                                               multiword: bool) -> None:
    text = _gold(count).replace("light ", "light up ", 1) if multiword else _gold(count)
    result = parse_gold_text(text, "gold", multiword=multiword)
    [error] = result.diagnostics.errors
    assert (error.code, error.path, error.line) == ("count-too-large", "gold", 1)
    assert error.column == text.index(count) + 1
    assert f"{len(count):,} digits" in error.message and f"{MAX_COUNT:,}" in error.message
    assert len(error.message) < 400  # the digits are not all quoted
    assert result.items[0].entries == [("torch", 2)]
    assert result.stats["ignored_entries"] == 1


def test_clean_gold_reader_keeps_the_largest_count_and_refuses_one_more() -> None:
    text = f"a.n 1 :: b {MAX_COUNT};c {MAX_COUNT + 1};d 00000000000000000000000000003;\n"
    result = parse_gold_text(text)
    assert result.items[0].entries == [("b", MAX_COUNT), ("d", 3)]
    assert [d.code for d in result.diagnostics.errors] == ["count-too-large"]


def test_conll_token_id_of_thousands_of_digits_is_a_sequence_error() -> None:
    text = f"1\tA\ta\tDT\n{PAST_INT_TEXT}\tlamp\tlamp\tNN\n\n"
    result = parse_conll_text(text)
    [error] = result.diagnostics.errors
    assert (error.code, error.line) == ("token-id-sequence", 2)
    assert "4,301 digits" in error.message and "where 2 was expected" in error.message


def test_responses_version_of_thousands_of_digits_is_refused() -> None:
    text = (f"# lexsub-responses {PAST_INT_TEXT}\nlexelt\tid\tannotator\tsub1\tsub2\tsub3\t"
            "multiword\tnil\tproper_name\tcomment\tseconds\n")
    with pytest.raises(InputError) as raised:
        parse_responses_text(text, "r.tsv")
    assert raised.value.diagnostic.code == "bad-version"
    assert "4,301 digits" in raised.value.diagnostic.message


def test_weighted_weight_past_the_largest_double_is_said_to_be_too_large() -> None:
    result = parse_weighted_text(f"lamp.n 1 light/{PAST_DOUBLES} torch/0.5\n", "w")
    [error] = result.diagnostics.errors
    assert error.code == "bad-weight" and "too large" in error.message
    assert len(error.message) < 300


# -- every command on such files: a message, no traceback -----------------------------------------


@pytest.fixture(params=HUGE, ids=["309-digits", "4301-digits"])
def huge_gold(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    gold = tmp_path / "gold"
    gold.write_text(_gold(request.param), encoding="utf-8")
    return gold


@pytest.mark.parametrize("options", [[], ["-v"], ["--scorer", "trial"], ["--clean"],
                                     ["--metrics", "all"], ["--explain"],
                                     ["--explain", "--scorer", "trial"]])
def test_score_with_a_huge_gold_count_exits_normally(
        huge_gold: Path, tmp_path: Path, options: list[str],
        capsys: pytest.CaptureFixture[str]) -> None:
    system = tmp_path / "s.best"
    system.write_text("lamp.n 1 :: torch\nlamp.n 2 :: bulb\n", encoding="utf-8")
    assert main(["score", str(system), str(huge_gold), *options]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_validate_stats_and_compare_with_a_huge_gold_count(
        huge_gold: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one, two = tmp_path / "one.best", tmp_path / "two.best"
    one.write_text("lamp.n 1 :: torch\nlamp.n 2 :: bulb\n", encoding="utf-8")
    two.write_text("lamp.n 1 :: light\nlamp.n 2 :: light\n", encoding="utf-8")
    assert main(["validate", str(huge_gold)]) == 1  # an error in the file: the entry
    assert main(["stats", str(DEMO_CORPUS), str(huge_gold)]) == 1
    assert main(["compare", str(one), str(two), str(huge_gold), "--samples", "50"]) == 0
    err = capsys.readouterr().err
    assert "count-too-large" in err or "larger than" in err
    assert "Traceback" not in err


# -- the later benchmarks' readers ----------------------------------------------------------------


def test_coinco_freq_of_thousands_of_digits_is_a_bad_count() -> None:
    from test_format_benchmarks import COINCO

    from lexsub_studio.core.io.formats import coinco

    data = COINCO.replace('freq="3"', f'freq="{PAST_INT_TEXT}"').encode()
    result = coinco.read_coinco_bytes(data, "c.xml")
    messages = [d.message for d in result.diagnostics if d.code == "bad-count"]
    assert any(f"larger than {MAX_COUNT:,}" in message for message in messages)
    assert all(len(message) < 300 for message in messages)


def test_swords_json_numbers_of_thousands_of_digits_are_refused_where_they_stand() -> None:
    from lexsub_studio.core.io.formats import swords

    value = swords.parse_json_bytes(
        f'{{"t:1": [["smart", {PAST_INT_TEXT}], ["clever", 1]]}}'.encode(), "r.json")
    result, diagnostics = swords.swords_result_from_json(value, "r.json")
    assert [d.code for d in diagnostics] == ["bad-result"]
    assert "t:1" not in result.ranked


def test_adjudication_file_with_a_number_of_thousands_of_digits_is_refused_in_a_sentence() -> None:
    from lexsub_studio.core.gold.adjudication import FORMAT_NAME, parse_adjudication

    text = f'{{"format": "{FORMAT_NAME}", "version": {PAST_INT_TEXT}, "decisions": []}}'
    with pytest.raises(InputError) as raised:
        parse_adjudication(text, "decisions.json")
    assert raised.value.diagnostic.code == "bad-version"
