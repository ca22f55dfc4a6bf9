"""Liveness, and who a key is."""

from __future__ import annotations

from fastapi import APIRouter

from graphmem.api.deps import GraphmemDep, PrincipalDep
from graphmem.models.public import Health, WhoAmI

router = APIRouter(tags=["health"])


@router.get("/healthz", response_model=Health)
def healthz(gm: GraphmemDep) -> Health:
    """Liveness and engine status: engine, schema version, persistence mode."""
    return Health.model_validate(gm.health())


@router.get("/v1/whoami", response_model=WhoAmI)
def whoami(principal: PrincipalDep) -> WhoAmI:
    """The principal the presented key resolves to."""
    return WhoAmI(
        tenant_id=principal.tenant_id,
        principal_id=principal.principal_id,
        roles=sorted(principal.roles),
        subject_id=principal.subject_id,
        grants=sorted(principal.grants),
    )
