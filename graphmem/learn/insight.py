"""The insight record: a candidate generalisation from episodes, waiting for review.

Seed ("Episode에서 Semantic memory로 통합하기"): one success is never generalised into a fact or
a procedure; an insight says "under condition C, action A → outcome O" with how many episodes
support it, how many contradict it, and a lower confidence bound, and keeps every source
episode (``DERIVED_FROM``) and every counterexample (``COUNTEREXAMPLE_OF``).

An insight is a ``:Memory:Insight`` node of type ``INSIGHT`` so that the lineage walks of
revocation and erasure (``lifecycle/children_of_memories``, ``lifecycle/supports``) reach it
and, through it, what it was promoted to — the same walk, nothing written twice. It has no
embedding, so no retrieval ever returns it (the hard filters require the query's embedding
space), and the memory listings leave type ``INSIGHT`` out. Its ``status`` is the memory
lifecycle (ACTIVE, NEEDS_REVIEW and REVOKED come from that walk); its review is
``review_status``; the public ``status`` combines both (:func:`public_status`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from pydantic import Field

from graphmem import timeutil
from graphmem.models.base import GraphRecord, Record
from graphmem.models.enums import MemoryStatus, Outcome, Sensitivity, _Enum
from graphmem.models.types import (
    ContentHash,
    Identifier,
    Key,
    ShortText,
    SubjectRef,
    Text,
    Timestamp,
    UnitFloat,
)

INSIGHT_TYPE = "INSIGHT"
#: z for a two-sided 95% interval
WILSON_Z = 1.959964


class InsightKind(_Enum):
    """What an insight would become when approved."""

    CLAIM = "CLAIM"
    PROCEDURE = "PROCEDURE"


class InsightOrigin(_Enum):
    """Where a candidate came from: consolidation of episodes, a reflection (Reflexion /
    ExpeL style, from a generator or a runtime), or a user's instruction."""

    CONSOLIDATION = "CONSOLIDATION"
    REFLECTION = "REFLECTION"
    USER_INSTRUCTION = "USER_INSTRUCTION"


class ReviewStatus(_Enum):
    CANDIDATE = "CANDIDATE"
    APPROVED = "APPROVED"
    REJECTED = "REJECTED"
    #: an approved insight that met a new counterexample, or lost support: review again
    REOPENED = "REOPENED"


class InsightStatus(_Enum):
    """The public status: the review state, unless lineage revoked the insight."""

    CANDIDATE = "CANDIDATE"
    APPROVED = "APPROVED"
    REJECTED = "REJECTED"
    REOPENED = "REOPENED"
    REVOKED = "REVOKED"


def public_status(status: str, review_status: str) -> InsightStatus:
    """REVOKED/ERASED by lineage → REVOKED; an approved insight that lineage flagged
    NEEDS_REVIEW (a source episode revoked or erased) → REOPENED; else the review state.
    Mirrored by ``cypher/learn/_insight_matches.cypher``."""
    if status in (MemoryStatus.REVOKED, MemoryStatus.ERASED):
        return InsightStatus.REVOKED
    if status == MemoryStatus.NEEDS_REVIEW and review_status == ReviewStatus.APPROVED:
        return InsightStatus.REOPENED
    return InsightStatus(review_status)


def wilson_lower_bound(successes: int, trials: int, z: float = WILSON_Z) -> float:
    """The lower end of the Wilson score interval for a success rate: 2 of 2 gives 0.34,
    20 of 20 gives 0.84 — a small sample never looks certain."""
    if trials <= 0:
        return 0.0
    p = successes / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    margin = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, (centre - margin) / (1 + z2 / trials))


