"""The campaign's answers read in one COPY straight into columns: the same rows, in the same
order, and the same agreement figures as reading them row by row (the way they were read
before), on answers with every awkward value a cell can hold."""

from __future__ import annotations

import json
import random

import pytest
from campaign_fixtures import made_up_corpus

from lexsub_studio.core.agreement.export import report_to_dict
from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.agreement.report import compute_agreement
from lexsub_studio.core.annotation.campaign.answer_columns import (
    answer_columns_from_copy,
    unescape_copy_text,
)
from lexsub_studio.core.annotation.campaign.db import (
    assign,
    campaign_response_columns,
    campaign_responses,
    connect,
    init_campaign,
)
from lexsub_studio.core.annotation.campaign.monitor import snapshot
from lexsub_studio.core.model.data import ResponseColumns, ResponseRow

#: Upper case sorts before lower case by code point: the order must not follow a collation.
_PEOPLE = ["amira", "Bruno", "chen", "zoë", "Émile", "dana"]
_WORDS = ["vivid", "shiny", "clear", "sunny", "calm", "naïve", "back\\slash", "tab\there",
          "semi;colon", "\\N", "line\nbreak", "carriage\rreturn", "  padded  ", "Vivid"]
_COMMENTS = ["", "", "", "looked it up", "tab\tand\nnewline", "\\", "\\N", "ünïcödé",
             "\b\f\v", "\x01 control"]
_SECONDS = [None, 0.1, 12.5, 1e-7, 123456.789, 3.0, 2.220446049250313e-16]


def _row_by_row(db, campaign: str, include_excluded: bool) -> list[ResponseRow]:
    """The answers read as they were before: a query of rows, a ResponseRow each."""
    rows = db.execute(
        """SELECT a.lexelt, a.id, a.annotator, a.sub1, a.sub2, a.sub3, a.multiword, a.nil,
                  a.proper_name, a.comment, a.seconds
             FROM lexsub.answers AS a
             JOIN lexsub.instances AS i USING (campaign, lexelt, id)
             JOIN lexsub.members AS m USING (campaign, annotator)
            WHERE a.campaign = %s AND NOT a.deleted AND (%s OR NOT m.answers_excluded)
            ORDER BY i.position, a.annotator""", (campaign, include_excluded)).fetchall()
    return [ResponseRow(lexelt, id_, annotator, tuple(s for s in (s1, s2, s3) if s), multiword,
                        nil, proper_name, comment, seconds)
            for lexelt, id_, annotator, s1, s2, s3, multiword, nil, proper_name, comment,
            seconds in rows]


def _awkward_campaign(url: str) -> None:
    corpus, xml = made_up_corpus(15)  # 60 instances
    init_campaign(url, "round1", "Round one", corpus, xml)
    assign(url, "round1", _PEOPLE, 4, seed=11)
    rng = random.Random(5)
    with connect(url) as db:
        assigned = db.execute("SELECT annotator, lexelt, id FROM lexsub.assignments "
                              "ORDER BY annotator, lexelt, id").fetchall()
        for annotator, lexelt, id_ in assigned:
            cells = [rng.choice(_WORDS) if rng.random() < 0.8 else "" for _ in range(3)]
            db.execute(
                """INSERT INTO lexsub.answers (campaign, annotator, lexelt, id, sub1, sub2,
                       sub3, multiword, nil, proper_name, comment, seconds, deleted, revision,
                       device, changed_at)
                   VALUES ('round1', %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, 1,
                           'laptop', now())""",
                (annotator, lexelt, id_, *cells,
                 rng.choice(["", "", "give up", "tab\tword"]), rng.random() < 0.1,
                 rng.random() < 0.05, rng.choice(_COMMENTS), rng.choice(_SECONDS),
                 rng.random() < 0.1))
        # A revoked member whose answers are left out of agreement.
        db.execute("UPDATE lexsub.members SET answers_excluded = true "
                   "WHERE annotator = 'dana'")


