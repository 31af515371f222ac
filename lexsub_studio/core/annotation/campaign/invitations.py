"""Invitation files: one per new annotator, readable only by the organiser (mode 0600)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from lexsub_studio.core.annotation.campaign.link import CampaignLink, write_private

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def invitation_path(folder: str | Path, annotator: str) -> Path:
    stem = _UNSAFE.sub("_", annotator).strip("._") or "annotator"
    return Path(folder) / f"{stem}.invitation.json"


def write_invitations(links: Iterable[CampaignLink], folder: str | Path) -> list[Path]:
    """Each link's invitation file in ``folder``; the paths written, in the links' order."""
    written = []
    for link in links:
        path = invitation_path(folder, link.annotator)
        write_private(path, link.to_json())
        written.append(path)
    return written
