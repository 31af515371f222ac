"""A throwaway PostgreSQL server for the campaign tests and the campaign benchmark.

The server binaries are Debian's (``/usr/lib/postgresql/*/bin``) or whatever ``pg_ctl`` is on the
PATH. PostgreSQL refuses to run as root, so under root the cluster belongs to ``nobody`` and every
server command runs through ``runuser`` (or ``setpriv``). The cluster lives in a fresh temporary
folder, listens on 127.0.0.1 at a free port and on a unix socket in that folder, and asks for a
password over TCP (scram-sha-256), as a real campaign server does.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

SUPERUSER = "postgres"


class ServerUnavailable(RuntimeError):
    """No PostgreSQL server could be started here; the message says why."""


def _binary_dir() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                        key=lambda path: int(Path(path).parent.parent.name)
                        if Path(path).parent.parent.name.isdigit() else 0)
    return Path(candidates[-1]).parent if candidates else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class PostgresServer:
    """One running cluster: its folder, port and superuser password."""

    root: Path
    binaries: Path
    port: int
    password: str
    run_as: str | None
    #: Extra server settings (``-c name=value``), e.g. ``{"log_statement": "all"}``.
    settings: dict[str, str] = field(default_factory=dict)
    #: The CA certificate that signed the server's (TLS on), or None (no TLS).
    ca_file: Path | None = None

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def log(self) -> Path:
        """The server's log file (everything it logs, statements too when asked to)."""
        return self.root / "server.log"

    def url(self, user: str = SUPERUSER, password: str | None = None,
            database: str = "postgres") -> str:
        secret = self.password if password is None and user == SUPERUSER else password
        auth = f"{user}:{secret}@" if secret else f"{user}@"
        return f"postgresql://{auth}127.0.0.1:{self.port}/{database}"

    def run_script(self, script: Path) -> subprocess.CompletedProcess[str]:
        """Run a psql script as the superuser, as docs/campaign.md tells a server's owner to
        (``psql -v ON_ERROR_STOP=1 -f FILE``)."""
        environment = {**os.environ, "PGPASSWORD": self.password}
        psql = self.binaries / "psql"
        if not psql.exists():
            found = shutil.which("psql") or next(iter(sorted(glob.glob(
                "/usr/lib/postgresql/*/bin/psql"))), None)
            if found is None:
                raise ServerUnavailable("no psql was found to run the setup script")
            psql = Path(found)
        return subprocess.run(
            [str(psql), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1",
             "-p", str(self.port), "-U", SUPERUSER, "-d", "postgres", "-f", str(script)],
            capture_output=True, text=True, timeout=120, env=environment, check=False)

    def _command(self, *arguments: str) -> list[str]:
        command = [str(arguments[0]), *arguments[1:]]
        if self.run_as is None:
            return command
        if shutil.which("runuser"):
            return ["runuser", "-u", self.run_as, "--", *command]
        entry = pwd.getpwnam(self.run_as)
        return ["setpriv", f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}",
                "--clear-groups", *command]

    def _run(self, *arguments: str, timeout: float = 60) -> None:
        result = subprocess.run(self._command(*arguments), capture_output=True, text=True,
                                timeout=timeout, cwd=self.root, check=False)
        if result.returncode != 0:
            raise ServerUnavailable(f"{Path(arguments[0]).name} failed: "
                                    f"{(result.stderr or result.stdout).strip()[-800:]}")

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                   "-c max_connections=200 -c shared_buffers=32MB")
        options += "".join(f" -c {name}={value}" for name, value in self.settings.items())
        self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-l",
                  str(self.log), "-o", options, "-w", "-t", "60", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w",
                  "stop")

    def remove(self) -> None:
        # Immediate: the cluster is thrown away, so there is nothing to shut down cleanly.
        with contextlib.suppress(ServerUnavailable, OSError, subprocess.SubprocessError):
            self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


