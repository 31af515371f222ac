"""One test per rule of the official scorer: the rows of "Where the releases differ" and the
bullets of §1 and §4 of /work/shared/spec/official-scorer-behaviour.md, arithmetic written out."""

from __future__ import annotations

import pytest

from lexsub_studio.core.present.perl_numbers import official_round, perl_number
from lexsub_studio.core.scoring.official.scorer import (
    EXIT_GOLD_UNUSABLE,
    EXIT_OK,
    EXIT_UNDEFINED,
    EXIT_WRONG_KIND,
    OfficialRun,
    run_official,
)


def run(system: bytes, gold: bytes, **options: object) -> OfficialRun:
    return run_official(system, gold, system_name="S", gold_name="G", **options)


def lines(system: bytes, gold: bytes, **options: object) -> list[bytes]:
    result = run(system, gold, **options)
    assert result.exit_code == EXIT_OK, result.stderr
    return result.stdout.splitlines()


# --- where the releases differ (one test per row) ---------------------------------------------

def test_pn_trial_removes_equal_fields_final_removes_containing_fields() -> None:
    gold = b"a.n 1 :: pn 2;upnorth 2;ok 1;\na.n 2 :: pn;good 2;"
    system = b"a.n 1 :: ok\na.n 2 :: good\n"
    # trial: 'pn 2' is not equal to 'pn', so item 1 keeps pn (2), upnorth (2), ok (1): H = 5,
    # credit for 'ok' 1/5 = 0.2 (mode 'pn' cancelled by upnorth's equal count, so no mode
    # line); item 2 loses 'pn', keeps good 2: credit 2/2 = 1.
    trial = run(system, gold, release="trial", verbose=True).stdout.splitlines()
    assert trial[0] == b"a.n Item 1 credit 0.2 guesses 1 human responses 5: score is 0.2"
    assert trial[2] == b"a.n Item 2 credit 1 guesses 1 human responses 2: score is 1"
    # final: every field containing 'pn' goes: item 1 is ok 1 alone (one field, count 1: not in
    # T); item 2 is good 2: credit 1. Total 1, precision 1/1.
    final = lines(system, gold)
    assert final[:2] == [b"Total = 1, attempted = 1", b"precision = 100.00, recall = 100.00"]


def test_final_rewrites_answers_trial_uses_them_as_written() -> None:
    gold = b"a.n 1 :: nonstop 2;well lit 1;dont 1;"
    system = b"a.n 1 :: non-stop;well-lit;don't\n"
    # final: 'non-stop' -> 'nonstop' (2/4), 'well-lit' -> 'well lit' (1/4), "don't" -> 'dont'
    # (1/4): credit 1 over 3 guesses.
    final = run(system, gold, verbose=True).stdout.splitlines()
    assert final[0] == b"a.n Item 1 mode 'nonstop' : system 'nonstop'  correct"
    assert final[1] == b"a.n Item 1 credit 1 guesses 3 human responses 4: score is 1"
    # trial: none of the three is spelled as in the gold: credit 0.
    trial = run(system, gold, verbose=True, release="trial").stdout.splitlines()
    assert trial[1] == b"a.n Item 1 credit 0 guesses 3 human responses 4: score is 0"


def test_final_non_rule_joins_only_at_the_start() -> None:
    gold = b"a.n 1 :: nonsense 2;x y 1;"
    # 'non sense' -> 'nonsense'; 'canon-x' only loses its hyphen.
    out = run(b"a.n 1 :: non sense;canon-x\n", gold, verbose=True).stdout.splitlines()
    assert out[1].startswith(b"a.n Item 1 credit 0.666666666666667 guesses 2")


def test_attempted_semicolon_alone_counts_in_trial_not_in_final() -> None:
    gold = b"a.n 1 :: go 2;run 1;\na.n 2 :: up 2;down 1;"
    system = b"a.n 1 :: ;\na.n 2 :: up\n"
    # trial: both lines have a non-space character: attempted 2; credit 0 + 2/3, precision
    # (2/3)/2 = 0.333. final: ';' splits into nothing: attempted 1, precision 66.67.
    assert lines(system, gold, release="trial")[:2] == [
        b"Total = 2, attempted = 2", b"precision = 0.333, recall = 0.333"]
    assert lines(system, gold)[:2] == [
        b"Total = 2, attempted = 1", b"precision = 66.67, recall = 33.33"]


