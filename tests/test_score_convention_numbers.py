"""``lexsub score --convention`` writes its percentages by the number policy: rounded half up
as the official scorer rounds (core/present/numbers.py), the same as the league table."""

from __future__ import annotations

from lexsub_studio.cli.score_convention import _table


def test_percentages_round_half_up_like_the_official_scorer() -> None:
    # 0.01125 is stored just below itself: Python's "%.2f" of 100 times it gives 1.12, the
    # official rounding 1.13.
    result = {"convention": "lexsub", "title": "this project", "candidates": None,
              "rules": {"oot_cut": False, "kept_defects": []},
              "gap": 0.01125, "items_averaged": 4, "items_without_answers": 0,
              "not_averaged": {}}
    lines = dict(line.split(None, 1) for line in _table(result).splitlines()
                 if line.startswith("GAP"))
    assert lines["GAP"].startswith("1.13  (mean of 4 items")
