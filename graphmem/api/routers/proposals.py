"""Memory write proposals → write receipts."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body

from graphmem.api.deps import GraphmemDep, IdempotencyHeader, WriterDep
from graphmem.limits import MAX_BATCH
from graphmem.models.proposal import MemoryProposal, ProposalBody
from graphmem.models.receipts import WriteReceipt

router = APIRouter(prefix="/v1/proposals", tags=["proposals"])


@router.post("", response_model=WriteReceipt)
def propose(
    body: Annotated[ProposalBody, Body(description="the seed's memory proposal JSON")],
    gm: GraphmemDep,
    principal: WriterDep,
    idempotency_key: IdempotencyHeader = None,
) -> WriteReceipt:
    """Run the write gate. The response is the receipt: ``decision`` is COMMITTED, REJECTED,
    NEEDS_CONFIRMATION or DUPLICATE, with each stage's reasons. Malformed input is a 422 that
    names the field and the rule, and writes nothing. A repeated ``Idempotency-Key`` (header
    or ``idempotency_key`` field) returns the first receipt."""
    proposal: MemoryProposal = body
    if idempotency_key is not None and proposal.idempotency_key is None:
        proposal = proposal.model_copy(update={"idempotency_key": idempotency_key})
    return gm.propose(principal, proposal)


@router.post("/batch", response_model=list[WriteReceipt])
def propose_batch(
    proposals: Annotated[list[ProposalBody], Body(max_length=MAX_BATCH)],
    gm: GraphmemDep,
    principal: WriterDep,
) -> list[WriteReceipt]:
    """Up to ``MAX_BATCH`` (1000) proposals: validated together (a malformed one fails the
    whole batch with ``proposals.<i>.<field>``), embedded in one pass, each committed
    atomically on its own."""
    return gm.propose_many(principal, list(proposals))