def test_blank_text_trial_is_one_answer_of_spaces_final_reuses_previous_answers() -> None:
    gold = b"a.n 1 :: go 2;run 1;\na.n 2 :: go 3;up 1;"
    system = b"a.n 1 :: go;run\na.n 2 ::  \n"
    trial = run(system, gold, verbose=True, release="trial").stdout.splitlines()
    # trial: item 2's text ' ' is one answer ' ': credit 0, 1 guess, not attempted.
    assert trial[2:4] == [b"a.n Item 2 mode 'go' : system ' ' wrong",
                          b"a.n Item 2 credit 0 guesses 1 human responses 4: score is 0"]
    assert trial[4] == b"Total = 2, attempted = 1"
    final = run(system, gold, verbose=True).stdout.splitlines()
    # final: item 2 reuses 'go;run': credit 3/4 + 0 = 0.75, 2 guesses, mode hit, not attempted.
    assert final[2:4] == [b"a.n Item 2 mode 'go' : system 'go'  correct",
                          b"a.n Item 2 credit 0.75 guesses 2 human responses 4: score is 0.75"]
    # precision = (1/2 [item 1: (2/3 + 1/3) / 2] + 0.375) / 1 attempted = 87.50;
    # recall = 0.875 / 2 = 43.75; mode: 2 hits of 2 attempted.
    assert final[4:] == [b"Total = 2, attempted = 1", b"precision = 87.50, recall = 43.75",
                         b"Total with mode 2 attempted 2",
                         b"Mode precision = 100.00, Mode recall = 100.00"]


def test_final_text_splitting_into_nothing_is_not_reused_but_becomes_the_one_to_reuse() -> None:
    gold = b"a.n 1 :: go 2;run 1;\na.n 2 :: go 3;up 1;\na.n 3 :: go 2;xx 1;"
    system = b"a.n 1 :: go\na.n 2 :: ;;\na.n 3 :: \n"
    result = run(system, gold, verbose=True)
    # Item 2 has no answers (nothing printed); item 3 reuses item 2's empty list: nothing either.
    assert result.stdout.splitlines()[2:4] == [b"Total = 3, attempted = 1",
                                               b"precision = 66.67, recall = 22.22"]
    assert result.items["3"].reused_from_line == 2 and result.items["3"].answers == []


def test_mode_attempted_trial_every_scored_line_final_only_with_answers() -> None:
    gold = b"a.n 1 :: go 2;run 1;\na.n 2 :: up 2;down 1;"
    system = b"a.n 1 :: ;\na.n 2 :: up\n"
    assert lines(system, gold, release="trial")[2] == b"Total with mode 2 attempted 2"
    assert lines(system, gold)[2] == b"Total with mode 2 attempted 1"


def test_best_mode_hit_trial_accepts_answer_hyphens_final_needs_exact_mode() -> None:
    gold = b"a.n 1 :: well lit 2;xx 1;\na.n 2 :: well-lit 2;xx 1;"
    system = b"a.n 1 :: well-lit\na.n 2 :: well-lit\n"
    # trial: item 1 'well-lit' -> 'well lit' equals the mode; item 2 equals it as written.
    assert lines(system, gold, release="trial")[3] == b"precision = 1.000, recall = 1.000"
    # final: answers become 'well lit'; item 1 hits, item 2's mode keeps its hyphen: never hit.
    assert lines(system, gold)[3] == b"Mode precision = 50.00, Mode recall = 50.00"


def test_oot_mode_hit_trial_accepts_mode_with_spaces_final_needs_exact() -> None:
    gold = b"a.n 1 :: well-lit 2;xx 1;"
    system = b"a.n 1 ::: x;well lit\n"
    assert lines(system, gold, task="oot", release="trial")[3] == \
        b"precision = 1.000, recall = 1.000"
    assert lines(system, gold, task="oot")[3] == b"precision = 0.00, recall = 0.00"


