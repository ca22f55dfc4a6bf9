"""Memory write proposals → write receipts."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Header

from graphmem.api.deps import GraphmemDep, WriterDep
from graphmem.limits import MAX_BATCH
from graphmem.models.proposal import MemoryProposal

router = APIRouter(prefix="/v1/proposals", tags=["proposals"])


@router.post("")
def propose(
    body: Annotated[dict[str, Any], Body(description="the seed's memory proposal JSON")],
    gm: GraphmemDep,
    principal: WriterDep,
    idempotency_key: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Run the write gate. The response is the receipt: ``decision`` is COMMITTED, REJECTED,
    NEEDS_CONFIRMATION or DUPLICATE, with each stage's reasons. Malformed input is a 422 that
    names the field and the rule, and writes nothing. A repeated ``Idempotency-Key`` (header
    or ``idempotency_key`` field) returns the first receipt."""
    if idempotency_key is not None and "idempotency_key" not in body:
        body = {**body, "idempotency_key": idempotency_key}
    receipt = gm.propose(principal, body)
    return receipt.model_dump(mode="json")


@router.post("/batch")
def propose_batch(
    body: Annotated[list[dict[str, Any]], Body(max_length=MAX_BATCH)],
    gm: GraphmemDep,
    principal: WriterDep,
) -> list[dict[str, Any]]:
    """Up to ``MAX_BATCH`` (1000) proposals: validated together (a malformed one fails the
    whole batch with ``proposals.<i>.<field>``), embedded in one pass, each committed
    atomically on its own."""
    return [r.model_dump(mode="json") for r in gm.propose_many(principal, list(body))]


__all__ = ["MemoryProposal", "router"]
