"""The campaign server's one-time setup by the PostgreSQL superuser, and the role-making
functions it installs, so that the day-to-day organiser needs no ``CREATEROLE``.

A role with ``CREATEROLE`` can, on PostgreSQL 15 and older, grant itself any non-superuser role,
``pg_execute_server_program`` and ``pg_read_server_files`` included: it can run programs as the
server's operating-system user. So the organiser never holds it. The setup makes instead:

- ``lexsub_annotator`` and ``lexsub_organiser``, the group roles of schema.py (no login);
- ``lexsub_role_admin``: no login, ``CREATEROLE``, ADMIN OPTION on ``lexsub_annotator`` (what
  PostgreSQL 16 and later ask of a ``CREATEROLE`` role that grants it) and
  ``pg_signal_backend`` (to end a revoked annotator's sessions). Nobody is a member of it, so
  nobody can ``SET ROLE`` to it: it acts only through
- the functions of the schema ``lexsub_admin`` in the campaign database, which it owns
  (``SECURITY DEFINER``, ``search_path`` pinned, ``EXECUTE`` for ``lexsub_organiser`` only).
  They touch only campaign annotator roles: a name ``lexsub_`` + lower-case letters, digits and
  underscores, no attribute beyond ``LOGIN``, a member of ``lexsub_annotator`` and of nothing
  else, with no member of its own; they make such a role (``IN ROLE lexsub_annotator``, never
  superuser, createrole, createdb, replication or bypassrls), set its password from a SCRAM
  verifier, turn its login on or off and end its sessions;
- the organiser: a login role in ``lexsub_organiser`` without ``CREATEROLE``, whose password is
  given as a SCRAM verifier (no server log can hold it), and the campaign database it owns.

``setup_script`` prints all of it as a psql script; ``install_role_admin`` runs the database
part itself when a superuser (the tests, a one-person server) makes the campaign tables.
"""

from __future__ import annotations

import re

from lexsub_studio.core.annotation.campaign.schema import ANNOTATOR_GROUP, ORGANISER_GROUP

ROLE_ADMIN = "lexsub_role_admin"
ADMIN_SCHEMA = "lexsub_admin"
#: What a campaign annotator role's name looks like (new ones: ``lexsub_`` + 20 hex digits).
ANNOTATOR_ROLE_PATTERN = "^lexsub_[a-z0-9_]{1,56}$"
_SCRAM_PATTERN = r"^SCRAM-SHA-256\$[0-9]+:[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$"
_PLAIN_IDENTIFIER = re.compile(r"^[a-z_][a-z0-9_$]{0,62}$")

#: Roles, made or brought to the right attributes; safe to run again.
CLUSTER_SQL = f"""
DO $setup$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{ANNOTATOR_GROUP}') THEN
        CREATE ROLE {ANNOTATOR_GROUP} NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{ORGANISER_GROUP}') THEN
        CREATE ROLE {ORGANISER_GROUP} NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{ROLE_ADMIN}') THEN
        CREATE ROLE {ROLE_ADMIN} NOLOGIN;
    END IF;
END
$setup$;
ALTER ROLE {ROLE_ADMIN} NOLOGIN CREATEROLE NOSUPERUSER NOCREATEDB NOREPLICATION NOBYPASSRLS;
GRANT {ANNOTATOR_GROUP} TO {ROLE_ADMIN} WITH ADMIN OPTION;
GRANT pg_signal_backend TO {ROLE_ADMIN};
-- PostgreSQL 16 and later let a CREATEROLE role change only the roles it holds ADMIN OPTION
-- on (which it gets for the roles it makes): annotator roles made before (by an older
-- setup, or before an upgrade from 15) are handed to it here.
DO $setup$
DECLARE
    annotator_role text;
BEGIN
    IF current_setting('server_version_num')::integer >= 160000 THEN
        FOR annotator_role IN
            SELECT r.rolname FROM pg_roles AS r
              JOIN pg_auth_members AS m ON m.member = r.oid
             WHERE m.roleid = '{ANNOTATOR_GROUP}'::regrole
               AND r.rolname ~ '{ANNOTATOR_ROLE_PATTERN}' AND NOT r.rolsuper
               AND r.rolname <> '{ROLE_ADMIN}' LOOP
            EXECUTE format('GRANT %I TO {ROLE_ADMIN} WITH ADMIN OPTION, INHERIT FALSE, '
                           'SET FALSE', annotator_role);
        END LOOP;
    END IF;
END
$setup$;
"""

