"""The organiser's live view of a campaign: progress per annotator and agreement so far.

``snapshot`` reads the server once (progress, then every live answer straight into the columns
pooling reads, campaign/answer_columns.py) and computes the agreement figures with the same code
as responses files (core/agreement/): meant to run off the GUI thread, again and again while the
campaign goes on.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexsub_studio.core.agreement.pool import ResponseSource, pool_responses
from lexsub_studio.core.agreement.report import AgreementReport, compute_agreement
from lexsub_studio.core.annotation.campaign.db import (
    CampaignStatus,
    campaign_response_columns,
    campaign_status,
    connect,
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

    @property
    def source_name(self) -> str:
        return f"campaign {self.status.campaign}"


def snapshot(url: str, campaign: str, password: str | None = None) -> CampaignSnapshot:
    """Progress and agreement of ``campaign`` now; InputError when the server cannot say."""
    with connect(url, password) as db:
        status = campaign_status(db, url, campaign)
        responses = campaign_response_columns(db, url, campaign)
    report = None
    names = responses.annotator
    if len(set(names.values if isinstance(names, CodedColumn) else names)) >= 2:
        label = f"campaign {campaign} on {server_label(split_url(url).url)}"
        pooled = pool_responses([ResponseSource(label, responses)])
        if pooled.n_items:
            report = compute_agreement(pooled)
    return CampaignSnapshot(status, responses, report)
