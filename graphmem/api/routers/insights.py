"""Insight candidates: listing, review and promotion through the write gate
(graphmem.learn.review)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Depends, Query

from graphmem.api.deps import (
    GraphmemDep,
    IdPath,
    PagingDep,
    PrincipalDep,
    SubjectQuery,
    require_roles,
)
from graphmem.auth.principal import Principal
from graphmem.learn.insight import InsightPublic, InsightStatus
from graphmem.learn.review import REVIEWERS, InsightReview, ReviewResult
from graphmem.models.public import ListingPage
from graphmem.models.types import Key

router = APIRouter(prefix="/v1/insights", tags=["insights"])

ReviewerDep = Annotated[Principal, Depends(require_roles(*sorted(REVIEWERS)))]


class InsightPage(ListingPage):
    """A page of insights, newest first (:class:`ListingPage`)."""

    insights: list[InsightPublic]


@router.get("", response_model=InsightPage)
def list_insights(
    gm: GraphmemDep,
    principal: PrincipalDep,
    paging: PagingDep,
    status: InsightStatus | None = None,
    subject_id: SubjectQuery = None,
    namespace: Annotated[Key | None, Query()] = None,
) -> InsightPage:
    """Insights the key may read, newest first, with source episodes and counterexamples;
    ``status`` ∈ CANDIDATE, APPROVED, REJECTED, REOPENED, REVOKED."""
    page = gm.insights.list(
        principal,
        status=status,
        subject_id=subject_id,
        namespace=namespace,
        limit=paging.limit,
        cursor=paging.cursor,
    )
    return InsightPage.model_validate(page.fields("insights"))


@router.get("/{insight_id}", response_model=InsightPublic)
def get_insight(insight_id: IdPath, gm: GraphmemDep, principal: PrincipalDep) -> InsightPublic:
    return gm.insights.get(principal, insight_id)


@router.post("/{insight_id}/review", response_model=ReviewResult)
def review_insight(
    insight_id: IdPath,
    body: Annotated[InsightReview, Body()],
    gm: GraphmemDep,
    principal: ReviewerDep,
) -> ReviewResult:
    """APPROVE promotes the insight through the write gate (a claim citing the review, derived
    from the insight); REJECT closes it. 409 ``REVIEW_STATE`` unless it is CANDIDATE or
    REOPENED; 422 naming the rule when a procedure lacks support."""
    return gm.insights.review(principal, insight_id, body)
