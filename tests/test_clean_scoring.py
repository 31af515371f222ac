"""Clean scoring: the fixes, each defect switch, the report API, explanations and properties."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import parse_system_text
from lexsub_studio.core.model.data import GoldItem, SystemAnswer, WeightedAnswer
from lexsub_studio.core.scoring.clean.fixes import FIX_NAMES
from lexsub_studio.core.scoring.explain.differences import compare_with_official
from lexsub_studio.core.scoring.report.score_report import (
    ScoreOptions,
    UndefinedFigureError,
    explain_figure,
    explain_item,
    score,
)

# The worked example of the official-scorer spec, section 3.
GOLD = """a.n 1 :: well-lit 3;light 1;
a.n 2 :: pn 2;xy 1;
b.v 3 :: go 2;run 1;
b.v 4 :: only 1;
c.a 5 :: don't 2;non-stop 1;happen 1;
c.a 6 :: upnorth 2;ok 1;
"""
# (Written with explicit line ends: "go " keeps its trailing space, "c.a 5 :: " its blank.)
BEST = ("a.n 1 :: well lit;nope\nthis is not an answer line\nb.v 3 :: go;go \nb.v 4 :: only\n"
        "c.a 5 :: \nb.v 3 :: run\n")
OOT = ("a.n 1 ::: well-lit;well lit;light;a;b;c;d;e;f;g;light\nb.v 3 ::: run-x;go;go;go\n"
       "c.a 5 ::: \n")


def gold_items(text: str = GOLD) -> list[GoldItem]:
    return parse_gold_text(text).items


def system(text: str, kind: str = "best") -> list[SystemAnswer]:
    return parse_system_text(text, kind).answers


def value(report, key: str) -> float | None:
    return report.figures[key].value


def run(system_text: str, gold_text: str = GOLD, kind: str = "best", **options):
    return score(system(system_text, kind), gold_items(gold_text),
                 ScoreOptions(kind=kind, **options))


# --- the worked example, cleanly ------------------------------------------------------------

def test_best_worked_example_clean() -> None:
    report = run(BEST, families=("official", "jabbari"))
    # T = a.n 1, b.v 3, c.a 5, c.a 6 (a.n 2 and b.v 4 have one response after pn is removed).
    assert report.counts["items_in_t"] == 4
    # a.n 1: well lit 3 of H 4, nope 0, 2 answers -> 3/4/2; b.v 3: go once -> 2/3/1.
    item_scores = 3 / 4 / 2 + 2 / 3
    assert value(report, "best.precision") == pytest.approx(item_scores / 2)  # 2 attempted
    assert value(report, "best.recall") == pytest.approx(item_scores / 4)
    # Modes: well lit (hit, same spelling rule), go (hit), dont, upnorth (no answers).
    assert value(report, "best.mode_precision") == 1.0  # 2 / 2
    assert value(report, "best.mode_recall") == 0.5  # 2 / 4
    # Jabbari best: a.n 1: 3 / (3 * 2); b.v 3: 2 / (2 * 1); others 0.
    assert value(report, "jabbari.best") == pytest.approx((0.5 + 1.0) / 4)
    # a.n 2 has pn 2;xy 1: out of T only because its pn entry is removed, which is said.
    assert report.ignored == [
        "2 gold items with fewer than 2 responses (not in T)",
        "1 gold entries 'pn' or 'nil' (in any case) removed: flags, not substitutes",
        "1 gold items out of T only because of the removed entries (with them they have 2 or "
        "more responses)",
        "1 system lines for items not in T or not in the gold"]


def test_oot_worked_example_clean() -> None:
    report = run(OOT, kind="oot", families=("official", "jabbari", "ranking"))
    # a.n 1: distinct well lit, light, a..g: credit (3 + 1) / 4 = 1.
    # b.v 3: run x (0), go (2): credit 2 / 3.
    assert value(report, "oot.precision") == pytest.approx((1 + 2 / 3) / 2)
    assert value(report, "oot.recall") == pytest.approx((1 + 2 / 3) / 4)
    assert value(report, "oot.mode_recall") == 0.5
    # P@1: a.n 1 'well lit' right, b.v 3 'run x' wrong -> (1 + 0 + 0 + 0) / 4
    assert value(report, "ranking.p_at_1") == 0.25
    # GAP a.n 1: ranks 1 (3/1) and 2 ((3+1)/2) over ideal 3/1 + 4/2 -> 5/5 = 1
    # GAP b.v 3: rank 2 ((0+2)/2) over ideal 2/1 + 3/2 -> 1/3.5
    assert value(report, "ranking.gap") == pytest.approx((1 + 1 / 3.5) / 4)


def test_explain_item_and_figure_texts() -> None:
    gold = gold_items("happy.a 9999 :: glad 3;merry 2;cheerful 1;jovial 1;\n")
    report = score(system("happy.a 9999 :: glad;cheerful\n"), gold,
                   ScoreOptions(families=("official", "jabbari")))
    assert explain_item(report, "happy.a", "9999", "best") == (
        "best: credit (3 + 1) / 7 = 0.571, divided by 2 answers = 0.286")
    assert explain_item(report, "happy.a", "9999", "best.mode_recall") == (
        "best mode: mode 'glad', best guess 'glad': hit")
    assert explain_item(report, "happy.a", "9999", "jabbari.best") == (
        "best (Jabbari): (3 + 1) / (maxfreq 3 x 2 answers) = 0.667")
    assert explain_figure(report, "best.precision") == (
        "best precision = sum of item scores 0.286 / attempted items 1 = 0.286")
    assert explain_figure(report, "best.recall", by="pos", group="a") == (
        "best recall = sum of item scores 0.286 / items in T 1 = 0.286")


def test_items_frame_carries_numerators_and_denominators() -> None:
    report = run(BEST, families=("official", "jabbari"))
    row = report.item_row("a.n", "1")
    assert row["best_credit"] == 3 and row["human_total"] == 4 and row["best_count"] == 2
    assert row["best_answers"] == ("well lit", "nope") and row["best_weights"] == (3, 0)
    assert row["jabbari_best_denominator"] == 6  # maxfreq 3 x 2 answers
    assert row["pos"] == "n"
    with pytest.raises(KeyError, match=r"no scored item b\.v 4"):
        report.item_row("b.v", "4")  # not in T


def test_group_by_pos() -> None:
    report = run(BEST)
    groups = report.group_figures("pos")
    assert list(groups) == ["n", "a", "v"]
    assert groups["n"]["best.recall"].value == pytest.approx(3 / 4 / 2)  # a.n 1 alone
    assert groups["a"]["best.precision"].value is None  # c.a 5 and c.a 6: nothing attempted
    assert groups["v"]["best.recall"].value == pytest.approx(2 / 3)


# --- each defect switch ------------------------------------------------------------------

def test_every_switch_is_known() -> None:
    with pytest.raises(ValueError, match="unknown defect switch nope"):
        ScoreOptions(kept_defects=frozenset({"nope"}))
    assert len(FIX_NAMES) == 9


def test_lexelt_key() -> None:
    gold = "a.n 1 :: x 2;y 1;\n"
    line = "b.v 1 :: x\n"
    assert value(run(line, gold), "best.recall") == 0.0
    kept = run(line, gold, kept_defects=frozenset({"lexelt-key"}))
    assert value(kept, "best.recall") == pytest.approx(2 / 3)


def test_pn_entries() -> None:
    gold = "c.a 6 :: upnorth 2;ok 1;\nc.a 7 :: nil 2;ok 1;\n"
    clean = run("c.a 6 :: upnorth\n", gold)
    assert clean.counts["items_in_t"] == 1  # c.a 7 is 'ok 1' once nil is removed
    assert value(clean, "best.recall") == pytest.approx(2 / 3)
    kept = run("c.a 6 :: upnorth\n", gold, kept_defects=frozenset({"pn-entries"}))
    # upnorth contains 'pn': removed, leaving ok 1 (not in T); nil 2;ok 1 stays in T.
    assert kept.counts["items_in_t"] == 1
    assert value(kept, "best.recall") == 0.0


def test_distinct_answers() -> None:
    gold = "b.v 3 :: go 2;run 1;\n"
    assert value(run("b.v 3 ::: go;go\n", gold, kind="oot"), "oot.recall") == pytest.approx(2 / 3)
    kept = run("b.v 3 ::: go;go\n", gold, kind="oot",
               kept_defects=frozenset({"distinct-answers"}))
    assert value(kept, "oot.recall") == pytest.approx(4 / 3)  # (2 + 2) / 3


def test_spelling() -> None:
    gold = "a.n 1 :: well-lit 3;light 1;\nc.a 5 :: non-stop 2;happen 1;\n"
    answers = "a.n 1 :: well-lit\nc.a 5 :: non-stop\n"
    clean = run(answers, gold)
    assert value(clean, "best.recall") == pytest.approx((3 / 4 + 2 / 3) / 2)
    assert value(clean, "best.mode_recall") == 1.0
    kept = run(answers, gold, kept_defects=frozenset({"spelling"}))
    # well-lit -> 'well lit' is credited (derived spelling) but the mode 'well-lit' is missed;
    # non-stop -> 'nonstop' matches nothing.
    assert value(kept, "best.recall") == pytest.approx((3 / 4 + 0) / 2)
    assert value(kept, "best.mode_recall") == 0.0


def test_spelling_variants_merge_in_the_gold() -> None:
    report = run("a.n 1 :: well lit\n", "a.n 1 :: well-lit 2;well lit 1;bright 1;\n",
                 families=("official", "jabbari"))
    row = report.item_row("a.n", "1")
    assert row["mode"] == "well lit" and row["max_freq"] == 3 and row["human_total"] == 4


def test_no_reuse() -> None:
    gold = "a.n 1 :: x 2;y 1;\na.n 2 :: x 2;z 1;\n"
    answers = "a.n 1 :: x\na.n 2 :: \n"
    assert value(run(answers, gold), "best.recall") == pytest.approx((2 / 3) / 2)
    kept = run(answers, gold, kept_defects=frozenset({"no-reuse"}))
    assert value(kept, "best.recall") == pytest.approx((2 / 3 + 2 / 3) / 2)
    assert kept.counts["attempted"] == 1  # a reused answer is not an attempt
    assert kept.item_row("a.n", "2")["reused_from_line"] == 1


def test_empty_not_attempted() -> None:
    gold = "a.n 1 :: x 2;y 1;\na.n 2 :: x 2;z 1;\n"
    answers = "a.n 1 :: x\na.n 2 :: \n"
    assert value(run(answers, gold), "best.precision") == pytest.approx(2 / 3)  # 1 attempted
    kept = run(answers, gold, kept_defects=frozenset({"empty-not-attempted"}))
    assert value(kept, "best.precision") == pytest.approx((2 / 3) / 2)
    assert value(kept, "best.mode_precision") == 0.5  # the empty line is mode-attempted


def test_oot_limit() -> None:
    gold = "a.n 1 :: x 2;y 1;\n"
    answers = "a.n 1 ::: " + ";".join(f"w{i}" for i in range(10)) + ";x\n"
    assert value(run(answers, gold, kind="oot"), "oot.recall") == 0.0
    kept = run(answers, gold, kind="oot", kept_defects=frozenset({"oot-limit"}))
    assert value(kept, "oot.recall") == pytest.approx(2 / 3)


def test_oot_limit_counts_distinct_answers() -> None:
    gold = "a.n 1 :: x 2;y 1;\n"
    answers = "a.n 1 ::: w0;w0;" + ";".join(f"w{i}" for i in range(1, 9)) + ";x\n"
    assert value(run(answers, gold, kind="oot"), "oot.recall") == pytest.approx(2 / 3)


def test_unique_mode() -> None:
    gold = "a.n 1 :: a 1;b 2;\n"
    assert value(run("a.n 1 :: b\n", gold), "best.mode_recall") == 1.0
    kept = run("a.n 1 :: b\n", gold, kept_defects=frozenset({"unique-mode"}))
    assert value(kept, "best.mode_recall") == 0.0  # the official mode is 'a'


def test_undefined_figures() -> None:
    gold = "a.n 1 :: a 2;b 2;\n"  # no mode anywhere
    report = run("a.n 1 :: a\n", gold)
    assert value(report, "best.mode_recall") is None
    # Mode precision too: no attempted item has a mode (0 / 0).
    assert report.undefined() == ["best.mode_precision", "best.mode_recall"]
    with pytest.raises(UndefinedFigureError,
                       match="best mode precision is undefined: attempted items with a mode is 0"):
        run("a.n 1 :: a\n", gold, kept_defects=frozenset({"undefined-figures"}))


# --- weighted and multiword ---------------------------------------------------------------

def test_weighted_ranking_gives_best_oot_and_ranking() -> None:
    gold = gold_items("a.n 1 :: x 3;y 2;z 1;\n")
    ranked = [(f"w{i}", 0.01) for i in range(9)]
    answer = WeightedAnswer("a.n", "1", [("y", 0.5), ("x", 0.3), *ranked, ("z", 0.01)])
    report = score([answer], gold, ScoreOptions(kind="weighted",
                                                families=("official", "jabbari", "ranking")))
    assert value(report, "best.recall") == pytest.approx(2 / 6)  # top 1 'y': 2 / 6 / 1
    assert value(report, "oot.recall") == pytest.approx(5 / 6)  # top 10: y, x, w0..w7
    assert value(report, "jabbari.best1") == pytest.approx(2 / 3)
    assert value(report, "ranking.r_at_10") == pytest.approx(2 / 3)  # x, y of 3 substitutes
    # GAP over the whole ranking: y at 1 (2/1), x at 2 (5/2), z at 12 (6/12);
    # ideal 3/1 + 5/2 + 6/3
    assert value(report, "ranking.gap") == pytest.approx((2 + 5 / 2 + 6 / 12) / (3 + 5 / 2 + 2))


def test_multiword_clean() -> None:
    gold = parse_gold_text("a.n 1 :: take place 3;\nb.v 3 :: set up 2;set in 2;\n"
                           "b.v 4 :: put off 2;\n", multiword=True).items
    lines = parse_system_text("a.n 1 :: take place\nb.v 4 :: \nb.v 5 :: cut up\n", "mw").answers
    report = score(lines, gold, ScoreOptions(kind="mw"))
    # MW = a.n 1, b.v 4; found = a.n 1, b.v 5; genuine = a.n 1; matched = a.n 1.
    assert value(report, "mw.detection_precision") == 0.5
    assert value(report, "mw.detection_recall") == 0.5
    assert value(report, "mw.identification_precision") == 0.5
    assert value(report, "mw.identification_recall") == 0.5
    kept = score(lines, gold, ScoreOptions(kind="mw",
                                           kept_defects=frozenset({"empty-not-attempted"})))
    # The official count: the empty b.v 4 line is a genuine detection too.
    assert value(kept, "mw.detection_precision") == 1.0
    assert value(kept, "mw.detection_recall") == 1.0
    assert explain_item(report, "b.v", "5", "mw") == (
        "mw: no gold multiword, system 'cut up': a false detection")


# --- explanations of differences with the official scorer ----------------------------------

@dataclass
class FakeOfficialItem:
    id: str
    lexelt: str
    line: int
    raw_answer_text: str
    answers: list[str]
    credit: float | None
    score: float | None
    attempted: bool = True
    mode: str | None = None
    mode_attempted: bool = False
    mode_hit: bool | None = None
    reused_from_line: int | None = None


@dataclass
class FakeOfficialRun:
    items: dict[str, FakeOfficialItem] = field(default_factory=dict)


def test_explain_trailing_space() -> None:
    gold = gold_items("bright.a 12 :: well lit 2;bright 2;clear 1;\n")
    report = score(system("bright.a 12 :: well lit \n"), gold)
    official = FakeOfficialRun({"12": FakeOfficialItem("12", "bright.a", 1, "well lit ",
                                                       ["well lit "], 0.0, 0.0)})
    differences = compare_with_official(report, official, gold)
    assert [str(d) for d in differences] == [
        "bright.a 12: answer 'well lit ' has a trailing space; official credit 0, clean 0.4"]


def test_explain_reuse_duplicates_and_agreement() -> None:
    gold = gold_items("a.n 1 :: x 2;y 1;\na.n 2 :: x 2;z 1;\na.n 3 :: go 2;run 1;\n")
    report = score(system("a.n 1 :: x\na.n 2 :: \na.n 3 :: go;go\n"), gold)
    official = FakeOfficialRun({
        "1": FakeOfficialItem("1", "a.n", 1, "x", ["x"], 2 / 3, 2 / 3, mode="x",
                              mode_attempted=True, mode_hit=True),
        "2": FakeOfficialItem("2", "a.n", 2, " ", ["x"], 2 / 3, 2 / 3, attempted=False,
                              mode="x", mode_attempted=True, mode_hit=True,
                              reused_from_line=1),
        "3": FakeOfficialItem("3", "a.n", 3, "go;go", ["go", "go"], 4 / 3, 2 / 3, mode="go",
                              mode_attempted=True, mode_hit=True),
    })
    differences = compare_with_official(report, official, gold)
    # Item 1 agrees; item 3 has the same score (4/3 / 2 = 2/3) and the same mode hit.
    assert [d.id for d in differences] == ["2"]
    assert differences[0].reasons == [
        "the answer is blank; the official scorer reuses the answers of line 1"]


def test_explain_pn_and_lexelt() -> None:
    gold = gold_items("c.a 6 :: upnorth 2;ok 1;\n")
    report = score(system("c.b 6 :: upnorth\nc.a 6 :: upnorth\n"), gold)
    official = FakeOfficialRun({"6": FakeOfficialItem("6", "c.b", 1, "upnorth", ["upnorth"],
                                                      0.0, 0.0)})
    (difference,) = compare_with_official(report, official, gold)
    # One cause, the line the official scorer takes by id, said once with both lines.
    assert difference.reasons[0] == (
        "the system line's lexelt 'c.b' is not the gold's 'c.a'; the official scorer matches "
        "by id alone (line 1), clean scoring takes line 2")
    assert ("gold substitute 'upnorth' contains 'pn'; the official scorer drops it"
            in difference.reasons)


# --- properties ----------------------------------------------------------------------------

words = st.sampled_from(["glad", "well-lit", "well lit", "don't", "dont", "x", "y", "non-stop",
                         "bright", "clear", "go"])


@st.composite
def gold_and_system(draw: st.DrawFn) -> tuple[list[GoldItem], list[SystemAnswer]]:
    count = draw(st.integers(min_value=1, max_value=6))
    gold = []
    answers = []
    for index in range(count):
        entries = draw(st.lists(st.tuples(words, st.integers(min_value=1, max_value=4)),
                                min_size=1, max_size=4, unique_by=lambda e: e[0]))
        lexelt = draw(st.sampled_from(["a.n", "b.v", "c.a", "d.r"]))
        gold.append(GoldItem(lexelt, str(index), entries, index + 1))
        if draw(st.booleans()):
            answers.append(SystemAnswer(lexelt, str(index), draw(st.lists(words, max_size=12)),
                                        index + 1))
    return gold, answers


ALL = ("official", "jabbari", "ranking")


def figure_values(report) -> dict[str, float | None]:
    return {key: (None if f.value is None else round(f.value, 12))
            for key, f in report.figures.items()}


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(gold_and_system(), st.sampled_from(["best", "oot"]), st.randoms())
def test_shuffling_lines_changes_nothing(data, kind: str, shuffle: random.Random) -> None:
    gold, answers = data
    options = ScoreOptions(kind=kind, families=ALL)
    before = figure_values(score(answers, gold, options))
    gold_shuffled, answers_shuffled = list(gold), list(answers)
    shuffle.shuffle(gold_shuffled)
    shuffle.shuffle(answers_shuffled)
    assert figure_values(score(answers_shuffled, gold_shuffled, options)) == before


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(gold_and_system())
def test_oot_recall_never_exceeds_one(data) -> None:
    gold, answers = data
    report = score(answers, gold, ScoreOptions(kind="oot", families=ALL))
    recall = report.figures["oot.recall"].value
    assert recall is None or recall <= 1 + 1e-12
    assert (report.items["oot_score"] <= 1 + 1e-12).all()


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(gold_and_system())
def test_exact_gold_mode_scores_one_on_best1_and_mode_recall(data) -> None:
    gold, _ = data
    prepared = score([], gold).items
    answers = [SystemAnswer(lexelt, instance_id, [mode])
               for lexelt, instance_id, mode in zip(prepared["lexelt"], prepared["id"],
                                                     prepared["mode"], strict=True)
               if mode is not None]
    report = score(answers, gold, ScoreOptions(families=ALL))
    with_mode = report.items[report.items["has_mode"] == 1]
    assert (with_mode["best1"] == 1.0).all()
    if len(with_mode):
        assert report.figures["best.mode_recall"].value == 1.0


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(gold_and_system(), st.sampled_from(["best", "oot"]))
def test_hyphen_and_space_variants_are_alike(data, kind: str) -> None:
    gold, answers = data
    options = ScoreOptions(kind=kind, families=ALL)
    spaced_gold = [GoldItem(g.lexelt, g.id, [(s.replace("-", " "), c) for s, c in g.entries],
                            g.line) for g in gold]
    hyphened = [SystemAnswer(a.lexelt, a.id, [s.replace(" ", "-") for s in a.answers], a.line)
                for a in answers]
    assert figure_values(score(hyphened, spaced_gold, options)) == figure_values(
        score(answers, gold, options))


def test_groups_use_the_corrected_pos() -> None:
    # stand.n.v: tagged as a noun, corrected to a verb; it counts as a verb.
    report = run("stand.n.v 131 :: rise\n", "stand.n.v 131 :: rise 2;get up 1;\n")
    assert report.item_row("stand.n.v", "131")["pos"] == "v"
    assert list(report.group_figures("pos")) == ["v"]


def test_prepared_gold_gives_the_same_report() -> None:
    from lexsub_studio.core.scoring.report.score_report import PreparedGoldSet

    gold = gold_items()
    options = ScoreOptions(kind="oot", families=ALL)
    prepared = PreparedGoldSet(gold)
    direct = score(system(OOT, "oot"), gold, options)
    reused = score(system(OOT, "oot"), prepared, options)
    assert figure_values(reused) == figure_values(direct)
    assert reused.ignored == direct.ignored
    assert reused.counts == direct.counts
    # Other kept defects: prepared again, so the switch still takes effect.
    kept = ScoreOptions(kind="oot", families=ALL, kept_defects=frozenset({"pn-entries"}))
    assert figure_values(score(system(OOT, "oot"), prepared, kept)) == figure_values(
        score(system(OOT, "oot"), gold, kept))


def test_explanations_of_the_later_measures() -> None:
    gold = gold_items("happy.a 9999 :: glad 3;merry 2;cheerful 1;jovial 1;\n")
    ranked = WeightedAnswer("happy.a", "9999", [("glad", 0.5), ("x", 0.3), ("merry", 0.2)])
    report = score([ranked], gold, ScoreOptions(kind="weighted", families=ALL))

    def explain(measure: str) -> str:
        return explain_item(report, "happy.a", "9999", measure)

    assert explain("oot") == "oot: credit (3 + 2) / 7 from 2 of 3 answers = 0.714"
    # P = 5 / (5 + 1) = 0.833, R = 5 / 7 = 0.714, F = 2PR / (P + R) = 0.769
    assert explain("coverage.f") == (
        "coverage: R = 5 / 7 = 0.714; P = 5 / (5 + 1 x 1 wrong) = 0.833; "
        "F = 2PR / (P + R) = 0.769")
    assert explain("coverage.optimal_f") == "optimal F: 0.769 when cut after answer 3 of 3"
    # top 2: credit 3, 1 wrong: P = 3/4, R = 3/7, F = 2 * (3/4) * (3/7) / (3/4 + 3/7) = 0.545
    assert explain("coverage.top2_f") == "top-2 F: F of the first 2 answers ('glad', 'x') = 0.545"
    assert explain("ranking.p_at_3") == "P@3: 2 gold answers in the top 3 / 3 = 0.667"
    assert explain("ranking.r_at_10") == (
        "R@10: 2 gold answers in the top 10 / 4 gold substitutes = 0.5")
    # GAP: (3/1 + 5/3) / (3/1 + 5/2 + 6/3 + 7/4) = 4.667 / 9.25
    assert explain("ranking.gap") == "GAP: 4.667 / 9.25 = 0.505 (ranking weights (3 + 0 + 2))"
    assert explain("jabbari.best1") == "best1: freq of best guess 'glad' 3 / maxfreq 3 = 1"
    with pytest.raises(ValueError, match="no per-item explanation for 'nope'"):
        explain("nope")
