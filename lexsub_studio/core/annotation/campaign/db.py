"""The organiser's side of a campaign on PostgreSQL: create, load, assign, report.

``init_campaign`` migrates the database (campaign_schema.py) and loads a corpus; ``assign``
shares the instances out with the packages' balanced seeded dealing, keeping finished work where
it is (core/annotation/campaign/deal.py), creating a login role per new annotator;
``campaign_status`` counts progress per annotator;
``campaign_response_columns`` reads every live answer as the columns the agreement code pools
(``campaign_responses``: the same as response rows).

Every failure reaches the caller as an InputError whose message is a sentence naming the server
by host, port and database, never with a password.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from lexsub_studio.core.annotation.campaign.deal import DealChange, deal_changes, deal_instances
from lexsub_studio.core.annotation.campaign.invitation import invitation_url
from lexsub_studio.core.annotation.campaign.link import CampaignLink
from lexsub_studio.core.annotation.campaign.plan import corpus_keys
from lexsub_studio.core.annotation.campaign.schema import (
    GROUP_ROLES_SQL,
    MIGRATIONS,
    SCHEMA_VERSION,
)
from lexsub_studio.core.annotation.campaign.server_setup import ADMIN_SCHEMA, install_role_admin
from lexsub_studio.core.annotation.server_url import server_label, split_url, with_user
from lexsub_studio.core.model.data import Corpus, ResponseColumns, ResponseRow
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.runtime.extras import CAMPAIGN

if TYPE_CHECKING:
    import psycopg

Key = tuple[str, str]
#: Seconds a connection attempt may take before the server counts as unreachable.
CONNECT_TIMEOUT_S = 5


def _psycopg() -> Any:
    """psycopg, or InputError naming the extra that installs it (``lexsub-studio[campaign]``)."""
    try:
        # Imported by name here (not through extras.require) so that the standalone build's
        # import analysis finds the driver and bundles it.
        import psycopg
    except ImportError as error:
        raise InputError.at(None, "campaign-no-driver", CAMPAIGN.missing_text()) from error
    return psycopg


def one_row(cursor: psycopg.Cursor[Any]) -> Any:
    """The row of a query that always gives one (a count, a function's value, an UPDATE ...
    RETURNING of a row known to be there): psycopg types ``fetchone`` as maybe None."""
    row = cursor.fetchone()
    assert row is not None, "the query gave no row"
    return row


def server_error(url: str, error: Exception, action: str) -> InputError:
    """A database error as one sentence: what failed, on which server, and the server's reason."""
    psycopg = _psycopg()
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    reason = lines[0] if lines else type(error).__name__
    if reason.startswith("connection failed") and " failed: " in reason:
        # libpq's "connection failed: connection to server at ..., port ... failed: WHY":
        # the server is named already; WHY is the news.
        reason = reason.rsplit(" failed: ", 1)[1]
    if isinstance(error, psycopg.errors.InsufficientPrivilege):
        reason = f"permission denied ({reason})"
    return InputError.at(server_label(url), "campaign-server", f"{action}: {reason}")


def connect(url: str, password: str | None = None, *,
            timeout: float = CONNECT_TIMEOUT_S) -> psycopg.Connection[Any]:
    """A connection to the campaign database; InputError when it cannot be made."""
    psycopg = _psycopg()
    address = split_url(url)
    secret = password if password is not None else address.password
    arguments: dict[str, Any] = {"connect_timeout": max(1, round(timeout)),
                                 "application_name": "lexsub-studio"}
    if secret is not None:
        arguments["password"] = secret
    try:
        return psycopg.connect(address.url, **arguments)
    except psycopg.Error as error:
        raise server_error(address.url, error, "cannot connect") from None


def connect_link(link: CampaignLink, *, timeout: float = CONNECT_TIMEOUT_S
                 ) -> psycopg.Connection[Any]:
    arguments = link.connection_arguments()
    return connect(arguments["conninfo"], arguments["password"], timeout=timeout)