@pytest.mark.parametrize("include_excluded", [False, True])
def test_the_columns_are_the_rows_read_one_by_one(campaign_url: str,
                                                  include_excluded: bool) -> None:
    _awkward_campaign(campaign_url)
    with connect(campaign_url) as db:
        expected = _row_by_row(db, "round1", include_excluded)
        columns = campaign_response_columns(db, campaign_url, "round1",
                                            include_excluded=include_excluded)
        rows = campaign_responses(db, campaign_url, "round1",
                                  include_excluded=include_excluded)
    assert len(expected) > 150
    assert ("dana" in {row.annotator for row in expected}) is include_excluded
    assert columns.rows() == rows == expected
    # Pooling sees the cells the rows would give it, filled ones first.
    from_rows = ResponseColumns.from_rows(expected)
    assert [list(column) for column in columns.substitutes] == from_rows.substitutes
    assert [list(column) for column in (columns.lexelt, columns.annotator, columns.comment)] \
        == [from_rows.lexelt, from_rows.annotator, from_rows.comment]
    # Exactly the same objects' values, types included (a float stays a float, None None).
    assert [type(row.seconds) for row in rows] == [type(row.seconds) for row in expected]


def test_the_live_figures_are_those_of_the_rows_read_one_by_one(campaign_url: str) -> None:
    _awkward_campaign(campaign_url)
    with connect(campaign_url) as db:
        expected = _row_by_row(db, "round1", False)
    pooled = pool_responses([ResponseSource("rows", expected)])
    before = compute_agreement(pooled)
    shot = snapshot(campaign_url, "round1")
    assert shot.report is not None
    assert len(shot.responses) == len(expected)

    def text(report) -> str:
        return json.dumps(report_to_dict(report), sort_keys=True, default=str)

    assert text(shot.report) == text(before)
    assert (shot.report.pair_matrix.tobytes(), shot.report.pair_counts.tobytes()) == (
        before.pair_matrix.tobytes(), before.pair_counts.tobytes())


def test_a_session_in_another_client_encoding_reads_the_same_answers(campaign_url: str
                                                                   ) -> None:
    _awkward_campaign(campaign_url)
    with connect(campaign_url) as db:
        expected = _row_by_row(db, "round1", True)
    with connect(campaign_url) as db:
        db.execute("SET client_encoding = 'LATIN1'")
        assert campaign_responses(db, campaign_url, "round1", include_excluded=True) == expected


def test_copy_text_escapes_are_undone() -> None:
    assert unescape_copy_text("plain") == "plain"
    assert unescape_copy_text("a\\tb\\nc\\rd\\\\e") == "a\tb\nc\rd\\e"
    assert unescape_copy_text("\\b\\f\\v") == "\b\f\v"
    assert unescape_copy_text("\\101\\x42\\q") == "ABq"


def test_no_answers_make_empty_columns() -> None:
    columns = answer_columns_from_copy(b"")
    assert len(columns) == 0 and columns.rows() == []


def test_a_refresh_reuses_the_figures_only_while_nothing_changed(campaign_url: str) -> None:
    _awkward_campaign(campaign_url)
    first = snapshot(campaign_url, "round1")
    again = snapshot(campaign_url, "round1", previous=first)
    assert again.reused and again.report is first.report
    assert again.status.read_at >= first.status.read_at  # the progress is read afresh

    # An answer changed by hand in SQL (no received_at, no revision touched) is seen.
    with connect(campaign_url) as db:
        db.execute("UPDATE lexsub.answers SET sub1 = 'brand-new', nil = false, "
                   "proper_name = false, deleted = false WHERE annotator = 'amira' "
                   "AND id = (SELECT min(id) FROM lexsub.answers WHERE annotator = 'amira')")
    changed = snapshot(campaign_url, "round1", previous=again)
    assert not changed.reused and changed.report is not again.report
    assert "brand-new" in changed.responses.substitutes[0]
    assert snapshot(campaign_url, "round1", previous=changed).reused

    # So is a member's answers counted again (revoked with --keep-answers afterwards).
    with connect(campaign_url) as db:
        db.execute("UPDATE lexsub.members SET answers_excluded = false WHERE annotator = 'dana'")
    kept = snapshot(campaign_url, "round1", previous=changed)
    assert not kept.reused and "dana" in kept.report.annotators
    # Another campaign's snapshot is never reused.
    corpus, xml = made_up_corpus(2)
    init_campaign(campaign_url, "round2", "Round two", corpus, xml)
    assign(campaign_url, "round2", ["amira", "chen"], 2, seed=1)
    assert not snapshot(campaign_url, "round2", previous=kept).reused
