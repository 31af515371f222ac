"""Response normalisation, the merge map, and merge suggestions."""

from __future__ import annotations

from lexsub_studio.core.gold.normalise import (
    MergeSuggestion,
    NormaliseOptions,
    format_suggestions,
    normalise_response,
    parse_merge_map_text,
    suggest_merges,
)


def test_normalise_trims_collapses_and_lowercases() -> None:
    assert normalise_response("  Take \t  Place ") == "take place"
    assert normalise_response("  Take \t  Place ", NormaliseOptions(lowercase=False)) == \
        "Take Place"
    assert normalise_response("   ") == ""


def test_merge_map_two_and_four_columns() -> None:
    text = ("# accepted merges\n"
            "Brighter\tbright\n"
            "\n"
            "leaves\tleaf\tleave.n\t7\n")
    merge_map, diagnostics = parse_merge_map_text(text, "map.tsv")
    assert len(diagnostics) == 0
    assert merge_map.apply("brighter", ("bright.a", "1")) == "bright"   # case-normalised key
    assert merge_map.apply("leaves", ("leave.n", "7")) == "leaf"
    assert merge_map.apply("leaves", ("leave.n", "8")) == "leaves"      # other item: unchanged
    assert len(merge_map) == 2


def test_merge_map_bad_lines_are_reported_with_line_numbers() -> None:
    text = ("a\tb\tc\n"          # 3 columns
            "x\ty\n"
            "x\tz\n"             # x mapped twice
            "\tq\n"              # empty variant
            "same\tSame\n"       # identity after normalisation
            "p\tq;r\n")          # ';' in canonical
    merge_map, diagnostics = parse_merge_map_text(text, "map.tsv")
    found = [(d.code, d.line) for d in diagnostics]
    assert found == [("merge-map-columns", 1), ("merge-map-duplicate", 3),
                     ("merge-map-empty", 4), ("merge-map-identity", 5),
                     ("merge-map-semicolon", 6)]
    assert merge_map.everywhere == {"x": "y"}


def test_merge_map_chain_is_warned_and_applied_once() -> None:
    merge_map, diagnostics = parse_merge_map_text("a\tb\nb\tc\n")
    assert [d.code for d in diagnostics] == ["merge-map-chain"]
    assert merge_map.apply("a", ("w.n", "1")) == "b"


def suggestions_as_tuples(suggestions: list[MergeSuggestion]) -> set[tuple]:
    return {(s.variant, s.canonical, s.reason, s.key) for s in suggestions}


def test_suggestions_cover_inflection_hyphen_and_spelling() -> None:
    occurrences = {
        ("bright.a", "1"): {"brighter": 1, "clever": 2, "colour": 1},
        ("bright.a", "2"): {"color": 2, "well-lit": 1, "well lit": 2, "smartest": 1},
        ("leave.v", "4"): {"took place": 1, "take place": 2},
        ("trip.n", "5"): {"travelled": 1, "traveled": 2, "filled": 1, "filed": 1},
    }
    found = suggestions_as_tuples(suggest_merges(occurrences))
    assert found == {
        ("well-lit", "well lit", "hyphen/space", None),       # the more written form wins
        ("took place", "take place", "inflection", None),     # phrase: only to a written one
        ("colour", "color", "spelling", None),
        ("travelled", "traveled", "spelling", None),
    }
    # Never "filled" -> "filed": one syllable before -lled is not a spelling variant; never
    # "brighter" -> "bright" or "smartest" -> "smart": a degree says something else.


def test_spelling_variant_needs_both_forms_observed() -> None:
    assert suggest_merges({("paint.v", "1"): {"colour": 3}}) == []


def test_case_variants_only_when_case_is_kept() -> None:
    found = suggestions_as_tuples(suggest_merges({("bse.n", "1"): {"BSE": 3, "bse": 1}}))
    assert found == {("bse", "BSE", "case", None)}


def test_ambiguous_lemma_depends_on_pos_and_observation() -> None:
    # Under a verb lexelt "leaves" -> "leave"; under a noun it is leaf or leave: ambiguous,
    # unless one of them was written at the item.
    verb = suggestions_as_tuples(suggest_merges({("go.v", "1"): {"leaves": 1}}))
    assert verb == {("leaves", "leave", "inflection", None)}
    assert suggest_merges({("tree.n", "1"): {"leaves": 1}}) == []
    noun = suggestions_as_tuples(suggest_merges({("tree.n", "1"): {"leaves": 1, "leaf": 2}}))
    assert noun == {("leaves", "leaf", "inflection", None)}


def test_pos_dependent_lemma_is_proposed_per_item() -> None:
    occurrences = {("go.v", "1"): {"leaves": 1}, ("tree.n", "2"): {"leaves": 1, "leaf": 1}}
    found = suggestions_as_tuples(suggest_merges(occurrences))
    assert found == {("leaves", "leave", "inflection", ("go.v", "1")),
                     ("leaves", "leaf", "inflection", ("tree.n", "2"))}


def test_suggestions_round_trip_as_a_merge_map() -> None:
    suggestions = suggest_merges({("bright.a", "1"): {"brighter": 1, "colour": 1, "color": 1},
                                  ("go.v", "1"): {"leaves": 1}})
    text = format_suggestions(suggestions)
    merge_map, diagnostics = parse_merge_map_text(text)
    assert len(diagnostics) == 0
    assert merge_map.apply("leaves", ("go.v", "1")) == "leave"
    assert merge_map.apply("brighter", ("bright.a", "1")) == "brighter"
    assert merge_map.apply("colour", ("bright.a", "1")) == "color"
