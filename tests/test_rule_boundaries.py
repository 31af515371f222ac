"""Rules at their exact boundary, where a one-character slip in the code would go unseen by the
tests of ordinary cases. Each test below fails on one such slip:

- ``test_a_gold_item_with_exactly_two_responses_is_in_t_under_a_convention``: a convention's
  in-T rule written ``responses <= 2`` (or ``> 2``) instead of ``< 2`` for leaving an item out.
- ``test_the_clean_spelling_deletes_curly_apostrophes``: the clean spelling deleting only the
  ASCII apostrophe, not U+2019.
- ``test_the_official_answer_spelling_deletes_only_the_first_apostrophe``: the official answer
  rewrite deleting every apostrophe instead of the first.
- ``test_the_agreement_bootstrap_draws_the_last_item`` and
  ``test_the_paired_bootstrap_draws_the_last_item``: a resampling that never draws the last
  item (``integers(0, n - 1)``).
- ``test_a_file_exactly_at_the_size_limit_is_read`` and
  ``test_a_stream_exactly_at_the_size_limit_is_read``: the size limit refusing a file of exactly
  the limit (``>=`` for ``>``).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import numpy as np
import pytest

from lexsub_studio.core.agreement.bootstrap import bootstrap_intervals
from lexsub_studio.core.io.formats import limits
from lexsub_studio.core.io.formats.gold import parse_gold_text
from lexsub_studio.core.io.formats.system import parse_system_text, read_system
from lexsub_studio.core.model.rules import MIN_RESPONSES_IN_T
from lexsub_studio.core.scoring.clean.spelling import clean_form, official_answer_form
from lexsub_studio.core.scoring.compare.significance import paired_bootstrap
from lexsub_studio.core.scoring.conventions.profiles import convention_gap, get_convention
from lexsub_studio.core.scoring.report.score_report import ScoreOptions, score

# --- T under a convention ---------------------------------------------------------------------


@pytest.mark.parametrize("gold_line", ["bright.a 1 :: clever 1;smart 1;",
                                       "bright.a 1 :: clever 2;"])
def test_a_gold_item_with_exactly_two_responses_is_in_t_under_a_convention(
        gold_line: str) -> None:
    assert MIN_RESPONSES_IN_T == 2
    gold = parse_gold_text(f"{gold_line}\nbright.a 2 :: shiny 1;\n").items
    system = parse_system_text("bright.a 1 ::: clever;smart\nbright.a 2 ::: shiny\n", "oot").answers
    result = convention_gap(system, gold, get_convention("lexsub"), kind="oot")
    # Item 1 (two responses) is averaged, with GAP 1; item 2 (one response) is not.
    assert result.keys == [("bright.a", "1")]
    assert result.value == pytest.approx(1.0)
    assert result.skipped == {"gold items with fewer than 2 responses (not in T)": 1}


# --- spelling -----------------------------------------------------------------------------------


def test_the_clean_spelling_deletes_curly_apostrophes() -> None:
    assert clean_form("don\u2019t") == clean_form("don't") == "dont"
    gold = parse_gold_text("c.a 5 :: don't 2;happen 1;\n").items
    report = score(parse_system_text("c.a 5 :: don\u2019t\n", "best").answers, gold)
    # The curly answer is the gold's mode, spelled with a typewriter apostrophe.
    assert report.figures["best.mode_recall"].value == 1.0
    assert report.figures["best.recall"].value == pytest.approx(2 / 3)


def test_the_official_answer_spelling_deletes_only_the_first_apostrophe() -> None:
    assert official_answer_form("rock'n'roll") == "rockn'roll"
    # With the spelling fix switched off, the gold keeps its second apostrophe too, so the
    # answer is credited only when both lose exactly the first one.
    gold = parse_gold_text("c.a 5 :: rock'n'roll 2;music 1;\n").items
    answers = parse_system_text("c.a 5 :: rock'n'roll\n", "best").answers
    report = score(answers, gold, ScoreOptions(kept_defects=frozenset({"spelling"})))
    assert report.figures["best.recall"].value == pytest.approx(2 / 3)


# --- bootstrap resampling -----------------------------------------------------------------------


def test_the_agreement_bootstrap_draws_the_last_item() -> None:
    n_items = 3

    def last_item_weight(weights: np.ndarray) -> dict[str, float | None]:
        return {"last": float(weights[-1])}

    interval = bootstrap_intervals(n_items, last_item_weight, ["last"], replicates=200,
                                   seed=1)["last"]
    # Over 200 replicates the last of 3 items is drawn in most, so the upper end is above 0.
    assert interval.high is not None and interval.high > 0


def test_the_paired_bootstrap_draws_the_last_item() -> None:
    # Only the last item differs. A resampling that never draws it gives every sample the
    # difference 0, each of which reaches the observed 0.25 below: p would be 1.
    result = paired_bootstrap([0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 0.0, 0.0], samples=400, seed=2)
    assert result.difference == pytest.approx(0.25)
    assert result.reached < result.samples
    assert result.p_value < 1.0


# --- the size limit -----------------------------------------------------------------------------

SYSTEM_TEXT = "bright.a 1 :: clever\nbright.a 2 :: shiny\n"


def test_a_file_exactly_at_the_size_limit_is_read(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "system.best"
    path.write_text(SYSTEM_TEXT, encoding="utf-8")
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", path.stat().st_size)
    assert len(read_system(path, "best").answers) == 2


@pytest.mark.skipif(os.name != "posix", reason="pipes as files need POSIX")
def test_a_stream_exactly_at_the_size_limit_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    data = SYSTEM_TEXT.encode()
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", len(data))
    read_end, write_end = os.pipe()

    def feed() -> None:
        with open(write_end, "wb") as writer:
            writer.write(data)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        with open(read_end, "rb", closefd=False) as handle:
            assert limits.read_limited(handle, "<pipe>") == data
    finally:
        os.close(read_end)
        writer.join(5)
