"""Episodes as first-class records: ``POST /v1/episodes`` → an EPISODIC proposal through the write
gate (the same one ``POST /v1/proposals`` runs), so tool output stays an observation without
instruction authority, secrets and poisoning are refused, and failures are kept.

The body is the episode itself (:class:`~graphmem.models.memory.EpisodeContent`: goal, actions,
outcome and who confirmed it, environment, failure code, root cause, the procedure followed)
with observations that each cite a recorded source — they become the proposal's evidence.

Two things happen beside the commit:

* feedback shaped like a standing rule (a user's "다음부터 오류가 나면 그냥 service를
  재시작해") is not a lesson the episode may hold (the gate refuses it there). It is taken out
  of the episode and filed as a *candidate* insight about that user only (origin
  ``USER_INSTRUCTION``, kind PROCEDURE, support 0), which goes to review; it never becomes a
  procedure by itself, and never a global one. Without a user to scope it to, it is withheld;
* an episode that contradicts an approved insight in its scope (same action, the insight's
  condition met, another outcome) is attached to it as a counterexample and reopens it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from graphmem.auth.principal import Principal
from graphmem.clock import Clock, system_clock
from graphmem.crypto import ContentCipher
from graphmem.ids import new_id
from graphmem.learn.consolidate import contradicts, env_items, reopen
from graphmem.learn.generator import ClusterEpisode
from graphmem.learn.insight import Insight, InsightKind, InsightOrigin
from graphmem.limits import MAX_LIST_ITEMS
from graphmem.models.base import Record, dumps_canonical
from graphmem.models.enums import (
    ConsentBasis,
    Decision,
    MemoryType,
    Sensitivity,
    SourceKind,
    SourceRole,
    SubjectKind,
)
from graphmem.models.memory import EpisodeContent
from graphmem.models.proposal import MemoryProposal
from graphmem.models.receipts import WriteReceipt
from graphmem.models.types import (
    Identifier,
    Key,
    SubjectRef,
    Text,
    Timestamp,
    UnitFloat,
    sha256_hash,
    subject_kind,
)
from graphmem.store.base import GraphStore
from graphmem.write.instructions import instruction_shape
from graphmem.write.pipeline import WritePipeline
from graphmem.write.sources import load_sources, redacted

INSTRUCTION_METHOD = "user_instruction"
INSTRUCTION_POLICY_VERSION = "learn-instruction-1"


class Observation(Record):
    """What the run saw, citing the recorded source it came from (a tool result, a message)."""

    text: Text
    source_id: Identifier
    #: the supporting excerpt of that source (default: none)
    span: Text | None = None
    role: SourceRole = SourceRole.TOOL


class EpisodeCreate(EpisodeContent):
    """``POST /v1/episodes``: the episode, plus whom it is about and how it may be kept."""

    subject_id: SubjectRef
    namespace: Key | None = None
    observations: list[Observation] = Field(  # type: ignore[assignment]
        default_factory=list, max_length=MAX_LIST_ITEMS
    )
    #: the message the feedback came from (a user's message: the feedback is theirs)
    feedback_source_id: Identifier | None = None
    confidence: UnitFloat = 1.0
    sensitivity: Sensitivity | None = None
    consent_basis: ConsentBasis | None = None
    purposes: list[Key] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    importance: UnitFloat | None = None
    valid_from: Timestamp | None = None
    expires_at: Timestamp | None = None
    idempotency_key: Identifier | None = None

    def content(self, *, without_feedback: bool = False) -> EpisodeContent:
        data = self.model_dump(mode="json", include=set(EpisodeContent.model_fields))
        data["observations"] = [o.text for o in self.observations]
        if without_feedback:
            data["feedback"] = None
        return EpisodeContent.model_validate(data)

    def proposal(self, *, without_feedback: bool = False) -> MemoryProposal:
        evidence: dict[str, dict[str, Any]] = {}
        for o in self.observations:
            evidence.setdefault(
                o.source_id, {"event_id": o.source_id, "span": o.span, "source_role": o.role}
            )
        if self.feedback_source_id is not None and not without_feedback:
            evidence.setdefault(
                self.feedback_source_id,
                {"event_id": self.feedback_source_id, "span": None, "source_role": "user"},
            )
        return MemoryProposal.model_validate(
            {
                "memory_type": MemoryType.EPISODIC,
                "subject": self.subject_id,
                "namespace": self.namespace,
                "episode": self.content(without_feedback=without_feedback),
                "evidence": list(evidence.values()),
                "confidence": self.confidence,
                "sensitivity": self.sensitivity,
                "consent_basis": self.consent_basis,
                "purposes": self.purposes,
                "importance": self.importance,
                "valid_from": self.valid_from,
                "expires_at": self.expires_at,
                # the episode records its run (episode.run_id); it is not *kept for* the run,
                # so the run may have ended
                "idempotency_key": self.idempotency_key,
            }
        )


class EpisodeRecorded(BaseModel):
    """The answer of ``POST /v1/episodes``: the write receipt, and what happened beside it."""

    episode_id: str | None
    decision: Decision
    receipt: WriteReceipt
    #: why the feedback was taken out of the episode (a rule code), if it was
    feedback_withheld: str | None = None
    #: the user-scoped candidate the instruction became, if any
    instruction_insight_id: str | None = None
    #: approved insights this episode contradicts, reopened for review
    reopened: list[str] = Field(default_factory=list)


class EpisodeRecorder:
    def __init__(
        self,
        store: GraphStore,
        writer: WritePipeline,
        *,
        clock: Clock = system_clock,
        cipher: ContentCipher | None = None,
    ) -> None:
        self.store = store
        self.writer = writer
        self.clock = clock
        self.cipher = cipher

    def record(self, principal: Principal, body: EpisodeCreate) -> EpisodeRecorded:
        shape = instruction_shape(body.feedback) if body.feedback else None
        receipt = self.writer.propose(principal, body.proposal(without_feedback=shape is not None))
        out = EpisodeRecorded(
            episode_id=receipt.memory_id,
            decision=receipt.decision,
            receipt=receipt,
            feedback_withheld=str(shape) if shape else None,
        )
        if receipt.decision is not Decision.COMMITTED or receipt.memory_id is None:
            return out
        episode = ClusterEpisode(
            memory_id=receipt.memory_id,
            goal=body.goal,
            actions=tuple(body.action_names),
            outcome=body.outcome,
            environment=env_items(body.environment),
            failure_code=body.failure_code,
            procedure=body.procedure,
            root_cause=body.root_cause,
            run_id=body.run_id,
        )
        if shape is not None and body.feedback:
            user = self._speaker(principal, body)
            if user is not None:
                out.instruction_insight_id = self._file_instruction(
                    principal, user, body.feedback, receipt.memory_id
                )
        out.reopened = self._challenge(principal.tenant_id, body, episode)
        return out

    # -- a user's instruction → a candidate about that user ------------------------------------
    def _speaker(self, principal: Principal, body: EpisodeCreate) -> str | None:
        """The user whose instruction the feedback is: the user key's own subject, the speaker
        of the cited user message, or the episode's subject when that is a user."""
        if principal.has_any("user") and principal.subject_id is not None:
            return principal.subject_id
        if body.feedback_source_id is not None:
            found = load_sources(
                self.store, principal.tenant_id, [body.feedback_source_id], self.cipher
            ).get(body.feedback_source_id)
            if found is not None and found.kind is SourceKind.USER_MESSAGE:
                speaker = found.speaker or ""
                return speaker if speaker.startswith("user:") else None
            return None
        if subject_kind(body.subject_id) is SubjectKind.USER:
            return body.subject_id
        return None

    def _file_instruction(
        self, principal: Principal, user: str, feedback: str, episode_id: str
    ) -> str | None:
        now = self.clock()
        kept, _, report = redacted(feedback)  # no secret is kept, as in a source
        if report.findings:
            # personal data would sit unsealed in a LOW candidate: the instruction is withheld
            return None
        text = f"{user} asked for a standing rule (a proposal for review): {kept}"
        insight = Insight.model_validate(
            {
                "memory_id": new_id("ins"),
                "tenant_id": principal.tenant_id,
                "subject_id": user,
                "insight_key": sha256_hash(
                    dumps_canonical({"tenant": principal.tenant_id, "user": user, "text": kept})
                ),
                "kind": InsightKind.PROCEDURE,
                "origin": InsightOrigin.USER_INSTRUCTION,
                "text": text[:8000],
                "generator": "episode-feedback",
                "method": INSTRUCTION_METHOD,
                "policy_version": INSTRUCTION_POLICY_VERSION,
                "write_policy_version": INSTRUCTION_POLICY_VERSION,
                "content_hash": sha256_hash(text),
                "recorded_at": now,
                "valid_from": now,
            }
        )
        self.store.write(
            "learn/insight_create",
            {
                "tenant_id": principal.tenant_id,
                "subject_id": user,
                "subject_key": f"{principal.tenant_id}|{user}",
                "subject_kind": str(subject_kind(user)),
                "insight": insight.to_graph_properties(),
                # lineage, not support: erasing the episode reaches the candidate
                "support_ids": [episode_id],
                "counterexamples": [],
                "method": INSTRUCTION_METHOD,
                "policy_version": INSTRUCTION_POLICY_VERSION,
                "now": now,
            },
        )
        return insight.memory_id

    # -- a new counterexample reopens ---------------------------------------------------------
    def _challenge(self, tenant_id: str, body: EpisodeCreate, episode: ClusterEpisode) -> list[str]:
        scopes = [{"subject_id": body.subject_id, "namespace": None}]
        if body.namespace is not None:
            scopes.append({"subject_id": None, "namespace": body.namespace})
        reopened: list[str] = []
        for scope in scopes:
            for row in self.store.read("learn/insight_approved", {"tenant_id": tenant_id, **scope}):
                insight = Insight.from_graph(row["i"])
                if insight.memory_id not in reopened and contradicts(insight, episode):
                    reopen(self.store, tenant_id, insight, [episode], self.clock())
                    reopened.append(insight.memory_id)
        return reopened


__all__ = [
    "EpisodeCreate",
    "EpisodeRecorded",
    "EpisodeRecorder",
    "Observation",
]
