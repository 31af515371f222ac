"""CoInCo XML, SWORDS JSON and lexical-simplification TSV: reading, diagnostics, round trips.

All data here is made up for these tests.
"""

from __future__ import annotations

import gzip
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexsub_studio.core.io.formats import coinco, simplification, swords
from lexsub_studio.core.model.diagnostics import InputError

COINCO = """<?xml version="1.0" encoding="utf-8"?>
<document>
  <sent MASCfile="f1" MASCsentID="s1">
    <precontext>It rained.</precontext>
    <targetsentence>The keen pupil read books .</targetsentence>
    <postcontext>Then lunch.</postcontext>
    <tokens>
      <token id="XXX" wordform="The" lemma="the" posMASC="DT" posTT="DT"/>
      <token id="7" wordform="keen" lemma="keen" posMASC="JJ" posTT="JJ" problematic="no">
        <substitutions>
          <subst lemma="eager" pos="JJ" freq="3"/>
          <subst lemma="avid" pos="JJ" freq="1"/>
        </substitutions>
      </token>
      <token id="8" wordform="pupil" lemma="pupil" posMASC="NN" posTT="NN" problematic="yes">
        <substitutions>
          <subst lemma="student" pos="NN" freq="2"/>
        </substitutions>
      </token>
      <token id="9" wordform="read" lemma="read" posMASC="VBD" posTT="VVD">
        <substitutions>
          <subst lemma="peruse" pos="VB" freq="2"/>
          <subst lemma="study" pos="VB" freq="x"/>
        </substitutions>
      </token>
      <token id="XXX" wordform="books" lemma="book" posMASC="NNS" posTT="NNS"/>
    </tokens>
  </sent>
</document>
"""


def test_coinco_reads_as_corpus_and_gold_with_problematic_skipped() -> None:
    result = coinco.read_coinco_bytes(COINCO.encode(), "c.xml")
    bad = [d for d in result.diagnostics if d.code == "bad-count"]
    assert len(bad) == 1 and bad[0].line == 23 and "'x'" in bad[0].message
    conversion = coinco.to_corpus_and_gold(result.document, "c.xml")
    assert [lexelt.item for lexelt in conversion.corpus.lexelts] == ["keen.a", "read.v"]
    keen = conversion.corpus.lexelts[0].instances[0]
    assert keen.id == "7" and keen.head == "keen"
    assert keen.context == "It rained. The keen pupil read books . Then lunch."
    assert [(item.lexelt, item.id, item.entries) for item in conversion.gold] == [
        ("keen.a", "7", [("eager", 3), ("avid", 1)]), ("read.v", "9", [("peruse", 2)])]
    assert conversion.counts["problematic_skipped"] == 1
    skipped = [d for d in conversion.diagnostics if d.code == "problematic-target"]
    assert skipped[0].line == 15 and "8" in skipped[0].message


def test_coinco_refuses_entities_and_other_roots() -> None:
    with pytest.raises(InputError) as raised:
        coinco.read_coinco_bytes(b'<!DOCTYPE d [<!ENTITY e "x">]><document>&e;</document>')
    assert raised.value.diagnostic.code == "entity-declaration"
    with pytest.raises(InputError) as raised:
        coinco.read_coinco_bytes(b"<corpus/>", "x.xml")
    assert "not <document>" in raised.value.diagnostic.message


def test_coinco_round_trip_of_the_sample() -> None:
    document = coinco.read_coinco_bytes(COINCO.encode()).document
    again = coinco.read_coinco_bytes(coinco.coinco_to_xml(document).encode()).document
    assert again == document


_text = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12)
_word = st.text(st.characters(whitelist_categories=("Ll", "Lu", "Nd")), min_size=1, max_size=8)


