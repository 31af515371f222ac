"""Baselines: leave-one-out lemma frequency, seeded random, WordNet first synset; their files."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from wordnet_fixture import write_wordnet_fixture

from lexsub_studio.cli.main import main
from lexsub_studio.core.baselines import (
    Target,
    make_baseline,
    targets_from_gold,
    write_baseline,
)
from lexsub_studio.core.baselines import wordnet as wordnet_module
from lexsub_studio.core.baselines.wordnet import WordNet, WordNetUnavailable, find_wordnet
from lexsub_studio.core.formats.gold import parse_gold_text
from lexsub_studio.core.formats.system import read_system
from lexsub_studio.core.formats.weighted import read_weighted

GOLD = (
    "walk.v 1 :: stroll 3;amble 1;\n"
    "walk.v 2 :: stroll 1;march 2;pn 1;\n"
    "walk.v 3 :: march 1;hike 1;\n"
    "walk.v 4 :: trek 2;\n"
    "sing.v 5 :: chant 2;\n"
)


def gold_items(text: str = GOLD):
    return parse_gold_text(text).items


def ranked_names(result, key):
    return [substitute for substitute, _ in result.ranked[key]]


# -- lemma frequency -----------------------------------------------------------------------


def test_frequency_is_leave_one_out() -> None:
    items = gold_items()
    result = make_baseline("frequency", targets_from_gold(items), gold=items)
    # walk.v totals: stroll 3+1 = 4 (2 items), amble 1, march 2+1 = 3 (2 items), hike 1, trek 2.
    # Item 1 without its own stroll 3 and amble 1: march 3, trek 2, stroll 1, hike 1; the
    # two 1s (one item each) alphabetically.
    assert result.ranked[("walk.v", "1")] == [("march", 3.0), ("trek", 2.0), ("hike", 1.0),
                                             ("stroll", 1.0)]
    # Item 2 without stroll 1 and march 2 (pn is never a substitute): stroll 3, trek 2, then
    # amble, hike, march at 1 each.
    assert ranked_names(result, ("walk.v", "2")) == ["stroll", "trek", "amble", "hike", "march"]
    # Item 3 without march 1 and hike 1: stroll 4, march 2 and trek 2 (one item each,
    # alphabetical), amble 1.
    assert ranked_names(result, ("walk.v", "3")) == ["stroll", "march", "trek", "amble"]
    assert ranked_names(result, ("walk.v", "4")) == ["stroll", "march", "amble", "hike"]
    # sing.v has one item: nothing is left once its own line is set aside.
    assert result.ranked[("sing.v", "5")] == []
    assert result.stats == {"items": 5, "answered": 4, "without_candidates": 1}


def test_frequency_ties_prefer_substitutes_given_for_more_items() -> None:
    items = gold_items("x.n 1 :: a 2;\nx.n 2 :: b 1;\nx.n 3 :: b 1;\nx.n 4 :: c 1;\n")
    result = make_baseline("frequency", [Target("x.n", "4")], gold=items)
    # a and b both total 2; b was given for two items, a for one.
    assert result.ranked[("x.n", "4")] == [("b", 2.0), ("a", 2.0)]


def test_items_outside_the_gold_use_the_whole_lexelt() -> None:
    items = gold_items()
    result = make_baseline("frequency", [Target("walk.v", "99")], gold=items)
    assert result.ranked[("walk.v", "99")][:2] == [("stroll", 4.0), ("march", 3.0)]


def test_best_oot_and_weighted_come_from_one_ranking() -> None:
    items = gold_items()
    result = make_baseline("frequency", targets_from_gold(items), gold=items)
    assert [(a.id, a.answers) for a in result.best()] == [
        ("1", ["march"]), ("2", ["stroll"]), ("3", ["stroll"]), ("4", ["stroll"])]
    assert result.oot()[1].answers == ["stroll", "trek", "amble", "hike", "march"]
    assert result.oot(limit=2)[1].answers == ["stroll", "trek"]
    weighted = result.weighted()[1]
    # Item 2: weights 3, 2, 1, 1, 1 sum to 8.
    assert weighted.ranked == [("stroll", 3 / 8), ("trek", 2 / 8), ("amble", 1 / 8),
                               ("hike", 1 / 8), ("march", 1 / 8)]


def test_unwritable_candidates_are_left_out_and_reported() -> None:
    items = gold_items("y.n 1 :: walk_about 2;stroll 1;\ny.n 2 :: amble 1;\n")
    result = make_baseline("frequency", [Target("y.n", "2")], gold=items)
    assert result.ranked[("y.n", "2")] == [("stroll", 1.0)]
    [warning] = result.diagnostics.warnings
    assert warning.code == "unwritable-substitute"
    assert result.stats["unwritable_substitutes"] == 1


# -- random -----------------------------------------------------------------------------------


def test_random_is_a_seeded_permutation_of_the_same_pool() -> None:
    items = gold_items()
    targets = targets_from_gold(items)
    frequency = make_baseline("frequency", targets, gold=items)
    first = make_baseline("random", targets, gold=items, seed=11)
    again = make_baseline("random", targets, gold=items, seed=11)
    assert first.ranked == again.ranked
    for target in targets:
        assert sorted(ranked_names(first, target.key)) == sorted(
            ranked_names(frequency, target.key))
        assert {weight for _, weight in first.ranked[target.key]} <= {1.0}
    orders = {tuple(ranked_names(make_baseline("random", targets, gold=items, seed=seed),
                                 ("walk.v", "2"))) for seed in range(8)}
    assert len(orders) > 1


def test_random_order_of_an_item_does_not_depend_on_the_other_items() -> None:
    items = gold_items()
    alone = make_baseline("random", [Target("walk.v", "3")], gold=items, seed=4)
    together = make_baseline("random", targets_from_gold(items), gold=items, seed=4)
    assert alone.ranked[("walk.v", "3")] == together.ranked[("walk.v", "3")]


def test_unknown_kind_and_missing_gold_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown baseline kind"):
        make_baseline("oracle", [])
    with pytest.raises(ValueError, match="needs a gold file"):
        make_baseline("random", [])


# -- files ----------------------------------------------------------------------------------


def test_written_files_read_back_without_problems(tmp_path: Path) -> None:
    items = gold_items()
    result = make_baseline("frequency", targets_from_gold(items), gold=items)
    paths = write_baseline(result, tmp_path / "out" / "freq")
    assert sorted(path.name for path in paths.values()) == [
        "freq.best", "freq.oot", "freq.weighted"]
    best = read_system(paths["best"], "best")
    oot = read_system(paths["oot"], "oot")
    weighted = read_weighted(paths["weighted"])
    for read in (best, oot, weighted):
        assert [d for d in read.diagnostics if d.severity.value != "info"] == []
    # Four items answered (sing.v 5 has no line anywhere).
    assert [a.id for a in best.answers] == ["1", "2", "3", "4"]
    for best_answer, oot_answer, weighted_answer in zip(best.answers, oot.answers,
                                                        weighted.answers, strict=True):
        assert best_answer.answers == weighted_answer.answers[:1]
        assert oot_answer.answers == weighted_answer.answers[:10]


# -- WordNet ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fixture_wordnet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_wordnet_fixture(tmp_path_factory.mktemp("wordnet"))


def test_wordnet_candidates_follow_the_task_description(fixture_wordnet: Path) -> None:
    wordnet = WordNet(fixture_wordnet)
    # First synset {glimmer 2, shimmer 3, gleam 5}: synonyms by count gleam, shimmer; then the
    # hypernym {light 7, radiance 1}. The second sense {glimmer, hint, trace} is never used.
    assert wordnet.candidates("glimmer", "n") == ["gleam", "shimmer", "light", "radiance"]
    # No synonym in {lantern}: the hypernym's lemmas, lamp 4 before light source 0.
    assert wordnet.candidates("lantern", "n") == ["lamp", "light source"]
    assert wordnet.candidates("light source", "n") == ["lamp"]
    assert wordnet.candidates("stroll", "v") == ["saunter", "amble", "walk"]
    # Head adjective with no synonym: its satellites, glowing 6, shining 2, beaming 1.
    assert wordnet.candidates("radiant", "a") == ["glowing", "shining", "beaming"]
    # A satellite: its synonym, then its head.
    assert wordnet.candidates("glowing", "a") == ["beaming", "radiant"]
    # Adverbs: synonyms only; equal counts (9, 9) keep WordNet's order.
    assert wordnet.candidates("swiftly", "r") == ["quickly", "rapidly"]
    assert wordnet.candidates("nothing", "n") is None


def test_wordnet_without_counts_keeps_wordnet_order(tmp_path: Path) -> None:
    directory = write_wordnet_fixture(tmp_path / "wn")
    (directory / "cntlist.rev").unlink()
    wordnet = WordNet(directory)
    assert not wordnet.has_counts
    assert wordnet.candidates("glimmer", "n") == ["shimmer", "gleam", "light", "radiance"]


def test_wordnet_baseline_result(fixture_wordnet: Path) -> None:
    targets = [Target("glimmer.n", "1"), Target("radiant.a", "2"), Target("nothing.n", "3"),
               Target("glimmer", "4")]
    result = make_baseline("wordnet", targets, wordnet_dir=fixture_wordnet)
    assert [(a.lexelt, a.answers) for a in result.best()] == [
        ("glimmer.n", ["gleam"]), ("radiant.a", ["glowing"])]
    # Weights 1/rank: 1, 1/2, 1/3, 1/4 sum to 25/12, so 12/25, 6/25, 4/25, 3/25.
    ranked = result.weighted()[0].ranked
    assert [name for name, _ in ranked] == ["gleam", "shimmer", "light", "radiance"]
    assert [weight for _, weight in ranked] == pytest.approx([12 / 25, 6 / 25, 4 / 25, 3 / 25])
    assert result.stats == {"items": 4, "answered": 2, "without_candidates": 1,
                            "not_in_wordnet": 1, "unknown_pos": 1}
    assert [d.code for d in result.diagnostics] == ["unknown-pos", "not-in-wordnet"]


def test_find_wordnet_accepts_a_dict_subdirectory(tmp_path: Path) -> None:
    write_wordnet_fixture(tmp_path / "WordNet-3.0" / "dict")
    assert find_wordnet(tmp_path / "WordNet-3.0") == tmp_path / "WordNet-3.0" / "dict"


def test_missing_wordnet_gives_clear_messages(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(WordNetUnavailable, match="does not exist"):
        find_wordnet(tmp_path / "absent")
    (tmp_path / "half").mkdir()
    (tmp_path / "half" / "index.noun").write_text("", encoding="utf-8")
    with pytest.raises(WordNetUnavailable, match=r"lacks index\.verb, index\.adj"):
        find_wordnet(tmp_path / "half")
    monkeypatch.setattr(wordnet_module, "DEBIAN_WORDNET_DIR", tmp_path / "no-debian")
    with pytest.raises(WordNetUnavailable) as caught:
        find_wordnet()
    message = str(caught.value)
    assert "apt-get install wordnet-base" in message
    assert "never downloads" in message


def test_missing_reader_package_is_explained(fixture_wordnet: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    wordnet_module._reader_class.cache_clear()
    monkeypatch.setitem(sys.modules, "nltk.corpus.reader.wordnet", None)
    try:
        with pytest.raises(WordNetUnavailable, match="pip install nltk"):
            WordNet(fixture_wordnet)
    finally:
        wordnet_module._reader_class.cache_clear()


@pytest.mark.slow
@pytest.mark.skipif(not (wordnet_module.DEBIAN_WORDNET_DIR / "data.noun").is_file(),
                    reason="no WordNet database in /usr/share/wordnet (Debian's wordnet-base)")
def test_debian_wordnet_database() -> None:
    wordnet = WordNet()
    # WordNet 3.0: film's first sense is {movie, film, picture, moving picture, ...}, and movie
    # has the highest sense-tagged count of its lemmas.
    film = wordnet.candidates("film", "n")
    assert film is not None and film[0] == "movie"
    assert "motion picture" in film
    # bright.a's first sense has no other lemma: similar adjectives follow (brilliant among).
    bright = wordnet.candidates("bright", "a")
    assert bright is not None and "brilliant" in bright and "bright" not in bright


# -- command line -----------------------------------------------------------------------------


def test_cli_frequency_from_gold_alone(tmp_path: Path, capsys) -> None:
    gold = tmp_path / "gold"
    gold.write_text(GOLD, encoding="utf-8")
    assert main(["baseline", "frequency", str(gold), "-o", str(tmp_path / "f")]) == 0
    assert "frequency: 4 of 5 item(s) answered" in capsys.readouterr().out
    assert (tmp_path / "f.best").read_text(encoding="utf-8").splitlines() == [
        "walk.v 1 :: march", "walk.v 2 :: stroll", "walk.v 3 :: stroll", "walk.v 4 :: stroll"]


def test_cli_random_is_reproducible(tmp_path: Path) -> None:
    gold = tmp_path / "gold"
    gold.write_text(GOLD, encoding="utf-8")
    for name in ("a", "b"):
        assert main(["baseline", "random", str(gold), "--seed", "9", "-o",
                     str(tmp_path / name)]) == 0
    assert (tmp_path / "a.oot").read_bytes() == (tmp_path / "b.oot").read_bytes()


def test_cli_wordnet_on_a_corpus(tmp_path: Path, fixture_wordnet: Path) -> None:
    corpus = tmp_path / "task.xml"
    corpus.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<corpus lang="english">\n'
        '  <lexelt item="stroll.v">\n    <instance id="1">\n'
        "      <context>We <head>strolled</head> home .</context>\n"
        "    </instance>\n  </lexelt>\n</corpus>\n", encoding="utf-8")
    assert main(["baseline", "wordnet", str(corpus), "--wordnet", str(fixture_wordnet),
                 "-o", str(tmp_path / "wn")]) == 0
    assert (tmp_path / "wn.oot").read_text(encoding="utf-8") == (
        "stroll.v 1 ::: saunter;amble;walk\n")


def test_cli_usage_errors(tmp_path: Path, capsys) -> None:
    gold = tmp_path / "gold"
    gold.write_text(GOLD, encoding="utf-8")
    assert main(["baseline", "wordnet", str(gold), "--wordnet", str(tmp_path / "none"),
                 "-o", str(tmp_path / "x")]) == 2
    assert "does not exist" in capsys.readouterr().err
    corpus = tmp_path / "c.xml"
    corpus.write_text('<corpus lang="english"></corpus>\n', encoding="utf-8")
    assert main(["baseline", "frequency", str(corpus), "-o", str(tmp_path / "x")]) == 2
    assert "needs a gold file" in capsys.readouterr().err
    assert not (tmp_path / "x.best").exists()


def test_lexelts_with_blanks_stay_out_of_the_weighted_file_only(tmp_path: Path) -> None:
    items = gold_items("e commerce.n 1 :: online trade 2;\ne commerce.n 2 :: web shop 1;\n")
    result = make_baseline("frequency", targets_from_gold(items), gold=items)
    paths = write_baseline(result, tmp_path / "f")
    assert paths["best"].read_text(encoding="utf-8") == (
        "e commerce.n 1 :: web shop\ne commerce.n 2 :: online trade\n")
    assert paths["weighted"].read_text(encoding="utf-8") == ""
    assert result.stats["weighted_unwritable"] == 2
    assert [d.code for d in result.diagnostics] == ["weighted-unwritable"]
