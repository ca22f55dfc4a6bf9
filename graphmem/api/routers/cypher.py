"""Analysts: list and run named read-only queries, bound to the caller's tenant."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from graphmem.adhoc import MAX_QUERY_CHARS
from graphmem.api.deps import AdminDep, AnalystDep, GraphmemDep
from graphmem.auth.scope import require_unbound
from graphmem.limits import MAX_CURSOR_CHARS, MAX_PAGE
from graphmem.models.public import AdhocCypherResult, CypherResult, NamedQueryPublic
from graphmem.named_queries import DEFAULT_QUERY_PAGE, list_queries

router = APIRouter(prefix="/v1/cypher", tags=["cypher"])


class CypherRun(BaseModel):
    model_config = {"extra": "forbid"}

    params: dict[str, Any] = Field(default_factory=dict)
    #: rows of the page (1..MAX_PAGE) and the ``next_cursor`` of the page before
    limit: int = Field(DEFAULT_QUERY_PAGE, ge=1, le=MAX_PAGE)
    cursor: str | None = Field(None, max_length=MAX_CURSOR_CHARS)


@router.get("", response_model=list[NamedQueryPublic])
def list_named(gm: GraphmemDep, principal: AnalystDep) -> list[NamedQueryPublic]:
    """The named queries analysts may run, with their parameters and types."""
    return [NamedQueryPublic(**asdict(q)) for q in list_queries(gm.store, analyst_only=True)]


@router.post("/{name:path}", response_model=CypherResult)
def run_named(name: str, body: CypherRun, gm: GraphmemDep, principal: AnalystDep) -> CypherResult:
    """One page of the query's rows (``limit``, default 100): ``count``, ``total`` and
    ``next_cursor`` — pass it as ``cursor`` with the same ``params`` for the next page."""
    require_unbound(principal, f"the named query {name!r}")
    page = gm.named_query(
        name,
        body.params,
        tenant_id=principal.tenant_id,
        limit=body.limit,
        cursor=body.cursor,
    )
    return CypherResult.model_validate({"name": name, **page.fields("rows")})


class AdhocRun(BaseModel):
    model_config = {"extra": "forbid"}

    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    params: dict[str, Any] = Field(default_factory=dict)
    #: rows at most (1..MAX_PAGE); ``truncated`` in the answer says the query had more
    limit: int = Field(DEFAULT_QUERY_PAGE, ge=1, le=MAX_PAGE)


@router.post("-adhoc", response_model=AdhocCypherResult)
def run_adhoc_query(body: AdhocRun, gm: GraphmemDep, principal: AdminDep) -> AdhocCypherResult:
    """Admins only: ad-hoc Cypher in a read-only subset of openCypher, rewritten so that every
    pattern is bound to the key's tenant (graphmem.adhoc); outside the subset, a 422 naming the
    construct. Not for subject-bound keys (the binding is per tenant). At most ``limit`` rows
    (default 100), with ``truncated`` when there were more — a bound, not a cursor: an
    arbitrary query has no stable order to resume on."""
    require_unbound(principal, "ad-hoc Cypher")
    result = gm.adhoc_query(
        body.query, body.params, tenant_id=principal.tenant_id, limit=body.limit
    )
    return AdhocCypherResult.model_validate(result.fields())
