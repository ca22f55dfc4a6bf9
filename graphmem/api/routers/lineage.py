"""A memory's lineage as a graph: what the console draws and the MCP ``explain`` tool returns."""

from __future__ import annotations

from fastapi import APIRouter

from graphmem.api.deps import GraphmemDep, IdPath, PagingDep, PrincipalDep
from graphmem.read.lineage import LineageGraph

router = APIRouter(prefix="/v1/memories", tags=["memories"])


@router.get("/{memory_id}/lineage", response_model=LineageGraph)
def memory_lineage(
    memory_id: IdPath, gm: GraphmemDep, principal: PrincipalDep, paging: PagingDep
) -> LineageGraph:
    """The memories linked to this one through SUPERSEDES, DERIVED_FROM, CONFLICTS_WITH and
    COUNTEREXAMPLE_OF (up to 4 hops), ``limit`` of them a page, nearest first, with ``total``
    and ``next_cursor``; the sources they cite (PROVENANCE) and tombstones they derive from.
    The memory itself and its edges are on every page. A subject-bound key sees only memories
    of its own scope; a memory outside it is a 404, like one that does not exist."""
    return gm.lineage(principal, memory_id, limit=paging.limit, cursor=paging.cursor)
