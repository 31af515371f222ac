"""A campaign server's URL: checked, its password taken out, and shown without one.

A campaign URL is a PostgreSQL URL (``postgresql://host:port/database?sslmode=verify-full``). It is
shown and stored only without its password (``public_url``). Apart from campaign/link.py (an
annotator's saved link) because a package's manifest (package_manifest.py) names its campaign's
server too, and campaign/ builds on packages, not the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from lexsub_studio.core.model.diagnostics import InputError

_URL_SCHEMES = ("postgresql", "postgres")


@dataclass(frozen=True, slots=True)
class ServerAddress:
    """A campaign server's URL without the password, and the password given with it."""

    url: str
    password: str | None = None


def split_url(text: str) -> ServerAddress:
    """Take the password out of a campaign URL; InputError when it is not a PostgreSQL URL."""
    parts = urlsplit(text.strip())
    if parts.scheme not in _URL_SCHEMES or (not parts.netloc and not parts.path.strip("/")):
        raise InputError.at(public_url(text), "campaign-url",
                            "this is not a campaign URL; give one such as "
                            "postgresql://host:5432/database (with ?sslmode=verify-full to insist "
                            "on TLS)")
    query = dict(parse_qsl(parts.query, keep_blank_values=True))
    password = query.pop("password", None) or parts.password
    user = parts.username
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = host + (f":{parts.port}" if _port(parts) else "")
    if user:
        netloc = f"{quote(user, safe='')}@{netloc}"
    clean = urlunsplit((parts.scheme, netloc, parts.path, urlencode(query), ""))
    return ServerAddress(clean, password)


#: Connection parameters that name files on the computer the URL was written on.
LOCAL_FILE_PARAMETERS = ("sslrootcert", "sslcert", "sslkey", "sslcrl", "sslcrldir", "passfile")


def without_local_files(url: str) -> str:
    """``url`` without the parameters that name files of this computer (a path means nothing
    on another); ``sslrootcert=system``, which names no file, stays."""
    parts = urlsplit(url)
    query = [(key, value) for key, value in parse_qsl(parts.query, keep_blank_values=True)
             if key not in LOCAL_FILE_PARAMETERS or (key == "sslrootcert" and value == "system")]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), parts.fragment))


def _port(parts: object) -> int | None:
    try:
        return parts.port  # type: ignore[attr-defined]
    except ValueError as error:
        raise InputError.at(
            None, "campaign-url",
            "the campaign URL's port is not a number between 0 and 65535") from error


def public_url(text: str) -> str:
    """The URL as it may be shown or written anywhere: any password replaced by ``***``."""
    try:
        parts = urlsplit(text)
        netloc = parts.netloc
        if "@" in netloc:
            credentials, _, host = netloc.rpartition("@")
            user = credentials.split(":", 1)[0]
            netloc = f"{user}:***@{host}" if ":" in credentials else f"{user}@{host}"
        query = urlencode([(key, "***" if key == "password" else value)
                           for key, value in parse_qsl(parts.query, keep_blank_values=True)],
                          safe="*")
        return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))
    except ValueError:
        return "(an unreadable URL)"


def with_user(url: str, user: str) -> str:
    """``url`` with its user replaced by ``user`` (no password)."""
    parts = urlsplit(url)
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit((parts.scheme, f"{quote(user, safe='')}@{host}", parts.path, parts.query,
                       ""))


def server_label(url: str) -> str:
    """``host:port/database``: what a message names a server by."""
    parts = urlsplit(url)
    host = parts.netloc.rpartition("@")[2] or "localhost"
    return f"{host}{parts.path or '/'}"