#: The functions, in the campaign database; safe to run again.
DATABASE_SQL = f"""
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
CREATE SCHEMA IF NOT EXISTS {ADMIN_SCHEMA};
REVOKE ALL ON SCHEMA {ADMIN_SCHEMA} FROM PUBLIC;
GRANT USAGE ON SCHEMA {ADMIN_SCHEMA} TO {ORGANISER_GROUP}, {ROLE_ADMIN};

-- true: the role exists and is a campaign annotator role; false: no such role yet; an error
-- for any other role.
CREATE OR REPLACE FUNCTION {ADMIN_SCHEMA}.annotator_role_exists(p_role text) RETURNS boolean
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
    found_role pg_roles%ROWTYPE;
BEGIN
    IF p_role IS NULL OR p_role !~ '{ANNOTATOR_ROLE_PATTERN}'
       OR p_role IN ('{ANNOTATOR_GROUP}', '{ORGANISER_GROUP}', '{ROLE_ADMIN}') THEN
        RAISE EXCEPTION 'role % is not a campaign annotator role', quote_ident(p_role)
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT * INTO found_role FROM pg_roles WHERE rolname = p_role;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    IF found_role.rolsuper OR found_role.rolcreaterole OR found_role.rolcreatedb
       OR found_role.rolreplication OR found_role.rolbypassrls
       OR NOT EXISTS (SELECT FROM pg_auth_members
                       WHERE member = found_role.oid
                         AND roleid = '{ANNOTATOR_GROUP}'::regrole)
       OR EXISTS (SELECT FROM pg_auth_members
                   WHERE member = found_role.oid
                     AND roleid <> '{ANNOTATOR_GROUP}'::regrole)
       OR EXISTS (SELECT FROM pg_auth_members
                   WHERE roleid = found_role.oid AND member <> '{ROLE_ADMIN}'::regrole) THEN
        RAISE EXCEPTION 'role % is not a campaign annotator role', quote_ident(p_role)
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN true;
END
$fn$;

-- Make the annotator role, or give it a new password; the password comes as a SCRAM verifier.
CREATE OR REPLACE FUNCTION {ADMIN_SCHEMA}.put_annotator(p_role text, p_verifier text,
                                                    p_login boolean DEFAULT true)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
    IF p_verifier IS NULL OR p_verifier !~ '{_SCRAM_PATTERN}' THEN
        RAISE EXCEPTION 'an annotator password is given as a SCRAM-SHA-256 verifier'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF {ADMIN_SCHEMA}.annotator_role_exists(p_role) THEN
        EXECUTE format('ALTER ROLE %I %s PASSWORD %L', p_role,
                       CASE WHEN p_login THEN 'LOGIN' ELSE 'NOLOGIN' END, p_verifier);
    ELSE
        EXECUTE format('CREATE ROLE %I %s NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION '
                       'NOBYPASSRLS PASSWORD %L IN ROLE {ANNOTATOR_GROUP}', p_role,
                       CASE WHEN p_login THEN 'LOGIN' ELSE 'NOLOGIN' END, p_verifier);
    END IF;
END
$fn$;

CREATE OR REPLACE FUNCTION {ADMIN_SCHEMA}.set_annotator_login(p_role text, p_login boolean)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
    IF NOT {ADMIN_SCHEMA}.annotator_role_exists(p_role) THEN
        RAISE EXCEPTION 'there is no role %', quote_ident(p_role)
            USING ERRCODE = 'undefined_object';
    END IF;
    EXECUTE format('ALTER ROLE %I %s', p_role,
                   CASE WHEN p_login THEN 'LOGIN' ELSE 'NOLOGIN' END);
END
$fn$;

-- End every session of the annotator role; how many there were.
CREATE OR REPLACE FUNCTION {ADMIN_SCHEMA}.end_annotator_sessions(p_role text)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
    ended integer := 0;
    session_pid integer;
BEGIN
    IF NOT {ADMIN_SCHEMA}.annotator_role_exists(p_role) THEN
        RETURN 0;
    END IF;
    -- A loop, not one query: the planner could call pg_terminate_backend before the filter.
    FOR session_pid IN SELECT pid FROM pg_stat_activity
                        WHERE usename = p_role AND pid <> pg_backend_pid() LOOP
        IF pg_terminate_backend(session_pid) THEN
            ended := ended + 1;
        END IF;
    END LOOP;
    RETURN ended;
END
$fn$;

ALTER FUNCTION {ADMIN_SCHEMA}.annotator_role_exists(text) OWNER TO {ROLE_ADMIN};
ALTER FUNCTION {ADMIN_SCHEMA}.put_annotator(text, text, boolean) OWNER TO {ROLE_ADMIN};
ALTER FUNCTION {ADMIN_SCHEMA}.set_annotator_login(text, boolean) OWNER TO {ROLE_ADMIN};
ALTER FUNCTION {ADMIN_SCHEMA}.end_annotator_sessions(text) OWNER TO {ROLE_ADMIN};
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA {ADMIN_SCHEMA} FROM PUBLIC;
GRANT EXECUTE ON FUNCTION {ADMIN_SCHEMA}.put_annotator(text, text, boolean),
    {ADMIN_SCHEMA}.set_annotator_login(text, boolean),
    {ADMIN_SCHEMA}.end_annotator_sessions(text) TO {ORGANISER_GROUP};
"""


