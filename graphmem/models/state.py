"""Run state (DESIGN §2 "State") and working memory: authoritative data to resume a run exactly,
kept in checkpoints keyed by ``run_id``/``checkpoint_id`` — never long-term memory (no vectors,
never a retrieval candidate), kept for the life of the run plus a retention period.

The seed's fields: status, step, plan version, tool receipts, evidence ids, approvals, budget
(limits, use, reservations), failure code; and working memory (resolved entities, completed
steps, the last observation, evidence still required, any further typed state). One record per
thing stored: :class:`Checkpoint` (a snapshot, written whole, versioned per run), :class:`Run`
(what the snapshots are of: subject, purpose, latest version, retention) and
:class:`RunToolReceipt` (a run's tool call by idempotency key: the ledger that makes a replayed
call return the recorded result instead of acting twice). Every list and map is bounded
(:mod:`graphmem.limits`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, JsonValue, model_validator

from graphmem.limits import (
    MAX_APPROVALS,
    MAX_COUNTER,
    MAX_LIST_ITEMS,
    MAX_MAP_KEYS,
    MAX_RESERVATIONS,
    MAX_RUN_EVIDENCE_IDS,
    MAX_TOOL_RECEIPTS,
    bounded_result,
    bounded_state,
)
from graphmem.models.base import GraphRecord, Record, dumps_canonical
from graphmem.models.enums import RunStatus, ToolCallStatus
from graphmem.models.types import (
    Code,
    ContentHash,
    Identifier,
    Key,
    ShortText,
    SubjectRef,
    Text,
    Timestamp,
    field_error,
    sha256_hash,
)

#: a count of run state (steps, tokens, tool calls), bounded so both engines store it exactly
Counter = Annotated[int, Field(ge=0, le=MAX_COUNTER)]
#: an amount (cost), finite and bounded
Amount = Annotated[float, Field(ge=0, le=MAX_COUNTER, allow_inf_nan=False)]


class Reservation(Record):
    """Budget held for work in flight (a tool call about to run), so two workers cannot both
    spend what is left."""

    reservation_id: Identifier
    tokens: Counter = 0
    tool_calls: Counter = 0
    cost: Amount = 0.0
    #: what it is held for (a tool call's idempotency key, a step)
    reason: ShortText | None = None
    at: Timestamp | None = None


class Budget(Record):
    """Limits, use so far and reservations; a None limit means none. Use may exceed a limit
    (that is a state to act on, not an invalid record)."""

    tokens_limit: Counter | None = None
    tokens_used: Counter = 0
    tool_calls_limit: Counter | None = None
    tool_calls_used: Counter = 0
    cost_limit: Amount | None = None
    cost_used: Amount = 0.0
    deadline: Timestamp | None = None
    reservations: list[Reservation] = Field(default_factory=list, max_length=MAX_RESERVATIONS)

    def remaining(self) -> dict[str, float | None]:
        """What is left of each limit after use and reservations (None: no limit)."""
        tokens = sum(r.tokens for r in self.reservations)
        calls = sum(r.tool_calls for r in self.reservations)
        cost = sum(r.cost for r in self.reservations)
        return {
            "tokens": None
            if self.tokens_limit is None
            else self.tokens_limit - self.tokens_used - tokens,
            "tool_calls": None
            if self.tool_calls_limit is None
            else self.tool_calls_limit - self.tool_calls_used - calls,
            "cost": None
            if self.cost_limit is None
            else round(self.cost_limit - self.cost_used - cost, 6),
        }

    @property
    def exhausted(self) -> bool:
        return any(v is not None and v <= 0 for v in self.remaining().values())


class ToolReceipt(Record):
    """One tool call of a run, as the runtime records it. Its ``idempotency_key`` is unique per
    run: recording the same key again returns what was recorded first (a replayed call uses
    that result instead of acting twice); the same key for a call with other arguments
    (``request_hash``) or another tool is refused. A STARTED receipt (claimed before acting)
    may change once to its outcome."""

    idempotency_key: Identifier
    tool: Identifier
    status: ToolCallStatus
    #: sha256 of the call's arguments, as the runtime canonicalised them
    request_hash: ContentHash | None = None
    #: the call's result, returned to replays; a checkpoint lists receipts without it
    result: Annotated[JsonValue | None, AfterValidator(bounded_result)] = None
    #: sha256 of the result as canonical JSON; computed when the result is given
    result_hash: ContentHash | None = None
    error_code: Code | None = None
    at: Timestamp | None = None

    @model_validator(mode="after")
    def _result_hash(self) -> ToolReceipt:
        if self.result is not None:
            digest = sha256_hash(dumps_canonical(self.result))
            if self.result_hash is not None and self.result_hash != digest:
                raise field_error(
                    "result_hash", "mismatch", "result_hash is not the sha256 of the result"
                )
            object.__setattr__(self, "result_hash", digest)
        if self.status is ToolCallStatus.STARTED and (
            self.result is not None or self.error_code is not None
        ):
            raise field_error(
                "status", "started_has_outcome", "a STARTED call has no result or error yet"
            )
        return self

    def listed(self) -> ToolReceipt:
        """As a checkpoint lists it: everything but the result (its hash stays)."""
        return self.evolve(result=None)


class RunToolReceipt(ToolReceipt, GraphRecord):
    """A run's recorded tool call (the idempotency ledger, ``:ToolReceipt`` nodes)."""

    LABELS = ("ToolReceipt",)
    KEY = "idempotency_key"

    tenant_id: Identifier
    run_id: Identifier
    recorded_by: Identifier
    recorded_at: Timestamp
    updated_at: Timestamp | None = None

    def derived_properties(self) -> dict[str, str]:
        return {
            "receipt_key": receipt_key(self.tenant_id, self.run_id, self.idempotency_key),
            "run_key": run_key(self.tenant_id, self.run_id),
        }


