"""Erasure, its preview, and the audits: deletion receipts and write receipts."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from graphmem.api.deps import (
    AdminDep,
    AnalystDep,
    GraphmemDep,
    IdPath,
    PagingDep,
    PrincipalDep,
    SubjectPath,
)
from graphmem.auth.principal import Principal
from graphmem.models.public import DeletionReceiptPage, DeletionVerification, WriteVerification
from graphmem.models.receipts import DeletionReceipt, ErasurePreview, WriteReceipt
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


@router.get("/v1/audit/deletions", response_model=DeletionReceiptPage)
def list_deletions(gm: GraphmemDep, principal: AdminDep, paging: PagingDep) -> DeletionReceiptPage:
    """The tenant's deletion receipts, newest first: ``count`` on the page, ``total``,
    ``next_cursor`` for the next page (pass it as ``cursor``)."""
    page = gm.eraser.list(principal, paging.limit, paging.cursor)
    return DeletionReceiptPage.model_validate(page.fields("receipts"))


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


@router.get("/v1/audit/writes/{receipt_id}", response_model=WriteReceipt)
def get_write(receipt_id: IdPath, gm: GraphmemDep, principal: AnalystDep) -> WriteReceipt:
    """One write receipt: the gate's decision, its reasons and stage verdicts."""
    return gm.write_audit.get(principal, receipt_id)


@router.post("/v1/audit/writes/{receipt_id}/verify", response_model=WriteVerification)
def verify_write(receipt_id: IdPath, gm: GraphmemDep, principal: AnalystDep) -> WriteVerification:
    """Re-read what the receipt says was written: VERIFIED, or BROKEN naming the failed
    checks (the memory exists with the receipt's subject and type and cites a source; a
    receipt that wrote nothing names no memory)."""
    return gm.write_audit.verify(principal, receipt_id)
