"""Procedure releases (DESIGN §7; issue 13): draft → SCOPE review → simulator test → SECURITY
review → publish → canary → monitor → promote | rollback. Every step answers with the version
as it is now and the step's receipt; a step out of order is a 409 naming the rule."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Path, Response, status

from graphmem.api.deps import GraphmemDep, PagingDep, PrincipalDep
from graphmem.learn.procedure_records import (
    CanaryCreate,
    DraftResult,
    ProcedureCreate,
    ProcedurePublic,
    ProcedureSummary,
    ProcedureVersionPublic,
    ReasonCreate,
    ReleaseReceipt,
    ReviewCreate,
    StepResult,
)
from graphmem.models.enums import Decision
from graphmem.models.public import ListingPage
from graphmem.models.types import ID_PATTERN

router = APIRouter(prefix="/v1/procedures", tags=["procedures"])

KeyPath = Annotated[str, Path(min_length=1, max_length=200, pattern=ID_PATTERN)]
VersionPath = Annotated[str, Path(min_length=5, max_length=100, pattern=r"^[0-9A-Za-z.+\-]+$")]


class ProcedurePage(ListingPage):
    """A page of the tenant's procedure keys (:class:`ListingPage`)."""

    procedures: list[ProcedureSummary]


@router.post(
    "",
    response_model=DraftResult,
    status_code=201,
    responses={
        200: {
            "model": DraftResult,
            "description": "not committed (REJECTED, NEEDS_CONFIRMATION) or a DUPLICATE",
        }
    },
)
def create_procedure(
    body: Annotated[ProcedureCreate, Body()],
    gm: GraphmemDep,
    principal: PrincipalDep,
    response: Response,
) -> DraftResult:
    """A draft version through the write gate (reviewer or admin keys). 201 with the version
    and its receipts when it committed; 200 with the gate's receipt when it did not (REJECTED,
    NEEDS_CONFIRMATION) or when this exact version was already drafted (DUPLICATE)."""
    result = gm.releases.create_draft(principal, body)
    if result.write_receipt.decision is not Decision.COMMITTED:
        response.status_code = status.HTTP_200_OK
    return result


class ProcedureVersionPage(ListingPage):
    """A page of one procedure key's versions, lowest first (:class:`ListingPage`)."""

    procedure_key: str
    versions: list[ProcedureVersionPublic]


class ReleaseReceiptPage(ListingPage):
    """A page of one procedure key's release receipts, newest first (:class:`ListingPage`)."""

    procedure_key: str
    receipts: list[ReleaseReceipt]


@router.get("", response_model=ProcedurePage)
def list_procedures(gm: GraphmemDep, principal: PrincipalDep, paging: PagingDep) -> ProcedurePage:
    """The tenant's procedure keys with their stable and canary versions, by key."""
    page = gm.releases.summaries(principal, paging.limit, paging.cursor)
    return ProcedurePage.model_validate(page.fields("procedures"))


@router.get("/{key}", response_model=ProcedurePublic)
def get_procedure(key: KeyPath, gm: GraphmemDep, principal: PrincipalDep) -> ProcedurePublic:
    """Versions, cohorts, health (canary vs stable success rate with Wilson intervals) and the
    latest release receipts."""
    return gm.releases.get(principal, key)


@router.get("/{key}/versions", response_model=ProcedureVersionPage)
def procedure_versions(
    key: KeyPath, gm: GraphmemDep, principal: PrincipalDep, paging: PagingDep
) -> ProcedureVersionPage:
    """A page of the key's versions, lowest first: pass ``versions_next_cursor`` of
    ``GET /v1/procedures/{key}`` (or this page's ``next_cursor``) as ``cursor``."""
    page = gm.releases.version_page(principal, key, paging.limit, paging.cursor)
    return ProcedureVersionPage.model_validate({"procedure_key": key, **page.fields("versions")})


@router.get("/{key}/receipts", response_model=ReleaseReceiptPage)
def procedure_receipts(
    key: KeyPath, gm: GraphmemDep, principal: PrincipalDep, paging: PagingDep
) -> ReleaseReceiptPage:
    """A page of the key's release receipts, newest first: pass ``receipts_next_cursor`` of
    ``GET /v1/procedures/{key}`` (or this page's ``next_cursor``) as ``cursor``."""
    page = gm.releases.receipt_page(principal, key, paging.limit, paging.cursor)
    return ReleaseReceiptPage.model_validate({"procedure_key": key, **page.fields("receipts")})


@router.post("/{key}/versions/{version}/reviews", response_model=StepResult)
def review_version(
    key: KeyPath,
    version: VersionPath,
    body: Annotated[ReviewCreate, Body()],
    gm: GraphmemDep,
    principal: PrincipalDep,
) -> StepResult:
    """``{stage: SCOPE|SECURITY, decision: APPROVE|REJECT, reason}``; not by the author."""
    return gm.releases.review(principal, key, version, body)


@router.post("/{key}/versions/{version}/test", response_model=StepResult)
def test_version(
    key: KeyPath, version: VersionPath, gm: GraphmemDep, principal: PrincipalDep
) -> StepResult:
    """Run the declared tests in the simulator; the report comes back and its hash is kept."""
    return gm.releases.test(principal, key, version)


@router.post("/{key}/versions/{version}/publish", response_model=StepResult)
def publish_version(
    key: KeyPath, version: VersionPath, gm: GraphmemDep, principal: PrincipalDep
) -> StepResult:
    return gm.releases.publish(principal, key, version)


@router.post("/{key}/versions/{version}/canary", response_model=StepResult)
def canary_version(
    key: KeyPath,
    version: VersionPath,
    body: Annotated[CanaryCreate, Body()],
    gm: GraphmemDep,
    principal: PrincipalDep,
) -> StepResult:
    """Serve the version to ``percent`` (1-50) of runs, by cohort hash, beside the stable."""
    return gm.releases.canary(principal, key, version, body)


@router.post("/{key}/versions/{version}/promote", response_model=StepResult)
def promote_version(
    key: KeyPath, version: VersionPath, gm: GraphmemDep, principal: PrincipalDep
) -> StepResult:
    return gm.releases.promote(principal, key, version)


@router.post("/{key}/versions/{version}/rollback", response_model=StepResult)
def rollback_version(
    key: KeyPath,
    version: VersionPath,
    gm: GraphmemDep,
    principal: PrincipalDep,
    body: Annotated[ReasonCreate | None, Body()] = None,
) -> StepResult:
    return gm.releases.rollback(principal, key, version, body.reason if body else None)
