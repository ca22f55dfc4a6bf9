"""Reading memories, with time travel."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from api.deps import GraphmemDep, PrincipalDep
from graphmem.models.enums import MemoryStatus, MemoryType

router = APIRouter(prefix="/v1/memories", tags=["memories"])


@router.get("")
def list_memories(
    gm: GraphmemDep,
    principal: PrincipalDep,
    subject_id: str | None = None,
    type: MemoryType | None = None,
    status: MemoryStatus | None = None,
    valid_at: Annotated[str | None, Query(description="true at this time (ISO-8601)")] = None,
    known_at: Annotated[str | None, Query(description="as believed at this time")] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    offset: Annotated[int, Query(ge=0)] = 0,
) -> dict[str, Any]:
    memories = gm.memories(
        principal,
        subject_id=subject_id,
        type=type,
        status=status,
        valid_at=valid_at,
        known_at=known_at,
        limit=limit,
        offset=offset,
    )
    return {"memories": memories, "count": len(memories)}


@router.get("/{memory_id}")
def get_memory(memory_id: str, gm: GraphmemDep, principal: PrincipalDep) -> dict[str, Any]:
    """One memory with its supersession history and provenance."""
    return gm.memory(principal, memory_id).as_dict()
