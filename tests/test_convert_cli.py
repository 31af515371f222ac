"""lexsub convert and lexsub validate on the later benchmarks' formats (made-up data)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats import coinco, simplification, swords
from lexsub_studio.core.io.formats.detect import detect_path

ROWS = ("The cat sat on a mat .\tsat\tperched\trested\tperched\n"
        "A dog ran home quickly .\tquickly\tfast\tswiftly\n")


def test_convert_through_every_dataset_format_keeps_corpus_and_gold(tmp_path: Path,
                                                                    capsys) -> None:
    source = tmp_path / "in.tsv"
    source.write_text(ROWS)
    steps = [("in.tsv", "a.xml", "lexsub"), ("a.xml", "b.xml", "coinco"),
             ("b.xml", "c.json.gz", "swords"), ("c.json.gz", "d.tsv", "simplification")]
    for source_name, target_name, fmt in steps:
        extra = ["--gold", str(tmp_path / "a.gold")] if source_name == "a.xml" else []
        code = main(["convert", str(tmp_path / source_name), str(tmp_path / target_name),
                     "--to", fmt, *extra])
        assert code == 0, capsys.readouterr().err
    assert (tmp_path / "a.gold").read_text() == ("sit.v 1 :: perched 2;rested 1;\n"
                                                 "quickly.r 2 :: fast 1;swiftly 1;\n")
    rows = simplification.read_simplification(tmp_path / "d.tsv").rows
    original = simplification.read_simplification(source).rows
    assert [(row.sentence, row.complex_word, sorted(row.substitutes)) for row in rows] == [
        (row.sentence, row.complex_word, sorted(row.substitutes)) for row in original]
    assert coinco.read_coinco(tmp_path / "b.xml").document.sentences[0].tokens[2].id == "1"


def test_detection_and_validate_know_the_new_kinds(tmp_path: Path, capsys) -> None:
    (tmp_path / "d.tsv").write_text(ROWS)
    document = coinco.CoincoDocument([coinco.CoincoSentence("", "a b", "", [
        coinco.CoincoToken("4", "b", "b", "NN", "NN", "yes", [])])])
    coinco.write_coinco(document, tmp_path / "c.xml")
    swords.write_swords(swords.SwordsBenchmark({"c:1": "x"}), tmp_path / "s.json")
    (tmp_path / "r.json").write_text(json.dumps({"t:1": [["a", 1.0]]}))
    kinds = [detect_path(tmp_path / name).kind for name in ("d.tsv", "c.xml", "s.json",
                                                               "r.json")]
    assert kinds == ["simplification", "coinco", "swords", "swords-result"]
    code = main(["validate", "--format", "json", *(str(tmp_path / name) for name in
                                                   ("d.tsv", "c.xml"))])
    reports = json.loads(capsys.readouterr().out)["files"]
    assert code == 0
    assert reports[0]["summary"]["gold_items"] == 2
    assert reports[1]["summary"]["problematic_skipped"] == 1


def test_convert_refuses_answers_as_a_dataset_in_a_sentence(tmp_path: Path, capsys) -> None:
    (tmp_path / "r.json").write_text(json.dumps({"t:1": [["a", 1.0]]}))
    code = main(["convert", str(tmp_path / "r.json"), str(tmp_path / "o.xml"), "--to",
                 "coinco"])
    assert code == 2
    assert "a system's answers, which cannot be written as coinco" in capsys.readouterr().err
    assert main(["convert", str(tmp_path / "r.json"), str(tmp_path / "o.weighted"), "--to",
                 "weighted"]) == 0
    assert (tmp_path / "o.weighted").read_text().startswith("swords.x t:1 a/1.0")


@pytest.mark.parametrize("text", ["{not json", "[1, 2]"])
def test_convert_of_bad_json_is_one_sentence(tmp_path: Path, capsys, text: str) -> None:
    (tmp_path / "b.json").write_text(text)
    code = main(["convert", str(tmp_path / "b.json"), str(tmp_path / "o.tsv"), "--to",
                 "simplification", "--from", "swords"])
    assert code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and str(tmp_path / "b.json") in err


def test_validate_reads_a_one_line_swords_file_over_the_line_limit(tmp_path: Path,
                                                                     capsys) -> None:
    contexts = {f"c:{n}": {"context": "word " * 2000} for n in range(1000)}
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"contexts": contexts, "targets": {}}))
    assert path.stat().st_size > 8 << 20
    assert main(["validate", "--format", "json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)["files"][0]
    assert report["kind"] == "swords" and report["summary"]["contexts"] == 1000
