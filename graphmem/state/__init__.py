"""Run state — working memory — kept in checkpoints (DESIGN §2 "State", §7).

The seed keeps State apart from Memory: what a run needs to resume exactly (status, step, plan
version, tool receipts, evidence ids, approvals, budget, failure code) lives in checkpoints keyed
by ``run_id``/``checkpoint_id``, for the life of the run plus a bounded retention; it has no
vectors and is never a retrieval candidate (no ``:Memory`` label). :class:`Runs` is the library's
entry point; each job has its module: who may see a run (:mod:`.access`), checkpoints
(:mod:`.checkpoints`), the tool-receipt idempotency ledger (:mod:`.tool_receipts`), the end of a
run and its purpose's expiry (:mod:`.ending`), retention (:mod:`.retention`), and what a context
shows of a run (:mod:`.projection`).
"""

from __future__ import annotations

from graphmem.auth.principal import Principal
from graphmem.clock import Clock
from graphmem.errors import FieldIssue, ValidationError
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
from graphmem.paging import Cursors, Page
from graphmem.settings import Settings
from graphmem.state import checkpoints, ending, retention, tool_receipts
from graphmem.state.access import read_run, stored_run
from graphmem.state.checkpoints import CheckpointWrite
from graphmem.store.base import GraphStore


class Runs:
    """Run state on one store. Thread-safe (it keeps nothing between calls)."""

    def __init__(
        self, store: GraphStore, settings: Settings, clock: Clock, cursors: Cursors | None = None
    ) -> None:
        self.store = store
        self.clock = clock
        self.cursors = cursors or Cursors()
        self.idle_days = settings.run_idle_days
        self.retention_days = settings.run_retention_days

    # -- checkpoints -----------------------------------------------------------------------
    def put_checkpoint(
        self, principal: Principal, run_id: str, body: CheckpointCreate
    ) -> CheckpointWrite:
        """Write the run's next checkpoint from ``body.expected_version`` (409 if stale)."""
        return checkpoints.put(
            self.store, principal, run_id, body, clock=self.clock, idle_days=self.idle_days
        )

    def latest(self, principal: Principal, run_id: str) -> Checkpoint:
        return checkpoints.latest(self.store, principal, run_id, self.clock)

    def checkpoint(self, principal: Principal, run_id: str, checkpoint_id: str) -> Checkpoint:
        return checkpoints.get(self.store, principal, run_id, checkpoint_id, self.clock)

    def history(
        self, principal: Principal, run_id: str, *, limit: int = 100, cursor: str | None = None
    ) -> Page[Checkpoint]:
        """The run's checkpoints, newest first: one page and the cursor of the next."""
        return checkpoints.history(
            self.store,
            principal,
            run_id,
            self.clock,
            cursors=self.cursors,
            limit=limit,
            cursor=cursor,
        )

    def run(self, principal: Principal, run_id: str) -> Run:
        return read_run(self.store, principal, run_id, self.clock())

    # -- tool receipts ---------------------------------------------------------------------
    def record_tool_receipt(
        self, principal: Principal, run_id: str, receipt: ToolReceipt
    ) -> ToolReceiptRecorded:
        """Record a tool call; a replayed key answers with the recorded receipt."""
        return tool_receipts.record(self.store, principal, run_id, receipt, self.clock)

    def tool_receipt(
        self, principal: Principal, run_id: str, idempotency_key: str
    ) -> RunToolReceipt:
        return tool_receipts.get(self.store, principal, run_id, idempotency_key, self.clock)

    def tool_receipts(
        self, principal: Principal, run_id: str, *, limit: int = 100, cursor: str | None = None
    ) -> Page[RunToolReceipt]:
        """The run's recorded tool calls, oldest first: one page and the cursor of the next."""
        return tool_receipts.page(
            self.store,
            principal,
            run_id,
            self.clock,
            cursors=self.cursors,
            limit=limit,
            cursor=cursor,
        )

    # -- end and retention -----------------------------------------------------------------
    def end(self, principal: Principal, run_id: str, body: RunEnd) -> RunEnded:
        """End the run: final checkpoint, retention from now, purpose expiry, receipt."""
        return ending.end(
            self.store,
            principal,
            run_id,
            body,
            clock=self.clock,
            retention_days=self.retention_days,
        )

    def sweep(
        self, tenant_id: str | None = None, actor: str = "system:sweeper"
    ) -> dict[str, list[str]]:
        """Delete the state of runs past their retention; ``{tenant: [run ids]}``."""
        return retention.sweep(self.store, now=self.clock(), tenant_id=tenant_id, actor=actor)

    def open_for_writes(self, principal: Principal, run_id: str) -> Run:
        """The run a memory proposal names (``run_id``): it must exist for this key and be
        open — a memory cannot be kept for a run that has ended."""
        run = stored_run(self.store, principal.tenant_id, run_id)
        now = self.clock()
        if run is None or run.expires_at <= now or not principal.may_read(run.subject_id):
            raise ValidationError(
                [FieldIssue("run_id", "unknown_run", f"no run {run_id!r} for this key")]
            )
        if run.ended:
            raise checkpoints.ended_error(run_id)
        return run


__all__ = [
    "CheckpointWrite",
    "Runs",
]
