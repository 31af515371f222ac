"""Every printed or exported figure carries its run's one-line reproducibility signature
(core/present/signature.py; docs/reproduction.md, "The signature"), and the official output
stays the official program's, byte for byte."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main

DEMO = Path(__file__).resolve().parent.parent / "data" / "demo"
GOLD = str(DEMO / "gold")
BEST = str(DEMO / "systems" / "alpha.best")
RESPONSES = [str(path) for path in sorted((DEMO / "responses").glob("*.tsv"))]
CLEAN_BEST = ("lexsub-studio:0.1.0|cmd:score|mode:clean|kind:best|convention:semeval2007|"
              "metrics:official|keep:none|penalty:1|lexelt:lenient")


def _run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[str, str]:
    main(list(arguments))
    captured = capsys.readouterr()
    return captured.out, captured.err


def test_the_clean_report_carries_it_in_every_format(capsys: pytest.CaptureFixture[str],
                                                    ) -> None:
    table, _ = _run(capsys, "score", BEST, GOLD, "--clean")
    assert table.endswith(f"\nsignature: {CLEAN_BEST}\n")
    document = json.loads(_run(capsys, "score", BEST, GOLD, "--format", "json")[0])
    assert document["signature"] == CLEAN_BEST
    rows = list(csv.DictReader(io.StringIO(_run(capsys, "score", BEST, GOLD, "--format",
                                                "csv")[0])))
    assert {row["signature"] for row in rows} == {CLEAN_BEST}
    assert f"signature: `{CLEAN_BEST}`" in _run(capsys, "score", BEST, GOLD, "--format",
                                                 "markdown")[0]
    assert f"% signature: {CLEAN_BEST}" in _run(capsys, "score", BEST, GOLD, "--format",
                                                 "latex")[0]


def test_the_switches_of_the_run_are_in_it(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = _run(capsys, "score", str(DEMO / "systems" / "alpha.oot"), GOLD, "-t", "oot",
                  "--metrics", "all", "--keep-defect", "spelling", "--keep-defect",
                  "no-reuse", "--penalty", "0.5", "--strict-lexelt")
    assert out.endswith("|mode:clean|kind:oot|convention:semeval2007|"
                        "metrics:jabbari+official+ranking|keep:no-reuse+spelling|penalty:0.5|"
                        "lexelt:strict\n")
    out, _ = _run(capsys, "score", str(DEMO / "systems" / "alpha.oot"), GOLD, "-t", "oot",
                  "--convention", "melamud")
    assert out.splitlines()[-1].split() == [
        "signature", "lexsub-studio:0.1.0|cmd:score|mode:convention|kind:oot|"
        "convention:melamud|candidates:none|lemmatised:no"]


def test_the_official_output_is_untouched_and_signed_on_request(
        capsys: pytest.CaptureFixture[str]) -> None:
    plain_out, plain_err = _run(capsys, "score", BEST, GOLD)
    assert plain_err == ""
    assert "signature" not in plain_out
    signed_out, signed_err = _run(capsys, "score", BEST, GOLD, "--signature", "--scorer",
                                  "trial", "-t", "best")
    trial_out, _ = _run(capsys, "score", BEST, GOLD, "--scorer", "trial")
    assert signed_out == trial_out
    assert signed_err == ("lexsub score: signature: lexsub-studio:0.1.0|cmd:score|"
                          "mode:official|kind:best|release:trial\n")


def test_agreement_reports_carry_it(capsys: pytest.CaptureFixture[str]) -> None:
    signature = ("lexsub-studio:0.1.0|cmd:agree|mode:responses|case:kept|merges:0|alpha:no|"
                 "bootstrap:20|seed:3|confidence:0.9")
    options = ("--keep-case", "--no-alpha", "--bootstrap", "20", "--seed", "3",
               "--confidence", "0.9")
    table, _ = _run(capsys, "agree", *RESPONSES, *options)
    assert table.endswith(f"\nsignature: {signature}\n")
    document = json.loads(_run(capsys, "agree", *RESPONSES, *options, "--format", "json")[0])
    assert document["signature"] == signature
    for by in ((), ("--by", "pos")):
        text = _run(capsys, "agree", *RESPONSES, *options, "--format", "csv", *by)[0]
        assert {row["signature"] for row in csv.DictReader(io.StringIO(text))} == {signature}
    page = _run(capsys, "agree", *RESPONSES, *options, "--format", "html")[0]
    assert f"<p>{signature}</p>" in page


def test_gold_and_compare_say_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = _run(capsys, "gold", *RESPONSES, "-o", str(tmp_path / "gold"))
    assert ("signature: lexsub-studio:0.1.0|cmd:gold|mode:pooled|case:lower|merges:0|"
            "adjudicated:no\n") in out
    # The gold file itself is read by the official scorer: no line is added to it.
    assert (tmp_path / "gold").read_text(encoding="utf-8") == Path(GOLD).read_text(
        encoding="utf-8")
    out, _ = _run(capsys, "compare", BEST, str(DEMO / "systems" / "beta.best"), GOLD,
                  "--samples", "50", "--seed", "4")
    assert out.endswith("\nsignature: lexsub-studio:0.1.0|cmd:compare|mode:clean|"
                        "kinds:best/best|measure:best.recall|tests:bootstrap+randomisation|"
                        "samples:50|seed:4|lexelt:lenient\n")
    document = json.loads(_run(capsys, "compare", BEST, str(DEMO / "systems" / "beta.best"),
                               GOLD, "--samples", "50", "--format", "json")[0])
    assert document["signature"].endswith("|samples:50|seed:12345|lexelt:lenient")


def test_the_gui_analysis_signs_its_agreement_report() -> None:
    from lexsub_studio.core.gold.analysis import AnalysisRequest, analyse
    from lexsub_studio.core.model.response_form import MergeMap, NormaliseOptions

    request = AnalysisRequest(tuple(RESPONSES), None, NormaliseOptions(), MergeMap(),
                              bootstrap=10, seed=2, suggest=False)
    analysis = analyse(request, {}, lambda _step: None, lambda: False)
    assert analysis.report.signature == (
        "lexsub-studio:0.1.0|cmd:agree|mode:responses|case:lower|merges:0|alpha:yes|"
        "bootstrap:10|seed:2|confidence:0.95")


def test_judgement_agreement_and_pooling_carry_it(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from judgement_files import DEMO_CORPUS, write_demo_judgements

    paths = [str(path) for path in write_demo_judgements(tmp_path)]
    signature = ("lexsub-studio:0.1.0|cmd:agree|mode:judgements|unsure:missing|bootstrap:0|"
                 "seed:none|confidence:none")
    table, _ = _run(capsys, "agree", *paths, "--unsure", "missing")
    assert table.endswith(f"\nsignature: {signature}\n")
    document = json.loads(_run(capsys, "agree", *paths, "--unsure", "missing", "--format",
                               "json")[0])
    assert document["signature"] == signature
    sections = _run(capsys, "agree", *paths, "--unsure", "missing", "--format",
                    "csv")[0].split("\n\n")
    assert sections[-1] == f"signature\n{signature}\n"
    assert f"<p>{signature}</p>" in _run(capsys, "agree", *paths, "--unsure", "missing",
                                         "--format", "html")[0]
    _, err = _run(capsys, "judge", "pool", *paths, "--corpus", str(DEMO_CORPUS), "-o",
                  str(tmp_path / "pooled"))
    assert err.endswith("signature: lexsub-studio:0.1.0|cmd:judge-pool|mode:judgements|"
                        "count:acceptable-votes\n")


def test_the_league_table_exports_carry_it(tmp_path: Path) -> None:
    from lexsub_studio.core.io.formats.gold import read_gold
    from lexsub_studio.core.scoring.compare.league import league_table, paper_table
    from lexsub_studio.core.scoring.compare.system_scores import score_system_file
    from lexsub_studio.core.scoring.report.tables import write_table

    gold = read_gold(GOLD).items
    systems = [score_system_file(DEMO / "systems" / name, gold, Path(GOLD).read_bytes())
               for name in ("alpha.best", "beta.best")]
    clean = CLEAN_BEST.replace("metrics:official", "metrics:jabbari+official")
    rows = list(csv.DictReader(io.StringIO(write_table(
        paper_table(systems), tmp_path / "league.csv").read_text(encoding="utf-8"))))
    assert len(rows) == 2 and {row["signature"] for row in rows} == {clean}
    latex = write_table(league_table(systems), tmp_path / "league.tex").read_text("utf-8")
    assert latex.endswith(f"\\end{{tabular}}\n% signature: {clean}\n")
    official = write_table(league_table(systems, "official"), tmp_path / "official.md")
    assert official.read_text(encoding="utf-8").endswith(
        "\nsignature: `lexsub-studio:0.1.0|cmd:score|mode:official|kind:best|release:final`\n")


def test_the_per_item_csv_carries_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    items = tmp_path / "items.csv"
    _run(capsys, "score", BEST, GOLD, "--clean", "--items", str(items))
    rows = list(csv.DictReader(io.StringIO(items.read_text(encoding="utf-8"))))
    assert rows and {row["signature"] for row in rows} == {CLEAN_BEST}


@pytest.mark.parametrize("lemmatise", [False, True])
def test_the_swords_report_carries_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      lemmatise: bool) -> None:
    from tests.test_swords_measures import write_example

    result, benchmark = write_example(tmp_path)
    switches = ["--lemmatise"] if lemmatise else []
    signature = ("lexsub-studio:0.1.0|cmd:score|mode:swords|"
                 f"lemmatised:{'yes' if lemmatise else 'no'}")
    items = tmp_path / "items.csv"
    table, _ = _run(capsys, "score", result, benchmark, "--metrics", "swords", *switches,
                    "--items", str(items))
    assert table.endswith(f"\n\nsignature: {signature}\n")
    assert {row["signature"] for row in csv.DictReader(
        io.StringIO(items.read_text(encoding="utf-8")))} == {signature}
    options = ("score", result, benchmark, "--metrics", "swords", *switches, "--format")
    assert json.loads(_run(capsys, *options, "json")[0])["signature"] == signature
    rows = list(csv.DictReader(io.StringIO(_run(capsys, *options, "csv")[0])))
    assert rows and {row["signature"] for row in rows} == {signature}
    assert _run(capsys, *options, "markdown")[0].endswith(f"\nsignature: `{signature}`\n")
    assert _run(capsys, *options, "latex")[0].endswith(
        f"\\end{{tabular}}\n% signature: {signature}\n")


def test_dataset_statistics_carry_it(capsys: pytest.CaptureFixture[str]) -> None:
    corpus = str(DEMO / "demo.xml")
    signature = ("lexsub-studio:0.1.0|cmd:stats|mode:dataset|gold:file|"
                 "multiword:responses|responses:5")
    table, _ = _run(capsys, "stats", corpus, GOLD, *RESPONSES)
    assert table.endswith(f"\n\nsignature: {signature}\n")
    document = json.loads(_run(capsys, "stats", corpus, GOLD, *RESPONSES, "--format", "json")[0])
    assert document["signature"] == signature
    rows = list(csv.DictReader(io.StringIO(_run(capsys, "stats", corpus, GOLD,
                                                str(DEMO / "gold.mw"), "--format", "csv")[0])))
    assert {row["signature"] for row in rows} == {
        signature.replace("multiword:responses|responses:5", "multiword:gold|responses:0")}


def test_a_baseline_summary_carries_it_and_its_files_stay_plain(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = _run(capsys, "baseline", "random", GOLD, "-o", str(tmp_path / "random"),
                  "--seed", "4")
    assert out.endswith("\nsignature: lexsub-studio:0.1.0|cmd:baseline|mode:random|items:gold|"
                        "seed:4\n")
    out, _ = _run(capsys, "baseline", "frequency", str(DEMO / "demo.xml"), GOLD, "-o",
                  str(tmp_path / "frequency"))
    assert out.splitlines()[-1] == ("signature: lexsub-studio:0.1.0|cmd:baseline|"
                                    "mode:frequency|items:corpus|seed:none")
    for path in tmp_path.iterdir():
        assert "signature" not in path.read_text(encoding="utf-8")


def test_the_league_table_of_compare_carries_its_figures_signature(
        capsys: pytest.CaptureFixture[str]) -> None:
    systems = [str(DEMO / "systems" / name) for name in ("alpha.best", "beta.best")]
    official = "lexsub-studio:0.1.0|cmd:score|mode:official|kind:best|release:final"
    out, _ = _run(capsys, "compare", *systems, GOLD, "--samples", "50", "--league", "official")
    assert f"\nsignature: `{official}`\n" in out
    assert out.splitlines()[-1].startswith("signature: lexsub-studio:0.1.0|cmd:compare|")
    document = json.loads(_run(capsys, "compare", *systems, GOLD, "--samples", "50",
                               "--league", "official", "--format", "json")[0])
    assert document["league_signatures"] == [official]