def test_oot_final_keeps_ten_answers_and_says_so_once() -> None:
    gold = b"a.n 1 :: kk 2;ok 1;\na.n 2 :: kk 3;zz 1;"
    answers = b";".join(b"a%d" % i for i in range(10)) + b";kk"
    system = b"a.n 1 ::: " + answers + b"\na.n 2 ::: \n"
    final = run(system, gold, task="oot", verbose=True).stdout.splitlines()
    # The 11th answer 'kk' is cut: credit 0. Item 2 reuses the cut list: no second message.
    assert final.count(b"a.n Item 1 exceeded 10 guesses") == 1
    assert not any(b"Item 2 exceeded" in line for line in final)
    assert b"a.n Item 1 credit 0 human responses 3: score is 0" in final
    # trial keeps all 11: 'kk' earns 2/3.
    trial = run(system, gold, task="oot", verbose=True, release="trial").stdout.splitlines()
    assert b"a.n Item 1 credit 0.666666666666667 human responses 3: " \
           b"score is 0.666666666666667" in trial


def test_verbose_item_lines_trial_for_every_scored_line_final_only_with_answers() -> None:
    gold = b"a.n 1 :: go 2;xx 1;"
    system = b"a.n 1 :: ;\n"
    trial = run(system, gold, verbose=True, release="trial").stdout.splitlines()
    assert trial[:2] == [b"a.n Item 1 mode 'go' : system '' wrong",
                         b"a.n Item 1 credit  guesses 0 human responses 3: score is "]
    final = run(system, gold, verbose=True)
    assert final.exit_code == EXIT_UNDEFINED  # nothing attempted
    assert final.stdout == b""


def test_best_fourth_line_differs() -> None:
    gold = b"a.n 1 :: go 2;xx 1;"
    system = b"a.n 1 :: go\n"
    assert lines(system, gold)[3] == b"Mode precision = 100.00, Mode recall = 100.00"
    assert lines(system, gold, release="trial")[3] == b"precision = 1.000, recall = 1.000"
    # oot prints 'precision = ...' in both releases.
    assert lines(b"a.n 1 ::: go\n", gold, task="oot")[3] == b"precision = 100.00, recall = 100.00"


# --- §1: what both releases share -------------------------------------------------------------

@pytest.mark.parametrize("release", ["final", "trial"])
def test_items_are_keyed_by_id_alone_and_the_system_lexelt_is_printed(release: str) -> None:
    gold = b"a.n 7 :: go 2;xx 1;"
    out = run(b"zz.v 7 :: go\n", gold, verbose=True, release=release).stdout.splitlines()
    assert out[1].startswith(b"zz.v Item 7 credit ")


@pytest.mark.parametrize("release", ["final", "trial"])
def test_real_gold_shape_blank_first_line_no_final_newline_and_junk(release: str) -> None:
    gold = b"\nsome header that does not match\na.n 1 :: go 2;xx 1;\nb.v 2 :: up 3;"
    assert lines(b"a.n 1 :: go\nb.v 2 :: up\n", gold, release=release)[0] == \
        b"Total = 2, attempted = 2"


def test_id_is_the_leftmost_match_of_the_line_pattern() -> None:
    # 'x y.n 12 :: z' -> lexelt y.n, id 12; 'a.n 1 :: b :: c' -> id 1, rest 'b :: c'.
    gold = b"junk x y.n 12 :: zz 2;\na.n 1 :: bb :: cc 2;"
    system = b"x y.n 12 :: zz\na.n 1 :: cc\n"
    out = run(system, gold, verbose=True).stdout.splitlines()
    # The second gold line's rest is 'bb :: cc 2;': its one field reads as 'cc' with count 2.
    assert out[1] == b"y.n Item 12 credit 1 guesses 1 human responses 2: score is 1"
    assert out[3] == b"a.n Item 1 credit 1 guesses 1 human responses 2: score is 1"


