"""A run's tool receipts: the idempotency ledger.

A tool call's ``idempotency_key`` is unique per run. Recording a key for the first time stores
the receipt (one ``:ToolReceipt`` node per run and key, created with MERGE, so two workers
racing on one key store one receipt). Recording it again is a **replay**: nothing changes and
the answer is the receipt as first recorded — its result is what the replayed call returns,
instead of acting twice. The one change allowed is a STARTED receipt (claimed before acting)
taking its outcome, once. The same key for a call of another tool or with other arguments
(``request_hash``) is refused (409 ``idempotency_key_reused``), like a reused proposal key.
Checkpoints name their run's receipts the same way (:mod:`.checkpoints`), through
:func:`reconcile`.
"""

from __future__ import annotations

from enum import StrEnum

from graphmem.auth.principal import Principal
from graphmem.clock import Clock
from graphmem.errors import (
    ConstraintViolationError,
    FieldIssue,
    NotFoundError,
    RunEndedError,
    ValidationError,
)
from graphmem.ids import new_id
from graphmem.limits import MAX_TOOL_RECEIPTS_PER_RUN
from graphmem.models.enums import ToolCallStatus
from graphmem.models.state import (
    RunToolReceipt,
    ToolReceipt,
    ToolReceiptRecorded,
    receipt_key,
    run_key,
)
from graphmem.paging import Cursors, Page, read_page
from graphmem.state.access import RUN_WRITERS, read_run, require_role, require_run
from graphmem.store.base import GraphStore


class Reconciled(StrEnum):
    """What recording a receipt means, given what the run holds under its key."""

    NEW = "NEW"
    FINISH = "FINISH"
    REPLAY = "REPLAY"


def reconcile(existing: RunToolReceipt | None, incoming: ToolReceipt, field: str) -> Reconciled:
    """Raises a 409 naming ``field`` when the key was recorded for another call."""
    if existing is None:
        return Reconciled.NEW
    other_call = existing.tool != incoming.tool or (
        existing.request_hash is not None
        and incoming.request_hash is not None
        and existing.request_hash != incoming.request_hash
    )
    if other_call:
        raise ConstraintViolationError(
            f"idempotency key {incoming.idempotency_key!r} was recorded for another call "
            f"({existing.tool}) in this run",
            field=field,
            rule="idempotency_key_reused",
        )
    if existing.status is ToolCallStatus.STARTED and incoming.status is not ToolCallStatus.STARTED:
        return Reconciled.FINISH
    return Reconciled.REPLAY


def finished(existing: RunToolReceipt, incoming: ToolReceipt, now: str) -> RunToolReceipt:
    """A STARTED receipt with its outcome."""
    return existing.evolve(
        status=incoming.status,
        request_hash=existing.request_hash or incoming.request_hash,
        result=incoming.result,
        result_hash=incoming.result_hash,
        error_code=incoming.error_code,
        at=incoming.at or existing.at,
        updated_at=now,
    )


def stored(principal: Principal, run_id: str, receipt: ToolReceipt, now: str) -> RunToolReceipt:
    return RunToolReceipt.model_validate(
        {
            **receipt.model_dump(),
            "tenant_id": principal.tenant_id,
            "run_id": run_id,
            "recorded_by": principal.principal_id,
            "recorded_at": now,
        }
    )


def load(
    store: GraphStore, tenant_id: str, run_id: str, keys: list[str]
) -> dict[str, RunToolReceipt]:
    if not keys:
        return {}
    rows = store.read(
        "state/tool_receipts_get",
        {"receipt_keys": [receipt_key(tenant_id, run_id, k) for k in keys]},
    )
    found = (RunToolReceipt.from_graph(r["t"]) for r in rows)
    return {t.idempotency_key: t for t in found if t.tenant_id == tenant_id}


def count(store: GraphStore, tenant_id: str, run_id: str) -> int:
    rows = store.read("state/tool_receipt_count", {"run_key": run_key(tenant_id, run_id)})
    return int(rows[0]["total"]) if rows else 0


