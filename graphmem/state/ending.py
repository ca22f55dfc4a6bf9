"""The end of a run, and the expiry of its purpose (seed: "Purpose expiration: 특정 task를 위해
저장한 정보는 task 종료 뒤 다른 목적으로 사용하지 않습니다").

``POST /v1/runs/{run_id}/end {status}`` writes the run's final checkpoint (the latest state with
the final status and failure code), closes the run to further writes, starts its retention
(``GRAPHMEM_RUN_RETENTION_DAYS`` from now) and expires its purpose — all in one statement, with a
lifecycle receipt. *Kept only for the run's purpose* means: a memory written for this run
(``run_id`` on the proposal, or an episode of the run) whose purposes are exactly the run's
purpose becomes EXPIRED, never retrieved again for any purpose; one written for the run that also
serves other purposes loses the run's purpose and stays usable for the others. Memories other
runs wrote for the same purpose are untouched — a purpose such as ``support`` outlives any one
run. Ending an ended run the same way again is a replay (the first end is the answer); another
way is a 409.
"""

from __future__ import annotations

from graphmem.auth.principal import Principal
from graphmem.clock import Clock
from graphmem.errors import NotFoundError, RunEndedError
from graphmem.ids import new_id
from graphmem.models.state import PurposeExpiry, Run, RunEnd, RunEnded, run_key
from graphmem.state import checkpoints
from graphmem.state.access import RUN_WRITERS, require_role, require_run, stored_run
from graphmem.store.base import GraphStore


def end(
    store: GraphStore,
    principal: Principal,
    run_id: str,
    body: RunEnd,
    *,
    clock: Clock,
    retention_days: float,
) -> RunEnded:
    require_role(principal, RUN_WRITERS, "ending a run")
    now = clock()
    run = require_run(store, principal, run_id, now)
    if run.ended:
        return _replay(store, principal, run, body)
    if body.expected_version is not None and body.expected_version != run.version:
        raise checkpoints.stale_error(run_id, body.expected_version, run)
    latest = checkpoints.latest(store, principal, run_id, clock)
    final = latest.evolve(
        checkpoint_id=new_id("cp"),
        version=run.version + 1,
        parent_checkpoint_id=latest.checkpoint_id,
        status=body.status,
        failure_code=body.failure_code or latest.failure_code,
        principal_id=principal.principal_id,
        created_at=now,
    )
    final = final.evolve(state_hash=final.hash_state())
    receipt_id = new_id("rend")
    expires_at = checkpoints.later(now, retention_days)
    rows = store.write(
        "state/run_end",
        {
            "run_key": run_key(principal.tenant_id, run_id),
            "tenant_id": principal.tenant_id,
            "run_id": run_id,
            "version": run.version,
            "checkpoint": final.to_graph_properties(),
            "purpose": run.purpose,
            "now": now,
            "expires_at": expires_at,
            "actor": principal.principal_id,
            "receipt_id": receipt_id,
        },
    )
    if not rows:  # another writer moved the run on, or ended it, meanwhile
        moved = stored_run(store, principal.tenant_id, run_id)
        if moved is not None and moved.ended:
            return _replay(store, principal, moved, body)
        raise checkpoints.stale_error(run_id, run.version, moved)
    ended = run.evolve(
        status=body.status,
        version=final.version,
        latest_checkpoint_id=final.checkpoint_id,
        updated_at=now,
        ended_at=now,
        ended_by=principal.principal_id,
        expires_at=expires_at,
        end_receipt_id=receipt_id,
    )
    expiry = PurposeExpiry(
        receipt_id=receipt_id,
        purpose=run.purpose,
        run_id=run_id,
        expired=sorted(rows[0]["expired"]),
        narrowed=sorted(rows[0]["narrowed"]),
        recorded_at=now,
    )
    return RunEnded(run=ended, checkpoint=final, purpose_expiry=expiry)


def _replay(store: GraphStore, principal: Principal, run: Run, body: RunEnd) -> RunEnded:
    final = checkpoints.load(store, principal.tenant_id, run.run_id, run.latest_checkpoint_id)
    if final is None:  # its retention ended between the two reads
        raise NotFoundError(f"no run {run.run_id!r}", run_id=run.run_id)
    if run.status != body.status or (
        body.failure_code is not None and body.failure_code != final.failure_code
    ):
        raise RunEndedError(
            f"run {run.run_id!r} already ended {run.status}",
            field="status",
            rule="run_ended",
            ended_status=str(run.status),
        )
    expiry = None
    if run.end_receipt_id is not None:
        rows = store.read(
            "state/end_receipt_get",
            {"tenant_id": principal.tenant_id, "receipt_id": run.end_receipt_id},
        )
        if rows:
            expiry = PurposeExpiry.model_validate(
                {k: v for k, v in rows[0].items() if v is not None}
            )
    return RunEnded(run=run, checkpoint=final, purpose_expiry=expiry, replayed=True)