def test_fields_are_not_trimmed_and_need_two_characters_starting_with_a_word_char() -> None:
    # 'secretion  producing 1' keeps its double space; ' x 1' and '-y 1' read 'x'?? no: a
    # substitute needs two characters, so ' x 1' yields nothing, '-yy 1' yields 'yy'.
    gold = b"a.n 1 :: secretion  producing 2; x 1;-yy 1;"
    out = run(b"a.n 1 :: secretion  producing;yy;x\n", gold, verbose=True,
              release="trial").stdout.splitlines()
    # H = 2 + 1 (yy); ' x 1' unreadable. credit 2/3 + 1/3 + 0 = 1 over 3 guesses.
    assert out[1] == b"a.n Item 1 credit 1 guesses 3 human responses 3: score is 1"


def test_repeated_substitute_keeps_its_last_count_and_counts_once_in_h() -> None:
    gold = b"a.n 1 :: go 1;run 2;go 3;"
    # go -> 3 (last), run 2: H = 5; 'go' earns 3/5.
    out = run(b"a.n 1 :: go\n", gold, verbose=True, release="trial").stdout.splitlines()
    assert out[1] == b"a.n Item 1 credit 0.6 guesses 1 human responses 5: score is 0.6"


def test_t_membership_more_than_one_field_or_first_count_above_one() -> None:
    gold = b"a.n 1 :: only 1;\na.n 2 :: only 2;\na.n 3 :: a1 1;b1 1;\na.n 4 :: xx 1;oops;"
    assert lines(b"a.n 2 :: only\n", gold)[0] == b"Total = 3, attempted = 1"


def test_mode_first_field_cancelled_by_equal_count_never_restored() -> None:
    gold = b"a.n 1 :: a1 2;b1 2;c1 1;\na.n 2 :: a2 3;b2 2;c2 2;\na.n 3 :: a3 1;b3 1;"
    # item 1: a1 cancelled by b1, c1 does not become the mode; item 2: a2 stays; item 3: none.
    assert lines(b"a.n 2 :: a2\n", gold)[2] == b"Total with mode 1 attempted 1"


def test_crlf_gold_leaves_a_cr_field_that_puts_single_items_in_t() -> None:
    gold = b"a.n 1 :: only 1;\r\na.n 2 :: go 2;xx 1;\r\n"
    # 'only 1;\r' has two fields ('only 1' and '\r'): scored, H = 1. The system's answers keep
    # their CR, so 'only\r' earns nothing. (split on LF only: bytes.splitlines splits on CR.)
    out = run(b"a.n 1 :: only\r\na.n 2 :: go\r\n", gold, verbose=True).stdout.split(b"\n")
    assert out[0] == b"a.n Item 1 mode 'only' : system 'only\r' wrong"
    assert out[1] == b"a.n Item 1 credit 0 guesses 1 human responses 1: score is 0"
    assert out[4] == b"Total = 2, attempted = 2"


def test_crlf_system_answer_keeps_its_cr_and_a_lone_cr_is_blank() -> None:
    gold = b"a.n 1 :: go 2;xx 1;\na.n 2 :: up 2;yy 1;"
    system = b"a.n 1 :: xx;go\r\na.n 2 :: \r\n"
    # item 1: 'go\r' is not 'go': credit 1/3 (xx) + 0 over 2 guesses = 1/6.
    # trial: item 2's text '\r' is one answer '\r' (credit 0, 1 guess), not attempted:
    # precision (1/6) / 1 = 0.167, recall (1/6) / 2 = 0.083.
    trial = run(system, gold, release="trial", verbose=True).stdout.split(b"\n")
    assert trial[2:6] == [b"a.n Item 2 mode 'up' : system '\r' wrong",
                          b"a.n Item 2 credit 0 guesses 1 human responses 3: score is 0",
                          b"Total = 2, attempted = 1", b"precision = 0.167, recall = 0.083"]
    # final: '\r' is blank, so item 2 reuses item 1's two answers.
    final = run(system, gold, verbose=True).stdout.split(b"\n")
    assert final[2:6] == [b"a.n Item 2 mode 'up' : system 'xx' wrong",
                          b"a.n Item 2 credit 0 guesses 2 human responses 3: score is 0",
                          b"Total = 2, attempted = 1", b"precision = 16.67, recall = 8.33"]