@contextmanager
def errors_said(url: str, action: str) -> Iterator[None]:
    psycopg = _psycopg()
    try:
        yield
    except psycopg.Error as error:
        raise server_error(url, error, action) from None


# -- schema -----------------------------------------------------------------------------------


def schema_version(db: psycopg.Connection[Any]) -> int:
    exists = db.execute("SELECT to_regclass('lexsub.schema_version')").fetchone()
    if exists is None or exists[0] is None:
        return 0
    row = db.execute("SELECT version FROM lexsub.schema_version").fetchone()
    return 0 if row is None else int(row[0])


def migrate(db: psycopg.Connection[Any], url: str) -> int:
    """Bring the database to SCHEMA_VERSION (each step one transaction); the version reached."""
    with errors_said(url, "cannot create the campaign tables"), db.transaction():
        # Concurrent organisers: one migrates, the others wait and then see it done.
        db.execute("SELECT pg_advisory_xact_lock(hashtext('lexsub-migrate'))")
        version = schema_version(db)
        if version > SCHEMA_VERSION:
            raise InputError.at(
                server_label(url), "campaign-too-new",
                f"the campaign database has schema version "
                f"{version}, written by a newer LexSub Studio (this one knows up to "
                f"{SCHEMA_VERSION}); update the program")
        ensure_role_admin(db, url)
        if version == 0:
            db.execute(GROUP_ROLES_SQL)
            db.execute("CREATE SCHEMA IF NOT EXISTS lexsub")
            db.execute("CREATE TABLE lexsub.schema_version (version integer NOT NULL)")
            db.execute("INSERT INTO lexsub.schema_version VALUES (0)")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            db.execute(MIGRATIONS[step])
        db.execute("UPDATE lexsub.schema_version SET version = %s", (SCHEMA_VERSION,))
    return SCHEMA_VERSION


def ensure_role_admin(db: psycopg.Connection[Any], url: str) -> None:
    """The role-making functions of the one-time server setup (campaign/server_setup.py) are
    there, or a superuser installs them now; InputError saying how to set the server up
    otherwise."""
    installed = db.execute("SELECT to_regprocedure(%s)", (f"{ADMIN_SCHEMA}.put_annotator(text, "
                                                          "text, boolean)",)).fetchone()
    if installed is not None and installed[0] is not None:
        return
    superuser = db.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
                           ).fetchone()
    if superuser is not None and superuser[0]:
        install_role_admin(db)
        return
    raise InputError.at(server_label(url), "campaign-no-setup",
                        "the server's one-time setup has not been run in this database: the "
                        "PostgreSQL superuser runs the script that 'lexsub campaign "
                        "server-setup --organiser NAME --database DB' prints (docs/campaign.md)")


def require_schema(db: psycopg.Connection[Any], url: str) -> None:
    with errors_said(url, "cannot read the campaign database"):
        version = schema_version(db)
    if version == 0:
        raise InputError.at(server_label(url), "campaign-no-schema",
                            "this database holds no campaign yet; the organiser makes "
                            "one with 'lexsub campaign init URL --corpus XML'")
    if version > SCHEMA_VERSION:
        raise InputError.at(server_label(url), "campaign-too-new",
                            "the campaign database was written by a "
                            "newer LexSub Studio; update the program")


# -- campaigns --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CampaignInfo:
    name: str
    title: str
    instances: int


