"""Admins: the expiry sweep and purpose expiry, for the key's tenant."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path
from pydantic import BaseModel

from graphmem.api.deps import AdminDep, GraphmemDep
from graphmem.auth.scope import require_unbound
from graphmem.models.public import CompactResult, PurposeExpiry, SweepResult

router = APIRouter(tags=["admin"])


@router.post("/v1/admin/sweep", response_model=SweepResult)
def sweep(gm: GraphmemDep, principal: AdminDep) -> SweepResult:
    """Expire this tenant's memories past ``expires_at`` and delete its run state past its
    retention, now (the service also sweeps on a schedule, ``GRAPHMEM_SWEEP_INTERVAL_S``)."""
    require_unbound(principal, "the expiry sweep")
    swept = gm.sweep(principal.tenant_id, actor=principal.principal_id)
    runs = gm.runs.sweep(principal.tenant_id, actor=principal.principal_id)
    ids = swept.get(principal.tenant_id, [])
    return SweepResult(expired=ids, count=len(ids), runs_deleted=runs.get(principal.tenant_id, []))


@router.post("/v1/purposes/{purpose}/expire", response_model=PurposeExpiry)
def expire_purpose(
    purpose: Annotated[str, Path(pattern=r"^[a-z][a-z0-9_.:-]{0,119}$")],
    gm: GraphmemDep,
    principal: AdminDep,
) -> PurposeExpiry:
    """The purpose has ended: memories kept only for it expire; others lose it."""
    require_unbound(principal, "purpose expiry")
    return PurposeExpiry.model_validate(gm.expire_purpose(principal, purpose))


class CompactRequest(BaseModel):
    model_config = {"extra": "forbid"}

    older_than: str
    subject_id: str | None = None
    originals: Literal["keep", "remove"] = "remove"


@router.post("/v1/admin/compact", response_model=CompactResult)
def compact(body: CompactRequest, gm: GraphmemDep, principal: AdminDep) -> CompactResult:
    """Roll episodes older than ``older_than`` into per-subject monthly aggregates that keep
    DERIVED_FROM lineage to the originals (kept) or to their hash-only tombstones (removed)."""
    groups = gm.compact(
        principal, older_than=body.older_than, subject_id=body.subject_id, originals=body.originals
    )
    return CompactResult.model_validate({"aggregates": groups, "count": len(groups)})