def test_hyphenated_gold_substitute_also_credits_the_spelling_with_spaces() -> None:
    gold = b"a.n 1 :: well-lit 3;light 1;"
    out = run(b"a.n 1 :: well lit\n", gold, verbose=True, release="trial").stdout.splitlines()
    assert out[1] == b"a.n Item 1 credit 0.75 guesses 1 human responses 4: score is 0.75"


def test_field_spelled_with_spaces_takes_precedence_over_the_hyphen_variant() -> None:
    gold = b"a.n 1 :: well-lit 3;well lit 1;"
    # H = 4; 'well lit' earns its own 1/4, not 3/4.
    out = run(b"a.n 1 :: well lit\n", gold, verbose=True, release="trial").stdout.splitlines()
    assert out[1] == b"a.n Item 1 credit 0.25 guesses 1 human responses 4: score is 0.25"


def test_id_on_two_gold_lines_counts_twice_merges_and_warns() -> None:
    gold = b"a.n 1 :: go 2;xx 1;\nb.v 2 :: up 2;\na.n 1 :: run 1;go 3;"
    result = run(b"a.n 1 :: go;run\n", gold, verbose=True, release="trial")
    # |T| = 3 lines; substitutes merge: go 3 (last), x 1, run 1 -> H = 5; credit 3/5 + 1/5.
    assert result.stdout.splitlines()[1] == \
        b"a.n Item 1 credit 0.8 guesses 2 human responses 5: score is 0.8"
    assert result.stdout.splitlines()[2] == b"Total = 3, attempted = 1"
    assert "id 1 on lines 1, 3" in result.stderr


def test_error_lines_name_the_system_file_as_given_and_count_every_line() -> None:
    gold = b"a.n 1 :: go 2;xx 1;"
    system = b"\n   \nnot an answer\na.n 1 :: go\nalso bad\n"
    result = run_official(system, gold, system_name="dir/run 1.txt")
    assert result.stdout.splitlines()[:2] == [b"Error in dir/run 1.txt on line 3",
                                              b"Error in dir/run 1.txt on line 5"]


def test_only_the_first_line_of_an_id_counts_and_unknown_ids_are_ignored() -> None:
    gold = b"a.n 1 :: go 2;xx 1;"
    system = b"a.n 9 :: go\na.n 1 :: xx\na.n 1 :: go\n"
    out = lines(system, gold, verbose=True)
    assert out[1] == b"a.n Item 1 credit 0.333333333333333 guesses 1 human responses 3: " \
                     b"score is 0.333333333333333"
    assert len(out) == 6


def test_duplicate_answers_are_credited_each_time() -> None:
    gold = b"a.n 1 :: go 2;xx 1;"
    # oot: go;go;go = 3 * 2/3 = 2, which is how official oot scores exceed 100%.
    assert lines(b"a.n 1 ::: go;go;go\n", gold, task="oot")[1] == \
        b"precision = 200.00, recall = 200.00"


def test_best_score_divides_by_answers_but_verbose_prints_the_credit() -> None:
    gold = b"a.n 1 :: go 2;xx 1;"
    out = lines(b"a.n 1 :: go;zz;yy;ww\n", gold, verbose=True)
    # credit 2/3, 4 guesses: item score 1/6 -> 16.67%, yet 'score is' repeats the credit.
    assert out[1].endswith(b"score is 0.666666666666667")
    assert out[3] == b"precision = 16.67, recall = 16.67"


def test_an_oot_file_does_not_match_best() -> None:
    gold = b"a.n 1 :: go 2;xx 1;"
    result = run(b"a.n 1 ::: go\n", gold)
    assert result.stdout == b"Error in S on line 1\n"
    assert result.exit_code == EXIT_WRONG_KIND
    assert "S is an oot file, not a best file" in result.stderr and "-t oot" in result.stderr


def test_a_best_file_does_not_match_oot() -> None:
    result = run(b"a.n 1 :: go\na.n 2 :: up\n", b"a.n 1 :: go 2;xx 1;", task="oot")
    assert result.stdout == b"Error in S on line 1\nError in S on line 2\n"
    assert result.exit_code == EXIT_WRONG_KIND