def init_campaign(url: str, name: str, title: str, corpus: Corpus, corpus_xml: str,
                  password: str | None = None) -> CampaignInfo:
    """Create the tables if needed and load the corpus as campaign ``name``."""
    keys = list(dict.fromkeys(corpus_keys(corpus)))
    with connect(url, password) as db:
        migrate(db, url)
        with errors_said(url, "cannot load the corpus"), db.transaction():
            taken = db.execute("SELECT 1 FROM lexsub.campaigns WHERE name = %s",
                               (name,)).fetchone()
            if taken:
                raise InputError.at(server_label(url), "campaign-exists",
                                    f"campaign {name!r} already exists; choose another "
                                    "--name")
            db.execute("INSERT INTO lexsub.campaigns (name, title, corpus_xml, instances) "
                       "VALUES (%s, %s, %s, %s)", (name, title, corpus_xml, len(keys)))
            with db.cursor() as cursor, cursor.copy(
                    "COPY lexsub.instances (campaign, lexelt, id, position) FROM STDIN") as copy:
                for position, (lexelt, id_) in enumerate(keys):
                    copy.write_row((name, lexelt, id_, position))
    return CampaignInfo(name, title, len(keys))


def campaign_corpus_xml(db: psycopg.Connection[Any], url: str, campaign: str) -> tuple[str, str]:
    """(title, corpus XML) of ``campaign``: what joining writes to the annotator's laptop."""
    require_schema(db, url)
    with errors_said(url, "cannot read the campaign"):
        row = db.execute("SELECT title, corpus_xml FROM lexsub.campaigns WHERE name = %s",
                         (campaign,)).fetchone()
    if row is None:
        raise InputError.at(server_label(url), "campaign-unknown",
                            f"there is no campaign {campaign!r}")
    return str(row[0]), str(row[1])


# -- annotators and assignment ----------------------------------------------------------------


def new_role_name() -> str:
    """An annotator's PostgreSQL role name that tells nothing: ``lexsub_`` and 20 random hex
    digits. pg_roles is readable by every role on the server, so a name holding the campaign
    or the person would tell other annotators who takes part where; lexsub.members maps it."""
    return f"lexsub_{secrets.token_hex(10)}"


def scram_verifier(password: str, iterations: int = 4096) -> str:
    """The SCRAM-SHA-256 secret PostgreSQL stores for ``password`` (RFC 5802, RFC 7677).

    Made here so that CREATE ROLE carries only the verifier: the password itself never reaches
    the server or its statement log."""
    salt = secrets.token_bytes(16)
    salted = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, iterations)
    client_key = hmac.new(salted, b"Client Key", hashlib.sha256).digest()
    stored_key = hashlib.sha256(client_key).digest()
    server_key = hmac.new(salted, b"Server Key", hashlib.sha256).digest()

    def b64(data: bytes) -> str:
        return base64.b64encode(data).decode("ascii")

    return f"SCRAM-SHA-256${iterations}:{b64(salt)}${b64(stored_key)}:{b64(server_key)}"


def put_annotator_role(db: psycopg.Connection[Any], campaign: str, annotator: str,
                       role: str) -> str:
    """Make ``role`` (or give it a new password) through the setup's function; the verifier is
    kept for backups (lexsub.member_secrets). The new password."""
    secret = secrets.token_urlsafe(24)
    verifier = scram_verifier(secret)
    db.execute(f"SELECT {ADMIN_SCHEMA}.put_annotator(%s, %s)", (role, verifier))
    db.execute("INSERT INTO lexsub.member_secrets (campaign, annotator, verifier) "
               "VALUES (%s, %s, %s) ON CONFLICT (campaign, annotator) "
               "DO UPDATE SET verifier = EXCLUDED.verifier, set_at = now()",
               (campaign, annotator, verifier))
    return secret


def grant_connect(db: psycopg.Connection[Any], role: str) -> None:
    sql = _psycopg().sql
    db.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(
        sql.Identifier(db.info.dbname), sql.Identifier(role)))


def add_member(db: psycopg.Connection[Any], campaign: str, annotator: str, url: str,
               ca_certificate: str = "") -> CampaignLink:
    """A new annotator of ``campaign``: a login role of their own, a member of
    lexsub_annotator with a fresh password. Their link (the invitation) names their role, not
    the organiser's, and carries the server's CA certificate."""
    role = new_role_name()
    db.execute("INSERT INTO lexsub.members (campaign, annotator, role) VALUES (%s, %s, %s)",
               (campaign, annotator, role))
    secret = put_annotator_role(db, campaign, annotator, role)
    grant_connect(db, role)
    return CampaignLink(with_user(invitation_url(url), role), campaign, annotator, role, secret,
                        ca_certificate=ca_certificate)


