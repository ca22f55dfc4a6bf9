"""Reading memories, with time travel."""

from __future__ import annotations

from fastapi import APIRouter

from graphmem.api.deps import (
    CursorQuery,
    GraphmemDep,
    IdPath,
    MemoryFiltersDep,
    PrincipalDep,
    SubjectQuery,
)
from graphmem.models.public import MemoryDetailPublic, MemoryPage

router = APIRouter(prefix="/v1/memories", tags=["memories"])


@router.get("", response_model=MemoryPage)
def list_memories(
    gm: GraphmemDep,
    principal: PrincipalDep,
    filters: MemoryFiltersDep,
    subject_id: SubjectQuery = None,
    cursor: CursorQuery = None,
) -> MemoryPage:
    """A page of memories: ``count`` on the page, ``total`` matching, ``next_cursor`` for the
    next page (pass it as ``cursor``; it replaces ``offset``)."""
    return gm.memory_page(principal, subject_id=subject_id, cursor=cursor, **filters.as_kwargs())


@router.get("/{memory_id}", response_model=MemoryDetailPublic)
def get_memory(memory_id: IdPath, gm: GraphmemDep, principal: PrincipalDep) -> MemoryDetailPublic:
    """One memory with its supersession history and provenance."""
    return gm.memory(principal, memory_id).public()