def test_a_few_lines_of_the_other_kind_only_warn() -> None:
    result = run(b"a.n 1 :: go\na.n 2 ::: up\n", b"a.n 1 :: go 2;xx 1;")
    assert result.exit_code == EXIT_OK
    assert result.stdout.startswith(b"Error in S on line 2\nTotal = 1")
    assert "1 lines are in the oot format" in result.stderr


def test_gold_without_usable_line_exits_3_after_the_official_lines() -> None:
    result = run(b"a.n 1 :: go\nnonsense\n", b"\nnothing here\na.n 1 :: only 1;")
    assert result.exit_code == EXIT_GOLD_UNUSABLE
    assert result.stdout == b"Error in S on line 2\n"
    assert "G has no usable gold line" in result.stderr


def test_zero_denominator_prints_lines_so_far_then_dies_with_255() -> None:
    # Nothing attempted: the original dies computing precision, before any total.
    result = run(b"a.n 1 :: \n", b"a.n 1 :: go 2;xx 1;", verbose=True, release="trial")
    assert result.exit_code == EXIT_UNDEFINED
    assert result.stdout.splitlines() == [b"a.n Item 1 mode 'go' : system '' wrong",
                                          b"a.n Item 1 credit  guesses 0 human responses 3: "
                                          b"score is "]
    assert "precision is undefined" in result.stderr
    assert result.totals["precision"] is None


def test_mode_zero_denominator_after_the_first_two_lines() -> None:
    gold = b"a.n 1 :: go 2;up 2;"  # in T, but the mode is cancelled
    result = run(b"a.n 1 :: go\n", gold)
    assert result.exit_code == EXIT_UNDEFINED
    assert result.stdout == b"Total = 1, attempted = 1\nprecision = 50.00, recall = 50.00\n"
    assert "mode precision is undefined" in result.stderr


def test_gold_counts_adding_up_to_zero_die_at_that_system_line() -> None:
    result = run(b"a.n 1 :: go\nbad\na.n 2 :: xx\n", b"a.n 1 :: go 2;xx 1;\na.n 2 :: xx 0;yy 0;",
                 verbose=True)
    assert result.exit_code == EXIT_UNDEFINED
    assert result.stdout.splitlines()[-1] == b"Error in S on line 2"
    assert "add up to 0" in result.stderr and "line 3" in result.stderr


# --- numbers as Perl prints them ---------------------------------------------------------------

@pytest.mark.parametrize(("value", "printed"), [
    (2 / 3, b"0.666666666666667"), (0.75, b"0.75"), (2.0, b"2"), (2, b"2"),
    (0.1 + 0.2, b"0.3"), (None, b""), (1e15, b"1e+15"), (0.0, b"0"),
])
def test_perl_number(value: float | None, printed: bytes) -> None:
    assert perl_number(value) == printed


@pytest.mark.parametrize(("value", "decimals", "percent", "printed"), [
    # final: int(x * 100 * 100 + 0.5) / 100 -> (0.70833.. * 100 * 100 = 7083.3) -> 7083 -> 70.83
    (0.7083333333333333, 2, True, b"70.83"),
    (1, 2, True, b"100.00"),       # 10000.5 -> 10000 -> 100 -> padded
    (0.354, 2, True, b"35.40"),    # 3540.5 -> 3540 -> 35.4 -> padded to two decimals
    (0.125, 3, False, b"0.125"),   # trial: int(125.5) / 1000
    (0.5, 3, False, b"0.500"),
    (0, 3, False, b"0.000"),
    (0.0004999, 3, False, b"0.000"),  # 0.4999 + 0.5 < 1
    (0.0005, 3, False, b"0.001"),     # 0.5 + 0.5 = 1
    (1.875, 2, True, b"187.50"),
])
def test_official_round(value: float, decimals: int, percent: bool, printed: bytes) -> None:
    assert official_round(value, decimals, percent) == printed


def test_rounding_uses_the_original_float_operations() -> None:
    # 0.285 * 100 = 28.499999999999996, then * 100 = 2849.9999999999995, + .5 -> int 2850:
    # 28.50. Rounding 28.5 once would be the same here, but 1.005 shows the order matters:
    # 1.005 * 100 = 100.49999999999999, * 100 = 10049.999999999998, + .5 -> 10050 -> 100.50.
    assert official_round(0.285, 2, True) == b"28.50"
    assert official_round(1.005, 2, True) == b"100.50"