@st.composite
def coinco_documents(draw: st.DrawFn) -> coinco.CoincoDocument:
    sentences = []
    for _ in range(draw(st.integers(1, 3))):
        tokens = []
        for index in range(draw(st.integers(0, 4))):
            substitutions = draw(st.none() | st.lists(st.builds(
                coinco.CoincoSubstitute, _word, _text, st.integers(1, 9)), max_size=3))
            tokens.append(coinco.CoincoToken(
                str(index) if draw(st.booleans()) else "XXX", draw(_text), draw(_text),
                draw(_text), draw(_text), draw(st.none() | st.sampled_from(["yes", "no"])),
                substitutions))
        sentences.append(coinco.CoincoSentence(
            draw(_text), draw(_text), draw(_text), tokens,
            draw(st.dictionaries(st.sampled_from(["MASCfile", "MASCsentID"]), _text))))
    return coinco.CoincoDocument(sentences)


@settings(max_examples=40, deadline=None)
@given(coinco_documents())
def test_coinco_round_trip_is_lossless(document: coinco.CoincoDocument) -> None:
    again = coinco.read_coinco_bytes(coinco.coinco_to_xml(document).encode()).document
    assert again == document


def _swords_sample() -> dict:
    context = "She gave a bright answer."
    return {
        "contexts": {"c:1": {"context": context}},
        "targets": {"t:1": {"context_id": "c:1", "target": "bright", "offset": 11,
                            "pos": "ADJ"},
                    "t:2": {"context_id": "c:1", "target": "gave", "offset": 0, "pos": "VERB"}},
        "substitutes": {"s:1": {"target_id": "t:1", "substitute": "clever"},
                        "s:2": {"target_id": "t:1", "substitute": "shiny"},
                        "s:3": {"target_id": "t:1", "substitute": "smart"}},
        "substitute_labels": {"s:1": ["TRUE", "TRUE_IMPLICIT", "FALSE", "UNSURE"],
                              "s:2": ["FALSE", "FALSE_IMPLICIT", "UNSURE"],
                              "s:3": ["TRUE", "FALSE", "FALSE", "FALSE"]},
        "substitutes_lemmatized": True,
    }


def test_swords_weighted_gold_counts_true_and_implicit_true_without_unsure() -> None:
    result = swords.swords_from_json(_swords_sample(), "s.json")
    bad = [d.message for d in result.diagnostics]
    assert any("t:2" in message and "not at character 0" in message for message in bad)
    conversion = swords.to_corpus_and_gold(result.benchmark)
    # clever: 2 positive of 3 judged labels; smart: 1 of 4; shiny: none positive.
    assert conversion.weighted_gold == [("bright.a", "t:1", [("clever", 2 / 3),
                                                             ("smart", 1 / 4)])]
    assert conversion.gold[0].entries == [("clever", 2), ("smart", 1)]
    instance = conversion.corpus.lexelts[0].instances[0]
    assert instance.head == "bright" and instance.id == "t:1"


def test_swords_gzip_and_json_errors_have_places(tmp_path) -> None:
    path = tmp_path / "b.json.gz"
    path.write_bytes(gzip.compress(json.dumps(_swords_sample()).encode()))
    assert "t:1" in swords.read_swords(path).benchmark.targets
    broken = tmp_path / "b.json"
    broken.write_text('{"contexts": {},\n "targets": [1,}\n')
    with pytest.raises(InputError) as raised:
        swords.read_swords(broken)
    assert (raised.value.diagnostic.line, raised.value.diagnostic.column) == (2, 16)
    cut = tmp_path / "c.json.gz"
    cut.write_bytes(path.read_bytes()[:30])
    with pytest.raises(InputError) as raised:
        swords.read_swords(cut)
    assert raised.value.diagnostic.code == "bad-gzip"


_label_lists = st.none() | st.lists(st.sampled_from(swords.LABELS), max_size=5)


