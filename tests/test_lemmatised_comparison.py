"""``--lemmatise``: answers matched as lemmas of the target's PoS, as SWORDS' evaluation matches
them, for `--metrics swords` and the `--convention` profiles; refused where it cannot apply.
Every figure is computed by hand in the comments (docs/metrics.md, Lemmatised comparison).
All data here is made up for these tests."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats import swords
from lexsub_studio.core.io.formats.gold import read_gold_bytes
from lexsub_studio.core.io.formats.system import read_system_bytes
from lexsub_studio.core.model.lemmas import answer_lemma
from lexsub_studio.core.scoring.conventions.profiles import CONVENTIONS, convention_gap
from lexsub_studio.core.scoring.swords.measures import swords_scores


def lemma_benchmark() -> dict:
    """Two targets whose references are lemmas: *replied* (a verb) and *autos* (a noun)."""
    labels = {("t:1", "answer"): ["TRUE", "TRUE"], ("t:1", "respond"): ["TRUE", "FALSE"],
              ("t:2", "car"): ["TRUE", "TRUE"], ("t:2", "vehicle"): ["TRUE", "FALSE"]}
    return {
        "contexts": {"c:1": {"context": "She replied at once."},
                     "c:2": {"context": "The autos stopped."}},
        "targets": {"t:1": {"context_id": "c:1", "target": "replied", "offset": 4,
                            "pos": "VERB"},
                    "t:2": {"context_id": "c:2", "target": "autos", "offset": 4,
                            "pos": "NOUN"}},
        "substitutes": {f"s:{target}:{word}": {"target_id": target, "substitute": word}
                        for target, word in labels},
        "substitute_labels": {f"s:{target}:{word}": value
                              for (target, word), value in labels.items()},
        "substitutes_lemmatized": True,
    }


#: Inflected forms: `answers` and `answered` are one lemma (the first, at 0.9, is kept), as are
#: `cars` and `car` (0.8 kept).
INFLECTED_RESULT = {"substitutes_lemmatized": False,
                    "substitutes": {"t:1": [["answered", 0.9], ["responded", 0.8],
                                            ["answers", 0.7]],
                                    "t:2": [["vehicles", 0.9], ["cars", 0.8], ["car", 0.3]]}}


def swords_pair() -> tuple[swords.SwordsBenchmark, swords.SwordsResult]:
    benchmark = swords.swords_from_json(lemma_benchmark()).benchmark
    result, _ = swords.swords_result_from_json(INFLECTED_RESULT)
    return benchmark, result


def test_answer_lemma_uses_the_pos_and_leaves_multiwords_and_lemmas_alone() -> None:
    assert answer_lemma("answered", "v") == "answer"
    assert answer_lemma("cars", "n") == "car"
    assert answer_lemma("Cars", "n") == "Car"
    assert answer_lemma("answers", None) == "answer"  # an unknown PoS is read as a noun
    assert answer_lemma("glasses", "n") == "glasses"  # the dictionary lists it as a lemma
    assert answer_lemma("took place", "v") == "took place"
    assert answer_lemma("frobnicated", "v") == "frobnicated"


def test_swords_without_lemmatising_matches_the_strings_as_written() -> None:
    # t:1 matches nothing: GAP 0. t:2: only `car` (rank 3, score 1): (1/3) / (1 + 1.5/2) = 4/21.
    scores = swords_scores(*swords_pair())
    assert scores.figures["swords.gap"].value == pytest.approx(float(Fraction(2, 21)))
    # Strict acceptable: 1 hit (car) in 6 given, 2 needed: F = 2 / 8.
    assert scores.figures["swords.strict.acceptable.f_at_10"].value == pytest.approx(0.25)


def test_swords_lemmatised_scores_the_inflected_forms_as_their_lemmas() -> None:
    scores = swords_scores(*swords_pair(), lemmatise=True)
    # t:1 ranks answer (0.9; `answers` merged), respond: x = 1, 0.5, the ideal order: GAP 1.
    # t:2 ranks vehicle (0.5), car (1; `car` at 0.3 merged): (0.5 + 1.5/2) / 1.75 = 5/7.
    assert scores.figures["swords.gap"].value == pytest.approx(float(Fraction(6, 7)))
    # Strict acceptable: answer and car hit, 4 given, 2 needed: F = 4 / 6.
    assert scores.figures["swords.strict.acceptable.f_at_10"].value == pytest.approx(2 / 3)
    assert scores.figures["swords.strict.conceivable.f_at_10"].value == pytest.approx(1.0)
    assert scores.rows[0].system == ("answer", "respond")
    assert scores.counts["system_lemmatised"] == 5
    assert scores.counts["system_repeated"] == 2
    assert scores.counts["substitutes_lemmatised"] == 0  # the references are lemmas already
    assert scores.lemmatised


def test_swords_lemmatised_drops_an_answer_whose_lemma_is_the_targets() -> None:
    benchmark, result = swords_pair()
    result.ranked["t:2"] = [("auto", 1.0), *result.ranked["t:2"]]
    # `auto` is the lemma of the target `autos`: dropped, as SWORDS drops it.
    scores = swords_scores(benchmark, result, lemmatise=True)
    assert scores.counts["system_same_as_target"] == 1
    assert scores.figures["swords.gap"].value == pytest.approx(float(Fraction(6, 7)))


def write_swords(tmp_path: Path) -> tuple[str, str]:
    benchmark = tmp_path / "bench.json.gz"
    swords.write_swords(swords.swords_from_json(lemma_benchmark()).benchmark, benchmark)
    result = tmp_path / "result.json"
    result.write_text(json.dumps(INFLECTED_RESULT))
    return str(result), str(benchmark)


def test_cli_swords_warning_suggests_the_option_and_the_option_raises_gap(
        tmp_path: Path, capsys) -> None:
    result, benchmark = write_swords(tmp_path)
    assert main(["score", result, benchmark, "--metrics", "swords", "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "--lemmatise lemmatises both sides" in captured.err
    plain = json.loads(captured.out)
    assert main(["score", result, benchmark, "--metrics", "swords", "--format", "json",
                 "--lemmatise"]) == 0
    captured = capsys.readouterr()
    assert "lemmatized-mismatch" not in captured.err and "word forms" not in captured.err
    lemmatised = json.loads(captured.out)
    assert plain["lemmatised"] is False and lemmatised["lemmatised"] is True
    assert plain["figures"]["swords.gap"]["value"] == pytest.approx(2 / 21)
    assert lemmatised["figures"]["swords.gap"]["value"] == pytest.approx(6 / 7)
    assert main(["score", result, benchmark, "--metrics", "swords", "--lemmatise"]) == 0
    out = capsys.readouterr().out
    assert "both sides lemmatised" in out.splitlines()[0]
    assert "5 system substitutes changed by lemmatising" in out


# -- the convention profiles ---------------------------------------------------------------------

#: Two items whose gold lists lemmas; the oot answers are inflected.
GOLD = ("answer.v 1 :: respond 3;reply 2;\n"
        "car.n 2 :: automobile 2;vehicle 1;\n")
OOT = ("answer.v 1 ::: responded;replies;responds;replies\n"
       "car.n 2 ::: vehicles;automobiles;automobile\n")


def convention_figures(lemmatise: bool) -> dict[str, float | None]:
    gold = read_gold_bytes(GOLD.encode(), "gold").items
    system = read_system_bytes(OOT.encode(), "oot", "oot").answers
    return {name: convention_gap(system, gold, convention, kind="oot", gold_text=GOLD,
                                 lemmatise=lemmatise).value
            for name, convention in CONVENTIONS.items()}


def test_conventions_without_lemmatising_credit_only_exact_answers() -> None:
    # Item 1: no answer is a gold lemma: 0. Item 2: only `automobile` (rank 3, count 2):
    # (2/3) / (2 + 3/2) = 4/21. Every profile reads these two clean lines alike (both items
    # have 2 or more responses, no multiword; the repeated `replies` is credited with nothing).
    expected = float(Fraction(4, 21) / 2)
    assert convention_figures(False) == pytest.approx(dict.fromkeys(CONVENTIONS, expected))


def test_conventions_lemmatised_credit_the_lemmas_of_the_answers() -> None:
    # Item 1 (verb): responded -> respond (3), replies -> reply (2), responds -> respond: an
    # earlier form of the same lemma, dropped; `replies` again, the same form written twice:
    # the profile's rule for repeats.
    #   lexsub, lexsubgen (a repeat once): respond, reply = the ideal order: GAP 1.
    #   melamud, melamud-mw (a repeat each time): 3, 2, 2: (3 + 5/2 + 7/3) / (3 + 5/2) = 47/33.
    # Item 2 (noun): vehicles -> vehicle (1), automobiles -> automobile (2), then `automobile`
    # as written, whose lemma an earlier form already gave: dropped. 1, 2:
    #   (1 + 3/2) / (2 + 3/2) = 5/7 under every profile.
    once = float((1 + Fraction(5, 7)) / 2)
    each = float((Fraction(47, 33) + Fraction(5, 7)) / 2)
    assert convention_figures(True) == pytest.approx(
        {"lexsub": once, "lexsubgen": once, "melamud": each, "melamud-mw": each})


def write_convention_files(tmp_path: Path) -> tuple[str, str]:
    gold = tmp_path / "gold.txt"
    gold.write_text(GOLD)
    system = tmp_path / "system.oot"
    system.write_text(OOT)
    return str(system), str(gold)


def test_cli_convention_lemmatise_reports_what_it_changed(tmp_path: Path, capsys) -> None:
    system, gold = write_convention_files(tmp_path)
    assert main(["score", system, gold, "-t", "oot", "--convention", "lexsubgen",
                 "--format", "json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert plain["lemmatised"] is None
    assert main(["score", system, gold, "-t", "oot", "--convention", "lexsubgen",
                 "--format", "json", "--lemmatise"]) == 0
    lemmatised = json.loads(capsys.readouterr().out)
    assert lemmatised["lemmatised"] == {"changed": 6, "merged": 2}
    assert lemmatised["gap"] == pytest.approx(float((1 + Fraction(5, 7)) / 2))
    assert lemmatised["gap"] > plain["gap"]
    assert main(["score", system, gold, "-t", "oot", "--convention", "melamud",
                 "--lemmatise"]) == 0
    assert "6 changed, 2 merged" in capsys.readouterr().out


@pytest.mark.parametrize("extra", [
    [],  # the official program's mode
    ["--clean"],
    ["--metrics", "ranking"],
    ["--explain"],
])
def test_lemmatise_is_refused_where_it_cannot_apply(tmp_path: Path, capsys,
                                                    extra: list[str]) -> None:
    system, gold = write_convention_files(tmp_path)
    assert main(["score", system, gold, "-t", "oot", "--lemmatise", *extra]) == 2
    captured = capsys.readouterr()
    assert "--lemmatise applies to --metrics swords, --convention and --rank-candidates" in (
        captured.err)
    assert captured.out == ""


@pytest.mark.gui
def test_scoring_workspace_switch_rescores_gap_as_the_cli(qtbot, tmp_path: Path, capsys,
                                                          monkeypatch) -> None:
    from lexsub_studio.gui import dialogs
    from lexsub_studio.gui.app_state import AppState
    from lexsub_studio.gui.scoring.workspace import ScoringWorkspace

    monkeypatch.setattr(dialogs, "show_problems", lambda *a: None)
    _, gold = write_convention_files(tmp_path)
    system = tmp_path / "system.weighted"
    system.write_text("answer.v 1 responded/0.9 replies/0.8 responds/0.7\n"
                      "car.n 2 vehicles/0.9 automobiles/0.8 automobile/0.7\n")
    page = ScoringWorkspace(AppState())
    qtbot.addWidget(page)
    check = page.lemmatise_check
    assert check.objectName() == "lemmatiseCheck"
    assert check.accessibleName() == "Lemmatise answers"
    task = page.open_gold(gold)
    qtbot.waitUntil(lambda: task.is_finished, timeout=10000)
    with qtbot.waitSignal(page.scored, timeout=20000):
        page.add_systems([str(system)])

    def shown_gap() -> float:
        table = page.league_page.model.table
        return dict(zip(table.keys, table.rows[0], strict=True))["ranking.gap"]

    as_written = shown_gap()
    with qtbot.waitSignal(page.scored, timeout=20000):
        check.setChecked(True)
    assert main(["score", str(system), gold, "-t", "weighted", "--convention", "lexsub",
                 "--lemmatise", "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    # respond, reply in the ideal order (1); vehicle, automobile: 5/7.
    assert printed["gap"] == pytest.approx(float((1 + Fraction(5, 7)) / 2))
    assert shown_gap() == pytest.approx(printed["gap"])
    assert shown_gap() > as_written
