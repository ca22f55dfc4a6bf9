"""How long run state is kept: the run's last checkpoint plus ``GRAPHMEM_RUN_IDLE_DAYS`` while it
is open, its end plus ``GRAPHMEM_RUN_RETENTION_DAYS`` once it has ended (``Run.expires_at``).
Reads refuse a run past it at once; the expiry sweep (the service's schedule,
``POST /v1/admin/sweep``, ``graphmem sweep``) deletes its run node, checkpoints and tool
receipts, with a lifecycle receipt per tenant (``RUN_STATE_EXPIRY``: run ids, counts). Erasing a
subject deletes its runs' state whatever their retention (``state/_delete_runs`` in the
erasure's statement)."""

from __future__ import annotations

from itertools import groupby

from graphmem.ids import new_id
from graphmem.store.base import GraphStore, Row

#: runs deleted per statement of a sweep
SWEEP_BATCH = 500


def sweep(
    store: GraphStore, *, now: str, tenant_id: str | None = None, actor: str = "system:sweeper"
) -> dict[str, list[str]]:
    """Delete the state of runs past their retention; ``{tenant: [run ids]}``."""
    swept: dict[str, list[str]] = {}
    while True:
        rows = store.read(
            "state/expired_runs", {"now": now, "tenant_id": tenant_id, "limit": SWEEP_BATCH}
        )
        if not rows:
            return swept
        for tenant, group in groupby(rows, key=lambda r: str(r["tenant_id"])):
            runs = list(group)
            store.write(
                "state/expire_runs",
                {
                    "tenant_id": tenant,
                    "run_keys": [r["run_key"] for r in runs],
                    "run_ids": [r["run_id"] for r in runs],
                    "run_deadline": now,
                    "receipt_id": new_id("rexp"),
                    "now": now,
                    "actor": actor,
                },
            )
            swept.setdefault(tenant, []).extend(str(r["run_id"]) for r in runs)
        if len(rows) < SWEEP_BATCH:
            return swept


def subject_runs(store: GraphStore, tenant_id: str, subject_id: str | None) -> list[Row]:
    """``[{run_id, run_key}]`` of the runs about a subject (none for None)."""
    if subject_id is None:
        return []
    return store.read("state/subject_runs", {"tenant_id": tenant_id, "subject_id": subject_id})
