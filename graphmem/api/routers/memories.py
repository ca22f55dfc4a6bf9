"""Reading memories, with time travel."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from graphmem.api.deps import GraphmemDep, IdPath, MemoryFiltersDep, PrincipalDep, SubjectQuery

router = APIRouter(prefix="/v1/memories", tags=["memories"])


@router.get("")
def list_memories(
    gm: GraphmemDep,
    principal: PrincipalDep,
    filters: MemoryFiltersDep,
    subject_id: SubjectQuery = None,
) -> dict[str, Any]:
    memories = gm.memories(principal, subject_id=subject_id, **filters.as_kwargs())
    return {"memories": memories, "count": len(memories)}


@router.get("/{memory_id}")
def get_memory(memory_id: IdPath, gm: GraphmemDep, principal: PrincipalDep) -> dict[str, Any]:
    """One memory with its supersession history and provenance."""
    return gm.memory(principal, memory_id).as_dict()