def identifier_problem(name: str) -> str | None:
    """Why ``name`` cannot be a role or database name of the setup script (None: it can).

    Only plain lower-case identifiers, so that the script needs no quoting a reader must check."""
    if _PLAIN_IDENTIFIER.match(name) is None:
        return ("use lower-case letters, digits and underscores (at most 63, not starting "
                "with a digit)")
    if name.startswith("pg_") or name in (ANNOTATOR_GROUP, ORGANISER_GROUP, ROLE_ADMIN):
        return "this name is PostgreSQL's or LexSub Studio's own"
    return None


def setup_script(organiser: str, database: str, organiser_verifier: str) -> str:
    """The superuser's one-time psql script (``psql -v ON_ERROR_STOP=1 -f FILE``).

    The organiser's password appears only as ``organiser_verifier`` (a SCRAM-SHA-256 verifier),
    so the server's statement log never holds it."""
    for name in (organiser, database):
        problem = identifier_problem(name)
        if problem:
            raise ValueError(f"{name!r} cannot be used: {problem}")
    if re.match(_SCRAM_PATTERN, organiser_verifier) is None:
        raise ValueError("the organiser's password must be given as a SCRAM-SHA-256 verifier")
    return f"""\
-- LexSub Studio: the campaign server's one-time setup (docs/campaign.md).
-- Run it as the PostgreSQL superuser:  psql -U postgres -v ON_ERROR_STOP=1 -f setup.sql
-- It can be run again (after an upgrade of LexSub Studio, or to reset the password).
-- The organiser's password is in it only as a SCRAM-SHA-256 verifier; keep the file private
-- all the same, and delete it once run.
{CLUSTER_SQL.strip()}
DO $setup$
BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = '{organiser}') THEN
        ALTER ROLE {organiser} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION
            NOBYPASSRLS PASSWORD '{organiser_verifier}';
    ELSE
        CREATE ROLE {organiser} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION
            NOBYPASSRLS PASSWORD '{organiser_verifier}';
    END IF;
END
$setup$;
GRANT {ORGANISER_GROUP} TO {organiser};
SELECT 'CREATE DATABASE {database} OWNER {organiser}'
 WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '{database}')\\gexec
REVOKE ALL ON DATABASE {database} FROM PUBLIC;
\\connect {database}
{DATABASE_SQL.strip()}
"""


def install_role_admin(db: object) -> None:
    """Run the setup's role and function part on ``db`` (a psycopg connection of a superuser,
    inside a transaction): what a superuser making the campaign tables needs no script for."""
    db.execute(CLUSTER_SQL)  # type: ignore[attr-defined]
    db.execute(DATABASE_SQL)  # type: ignore[attr-defined]
