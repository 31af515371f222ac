"""CoInCo substitutes holding ';' (made-up data): written with ',' as the field's gold files write
them and reported, the corpus and its gold written together or not at all, and the sentence
count in `lexsub stats`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexsub_studio.cli.main import main
from lexsub_studio.core.io.formats import benchmarks
from lexsub_studio.core.io.formats.gold import read_gold

COINCO = """<?xml version="1.0" encoding="utf-8"?>
<document>
  <sent MASCfile="f1" MASCsentID="s1">
    <precontext>It rained.</precontext>
    <targetsentence>The keen pupil read books .</targetsentence>
    <postcontext>Then lunch.</postcontext>
    <tokens>
      <token id="XXX" wordform="The" lemma="the" posMASC="DT" posTT="DT"/>
      <token id="7" wordform="keen" lemma="keen" posMASC="JJ" posTT="JJ">
        <substitutions>
          <subst lemma="eager" pos="JJ" freq="3"/>
          <subst lemma="avid;ardent" pos="JJ" freq="1"/>
        </substitutions>
      </token>
      <token id="9" wordform="read" lemma="read" posMASC="VBD" posTT="VVD">
        <substitutions>
          <subst lemma="peruse" pos="VB" freq="2"/>
        </substitutions>
      </token>
    </tokens>
  </sent>
  <sent MASCfile="f1" MASCsentID="s2">
    <precontext>Then lunch.</precontext>
    <targetsentence>A bright idea .</targetsentence>
    <postcontext></postcontext>
    <tokens>
      <token id="12" wordform="bright" lemma="bright" posMASC="JJ" posTT="JJ">
        <substitutions>
          <subst lemma="clever" pos="JJ" freq="2"/>
          <subst lemma="smart; sharp" pos="JJ" freq="1"/>
        </substitutions>
      </token>
    </tokens>
  </sent>
</document>
"""


def test_substitutes_with_semicolons_are_written_with_commas(tmp_path: Path, capsys) -> None:
    source = tmp_path / "coinco.xml"
    source.write_text(COINCO)
    out = tmp_path / "out.xml"
    assert main(["convert", str(source), str(out), "--to", "lexsub"]) == 0
    err = capsys.readouterr().err
    assert "2 substitute(s) held ';'" in err
    assert "target 7: substitute 'avid;ardent' holds ';'; it is written 'avid,ardent'" in err
    assert "target 12: substitute 'smart; sharp'" in err
    gold = read_gold(tmp_path / "out.gold").items
    assert [(item.id, item.entries) for item in gold] == [
        ("7", [("eager", 3), ("avid,ardent", 1)]), ("9", [("peruse", 2)]),
        ("12", [("clever", 2), ("smart, sharp", 1)])]
    assert out.is_file()


def test_no_half_output_set_when_the_gold_cannot_be_written(tmp_path: Path, capsys,
                                                           monkeypatch) -> None:
    source = tmp_path / "coinco.xml"
    source.write_text(COINCO.replace('lemma="peruse"', 'lemma=" peruse"'))
    out = tmp_path / "out.xml"
    assert main(["convert", str(source), str(out), "--to", "lexsub"]) == 2
    assert "cannot be written" in capsys.readouterr().err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["coinco.xml"]
    # An earlier pair of outputs stays as it was.
    out.write_text("old corpus")
    (tmp_path / "out.gold").write_text("old gold")
    assert main(["convert", str(source), str(out), "--to", "lexsub"]) == 2
    assert out.read_text() == "old corpus"
    assert (tmp_path / "out.gold").read_text() == "old gold"
    assert benchmarks.default_gold_path(out) == tmp_path / "out.gold"


@pytest.mark.parametrize("output_format", ["table", "json"])
def test_stats_gives_the_sentence_count(tmp_path: Path, capsys, output_format: str) -> None:
    source = tmp_path / "coinco.xml"
    source.write_text(COINCO)
    assert main(["stats", str(source), "--format", output_format]) == 0
    out = capsys.readouterr().out
    if output_format == "json":
        assert json.loads(out)["sentences"] == 2
    else:
        assert "sentences: 2 " in out
