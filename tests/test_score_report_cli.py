"""``lexsub score`` report options: --clean, --metrics, --format, --by, --explain, switches."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from lexsub_studio.cli import score_report
from lexsub_studio.cli.main import build_parser, main

GOLD = """a.n 1 :: well-lit 3;light 1;
a.n 2 :: pn 2;xy 1;
b.v 3 :: go 2;run 1;
b.v 4 :: only 1;
c.a 5 :: don't 2;non-stop 1;happen 1;
c.a 6 :: upnorth 2;ok 1;
"""
BEST = "a.n 1 :: well lit;nope\nthis is not an answer line\nb.v 3 :: go;go \nb.v 4 :: only\n" \
       "c.a 5 :: \nb.v 3 :: run\n"
OOT = "a.n 1 ::: well-lit;well lit;light;a;b;c;d;e;f;g;light\nb.v 3 ::: run-x;go;go;go\n" \
      "c.a 5 ::: \n"


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {"gold": tmp_path / "G", "best": tmp_path / "S", "oot": tmp_path / "O"}
    paths["gold"].write_text(GOLD, encoding="utf-8")
    paths["best"].write_text(BEST, encoding="utf-8")
    paths["oot"].write_text(OOT, encoding="utf-8")
    return paths


def lexsub(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main(["score", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_no_report_option_keeps_the_official_path(files: dict[str, Path]) -> None:
    parser = build_parser("score")
    assert not score_report.wants_report(parser.parse_args([str(files["best"]), "G"]))
    for option in (["--clean"], ["--metrics", "all"], ["--format", "json"], ["--by", "pos"],
                   ["--penalty", "2"], ["--keep-defect", "spelling"], ["--explain"],
                   ["-t", "weighted"]):
        args = parser.parse_args([str(files["best"]), "G", *option])
        assert score_report.wants_report(args), option


def test_clean_table(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = lexsub(capsys, files["best"], files["gold"], "--clean")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == (f"Clean scoring of {files['best']} against {files['gold']} "
                        "(best; 4 items in T, 4 with a mode, 2 attempted)")
    # a.n 1: 3/4/2 = 0.375; b.v 3: 2/3; sum 1.042; precision / 2, recall / 4.
    assert lines[2:7] == [
        "measure              value  numerator  denominator",
        "best precision       0.521      1.042            2",
        "best recall          0.260      1.042            4",
        "best mode precision  1.000          2            2",
        "best mode recall     0.500          2            4",
    ]
    assert "  2 gold items with fewer than 2 responses (not in T)" in lines
    # The reader's diagnostics go to stderr with file and line.
    assert f"{files['best']}:2: error: no ' :: ' separator" in err


def test_json_keys_are_stable(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = lexsub(capsys, files["oot"], files["gold"], "-t", "oot", "--metrics", "all",
                          "--format", "json", "--by", "pos")
    assert code == 0
    document = json.loads(out)
    assert list(document) == ["format", "scoring", "system", "gold", "kind", "options",
                              "counts", "ignored", "figures", "groups", "diagnostics",
                              "signature"]
    assert document["format"] == "lexsub-score-report 1"
    assert document["options"] == {"metrics": ["official", "jabbari", "ranking"],
                                   "kept_defects": [], "penalty": 1.0}
    assert list(document["figures"]) == [
        "oot.precision", "oot.recall", "oot.mode_precision", "oot.mode_recall",
        "coverage.precision", "coverage.recall", "coverage.f", "coverage.optimal_f",
        *(f"coverage.top{n}_f" for n in range(1, 11)),
        "ranking.p_at_1", "ranking.p_at_3", "ranking.r_at_10", "ranking.gap",
    ]
    recall = document["figures"]["oot.recall"]
    assert list(recall) == ["label", "value", "numerator", "denominator", "numerator_label",
                            "denominator_label"]
    # a.n 1: (3 + 1) / 4 = 1; b.v 3: 2 / 3; over 4 items in T.
    assert recall["value"] == pytest.approx((1 + 2 / 3) / 4)
    assert recall["denominator"] == 4
    assert list(document["groups"]["pos"]) == ["n", "a", "v"]
    assert document["groups"]["pos"]["n"]["oot.recall"]["value"] == 1.0


def test_csv_is_long(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = lexsub(capsys, files["best"], files["gold"], "--format", "csv", "--by",
                          "lexelt")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["group_by", "group", "measure", "label", "value", "numerator",
                       "denominator", "signature"]
    assert rows[1][:4] == ["all", "all", "best.precision", "best precision"]
    assert float(rows[1][4]) == pytest.approx((3 / 4 / 2 + 2 / 3) / 2)
    by_lexelt = {(row[1], row[2]): row for row in rows[1:] if row[0] == "lexelt"}
    assert by_lexelt[("c.a", "best.precision")][4] == ""  # undefined: nothing attempted
    assert float(by_lexelt[("b.v", "best.recall")][4]) == pytest.approx(2 / 3)


def test_markdown_and_latex(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    _, markdown, _ = lexsub(capsys, files["best"], files["gold"], "--format", "markdown",
                            "--by", "pos")
    assert "| measure | all | n | a | v |" in markdown
    assert "| best recall | 0.260 | 0.375 | 0.000 | 0.667 |" in markdown
    _, latex, _ = lexsub(capsys, files["best"], files["gold"], "--format", "latex")
    assert r"\begin{tabular}{lrrr}" in latex
    assert r"best recall & 0.260 & 1.042 & 4 \\" in latex


def test_keep_defect_and_penalty(files: dict[str, Path],
                                 capsys: pytest.CaptureFixture[str]) -> None:
    def figures(*options: str) -> dict:
        code, out, _ = lexsub(capsys, files["oot"], files["gold"], "-t", "oot", "--format",
                              "json", "--metrics", "all", *options)
        assert code == 0
        return json.loads(out)["figures"]

    clean = figures()
    kept = figures("--keep-defect", "distinct-answers")
    # b.v 3: 'go' three times, (2 + 2 + 2) / 3 instead of 2 / 3. a.n 1: 'well lit' twice and
    # 'light' once (its repeat is the 11th answer, cut): (3 + 3 + 1) / 4 instead of (3 + 1) / 4.
    assert kept["oot.recall"]["numerator"] - clean["oot.recall"]["numerator"] == pytest.approx(
        (6 / 3 - 2 / 3) + (7 / 4 - 1))
    # Coverage precision, a.n 1: credit 4, 7 wrong; b.v 3: credit 2, 1 wrong.
    assert clean["coverage.precision"]["value"] == pytest.approx((4 / 11 + 2 / 3) / 4)
    doubled = figures("--penalty", "2")
    assert doubled["coverage.precision"]["value"] == pytest.approx((4 / 18 + 2 / 4) / 4)


def test_undefined_figure_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "G"
    gold.write_text("a.n 1 :: a 2;b 2;\n", encoding="utf-8")
    system = tmp_path / "S"
    system.write_text("a.n 1 :: a\n", encoding="utf-8")
    code, out, err = lexsub(capsys, system, gold, "--clean")
    assert code == 1
    assert "best mode recall     undefined          0            0" in out.splitlines()
    assert "undefined (zero denominator): best mode precision, best mode recall" in err
    code, _, err = lexsub(capsys, system, gold, "--keep-defect", "undefined-figures")
    assert code == 1
    assert "best mode precision is undefined" in err


def test_bad_metrics_is_a_usage_error(files: dict[str, Path],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = lexsub(capsys, files["best"], files["gold"], "--metrics", "nope")
    assert code == 2
    assert "--metrics: unknown family nope" in err


def test_weighted_file_is_detected(tmp_path: Path, files: dict[str, Path],
                                   capsys: pytest.CaptureFixture[str]) -> None:
    weighted = tmp_path / "W"
    weighted.write_text("a.n 1 well_lit/3 nope/1\nb.v 3 run/1 go/1\n", encoding="utf-8")
    code, out, _ = lexsub(capsys, weighted, files["gold"], "--metrics", "all", "--format",
                          "json")
    assert code == 0
    document = json.loads(out)
    assert document["kind"] == "weighted"
    # best = top 1: a.n 1 'well lit' 3/4; b.v 3 'run' 1/3 (tie in file order).
    assert document["figures"]["best.recall"]["value"] == pytest.approx((3 / 4 + 1 / 3) / 4)
    code, _, err = lexsub(capsys, weighted, files["gold"], "--explain")
    assert code == 2
    assert "--explain compares with the official scorer" in err


def test_explain_trailing_space(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "G"
    gold.write_text("bright.a 12 :: well lit 2;bright 1;clear 1;light 1;\n", encoding="utf-8")
    system = tmp_path / "S"
    system.write_text("bright.a 12 :: well lit \n", encoding="utf-8")
    code, out, _ = lexsub(capsys, system, gold, "--explain")
    assert code == 0
    # Clean: 'well lit' 2 of H 5 = 0.4, and the mode. Official: 'well lit ' matches nothing.
    lines = out.splitlines()
    start = lines.index("Items where the official scorer differs: 1")
    assert lines[start:start + 3] == [
        "Items where the official scorer differs: 1",
        "  bright.a 12: answer 'well lit ' has a trailing space; official credit 0, clean 0.4; "
        "mode hit: official no, clean yes",
        "",
    ]


def test_explain_json(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = lexsub(capsys, files["best"], files["gold"], "--explain", "--format", "json")
    assert code == 0
    differences = {d["id"]: d for d in json.loads(out)["differences"]}
    assert sorted(differences) == ["1", "3", "5"]
    assert differences["3"]["official_score"] == pytest.approx(2 / 3 / 2)  # 'go' + 'go ' / 2
    assert differences["3"]["clean_score"] == pytest.approx(2 / 3)
    assert differences["5"]["reasons"][0] == (
        "the answer is blank; the official scorer reuses the answers of line 3")


def test_output_items_and_verbose(tmp_path: Path, files: dict[str, Path],
                                  capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "out" / "report.json"
    items = tmp_path / "items.csv"
    code, out, _ = lexsub(capsys, files["best"], files["gold"], "--format", "json", "-o", report,
                          "--items", items)
    assert code == 0 and out == ""
    assert json.loads(report.read_text(encoding="utf-8"))["kind"] == "best"
    rows = list(csv.DictReader(io.StringIO(items.read_text(encoding="utf-8"))))
    assert [row["id"] for row in rows] == ["1", "3", "5", "6"]
    assert rows[0]["best_answers"] == "well lit;nope"
    assert float(rows[0]["best_score"]) == pytest.approx(0.375)
    _, out, _ = lexsub(capsys, files["best"], files["gold"], "--clean", "-v")
    assert "  a.n 1: best: credit (3 + 0) / 4 = 0.75, divided by 2 answers = 0.375" in out


def test_report_module_imports_nothing_heavy() -> None:
    code = ("import sys, lexsub_studio.cli.score_report; "
            "print(sorted(m for m in ('pandas', 'numpy') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


def test_real_process(files: dict[str, Path]) -> None:
    result = subprocess.run([sys.executable, "-m", "lexsub_studio", "score", str(files["best"]),
                             str(files["gold"]), "--clean", "--format", "json"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["figures"]["best.recall"]["value"] == pytest.approx(
        (3 / 4 / 2 + 2 / 3) / 4)


def test_multiword_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "MWG"
    gold.write_text("a.n 1 :: take place 3;\nb.v 3 :: set up 2;set in 2;\nb.v 4 :: put off 2;\n",
                    encoding="utf-8")
    system = tmp_path / "MWS"
    system.write_text("a.n 1 :: take place\nb.v 4 :: \nb.v 5 :: cut up\n", encoding="utf-8")
    code, out, _ = lexsub(capsys, system, gold, "-t", "mw", "--format", "json")
    assert code == 0
    figures = json.loads(out)["figures"]
    # MW = {a.n 1, b.v 4}; found = {a.n 1, b.v 5}; genuine = matched = {a.n 1}.
    assert {key: figure["value"] for key, figure in figures.items()} == {
        "mw.detection_precision": 0.5, "mw.detection_recall": 0.5,
        "mw.identification_precision": 0.5, "mw.identification_recall": 0.5}


def test_missing_file_is_one_clear_line(tmp_path: Path, files: dict[str, Path],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = lexsub(capsys, tmp_path / "absent", files["gold"], "--clean")
    assert code == 2
    assert out == ""
    assert "absent" in err and "Traceback" not in err
