"""Analysts: list and run named read-only queries, bound to the caller's tenant."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from api.deps import AnalystDep, GraphmemDep
from graphmem.named_queries import list_queries, run_query

router = APIRouter(prefix="/v1/cypher", tags=["cypher"])


class CypherRun(BaseModel):
    params: dict[str, Any] = Field(default_factory=dict)


class CypherResult(BaseModel):
    name: str
    rows: list[dict[str, Any]]


@router.get("")
def list_named(gm: GraphmemDep, principal: AnalystDep) -> list[dict[str, Any]]:
    return [asdict(q) for q in list_queries(gm.store, analyst_only=True)]


@router.post("/{name:path}")
def run_named(name: str, body: CypherRun, gm: GraphmemDep, principal: AnalystDep) -> CypherResult:
    rows = run_query(gm.store, name, body.params, tenant_id=principal.tenant_id, analyst_only=True)
    return CypherResult(name=name, rows=rows)