@st.composite
def swords_benchmarks(draw: st.DrawFn) -> swords.SwordsBenchmark:
    benchmark = swords.SwordsBenchmark(substitutes_lemmatized=draw(st.booleans()))
    for index in range(draw(st.integers(1, 3))):
        prefix, word, suffix = draw(_text), draw(_word), draw(_text)
        context_id = f"c:{index}"
        benchmark.contexts[context_id] = prefix + word + suffix
        target_id = f"t:{index}"
        benchmark.targets[target_id] = swords.SwordsTarget(
            context_id, word, len(prefix), draw(st.sampled_from(["NOUN", "VERB", "ADJ"])))
        for number, substitute in enumerate(draw(st.lists(_text, max_size=3))):
            labels = draw(_label_lists)
            raters = (None if labels is None or draw(st.booleans())
                      else draw(st.lists(_word, min_size=len(labels), max_size=len(labels))))
            benchmark.substitutes[f"s:{index}.{number}"] = swords.SwordsSubstitute(
                target_id, substitute, labels, raters)
    return benchmark


@settings(max_examples=40, deadline=None)
@given(swords_benchmarks(), st.booleans())
def test_swords_round_trip_is_lossless(benchmark: swords.SwordsBenchmark, gzipped: bool) -> None:
    data = swords.encode_json(swords.swords_to_json(benchmark), gzipped)
    result = swords.read_swords_bytes(data)
    assert not result.diagnostics.items
    assert result.benchmark == benchmark


def test_swords_result_reads_as_weighted_answers_in_rank_order(tmp_path) -> None:
    path = tmp_path / "result.json"
    path.write_text(json.dumps({"t:1": [["smart", -2.5], ["clever", -0.5]], "t:9": "oops"}))
    result, diagnostics = swords.read_swords_result(path)
    assert [d.code for d in diagnostics] == ["bad-result"]
    benchmark = swords.swords_from_json(_swords_sample()).benchmark
    answers = swords.result_to_weighted(result, benchmark)
    assert answers[0].lexelt == "bright.a" and answers[0].answers == ["clever", "smart"]
    swords.write_swords_result(result, tmp_path / "again.json")
    # Written in SWORDS' own layout; a bare result, which does not say, as word forms.
    again = swords.read_swords_result(tmp_path / "again.json")[0]
    assert again.ranked == result.ranked and again.substitutes_lemmatized is False


TSV = ("The cat sat on a mat .\tsat\tperched\trested\tperched\t\n"
       "No tab here\n"
       "A word is missing .\tgone\tlost\n")


def test_simplification_reads_rows_with_places() -> None:
    result = simplification.read_simplification_bytes(TSV.encode(), "t.tsv")
    assert [(d.code, d.line) for d in result.diagnostics] == [
        ("empty-cells", 1), ("bad-row", 2), ("word-not-in-sentence", 3)]
    conversion = simplification.to_corpus_and_gold(result.rows, "t.tsv")
    assert [item.entries for item in conversion.gold] == [[("perched", 2), ("rested", 1)]]
    instance = conversion.corpus.lexelts[0].instances[0]
    assert (conversion.corpus.lexelts[0].item, instance.id, instance.head) == ("sit.v", "1",
                                                                                 "sat")
    assert [d.code for d in conversion.diagnostics] == ["word-not-in-sentence"]


# NUL is refused by every text format (core/io/formats/textfile.py), so no cell holds one.
_cell = st.text(st.characters(blacklist_characters="\t\n\r\0", blacklist_categories=("Cs",)),
                min_size=1, max_size=10).filter(str.strip)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.builds(simplification.SimplificationRow, _cell, _cell,
                          st.lists(_cell, max_size=4).map(tuple)), max_size=4))
def test_simplification_round_trip_is_lossless(rows) -> None:
    text = "".join(simplification.format_row(row) + "\n" for row in rows)
    assert simplification.read_simplification_bytes(text.encode()).rows == rows


def test_swords_json_on_one_long_line_is_read(tmp_path) -> None:
    benchmark = swords.SwordsBenchmark({f"c:{n}": "word " * 2000 for n in range(1000)})
    path = tmp_path / "long.json"
    path.write_text(json.dumps(swords.swords_to_json(benchmark)))  # one line of ~10 MB
    assert path.stat().st_size > 8 << 20 and b"\n" not in path.read_bytes()
    assert len(swords.read_swords(path).benchmark.contexts) == 1000
