"""Checkpoints: a run's state, written whole, versioned, compare-and-set.

A checkpoint is written with the version it was computed from (``expected_version``; 0 creates
the run). If the run has moved on since — another worker wrote, or this one's earlier write
landed and the answer was lost — nothing is written and the answer is a 409 naming the current
version (:class:`~graphmem.errors.StaleVersionError`). One exception makes retries safe: the
same state sent again from the version before the latest is recognised (equal ``state_hash``)
and answered with the checkpoint already stored (200, not 201). A run's subject and purpose are
fixed by its first checkpoint; an ended run takes no more (409 ``RUN_ENDED``).

The tool receipts a checkpoint names go through the run's idempotency ledger
(:mod:`.tool_receipts`) in the same statement, and the checkpoint lists them as the ledger
holds them, without their results (kept once, in the ledger). The write is one statement:
run node, checkpoint, receipts. Each write moves the run's retention to now plus
``GRAPHMEM_RUN_IDLE_DAYS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from graphmem.auth.principal import Principal
from graphmem.auth.scope import read_subject
from graphmem.clock import Clock
from graphmem.errors import (
    ConstraintViolationError,
    FieldIssue,
    NotFoundError,
    RunEndedError,
    StaleVersionError,
    ValidationError,
)
from graphmem.ids import new_id
from graphmem.limits import MAX_CHECKPOINTS_PER_RUN
from graphmem.models.state import (
    Checkpoint,
    CheckpointCreate,
    Run,
    RunToolReceipt,
    ToolReceipt,
    run_key,
)
from graphmem.models.types import as_datetime
from graphmem.paging import Cursors, Page, read_page
from graphmem.state import tool_receipts
from graphmem.state.access import RUN_WRITERS, read_run, require_role, stored_run, visible
from graphmem.state.tool_receipts import Reconciled
from graphmem.store.base import GraphStore
from graphmem.timeutil import to_iso


@dataclass(frozen=True)
class CheckpointWrite:
    checkpoint: Checkpoint
    #: False: the same state was already stored (a retried write), nothing new was written
    created: bool


def later(now: str, days: float) -> str:
    return to_iso(as_datetime(now) + timedelta(days=days))


def put(
    store: GraphStore,
    principal: Principal,
    run_id: str,
    body: CheckpointCreate,
    *,
    clock: Clock,
    idle_days: float,
) -> CheckpointWrite:
    require_role(principal, RUN_WRITERS, "writing run state")
    now = clock()
    tenant = principal.tenant_id
    existing = stored_run(store, tenant, run_id)
    run = visible(principal, existing, now)
    if existing is not None and run is None:
        raise NotFoundError(f"no run {run_id!r}", run_id=run_id)
    subject_id, purpose = _fixed(principal, run, body)
    version = run.version if run is not None else 0
    state_hash = body.state().hash_state()
    if run is not None and run.ended:
        raise ended_error(run_id)
    if body.expected_version != version:
        replay = _replay(store, principal, run, body, state_hash)
        if replay is not None:
            return CheckpointWrite(replay, created=False)
        raise stale_error(run_id, body.expected_version, run)
    if version + 1 > MAX_CHECKPOINTS_PER_RUN:
        raise ValidationError(
            [
                FieldIssue(
                    "run_id",
                    "too_large",
                    f"a run keeps at most {MAX_CHECKPOINTS_PER_RUN} checkpoints",
                )
            ]
        )

    listed, new, finishing = _receipts(store, principal, run_id, body.tool_receipts, now)
    tool_receipts.check_room(store, tenant, run_id, len(new))
    checkpoint = Checkpoint.model_validate(
        {
            **body.state().model_dump(),
            "subject_id": subject_id,
            "purpose": purpose,
            "tool_receipts": listed,
            "checkpoint_id": new_id("cp"),
            "run_id": run_id,
            "tenant_id": tenant,
            "version": version + 1,
            "parent_checkpoint_id": run.latest_checkpoint_id if run else None,
            "principal_id": principal.principal_id,
            "created_at": now,
            "state_hash": state_hash,
        }
    )
    expires_at = later(now, idle_days)
    started = Run(
        run_id=run_id,
        tenant_id=tenant,
        subject_id=subject_id,
        purpose=purpose,
        principal_id=principal.principal_id,
        status=checkpoint.status,
        version=checkpoint.version,
        latest_checkpoint_id=checkpoint.checkpoint_id,
        started_at=now,
        updated_at=now,
        expires_at=expires_at,
    )
    try:
        rows = store.write(
            "state/checkpoint_put",
            {
                "run_key": run_key(tenant, run_id),
                "expected_version": version,
                "run": started.to_graph_properties(),
                "checkpoint": checkpoint.to_graph_properties(),
                "now": now,
                "expires_at": expires_at,
                "new_receipts": [r.to_graph_properties() for r in new],
                "finished_receipts": [r.to_graph_properties() for r in finishing],
            },
        )
    except ConstraintViolationError:  # another writer created the run first (Neo4j)
        rows = []
    if not rows:
        now_run = stored_run(store, tenant, run_id)
        if now_run is not None and now_run.ended:
            raise ended_error(run_id)
        raise stale_error(run_id, body.expected_version, now_run)
    return CheckpointWrite(checkpoint, created=True)


def _fixed(
    principal: Principal, run: Run | None, body: CheckpointCreate
) -> tuple[str | None, str | None]:
    """The run's subject and purpose: set by its first checkpoint, the same ever after."""
    if run is None:
        subject = read_subject(principal, body.subject_id)
        return subject, body.purpose
    issues = [
        FieldIssue(name, "immutable", f"the run's {name} is {fixed!r}; it cannot change")
        for name, given, fixed in (
            ("subject_id", body.subject_id, run.subject_id),
            ("purpose", body.purpose, run.purpose),
        )
        if given is not None and given != fixed
    ]
    if issues:
        raise ValidationError(issues)
    return run.subject_id, run.purpose


