"""Dataset statistics per PoS and lexelt, checked against hand-computed figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.dataset.stats import COLUMNS, dataset_stats, gold_item_figures
from lexsub_studio.core.io.formats.corpus_xml import write_corpus
from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.responses import write_responses
from lexsub_studio.core.model.data import Corpus, Instance, Lexelt, ResponseRow

GOLD = (
    "bright.a 1 :: clever 3;smart 1;\n"
    "bright.a 2 :: vivid 2;vibrant 2;\n"
    "bright.a 3 :: pn 3;\n"
    "run.v 4 :: manage 1;\n"
    "run.v 9 :: go 2;\n"
)
MW_GOLD = "bright.a 2 :: bright spark 2;\nrun.v 4 :: run out 1;\n"


def make_corpus() -> Corpus:
    def instance(instance_id: str, text: str, head: str) -> Instance:
        start = text.index(head)
        return Instance(instance_id, text, start, start + len(head))

    return Corpus([
        Lexelt("bright.a", [instance("1", "a bright pupil", "bright"),
                            instance("2", "a bright door", "bright"),
                            instance("3", "Bright Lane", "Bright")]),
        Lexelt("run.v", [instance("4", "she runs a shop", "runs"),
                         instance("5", "rivers run", "run")]),
    ])


def make_rows() -> list[ResponseRow]:
    return [
        ResponseRow("bright.a", "1", "A", ("clever", "smart")),
        ResponseRow("bright.a", "1", "B", ("clever",)),
        ResponseRow("bright.a", "1", "C", ("clever",)),
        ResponseRow("bright.a", "2", "A", ("vivid", "bold")),
        ResponseRow("bright.a", "2", "B", ("vivid",)),
        ResponseRow("bright.a", "2", "C", nil=True),
        ResponseRow("run.v", "4", "A", ("manage",)),
        ResponseRow("run.v", "4", "B", ("manage", "direct")),
        ResponseRow("run.v", "4", "C", multiword="run out"),
    ]


def rows_by_group(table) -> dict[str, dict]:
    return {f"{row['level']}:{row['group']}": row for row in table.to_dict(orient="records")}


def test_gold_item_figures_leave_proper_names_out() -> None:
    # clever 3, smart 1: 2 substitutes, 4 responses, in T, one highest count -> a mode.
    assert gold_item_figures([("clever", 3), ("smart", 1)]) == (2, 4, True, True)
    assert gold_item_figures([("vivid", 2), ("vibrant", 2)]) == (2, 4, True, False)
    assert gold_item_figures([("pn", 3)]) == (0, 0, False, False)
    assert gold_item_figures([("manage", 1)]) == (1, 1, False, False)
    assert gold_item_figures([("go", 2)]) == (1, 2, True, True)


def test_gold_figures_per_group() -> None:
    gold = parse_gold_text(GOLD).items
    mw = parse_gold_text(MW_GOLD, multiword=True).items
    result = dataset_stats(make_corpus(), gold, multiword_gold=mw)
    assert list(result.table.columns) == list(COLUMNS)
    rows = rows_by_group(result.table)
    assert list(rows) == ["all:all", "pos:a", "pos:v", "lexelt:bright.a", "lexelt:run.v"]
    everything = rows["all:all"]
    # 5 corpus instances; 5 gold lines (run.v 9 is not in the corpus but counts);
    # substitutes 2 + 2 + 0 + 1 + 1 = 6 over 5 items = 1.2; responses 4 + 4 + 0 + 1 + 2 = 11
    # over 5 = 2.2; in T: items 1, 2, 9; with a mode: items 1 and 9.
    assert (everything["instances"], everything["gold_items"]) == (5, 5)
    assert everything["substitutes_per_item"] == pytest.approx(6 / 5)
    assert everything["responses_per_item"] == pytest.approx(11 / 5)
    assert (everything["items_in_T"], everything["items_with_mode"]) == (3, 2)
    assert everything["items_with_multiword"] == 2
    assert everything["pairwise_agreement"] is None
    adjectives = rows["pos:a"]
    # bright.a: substitutes (2 + 2 + 0) / 3, responses (4 + 4 + 0) / 3, T {1, 2}, mode {1}.
    assert adjectives["substitutes_per_item"] == pytest.approx(4 / 3)
    assert adjectives["responses_per_item"] == pytest.approx(8 / 3)
    assert (adjectives["items_in_T"], adjectives["items_with_mode"]) == (2, 1)
    verbs = rows["lexelt:run.v"]
    # run.v: instances 4 and 5; gold 4 and 9: substitutes (1 + 1) / 2, responses (1 + 2) / 2.
    assert (verbs["instances"], verbs["gold_items"]) == (2, 2)
    assert verbs["responses_per_item"] == pytest.approx(1.5)
    assert (verbs["items_in_T"], verbs["items_with_mode"], verbs["items_with_multiword"]) == (
        1, 1, 1)
    [warning] = result.diagnostics.warnings
    assert warning.message.startswith("1 gold item(s) are not in the corpus")


def test_agreement_and_multiwords_from_responses() -> None:
    pooled = pool_responses([ResponseSource("r.tsv", make_rows())], corpus=make_corpus())
    result = dataset_stats(make_corpus(), None, pooled=pooled)
    rows = rows_by_group(result.table)
    # bright.a 1: A-B {clever,smart} vs {clever} 1/2, A-C 1/2, B-C 1 -> 2.0 over 3 pairs;
    # bright.a 2: A-B {vivid,bold} vs {vivid} 1/2 (C said NIL: no pair) -> 0.5 over 1 pair;
    # run.v 4: A-B {manage} vs {manage,direct} 1/2 (C gave only a multiword) -> 0.5 over 1.
    assert rows["all:all"]["agreement_pairs"] == 5
    assert rows["all:all"]["pairwise_agreement"] == pytest.approx(3.0 / 5)
    assert rows["pos:a"]["pairwise_agreement"] == pytest.approx(2.5 / 4)
    assert rows["pos:v"]["pairwise_agreement"] == pytest.approx(0.5 / 1)
    # Without a multiword gold, multiwords come from the responses: only run.v 4.
    assert [rows[key]["items_with_multiword"] for key in ("all:all", "pos:a", "pos:v")] == [
        1, 0, 1]
    # No gold: the gold figures are undefined, not zero.
    assert rows["all:all"]["gold_items"] is None
    assert rows["all:all"]["items_in_T"] is None


def test_corpus_alone_counts_instances() -> None:
    rows = rows_by_group(dataset_stats(make_corpus()).table)
    assert [rows[key]["instances"] for key in ("all:all", "pos:a", "pos:v")] == [5, 3, 2]
    assert rows["all:all"]["items_with_multiword"] is None


def test_empty_corpus_gives_one_row_of_zeros() -> None:
    [row] = dataset_stats(Corpus()).table.to_dict(orient="records")
    assert (row["level"], row["instances"]) == ("all", 0)


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {"corpus": tmp_path / "task.xml", "gold": tmp_path / "gold",
             "mw": tmp_path / "gold.mw", "responses": tmp_path / "responses.tsv"}
    write_corpus(make_corpus(), paths["corpus"])
    paths["gold"].write_text(GOLD, encoding="utf-8")
    paths["mw"].write_text(MW_GOLD, encoding="utf-8")
    write_responses(make_rows(), paths["responses"])
    return paths


def test_cli_json_has_every_figure(files: dict[str, Path], capsys) -> None:
    code = main(["stats", str(files["corpus"]), str(files["gold"]), str(files["mw"]),
                 str(files["responses"]), "--format", "json"])
    captured = capsys.readouterr()
    assert code == 0
    rows = {f"{row['level']}:{row['group']}": row for row in json.loads(captured.out)["rows"]}
    assert rows["all:all"]["items_in_T"] == 3
    assert rows["all:all"]["items_with_multiword"] == 2  # from the multiword gold
    assert rows["all:all"]["pairwise_agreement"] == pytest.approx(0.6)
    assert "1 gold item(s) are not in the corpus" in captured.err


def test_cli_table_and_csv(files: dict[str, Path], tmp_path: Path, capsys) -> None:
    assert main(["stats", str(files["corpus"]), str(files["gold"])]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["level", "group", "instances", "gold"]
    # Undefined figures read "undefined" in the terminal, as in every text table
    # (core/present/numbers.py).
    assert lines[1].split() == ["all", "all", "5", "5", "1.200", "2.200", "3", "2",
                                "undefined", "undefined", "undefined"]
    output = tmp_path / "stats.csv"
    assert main(["stats", str(files["corpus"]), "--format", "csv", "-o", str(output)]) == 0
    csv_lines = output.read_text(encoding="utf-8").splitlines()
    assert csv_lines[0].startswith("level,group,instances,gold_items,")
    assert csv_lines[1] == ("all,all,5,,,,,,,,,lexsub-studio:0.1.0|cmd:stats|mode:dataset|"
                            "gold:none|multiword:none|responses:0")


def test_cli_refuses_files_of_other_kinds(files: dict[str, Path], tmp_path: Path,
                                          capsys) -> None:
    best = tmp_path / "system.best"
    best.write_text("bright.a 1 :: clever\n", encoding="utf-8")
    assert main(["stats", str(files["corpus"]), str(best)]) == 2
    assert "looks like a best file" in capsys.readouterr().err
    assert main(["stats", str(files["corpus"]), str(files["gold"]), str(files["gold"])]) == 2


def test_undefined_figures_are_none_not_nan() -> None:
    # Only bright.a has pairs: run.v's agreement is undefined and must read as None.
    rows = [ResponseRow("bright.a", "1", "A", ("clever",)),
            ResponseRow("bright.a", "1", "B", ("clever",))]
    pooled = pool_responses([ResponseSource("r.tsv", rows)], corpus=make_corpus())
    table = rows_by_group(dataset_stats(make_corpus(), pooled=pooled).table)
    assert table["pos:a"]["pairwise_agreement"] == pytest.approx(1.0)
    assert table["pos:v"]["pairwise_agreement"] is None