@dataclass(frozen=True, slots=True)
class AssignmentResult:
    loads: dict[str, int]
    #: The links of annotators whose role was made now (their passwords are in them).
    new_links: list[CampaignLink]
    #: Per annotator: what stayed, what was given, what was taken away.
    changes: list[DealChange] = field(default_factory=list)
    #: True when nothing was written (a dry run).
    dry_run: bool = False


def assign(url: str, campaign: str, annotators: Sequence[str], per_instance: int, seed: int,
           password: str | None = None, ca_certificate: str = "", *,
           redeal: bool = False, dry_run: bool = False) -> AssignmentResult:
    """(Re)distribute the campaign's instances among ``annotators`` in one transaction.

    Finished work stays where it is (core/annotation/campaign/deal.py): an assigned instance
    with a live answer stays its annotator's and counts toward its K, whether or not they are
    listed; only the rest is dealt among ``annotators``, a listed annotator staying on an
    unfinished instance they hold while the loads allow (the same names again move nothing).
    ``redeal`` deals everything afresh (the answers stay on the server either way). A first
    deal, or a redeal, is the packages' one: the same seed, instances and names give the same
    shares. ``dry_run`` works it all out and
    changes nothing (no role is made).

    Annotators new to the campaign get a login role (a member of lexsub_annotator) with a fresh
    password, returned in ``new_links``; existing ones keep theirs. Only the rows that change
    are written, so an instance that stays keeps the time it was assigned. A revoked annotator
    cannot be listed; their finished work counts only while their answers are not excluded."""
    with connect(url, password) as db:
        require_schema(db, url)
        with errors_said(url, "cannot assign the instances"), db.transaction():
            keys = locked_campaign_keys(db, url, campaign)
            refuse_revoked(db, url, campaign, annotators)
            before = assignment_holdings(db, campaign)
            finished = finished_holdings(db, campaign)
            try:
                shares = (deal_instances(keys, list(annotators), per_instance, seed)
                          if redeal else
                          deal_instances(keys, list(annotators), per_instance, seed, finished,
                                         current=before))
            except ValueError as error:
                raise InputError.at(server_label(url), "campaign-assign", str(error)) from None
            changes = deal_changes(before, shares, finished, list(annotators))
            loads = {name: len(share) for name, share in shares.items()}
            if dry_run:
                return AssignmentResult(loads, [], changes, dry_run=True)
            members = dict(db.execute(
                "SELECT annotator, role FROM lexsub.members WHERE campaign = %s",
                (campaign,)).fetchall())
            new_links = [add_member(db, campaign, annotator, url, ca_certificate)
                         for annotator in annotators if annotator not in members]
            write_assignment_changes(db, campaign, before, shares)
            db.execute("UPDATE lexsub.members SET listed = (annotator = ANY(%s)) "
                       "WHERE campaign = %s", (list(annotators), campaign))
    return AssignmentResult(loads, new_links, changes)


def refuse_revoked(db: psycopg.Connection[Any], url: str, campaign: str,
                   annotators: Iterable[str]) -> None:
    """InputError naming the revoked among ``annotators``: nobody revoked is given work."""
    revoked = [str(row[0]) for row in db.execute(
        "SELECT annotator FROM lexsub.members WHERE campaign = %s "
        "AND revoked_at IS NOT NULL AND annotator = ANY(%s) ORDER BY annotator",
        (campaign, list(annotators)))]
    if revoked:
        raise InputError.at(server_label(url), "campaign-revoked",
                            f"{', '.join(map(repr, revoked))} "
                            f"{'was' if len(revoked) == 1 else 'were'} revoked and "
                            "cannot be given work; leave them out of --annotators")


