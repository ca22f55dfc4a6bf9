"""Consolidation runs: episodes → clusters → candidate insights (graphmem.learn.consolidate)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Depends

from graphmem.api.deps import GraphmemDep, require_roles
from graphmem.auth.principal import Principal
from graphmem.learn.consolidate import CONSOLIDATORS, ConsolidationRequest, ConsolidationResult

router = APIRouter(prefix="/v1/consolidations", tags=["consolidations"])

ConsolidatorDep = Annotated[Principal, Depends(require_roles(*sorted(CONSOLIDATORS)))]


@router.post("", response_model=ConsolidationResult, status_code=201)
def consolidate(
    body: Annotated[ConsolidationRequest, Body()],
    gm: GraphmemDep,
    principal: ConsolidatorDep,
) -> ConsolidationResult:
    """Cluster the episodes of ``subject_id`` (or of ``namespace``, about ``subject_id``)
    recorded since ``since``, and store candidate insights with support, counter-support, a
    Wilson lower bound, counterexamples and lineage. Candidates only: nothing is promoted."""
    return gm.consolidate(principal, body)
