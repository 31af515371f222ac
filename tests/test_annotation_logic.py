"""Pure annotation logic: statuses, navigation, checks, autocomplete, progress, import planning."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.annotation.work import (
    MAX_SECONDS_PER_VISIT,
    AnnotationWork,
    Status,
    VisitClock,
    WorkItem,
    check_answer,
    lemma_suggestion,
    status_of,
)
from lexsub_studio.core.model.data import Instance, ResponseRow


def _instance(id_: str, text: str = "It was a bright day .", start: int = 9,
              end: int = 15) -> Instance:
    return Instance(id_, text, start, end)


def _items() -> list[WorkItem]:
    """bright.a 1-3, fair.a 4-5: five instances."""
    return ([WorkItem("bright.a", _instance(str(i))) for i in (1, 2, 3)]
            + [WorkItem("fair.a", _instance(str(i), "A fair deal .", 2, 6)) for i in (4, 5)])


def _row(lexelt: str, id_: str, *subs: str, **kw: object) -> ResponseRow:
    return ResponseRow(lexelt, id_, "ann", tuple(subs), **kw)  # type: ignore[arg-type]


# -- statuses -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("row", "expected"), [
    (None, Status.EMPTY),
    (_row("a.n", "1"), Status.EMPTY),
    (_row("a.n", "1", comment="unsure"), Status.PARTIAL),
    (_row("a.n", "1", multiword="take place"), Status.PARTIAL),
    (_row("a.n", "1", "x"), Status.DONE),
    (_row("a.n", "1", "x", multiword="take place"), Status.DONE),
    (_row("a.n", "1", nil=True), Status.FLAGGED),
    (_row("a.n", "1", "x", proper_name=True), Status.FLAGGED),
])
def test_status_of(row: ResponseRow | None, expected: Status) -> None:
    assert status_of(row) is expected


# -- navigation -----------------------------------------------------------------------------------

def test_next_unfinished_skips_finished_and_wraps() -> None:
    work = AnnotationWork(_items(), "ann")
    work.commit(1, _row("bright.a", "2", "vivid"))
    work.commit(2, _row("bright.a", "3", nil=True))
    work.commit(3, _row("fair.a", "4", comment="later"))  # partial: still unfinished
    assert work.next_unfinished(0) == 3
    assert work.next_unfinished(3) == 4
    assert work.next_unfinished(4) == 0  # wraps past the end
    assert work.next_unfinished(0, step=-1) == 4
    for index, id_ in ((0, "1"), (3, "4"), (4, "5")):
        work.commit(index, _row(work.items[index].lexelt, id_, "fine"))
    assert work.next_unfinished(0) is None


def test_a_lone_unfinished_instance_is_found_from_itself() -> None:
    work = AnnotationWork(_items()[:2], "ann")
    work.commit(1, _row("bright.a", "2", "vivid"))
    assert work.next_unfinished(0) == 0


def test_resume_prefers_the_stored_position(tmp_path: Path) -> None:
    store = AnnotationStore.open(tmp_path / "s.sqlite3")
    work = AnnotationWork(_items(), "ann", store)
    assert work.resume_index() == 0  # nothing stored: the first unfinished
    work.commit(0, _row("bright.a", "1", "sunny"))
    assert AnnotationWork(_items(), "ann", store).resume_index() == 1
    work.set_position(3)
    assert AnnotationWork(_items(), "ann", store).resume_index() == 3
    store.close()


# -- changes, listeners and progress --------------------------------------------------------

def test_commit_notifies_listeners_and_updates_counts() -> None:
    work = AnnotationWork(_items(), "ann")
    seen: list[list[int]] = []
    work.add_listener(lambda rows: seen.append(list(rows)))
    work.commit(4, _row("fair.a", "5", "just", "equitable"))
    work.apply({0: _row("bright.a", "1", nil=True), 1: _row("bright.a", "2", comment="?")})
    assert seen == [[4], [0, 1]]
    # 5 instances: done 1 (id 5), flagged 1 (id 1), partial 1 (id 2), empty 2 (ids 3, 4).
    summary = work.progress()
    assert (summary.total, summary.done, summary.flagged, summary.partial, summary.empty) == (
        5, 1, 1, 1, 2)
    assert summary.finished == 2
    assert summary.percent == pytest.approx(40.0)  # 2 / 5
    assert summary.per_lexelt == {"bright.a": (1, 3), "fair.a": (1, 2)}
    assert work.overall_progress() == (2, 5)
    work.commit(0, None)
    assert work.status(0) is Status.EMPTY
    assert work.lexelt_progress("bright.a") == (0, 3)


def test_progress_summary_counts_nil_proper_names_multiwords_and_time() -> None:
    work = AnnotationWork(_items(), "ann")
    work.commit(0, _row("bright.a", "1", "sunny", seconds=10.0))
    work.commit(1, _row("bright.a", "2", nil=True, seconds=4.5))
    work.commit(2, _row("bright.a", "3", proper_name=True, seconds=2.0))
    work.commit(3, _row("fair.a", "4", "just", multiword="fair play", seconds=None))
    summary = work.progress()
    assert (summary.nil, summary.proper_name, summary.multiword) == (1, 1, 1)
    assert summary.seconds == pytest.approx(16.5)  # 10 + 4.5 + 2 (+ nothing for None)


def test_training_items_are_neither_counted_nor_exported() -> None:
    items = [WorkItem("try.v", _instance("t1"), training=True), *_items()]
    work = AnnotationWork(items, "ann")
    work.commit(0, _row("try.v", "t1", "attempt"))
    work.commit(1, _row("bright.a", "1", "sunny"))
    assert work.overall_progress() == (1, 5)
    assert [row.key for row in work.export_rows()] == [("bright.a", "1")]


def test_export_rows_keep_corpus_order_and_drop_nothing_else() -> None:
    work = AnnotationWork(_items(), "ann")
    work.commit(4, _row("fair.a", "5", "just"))
    work.commit(0, _row("bright.a", "1", comment="skip for now"))
    assert [row.key for row in work.export_rows()] == [("bright.a", "1"), ("fair.a", "5")]


def test_make_row_normalises_and_returns_none_when_empty() -> None:
    work = AnnotationWork(_items(), "ann")
    row = work.make_row(0, ["  very   clever ", "", "smart"], " take  up ", comment=" hm ",
                        seconds=3.0)
    assert row == ResponseRow("bright.a", "1", "ann", ("very clever", "smart"), "take up",
                              False, False, "hm", 3.0)
    assert work.make_row(0, ["", " ", ""]) is None


def test_answers_for_unknown_instances_are_counted_not_shown(tmp_path: Path) -> None:
    store = AnnotationStore.open(tmp_path / "s.sqlite3")
    store.put_answer(_row("gone.n", "99", "x"))
    store.put_answer(_row("bright.a", "1", "sunny"))
    work = AnnotationWork(_items(), "ann", store)
    assert work.orphan_answers == 1
    assert work.answer(0) == _row("bright.a", "1", "sunny")
    store.close()


def test_a_commit_reaches_the_store(tmp_path: Path) -> None:
    store = AnnotationStore.open(tmp_path / "s.sqlite3")
    work = AnnotationWork(_items(), "ann", store)
    work.commit(2, _row("bright.a", "3", "shining", seconds=7.0))
    assert store.load_answers("ann") == {("bright.a", "3"): _row("bright.a", "3", "shining",
                                                                  seconds=7.0)}
    work.commit(2, None)
    assert store.answer_count() == 0
    store.close()


def test_duplicate_keys_are_refused() -> None:
    with pytest.raises(ValueError, match="unique"):
        AnnotationWork([WorkItem("a.n", _instance("1")), WorkItem("a.n", _instance("1"))], "x")


# -- autocomplete ---------------------------------------------------------------------------------

def test_suggestions_are_this_lexelts_earlier_answers_most_used_first() -> None:
    work = AnnotationWork(_items(), "ann")
    work.commit(0, _row("bright.a", "1", "sunny", "clear"))
    work.commit(1, _row("bright.a", "2", "clear", "vivid", multiword="bright spark"))
    work.commit(3, _row("fair.a", "4", "just"))
    # clear x2; bright spark, sunny, vivid x1 each (ties alphabetical).
    assert work.suggestions("bright.a") == ["clear", "bright spark", "sunny", "vivid"]
    assert work.suggestions("fair.a") == ["just"]
    assert work.suggestions("none.n") == []


# -- import planning ------------------------------------------------------------------------------

def test_plan_import_reports_what_it_leaves_out() -> None:
    work = AnnotationWork(_items(), "ann")
    work.commit(0, _row("bright.a", "1", "old"))
    rows = [
        _row("bright.a", "1", "new"),                                   # replaces
        _row("bright.a", "2", "vivid"),                                 # new
        ResponseRow("bright.a", "3", "bob", ("sunny",)),                # other annotator
        _row("gone.n", "9", "x"),                                       # unknown instance
        _row("fair.a", "4"),                                            # blank
    ]
    plan = work.plan_import(rows)
    assert [row.key for row in plan.rows] == [("bright.a", "1"), ("bright.a", "2")]
    assert (plan.replaced, plan.other_annotator, plan.unknown_instance, plan.blank) == (1, 1, 1, 1)
    assert plan.skipped == 3
    adopted = work.plan_import(rows, annotator="bob")
    assert [(r.key, r.annotator) for r in adopted.rows] == [(("bright.a", "3"), "ann")]


# -- gentle checks --------------------------------------------------------------------------------

def _codes(checks: list) -> list[tuple[str, str]]:
    return [(c.field, c.code) for c in checks]


def test_substitute_equal_to_the_target_lemma_or_head() -> None:
    checks = check_answer(["Bright", "brighter", "clever"], "", False, False, "bright.a",
                          "brighter")
    assert ("sub1", "same-as-target") in _codes(checks)
    assert ("sub2", "same-as-target") in _codes(checks)
    assert not [c for c in checks if c.field == "sub3"]


def test_duplicate_across_fields_is_reported_on_the_later_field() -> None:
    checks = check_answer(["clever", "smart", " Clever "], "", False, False, "bright.a", "bright")
    duplicates = [c for c in checks if c.code == "duplicate"]
    assert [(c.field, c.message) for c in duplicates] == [
        ("sub3", "Already given as substitute 1.")]


def test_inflected_substitute_gets_its_lemma_offered() -> None:
    checks = check_answer(["cleverer", "happier", "sunny"], "", False, False, "bright.a", "bright")
    assert [(c.field, c.suggestion) for c in checks if c.code == "inflected"] == [
        ("sub1", "clever"), ("sub2", "happy")]


@pytest.mark.parametrize(("word", "pos", "expected"), [
    ("running", "v", "run"), ("took place", "v", "take place"), ("bus stops", "n", "bus stop"),
    ("cars", "n", "car"), ("car", "n", None), ("Brighter", "a", "Bright"), ("", "n", None),
    # Plurals the dictionary also lists as nouns of their own get the singular it lists first.
    ("movies", "n", "movie"), ("games", "n", "game"), ("Movies", None, "Movie"),
    ("games", None, "game"), ("glasses", "n", "glass"),
    # Listed first (or only) as themselves: no hint.
    ("means", "n", None), ("data", "n", None), ("news", "n", None), ("clothes", None, None),
])
def test_lemma_suggestion(word: str, pos: str | None, expected: str | None) -> None:
    assert lemma_suggestion(word, pos) == expected


def test_answers_with_nil_and_with_proper_name() -> None:
    assert _codes(check_answer(["x", "", ""], "", True, False, "a.n", "a")) == [
        ("nil", "answers-with-nil")]
    assert _codes(check_answer(["", "", ""], "take part", True, False, "a.v", "a")) == [
        ("nil", "answers-with-nil")]
    assert _codes(check_answer(["y", "", ""], "", False, True, "a.n", "a")) == [
        ("nil", "answers-with-proper-name")]
    assert check_answer(["", "", ""], "", True, False, "a.n", "a") == []


def test_inflected_multiword_is_offered_its_lemma() -> None:
    checks = check_answer(["", "", ""], "taking place", False, False, "take.v", "taking")
    assert [(c.field, c.suggestion) for c in checks] == [("multiword", "take place")]


@pytest.mark.slow
@given(st.lists(st.text(max_size=12), max_size=3), st.text(max_size=12), st.booleans(),
       st.booleans())
def test_checks_never_fail_and_only_name_known_fields(subs: list[str], multiword: str, nil: bool,
                                                      proper: bool) -> None:
    checks = check_answer(subs, multiword, nil, proper, "bright.a", "bright")
    assert {c.field for c in checks} <= {"sub1", "sub2", "sub3", "multiword", "nil"}


@given(st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=60))
def test_running_counters_match_a_recount(commands: list[str]) -> None:
    """Whatever sequence of commits happens, the counters equal a count from scratch."""
    work = AnnotationWork(_items(), "ann")
    answers = {
        "a": lambda lx, i: _row(lx, i, "x"),
        "b": lambda lx, i: _row(lx, i, nil=True),
        "c": lambda lx, i: _row(lx, i, comment="c"),
        "d": lambda lx, i: None,
    }
    for step, command in enumerate(commands):
        index = step % len(work)
        item = work.items[index]
        work.commit(index, answers[command](item.lexelt, item.instance.id))
    summary = work.progress()
    recount = [status_of(work.answer(i)) for i in range(len(work))]
    assert (summary.empty, summary.partial, summary.done, summary.flagged) == tuple(
        recount.count(s) for s in (Status.EMPTY, Status.PARTIAL, Status.DONE, Status.FLAGGED))


def test_visit_clock_caps_a_long_visit() -> None:
    now = [100.0]
    clock = VisitClock(lambda: now[0])
    now[0] = 112.34
    assert clock.take() == 12.3
    now[0] += 5000
    assert clock.take() == MAX_SECONDS_PER_VISIT


# -- a campaign's assignment ----------------------------------------------------------------------

def test_an_assignment_narrows_progress_and_next_unfinished() -> None:
    work = AnnotationWork(_items(), "ann")
    work.commit(0, _row("bright.a", "1", "vivid"))
    work.commit(3, _row("fair.a", "4", "just"))
    assert work.set_assignment({("bright.a", "2"), ("fair.a", "4"), ("fair.a", "5"),
                                ("gone.n", "9")})
    assert work.assignment_mask == [False, True, False, True, True]
    assert work.overall_progress() == (1, 3)  # fair.a 4 answered; bright.a 1 is not theirs
    assert work.lexelt_progress("bright.a") == (0, 1)
    assert work.assigned_lexelts() == ["bright.a", "fair.a"]
    assert work.progress().total == 3
    assert work.next_unfinished(-1) == 1
    assert work.next_unfinished(1) == 4
    assert work.next_unfinished(4) == 1
    work.commit(1, _row("bright.a", "2", "shiny"))
    work.commit(2, _row("bright.a", "3", "clear"))  # not theirs: kept, not counted
    assert work.overall_progress() == (2, 3)
    assert work.next_unfinished(1) == 4


def test_a_changed_assignment_recounts_and_none_widens_to_the_corpus() -> None:
    work = AnnotationWork(_items(), "ann")
    work.commit(4, _row("fair.a", "5", "just"))
    work.set_assignment({("bright.a", "1")})
    assert work.overall_progress() == (0, 1)
    assert work.assigned_lexelts() == ["bright.a"]
    assert work.set_assignment({("fair.a", "4"), ("fair.a", "5")})
    assert work.overall_progress() == (1, 2)
    assert not work.set_assignment({("fair.a", "4"), ("fair.a", "5")})  # nothing changed
    assert work.set_assignment(None)
    assert work.assignment_mask is None
    assert work.overall_progress() == (1, 5)
    assert work.next_unfinished(-1) == 0


def test_an_assignment_naming_no_instance_here_leaves_the_whole_corpus() -> None:
    work = AnnotationWork(_items(), "ann")
    assert not work.set_assignment(set())
    assert not work.set_assignment({("other.n", "1")})
    assert work.assignment_mask is None
    assert work.overall_progress() == (0, 5)


def test_training_items_stay_with_an_assignment_and_resume_skips_unassigned(
        tmp_path: Path) -> None:
    items = [WorkItem("bright.a", _instance("t1"), training=True), *_items()]
    store = AnnotationStore.open(tmp_path / "s.sqlite3")
    work = AnnotationWork(items, "ann", store)
    work.set_position(1)  # bright.a 1
    work.set_assignment({("fair.a", "5")})
    assert work.assignment_mask == [True, False, False, False, False, True]
    assert work.overall_progress() == (0, 1)
    assert work.resume_index() == 0  # the stored position is no longer theirs
    store.close()
