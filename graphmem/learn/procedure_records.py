"""The records of a procedure release: what a caller sends (``…Create``), what it gets back
(``…Public``), and the receipt every release step leaves.

A :class:`ReleaseReceipt` holds ids, versions, codes and counts only, like every receipt: it
outlives an erasure of the procedure without keeping its content.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from graphmem.learn.health import ReleaseHealth
from graphmem.learn.simulator import Scenario, TestReport
from graphmem.limits import MAX_EVIDENCE_ITEMS, MAX_LIST_ITEMS
from graphmem.models.base import GraphRecord, Record
from graphmem.models.enums import (
    ProcedureStatus,
    ReleaseAction,
    ReleaseRole,
    ReviewDecision,
    ReviewStage,
)
from graphmem.models.memory import ProcedureContent
from graphmem.models.receipts import WriteReceipt
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

RELEASE_POLICY_VERSION = "procedure-release-1"


class ProcedureCreate(ProcedureContent):
    """``POST /v1/procedures``: a draft version as authored (``key`` is ``procedure_key``).

    ``scenarios`` are the fixtures the declared ``tests`` name, run by the simulator;
    ``evidence`` cites recorded sources the procedure rests on (the episodes' sources);
    ``derived_from`` names memories it was promoted from (an insight, its episodes), linked
    by ``DERIVED_FROM``."""

    subject_id: SubjectRef
    namespace: Key | None = None
    text: Text | None = None
    scenarios: list[Scenario] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    evidence: list[Identifier] = Field(default_factory=list, max_length=MAX_EVIDENCE_ITEMS)
    derived_from: list[Identifier] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    #: how ``derived_from`` produced it (``insight_promotion``), stamped on the edges
    derived_method: Key | None = None

    @model_validator(mode="after")
    def _scenarios_unique(self) -> ProcedureCreate:
        ids = [s.id for s in self.scenarios]
        if len(ids) != len(set(ids)):
            raise field_error("scenarios", "duplicate", "scenario ids must be unique")
        return self

    def content(self) -> ProcedureContent:
        """The version itself, without the release document around it."""
        return ProcedureContent.model_validate(
            self.model_dump(include=set(ProcedureContent.model_fields))
        )


class ReviewCreate(Record):
    stage: ReviewStage
    decision: ReviewDecision
    reason: ShortText


class CanaryCreate(Record):
    #: the share of runs the canary serves, by cohort hash
    percent: Annotated[int, Field(ge=1, le=50)]


class ReasonCreate(Record):
    reason: ShortText | None = None


class ReleaseReceipt(GraphRecord):
    """One step of a procedure release."""

    LABELS = ("ReleaseReceipt",)
    KEY = "receipt_id"

    receipt_id: Identifier
    tenant_id: Identifier
    actor: Identifier
    action: ReleaseAction
    procedure_key: Identifier
    version: ShortText
    memory_id: Identifier
    stage: ReviewStage | None = None
    #: APPROVE / REJECT for a review, PASSED / FAILED for a test
    decision: Code | None = None
    reason: ShortText | None = None
    from_lifecycle: ProcedureStatus | None = None
    to_lifecycle: ProcedureStatus | None = None
    canary_percent: int | None = None
    #: another version the step changed (the stable one a promotion deprecates, …)
    other_memory_id: Identifier | None = None
    #: the simulator's report, or the health the monitor decided on (hash only)
    report_hash: ContentHash | None = None
    #: the episode whose outcome triggered an automatic rollback
    triggered_by: Identifier | None = None
    policy_version: Identifier = RELEASE_POLICY_VERSION
    recorded_at: Timestamp


class ProcedureVersionPublic(Record):
    memory_id: Identifier
    procedure_key: Identifier
    version: ShortText
    lifecycle: ProcedureStatus
    status: ShortText
    release_role: ReleaseRole | None = None
    canary_percent: int | None = None
    canary_since: Timestamp | None = None
    scope_review: ReviewDecision | None = None
    security_review: ReviewDecision | None = None
    tests_passed: bool | None = None
    author: Identifier | None = None
    published_by: Identifier | None = None
    published_at: Timestamp | None = None
    recorded_at: Timestamp
    procedure: ProcedureContent


class Cohorts(Record):
    """How runs are split now: the share each release serves, and the rule."""

    stable: ShortText | None = None
    canary: ShortText | None = None
    canary_percent: int = 0
    rule: ShortText = "sha256(tenant|key|run_id or subject) mod 10000 < percent*100 → canary"


class ProcedurePublic(Record):
    """``GET /v1/procedures/{key}``: the first page of its versions and of its receipts,
    each with its total and the cursor of ``…/versions`` / ``…/receipts`` for the rest."""

    procedure_key: Identifier
    versions: list[ProcedureVersionPublic]
    versions_total: int
    versions_next_cursor: str | None = None
    cohorts: Cohorts
    health: ReleaseHealth
    receipts: list[ReleaseReceipt]
    receipts_total: int
    receipts_next_cursor: str | None = None


class ProcedureSummary(Record):
    procedure_key: Identifier
    versions: int
    stable: ShortText | None = None
    canary: ShortText | None = None


class DraftResult(Record):
    """The gate's receipt for the draft and, when it committed, the version and the release
    receipt."""

    write_receipt: WriteReceipt
    version: ProcedureVersionPublic | None = None
    release_receipt: ReleaseReceipt | None = None


class StepResult(Record):
    """A release step's outcome: the version(s) as they are now and the receipt."""

    version: ProcedureVersionPublic
    receipt: ReleaseReceipt
    report: TestReport | None = None


__all__ = [
    "RELEASE_POLICY_VERSION",
    "CanaryCreate",
    "Cohorts",
    "DraftResult",
    "ProcedureCreate",
    "ProcedurePublic",
    "ProcedureSummary",
    "ProcedureVersionPublic",
    "ReasonCreate",
    "ReleaseReceipt",
    "ReviewCreate",
    "StepResult",
]