# --- §4: multiwords ---------------------------------------------------------------------------

def test_mw_gold_errors_print_first_while_the_gold_is_read() -> None:
    gold = b"\nbad gold line\na.n 1 :: take place 3;\nb.v x :: ids must be digits 2;"
    result = run(b"a.n 1 :: take place\nnope\n", gold, task="mw")
    assert result.stdout.splitlines()[:3] == [b"Error in G on line 2", b"Error in G on line 4",
                                              b"Error in S on line 2"]


def test_mw_item_needs_first_count_above_one_and_mode_is_first_field_above_one() -> None:
    gold = (b"a.n 1 :: set up 1;set in 2;\n"     # first count 1: not counted
            b"a.n 2 :: set up 2;set in 3;\n"     # mode 'set up' (first above 1)
            b"a.n 3 :: go on 3;go off 3;\n")     # cancelled
    out = lines(b"a.n 2 :: set up\n", gold, task="mw")
    assert out[0] == b"Total MWs in GS = 1, System found 1 of which 1 were genuine"


def test_mw_final_drops_the_first_apostrophe_of_the_mode() -> None:
    gold = b"a.n 1 :: rock 'n' roll 2;"
    final = lines(b"a.n 1 :: rock n' roll\n", gold, task="mw")
    assert final[3] == b"Identification precision = 100.00, recall = 100.00"


def test_mw_empty_answer_is_genuine_but_not_found_and_found_zero_prints_nothing() -> None:
    out = lines(b"a.n 1 :: \n", b"a.n 1 :: take place 3;", task="mw")
    # found 0 (undefined: printed empty), genuine 1: precision empty, recall 1/1.
    assert out == [b"Total MWs in GS = 1, System found  of which 1 were genuine",
                   b"Detection precision = , recall = 100.00", b"Number that matched GS",
                   b"Identification precision = , recall = 0.00"]


def test_mw_answer_keeps_trailing_spaces() -> None:
    out = lines(b"a.n 1 :: take place \n", b"a.n 1 :: take place 3;", task="mw")
    assert out[3] == b"Identification precision = 0.00, recall = 0.00"


def test_mw_gold_without_mode_exits_3() -> None:
    result = run(b"a.n 1 :: take place\n", b"a.n 1 :: take place 1;", task="mw")
    assert result.exit_code == EXIT_GOLD_UNUSABLE
    assert result.stdout == b""
    assert "no usable multiword line" in result.stderr


@pytest.mark.parametrize("task, system", [("best", b"a.n 1 :: run\n"),
                                           ("oot", b"a.n 1 ::: run\n")])
def test_a_sum_of_counts_beyond_64_bits_prints_as_a_double(task: str, system: bytes) -> None:
    # H = 2**64 + 5 does not fit 64 bits: Perl adds in doubles (2**64 + 5 rounds to 2**64) and
    # prints 15 significant digits; "run" earns 5 / 2**64 = 2.71050543121376e-19.
    gold = b"a.n 1 :: go 18446744073709551616;run 5;\n"
    line = run_official(system, gold, task=task, verbose=True).stdout.splitlines()[1]
    assert line.endswith(b"human responses 1.84467440737096e+19: score is 2.71050543121376e-19")


@pytest.mark.parametrize("task, system", [("best", b"a.n 1 :: go\na.n 2 :: up\n"),
                                           ("oot", b"a.n 1 ::: go\na.n 2 ::: up\n")])
def test_counts_beyond_64_bits_that_are_the_same_double_cancel_the_mode(
        task: str, system: bytes) -> None:
    # 2**64 + 1 and 2**64 are different digits but the same double, which is what Perl
    # compares beyond 64 bits: item 1 has no mode, so only item 2 counts towards the modes.
    gold = (b"\na.n 1 :: go 18446744073709551617;run 18446744073709551616;\n"
            b"a.n 2 :: up 3;down 1;")
    printed = lines(system, gold, task=task)
    assert printed[2] == b"Total with mode 1 attempted 1"
