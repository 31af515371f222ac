"""Progress per target in the summary dialog is a whole percentage rounded down, as in
``lexsub packages check`` and ``campaign status`` (core/present/numbers.py)."""

from __future__ import annotations

from lexsub_studio.core.annotation.work import ProgressSummary
from lexsub_studio.gui.dialogs import summary_rows


def test_two_of_three_is_not_rounded_up() -> None:
    summary = ProgressSummary(total=3, empty=1, partial=0, done=2, flagged=0, nil=0,
                              proper_name=0, multiword=0, seconds=0.0,
                              per_lexelt={"bright.a": (2, 3), "run.v": (0, 0)})
    rows = summary_rows(summary, show_pos=True)
    assert [row[1:] for row in rows] == [["2", "3", "66%"], ["0", "0", "—"]]
