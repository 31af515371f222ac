"""lexsub stats on CoInCo and SWORDS files, and the SWORDS raters' agreement (made-up data)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.agreement.swords_raters import rater_agreement
from lexsub_studio.core.io.formats import swords


def _benchmark(with_raters: bool) -> swords.SwordsBenchmark:
    benchmark = swords.SwordsBenchmark({"c:1": "A keen reader."})
    benchmark.targets["t:1"] = swords.SwordsTarget("c:1", "keen", 2, "ADJ")
    labels = {"s:1": (["TRUE", "TRUE", "FALSE"], ["A", "B", "C"]),
              "s:2": (["FALSE", "FALSE"], ["A", "B"]),
              "s:3": (["TRUE", "UNSURE", "TRUE_IMPLICIT"], ["A", "B", "C"])}
    for number, (substitute_id, (given, raters)) in enumerate(labels.items()):
        benchmark.substitutes[substitute_id] = swords.SwordsSubstitute(
            "t:1", ["eager", "sharp", "avid"][number], given, raters if with_raters else None)
    return benchmark


def test_alpha_nominal_by_hand() -> None:
    # Units: s:1 (yes, yes, no) and s:2 (no, no); s:3 has one judgement (UNSURE is missing,
    # TRUE_IMPLICIT no judgement). Coincidences: o_yy = 1, o_yn = o_ny = 1, o_nn = 2; n = 5,
    # n_yes = 2, n_no = 3. D_o = 2/5; D_e = 2 * 2 * 3 / (5 * 4) = 3/5; alpha = 1 - 2/3 = 1/3.
    agreement = rater_agreement(_benchmark(True))
    assert agreement.alpha == pytest.approx(1 / 3)
    assert (agreement.units, agreement.values, agreement.raters) == (2, 5, 3)
    unnamed = rater_agreement(_benchmark(False))
    assert unnamed.alpha is None and "names no raters" in (unnamed.reason or "")


def test_stats_summarises_swords_with_agreement(tmp_path: Path, capsys) -> None:
    path = tmp_path / "b.json.gz"
    swords.write_swords(_benchmark(True), path)
    assert main(["stats", str(path), "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    overall = printed["rows"][0]
    assert overall["instances"] == 1 and overall["gold_items"] == 1
    assert printed["rater_agreement"]["alpha_nominal"] == pytest.approx(1 / 3)
    assert main(["stats", str(path)]) == 0
    assert "Krippendorff's alpha, nominal, TRUE vs FALSE): 0.3333" in capsys.readouterr().out


def test_stats_summarises_coinco(tmp_path: Path, capsys) -> None:
    path = tmp_path / "c.xml"
    path.write_text(
        '<document><sent><precontext/><targetsentence>A keen eye</targetsentence>'
        '<postcontext/><tokens><token id="XXX" wordform="A" lemma="a" posMASC="DT" posTT="DT"/>'
        '<token id="3" wordform="keen" lemma="keen" posMASC="JJ" posTT="JJ"><substitutions>'
        '<subst lemma="sharp" pos="JJ" freq="2"/></substitutions></token></tokens></sent>'
        '</document>')
    assert main(["stats", str(path), "--format", "json"]) == 0
    overall = json.loads(capsys.readouterr().out)["rows"][0]
    assert (overall["instances"], overall["gold_items"], overall["items_in_T"]) == (1, 1, 1)