def _receipts(
    store: GraphStore,
    principal: Principal,
    run_id: str,
    given: list[ToolReceipt],
    now: str,
) -> tuple[list[ToolReceipt], list[RunToolReceipt], list[RunToolReceipt]]:
    """The checkpoint's receipts as the ledger will hold them (listed without results), the
    receipts new to the run, and the STARTED ones taking their outcome."""
    held = tool_receipts.load(
        store, principal.tenant_id, run_id, [r.idempotency_key for r in given]
    )
    listed: list[ToolReceipt] = []
    new: list[RunToolReceipt] = []
    finishing: list[RunToolReceipt] = []
    for i, receipt in enumerate(given):
        existing = held.get(receipt.idempotency_key)
        action = tool_receipts.reconcile(existing, receipt, f"tool_receipts.{i}.idempotency_key")
        if action is Reconciled.NEW:
            recorded = tool_receipts.stored(principal, run_id, receipt, now)
            new.append(recorded)
        elif action is Reconciled.FINISH:
            assert existing is not None
            recorded = tool_receipts.finished(existing, receipt, now)
            finishing.append(recorded)
        else:
            assert existing is not None
            recorded = existing
        listed.append(ToolReceipt.model_validate(recorded.model_dump(include=_RECEIPT_FIELDS)))
    return [r.listed() for r in listed], new, finishing


_RECEIPT_FIELDS = set(ToolReceipt.model_fields)


def _replay(
    store: GraphStore,
    principal: Principal,
    run: Run | None,
    body: CheckpointCreate,
    state_hash: str,
) -> Checkpoint | None:
    """The latest checkpoint, if this write is a retry of the one that made it."""
    if run is None or body.expected_version != run.version - 1:
        return None
    latest = load(store, principal.tenant_id, run.run_id, run.latest_checkpoint_id)
    if latest is None or latest.state_hash != state_hash:
        return None
    return latest


def stale_error(run_id: str, expected: int, run: Run | None) -> StaleVersionError:
    current = run.version if run is not None else 0
    return StaleVersionError(
        f"run {run_id!r} is at version {current}, not {expected}: read the latest checkpoint "
        "and write from it",
        field="expected_version",
        rule="stale",
        current_version=current,
        latest_checkpoint_id=run.latest_checkpoint_id if run is not None else None,
    )


def ended_error(run_id: str) -> RunEndedError:
    return RunEndedError(
        f"run {run_id!r} has ended; its state is final", field="run_id", rule="run_ended"
    )


def load(store: GraphStore, tenant_id: str, run_id: str, checkpoint_id: str) -> Checkpoint | None:
    rows = store.read(
        "state/checkpoint_get",
        {"run_key": run_key(tenant_id, run_id), "checkpoint_id": checkpoint_id},
    )
    return Checkpoint.from_graph(rows[0]["c"]) if rows else None


def latest(store: GraphStore, principal: Principal, run_id: str, clock: Clock) -> Checkpoint:
    run = read_run(store, principal, run_id, clock())
    found = load(store, principal.tenant_id, run_id, run.latest_checkpoint_id)
    if found is None:  # the run's retention ended between the two reads
        raise NotFoundError(f"no run {run_id!r}", run_id=run_id)
    return found


def get(
    store: GraphStore, principal: Principal, run_id: str, checkpoint_id: str, clock: Clock
) -> Checkpoint:
    read_run(store, principal, run_id, clock())
    found = load(store, principal.tenant_id, run_id, checkpoint_id)
    if found is None:
        raise NotFoundError(
            f"run {run_id!r} has no checkpoint {checkpoint_id!r}", checkpoint_id=checkpoint_id
        )
    return found


def history(
    store: GraphStore,
    principal: Principal,
    run_id: str,
    clock: Clock,
    *,
    cursors: Cursors,
    limit: int = 100,
    cursor: str | None = None,
) -> Page[Checkpoint]:
    """The run's checkpoints, newest first, one page (graphmem.paging)."""
    read_run(store, principal, run_id, clock())
    return read_page(
        store,
        "state/checkpoint_history",
        {"run_key": run_key(principal.tenant_id, run_id)},
        listing="checkpoints",
        cursors=cursors,
        limit=limit,
        cursor=cursor,
        build=lambda r: Checkpoint.from_graph(r["c"]),
    )


__all__ = [
    "CheckpointWrite",
    "ended_error",
    "get",
    "history",
    "later",
    "latest",
    "load",
    "put",
    "stale_error",
]
