"""Invitation files: what they carry (the server's address and CA certificate, never a path of
the organiser's computer) and what they are called (never the same file for two people).

An invitation's URL is the organiser's without password and without the client-side file
parameters (``sslrootcert``, ``sslcert``, ``sslkey``, ``sslcrl``, ``sslcrldir``, ``passfile``):
paths on the organiser's computer mean nothing on an annotator's. The CA certificate that
``sslmode=verify-full`` checks the server against travels instead as its PEM text: from
``--ca FILE``, or read from the URL's ``sslrootcert``. Joining writes it into the studio home
(0600) and points the link's ``sslrootcert`` at it.

File names: an annotator whose name is lower-case letters, digits, ``.``, ``_`` and ``-`` (not
starting with a dot) gets ``NAME.invitation.json``; any other name gets its characters outside
that set replaced by ``_``, then ``+`` and 12 hex digits of the SHA-256 of the exact name
(``Zoë`` -> ``Zo_+`` 12 hex digits ``.invitation.json``). Plain names have no ``+`` and no
upper case, so a plain name never meets a marked one, even on a file system that ignores case;
two marked names meet only if their hashes do. And a file that holds another person's
invitation is never written over: the organiser is told to choose another folder.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from lexsub_studio.core.annotation.campaign.link import CampaignLink, write_private
from lexsub_studio.core.annotation.server_url import split_url, without_local_files
from lexsub_studio.core.model.diagnostics import InputError

INVITATION_SUFFIX = ".invitation.json"
_PLAIN_NAME = re.compile(r"^[a-z0-9_-][a-z0-9._-]*$")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_PEM_CERTIFICATE = "-----BEGIN CERTIFICATE-----"


def invitation_url(url: str) -> str:
    """The organiser's URL as an invitation carries it: no password, no local file paths
    (``sslrootcert=system``, which names no file, stays)."""
    return without_local_files(split_url(url).url)


def url_parameter(url: str, key: str) -> str | None:
    for name, value in parse_qsl(urlsplit(url).query, keep_blank_values=True):
        if name == key:
            return value
    return None


def with_parameter(url: str, key: str, value: str) -> str:
    """``url`` with the connection parameter ``key`` set to ``value``."""
    parts = urlsplit(url)
    query = [(name, old) for name, old in parse_qsl(parts.query, keep_blank_values=True)
             if name != key]
    query.append((key, value))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), ""))


def read_ca_certificate(url: str, ca_file: str | Path | None) -> str:
    """The CA certificate (PEM text) the invitations carry: ``ca_file``, else the file the URL's
    ``sslrootcert`` names, else none (""). InputError when the file cannot be read or holds no
    PEM certificate."""
    source = ca_file
    if source is None:
        named = url_parameter(url, "sslrootcert")
        if not named or named == "system":
            return ""
        source = named
    path = Path(source)
    try:
        text = path.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "it is not a PEM file"
        raise InputError.at(path, "campaign-ca",
                            f"cannot read the CA certificate: {reason or error}") from error
    if _PEM_CERTIFICATE not in text:
        raise InputError.at(path, "campaign-ca",
                            "this file holds no PEM certificate (-----BEGIN CERTIFICATE-----); "
                            "give the CA certificate that signed the server's")
    return text


def invitation_file_name(annotator: str) -> str:
    """The invitation file's name for ``annotator`` (see the module docstring)."""
    if _PLAIN_NAME.match(annotator):
        return annotator + INVITATION_SUFFIX
    stem = _UNSAFE.sub("_", annotator).lstrip(".") or "annotator"
    digest = hashlib.sha256(annotator.encode("utf-8")).hexdigest()[:12]
    return f"{stem}+{digest}{INVITATION_SUFFIX}"


def _holder(path: Path) -> tuple[str, str] | None:
    """(campaign, annotator) of the invitation in ``path``; None when it is none."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    return str(data.get("campaign", "")), str(data.get("annotator", ""))


def invitation_path(folder: str | Path, campaign: str, annotator: str) -> Path:
    """Where ``annotator``'s invitation goes in ``folder``; InputError when that file (or one
    that differs only in case) holds someone else's."""
    path = Path(folder) / invitation_file_name(annotator)
    candidates = [path]
    if path.parent.is_dir():
        candidates += [other for other in path.parent.iterdir()
                       if other.name.lower() == path.name.lower() and other.name != path.name]
    for candidate in candidates:
        if not candidate.exists():
            continue
        holder = _holder(candidate)
        if holder != (campaign, annotator):
            whose = (f"the invitation of {holder[1]!r} in campaign {holder[0]!r}"
                     if holder else "something that is not this annotator's invitation")
            raise InputError.at(candidate, "invitation-taken",
                                f"this file holds {whose}; it is not written over: choose "
                                f"another --invitations folder for {annotator!r}")
    return path


def check_invitation_paths(folder: str | Path, campaign: str, annotators: list[str]) -> None:
    """Refuse before anything changes on the server when an invitation could not be written."""
    for annotator in annotators:
        invitation_path(folder, campaign, annotator)


def write_invitations(links: Iterable[CampaignLink], folder: str | Path) -> list[Path]:
    """Each link's invitation file in ``folder`` (mode 0600); the paths written, in the links'
    order. Another person's invitation is never written over (``invitation_path``)."""
    written = []
    for link in links:
        path = invitation_path(folder, link.campaign, link.annotator)
        write_private(path, link.to_json())
        written.append(path)
    return written
