"""Reading memories, with time travel."""

from __future__ import annotations

from fastapi import APIRouter

from graphmem.api.deps import (
    GraphmemDep,
    IdPath,
    MemoryFiltersDep,
    PagingDep,
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
    paging: PagingDep,
    subject_id: SubjectQuery = None,
) -> MemoryPage:
    """A page of memories: ``count`` on the page, ``total`` matching, ``next_cursor`` for the
    next page (pass it as ``cursor`` with the same filters), stored memories ``skipped``."""
    return gm.memory_page(
        principal,
        subject_id=subject_id,
        cursor=paging.cursor,
        limit=paging.limit,
        **filters.as_kwargs(),
    )


@router.get("/{memory_id}", response_model=MemoryDetailPublic)
def get_memory(memory_id: IdPath, gm: GraphmemDep, principal: PrincipalDep) -> MemoryDetailPublic:
    """One memory with its supersession history and provenance."""
    return gm.memory(principal, memory_id).public()
