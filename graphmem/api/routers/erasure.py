"""Erasure, its preview, and deletion audits."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from graphmem.api.deps import AdminDep, GraphmemDep, IdPath, PrincipalDep, SubjectPath
from graphmem.auth.principal import Principal
from graphmem.limits import MAX_PAGE
from graphmem.models.public import DeletionVerification
from graphmem.models.receipts import DeletionReceipt, ErasurePreview
from graphmem.service import Graphmem

router = APIRouter(tags=["erasure"])

#: ``?dry_run=true``: what the erasure would do, and nothing written
DryRun = Annotated[
    bool, Query(description="preview: list what would be erased, flagged and reinstated")
]
#: ``?with_history=true``: every version of the claim, not only this statement
WithHistory = Annotated[
    bool,
    Query(
        description="erase every version of the claim (linked by SUPERSEDES), so nothing it "
        "had superseded is believed again"
    ),
]


@router.delete(
    "/v1/subjects/{subject_id}/memories", response_model=DeletionReceipt | ErasurePreview
)
def erase_subject(
    subject_id: SubjectPath, gm: GraphmemDep, principal: PrincipalDep, dry_run: DryRun = False
) -> DeletionReceipt | ErasurePreview:
    """Erase a subject's memories (every version), owned sources, derived records that depend
    only on them (memories of other subjects too: listed under ``dependants`` by a preview),
    run state, logs and receipts; rewrite the engine's files; return the deletion receipt.
    Admin keys, or the subject's own user key. ``dry_run=true`` writes nothing."""
    if dry_run:
        return gm.preview_erasure(principal, subject_id=subject_id)
    return gm.erase_subject(principal, subject_id)


@router.delete("/v1/memories/{memory_id}", response_model=DeletionReceipt | ErasurePreview)
def erase_memory(
    memory_id: IdPath,
    gm: GraphmemDep,
    principal: PrincipalDep,
    dry_run: DryRun = False,
    with_history: WithHistory = False,
) -> DeletionReceipt | ErasurePreview:
    """Erase one memory (every copy of its statement); what it had superseded is believed
    again (``reinstated``) unless ``with_history``. ``dry_run=true`` writes nothing."""
    return erase_or_preview(gm, principal, memory_id, dry_run, with_history)


def erase_or_preview(
    gm: Graphmem, principal: Principal, memory_id: str, dry_run: bool, with_history: bool
) -> DeletionReceipt | ErasurePreview:
    """One memory's erasure, or its preview (``dry_run``): for every endpoint that erases one."""
    if dry_run:
        return gm.preview_erasure(principal, memory_id=memory_id, with_history=with_history)
    return gm.erase_memory(principal, memory_id, with_history=with_history)


@router.get("/v1/audit/deletions", response_model=list[DeletionReceipt])
def list_deletions(
    gm: GraphmemDep, principal: AdminDep, limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 100
) -> list[DeletionReceipt]:
    return gm.eraser.list(principal, limit)


@router.get("/v1/audit/deletions/{receipt_id}", response_model=DeletionReceipt)
def get_deletion(receipt_id: IdPath, gm: GraphmemDep, principal: AdminDep) -> DeletionReceipt:
    return gm.eraser.get(principal, receipt_id)


@router.post("/v1/audit/deletions/{receipt_id}/verify", response_model=DeletionVerification)
def verify_deletion(
    receipt_id: IdPath, gm: GraphmemDep, principal: AdminDep
) -> DeletionVerification:
    """Re-run the checks (graph, vector index, caches, logs, data files): COMPLETE or
    INCOMPLETE with what remains."""
    return DeletionVerification.model_validate(gm.eraser.verify(principal, receipt_id))
