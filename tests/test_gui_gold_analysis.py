"""The workspace's pure helpers: a pair's disagreements, the merge map, anonymising, HTML."""

from __future__ import annotations

from lexsub_studio.core.agreement.anonymise import anonymise_report
from lexsub_studio.core.agreement.pairwise import (
    item_pair_scores,
    pair_disagreements,
    pair_item_scores,
)
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.agreement.report import compute_agreement
from lexsub_studio.core.agreement.report_html import report_html
from lexsub_studio.core.gold.merge_map_text import format_accepted_merges, merge_map_from
from lexsub_studio.core.gold.normalise import MergeSuggestion
from lexsub_studio.core.model.data import ResponseRow


def _rows() -> list[ResponseRow]:
    def row(name: str, item: str, *subs: str, nil: bool = False) -> ResponseRow:
        return ResponseRow("bright.a", item, name, tuple(subs), nil=nil)

    return [
        row("ann", "1", "clever", "smart"), row("bob", "1", "clever", "smart"),
        row("ann", "2", "vivid"), row("bob", "2", "vivid", "bold"),
        row("ann", "3", nil=True), row("bob", "3", "sunny"),
        row("ann", "4", "<b>shiny</b>"), row("bob", "4", "glossy"),
    ]


def test_pair_disagreements_hand_checked() -> None:
    pooled = pool_responses([ResponseSource("r.tsv", _rows())])
    # Item 1: equal sets (score 1); item 2: {vivid} vs {vivid, bold} (1/2); item 3: ann NIL
    # (no substitutes, no score); item 4: nothing shared (0).
    assert pair_item_scores(pooled, 0, 1).tolist()[:2] == [1.0, 0.5]
    assert pair_disagreements(pooled, 0, 1, at_least=0.05) == [1, 3]
    assert pair_disagreements(pooled, 1, 0, at_least=0.5) == [1, 3]
    assert pair_disagreements(pooled, 0, 1, at_least=0.51) == [3]
    # The default lists the items where the pair shares nothing.
    assert pair_disagreements(pooled, 0, 1) == [3]
    scores = item_pair_scores(pooled, 1)
    assert scores[0, 1] == scores[1, 0] == 0.5


def test_merge_map_and_its_file() -> None:
    accepted = [MergeSuggestion("color", "colour", "spelling", 2),
                MergeSuggestion("ran", "run", "inflection", 1, ("run.v", "7"))]
    merge_map = merge_map_from(accepted)
    assert merge_map.everywhere == {"color": "colour"}
    assert merge_map.per_item == {("run.v", "7"): {"ran": "run"}}
    assert format_accepted_merges(accepted).splitlines()[2:] == ["color\tcolour",
                                                                 "ran\trun\trun.v\t7"]


def test_anonymised_report_and_html() -> None:
    pooled = pool_responses([ResponseSource("r.tsv", _rows())])
    report = compute_agreement(pooled, bootstrap=20, seed=3)
    hidden = anonymise_report(report)
    assert hidden.annotators == ["A1", "A2"]
    assert list(hidden.per_annotator["annotator"]) == ["A1", "A2"]
    assert report.annotators == ["ann", "bob"]  # the original is left as it was
    assert all("'ann'" not in w and "'bob'" not in w for w in hidden.warnings)
    page = report_html(hidden)
    assert ">A1<" in page and ">ann<" not in page
    # Pairwise: item 1 = 1, item 2 = 1/2, item 4 = 0 over 3 pairs = 0.5.
    assert ">Pairwise agreement</td><td class=\"num\">0.5000</td>" in page
    # mw_string_agreement has no pair: undefined, a dash as in every HTML table
    # (core/present/numbers.py).
    assert ">Multiword string agreement</td><td class=\"num\">—</td>" in page
    assert ">ann<" in report_html(report, title="Round <1>")
    assert "<title>Round &lt;1&gt;</title>" in report_html(report, title="Round <1>")