def _make_certificates(root: Path) -> tuple[Path, Path, Path]:
    """A throwaway CA and a server certificate it signed for 127.0.0.1 and localhost:
    (CA certificate, server certificate, server key), made with the openssl command."""
    openssl = shutil.which("openssl")
    if openssl is None:
        raise ServerUnavailable("no openssl command to make the test server's certificates")
    ca_key, ca, key, request, certificate = (root / name for name in (
        "ca.key", "ca.pem", "server.key", "server.csr", "server.crt"))
    extensions = root / "server.ext"
    extensions.write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n", encoding="ascii")
    new_key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    for command in (
            [openssl, "req", "-x509", *new_key, "-keyout", str(ca_key), "-out", str(ca),
             "-days", "2", "-subj", "/CN=LexSub test CA", "-addext",
             "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign"],
            [openssl, "req", *new_key, "-keyout", str(key), "-out", str(request),
             "-subj", "/CN=127.0.0.1"],
            [openssl, "x509", "-req", "-in", str(request), "-CA", str(ca), "-CAkey",
             str(ca_key), "-CAcreateserial", "-out", str(certificate), "-days", "2",
             "-extfile", str(extensions)]):
        result = subprocess.run(command, capture_output=True, text=True, timeout=60,
                                check=False)
        if result.returncode != 0:
            raise ServerUnavailable(f"openssl failed: {result.stderr.strip()[-400:]}")
    return ca, certificate, key


def start_server(settings: dict[str, str] | None = None, *, tls: bool = False
                 ) -> PostgresServer:
    """Make and start a cluster (with ``settings`` for its postgresql.conf, and TLS with a
    certificate of a throwaway CA when ``tls``); ServerUnavailable says why when that is
    impossible here."""
    binaries = _binary_dir()
    if binaries is None or not (binaries / "initdb").exists():
        raise ServerUnavailable("no PostgreSQL server binaries (initdb, pg_ctl) were found; "
                                "install Debian's 'postgresql' package")
    run_as = None
    if os.geteuid() == 0:
        run_as = "nobody"
        try:
            entry = pwd.getpwnam(run_as)
        except KeyError as error:
            raise ServerUnavailable("running as root and there is no user 'nobody' to run "
                                    "the server as") from error
    root = Path(tempfile.mkdtemp(prefix="lexsub-pg-"))
    # The unprivileged server must reach its folder, socket and log.
    root.chmod(0o755)
    password = secrets.token_hex(16)
    password_file = root / "superuser-password"
    password_file.write_text(password + "\n", encoding="utf-8")
    if run_as is not None:
        os.chown(root, entry.pw_uid, entry.pw_gid)
        os.chown(password_file, entry.pw_uid, entry.pw_gid)
    password_file.chmod(0o600)
    server = PostgresServer(root, binaries, _free_port(), password, run_as, dict(settings or {}))
    if tls:
        try:
            server.ca_file, certificate, key = _make_certificates(root)
        except ServerUnavailable:
            shutil.rmtree(root, ignore_errors=True)
            raise
        key.chmod(0o600)
        if run_as is not None:
            for path in (certificate, key):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        server.settings.update({"ssl": "on", "ssl_cert_file": str(certificate),
                                "ssl_key_file": str(key)})
    try:
        server._run(str(binaries / "initdb"), "-D", str(server.data), "-U", SUPERUSER,
                    "--auth-local=trust", "--auth-host=scram-sha-256",
                    f"--pwfile={password_file}", "--no-sync", "-E", "UTF8",
                    "--locale=C", timeout=120)
        server.start()
    except (ServerUnavailable, OSError, subprocess.SubprocessError) as error:
        shutil.rmtree(root, ignore_errors=True)
        if isinstance(error, ServerUnavailable):
            raise
        raise ServerUnavailable(f"the PostgreSQL server could not be started: {error}") from error
    password_file.unlink()
    _stop_when_gone(server, os.getpid())
    return server


_WATCHDOG = """
import os, subprocess, sys, time, shutil
parent, command, root = int(sys.argv[1]), sys.argv[2:-1], sys.argv[-1]
while True:
    try:
        os.kill(parent, 0)
    except ProcessLookupError:
        break
    if not os.path.isdir(root):
        sys.exit(0)
    time.sleep(1)
subprocess.run(command, capture_output=True, timeout=60, check=False)
shutil.rmtree(root, ignore_errors=True)
"""


def _stop_when_gone(server: PostgresServer, parent: int) -> None:
    """A watchdog that stops and removes the cluster if this process dies without doing it
    (a killed test run must not leave a server behind); it ends with the cluster's folder."""
    stop = server._command(str(server.binaries / "pg_ctl"), "-D", str(server.data), "-m",
                           "immediate", "-w", "stop")
    subprocess.Popen([sys.executable, "-c", _WATCHDOG, str(parent), *stop, str(server.root)],
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL, start_new_session=True)