def locked_campaign_keys(db: psycopg.Connection[Any], url: str, campaign: str) -> list[Key]:
    """The campaign's instances in corpus order, the campaign's row locked against a concurrent
    change of its assignment."""
    known = db.execute("SELECT 1 FROM lexsub.campaigns WHERE name = %s FOR UPDATE",
                       (campaign,)).fetchone()
    if known is None:
        raise InputError.at(server_label(url), "campaign-unknown",
                            f"there is no campaign {campaign!r}")
    return [(str(lexelt), str(id_)) for lexelt, id_ in db.execute(
        "SELECT lexelt, id FROM lexsub.instances WHERE campaign = %s ORDER BY position",
        (campaign,))]


def assignment_holdings(db: psycopg.Connection[Any], campaign: str) -> dict[str, set[Key]]:
    """Who holds which instance now."""
    holdings: dict[str, set[Key]] = {}
    for annotator, lexelt, id_ in db.execute(
            "SELECT annotator, lexelt, id FROM lexsub.assignments WHERE campaign = %s",
            (campaign,)):
        holdings.setdefault(str(annotator), set()).add((str(lexelt), str(id_)))
    return holdings


def finished_holdings(db: psycopg.Connection[Any], campaign: str) -> dict[str, set[Key]]:
    """The assigned instances each annotator has a live (not deleted) answer to: finished work.
    An answer to an instance not assigned to its annotator is not finished work (it is kept on
    the server but does not count toward an instance's K), nor is the answer of a revoked
    annotator whose answers are excluded (their instances are dealt to others)."""
    finished: dict[str, set[Key]] = {}
    for annotator, lexelt, id_ in db.execute(
            """SELECT s.annotator, s.lexelt, s.id
                 FROM lexsub.assignments AS s
                 JOIN lexsub.answers AS a USING (campaign, annotator, lexelt, id)
                 JOIN lexsub.members AS m USING (campaign, annotator)
                WHERE s.campaign = %s AND NOT a.deleted AND NOT m.answers_excluded""",
            (campaign,)):
        finished.setdefault(str(annotator), set()).add((str(lexelt), str(id_)))
    return finished


def write_assignment_changes(db: psycopg.Connection[Any], campaign: str,
                             before: Mapping[str, Iterable[Key]],
                             after: Mapping[str, Iterable[Key]]) -> None:
    """Delete the assignments that go and insert the ones that come; the rest stay untouched."""
    old = {(name, key) for name, keys in before.items() for key in keys}
    new = {(name, key) for name, keys in after.items() for key in keys}
    gone, coming = sorted(old - new), sorted(new - old)
    if gone:
        db.execute("CREATE TEMPORARY TABLE lexsub_gone (annotator text, lexelt text, id text) "
                   "ON COMMIT DROP")
        with db.cursor() as cursor, cursor.copy(
                "COPY lexsub_gone (annotator, lexelt, id) FROM STDIN") as copy:
            for name, (lexelt, id_) in gone:
                copy.write_row((name, lexelt, id_))
        db.execute("""DELETE FROM lexsub.assignments AS s USING lexsub_gone AS g
                       WHERE s.campaign = %s AND s.annotator = g.annotator
                         AND s.lexelt = g.lexelt AND s.id = g.id""", (campaign,))
    if coming:
        with db.cursor() as cursor, cursor.copy(
                "COPY lexsub.assignments (campaign, annotator, lexelt, id) FROM STDIN") as copy:
            for name, (lexelt, id_) in coming:
                copy.write_row((campaign, name, lexelt, id_))


