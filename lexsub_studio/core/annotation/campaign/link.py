"""How a laptop reaches a campaign server: its address, whose credentials, kept where.

A campaign URL is a PostgreSQL URL (``postgresql://host:port/database?sslmode=verify-full``). It is
shown and stored only without its password (``public_url``): a password typed in a URL is taken
out and kept apart. An annotator's link (server URL, campaign, annotator name, database role and
password) lives in one JSON file per campaign under the studio home's ``campaigns/`` folder,
written with mode 0600 (only its user can read it) through a temporary file, so no other user and
no half-written file ever sees the password. Nothing else (exports, logs, messages, the settings
file) carries it.

``sslmode`` is passed through untouched; without one, libpq's default ``prefer`` applies: TLS
whenever the server offers it. The server's CA certificate comes in the invitation as PEM text
and is kept next to the link (``<campaign>.ca.pem``, 0600); the link's URL names it in
``sslrootcert``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from lexsub_studio.core.annotation.server_url import server_label, split_url, with_user
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.runtime.settings_paths import check_studio_home

LINK_FOLDER = "campaigns"
LINK_SUFFIX = ".campaign.json"
_UNSAFE_NAME_CHARACTERS = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True, slots=True)
class CampaignLink:
    """One annotator's way into one campaign."""

    url: str
    campaign: str
    annotator: str
    role: str
    password: str
    #: The campaign's corpus as written on this laptop when joining, and its content digest
    #: (settings_paths.content_digest): how an opened corpus is known to be the campaign's.
    corpus_file: str = ""
    corpus_digest: str = ""
    #: The CA certificate the server is checked against (PEM text): an invitation carries the
    #: certificate itself, never a path; joining writes it into the studio home.
    ca_certificate: str = ""

    def connection_arguments(self) -> dict[str, str]:
        """What psycopg.connect takes: the URL with the role as user, the password apart."""
        return {"conninfo": with_user(self.url, self.role), "password": self.password}

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str, source: Path) -> CampaignLink:
        try:
            data = json.loads(text)
        except ValueError as error:
            raise InputError.at(source, "campaign-link",
                                "this campaign file is damaged (it is not JSON); ask the "
                                "organiser for a new invitation") from error
        fields = ("url", "campaign", "annotator", "role", "password")
        if not isinstance(data, dict) or any(not isinstance(data.get(key), str) or not data[key]
                                             for key in fields):
            raise InputError.at(source, "campaign-link",
                                "this campaign file lacks the server, campaign, annotator, role "
                                "or password; ask the organiser for a new invitation")
        split_url(data["url"])
        extras = {key: data[key] for key in ("corpus_file", "corpus_digest", "ca_certificate")
                  if isinstance(data.get(key), str)}
        return cls(**{key: data[key] for key in fields}, **extras)


def link_folder() -> Path:
    return check_studio_home() / LINK_FOLDER


def link_file_name(campaign: str) -> str:
    return (_UNSAFE_NAME_CHARACTERS.sub("_", campaign).strip("._") or "campaign") + LINK_SUFFIX


def write_private(path: Path, text: str) -> None:
    """Write ``text`` so that only this user can ever read the file (mode 0600 from birth)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".link-", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            os.chmod(temporary, 0o600)
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def ca_file_for(campaign: str) -> Path:
    """Where joining keeps the CA certificate of ``campaign``'s server."""
    return link_folder() / (link_file_name(campaign).removesuffix(LINK_SUFFIX) + ".ca.pem")


def save_link(link: CampaignLink) -> Path:
    """Keep the link in the studio home's campaigns/ folder; the file's mode is 0600."""
    path = link_folder() / link_file_name(link.campaign)
    write_private(path, link.to_json())
    return path


def read_link_file(path: Path) -> CampaignLink:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InputError.at(path, "campaign-link",
                            f"cannot read this campaign file: {error.strerror or error}") from error
    return CampaignLink.from_json(text, path)


def load_link(campaign: str) -> CampaignLink:
    """The saved link of ``campaign``; InputError saying how to join when there is none."""
    path = link_folder() / link_file_name(campaign)
    if not path.exists():
        raise InputError.at(path, "campaign-not-joined",
                            f"this computer has not joined campaign {campaign!r}; run "
                            "'lexsub campaign join INVITATION' first")
    return read_link_file(path)


def saved_links() -> list[CampaignLink]:
    """Every campaign this computer has joined (unreadable files are left out)."""
    folder = link_folder()
    links = []
    for path in sorted(folder.glob(f"*{LINK_SUFFIX}")) if folder.is_dir() else []:
        with contextlib.suppress(InputError):
            links.append(read_link_file(path))
    return links


def link_for(corpus_digest: str, annotator: str) -> CampaignLink | None:
    """The joined campaign whose corpus this is, for this annotator (None: none is)."""
    for link in saved_links():
        if link.corpus_digest == corpus_digest and link.annotator == annotator:
            return link
    return None


def joined_under_another_name(corpus_digest: str, annotator: str) -> CampaignLink | None:
    """The joined campaign whose corpus this is when it was joined under a name other than
    ``annotator`` (``Ann1`` against ``ann1``: names are exact); None when the corpus is no
    joined campaign's, or is one's under this very name."""
    links = [link for link in saved_links() if link.corpus_digest == corpus_digest]
    if not links or any(link.annotator == annotator for link in links):
        return None
    return links[0]


def not_member_note(link: CampaignLink, annotator: str) -> str:
    """What opening the campaign's corpus under another name than the member's tells."""
    return (f"This corpus belongs to the team campaign {link.campaign!r}, which this computer "
            f"joined as {link.annotator!r}; nothing you answer as {annotator!r} is sent to the "
            "campaign, and every instance is listed, not only those assigned to you. To work "
            f"for the campaign, choose File › Change annotator name… and enter {link.annotator} "
            "(the corpus opens again under that name)")


def join_offer(url: str, campaign: str, annotator: str | None) -> str | None:
    """What opening a package of ``campaign`` (on the server of ``url``) tells the annotator:
    how to join it, or None when this computer has joined it already. ``url`` has no password
    (a package never holds one), so the sentence may be shown and logged."""
    label = server_label(url)
    for link in saved_links():
        if link.campaign == campaign and server_label(link.url) == label:
            return None
    who = f" as {annotator}" if annotator else ""
    return (f"This package belongs to the team campaign {campaign!r} on {label}. To send your "
            f"answers there as you work, join it{who} once with the invitation file the "
            "organiser sends you: lexsub campaign join INVITATION (or with your role and "
            f"password: lexsub campaign join {url} --campaign {campaign} --annotator "
            f"{annotator or 'NAME'} --role ROLE), then open the campaign's corpus.")
