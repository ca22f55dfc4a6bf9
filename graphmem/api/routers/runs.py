"""Run state (working memory): checkpoints, tool receipts, the end of a run (DESIGN §7)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Response, status

from graphmem.api.deps import (
    GraphmemDep,
    IdPath,
    PagingDep,
    RunReaderDep,
    RunWriterDep,
)
from graphmem.models.public import CheckpointPage, ToolReceiptPage
from graphmem.models.state import (
    Checkpoint,
    CheckpointCreate,
    Run,
    RunEnd,
    RunEnded,
    RunToolReceipt,
    ToolReceipt,
    ToolReceiptRecorded,
)

router = APIRouter(prefix="/v1/runs", tags=["runs"])


@router.put(
    "/{run_id}/checkpoints",
    response_model=Checkpoint,
    status_code=201,
    responses={200: {"model": Checkpoint, "description": "a retry: this state was written"}},
)
def put_checkpoint(
    run_id: IdPath,
    body: Annotated[CheckpointCreate, Body()],
    gm: GraphmemDep,
    principal: RunWriterDep,
    response: Response,
) -> Checkpoint:
    """Write the run's next checkpoint, computed from ``expected_version`` (0 starts the run).
    201 with the stored checkpoint; 409 ``STALE_VERSION`` (naming ``current_version``) if the
    run has moved on — nothing is written; 200 with the stored one when this exact state was
    already written from that version (a retry); 409 ``RUN_ENDED`` after the run's end. A
    terminal status is refused: ``POST /v1/runs/{run_id}/end`` ends a run."""
    written = gm.runs.put_checkpoint(principal, run_id, body)
    if not written.created:
        response.status_code = status.HTTP_200_OK
    return written.checkpoint


@router.get("/{run_id}", response_model=Run)
def get_run(run_id: IdPath, gm: GraphmemDep, principal: RunReaderDep) -> Run:
    """The run: subject, purpose, status, latest version and checkpoint, retention."""
    return gm.runs.run(principal, run_id)


@router.get("/{run_id}/checkpoints/latest", response_model=Checkpoint)
def latest_checkpoint(run_id: IdPath, gm: GraphmemDep, principal: RunReaderDep) -> Checkpoint:
    return gm.runs.latest(principal, run_id)


@router.get("/{run_id}/checkpoints/{checkpoint_id}", response_model=Checkpoint)
def get_checkpoint(
    run_id: IdPath, checkpoint_id: IdPath, gm: GraphmemDep, principal: RunReaderDep
) -> Checkpoint:
    return gm.runs.checkpoint(principal, run_id, checkpoint_id)


@router.get("/{run_id}/checkpoints", response_model=CheckpointPage)
def checkpoint_history(
    run_id: IdPath,
    gm: GraphmemDep,
    principal: RunReaderDep,
    paging: PagingDep,
) -> CheckpointPage:
    """The run's checkpoints, newest first: ``count`` on the page, ``total`` in the run,
    ``next_cursor`` for the next page (pass it as ``cursor``)."""
    page = gm.runs.history(principal, run_id, limit=paging.limit, cursor=paging.cursor)
    return CheckpointPage.model_validate(page.fields("checkpoints"))


@router.post(
    "/{run_id}/tool-receipts",
    response_model=ToolReceiptRecorded,
    status_code=201,
    responses={200: {"model": ToolReceiptRecorded, "description": "a replay: the key is known"}},
)
def record_tool_receipt(
    run_id: IdPath,
    body: Annotated[ToolReceipt, Body()],
    gm: GraphmemDep,
    principal: RunWriterDep,
    response: Response,
) -> ToolReceiptRecorded:
    """Record a tool call under its idempotency key (unique per run): 201 when recorded (or a
    STARTED call took its outcome); 200 with ``replayed: true`` and the receipt as first
    recorded when the key is known — use its ``result`` instead of calling the tool again;
    409 ``idempotency_key_reused`` for another tool or other arguments under the key."""
    recorded = gm.runs.record_tool_receipt(principal, run_id, body)
    if recorded.replayed:
        response.status_code = status.HTTP_200_OK
    return recorded


@router.get("/{run_id}/tool-receipts/{idempotency_key}", response_model=RunToolReceipt)
def get_tool_receipt(
    run_id: IdPath, idempotency_key: IdPath, gm: GraphmemDep, principal: RunReaderDep
) -> RunToolReceipt:
    """The recorded tool call (with its result), or 404: not called yet in this run."""
    return gm.runs.tool_receipt(principal, run_id, idempotency_key)


@router.get("/{run_id}/tool-receipts", response_model=ToolReceiptPage)
def list_tool_receipts(
    run_id: IdPath,
    gm: GraphmemDep,
    principal: RunReaderDep,
    paging: PagingDep,
) -> ToolReceiptPage:
    """The run's recorded tool calls, oldest first, paged as every listing is."""
    page = gm.runs.tool_receipts(principal, run_id, limit=paging.limit, cursor=paging.cursor)
    return ToolReceiptPage.model_validate(page.fields("receipts"))


@router.post("/{run_id}/end", response_model=RunEnded)
def end_run(
    run_id: IdPath, body: Annotated[RunEnd, Body()], gm: GraphmemDep, principal: RunWriterDep
) -> RunEnded:
    """End the run: its final checkpoint, no more writes, retention from now
    (``GRAPHMEM_RUN_RETENTION_DAYS``), and its purpose's expiry with a receipt — memories kept
    for this run whose only purpose was the run's expire; those with other purposes lose it.
    The same end again is a replay (``replayed: true``); another is a 409 ``RUN_ENDED``."""
    return gm.runs.end(principal, run_id, body)
