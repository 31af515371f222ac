"""``lexsub gold`` and ``lexsub agree`` end to end, on small files written here."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main

HEADER = ("# lexsub-responses 1\n"
          "lexelt\tid\tannotator\tsub1\tsub2\tsub3\tmultiword\tnil\tproper_name\tcomment\tseconds\n")


def responses(path: Path, *rows: str) -> Path:
    """Write a responses file; each row is 'lexelt id annotator sub1 sub2 sub3 mw nil pn' with
    '|' between cells (comment and seconds left empty)."""
    body = "".join("\t".join(r.split("|")) + "\t\t\n" for r in rows)
    path.write_text(HEADER + body, encoding="utf-8")
    return path


@pytest.fixture()
def two_annotators(tmp_path: Path) -> list[Path]:
    ann = responses(tmp_path / "ann.tsv",
                    "happy.a|1|ann|glad|merry|||0|0",
                    "happy.a|2|ann|Cheerful||||0|0",
                    "take.v|3|ann|occur|||take place|0|0")
    bob = responses(tmp_path / "bob.tsv",
                    "happy.a|1|bob|glad||||0|0",
                    "happy.a|2|bob|||||1|0",
                    "take.v|3|bob|happen|||take  place|0|0")
    return [ann, bob]


def test_gold_writes_gold_and_multiword_gold(two_annotators: list[Path], tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    gold, mw = tmp_path / "out" / "gold", tmp_path / "out" / "gold.mw"
    code = main(["gold", *map(str, two_annotators), "-o", str(gold), "--mw", str(mw)])
    assert code == 0
    assert gold.read_text() == ("happy.a 1 :: glad 2;merry 1;\n"
                                "happy.a 2 :: cheerful 1;\n"
                                "take.v 3 :: happen 1;occur 1;\n")
    assert mw.read_text() == "take.v 3 :: take place 2;\n"
    out = capsys.readouterr().out
    assert "3 line(s) written" in out
    assert "6 row(s) from 2 file(s), 2 annotator(s)" in out


def test_gold_keep_case(two_annotators: list[Path], tmp_path: Path) -> None:
    gold = tmp_path / "gold"
    assert main(["gold", *map(str, two_annotators), "-o", str(gold), "--keep-case"]) == 0
    assert "happy.a 2 :: Cheerful 1;" in gold.read_text()


def test_gold_needs_an_output(two_annotators: list[Path],
                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gold", *map(str, two_annotators)]) == 2
    assert "-o GOLD" in capsys.readouterr().err


def test_gold_reports_problems_with_file_and_line_and_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = responses(tmp_path / "a.tsv", "w.n|1|a|p||||0|0")
    second = responses(tmp_path / "a2.tsv", "w.n|1|a|q||||0|0", "w.n|2|a|r||||0|0")
    gold = tmp_path / "gold"
    code = main(["gold", str(first), str(second), "-o", str(gold)])
    assert code == 1
    err = capsys.readouterr().err
    assert f"{second}:3: error: annotator 'a' already answered w.n 1 at {first}:3" in err
    assert f"{second}:3: warning: annotator 'a' also has rows in {first}" in err
    assert gold.read_text() == "w.n 1 :: p 1;\nw.n 2 :: r 1;\n"


def test_gold_suggest_and_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = responses(tmp_path / "r.tsv", "bright.a|1|a|brighter||||0|0",
                       "bright.a|1|b|bright||||0|0", "bright.a|1|c|colour||||0|0",
                       "bright.a|1|d|color||||0|0")
    assert main(["gold", str(source), "--suggest-lemmas"]) == 0
    suggestions = capsys.readouterr().out
    assert "brighter" not in suggestions  # a degree is another answer, not an inflection
    assert "colour\tcolor\n" in suggestions
    merge_map = tmp_path / "merges.tsv"
    merge_map.write_text(suggestions, encoding="utf-8")
    gold = tmp_path / "gold"
    assert main(["gold", str(source), "-o", str(gold), "--map", str(merge_map)]) == 0
    assert gold.read_text() == "bright.a 1 :: color 2;bright 1;brighter 1;\n"


def test_gold_unreadable_map_is_a_clear_error(two_annotators: list[Path], tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["gold", *map(str, two_annotators), "-o", str(tmp_path / "g"),
                 "--map", str(tmp_path / "missing.tsv")])
    assert code == 2
    assert "missing.tsv" in capsys.readouterr().err


def test_agree_json_has_the_agreed_keys(two_annotators: list[Path],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agree", *map(str, two_annotators), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("pairwise_agreement", "mode_agreement", "mode_agreement_loo",
                "mw_identification_agreement", "mw_string_agreement", "alpha_masi",
                "alpha_jaccard", "fleiss_kappa_mw", "items", "items_in_T", "items_with_mode",
                "annotators", "pairs", "pairwise_matrix", "per_annotator"):
        assert key in data
    # Item 1: {glad, merry} vs {glad}: 1/2; item 3: {occur} vs {happen}: 0 (item 2: bob NIL).
    assert data["pairwise_agreement"] == pytest.approx(0.25)
    assert data["pairs"] == 2
    assert (data["items"], data["items_in_T"], data["annotators"]) == (3, 2, 2)
    # Mode: item 1 glad (2 vs 1), both hit; item 3 tie: no mode. 2/2.
    assert data["mode_agreement"] == 1.0
    assert data["items_with_mode"] == 1
    # Multiword: item 1 both unmarked, item 2 (NIL answers) both unmarked, item 3 both marked.
    assert data["mw_identification_agreement"] == 1.0
    assert data["mw_string_agreement"] == 1.0
    assert data["pairwise_matrix"] == [[None, 0.25], [0.25, None]]
    assert data["fleiss_kappa_mw"] == pytest.approx(1.0)


def test_agree_table_shows_undefined(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    source = responses(tmp_path / "r.tsv", "w.n|1|a|p||||0|0")
    assert main(["agree", str(source)]) == 1     # one annotator: no pairwise agreement
    out = capsys.readouterr().out
    assert "Pairwise agreement" in out and "undefined" in out
    assert "only 1 annotator(s)" in out


def test_agree_csv_by_pos_and_bootstrap(two_annotators: list[Path],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agree", *map(str, two_annotators), "--format", "csv", "--by", "pos"]) == 0
    table = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["pos"] for r in table] == ["a", "v"]
    assert float(table[0]["pairwise_agreement"]) == pytest.approx(0.5)
    assert table[0]["mw_string_agreement"] == ""            # undefined: empty cell
    arguments = ["agree", *map(str, two_annotators), "--format", "json", "--bootstrap", "30",
                 "--seed", "5"]
    assert main(arguments) == 0
    first = json.loads(capsys.readouterr().out)["intervals"]
    assert main(arguments) == 0
    assert json.loads(capsys.readouterr().out)["intervals"] == first
    assert first["pairwise_agreement"]["replicates"] >= 1


def test_agree_output_file(two_annotators: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    assert main(["agree", *map(str, two_annotators), "--format", "json", "-o", str(out),
                 "--by", "annotator", "--no-alpha"]) == 0
    data = json.loads(out.read_text())
    assert data["alpha_masi"] is None
    assert [group["annotator"] for group in data["groups"]] == ["ann", "bob"]


def test_agree_runs_as_a_real_command(two_annotators: list[Path]) -> None:
    lexsub = Path(sys.executable).parent / "lexsub"
    command = [str(lexsub)] if lexsub.exists() else [sys.executable, "-m", "lexsub_studio"]
    result = subprocess.run([*command, "agree", *map(str, two_annotators), "--format", "json"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["pairwise_agreement"] == pytest.approx(0.25)


def test_gold_with_corpus_orders_and_checks_ids(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "corpus.xml"
    corpus.write_text('<?xml version="1.0" encoding="utf-8"?>\n<corpus lang="english">\n'
                      '<lexelt item="w.n">\n'
                      '<instance id="2"><context>a <head>w</head> b</context></instance>\n'
                      '<instance id="1"><context>c <head>w</head> d</context></instance>\n'
                      '</lexelt>\n</corpus>\n', encoding="utf-8")
    source = responses(tmp_path / "r.tsv", "w.n|1|a|p||||0|0", "w.n|2|a|q||||0|0",
                       "w.v|2|a|r||||0|0")
    gold = tmp_path / "gold"
    assert main(["gold", str(source), "-o", str(gold), "--corpus", str(corpus)]) == 1
    assert gold.read_text() == "w.n 2 :: q 1;\nw.n 1 :: p 1;\n"
    err = capsys.readouterr().err
    assert f"{source}:5: error: w.v 2 is not in the corpus (the corpus has id 2 under w.n)" in err


def test_empty_responses_give_undefined_figures_not_a_crash(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = responses(tmp_path / "empty.tsv")
    assert main(["agree", str(source), "--format", "json", "--bootstrap", "3"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["pairwise_agreement"] is None and data["alpha_masi"] is None
    assert data["items"] == 0
    gold = tmp_path / "gold"
    assert main(["gold", str(source), "-o", str(gold)]) == 0
    assert gold.read_text() == ""


def test_agree_prints_the_same_html_report_as_the_gui_exports(tmp_path: Path) -> None:
    from lexsub_studio.core.agreement.report import compute_agreement
    from lexsub_studio.core.agreement.report_about import report_about
    from lexsub_studio.core.agreement.report_html import report_html
    from lexsub_studio.core.gold.assembly import build_gold_from_files
    from lexsub_studio.core.present.signature import agreement_signature

    demo_responses = Path(__file__).resolve().parent.parent / "data" / "demo" / "responses"
    responses = sorted(demo_responses.glob("*.tsv"))
    out = tmp_path / "report.html"
    assert main(["agree", *map(str, responses), "--format", "html", "-o", str(out)]) == 0
    assembly, _ = build_gold_from_files(responses)
    expected_report = compute_agreement(assembly.pooled)
    expected_report.signature = agreement_signature(case="lower", merges=0)
    expected = report_html(expected_report, about=report_about(
        list(map(str, responses)), 0, assembly.pooled.stats))
    # The same page but for the minute it was written.
    written = re.compile(r"Written \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC")
    assert written.sub("", out.read_text(encoding="utf-8")) == written.sub("", expected)
    assert "<table" in expected


def test_agree_anonymise_hides_every_name_in_every_format(
        two_annotators: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    for output in ("table", "json", "csv", "html"):
        main(["agree", *map(str, two_annotators), "--format", output, "--by", "annotator",
              "--anonymise"])
        captured = capsys.readouterr()
        text = captured.out + captured.err
        assert "A1" in text and "A2" in text, output
        assert not re.search(r"\b(ann|bob)\b", text), output


def test_agree_pair_lists_the_items_the_two_disagree_on(
        two_annotators: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    # happy.a 1: {glad, merry} / {glad}: score 1/2; happy.a 2: bob NIL (no score);
    # take.v 3: {occur} / {happen}: nothing shared.
    assert main(["agree", *map(str, two_annotators), "--pair", "ann", "bob",
                 "--format", "csv"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "lexelt,id,pair_score,ann,bob\ntake.v,3,0.0,occur,happen\n"
    assert "1 item(s) where ann and bob disagree by at least 1" in captured.err
    assert main(["agree", *map(str, two_annotators), "--pair", "bob", "ann",
                 "--at-least", "0.5", "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(row["id"], row["pair_score"], row["bob"]) for row in listed] == [
        ("1", 0.5, "glad"), ("3", 0.0, "happen")]


def test_agree_pair_refuses_an_unknown_annotator_and_stray_options(
        two_annotators: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    files = list(map(str, two_annotators))
    assert main(["agree", *files, "--pair", "ann", "zoe"]) == 2
    assert "no annotator 'zoe' in the responses (annotators: ann, bob)" in \
        capsys.readouterr().err
    assert main(["agree", *files, "--at-least", "0.5"]) == 2
    assert "--at-least goes with --pair" in capsys.readouterr().err
    assert main(["agree", *files, "--pair", "ann", "bob", "--at-least", "0"]) == 2
    assert "above 0 and at most 1" in capsys.readouterr().err
