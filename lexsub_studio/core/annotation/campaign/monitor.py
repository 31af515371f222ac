"""The organiser's live view of a campaign: progress per annotator and agreement so far.

``snapshot`` reads the server once (progress, then every live answer straight into the columns
pooling reads, campaign/answer_columns.py) and computes the agreement figures with the same code
as responses files (core/agreement/): meant to run off the GUI thread, again and again while the
campaign goes on. A refresh that finds the campaign's answers and members unchanged reuses the
previous snapshot's figures instead of computing them again.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.agreement.report import AgreementReport, compute_agreement
from lexsub_studio.core.annotation.campaign.answer_columns import answers_fingerprint
from lexsub_studio.core.annotation.campaign.db import (
    CampaignStatus,
    campaign_response_columns,
    campaign_status,
    connect,
    errors_said,
)
from lexsub_studio.core.annotation.server_url import server_label, split_url
from lexsub_studio.core.model.data import CodedColumn, ResponseColumns


@dataclass(slots=True)
class CampaignSnapshot:
    status: CampaignStatus
    #: Every live answer counted in agreement (``.rows()`` gives them as ResponseRows).
    responses: ResponseColumns
    #: None until two annotators have answered a common instance.
    report: AgreementReport | None
    #: Which server and campaign, and their answers' fingerprint when they were read
    #: (answer_columns.ANSWERS_FINGERPRINT): a later refresh that finds the same reuses
    #: ``responses`` and ``report``.
    read_from: tuple[object, ...] = ()
    #: True when ``responses`` and ``report`` were carried over from the previous snapshot.
    reused: bool = False

    @property
    def source_name(self) -> str:
        return f"campaign {self.status.campaign}"


def snapshot(url: str, campaign: str, password: str | None = None,
             previous: CampaignSnapshot | None = None) -> CampaignSnapshot:
    """Progress and agreement of ``campaign`` now; InputError when the server cannot say.

    With ``previous`` (the last snapshot of a monitor that refreshes again and again), the
    answers are read and the agreement computed again only if a row of the campaign's answers
    or members changed since: otherwise its figures, which would come out the same, are
    reused and only the progress is read."""
    with connect(url, password) as db:
        status = campaign_status(db, url, campaign)
        with errors_said(url, "cannot read the campaign's answers"):
            # Read before the answers: a change landing in between makes the next refresh
            # read them again rather than be missed.
            read_from = (split_url(url).url, campaign, *answers_fingerprint(db, campaign))
        if previous is not None and previous.read_from == read_from:
            return CampaignSnapshot(status, previous.responses, previous.report, read_from,
                                    reused=True)
        responses = campaign_response_columns(db, url, campaign)
    report = None
    names = responses.annotator
    if len(set(names.values if isinstance(names, CodedColumn) else names)) >= 2:
        label = f"campaign {campaign} on {server_label(split_url(url).url)}"
        pooled = pool_responses([ResponseSource(label, responses)])
        if pooled.n_items:
            report = compute_agreement(pooled)
    return CampaignSnapshot(status, responses, report, read_from)
