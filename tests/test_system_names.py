"""Systems whose names share a long start and end are told apart by the part that differs."""

from __future__ import annotations

from lexsub_studio.core.scoring.compare.system_names import distinguishing_names

TEAMS = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota")


def test_nine_names_sharing_start_and_end_keep_only_what_differs() -> None:
    names = [f"third-place-team-{team}-final.best" for team in TEAMS]
    assert distinguishing_names(names) == [f"…{team}…" for team in TEAMS]


def test_cuts_fall_on_separators_so_no_word_is_split() -> None:
    assert distinguishing_names(["run1.best", "run2.best"]) == ["run1…", "run2…"]
    assert distinguishing_names(["base.best", "base-tuned.best"]) == ["base…", "base-tuned…"]
    assert distinguishing_names(["lab/third-a.best", "lab/third-b.best"]) == ["…a…", "…b…"]


def test_names_without_anything_shared_or_alone_are_kept_whole() -> None:
    assert distinguishing_names(["alpha.best", "beta.oot"]) == ["alpha.best", "beta.oot"]
    assert distinguishing_names(["third-place-team-alpha-final.best"]) == [
        "third-place-team-alpha-final.best"]
    assert distinguishing_names([]) == []
