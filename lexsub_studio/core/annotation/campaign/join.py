"""Joining a campaign on an annotator's laptop, and finding the store a campaign syncs.

Joining checks the credentials against the server (the role must be the annotator's), writes
the campaign's corpus into the studio home's ``campaigns/`` folder, and keeps the link (0600).
The annotator then opens that corpus as any other, under the same name: the app sees that it is
the campaign's (by its content digest) and syncs the store in the background.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import replace
from pathlib import Path

from lexsub_studio.core.annotation.campaign.db import (
    campaign_corpus_xml,
    connect_link,
    errors_said,
)
from lexsub_studio.core.annotation.campaign.invitation import with_parameter
from lexsub_studio.core.annotation.campaign.link import (
    LINK_SUFFIX,
    CampaignLink,
    ca_file_for,
    link_file_name,
    link_folder,
    save_link,
    write_private,
)
from lexsub_studio.core.annotation.server_url import server_label
from lexsub_studio.core.io.atomic import atomic_write_text
from lexsub_studio.core.model.diagnostics import InputError
from lexsub_studio.core.runtime.settings_paths import content_digest, store_path


def corpus_file_for(campaign: str) -> Path:
    return link_folder() / (link_file_name(campaign).removesuffix(LINK_SUFFIX) + ".xml")


def join_campaign(link: CampaignLink) -> CampaignLink:
    """Check ``link`` against its server, fetch the corpus, keep the link; the kept link.

    An invitation's CA certificate is written first (0600, studio home) and the link's
    ``sslrootcert`` points at it, so that ``sslmode=verify-full`` checks the server already;
    it takes the place of an earlier join's certificate only once the server passed."""
    if not link.ca_certificate:
        corpus_xml = _checked_corpus(link)
    else:
        ca_file = ca_file_for(link.campaign)
        trial = ca_file.with_name(f".{ca_file.name}.joining")
        write_private(trial, link.ca_certificate)
        try:
            corpus_xml = _checked_corpus(
                replace(link, url=with_parameter(link.url, "sslrootcert", str(trial))))
        except BaseException:
            with contextlib.suppress(OSError):
                trial.unlink()
            raise
        os.replace(trial, ca_file)
        link = replace(link, url=with_parameter(link.url, "sslrootcert", str(ca_file)))
    corpus_file = corpus_file_for(link.campaign)
    corpus_file.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(corpus_file, corpus_xml)
    joined = replace(link, corpus_file=str(corpus_file),
                     corpus_digest=content_digest(corpus_file))
    save_link(joined)
    return joined


def _checked_corpus(link: CampaignLink) -> str:
    """The campaign's corpus XML, once the server confirmed the link's role is the
    annotator's."""
    with connect_link(link) as db:
        with errors_said(link.url, "cannot check the membership"):
            mine = db.execute("SELECT annotator FROM lexsub.members WHERE campaign = %s "
                              "AND role = current_user", (link.campaign,)).fetchone()
        if mine is None or mine[0] != link.annotator:
            raise InputError.at(server_label(link.url), "campaign-not-member",
                                f"the role {link.role!r} is not annotator {link.annotator!r} of "
                                f"campaign {link.campaign!r} on {server_label(link.url)}; "
                                "check the invitation with the organiser")
        _, corpus_xml = campaign_corpus_xml(db, link.url, link.campaign)
    return corpus_xml


def store_for(link: CampaignLink) -> Path:
    """The store the app uses for the campaign's corpus opened under the annotator's name."""
    if not link.corpus_file or not link.corpus_digest:
        raise InputError.at(link_folder() / link_file_name(link.campaign),
                            "campaign-not-joined",
                            f"campaign {link.campaign!r} has not been joined on this computer; "
                            "run 'lexsub campaign join INVITATION' first")
    return store_path(Path(link.corpus_file).stem, link.corpus_digest, link.annotator)
