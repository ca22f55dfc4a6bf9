"""Erasure and deletion audits."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from api.deps import AdminDep, GraphmemDep, IdPath, PrincipalDep, SubjectPath
from graphmem.limits import MAX_PAGE

router = APIRouter(tags=["erasure"])


@router.delete("/v1/subjects/{subject_id}/memories")
def erase_subject(
    subject_id: SubjectPath, gm: GraphmemDep, principal: PrincipalDep
) -> dict[str, Any]:
    """Erase a subject's memories (every version), owned sources, derived records that depend
    only on them, logs and receipts; rewrite the engine's files; return the deletion receipt.
    Admin keys, or the subject's own user key."""
    return gm.erase_subject(principal, subject_id).model_dump(mode="json")


@router.delete("/v1/memories/{memory_id}")
def erase_memory(memory_id: IdPath, gm: GraphmemDep, principal: PrincipalDep) -> dict[str, Any]:
    """Erase one memory with its whole version history."""
    return gm.erase_memory(principal, memory_id).model_dump(mode="json")


@router.get("/v1/audit/deletions")
def list_deletions(
    gm: GraphmemDep, principal: AdminDep, limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 100
) -> list[dict[str, Any]]:
    return [r.model_dump(mode="json") for r in gm.eraser.list(principal, limit)]


@router.get("/v1/audit/deletions/{receipt_id}")
def get_deletion(receipt_id: IdPath, gm: GraphmemDep, principal: AdminDep) -> dict[str, Any]:
    return gm.eraser.get(principal, receipt_id).model_dump(mode="json")


@router.post("/v1/audit/deletions/{receipt_id}/verify")
def verify_deletion(receipt_id: IdPath, gm: GraphmemDep, principal: AdminDep) -> dict[str, Any]:
    """Re-run the checks (graph, vector index, caches, logs, data files): COMPLETE or
    INCOMPLETE with what remains."""
    return gm.eraser.verify(principal, receipt_id)
