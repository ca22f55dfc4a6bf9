"""Run state (DESIGN §2 "State") and working memory, kept in checkpoints keyed by
``run_id``/``checkpoint_id``. Never long-term memory: no vectors, no retrieval."""

from __future__ import annotations

from pydantic import Field, JsonValue, NonNegativeFloat, NonNegativeInt, model_validator

from graphmem import timeutil
from graphmem.models.base import GraphRecord, Record
from graphmem.models.enums import RunStatus
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
)


class Budget(Record):
    """Limits and use so far; None means no limit. Use may exceed a limit (that is a state)."""

    tokens_limit: NonNegativeInt | None = None
    tokens_used: NonNegativeInt = 0
    tool_calls_limit: NonNegativeInt | None = None
    tool_calls_used: NonNegativeInt = 0
    cost_limit: NonNegativeFloat | None = None
    cost_used: NonNegativeFloat = 0.0
    deadline: Timestamp | None = None

    @property
    def exhausted(self) -> bool:
        return any(
            limit is not None and used >= limit
            for limit, used in (
                (self.tokens_limit, self.tokens_used),
                (self.tool_calls_limit, self.tool_calls_used),
                (self.cost_limit, self.cost_used),
            )
        )


class ToolReceipt(Record):
    receipt_id: Identifier
    tool: Identifier
    status: Code
    idempotency_key: Identifier | None = None
    result_hash: ContentHash | None = None
    at: Timestamp | None = None


class Approval(Record):
    """An action the user (or a reviewer) approved for this run."""

    action: ShortText
    approved_by: Identifier
    at: Timestamp


class Checkpoint(GraphRecord):
    LABELS = ("Checkpoint",)
    KEY = "checkpoint_id"

    checkpoint_id: Identifier
    run_id: Identifier
    tenant_id: Identifier
    parent_checkpoint_id: Identifier | None = None
    step: NonNegativeInt = 0
    status: RunStatus = RunStatus.RUNNING
    plan_version: NonNegativeInt = 0
    goal: Text | None = None
    purpose: Key | None = None
    subject_id: SubjectRef | None = None
    principal_id: Identifier | None = None
    budget: Budget = Field(default_factory=Budget)
    tool_receipts: list[ToolReceipt] = Field(default_factory=list)
    evidence_ids: list[Identifier] = Field(default_factory=list)
    approvals: list[Approval] = Field(default_factory=list)
    failure_code: Identifier | None = None
    # -- working memory (seed: resolved entity, completed steps, last observation,
    #    unfilled evidence requirements, approved actions)
    resolved_entities: dict[Key, Identifier] = Field(default_factory=dict)
    completed_steps: list[ShortText] = Field(default_factory=list)
    last_observation: Text | None = None
    pending_evidence: list[ShortText] = Field(default_factory=list)
    #: any further typed state of the runtime, stored as ``working_json``
    working: dict[str, JsonValue] = Field(default_factory=dict)
    created_at: Timestamp = Field(default_factory=timeutil.now_iso)
    expires_at: Timestamp | None = None

    @model_validator(mode="after")
    def _rules(self) -> Checkpoint:
        if self.status is RunStatus.FAILED and self.failure_code is None:
            raise field_error("failure_code", "required", "a FAILED run needs a failure_code")
        if self.parent_checkpoint_id == self.checkpoint_id:
            raise field_error(
                "parent_checkpoint_id", "invalid", "a checkpoint cannot be its own parent"
            )
        return self
