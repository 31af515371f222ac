"""docs/reproduction.md, row by row: each published script's figure, printed by the command the
table gives, on files these tests write (the worked examples of the docs; never copies of the
public data sets). A row whose figure or command the table no longer shows fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexsub_studio.cli.main import main

TABLE = Path(__file__).resolve().parents[1] / "docs" / "reproduction.md"

# The worked example of docs/official-scorer.md's behaviour (best, oot, mw).
FILES = {
    "ex.gold": ("a.n 1 :: well-lit 3;light 1;\na.n 2 :: pn 2;xy 1;\nb.v 3 :: go 2;run 1;\n"
                "b.v 4 :: only 1;\nc.a 5 :: don't 2;non-stop 1;happen 1;\n"
                "c.a 6 :: upnorth 2;ok 1;\n"),
    "ex.best": ("a.n 1 :: well lit;nope\nthis is not an answer line\nb.v 3 :: go;go \n"
                "b.v 4 :: only\nc.a 5 :: \nb.v 3 :: run\n"),
    "ex.oot": ("a.n 1 ::: well-lit;well lit;light;a;b;c;d;e;f;g;light\n"
               "b.v 3 ::: run-x;go;go;go\nc.a 5 ::: \n"),
    "ex.mwgold": "a.n 1 :: take place 3;\nb.v 3 :: set up 2;set in 2;\nb.v 4 :: put off 2;\n",
    "ex.mw": "a.n 1 :: take place\nb.v 4 :: \nb.v 5 :: cut up\n",
    # docs/metrics.md's worked examples of the conventions.
    "bright.gold": "bright.a 1 :: clever 1;smart 3;well-lit 2;\nbright.a 2 :: shiny 1;\n",
    "bright.oot": "bright.a 1 ::: smart;smart;clever;well-lit\nbright.a 2 ::: glossy;shiny\n",
    "bright.candidates": "bright.a::clever;smart;well-lit;shiny\n",
    "readings.gold": "x.n 1 :: near  2;far 1;\nx.n 2 :: go 1;run 2;go 3;\n",
    "readings.oot": "x.n 1 ::: near;far\nx.n 2 ::: run;go\n",
    # docs/metrics.md's worked example of the SWORDS measures (one target, six substitutes).
    "swords.json": "".join(line + "\n" for line in [
        '{"contexts": {"c:1": {"context": "The bright pupil answered."}},',
        ' "targets": {"t:1": {"context_id": "c:1", "target": "bright", "offset": 4,',
        '                     "pos": "ADJ"}},',
        ' "substitutes": {',
        '  "s:1": {"target_id": "t:1", "substitute": "clever"},',
        '  "s:2": {"target_id": "t:1", "substitute": "smart"},',
        '  "s:3": {"target_id": "t:1", "substitute": "brilliant"},',
        '  "s:4": {"target_id": "t:1", "substitute": "shiny"},',
        '  "s:5": {"target_id": "t:1", "substitute": "vivid"},',
        '  "s:6": {"target_id": "t:1", "substitute": "sharp"}},',
        ' "substitute_labels": {',
        '  "s:1": ["TRUE", "TRUE", "TRUE", "FALSE"],',
        '  "s:2": ["TRUE", "TRUE", "FALSE", "UNSURE"],',
        '  "s:3": ["TRUE", "FALSE", "FALSE", "FALSE"],',
        '  "s:4": ["FALSE", "FALSE", "FALSE"],',
        '  "s:5": ["UNSURE", "UNSURE"],',
        '  "s:6": ["TRUE", "FALSE"]},',
        ' "substitutes_lemmatized": true}',
    ]),
    "result.json": "".join(line + "\n" for line in [
        '{"substitutes_lemmatized": true,',
        ' "substitutes": {"t:1": [["intelligent", 0.9], ["Smart", 0.8], ["shiny", 0.7],',
        '                         ["bright", 0.65], ["brilliant", 0.6], ["vivid", 0.5]]}}',
    ]),
    # docs/metrics.md's example of the lemmatised comparison: lemma references, word forms.
    "lemmas.json": "".join(line + "\n" for line in [
        '{"contexts": {"c:1": {"context": "She replied at once."},',
        '              "c:2": {"context": "The autos stopped."}},',
        ' "targets": {"t:1": {"context_id": "c:1", "target": "replied", "offset": 4,',
        '                     "pos": "VERB"},',
        '             "t:2": {"context_id": "c:2", "target": "autos", "offset": 4,',
        '                     "pos": "NOUN"}},',
        ' "substitutes": {',
        '  "s:1": {"target_id": "t:1", "substitute": "answer"},',
        '  "s:2": {"target_id": "t:1", "substitute": "respond"},',
        '  "s:3": {"target_id": "t:2", "substitute": "car"},',
        '  "s:4": {"target_id": "t:2", "substitute": "vehicle"}},',
        ' "substitute_labels": {',
        '  "s:1": ["TRUE", "TRUE"], "s:2": ["TRUE", "FALSE"],',
        '  "s:3": ["TRUE", "TRUE"], "s:4": ["TRUE", "FALSE"]},',
        ' "substitutes_lemmatized": true}',
    ]),
    "inflected.json": "".join(line + "\n" for line in [
        '{"substitutes_lemmatized": false,',
        ' "substitutes": {"t:1": [["answered", 0.9], ["responded", 0.8], ["answers", 0.7]],',
        '                 "t:2": [["vehicles", 0.9], ["cars", 0.8], ["car", 0.3]]}}',
    ]),
}

# (row of the table, command after `lexsub`, the figure as printed)
ROWS = [
    ("official final", "score ex.best ex.gold", "precision = 35.42, recall = 23.61"),
    ("official final", "score ex.best ex.gold", "Mode precision = 33.33, Mode recall = 33.33"),
    ("official final", "score ex.oot ex.gold -t oot", "precision = 187.50, recall = 125.00"),
    ("official final", "score ex.mw ex.mwgold -t mw",
     "Identification precision = 50.00, recall = 50.00"),
    ("official trial", "score ex.best ex.gold --scorer trial",
     "precision = 0.354, recall = 0.142"),
    ("official trial", "score ex.oot ex.gold -t oot --scorer trial",
     "precision = 2.000, recall = 0.800"),
    ("Melamud et al.", "score readings.oot readings.gold -t oot --convention melamud",
     "GAP 55.00"),
    ("Melamud et al.", "score readings.oot readings.gold -t oot --convention melamud-mw",
     "GAP 37.14"),
    ("Melamud et al.", "score bright.oot bright.gold -t oot --convention melamud", "GAP 108.33"),
    ("Melamud et al.", "score bright.oot bright.gold -t oot --convention melamud-mw "
     "--rank-candidates bright.candidates", "GAP 120.56"),
    ("LexSubGen", "score readings.oot readings.gold -t oot --convention lexsubgen",
     "GAP 90.91"),
    ("LexSubGen", "score bright.oot bright.gold -t oot --convention lexsubgen", "GAP 95.00"),
    ("SWORDS", "score result.json swords.json --metrics swords",
     "F@10 lenient acceptable 0.400"),
    ("SWORDS", "score result.json swords.json --metrics swords", "P@10 strict acceptable 0.200"),
    ("SWORDS", "score result.json swords.json --metrics swords", "GAP 0.213"),
    ("SWORDS (lemmatised)", "score inflected.json lemmas.json --metrics swords --lemmatise",
     "GAP 0.857"),
]


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, text in FILES.items():
        (tmp_path / name).write_bytes(text.encode())
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("row,command,figure", ROWS)
def test_each_row_prints_its_figure(files: Path, capsys, row: str, command: str,
                                    figure: str) -> None:
    main(command.split())
    printed = " ".join(capsys.readouterr().out.split())
    assert figure in printed, printed
    table = TABLE.read_text(encoding="utf-8")
    assert any(text.startswith(f"| {row}") and f"`lexsub {command}`" in text
               and f"| {figure} |" in text for text in table.splitlines()), (
        f"docs/reproduction.md has no '{row}' row with {figure} and `lexsub {command}`")


def test_the_table_quotes_the_test_files() -> None:
    table = TABLE.read_text(encoding="utf-8")
    for name, text in FILES.items():
        assert f"`{name}`" in table, name
        for line in text.splitlines():
            # A trailing space is shown as '·' (the table's note says so): editors keep that.
            stripped = line.rstrip(" ")
            assert stripped + "·" * (len(line) - len(stripped)) in table, (name, line)
