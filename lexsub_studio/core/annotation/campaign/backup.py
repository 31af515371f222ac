"""A campaign's backup, roles included, and its restoring on another server.

``pg_dump`` of the campaign database keeps the tables but not the annotators' roles, which live
in the cluster; and the organiser cannot read the roles' passwords (pg_authid is the
superuser's). So LexSub Studio keeps each annotator role's SCRAM verifier in
``lexsub.member_secrets`` (readable by the organiser alone) when it makes the role or reissues
its invitation, and a backup is one JSON file holding the rows of every ``lexsub`` table of the
chosen campaigns, taken in one consistent snapshot, in PostgreSQL's COPY text form (exact for
every type). Restoring, into a database set up by the one-time server setup, loads the rows in
one transaction and makes each role again with the same verifier, the same membership and
login (off for revoked members): an annotator's existing invitation logs in and syncs again.

The file holds verifiers, not passwords, but a verifier lets an attacker try passwords offline
and log in to a server that trusts it: it is written atomically with mode 0600.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexsub_studio.core.annotation.campaign.db import (
    _psycopg,
    connect,
    errors_said,
    grant_connect,
    migrate,
    one_row,
    require_schema,
    schema_version,
)
from lexsub_studio.core.annotation.campaign.link import write_private
from lexsub_studio.core.annotation.campaign.schema import SCHEMA_VERSION
from lexsub_studio.core.annotation.campaign.server_setup import ADMIN_SCHEMA
from lexsub_studio.core.annotation.server_url import server_label
from lexsub_studio.core.model.diagnostics import InputError

if TYPE_CHECKING:
    import psycopg

BACKUP_FORMAT = "lexsub-campaign-backup"
BACKUP_VERSION = 1
#: Tables in the order their foreign keys need; any other table of the schema with a
#: ``campaign`` column follows, by name.
TABLE_ORDER = ("campaigns", "instances", "members", "member_secrets", "assignments", "answers",
               "conflicts")


@dataclass(slots=True)
class BackupSummary:
    campaigns: list[str]
    rows: dict[str, int]
    roles: int
    #: Members whose role has no kept verifier (made before LexSub Studio kept them): their
    #: role is not in the backup; reissue their invitations after a restore.
    without_verifier: list[str] = field(default_factory=list)


def _tables(db: psycopg.Connection[Any]) -> list[tuple[str, list[str]]]:
    """(table, columns) of every table of the schema that belongs to campaigns."""
    rows = db.execute(
        """SELECT c.relname, array_agg(a.attname::text ORDER BY a.attnum)
             FROM pg_class AS c
             JOIN pg_namespace AS n ON n.oid = c.relnamespace
             JOIN pg_attribute AS a ON a.attrelid = c.oid AND a.attnum > 0
                                   AND NOT a.attisdropped AND a.attgenerated = ''
            WHERE n.nspname = 'lexsub' AND c.relkind IN ('r', 'p')
            GROUP BY c.relname""").fetchall()
    columns = {str(name): [str(column) for column in names] for name, names in rows}
    belongs = [name for name, names in columns.items()
               if name == "campaigns" or "campaign" in names]
    ordered = [name for name in TABLE_ORDER if name in belongs]
    ordered += sorted(name for name in belongs if name not in TABLE_ORDER)
    return [(name, columns[name]) for name in ordered]


def _selection(sql: Any, table: str, columns: list[str], campaigns: list[str]) -> Any:
    key = "name" if table == "campaigns" else "campaign"
    return sql.SQL("SELECT {} FROM lexsub.{} WHERE {} = ANY({}) ORDER BY {}").format(
        sql.SQL(", ").join(map(sql.Identifier, columns)), sql.Identifier(table),
        sql.Identifier(key), sql.Literal(campaigns),
        sql.SQL(", ").join(map(sql.Identifier, columns)))


def backup(url: str, target: str | Path, campaigns: Sequence[str] = (),
           password: str | None = None) -> BackupSummary:
    """Write the backup of ``campaigns`` (all of the database's when empty) to ``target``."""
    sql = _psycopg().sql
    with connect(url, password) as db:
        require_schema(db, url)
        db.commit()  # the snapshot's transaction must be the next one, not the check's
        with errors_said(url, "cannot read the campaign for its backup"), db.transaction():
            db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            known = [str(row[0]) for row in db.execute(
                "SELECT name FROM lexsub.campaigns ORDER BY name")]
            chosen = list(dict.fromkeys(campaigns)) or known
            unknown = [name for name in chosen if name not in known]
            if unknown:
                raise InputError.at(server_label(url), "campaign-unknown",
                                    f"there is no campaign {unknown[0]!r} (the database holds "
                                    f"{', '.join(map(repr, known)) or 'none'})")
            if not chosen:
                raise InputError.at(server_label(url), "campaign-unknown",
                                    "the database holds no campaign to back up")
            version = schema_version(db)
            tables: dict[str, Any] = {}
            rows: dict[str, int] = {}
            for table, columns in _tables(db):
                chunks = []
                with db.cursor() as cursor, cursor.copy(sql.SQL("COPY ({}) TO STDOUT").format(
                        _selection(sql, table, columns, chosen))) as copy:
                    chunks = [bytes(chunk) for chunk in copy]
                text = b"".join(chunks).decode("utf-8")
                rows[table] = text.count("\n")
                tables[table] = {"columns": columns, "rows": rows[table], "copy": text}
            without = [f"{campaign}/{annotator}" for campaign, annotator in db.execute(
                """SELECT m.campaign, m.annotator FROM lexsub.members AS m
                    WHERE m.campaign = ANY(%s) AND NOT EXISTS (
                          SELECT 1 FROM lexsub.member_secrets AS s
                           WHERE (s.campaign, s.annotator) = (m.campaign, m.annotator))
                    ORDER BY 1, 2""", (chosen,))]
    document = {"format": BACKUP_FORMAT, "version": BACKUP_VERSION,
                "schema_version": version, "made_at": datetime.now(UTC).isoformat(),
                "server": server_label(url), "campaigns": chosen, "tables": tables}
    write_private(Path(target), json.dumps(document, ensure_ascii=False) + "\n")
    return BackupSummary(chosen, rows, rows.get("member_secrets", 0), without)


def read_backup(path: str | Path) -> dict[str, Any]:
    source = Path(path)
    try:
        document = json.loads(source.read_text(encoding="utf-8"))
    except OSError as error:
        raise InputError.at(source, "campaign-backup",
                            f"cannot read the backup: {error.strerror or error}") from error
    except ValueError as error:
        raise InputError.at(source, "campaign-backup",
                            "this is not a campaign backup (it is not JSON)") from error
    if not isinstance(document, dict) or document.get("format") != BACKUP_FORMAT:
        raise InputError.at(source, "campaign-backup",
                            "this is not a campaign backup made by 'lexsub campaign backup'")
    if document.get("version") != BACKUP_VERSION or not isinstance(
            document.get("schema_version"), int):
        raise InputError.at(source, "campaign-backup",
                            f"this backup is of format version {document.get('version')!r}; "
                            f"this LexSub Studio reads version {BACKUP_VERSION}")
    if document["schema_version"] > SCHEMA_VERSION:
        raise InputError.at(source, "campaign-too-new",
                            f"this backup was made from a campaign database of schema version "
                            f"{document['schema_version']}, newer than this LexSub Studio's "
                            f"{SCHEMA_VERSION}; update the program")
    tables = document.get("tables")
    if not isinstance(tables, dict) or not all(
            isinstance(table, dict) and isinstance(table.get("columns"), list)
            and isinstance(table.get("copy"), str) for table in tables.values()):
        raise InputError.at(source, "campaign-backup", "this backup is damaged (its tables)")
    return document


def restore(source: str | Path, url: str, password: str | None = None) -> BackupSummary:
    """Load the backup ``source`` into the database of ``url`` and make its roles again."""
    document = read_backup(source)
    sql = _psycopg().sql
    campaigns = [str(name) for name in document.get("campaigns", [])]
    with connect(url, password) as db:
        migrate(db, url)
        with errors_said(url, "cannot restore the backup"), db.transaction():
            taken = [str(row[0]) for row in db.execute(
                "SELECT name FROM lexsub.campaigns WHERE name = ANY(%s) ORDER BY name",
                (campaigns,))]
            if taken:
                raise InputError.at(server_label(url), "campaign-exists",
                                    f"campaign {taken[0]!r} exists on this server already; "
                                    "restore into a database that does not hold it")
            present = dict(_tables(db))
            order = [name for name, _ in _tables(db) if name in document["tables"]]
            missing = [name for name in document["tables"] if name not in present]
            if missing:
                raise InputError.at(Path(source), "campaign-backup",
                                    f"the backup has a table this LexSub Studio does not know: "
                                    f"{missing[0]}")
            rows: dict[str, int] = {}
            for table in order:
                saved = document["tables"][table]
                columns = [str(column) for column in saved["columns"]]
                unknown = [column for column in columns if column not in present[table]]
                if unknown:
                    raise InputError.at(Path(source), "campaign-backup",
                                        f"the backup's table {table} has a column this LexSub "
                                        f"Studio does not know: {unknown[0]}")
                with db.cursor() as cursor, cursor.copy(
                        sql.SQL("COPY lexsub.{} ({}) FROM STDIN").format(
                            sql.Identifier(table),
                            sql.SQL(", ").join(map(sql.Identifier, columns)))) as copy:
                    copy.write(saved["copy"].encode("utf-8"))
                rows[table] = saved["copy"].count("\n")
                _catch_up_sequences(db, sql, table, columns)
            roles = db.execute(
                """SELECT m.role, s.verifier, m.revoked_at IS NULL
                     FROM lexsub.members AS m JOIN lexsub.member_secrets AS s
                          USING (campaign, annotator)
                    WHERE m.campaign = ANY(%s) ORDER BY m.role""", (campaigns,)).fetchall()
            for role, verifier, login in roles:
                db.execute(f"SELECT {ADMIN_SCHEMA}.put_annotator(%s, %s, %s)",
                           (role, verifier, login))
                grant_connect(db, str(role))
            without = [f"{campaign}/{annotator}" for campaign, annotator in db.execute(
                """SELECT m.campaign, m.annotator FROM lexsub.members AS m
                    WHERE m.campaign = ANY(%s) AND NOT EXISTS (
                          SELECT 1 FROM lexsub.member_secrets AS s
                           WHERE (s.campaign, s.annotator) = (m.campaign, m.annotator))
                    ORDER BY 1, 2""", (campaigns,))]
    return BackupSummary(campaigns, rows, len(roles), without)


def _catch_up_sequences(db: psycopg.Connection[Any], sql: Any, table: str,
                        columns: list[str]) -> None:
    """Serial columns restored with their numbers: their sequences continue after them."""
    for column in columns:
        sequence = one_row(db.execute("SELECT pg_get_serial_sequence(%s, %s)",
                                      (f"lexsub.{table}", column)))[0]
        if sequence is None:
            continue
        db.execute(sql.SQL("SELECT setval({}, greatest((SELECT max({}) FROM lexsub.{}), 1))")
                   .format(sql.Literal(sequence), sql.Identifier(column),
                           sql.Identifier(table)))
