from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from graphmem.api.deps import GraphmemDep, PrincipalDep

router = APIRouter(tags=["health"])


@router.get("/healthz")
def healthz(gm: GraphmemDep) -> dict[str, Any]:
    """Liveness and engine status: engine, schema version, persistence mode."""
    return gm.health()


@router.get("/v1/whoami")
def whoami(principal: PrincipalDep) -> dict[str, Any]:
    """The principal the presented key resolves to."""
    return {
        "tenant_id": principal.tenant_id,
        "principal_id": principal.principal_id,
        "roles": sorted(principal.roles),
        "subject_id": principal.subject_id,
    }
