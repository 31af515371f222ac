"""Baselines: leave-one-out lemma frequency, seeded random, WordNet first synset; their files."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from wordnet_fixture import write_wordnet_fixture

from lexsub_studio.cli.main import main
from lexsub_studio.core.dataset.baselines import (
    Target,
    make_baseline,
    targets_from_gold,
    write_baseline,
)
from lexsub_studio.core.dataset.baselines import wordnet as wordnet_module
from lexsub_studio.core.dataset.baselines.wordnet import WordNet, WordNetUnavailable, find_wordnet
from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import read_system
from lexsub_studio.core.io.formats.weighted import read_weighted

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
    # First synset {glimmer, shimmer 3, gleam 5}: synonyms by frequency gleam, shimmer; then
    # the hypernym {light 7, radiance 1}; then the later senses (next test).
    assert wordnet.candidates("glimmer", "n")[:4] == ["gleam", "shimmer", "light", "radiance"]
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


def test_wordnet_goes_on_to_the_other_senses_in_four_tiers(fixture_wordnet: Path) -> None:
    wordnet = WordNet(fixture_wordnet)
    # glimmer.n: (1) first sense {glimmer, shimmer 3, gleam 5+1}; (2) its hypernym {light 7,
    # radiance 1}; (3) the second sense {glimmer, hint 4, trace 6, gleam}: gleam is already
    # listed, and hint's word frequency counts its other sense too (4 + 5 = 9 > trace 6);
    # (4) the second sense's hypernym {indication 2, sign 5, hint}: hint is already listed.
    assert wordnet.candidate_tiers("glimmer", "n") == [
        ["gleam", "shimmer"], ["light", "radiance"], ["hint", "trace"], ["sign", "indication"]]
    assert wordnet.candidates("glimmer", "n") == [
        "gleam", "shimmer", "light", "radiance", "hint", "trace", "sign", "indication"]


def test_wordnet_answers_a_lone_first_sense_from_the_later_ones(fixture_wordnet: Path) -> None:
    wordnet = WordNet(fixture_wordnet)
    # A top-level verb sense {ponder} with no hypernym: the second sense {ponder, muse 2,
    # mull 4}, then its hypernym {think 8, reason 3}.
    assert wordnet.candidates("ponder", "v") == ["mull", "muse", "think", "reason"]
    # An adverb whose first sense is {sharply}: the other senses {sharply, abruptly 3,
    # suddenly 7} and {sharply, keenly 5} ranked together, by frequency.
    assert wordnet.candidates("sharply", "r") == ["suddenly", "keenly", "abruptly"]
    # An adjective head {dim} without satellites: its second sense, the satellite {dim,
    # faint 4}, then that sense's cluster head {dark 9, murky 1}.
    assert wordnet.candidate_tiers("dim", "a") == [[], [], ["faint"], ["dark", "murky"]]


def test_wordnet_senses_are_those_holding_the_lemma(tmp_path: Path) -> None:
    directory = write_wordnet_fixture(tmp_path / "wn")
    # An exception list that makes lamp an irregular form of lantern: nltk's lookup of lamp
    # then also returns lantern's sense, which is not a sense of the target lamp.
    (directory / "noun.exc").write_text("lamp lantern\n", encoding="utf-8")
    wordnet = WordNet(directory)
    assert wordnet.candidates("lamp", "n") == ["light source"]


def test_wordnet_inflected_target_uses_its_base_form(fixture_wordnet: Path) -> None:
    wordnet = WordNet(fixture_wordnet)
    # glimmers is not in WordNet; its base form glimmer is, and is never its own substitute.
    assert wordnet.candidates("glimmers", "n") == wordnet.candidates("glimmer", "n")
    assert "glimmer" not in wordnet.candidates("glimmers", "n")


def test_wordnet_without_counts_keeps_wordnet_order(tmp_path: Path) -> None:
    directory = write_wordnet_fixture(tmp_path / "wn")
    (directory / "cntlist.rev").unlink()
    wordnet = WordNet(directory)
    assert not wordnet.has_counts
    # Every tier in WordNet's order: {glimmer, shimmer, gleam}, {light, radiance}, then the
    # second sense {glimmer, hint, trace, gleam} and its hypernym {indication, sign, hint}.
    assert wordnet.candidates("glimmer", "n") == ["shimmer", "gleam", "light", "radiance",
                                                  "hint", "trace", "indication", "sign"]


def test_wordnet_baseline_result(fixture_wordnet: Path) -> None:
    targets = [Target("glimmer.n", "1"), Target("radiant.a", "2"), Target("nothing.n", "3"),
               Target("glimmer", "4"), Target("sharply.r", "5"), Target("ponder.v", "6"),
               Target("sharply.r", "7")]
    result = make_baseline("wordnet", targets, wordnet_dir=fixture_wordnet)
    assert [(a.lexelt, a.id, a.answers) for a in result.best()] == [
        ("glimmer.n", "1", ["gleam"]), ("radiant.a", "2", ["glowing"]),
        ("sharply.r", "5", ["suddenly"]), ("ponder.v", "6", ["mull"]),
        ("sharply.r", "7", ["suddenly"])]
    # Weights 1/rank over the three candidates of sharply: 1, 1/2, 1/3 sum to 11/6.
    ranked = result.weighted()[2].ranked
    assert [name for name, _ in ranked] == ["suddenly", "keenly", "abruptly"]
    assert [weight for _, weight in ranked] == pytest.approx([6 / 11, 3 / 11, 2 / 11])
    assert result.stats == {"items": 7, "answered": 5, "without_candidates": 1,
                            "not_in_wordnet": 1, "unknown_pos": 1, "from_other_senses": 3}
    assert [d.code for d in result.diagnostics] == ["unknown-pos", "from-other-senses",
                                                    "not-in-wordnet"]
    [note] = [d.message for d in result.diagnostics if d.code == "from-other-senses"]
    assert note.startswith("3 item(s) of 2 lemma.pos get nothing from the first sense")
    assert note.endswith(": ponder.v, sharply.r")


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
        with pytest.raises(WordNetUnavailable, match=r"pip install .lexsub-studio\[wordnet\]."):
            WordNet(fixture_wordnet)
    finally:
        wordnet_module._reader_class.cache_clear()


needs_debian_wordnet = pytest.mark.skipif(
    not (wordnet_module.DEBIAN_WORDNET_DIR / "data.noun").is_file(),
    reason="no WordNet database in /usr/share/wordnet (Debian's wordnet-base)")


@pytest.mark.slow
@needs_debian_wordnet
def test_debian_wordnet_database() -> None:
    wordnet = WordNet()
    # WordNet 3.0: film's first sense is {movie, film, picture, moving picture, motion
    # picture, flick, ...}: its other lemmas are the first tier, film itself never.
    film = wordnet.candidate_tiers("film", "n")
    assert film is not None
    assert {"movie", "picture", "motion picture", "flick"} <= set(film[0])
    assert all("film" not in tier for tier in film)
    # bright.a's first sense has no other lemma: similar adjectives follow (brilliant among).
    bright = wordnet.candidate_tiers("bright", "a")
    assert bright is not None and bright[0] == [] and "brilliant" in bright[1]
    # aslant.r: the first sense is {aslant} alone, the second {obliquely, aslant, athwart}.
    assert sorted(wordnet.candidates("aslant", "r") or []) == ["athwart", "obliquely"]
    # give.v: the first sense {give} is alone and top-level; yield and afford share the second.
    give = wordnet.candidate_tiers("give", "v")
    assert give is not None and give[:2] == [[], []] and {"yield", "afford"} <= set(give[2])


@pytest.mark.slow
@needs_debian_wordnet
def test_debian_wordnet_answers_every_demo_item(demo_dir: Path) -> None:
    from lexsub_studio.core.dataset.baselines import targets_from_corpus
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus

    targets = targets_from_corpus(read_corpus(demo_dir / "demo.xml").corpus)
    result = make_baseline("wordnet", targets)
    unanswered = [target.key for target in targets if not result.ranked[target.key]]
    assert len(targets) == 55 and unanswered == []


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


def test_cli_wordnet_says_which_items_only_later_senses_answer(
        tmp_path: Path, fixture_wordnet: Path, capsys) -> None:
    gold = tmp_path / "gold"
    gold.write_text("sharply.r 1 :: suddenly 2;\nstroll.v 2 :: amble 1;\n", encoding="utf-8")
    assert main(["baseline", "wordnet", str(gold), "--wordnet", str(fixture_wordnet),
                 "-o", str(tmp_path / "wn")]) == 0
    captured = capsys.readouterr()
    assert "wordnet: 2 of 2 item(s) answered" in captured.out
    assert ("1 item(s) of 1 lemma.pos get nothing from the first sense or its related synsets "
            "and are answered from the other senses: sharply.r") in captured.err
    assert (tmp_path / "wn.best").read_text(encoding="utf-8").splitlines() == [
        "sharply.r 1 :: suddenly", "stroll.v 2 :: saunter"]


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
