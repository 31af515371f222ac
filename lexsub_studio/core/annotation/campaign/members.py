"""Taking an annotator out of a campaign, and giving one a new password.

``revoke`` marks the member revoked (the write policies of schema.py then refuse their pushes,
even on a connection opened before), turns their role's login off and ends its sessions
(through the functions of the one-time server setup, campaign/server_setup.py). Their answers
stay on the server; unless ``keep_answers``, they are left out of agreement and export
(``campaign_responses``). ``reissue`` gives a member's role a new password and returns the new
invitation: the old password no longer logs in, and sessions opened with it are ended.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from lexsub_studio.core.annotation.campaign.db import (
    connect,
    errors_said,
    one_row,
    put_annotator_role,
    require_schema,
)
from lexsub_studio.core.annotation.campaign.invitation import invitation_url
from lexsub_studio.core.annotation.campaign.link import CampaignLink
from lexsub_studio.core.annotation.campaign.server_setup import ADMIN_SCHEMA
from lexsub_studio.core.annotation.server_url import server_label, with_user
from lexsub_studio.core.model.diagnostics import InputError

if TYPE_CHECKING:
    import psycopg


@dataclass(frozen=True, slots=True)
class Revocation:
    annotator: str
    role: str
    #: When the member was revoked (earlier, if they had been already).
    revoked_at: datetime
    already: bool
    answers_kept: bool
    #: Live answers of the member on the server (kept there in any case).
    answers: int
    #: Assigned instances the member had not answered: ``handover`` moves them.
    unfinished: int
    sessions_ended: int


def _member(db: psycopg.Connection[Any], url: str, campaign: str, annotator: str
            ) -> tuple[str, datetime | None]:
    row = db.execute("SELECT role, revoked_at FROM lexsub.members WHERE campaign = %s "
                     "AND annotator = %s FOR UPDATE", (campaign, annotator)).fetchone()
    if row is None:
        known = db.execute("SELECT 1 FROM lexsub.campaigns WHERE name = %s",
                           (campaign,)).fetchone()
        what = (f"campaign {campaign!r} has no annotator {annotator!r} (names are "
                "case-sensitive; 'lexsub campaign status' lists them)" if known
                else f"there is no campaign {campaign!r}")
        raise InputError.at(server_label(url), "campaign-unknown", what)
    return str(row[0]), row[1]


def revoke(url: str, campaign: str, annotator: str, *, keep_answers: bool = False,
           password: str | None = None) -> Revocation:
    """Take ``annotator`` out of ``campaign`` (see the module docstring)."""
    with connect(url, password) as db:
        require_schema(db, url)
        with errors_said(url, f"cannot revoke {annotator!r}"):
            with db.transaction():
                role, revoked_at = _member(db, url, campaign, annotator)
                already = revoked_at is not None
                revoked_at = one_row(db.execute(
                    "UPDATE lexsub.members SET revoked_at = coalesce(revoked_at, now()), "
                    "answers_excluded = %s WHERE campaign = %s AND annotator = %s "
                    "RETURNING revoked_at", (not keep_answers, campaign, annotator)
                ))[0]
                db.execute(f"SELECT {ADMIN_SCHEMA}.set_annotator_login(%s, false)", (role,))
                answers, unfinished = one_row(db.execute(
                    """SELECT (SELECT count(*) FROM lexsub.answers AS a
                                WHERE a.campaign = %(c)s AND a.annotator = %(a)s
                                  AND NOT a.deleted),
                              (SELECT count(*) FROM lexsub.assignments AS s
                                WHERE s.campaign = %(c)s AND s.annotator = %(a)s
                                  AND NOT EXISTS (
                                      SELECT 1 FROM lexsub.answers AS a
                                       WHERE (a.campaign, a.annotator, a.lexelt, a.id)
                                           = (s.campaign, s.annotator, s.lexelt, s.id)
                                         AND NOT a.deleted))""",
                    {"c": campaign, "a": annotator}))
            # After the commit: a session ended earlier could log in again before it.
            ended = _end_sessions(db, role)
    return Revocation(annotator, role, revoked_at, already, keep_answers, int(answers),
                      int(unfinished), ended)


def _end_sessions(db: psycopg.Connection[Any], role: str) -> int:
    with db.transaction():
        return int(one_row(db.execute(f"SELECT {ADMIN_SCHEMA}.end_annotator_sessions(%s)",
                                      (role,)))[0])


def reissue(url: str, campaign: str, annotator: str, *, ca_certificate: str = "",
            password: str | None = None) -> CampaignLink:
    """A new password for ``annotator``'s role; the new invitation (link)."""
    with connect(url, password) as db:
        require_schema(db, url)
        with errors_said(url, f"cannot reissue the invitation of {annotator!r}"):
            with db.transaction():
                role, revoked_at = _member(db, url, campaign, annotator)
                if revoked_at is not None:
                    raise InputError.at(
                        server_label(url), "campaign-revoked",
                        f"{annotator!r} was revoked on {revoked_at.astimezone(UTC):%Y-%m-%d %H:%M} "
                        "UTC; a "
                        "revoked annotator gets no new invitation")
                secret = put_annotator_role(db, campaign, annotator, role)
            _end_sessions(db, role)
    return CampaignLink(with_user(invitation_url(url), role), campaign, annotator, role, secret,
                        ca_certificate=ca_certificate)
