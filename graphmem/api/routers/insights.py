"""Insight candidates: listing, review and promotion through the write gate
(graphmem.learn.review)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Depends, Query
from pydantic import BaseModel

from graphmem.api.deps import (
    GraphmemDep,
    IdPath,
    Limit,
    Offset,
    PrincipalDep,
    SubjectQuery,
    require_roles,
)
from graphmem.auth.principal import Principal
from graphmem.learn.insight import InsightPublic, InsightStatus
from graphmem.learn.review import REVIEWERS, InsightReview, ReviewResult
from graphmem.models.types import Key

router = APIRouter(prefix="/v1/insights", tags=["insights"])

ReviewerDep = Annotated[Principal, Depends(require_roles(*sorted(REVIEWERS)))]


class InsightPage(BaseModel):
    insights: list[InsightPublic]
    count: int


@router.get("", response_model=InsightPage)
def list_insights(
    gm: GraphmemDep,
    principal: PrincipalDep,
    status: InsightStatus | None = None,
    subject_id: SubjectQuery = None,
    namespace: Annotated[Key | None, Query()] = None,
    limit: Limit = 100,
    offset: Offset = 0,
) -> InsightPage:
    """Insights the key may read, newest first, with source episodes and counterexamples;
    ``status`` ∈ CANDIDATE, APPROVED, REJECTED, REOPENED, REVOKED."""
    found = gm.insights.list(
        principal,
        status=status,
        subject_id=subject_id,
        namespace=namespace,
        limit=limit,
        offset=offset,
    )
    return InsightPage(insights=found, count=len(found))


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
