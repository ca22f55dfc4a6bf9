"""Records of decisions: write receipts, deletion receipts, retrieval logs.

They hold ids, hashes, codes and numbers only, never memory content, so they can outlive an
erasure without keeping what was erased. ``detail`` texts are for short machine details
(``conflicts with mem_a``), not for quoting content.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, NonNegativeInt, model_validator

from graphmem import timeutil
from graphmem.models.base import GraphRecord, Record
from graphmem.models.enums import (
    Decision,
    DeletionScope,
    MemoryStatus,
    MemoryType,
    Verdict,
    VerificationStatus,
    WriteStage,
)
from graphmem.models.types import (
    Code,
    ContentHash,
    Identifier,
    Key,
    ShortText,
    SubjectRef,
    Timestamp,
    field_error,
)


class Reason(Record):
    """Why a stage decided as it did: ``{stage, code, detail}``, and the ``rule`` that fired
    (``graphmem.write.codes.Rule``) where one did: a detector, a structural rule or a
    grounding test. ``detail`` holds ids and codes, never memory content."""

    stage: WriteStage
    code: Code
    detail: ShortText | None = None
    rule: Code | None = None


class StageVerdict(Record):
    stage: WriteStage
    verdict: Verdict


class WriteReceipt(GraphRecord):
    LABELS = ("WriteReceipt",)
    KEY = "receipt_id"

    receipt_id: Identifier
    tenant_id: Identifier
    #: principal that proposed the write
    actor: Identifier
    proposal_hash: ContentHash
    idempotency_key: Identifier | None = None
    decision: Decision
    #: committed memory, or the existing one for a DUPLICATE
    memory_id: Identifier | None = None
    memory_type: MemoryType | None = None
    subject_id: SubjectRef | None = None
    superseded: list[Identifier] = Field(default_factory=list)
    conflicts: list[Identifier] = Field(default_factory=list)
    reasons: list[Reason] = Field(default_factory=list)
    stage_verdicts: list[StageVerdict] = Field(default_factory=list)
    policy_version: Identifier
    recorded_at: Timestamp = Field(default_factory=timeutil.now_iso)

    @model_validator(mode="after")
    def _rules(self) -> WriteReceipt:
        needs_memory = self.decision in (Decision.COMMITTED, Decision.DUPLICATE)
        if needs_memory and self.memory_id is None:
            raise field_error("memory_id", "required", f"a {self.decision} receipt names a memory")
        if self.decision is Decision.REJECTED:
            if self.memory_id is not None:
                raise field_error(
                    "memory_id", "invalid", "a REJECTED receipt cannot name a committed memory"
                )
            if not self.reasons:
                raise field_error("reasons", "required", "a REJECTED receipt must say why")
        return self


class Reinstated(Record):
    """A belief restored because what superseded it was revoked or erased
    (:mod:`graphmem.lifecycle.reinstate`): the new version node, the memory it restores, the
    lost memory that had superseded it, its valid time, its status (ACTIVE when nothing later
    bounds it, else a closed version: SUPERSEDED), and the copies it replaced. A preview has no
    new node yet (``memory_id`` None)."""

    memory_id: Identifier | None = None
    reinstates: Identifier
    because: Identifier
    valid_from: Timestamp
    valid_to: Timestamp | None = None
    status: MemoryStatus
    closed: list[Identifier] = Field(default_factory=list)


class DeletionReceipt(GraphRecord):
    """Proof of an erasure: what was removed where, by whom, and whether a later query
    confirmed it. ``counts`` maps a store (``memories``, ``edges``, ``vectors``, ``cache``,
    ``derived``, ``retrieval_logs`` …) to the number of items removed there."""

    LABELS = ("DeletionReceipt",)
    KEY = "receipt_id"

    receipt_id: Identifier
    tenant_id: Identifier
    actor: Identifier
    scope: DeletionScope
    #: the erased subject, memory or source id
    target_id: Identifier
    subject_id: SubjectRef | None = None
    reason: Code | None = None
    memory_ids: list[Identifier] = Field(default_factory=list)
    source_ids: list[Identifier] = Field(default_factory=list)
    #: sha256 over the tombstones the erasure leaves (``ref content_hash`` lines, sorted;
    #: graphmem.lifecycle.tombstones): the hashes live once, in the tombstones, and ``verify``
    #: recomputes this from them. None on receipts written before it was recorded.
    tombstones_digest: ContentHash | None = None
    #: how many tombstones the erasure leaves (one per erased memory and source)
    tombstones_planned: NonNegativeInt = 0
    #: beliefs restored because an erased memory had superseded them
    reinstated: list[Reinstated] = Field(default_factory=list)
    #: embedding-cache keys (sha256 of version and text) of the erased texts, for re-checks
    cache_keys: list[ShortText] = Field(default_factory=list)
    counts: dict[Key, NonNegativeInt] = Field(default_factory=dict)
    policy_version: Identifier | None = None
    requested_at: Timestamp = Field(default_factory=timeutil.now_iso)
    completed_at: Timestamp | None = None
    verification: VerificationStatus = VerificationStatus.UNVERIFIED
    verified_at: Timestamp | None = None
    #: codes of the checks that found leftovers
    verification_failures: list[Code] = Field(default_factory=list)

    @model_validator(mode="after")
    def _rules(self) -> DeletionReceipt:
        if self.completed_at is not None and self.completed_at < self.requested_at:
            raise field_error(
                "completed_at", "time_order", "completed_at must not be before requested_at"
            )
        if self.verification is not VerificationStatus.UNVERIFIED and self.verified_at is None:
            raise field_error("verified_at", "required", "a verified receipt needs verified_at")
        if self.verification is VerificationStatus.FAILED and not self.verification_failures:
            raise field_error(
                "verification_failures", "required", "a FAILED verification must say what failed"
            )
        return self


class ErasedDependant(Record):
    """A memory of another subject that an erasure takes too: only the erased data supports it
    (erasing a user takes a project fact that only that user's messages support)."""

    memory_id: Identifier
    subject_id: SubjectRef


class ErasurePreview(Record):
    """What an erasure would do, computed by the same planning and written nowhere
    (``dry_run``): every memory id it would erase (the target's and its dependants'), the
    dependants of other subjects on their own, what would be flagged NEEDS_REVIEW, the sources
    erased, the beliefs reinstated, the runs whose state would be deleted, how many retrieval
    logs would be deleted or scrubbed, and the same in sentences (``notes``)."""

    dry_run: bool = True
    scope: DeletionScope
    target_id: Identifier
    subject_id: SubjectRef | None = None
    memory_ids: list[Identifier] = Field(default_factory=list)
    dependants: list[ErasedDependant] = Field(default_factory=list)
    flagged: list[Identifier] = Field(default_factory=list)
    source_ids: list[Identifier] = Field(default_factory=list)
    reinstated: list[Reinstated] = Field(default_factory=list)
    #: runs about the subject whose state (checkpoints, tool receipts) would be deleted
    run_ids: list[Identifier] = Field(default_factory=list)
    retrieval_logs_deleted: NonNegativeInt = 0
    retrieval_logs_scrubbed: NonNegativeInt = 0
    notes: list[str] = Field(default_factory=list)


class RetrievalLog(GraphRecord):
    """The seed's memory observability record, one per memory query. No content: the
    query itself is kept only as a hash."""

    LABELS = ("RetrievalLog",)
    KEY = "memory_query_id"

    memory_query_id: Identifier
    tenant_id: Identifier
    actor: Identifier | None = None
    subject_id: SubjectRef | None = None
    purpose: Key | None = None
    model_call_id: Identifier | None = None
    query_hash: ContentHash | None = None
    #: the memories ranked by the full score (retrieval's phase 2)
    candidate_ids: list[Identifier] = Field(default_factory=list)
    #: how many memories passed the hard filters and were scored for relevance (phase 1)
    candidate_count: NonNegativeInt | None = None
    selected_ids: list[Identifier] = Field(default_factory=list)
    #: candidate id → why a hard filter or the selector dropped it (``EXPIRED``)
    filter_reasons: dict[Identifier, Code] = Field(default_factory=dict)
    scores: dict[Identifier, Annotated[float, Field(allow_inf_nan=False)]] = Field(
        default_factory=dict
    )
    #: position of the memory section in the built context (seed: ``context_position``)
    context_position: NonNegativeInt | None = None
    #: per selected memory, when the context builder placed several
    context_positions: dict[Identifier, NonNegativeInt] = Field(default_factory=dict)
    tokens: NonNegativeInt | None = None
    retriever_version: Identifier
    policy_version: Identifier
    embedding_version: Identifier | None = None
    valid_at: Timestamp | None = None
    known_at: Timestamp | None = None
    recorded_at: Timestamp = Field(default_factory=timeutil.now_iso)

    @model_validator(mode="after")
    def _rules(self) -> RetrievalLog:
        candidates = set(self.candidate_ids)
        for name, ids in (
            ("selected_ids", self.selected_ids),
            ("filter_reasons", list(self.filter_reasons)),
            ("scores", list(self.scores)),
            ("context_positions", list(self.context_positions)),
        ):
            stray = [i for i in ids if i not in candidates]
            if stray:
                raise field_error(
                    name, "subset", f"not among candidate_ids: {', '.join(sorted(stray))}"
                )
        both = set(self.selected_ids) & set(self.filter_reasons)
        if both:
            raise field_error(
                "selected_ids",
                "filtered_selected",
                f"selected although filtered out: {', '.join(sorted(both))}",
            )
        return self