# -- progress and answers ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AnnotatorProgress:
    annotator: str
    assigned: int
    answered: int
    conflicts: int
    #: When the server last received an answer of theirs (new, changed or deleted), in UTC.
    last_answer: datetime | None
    #: Live answers received (new or changed) in the RECENT_HOURS before ``CampaignStatus.read_at``.
    recent_answers: int = 0
    #: When they were last given an instance they still hold, in UTC.
    last_assigned: datetime | None = None
    #: Named by the last ``assign`` (False: dropped, keeping only their finished work).
    listed: bool = True
    #: Revoked (``lexsub campaign revoke``): no login, no pushes; never counted as stuck.
    revoked: bool = False

    @property
    def fraction(self) -> float:
        return self.answered / self.assigned if self.assigned else 0.0

    @property
    def answers_per_hour(self) -> float:
        """Answers per hour over the last RECENT_HOURS."""
        return self.recent_answers / RECENT_HOURS

    def quiet_since(self) -> datetime | None:
        """What the "stuck" clock counts from: the last answer received or the last instance
        given, whichever is later (someone just given new work is not stuck yet)."""
        times = [time for time in (self.last_answer, self.last_assigned) if time is not None]
        return max(times) if times else None

    def is_stuck(self, now: datetime, hours: float) -> bool:
        """Assigned work left and nothing received for ``hours`` (counted from quiet_since)."""
        since = self.quiet_since()
        return (not self.revoked and self.answered < self.assigned and since is not None
                and (now - since).total_seconds() >= hours * 3600)


@dataclass(frozen=True, slots=True)
class CampaignStatus:
    campaign: str
    title: str
    instances: int
    annotators: list[AnnotatorProgress]
    #: The server's clock when the status was read, in UTC (the "stuck" flags count from it).
    read_at: datetime | None = None

    @property
    def assigned(self) -> int:
        return sum(person.assigned for person in self.annotators)

    @property
    def answered(self) -> int:
        return sum(person.answered for person in self.annotators)


#: The window of the status's answers per hour.
RECENT_HOURS = 24


def _utc(moment: datetime | None) -> datetime | None:
    """A server time in UTC whatever the session's or the process's time zone."""
    return None if moment is None else moment.astimezone(UTC)


#: Memory a sort or hash of a whole-campaign read may take before it spills to disk (the
#: server's default, 4 MB, spills the assignments of 100,000 answers).
WHOLE_CAMPAIGN_WORK_MEM = "32MB"


def plan_whole_campaign_reads(db: psycopg.Connection[Any]) -> None:
    """For the rest of the transaction: hash joins, and the memory to keep them and their
    sorts off the disk. The reads that follow join every answer, assignment or instance of a
    campaign, which a hash join does in one pass. Without fresh planner statistics (just after
    a bulk load or a restore, before autovacuum has analysed the tables) the planner guesses a
    few rows and probes an index once per member and instance instead: 1.1 s rather than
    0.06 s for the answers at 100,000 (benchmarks/bench_campaign.py), and the progress's
    grouping spilled to disk, 0.25 s rather than 0.14 s. No effect outside a transaction (an
    autocommit connection)."""
    db.execute("SET LOCAL enable_nestloop = off")
    db.execute(f"SET LOCAL work_mem = '{WHOLE_CAMPAIGN_WORK_MEM}'")


