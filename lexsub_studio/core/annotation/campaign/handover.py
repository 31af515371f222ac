"""Handing one annotator's unfinished work to others on the campaign server.

The source keeps every instance they have answered (finished work, which still counts); each
unfinished instance goes to the least-loaded target who does not hold it yet
(core/annotation/campaign/deal.py, ``hand_over``). Without named targets, every other annotator
listed by the last ``assign`` takes part. One transaction; ``dry_run`` changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lexsub_studio.core.annotation.campaign.db import (
    assignment_holdings,
    connect,
    errors_said,
    finished_holdings,
    locked_campaign_keys,
    require_schema,
    write_assignment_changes,
)
from lexsub_studio.core.annotation.campaign.deal import Handover, hand_over
from lexsub_studio.core.annotation.server_url import server_label
from lexsub_studio.core.model.diagnostics import InputError


@dataclass(frozen=True, slots=True)
class HandoverResult:
    source: str
    targets: list[str]
    handover: Handover
    #: Each target's load (instances assigned) after the handover.
    loads: dict[str, int]
    dry_run: bool

    @property
    def moved(self) -> int:
        return sum(len(keys) for keys in self.handover.moved.values())


def handover(url: str, campaign: str, source: str, targets: Sequence[str] | None = None,
             password: str | None = None, *, dry_run: bool = False) -> HandoverResult:
    """Move ``source``'s unfinished instances to ``targets`` (default: every other annotator
    listed by the last ``assign``). InputError for an unknown annotator or when nobody can take
    them."""
    label = server_label(url)
    with connect(url, password) as db:
        require_schema(db, url)
        with errors_said(url, "cannot hand the work over"), db.transaction():
            keys = locked_campaign_keys(db, url, campaign)
            listed = dict(db.execute(
                "SELECT annotator, listed FROM lexsub.members WHERE campaign = %s "
                "ORDER BY annotator", (campaign,)).fetchall())
            members = list(listed)
            before = assignment_holdings(db, campaign)
            finished = finished_holdings(db, campaign)
            unknown = [name for name in [source, *(targets or [])] if name not in members]
            if unknown:
                raise InputError.at(label, "campaign-unknown-annotator",
                                    f"campaign {campaign!r} has no annotator "
                                    f"{', '.join(map(repr, unknown))}; its members are "
                                    f"{', '.join(members) or 'none yet'}")
            chosen = list(targets) if targets else [
                name for name in members if name != source and listed[name]]
            if not chosen:
                raise InputError.at(label, "campaign-handover",
                                    f"nobody to take the work of {source!r}: no other annotator is "
                                    "listed by the last assign; name them with --to")
            try:
                result = hand_over(keys, before, finished.get(source, set()), source, chosen)
            except ValueError as error:
                raise InputError.at(label, "campaign-handover", str(error)) from None
            if result.left and not result.moved:
                holds = "holds" if len(chosen) == 1 else "hold"
                raise InputError.at(label, "campaign-handover",
                                    f"nobody can take the {len(result.left)} unfinished "
                                    f"instance(s) of {source!r}: {', '.join(chosen)} already "
                                    f"{holds} every one of them")
            after = {name: set(keys_) for name, keys_ in before.items()}
            for name, moved in result.moved.items():
                after.setdefault(name, set()).update(moved)
                after[source].difference_update(moved)
            if not dry_run:
                write_assignment_changes(db, campaign, before, after)
    loads = {name: len(after.get(name, ())) for name in [source, *chosen]}
    return HandoverResult(source, chosen, result, loads, dry_run)