class Insight(GraphRecord):
    """One candidate insight as stored."""

    LABELS: ClassVar[tuple[str, ...]] = ("Memory", "Insight")
    KEY = "memory_id"

    memory_id: Identifier
    type: Literal["INSIGHT"] = "INSIGHT"
    tenant_id: Identifier
    #: who the insight is about, and the widest scope it may ever be promoted to
    subject_id: SubjectRef
    namespace: Key | None = None
    #: identity across consolidation runs (same scope, context, action, condition, outcome)
    insight_key: ContentHash
    kind: InsightKind = InsightKind.CLAIM
    origin: InsightOrigin = InsightOrigin.CONSOLIDATION
    #: "under C, A → O" in words; also the text erasure scrubs
    text: Text
    action: ShortText | None = None
    #: environment items that must hold, ``key=value``
    condition: list[ShortText] = Field(default_factory=list)
    outcome: Outcome | None = None
    #: the cluster's shared context (``failure_code=720``), not part of the condition
    context: list[ShortText] = Field(default_factory=list)
    support: int = Field(0, ge=0)
    counter_support: int = Field(0, ge=0)
    #: counterexamples outside the condition (they explain it: e3 without the signal)
    explained: int = Field(0, ge=0)
    success_rate: UnitFloat = 0.0
    lower_bound: UnitFloat = 0.0
    #: the lineage walk scales this when support is lost
    confidence: UnitFloat = 0.0
    cluster_size: int = Field(0, ge=0)
    generator: Identifier
    method: Key
    policy_version: Identifier
    write_policy_version: Identifier
    review_status: ReviewStatus = ReviewStatus.CANDIDATE
    reviewed_by: Identifier | None = None
    reviewed_at: Timestamp | None = None
    review_reason: Text | None = None
    promoted_id: Identifier | None = None
    promoted_as: ShortText | None = None
    status: MemoryStatus = MemoryStatus.ACTIVE
    sensitivity: Sensitivity = Sensitivity.LOW
    content_hash: ContentHash
    recorded_at: Timestamp = Field(default_factory=timeutil.now_iso)
    valid_from: Timestamp = Field(default_factory=timeutil.now_iso)
    updated_at: Timestamp | None = None
    tx_to: Timestamp | None = None


class Counterexample(Record):
    """An episode that contradicts an insight, as listed with it."""

    episode_id: Identifier
    outcome: Outcome | None = None
    #: whether the episode met the insight's condition (a true contradiction) or not (it
    #: explains why the condition is there)
    within_condition: bool
    root_cause: Text | None = None


class InsightPublic(Record):
    """``GET /v1/insights`` items."""

    insight_id: Identifier
    status: InsightStatus
    kind: InsightKind
    origin: InsightOrigin
    subject_id: SubjectRef
    namespace: Key | None = None
    statement: Text
    action: ShortText | None = None
    condition: list[ShortText]
    outcome: Outcome | None = None
    context: list[ShortText]
    support: int
    counter_support: int
    explained: int
    success_rate: float
    lower_bound: float
    cluster_size: int
    generator: Identifier
    method: Key
    policy_version: Identifier
    source_episode_ids: list[Identifier]
    counterexamples: list[Counterexample]
    reviewed_by: Identifier | None = None
    reviewed_at: Timestamp | None = None
    review_reason: Text | None = None
    promoted_id: Identifier | None = None
    promoted_as: ShortText | None = None
    recorded_at: Timestamp
    updated_at: Timestamp | None = None

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> InsightPublic:
        insight = Insight.from_graph(row["i"])
        counters = [
            Counterexample(
                episode_id=c["episode_id"],
                outcome=c.get("outcome"),
                within_condition=bool(c.get("within_condition")),
                root_cause=c.get("root_cause"),
            )
            for c in row.get("counterexamples") or []
            if c and c.get("episode_id")
        ]
        return cls(
            insight_id=insight.memory_id,
            status=public_status(str(insight.status), str(insight.review_status)),
            kind=insight.kind,
            origin=insight.origin,
            subject_id=insight.subject_id,
            namespace=insight.namespace,
            statement=insight.text,
            action=insight.action,
            condition=insight.condition,
            outcome=insight.outcome,
            context=insight.context,
            support=insight.support,
            counter_support=insight.counter_support,
            explained=insight.explained,
            success_rate=insight.success_rate,
            lower_bound=insight.lower_bound,
            cluster_size=insight.cluster_size,
            generator=insight.generator,
            method=insight.method,
            policy_version=insight.policy_version,
            source_episode_ids=sorted(x for x in row.get("sources") or [] if x),
            counterexamples=sorted(counters, key=lambda c: c.episode_id),
            reviewed_by=insight.reviewed_by,
            reviewed_at=insight.reviewed_at,
            review_reason=insight.review_reason,
            promoted_id=insight.promoted_id,
            promoted_as=insight.promoted_as,
            recorded_at=insight.recorded_at,
            updated_at=insight.updated_at,
        )


__all__ = [
    "INSIGHT_TYPE",
    "Counterexample",
    "Insight",
    "InsightKind",
    "InsightOrigin",
    "InsightPublic",
    "InsightStatus",
    "ReviewStatus",
    "public_status",
    "wilson_lower_bound",
]
