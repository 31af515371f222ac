"""Least privilege on a real PostgreSQL: the organiser set up as docs/campaign.md says, no
password in the server's log, annotators blind to other campaigns; revoking and reissuing."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import psycopg
import pytest
from campaign_fixtures import ORGANISER_PASSWORD, made_up_corpus, set_up_server

from lexsub_studio.cli.main import main
from lexsub_studio.core.annotation.campaign.db import (
    assign,
    campaign_responses,
    connect,
    init_campaign,
)
from lexsub_studio.core.annotation.campaign.join import join_campaign
from lexsub_studio.core.annotation.campaign.link import CampaignLink, read_link_file
from lexsub_studio.core.annotation.campaign.members import reissue, revoke
from lexsub_studio.core.annotation.campaign.sync import CampaignSync, SyncState
from lexsub_studio.core.annotation.store import AnnotationStore
from lexsub_studio.core.model.data import ResponseRow


def _row(key: tuple[str, str], annotator: str, *substitutes: str) -> ResponseRow:
    return ResponseRow(key[0], key[1], annotator, substitutes)


def _push(tmp_path: Path, link: CampaignLink, key: tuple[str, str], word: str):
    store = AnnotationStore.open(tmp_path / f"{link.annotator}-{link.campaign}.sqlite")
    store.put_answer(_row(key, link.annotator, word))
    sync = CampaignSync(store.path, link, connect_timeout=2)
    status = sync.drain(10)
    sync.close()
    store.close()
    return status


def test_an_organiser_set_up_as_documented_runs_a_campaign_without_reaching_the_server_os(
        logged_postgres_server, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server = logged_postgres_server
    url = set_up_server(server, tmp_path, "organiser_one", "campaigns_one")
    corpus, xml = made_up_corpus(3)
    init_campaign(url, "lab", "Lab", corpus, xml)
    links = {link.annotator: link
             for link in assign(url, "lab", ["amira", "bruno"], 2, seed=1).new_links}
    assert _push(tmp_path, links["amira"], ("bright.a", "1"), "vivid").state is SyncState.SYNCED
    assert revoke(url, "lab", "bruno").answers == 0
    new_amira = reissue(url, "lab", "amira")
    assert _push(tmp_path, new_amira, ("bright.a", "2"), "sunny").state is SyncState.SYNCED
    old = _push(tmp_path, links["amira"], ("bright.a", "3"), "clear")
    assert old.state is SyncState.OFFLINE and "password authentication failed" in old.reason
    # The script runs again (an update, a new organiser password) and the campaign goes on.
    url = set_up_server(server, tmp_path, "organiser_one", "campaigns_one",
                        password=ORGANISER_PASSWORD + "-new")
    assert _push(tmp_path, reissue(url, "lab", "amira"), ("bright.a", "4"), "lucid").state \
        is SyncState.SYNCED

    with psycopg.connect(url, autocommit=True) as organiser:
        assert organiser.execute("SELECT rolsuper, rolcreaterole FROM pg_roles "
                                 "WHERE rolname = current_user").fetchone() == (False, False)
        for attempt in ("GRANT pg_execute_server_program TO organiser_one",
                        "GRANT pg_read_server_files TO organiser_one",
                        "CREATE ROLE intruder LOGIN",
                        "ALTER ROLE organiser_one CREATEROLE",
                        "COPY (SELECT 1) TO PROGRAM 'id'",
                        "SET ROLE lexsub_role_admin",
                        # The role functions touch campaign annotator roles and nothing else.
                        "SELECT lexsub_admin.put_annotator('organiser_one', "
                        "'SCRAM-SHA-256$4096:YQ==$YQ==:YQ==')",
                        "SELECT lexsub_admin.put_annotator('lexsub_organiser', "
                        "'SCRAM-SHA-256$4096:YQ==$YQ==:YQ==')",
                        "SELECT lexsub_admin.set_annotator_login('postgres', true)",
                        "SELECT lexsub_admin.put_annotator('lexsub_x', 'plain-password')",
                        "SELECT lexsub_admin.annotator_role_exists('lexsub_x')",
                        "CREATE FUNCTION lexsub_admin.mine() RETURNS int LANGUAGE sql "
                        "AS 'SELECT 1'"):
            with pytest.raises((psycopg.errors.InsufficientPrivilege,
                                psycopg.errors.InvalidParameterValue)):
                organiser.execute(attempt)
    # The made role is an annotator's and nothing more.
    with psycopg.connect(server.url(), autocommit=True) as admin:
        made = admin.execute(
            "SELECT rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls, "
            "array(SELECT b.rolname FROM pg_auth_members AS m JOIN pg_roles AS b "
            "ON b.oid = m.roleid WHERE m.member = r.oid) FROM pg_roles AS r "
            "WHERE rolname = %s", (new_amira.role,)).fetchone()
    assert made == (False, False, False, False, False, ["lexsub_annotator"])

    # With log_statement=all the server logged every statement: no password is among them.
    log = server.log.read_text(encoding="utf-8", errors="replace")
    assert "put_annotator" in log and "organiser_one" in log  # the log does hold statements
    for secret in (ORGANISER_PASSWORD, links["amira"].password, links["bruno"].password,
                   new_amira.password, "Organiser-Secret"):
        assert secret not in log


def test_an_annotator_sees_nothing_of_another_campaign(campaign_url: str) -> None:
    corpus, xml = made_up_corpus(2)
    init_campaign(campaign_url, "first", "First", corpus, xml)
    init_campaign(campaign_url, "second", "Second", corpus, xml)
    amira = assign(campaign_url, "first", ["amira", "bruno"], 1, seed=1).new_links[0]
    assign(campaign_url, "second", ["carlotta", "dmitri"], 1, seed=1)
    with psycopg.connect(**amira.connection_arguments(), autocommit=True) as db:
        assert db.execute("SELECT name FROM lexsub.campaigns").fetchall() == [("first",)]
        assert {row[0] for row in db.execute("SELECT DISTINCT campaign FROM lexsub.instances")
                } == {"first"}
        assert db.execute("SELECT campaign, annotator FROM lexsub.members").fetchall() == [
            ("first", "amira")]
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            db.execute("SELECT * FROM lexsub.member_secrets")
        names = " ".join(row[0] for row in db.execute("SELECT rolname FROM pg_roles"))
    for word in ("amira", "bruno", "carlotta", "dmitri", "first", "second"):
        assert word not in names


def test_revoke_stops_login_and_pushes_and_leaves_the_answers_out(
        campaign_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus, xml = made_up_corpus(3)
    init_campaign(campaign_url, "lab", "Lab", corpus, xml)
    links = {link.annotator: link for link in
             assign(campaign_url, "lab", ["amira", "bruno", "chen"], 3, seed=1).new_links}
    for name in links:
        assert _push(tmp_path, links[name], ("bright.a", "1"), f"w-{name}").state \
            is SyncState.SYNCED
    # An open connection of bruno's, made before the revocation, and a write that the policies
    # refuse even if the session were not ended (revoked_at set behind the functions' back).
    open_session = psycopg.connect(**links["bruno"].connection_arguments(), autocommit=True)
    with connect(campaign_url) as db:
        db.execute("UPDATE lexsub.members SET revoked_at = now() WHERE annotator = 'chen'")
        db.commit()
    with psycopg.connect(**links["chen"].connection_arguments(), autocommit=True) as chen:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            chen.execute("SELECT lexsub.push_answer('lab', 'chen', 'bright.a', '2', 'x', '', "
                         "'', '', false, false, '', NULL, false, 1, 'd', now())")
        assert chen.execute("UPDATE lexsub.answers SET sub1 = 'y'").rowcount == 0

    assert main(["campaign", "revoke", campaign_url, "--campaign", "lab",
                 "--annotator", "bruno"]) == 0
    out = capsys.readouterr().out
    assert "'bruno' revoked" in out and "1 open session(s) ended" in out
    assert "their 1 answer(s) stay on the server, left out of agreement and export" in out
    assert "lexsub campaign handover URL --campaign lab --from bruno" in out
    with pytest.raises(psycopg.OperationalError):
        open_session.execute("SELECT 1")
    open_session.close()
    refused = _push(tmp_path, links["bruno"], ("bright.a", "2"), "late")
    assert refused.state is SyncState.OFFLINE and "not permitted to log in" in refused.reason
    with connect(campaign_url) as db:
        assert {r.annotator for r in campaign_responses(db, campaign_url, "lab")} == {
            "amira", "chen"}
        assert {r.annotator for r in campaign_responses(db, campaign_url, "lab",
                                                        include_excluded=True)} == {
            "amira", "bruno", "chen"}
        assert db.execute("SELECT count(*) FROM lexsub.answers WHERE annotator = 'bruno'"
                          ).fetchone()[0] == 1
    # --keep-answers (again, on a revoked member): the answers count again.
    assert main(["campaign", "revoke", campaign_url, "--campaign", "lab", "--annotator", "bruno",
                 "--keep-answers"]) == 0
    assert "was revoked already" in capsys.readouterr().out
    with connect(campaign_url) as db:
        assert "bruno" in {r.annotator for r in campaign_responses(db, campaign_url, "lab")}
    # A revoked annotator gets neither a new invitation nor work.
    assert main(["campaign", "reissue", campaign_url, "--campaign", "lab",
                 "--annotator", "bruno", "--invitations", str(tmp_path / "inv")]) == 2
    assert "was revoked" in capsys.readouterr().err
    assert main(["campaign", "assign", campaign_url, "--campaign", "lab", "--annotators",
                 "amira,bruno", "--per-instance", "1", "--seed", "1",
                 "--invitations", str(tmp_path / "inv")]) == 2
    assert "'bruno' was revoked" in capsys.readouterr().err
    assert main(["campaign", "revoke", campaign_url, "--campaign", "lab",
                 "--annotator", "Amira"]) == 2
    assert "has no annotator 'Amira'" in capsys.readouterr().err


def test_reissue_writes_a_new_invitation_and_the_old_password_stops(
        campaign_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus, xml = made_up_corpus(2)
    init_campaign(campaign_url, "lab", "Lab", corpus, xml)
    invitations = tmp_path / "invitations"
    assert main(["campaign", "assign", campaign_url, "--campaign", "lab", "--annotators",
                 "amira", "--per-instance", "1", "--seed", "1",
                 "--invitations", str(invitations)]) == 0
    path = invitations / "amira.invitation.json"
    old = read_link_file(path)
    open_session = psycopg.connect(**old.connection_arguments(), autocommit=True)
    assert main(["campaign", "reissue", campaign_url, "--campaign", "lab",
                 "--annotator", "amira", "--invitations", str(invitations)]) == 0
    assert f"invitation for 'amira': {path}" in capsys.readouterr().out
    new = read_link_file(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert (new.role, new.annotator) == (old.role, old.annotator)
    assert new.password != old.password
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(**old.connection_arguments())
    with pytest.raises(psycopg.OperationalError):
        open_session.execute("SELECT 1")
    open_session.close()
    assert join_campaign(new).annotator == "amira"


def test_invitation_files_never_collide(campaign_url: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    corpus, xml = made_up_corpus(2)
    init_campaign(campaign_url, "lab", "Lab", corpus, xml)
    invitations = tmp_path / "invitations"
    names = ["a b", "a_b", "Zoë", "Zo_", "ann", "Ann"]
    assert main(["campaign", "assign", campaign_url, "--campaign", "lab", "--annotators",
                 ",".join(names), "--per-instance", "1", "--seed", "1",
                 "--invitations", str(invitations)]) == 0
    out = capsys.readouterr().out
    files = sorted(invitations.iterdir())
    assert len(files) == 6
    assert len({path.name.lower() for path in files}) == 6
    holders = {read_link_file(path).annotator: path.name for path in files}
    assert set(holders) == set(names)
    assert holders["a_b"] == "a_b.invitation.json" and holders["ann"] == "ann.invitation.json"
    for name, file_name in holders.items():
        assert f"invitation for {name!r}: {invitations / file_name}" in out
    # Another campaign's invitation in the folder is never written over: refused before the
    # server changes.
    init_campaign(campaign_url, "other", "Other", corpus, xml)
    assert main(["campaign", "assign", campaign_url, "--campaign", "other", "--annotators",
                 "ann,zed", "--per-instance", "1", "--seed", "1",
                 "--invitations", str(invitations)]) == 2
    assert "holds the invitation of 'ann' in campaign 'lab'" in capsys.readouterr().err
    assert read_link_file(invitations / "ann.invitation.json").campaign == "lab"
    with connect(campaign_url) as db:
        assert db.execute("SELECT count(*) FROM lexsub.members WHERE campaign = 'other'"
                          ).fetchone()[0] == 0


def test_the_invitation_carries_the_ca_certificate_not_a_path(
        campaign_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus, xml = made_up_corpus(2)
    init_campaign(campaign_url, "lab", "Lab", corpus, xml)
    ca = tmp_path / "organiser-only" / "campaign-ca.pem"
    ca.parent.mkdir()
    pem = "-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n"
    ca.write_text(pem, encoding="ascii")
    invitations = tmp_path / "invitations"
    # The server of the tests speaks no TLS: sslmode=prefer lets the test connect while the
    # URL names the organiser's CA file the way a verify-full URL does.
    url = f"{campaign_url}?sslmode=prefer&sslrootcert={ca}&sslkey={tmp_path}/key.pem"
    assert main(["campaign", "assign", url, "--campaign", "lab", "--annotators", "amira",
                 "--per-instance", "1", "--seed", "1", "--invitations", str(invitations)]) == 0
    text = (invitations / "amira.invitation.json").read_text(encoding="utf-8")
    assert str(tmp_path) not in text and "sslrootcert" not in text and "sslkey" not in text
    invitation = json.loads(text)
    assert invitation["ca_certificate"] == pem and "sslmode=prefer" in invitation["url"]

    assert main(["campaign", "join", str(invitations / "amira.invitation.json")]) == 0
    from lexsub_studio.core.annotation.campaign.link import ca_file_for, load_link

    kept = ca_file_for("lab")
    assert kept.read_text(encoding="ascii") == pem
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert f"sslrootcert={kept}".replace("/", "%2F") in load_link("lab").url

    # --ca given explicitly, and a file that is no certificate is refused before anything.
    not_pem = tmp_path / "key.pem"
    not_pem.write_text("not a certificate", encoding="ascii")
    assert main(["campaign", "reissue", campaign_url, "--campaign", "lab", "--annotator",
                 "amira", "--invitations", str(invitations), "--ca", str(not_pem)]) == 2
    assert "holds no PEM certificate" in capsys.readouterr().err
    assert main(["campaign", "reissue", campaign_url, "--campaign", "lab", "--annotator",
                 "amira", "--invitations", str(invitations), "--ca", str(ca)]) == 0
    assert read_link_file(invitations / "amira.invitation.json").ca_certificate == pem


def test_a_package_names_its_campaign_server_without_the_organiser_s_file_paths() -> None:
    from lexsub_studio.core.annotation.package_manifest import package_campaign

    named = package_campaign("postgresql://organiser:pw@db.example.org/campaigns?"
                             "sslmode=verify-full&sslrootcert=/home/org/ca.pem&sslkey=/k", "x")
    assert named.url == "postgresql://db.example.org/campaigns?sslmode=verify-full"


def test_joining_checks_the_server_against_the_invitation_s_ca_with_verify_full(
        logged_postgres_server, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import subprocess

    from lexsub_studio.core.annotation.campaign.db import connect_link
    from lexsub_studio.core.annotation.campaign.link import ca_file_for, load_link
    from lexsub_studio.core.model.diagnostics import InputError

    server = logged_postgres_server
    with psycopg.connect(server.url(), autocommit=True) as admin:
        admin.execute("DROP DATABASE IF EXISTS tls_lab")
        admin.execute("CREATE DATABASE tls_lab")
    url = f"{server.url(database='tls_lab')}?sslmode=verify-full&sslrootcert={server.ca_file}"
    corpus, xml = made_up_corpus(2)
    init_campaign(url, "tls", "TLS", corpus, xml)
    invitations = tmp_path / "invitations"
    assert main(["campaign", "assign", url, "--campaign", "tls", "--annotators", "amira,bruno",
                 "--per-instance", "1", "--seed", "1", "--invitations", str(invitations)]) == 0
    invitation = invitations / "amira.invitation.json"
    text = invitation.read_text(encoding="utf-8")
    assert str(server.ca_file) not in text and str(server.root) not in text
    assert read_link_file(invitation).ca_certificate == server.ca_file.read_text(
        encoding="ascii")

    assert main(["campaign", "join", str(invitation)]) == 0
    link = load_link("tls")
    assert "sslmode=verify-full" in link.url
    with connect_link(link) as db:
        assert db.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()"
                          ).fetchone() == (True,)
    assert stat.S_IMODE(ca_file_for("tls").stat().st_mode) == 0o600

    # Another CA's certificate: the server is not believed, joining fails with the reason.
    other = tmp_path / "other-ca.pem"
    made = subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                           "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                           str(tmp_path / "other.key"), "-out", str(other), "-days", "1",
                           "-subj", "/CN=Someone else"], capture_output=True, check=False)
    assert made.returncode == 0, made.stderr
    bruno = read_link_file(invitations / "bruno.invitation.json")
    forged = CampaignLink(bruno.url, bruno.campaign, bruno.annotator, bruno.role,
                          bruno.password, ca_certificate=other.read_text(encoding="ascii"))
    with pytest.raises(InputError, match="certificate verify failed"):
        join_campaign(forged)
    # The joined campaign's certificate is still the right one, and nothing is left over.
    assert ca_file_for("tls").read_text(encoding="ascii") == server.ca_file.read_text(
        encoding="ascii")
    assert sorted(path.name for path in ca_file_for("tls").parent.glob(".*")) == []
