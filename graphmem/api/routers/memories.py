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
from graphmem.models.public import (
    HistoryPage,
    MemoryDetailPublic,
    MemoryPage,
    ProvenancePage,
    SupersedesPage,
)

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
    """One memory with the first page of its supersession history and of its provenance
    (``history_total``/``history_next_cursor``, ``provenance_total``/``provenance_next_cursor``:
    the rest at ``…/history`` and ``…/provenance``)."""
    return gm.memory(principal, memory_id).public()


@router.get("/{memory_id}/history", response_model=HistoryPage)
def memory_history(
    memory_id: IdPath, gm: GraphmemDep, principal: PrincipalDep, paging: PagingDep
) -> HistoryPage:
    """A page of the memory's supersession history, oldest first: pass ``history_next_cursor``
    of ``GET /v1/memories/{id}`` (or this page's ``next_cursor``) as ``cursor``."""
    page = gm.memory_list(principal, memory_id, "history", limit=paging.limit, cursor=paging.cursor)
    return HistoryPage.model_validate({"memory_id": memory_id, **page.fields("history")})


@router.get("/{memory_id}/supersedes", response_model=SupersedesPage)
def memory_supersedes(
    memory_id: IdPath, gm: GraphmemDep, principal: PrincipalDep, paging: PagingDep
) -> SupersedesPage:
    """A page of the versions the memory supersedes (its SUPERSEDES edges out): pass the
    ``supersedes_next_cursor`` of its entry in a history page (or this page's
    ``next_cursor``) as ``cursor``."""
    page = gm.memory_list(
        principal, memory_id, "supersedes", limit=paging.limit, cursor=paging.cursor
    )
    return SupersedesPage.model_validate({"memory_id": memory_id, **page.fields("supersedes")})


@router.get("/{memory_id}/provenance", response_model=ProvenancePage)
def memory_provenance(
    memory_id: IdPath, gm: GraphmemDep, principal: PrincipalDep, paging: PagingDep
) -> ProvenancePage:
    """A page of the sources the memory cites, by source id: pass ``provenance_next_cursor``
    of ``GET /v1/memories/{id}`` (or this page's ``next_cursor``) as ``cursor``."""
    page = gm.memory_list(
        principal, memory_id, "provenance", limit=paging.limit, cursor=paging.cursor
    )
    return ProvenancePage.model_validate({"memory_id": memory_id, **page.fields("provenance")})