def campaign_status(db: psycopg.Connection[Any], url: str, campaign: str) -> CampaignStatus:
    """Per annotator: instances assigned, assigned instances answered, conflicts kept, when the
    last answer came, the answers of the last RECENT_HOURS and when work was last given.

    One pass per table (grouped by annotator), not one query per annotator."""
    require_schema(db, url)
    with errors_said(url, "cannot read the campaign's progress"):
        plan_whole_campaign_reads(db)
        head = db.execute("SELECT title, instances, now() FROM lexsub.campaigns "
                          "WHERE name = %s", (campaign,)).fetchone()
        if head is None:
            raise InputError.at(server_label(url), "campaign-unknown",
                                f"there is no campaign {campaign!r}")
        rows = db.execute(
            """WITH held AS (
                   SELECT s.annotator, count(*) AS assigned,
                          count(*) FILTER (WHERE NOT a.deleted) AS answered,
                          max(s.assigned_at) AS last_assigned
                     FROM lexsub.assignments AS s
                     LEFT JOIN lexsub.answers AS a USING (campaign, annotator, lexelt, id)
                    WHERE s.campaign = %(campaign)s
                    GROUP BY s.annotator),
               received AS (
                   SELECT annotator, max(received_at) AS last_answer,
                          count(*) FILTER (WHERE NOT deleted AND received_at
                                           > now() - make_interval(hours => %(recent)s))
                              AS recent
                     FROM lexsub.answers WHERE campaign = %(campaign)s
                    GROUP BY annotator),
               kept AS (
                   SELECT annotator, count(*) AS conflicts
                     FROM lexsub.conflicts WHERE campaign = %(campaign)s
                    GROUP BY annotator)
               SELECT m.annotator, coalesce(h.assigned, 0), coalesce(h.answered, 0),
                      coalesce(k.conflicts, 0), r.last_answer, coalesce(r.recent, 0),
                      h.last_assigned, m.listed, m.revoked_at IS NOT NULL
                 FROM lexsub.members AS m
                 LEFT JOIN held AS h USING (annotator)
                 LEFT JOIN received AS r USING (annotator)
                 LEFT JOIN kept AS k USING (annotator)
                WHERE m.campaign = %(campaign)s
                ORDER BY m.annotator""",
            {"campaign": campaign, "recent": RECENT_HOURS}).fetchall()
    people = [AnnotatorProgress(str(name), int(assigned), int(answered), int(conflicts),
                                _utc(last), int(recent), _utc(given), bool(listed),
                                bool(revoked))
              for name, assigned, answered, conflicts, last, recent, given, listed, revoked
              in rows]
    return CampaignStatus(campaign, str(head[0]), int(head[1]), people, _utc(head[2]))


def campaign_response_columns(db: psycopg.Connection[Any], url: str, campaign: str, *,
                              include_excluded: bool = False) -> ResponseColumns:
    """Every live (not deleted) answer of the campaign as the columns pooling reads, in corpus
    order, then by annotator (campaign/answer_columns.py: one COPY, no object per answer).

    The answers of annotators revoked without ``--keep-answers`` are left out unless
    ``include_excluded``."""
    require_schema(db, url)
    with errors_said(url, "cannot read the campaign's answers"):
        plan_whole_campaign_reads(db)
        # Imported here: it brings numpy, which the annotator's app (whose sync imports
        # this module) need not load to open a corpus.
        from lexsub_studio.core.annotation.campaign.answer_columns import read_answer_columns

        return read_answer_columns(db, campaign, include_excluded)


def campaign_responses(db: psycopg.Connection[Any], url: str, campaign: str, *,
                       include_excluded: bool = False) -> list[ResponseRow]:
    """``campaign_response_columns`` as response rows (what export writes)."""
    return campaign_response_columns(db, url, campaign,
                                     include_excluded=include_excluded).rows()


@dataclass(frozen=True, slots=True)
class Conflict:
    annotator: str
    lexelt: str
    id: str
    substitutes: tuple[str, ...]
    revision: int
    device: str
    winner_revision: int
    winner_device: str


def campaign_conflicts(db: psycopg.Connection[Any], url: str, campaign: str) -> list[Conflict]:
    require_schema(db, url)
    with errors_said(url, "cannot read the campaign's conflicts"):
        rows = db.execute(
            """SELECT annotator, lexelt, id, sub1, sub2, sub3, revision, device,
                      winner_revision, winner_device
                 FROM lexsub.conflicts WHERE campaign = %s ORDER BY conflict_id""",
            (campaign,)).fetchall()
    return [Conflict(annotator, lexelt, id_, tuple(s for s in (s1, s2, s3) if s), revision,
                     device, winner_revision, winner_device)
            for annotator, lexelt, id_, s1, s2, s3, revision, device, winner_revision,
            winner_device in rows]


def with_connection(url: str, password: str | None,
                    work: Callable[[psycopg.Connection[Any]], Any]) -> Any:
    """Run ``work`` on a fresh connection (closed afterwards, whatever happens)."""
    with connect(url, password) as db:
        return work(db)
