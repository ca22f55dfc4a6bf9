"""A user's own memories: the subject comes from the key, never from the request."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel

from graphmem.api.deps import GraphmemDep, IdPath, MemoryFiltersDep, PagingDep, PrincipalDep
from graphmem.api.routers.erasure import DryRun, WithHistory, erase_or_preview
from graphmem.lifecycle.selfservice import correct, own_memory, own_subject
from graphmem.models.public import MemoryPage
from graphmem.models.receipts import DeletionReceipt, ErasurePreview, WriteReceipt

router = APIRouter(prefix="/v1/me", tags=["me"])


@router.get("/memories", response_model=MemoryPage)
def my_memories(
    gm: GraphmemDep, principal: PrincipalDep, filters: MemoryFiltersDep, paging: PagingDep
) -> MemoryPage:
    """What is remembered about the caller's own subject (any role; the key must name one),
    with the same time travel as ``GET /v1/memories``."""
    subject_id = own_subject(principal)
    page = gm.memory_page(
        principal,
        subject_id=subject_id,
        cursor=paging.cursor,
        limit=paging.limit,
        **filters.as_kwargs(),
    )
    return page.model_copy(update={"subject_id": subject_id})


class Correction(BaseModel):
    model_config = {"extra": "forbid"}

    object: str | int | float | bool
    valid_from: str | None = None


@router.patch("/memories/{memory_id}", response_model=WriteReceipt)
def correct_my_memory(
    memory_id: IdPath, body: Correction, gm: GraphmemDep, principal: PrincipalDep
) -> WriteReceipt:
    """A correction is a supersession with the user's authority, through the write gate; the
    response is its write receipt. Only the caller's own claims."""
    return correct(gm, principal, memory_id, object=body.object, valid_from=body.valid_from)


@router.delete("/memories/{memory_id}", response_model=DeletionReceipt | ErasurePreview)
def delete_my_memory(
    memory_id: IdPath,
    gm: GraphmemDep,
    principal: PrincipalDep,
    dry_run: DryRun = False,
    with_history: WithHistory = False,
) -> DeletionReceipt | ErasurePreview:
    """Erase one of the caller's own memories (every copy of the statement; what it had
    superseded is believed again, unless ``with_history``); returns the deletion receipt.
    ``dry_run=true`` lists what would happen and writes nothing."""
    own_memory(gm, principal, memory_id)
    return erase_or_preview(gm, principal, memory_id, dry_run, with_history)
