"""Admins: the expiry sweep and purpose expiry, for the key's tenant."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from api.deps import AdminDep, GraphmemDep

router = APIRouter(tags=["admin"])


@router.post("/v1/admin/sweep")
def sweep(gm: GraphmemDep, principal: AdminDep) -> dict[str, Any]:
    """Expire this tenant's memories past ``expires_at`` now (the service also sweeps on a
    schedule, ``GRAPHMEM_SWEEP_INTERVAL_S``)."""
    swept = gm.sweep(principal.tenant_id, actor=principal.principal_id)
    ids = swept.get(principal.tenant_id, [])
    return {"expired": ids, "count": len(ids)}


@router.post("/v1/purposes/{purpose}/expire")
def expire_purpose(
    purpose: Annotated[str, Path(pattern=r"^[a-z][a-z0-9_.:-]{0,119}$")],
    gm: GraphmemDep,
    principal: AdminDep,
) -> dict[str, Any]:
    """The purpose has ended: memories kept only for it expire; others lose it."""
    return gm.expire_purpose(principal, purpose)
