"""Revocation: a wrong or poisoned source (or memory) and everything derived from it."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body
from pydantic import BaseModel, Field

from graphmem.api.deps import GraphmemDep, RevokerDep
from graphmem.models.public import RevocationPublic

router = APIRouter(prefix="/v1/revocations", tags=["revocations"])


class RevocationCreate(BaseModel):
    model_config = {"extra": "forbid"}

    source_id: str | None = None
    memory_id: str | None = None
    reason: str = Field("REVOKED", pattern=r"^[A-Z][A-Z0-9_]{0,79}$")


@router.post("", status_code=201, response_model=RevocationPublic)
def create_revocation(
    body: Annotated[RevocationCreate, Body()], gm: GraphmemDep, principal: RevokerDep
) -> RevocationPublic:
    """The receipt lists every memory invalidated (REVOKED) or flagged (NEEDS_REVIEW) through
    lineage, each with the path that reached it."""
    receipt = gm.revoke(
        principal, source_id=body.source_id, memory_id=body.memory_id, reason=body.reason
    )
    return receipt.public()