def check_room(store: GraphStore, tenant_id: str, run_id: str, adding: int) -> None:
    if adding and count(store, tenant_id, run_id) + adding > MAX_TOOL_RECEIPTS_PER_RUN:
        raise ValidationError(
            [
                FieldIssue(
                    "run_id",
                    "too_large",
                    f"a run keeps at most {MAX_TOOL_RECEIPTS_PER_RUN} tool receipts",
                )
            ]
        )


def record(
    store: GraphStore, principal: Principal, run_id: str, receipt: ToolReceipt, clock: Clock
) -> ToolReceiptRecorded:
    """Record a tool call, or answer a replay with what was recorded."""
    require_role(principal, RUN_WRITERS, "recording a tool receipt")
    now = clock()
    run = require_run(store, principal, run_id, now)
    tenant = principal.tenant_id
    field = "idempotency_key"
    existing = load(store, tenant, run_id, [receipt.idempotency_key]).get(receipt.idempotency_key)
    action = reconcile(existing, receipt, field)
    if action is Reconciled.REPLAY:
        assert existing is not None
        return ToolReceiptRecorded(receipt=existing, replayed=True)
    if run.ended:
        raise RunEndedError(
            f"run {run_id!r} has ended; its tool receipts are final",
            field="run_id",
            rule="run_ended",
        )
    key = receipt_key(tenant, run_id, receipt.idempotency_key)
    if action is Reconciled.FINISH:
        assert existing is not None
        done = finished(existing, receipt, now)
        rows = store.write(
            "state/tool_receipt_finish", {"receipt_key": key, "changes": done.to_graph_properties()}
        )
        if rows:
            return ToolReceiptRecorded(receipt=done, replayed=False)
        # another worker recorded the outcome first: that is the receipt
        return _replay_after_race(store, tenant, run_id, receipt, field)
    check_room(store, tenant, run_id, 1)
    new = stored(principal, run_id, receipt, now)
    write_id = new_id("w")
    rows = store.write(
        "state/tool_receipt_record",
        {
            "run_key": run_key(tenant, run_id),
            "receipt_key": key,
            "receipt": new.to_graph_properties(),
            "write_id": write_id,
        },
    )
    if not rows:  # the run ended meanwhile
        raise RunEndedError(
            f"run {run_id!r} has ended; its tool receipts are final",
            field="run_id",
            rule="run_ended",
        )
    if rows[0]["created"]:
        return ToolReceiptRecorded(receipt=RunToolReceipt.from_graph(rows[0]["t"]), replayed=False)
    return _replay_after_race(store, tenant, run_id, receipt, field)


def _replay_after_race(
    store: GraphStore, tenant: str, run_id: str, receipt: ToolReceipt, field: str
) -> ToolReceiptRecorded:
    winner = load(store, tenant, run_id, [receipt.idempotency_key])[receipt.idempotency_key]
    reconcile(winner, receipt, field)  # still refuses another call under the key
    return ToolReceiptRecorded(receipt=winner, replayed=True)


def get(
    store: GraphStore, principal: Principal, run_id: str, idempotency_key: str, clock: Clock
) -> RunToolReceipt:
    read_run(store, principal, run_id, clock())
    found = load(store, principal.tenant_id, run_id, [idempotency_key]).get(idempotency_key)
    if found is None:
        raise NotFoundError(
            f"run {run_id!r} has no tool receipt {idempotency_key!r}",
            idempotency_key=idempotency_key,
        )
    return found


def page(
    store: GraphStore,
    principal: Principal,
    run_id: str,
    clock: Clock,
    *,
    cursors: Cursors,
    limit: int = 100,
    cursor: str | None = None,
) -> Page[RunToolReceipt]:
    """The run's recorded tool calls, oldest first, one page (graphmem.paging)."""
    read_run(store, principal, run_id, clock())
    return read_page(
        store,
        "state/tool_receipts_list",
        {"run_key": run_key(principal.tenant_id, run_id)},
        listing="tool_receipts",
        cursors=cursors,
        limit=limit,
        cursor=cursor,
        build=lambda r: RunToolReceipt.from_graph(r["t"]),
    )
