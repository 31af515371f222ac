"""The bundled demo data and default guidelines.

Every file under data/ must read cleanly with the project's readers (no error or warning), the
files must agree with each other (every id in the corpus, every annotator answering every
instance), and the gold files must be exactly what spec §2 makes of the responses: recounted
here with plain Python, checked by hand on a few items, and rebuilt by the project's gold assembly.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from lexsub_studio import paths
from lexsub_studio.core.io.formats.gold import read_gold
from lexsub_studio.core.io.formats.responses import (
    RESPONSES_COLUMNS,
    RESPONSES_MAGIC,
    read_responses,
)
from lexsub_studio.core.io.formats.system import read_system
from lexsub_studio.core.io.formats.weighted import read_weighted
from lexsub_studio.core.model.data import parse_lexelt
from lexsub_studio.core.model.diagnostics import Diagnostics, Severity

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
DEMO_DIR = DATA_DIR / "demo"
ANNOTATORS = ("amira", "bruno", "chen", "dara", "emil")

#: Every file the demo ships, with the kind the project's readers and detector know it as.
DEMO_FILES: dict[str, str] = {
    "demo.xml": "corpus",
    "gold": "gold",
    "gold.mw": "mwgold",
    **{f"responses/{name}.tsv": "responses" for name in ANNOTATORS},
    "systems/alpha.best": "best",
    "systems/beta.best": "best",
    "systems/alpha.oot": "oot",
    "systems/alpha.mw": "mw",
    "systems/gamma.weighted": "weighted",
}

#: The structure of a lexelt XML corpus, checked with lxml independently of the project's reader.
CORPUS_DTD = """
<!ELEMENT corpus (lexelt+)>
<!ATTLIST corpus lang CDATA #REQUIRED>
<!ELEMENT lexelt (instance+)>
<!ATTLIST lexelt item CDATA #REQUIRED>
<!ELEMENT instance (context)>
<!ATTLIST instance id CDATA #REQUIRED>
<!ELEMENT context (#PCDATA | head)*>
<!ELEMENT head (#PCDATA)>
"""


def _assert_clean(diagnostics: Diagnostics) -> None:
    serious = [str(d) for d in diagnostics
               if d.severity in (Severity.ERROR, Severity.WARNING)]
    assert serious == []


# --- the corpus, read with lxml alone --------------------------------------------------------

def _corpus_tree() -> etree._ElementTree:
    parser = etree.XMLParser(load_dtd=False, no_network=True, resolve_entities=False)
    return etree.parse(str(DEMO_DIR / "demo.xml"), parser)


def _corpus_instances() -> list[tuple[str, str, str, str]]:
    """(lexelt, id, head text, context text) in corpus order."""
    found = []
    for lexelt in _corpus_tree().getroot().iter("lexelt"):
        for instance in lexelt.iter("instance"):
            context = instance.find("context")
            found.append((lexelt.get("item"), instance.get("id"),
                          context.find("head").text, "".join(context.itertext())))
    return found


def _corpus_keys() -> list[tuple[str, str]]:
    return [(lexelt, instance_id) for lexelt, instance_id, _, _ in _corpus_instances()]


def test_every_file_of_the_demo_is_a_known_demo_file() -> None:
    # Whatever the demo ships must be covered by the checks below.
    shipped = {str(path.relative_to(DEMO_DIR)) for path in DEMO_DIR.rglob("*")
               if path.is_file() and "__pycache__" not in path.parts}
    assert shipped == set(DEMO_FILES)


def test_the_package_paths_find_the_demo_and_the_guidelines() -> None:
    assert paths.demo_corpus().read_bytes() == (DEMO_DIR / "demo.xml").read_bytes()
    assert (paths.resources_dir() / "guidelines" / "default.md").is_file()


@pytest.mark.parametrize("name", sorted(DEMO_FILES))
def test_each_file_is_detected_as_its_kind(name: str) -> None:
    from lexsub_studio.core.io.formats.detect import detect_path

    assert detect_path(DEMO_DIR / name).kind == DEMO_FILES[name]


@pytest.mark.parametrize("name", sorted(DEMO_FILES))
def test_each_file_is_utf8_with_lf_line_ends_and_a_final_newline(name: str) -> None:
    data = (DEMO_DIR / name).read_bytes()
    data.decode("utf-8")
    assert b"\r" not in data
    assert data.endswith(b"\n") and not data.endswith(b"\n\n")


def test_corpus_header_lines_and_character_reference() -> None:
    text = (DEMO_DIR / "demo.xml").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[1] == '<!DOCTYPE corpus SYSTEM "lexsub.dtd">'
    assert lines[2] == '<corpus lang="english">'
    assert "&#8217;" in text
    # The reference stands for a right single quotation mark once parsed.
    contexts = [context for _, _, _, context in _corpus_instances()]
    assert any("\u2019s " in context for context in contexts)


def test_corpus_is_valid_against_the_lexsub_structure() -> None:
    dtd = etree.DTD(io.StringIO(CORPUS_DTD))
    assert dtd.validate(_corpus_tree()), dtd.error_log.filter_from_errors()


def test_corpus_ids_are_numeric_and_unique_and_each_context_has_one_head() -> None:
    ids = [instance_id for _, instance_id, _, _ in _corpus_instances()]
    assert all(instance_id.isdigit() for instance_id in ids)
    assert len(ids) == len(set(ids)) == 55
    for context in _corpus_tree().getroot().iter("context"):
        assert len(context.findall("head")) == 1


def test_corpus_covers_the_four_pos_and_a_corrected_pos_lexelt() -> None:
    items = [lexelt.get("item") for lexelt in _corpus_tree().getroot().iter("lexelt")]
    names = [parse_lexelt(item) for item in items]
    assert len(items) == 10
    assert {name.pos for name in names} == {"n", "v", "a", "r"}
    corrected = [name for name in names if name.pos_corrected]
    assert [(name.item, name.original_pos, name.pos) for name in corrected] == [
        ("spot.n.v", "n", "v")]
    per_lexelt = Counter(lexelt for lexelt, _ in _corpus_keys())
    assert per_lexelt["spot.n.v"] == 1
    assert all(count == 6 for item, count in per_lexelt.items() if item != "spot.n.v")


def test_corpus_has_inflected_heads() -> None:
    heads = {(lexelt, head) for lexelt, _, head, _ in _corpus_instances()}
    assert ("bright.a", "brighter") in heads
    assert ("bright.a", "brightest") in heads
    assert ("strike.v", "struck") in heads


def test_corpus_text_is_tokenised() -> None:
    for lexelt, instance_id, _, context in _corpus_instances():
        # Punctuation stands apart from words, as in the SemEval files; one space between tokens.
        assert not re.search(r"\w[,.;:?!]|[,;:?!]\w", context), (lexelt, instance_id)
        assert "  " not in context and context == context.strip()
        assert context.endswith((" .", " ?")), (lexelt, instance_id)


def test_corpus_reads_cleanly_with_the_project_reader() -> None:
    from lexsub_studio.core.io.formats.corpus_xml import read_corpus

    result = read_corpus(DEMO_DIR / "demo.xml")
    _assert_clean(result.diagnostics)
    read = [(lexelt.item, instance.id, instance.head)
            for lexelt, instance in result.corpus.instances()]
    assert read == [(lexelt, instance_id, head)
                    for lexelt, instance_id, head, _ in _corpus_instances()]
    assert result.corpus.doctype is not None and "lexsub.dtd" in result.corpus.doctype


# --- annotator responses ---------------------------------------------------------------------

def _raw_response_rows(name: str) -> list[dict[str, str]]:
    """The rows of one responses file, split by hand (no project code)."""
    lines = (DEMO_DIR / "responses" / f"{name}.tsv").read_text(encoding="utf-8").splitlines()
    header = lines[1].split("\t")
    return [dict(zip(header, line.split("\t"), strict=True)) for line in lines[2:]]


@pytest.mark.parametrize("name", ANNOTATORS)
def test_responses_file_starts_with_magic_and_header(name: str) -> None:
    lines = (DEMO_DIR / "responses" / f"{name}.tsv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == RESPONSES_MAGIC == "# lexsub-responses 1"
    assert tuple(lines[1].split("\t")) == RESPONSES_COLUMNS == (
        "lexelt", "id", "annotator", "sub1", "sub2", "sub3", "multiword", "nil",
        "proper_name", "comment", "seconds")


@pytest.mark.parametrize("name", ANNOTATORS)
def test_each_annotator_answers_every_instance_once(name: str) -> None:
    result = read_responses(DEMO_DIR / "responses" / f"{name}.tsv")
    _assert_clean(result.diagnostics)
    assert {row.annotator for row in result.rows} == {name}
    assert [row.key for row in result.rows] == _corpus_keys()
    for row in result.rows:
        assert not row.is_blank
        assert len(row.substitutes) <= 3
        if row.nil or row.proper_name:
            assert row.substitutes == () and row.multiword == ""
        assert row.seconds is None or 5 <= row.seconds <= 300


def test_responses_show_realistic_disagreement_and_every_kind_of_answer() -> None:
    rows = [row for name in ANNOTATORS for row in _raw_response_rows(name)]
    nil_items = {row["id"] for row in rows if row["nil"] == "1"}
    proper_name = Counter(row["id"] for row in rows if row["proper_name"] == "1")
    multiword = Counter(row["id"] for row in rows if row["multiword"])
    assert len(nil_items) >= 4
    assert proper_name == {"21": 4}
    # The phrasal verb "settle down" (id 35): most annotators mark the multiword.
    assert multiword["35"] == 4
    assert len(multiword) >= 5
    assert sum(1 for row in rows if row["comment"]) >= 3
    assert sum(1 for row in rows if row["seconds"] == "") == 3
    # Annotators give one to three substitutes and do not all give the same number.
    sizes = Counter(sum(1 for cell in ("sub1", "sub2", "sub3") if row[cell]) for row in rows)
    assert set(sizes) == {0, 1, 2, 3}


# --- gold and multiword gold -----------------------------------------------------------------

def _recount_gold() -> tuple[str, str]:
    """Spec §2 in plain Python, straight from the responses text: the expected gold files."""
    def normalise(text: str) -> str:
        return " ".join(text.split()).lower()

    substitutes: dict[tuple[str, str], Counter[str]] = {}
    multiwords: dict[tuple[str, str], Counter[str]] = {}
    for name in ANNOTATORS:
        for row in _raw_response_rows(name):
            key = (row["lexelt"], row["id"])
            counts = substitutes.setdefault(key, Counter())
            if row["proper_name"] == "1":
                counts["pn"] += 1
            # A set: an annotator counts once per substitute.
            counts.update({normalise(row[cell]) for cell in ("sub1", "sub2", "sub3")
                           if row[cell].strip()})
            if row["multiword"].strip():
                multiwords.setdefault(key, Counter())[normalise(row["multiword"])] += 1

    def lines(table: dict[tuple[str, str], Counter[str]]) -> str:
        out = []
        for key in _corpus_keys():
            if table.get(key):
                ordered = sorted(table[key].items(), key=lambda entry: (-entry[1], entry[0]))
                out.append(f"{key[0]} {key[1]} :: "
                           + "".join(f"{text} {count};" for text, count in ordered) + "\n")
        return "".join(out)

    return lines(substitutes), lines(multiwords)


def test_gold_files_equal_an_independent_recount_of_the_responses() -> None:
    expected_gold, expected_mw = _recount_gold()
    assert (DEMO_DIR / "gold").read_text(encoding="utf-8") == expected_gold
    assert (DEMO_DIR / "gold.mw").read_text(encoding="utf-8") == expected_mw


def _gold_lines() -> dict[str, str]:
    lines = (DEMO_DIR / "gold").read_text(encoding="utf-8").splitlines()
    return {line.split()[1]: line for line in lines}


def test_gold_hand_computed_items() -> None:
    gold = _gold_lines()
    # id 15 "left in charge of the shop":
    #   amira: responsible, in control   bruno: in control   chen: care, control
    #   dara: responsible, in control    emil: command, control
    #   in control = amira + bruno + dara = 3; control = chen + emil = 2;
    #   responsible = amira + dara = 2; care = 1; command = 1.
    #   Ties at 2: "control" < "responsible"; ties at 1: "care" < "command".
    assert gold["15"] == "charge.n 15 :: in control 3;control 2;responsible 2;care 1;command 1;"
    # id 21 "at Oakley Field": amira, bruno, dara, emil flag a proper name (pn = 4);
    #   chen writes "stadium" (1). pn is an entry like any other, ordered by its count.
    assert gold["21"] == "field.n 21 :: pn 4;stadium 1;"
    # id 39 "the clock struck midnight": chime = amira + bruno + chen + dara = 4;
    #   sound = amira + dara = 2; toll = amira "toll" + emil "Toll" (lower-cased) = 2;
    #   ring = chen = 1.
    assert gold["39"] == "strike.v 39 :: chime 4;sound 2;toll 2;ring 1;"
    # id 16 "on charge": bruno, chen and emil say NIL, which adds nothing; amira gives
    #   charging, power; dara gives charger: three entries of 1, alphabetical.
    assert gold["16"] == "charge.n 16 :: charger 1;charging 1;power 1;"
    multiword = {line.split()[1]: line for line in
                 (DEMO_DIR / "gold.mw").read_text(encoding="utf-8").splitlines()}
    # id 15: amira and dara write "in charge" (2), bruno "in charge of" (1);
    # id 35: all but dara write "settle down" (4).
    assert multiword["15"] == "charge.n 15 :: in charge 2;in charge of 1;"
    assert multiword["35"] == "settle.v 35 :: settle down 4;"
    assert sorted(multiword, key=int) == ["15", "24", "28", "29", "35", "37", "42"]


@pytest.mark.parametrize(("name", "multiword"), [("gold", False), ("gold.mw", True)])
def test_gold_reads_cleanly_in_corpus_order_with_sorted_entries(name: str,
                                                                multiword: bool) -> None:
    result = read_gold(DEMO_DIR / name, multiword=multiword)
    _assert_clean(result.diagnostics)
    corpus_keys = _corpus_keys()
    keys = [item.key for item in result.items]
    assert keys == [key for key in corpus_keys if key in set(keys)]
    for item in result.items:
        assert item.entries == sorted(item.entries, key=lambda entry: (-entry[1], entry[0]))
        assert all(1 <= count <= len(ANNOTATORS) for _, count in item.entries)
    for line in (DEMO_DIR / name).read_text(encoding="utf-8").splitlines():
        assert line.endswith(";") and " :: " in line


def test_gold_has_every_item_and_the_expected_t_and_modes() -> None:
    items = read_gold(DEMO_DIR / "gold").items
    assert [item.key for item in items] == _corpus_keys()
    # T: items whose pooled substitutes (pn excluded) number two or more: every item but
    # id 21, whose only substitute is "stadium" (1). Mode: a unique highest count.
    in_t = [item for item in items
            if sum(count for text, count in item.entries if text != "pn") >= 2]
    assert [item.id for item in items if item not in in_t] == ["21"]
    with_mode = [item for item in in_t
                 if [count for _, count in item.entries].count(item.entries[0][1]) == 1]
    assert (len(in_t), len(with_mode)) == (54, 44)
    # The official scorer's final release drops every gold field containing "pn"; no real
    # substitute of the demo does, so only the proper-name entries are affected.
    assert all("pn" not in text for item in items for text, _ in item.entries if text != "pn")


def test_project_gold_assembly_reproduces_the_gold_files(tmp_path: Path) -> None:
    from lexsub_studio.core.gold.assembly import build_gold_from_files
    from lexsub_studio.core.io.formats.gold import write_gold

    response_paths = [DEMO_DIR / "responses" / f"{name}.tsv" for name in ANNOTATORS]
    assembly, read_diagnostics = build_gold_from_files(response_paths)
    _assert_clean(read_diagnostics)
    _assert_clean(assembly.diagnostics)
    write_gold(assembly.gold, tmp_path / "gold")
    write_gold(assembly.multiword_gold, tmp_path / "gold.mw")
    assert (tmp_path / "gold").read_bytes() == (DEMO_DIR / "gold").read_bytes()
    assert (tmp_path / "gold.mw").read_bytes() == (DEMO_DIR / "gold.mw").read_bytes()
    assert assembly.stats["items_in_T"] == 54 and assembly.stats["items_with_mode"] == 44


@settings(max_examples=12, deadline=None)
@given(order=st.permutations(ANNOTATORS))
def test_project_gold_does_not_depend_on_the_order_of_the_annotator_files(
        order: list[str]) -> None:
    from lexsub_studio.core.gold.assembly import build_gold_from_files
    from lexsub_studio.core.io.formats.gold import format_gold_line

    assembly, _ = build_gold_from_files([DEMO_DIR / "responses" / f"{name}.tsv"
                                         for name in order])
    text = "".join(format_gold_line(item) + "\n" for item in assembly.gold)
    assert text == (DEMO_DIR / "gold").read_text(encoding="utf-8")


def test_lexsub_gold_command_reproduces_the_gold_files(tmp_path: Path) -> None:
    from lexsub_studio.cli.main import main

    responses = [str(DEMO_DIR / "responses" / f"{name}.tsv") for name in ANNOTATORS]
    code = main(["gold", *responses, "-o", str(tmp_path / "gold"),
                 "--mw", str(tmp_path / "gold.mw"), "--corpus", str(DEMO_DIR / "demo.xml")])
    assert code == 0
    assert (tmp_path / "gold").read_bytes() == (DEMO_DIR / "gold").read_bytes()
    assert (tmp_path / "gold.mw").read_bytes() == (DEMO_DIR / "gold.mw").read_bytes()


# --- system outputs --------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "kind"), [
    ("alpha.best", "best"), ("beta.best", "best"), ("alpha.oot", "oot"), ("alpha.mw", "mw")])
def test_system_files_read_cleanly_and_name_corpus_items(name: str, kind: str) -> None:
    result = read_system(DEMO_DIR / "systems" / name, kind)
    _assert_clean(result.diagnostics)
    corpus_keys = set(_corpus_keys())
    keys = [answer.key for answer in result.answers]
    assert len(keys) == len(set(keys))
    assert set(keys) <= corpus_keys
    for answer in result.answers:
        assert 1 <= len(answer.answers) <= (10 if kind == "oot" else 2)
        assert len(answer.answers) == len(set(answer.answers))
        if kind == "mw":
            assert " " in answer.answers[0]


def test_system_coverage() -> None:
    def ids(name: str, kind: str) -> list[str]:
        return [answer.id for answer in read_system(DEMO_DIR / "systems" / name, kind).answers]

    every_id = [instance_id for _, instance_id in _corpus_keys()]
    # alpha leaves out the proper-name item 21; beta answers everything.
    assert ids("alpha.best", "best") == [i for i in every_id if i != "21"]
    assert ids("alpha.oot", "oot") == [i for i in every_id if i != "21"]
    assert ids("beta.best", "best") == every_id
    assert ids("alpha.mw", "mw") == ["15", "28", "29", "35", "37", "40"]


def test_beta_is_a_one_answer_per_lexelt_baseline() -> None:
    answers = read_system(DEMO_DIR / "systems" / "beta.best", "best").answers
    per_lexelt: dict[str, set[tuple[str, ...]]] = {}
    for answer in answers:
        per_lexelt.setdefault(answer.lexelt, set()).add(tuple(answer.answers))
    assert all(len(given) == 1 for given in per_lexelt.values())
    assert per_lexelt["strike.v"] == {("hit",)}


def test_alpha_oot_contains_its_best_answers() -> None:
    best = {a.key: a.answers for a in read_system(DEMO_DIR / "systems/alpha.best", "best").answers}
    oot = {a.key: a.answers for a in read_system(DEMO_DIR / "systems/alpha.oot", "oot").answers}
    assert best.keys() == oot.keys()
    assert all(set(best[key]) <= set(oot[key]) for key in best)


def test_weighted_file_reads_cleanly_with_normalised_weights() -> None:
    result = read_weighted(DEMO_DIR / "systems" / "gamma.weighted")
    _assert_clean(result.diagnostics)
    assert [answer.key for answer in result.answers] == _corpus_keys()
    by_id = {answer.id: answer for answer in result.answers}
    for answer in result.answers:
        assert sum(weight for _, weight in answer.ranked) == pytest.approx(1.0)
    # "strike.v 38 walk_out/0.71 protest/0.54 stop_work/0.30 down_tools/0.22":
    # total 1.77, so walk out = 0.71 / 1.77; "_" stands for a space.
    assert by_id["38"].answers == ["walk out", "protest", "stop work", "down tools"]
    assert by_id["38"].ranked[0][1] == pytest.approx(0.71 / 1.77)
    assert by_id["21"].comment is not None and "name" in by_id["21"].comment


def test_validate_command_accepts_every_demo_file(capsys: pytest.CaptureFixture[str]) -> None:
    from lexsub_studio.cli.main import main

    files = [str(DEMO_DIR / name) for name in sorted(DEMO_FILES)]
    assert main(["validate", *files]) == 0, capsys.readouterr().out


# --- the official scorer on the demo ---------------------------------------------------------

def _official(system: str, gold: str, task: str, release: str = "final") -> str:
    from lexsub_studio.core.scoring.official.scorer import run_official

    run = run_official((DEMO_DIR / system).read_bytes(), (DEMO_DIR / gold).read_bytes(),
                       task=task, release=release)
    assert run.exit_code == 0, run.stderr
    return run.stdout.decode("utf-8")


def test_official_scorer_on_alpha_best() -> None:
    # Item 1: gold clever 4, intelligent 2, able 1, gifted 1, quick-witted 1, smart 1, so
    # H = 10; alpha says "clever;quick witted": (4 + 1) / 10 = 0.5 over 2 guesses = 0.25.
    # Over the 54 attempted items of T the scores add up to 19.4313..., so
    # precision = 19.4313 / 54 = 0.35984 -> 35.98; alpha's first answer is the mode on 33
    # of the 44 items with a mode: 33 / 44 = 75.00.
    stdout = _official("systems/alpha.best", "gold", "best")
    assert re.search(r"^precision = 35\.98, ", stdout, re.MULTILINE)
    assert re.search(r"^Mode precision = 75\.00, ", stdout, re.MULTILINE)


def test_official_scorer_on_alpha_oot() -> None:
    # alpha's oot lists hold its best guesses and more: the credits add up to 30.7921 over
    # the same 54 items (57.02), and the mode is among the guesses on 36 of 44 (81.82).
    stdout = _official("systems/alpha.oot", "gold", "oot")
    assert stdout.splitlines() == ["Total = 54, attempted = 54",
                                   "precision = 57.02, recall = 57.02",
                                   "Total with mode 44 attempted 44",
                                   "precision = 81.82, recall = 81.82"]


def test_official_releases_differ_on_the_proper_name_item_for_beta() -> None:
    # beta's credits add up to 91/15 (see the clean test below) and it hits the mode on 10 items.
    # final: "pn 4" is dropped, item 21 keeps only "stadium 1" and is not in T:
    #   91/15 / 54 = 0.11235 -> 11.23; 10 / 44 = 22.73.
    # trial: "pn 4" stays as a substitute named pn, so item 21 is in T with mode "pn" and
    #   beta's "area" scores 0 there: 91/15 / 55 = 0.11030 -> 0.110; 10 / 45 = 0.222.
    final = _official("systems/beta.best", "gold", "best")
    assert final.splitlines()[:2] == ["Total = 54, attempted = 54",
                                      "precision = 11.23, recall = 11.23"]
    assert "Mode precision = 22.73, Mode recall = 22.73" in final
    trial = _official("systems/beta.best", "gold", "best", release="trial")
    assert trial.splitlines() == ["Total = 55, attempted = 55",
                                  "precision = 0.110, recall = 0.110",
                                  "Total with mode 45 attempted 45",
                                  "precision = 0.222, recall = 0.222"]


def test_official_scorer_on_alpha_mw() -> None:
    # MW (first count above 1): ids 15, 24, 28, 35, 37 -> 5. alpha finds 6: 15, 28, 29, 35,
    # 37, 40; genuine (gold has a mode there): 15, 28, 35, 37 -> 4; identical to the mode:
    # 28, 35, 37 -> 3 (alpha writes "in charge of" for 15).
    # Detection 4/6 = 66.67, 4/5 = 80.00; identification 3/6 = 50.00, 3/5 = 60.00.
    stdout = _official("systems/alpha.mw", "gold.mw", "mw")
    assert "Detection precision = 66.67, recall = 80.00" in stdout
    assert "Identification precision = 50.00, recall = 60.00" in stdout


def test_clean_scorer_on_beta_best() -> None:
    from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score_files

    report = score_files(DEMO_DIR / "systems" / "beta.best", DEMO_DIR / "gold",
                         ScoreOptions(kind="best"))
    # beta gives one guess per line, so an item scores freq(guess) / H. It gets credit on
    #   H = 10: ids 2 (1), 7 (3), 12 (2), 17 (5), 19 (4), 30 (5), 32 (5), 45 (3), 51 (1) -> 29/10
    #   H = 9:  ids 13 (4), 25 (5), 27 (2), 40 (3), 47 (1)                          -> 15/9
    #   H = 8:  ids 41 (5), 43 (4), 52 (3)                                          -> 12/8
    # sum = 2.9 + 1.6667 + 1.5 = 91/15 over the 54 items of T (its line for id 21, which is
    # not in T, does not count): 91/15 / 54 = 91/810. Its guess is the mode on ids 13, 17, 19,
    # 25, 30, 32, 41, 43, 45, 52: 10 of 44 (on 7 "just 3" ties with "reasonable 3": no mode).
    assert report.counts["items_in_t"] == 54 and report.counts["attempted"] == 54
    assert report.figures["best.precision"].value == pytest.approx(91 / 810)
    assert report.figures["best.recall"].value == pytest.approx(91 / 810)
    assert report.figures["best.mode_precision"].value == pytest.approx(10 / 44)


@pytest.mark.parametrize(("system", "kind", "expected"), [
    ("alpha.best", "best", {"best.precision": 35.98, "best.mode_precision": 75.00}),
    ("alpha.oot", "oot", {"oot.precision": 57.02, "oot.mode_precision": 81.82}),
    ("beta.best", "best", {"best.precision": 11.23, "best.mode_precision": 22.73}),
    ("gamma.weighted", "weighted", {"best.precision": 37.17, "best.mode_precision": 77.27,
                                    "oot.precision": 73.36, "oot.mode_precision": 95.45}),
])
def test_clean_scorer_figures_quoted_in_the_demo_documentation(
        system: str, kind: str, expected: dict[str, float]) -> None:
    # The percentages of the table in docs/demo.md, computed independently from the task's
    # formulas (T = the 54 items with two or more substitutes; each run attempts all of them).
    from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score_files

    report = score_files(DEMO_DIR / "systems" / system, DEMO_DIR / "gold",
                         ScoreOptions(kind=kind))
    assert report.counts["attempted"] == 54
    got = {key: round(report.figures[key].value * 100, 2) for key in expected}
    assert got == expected
    doc = (DATA_DIR.parent / "docs" / "demo.md").read_text(encoding="utf-8")
    for key, value in expected.items():
        assert f"{value:.2f}" in doc, key


# --- guidelines and documentation ------------------------------------------------------------

def _guidelines() -> str:
    return (paths.resources_dir() / "guidelines" / "default.md").read_text(encoding="utf-8")


def test_guidelines_cover_the_protocol() -> None:
    text = _guidelines()
    headings = [line.lstrip("# ").lower() for line in text.splitlines() if line.startswith("#")]
    for topic in ("three", "base form", "multiword", "nil", "proper name", "comments",
                  "worked examples"):
        assert any(topic in heading for heading in headings), topic


def test_guidelines_do_not_give_away_demo_answers() -> None:
    # The worked examples use sentences of their own, not the demo corpus's.
    text = " ".join(_guidelines().split())
    for _, _, _, context in _corpus_instances():
        assert context not in text
        assert " ".join(context.split()[:6]) not in text


@pytest.mark.gui
def test_guidelines_render_as_markdown_in_qt(qapp: object) -> None:
    from PySide6.QtGui import QTextDocument

    document = QTextDocument()
    document.setMarkdown(_guidelines())
    plain = document.toPlainText()
    assert "Worked examples" in plain and "Write the base form (lemma)" in plain
    # The lemma table is rendered as a table, not left as pipes and dashes.
    assert "|---|" not in plain and "more crowded" in plain
    assert "#" not in plain.split("\n", 1)[0]


def test_demo_documentation_shows_real_gold_lines() -> None:
    # Every gold line quoted in docs/demo.md is a line of the shipped gold or multiword gold.
    doc = (DATA_DIR.parent / "docs" / "demo.md").read_text(encoding="utf-8")
    shipped = set((DEMO_DIR / "gold").read_text(encoding="utf-8").splitlines())
    shipped |= set((DEMO_DIR / "gold.mw").read_text(encoding="utf-8").splitlines())
    quoted = re.findall(r"^[a-z.]+ \d+ :: .*;$", doc, re.MULTILINE)
    assert len(quoted) >= 3
    assert set(quoted) <= shipped