class ToolReceiptRecorded(Record):
    """``POST /v1/runs/{run_id}/tool-receipts``: the receipt as recorded, and whether this
    call was a replay (nothing new was recorded; use ``receipt.result``)."""

    receipt: RunToolReceipt
    replayed: bool


class Approval(Record):
    """An action the user (or a reviewer) approved for this run."""

    action: ShortText
    approved_by: Identifier
    at: Timestamp


class CheckpointState(Record):
    """What a runtime writes: the whole state of its run at one step."""

    status: RunStatus = RunStatus.RUNNING
    step: Counter = 0
    plan_version: Counter = 0
    goal: Text | None = None
    #: the run's purpose (fixed at its first checkpoint): memories kept only for it expire
    #: when the run ends
    purpose: Key | None = None
    #: whom the run serves (fixed at its first checkpoint; default: the key's subject)
    subject_id: SubjectRef | None = None
    budget: Budget = Field(default_factory=Budget)
    tool_receipts: list[ToolReceipt] = Field(default_factory=list, max_length=MAX_TOOL_RECEIPTS)
    #: sources (``POST /v1/sources``) the run relies on; the context builder shows the
    #: verified ones
    evidence_ids: list[Identifier] = Field(default_factory=list, max_length=MAX_RUN_EVIDENCE_IDS)
    approvals: list[Approval] = Field(default_factory=list, max_length=MAX_APPROVALS)
    failure_code: Identifier | None = None
    # -- working memory (seed: resolved entity, completed steps, last observation,
    #    unfilled evidence requirements)
    resolved_entities: dict[Key, Identifier] = Field(default_factory=dict, max_length=MAX_MAP_KEYS)
    completed_steps: list[ShortText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    last_observation: Text | None = None
    pending_evidence: list[ShortText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    #: any further typed state of the runtime, stored as ``working_json``
    working: Annotated[dict[str, JsonValue], AfterValidator(bounded_state)] = Field(
        default_factory=dict
    )

    @model_validator(mode="after")
    def _state_rules(self) -> CheckpointState:
        if self.status is RunStatus.FAILED and self.failure_code is None:
            raise field_error("failure_code", "required", "a FAILED run needs a failure_code")
        seen: set[str] = set()
        for i, receipt in enumerate(self.tool_receipts):
            if receipt.idempotency_key in seen:
                raise field_error(
                    f"tool_receipts.{i}.idempotency_key",
                    "duplicate",
                    f"idempotency key {receipt.idempotency_key!r} is listed twice; it is "
                    "unique per run",
                )
            seen.add(receipt.idempotency_key)
        return self

    def hash_state(self) -> str:
        """Equal for equal state as stored (receipts without their results), so a retried
        write of the same checkpoint is recognised."""
        data = self.model_dump(mode="json", include=set(CheckpointState.model_fields))
        for receipt in data["tool_receipts"]:
            receipt.pop("result", None)
        return sha256_hash(dumps_canonical(data))


class CheckpointCreate(CheckpointState):
    """``PUT /v1/runs/{run_id}/checkpoints``: the state, and the version it was computed from
    (0 for a new run). If the run has moved on since, nothing is written (409)."""

    expected_version: Counter

    @model_validator(mode="after")
    def _not_an_end(self) -> CheckpointCreate:
        if self.status.terminal:
            raise field_error(
                "status",
                "run_end",
                f"{self.status} ends the run: POST /v1/runs/{{run_id}}/end records it (and "
                "expires the run's purpose)",
            )
        return self

    def state(self) -> CheckpointState:
        return CheckpointState.model_validate(self.model_dump(exclude={"expected_version"}))


class Checkpoint(CheckpointState, GraphRecord):
    """One stored snapshot of a run (``:Checkpoint``)."""

    LABELS = ("Checkpoint",)
    KEY = "checkpoint_id"

    checkpoint_id: Identifier
    run_id: Identifier
    tenant_id: Identifier
    #: 1 for the run's first checkpoint, +1 per write
    version: Annotated[int, Field(ge=1, le=MAX_COUNTER)]
    parent_checkpoint_id: Identifier | None = None
    #: who wrote it
    principal_id: Identifier
    created_at: Timestamp
    #: sha256 of the state (:meth:`CheckpointState.hash_state`)
    state_hash: ContentHash

    def derived_properties(self) -> dict[str, str]:
        return {"run_key": run_key(self.tenant_id, self.run_id)}


class Run(GraphRecord):
    """What a run's checkpoints are of (``:Run``, one per run): the compare-and-set point of
    its versions, its fixed subject and purpose, and its retention (``expires_at``: the last
    checkpoint plus ``GRAPHMEM_RUN_IDLE_DAYS`` while open, the end plus
    ``GRAPHMEM_RUN_RETENTION_DAYS`` once ended; past it the state is deleted)."""

    LABELS = ("Run",)
    KEY = "run_id"

    run_id: Identifier
    tenant_id: Identifier
    subject_id: SubjectRef | None = None
    purpose: Key | None = None
    #: who started it
    principal_id: Identifier
    status: RunStatus
    version: Annotated[int, Field(ge=1, le=MAX_COUNTER)]
    latest_checkpoint_id: Identifier
    started_at: Timestamp
    updated_at: Timestamp
    expires_at: Timestamp
    ended_at: Timestamp | None = None
    ended_by: Identifier | None = None
    #: the lifecycle receipt of the end (purpose expiry)
    end_receipt_id: Identifier | None = None

    @property
    def ended(self) -> bool:
        return self.ended_at is not None

    def derived_properties(self) -> dict[str, str]:
        return {"run_key": run_key(self.tenant_id, self.run_id)}


class RunEnd(Record):
    """``POST /v1/runs/{run_id}/end``: how it ended; optionally the version it ends from."""

    status: Literal[RunStatus.SUCCEEDED, RunStatus.FAILED, RunStatus.CANCELLED]
    failure_code: Identifier | None = None
    expected_version: Counter | None = None

    @model_validator(mode="after")
    def _rules(self) -> RunEnd:
        if self.status is RunStatus.FAILED and self.failure_code is None:
            raise field_error("failure_code", "required", "a FAILED run needs a failure_code")
        return self


class PurposeExpiry(Record):
    """The receipt of a purpose's end: memories kept only for it expired, others lost it."""

    receipt_id: Identifier
    purpose: Key | None = None
    run_id: Identifier | None = None
    expired: list[Identifier] = Field(default_factory=list)
    narrowed: list[Identifier] = Field(default_factory=list)
    recorded_at: Timestamp


class RunEnded(Record):
    """The end of a run: the run, its final checkpoint, and the purpose expiry's receipt;
    ``replayed`` when the run had already ended so (nothing new was written)."""

    run: Run
    checkpoint: Checkpoint
    purpose_expiry: PurposeExpiry | None = None
    replayed: bool = False


def run_key(tenant_id: str, run_id: str) -> str:
    """Run ids are the caller's: unique per tenant, not globally."""
    return f"{tenant_id}|{run_id}"


def receipt_key(tenant_id: str, run_id: str, idempotency_key: str) -> str:
    return f"{tenant_id}|{run_id}|{idempotency_key}"


__all__ = [
    "Approval",
    "Budget",
    "Checkpoint",
    "CheckpointCreate",
    "CheckpointState",
    "PurposeExpiry",
    "Reservation",
    "Run",
    "RunEnd",
    "RunEnded",
    "RunToolReceipt",
    "ToolReceipt",
    "ToolReceiptRecorded",
    "receipt_key",
    "run_key",
]
