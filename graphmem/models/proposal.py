"""The memory write proposal (seed: "Memory proposal 예"), accepted exactly as the seed
writes it, plus optional fields. Unknown fields are refused (``extra_forbidden``) so a typo
such as ``valid_form`` cannot silently drop a rule. A proposal cannot carry ``authority``
or a procedure's release ``status``: the write gate derives those, never the proposer.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from graphmem.limits import MAX_EVIDENCE_ITEMS, MAX_LIST_ITEMS, MAX_SOURCES_PER_PROPOSAL
from graphmem.models.base import Record, dumps_canonical
from graphmem.models.enums import ConsentBasis, MemoryType, Sensitivity, SourceRole
from graphmem.models.memory import (
    ClaimContent,
    EpisodeContent,
    ProcedureContent,
    check_valid_time,
)
from graphmem.models.types import (
    ContentHash,
    Identifier,
    Key,
    SubjectRef,
    Text,
    Timestamp,
    UnitFloat,
    field_error,
    sha256_hash,
)


class Evidence(Record):
    """A pointer from a proposal to the event that supports it."""

    #: the recorded source (message, tool result, document revision) — a ``Source.source_id``
    event_id: Identifier
    #: the supporting excerpt of that event
    span: Text | None = None
    source_role: SourceRole
    content_hash: ContentHash | None = None


_PAYLOAD_FIELD: dict[MemoryType, str] = {
    MemoryType.SEMANTIC: "claim",
    MemoryType.EPISODIC: "episode",
    MemoryType.PROCEDURAL: "procedure",
}


class MemoryProposal(Record):
    memory_type: MemoryType
    subject: SubjectRef
    namespace: Key | None = None
    claim: ClaimContent | None = None
    episode: EpisodeContent | None = None
    procedure: ProcedureContent | None = None
    text: Text | None = None
    #: a proposal without evidence is an unsupported summary: the write path rejects it
    #: with UNSUPPORTED on a receipt (a policy decision, not malformed input)
    evidence: list[Evidence] = Field(default_factory=list, max_length=MAX_EVIDENCE_ITEMS)
    confidence: UnitFloat
    #: None: let the write path classify it
    sensitivity: Sensitivity | None = None
    consent_basis: ConsentBasis | None = None
    purposes: list[Key] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    importance: UnitFloat | None = None
    valid_from: Timestamp | None = None
    valid_to: Timestamp | None = None
    expires_at: Timestamp | None = None
    supersedes: Identifier | None = None
    #: the run this memory is kept for (an open run of the caller's): if its purposes are only
    #: the run's purpose, it expires when the run ends
    run_id: Identifier | None = None
    idempotency_key: Identifier | None = None

    @model_validator(mode="after")
    def _rules(self) -> MemoryProposal:
        wanted = _PAYLOAD_FIELD.get(self.memory_type)
        for memory_type, name in _PAYLOAD_FIELD.items():
            present = getattr(self, name) is not None
            if name == wanted and not present:
                raise field_error(name, "required", f"a {self.memory_type} proposal needs '{name}'")
            if name != wanted and present:
                raise field_error(
                    name,
                    "payload_mismatch",
                    f"'{name}' belongs to {memory_type} proposals, not {self.memory_type}",
                )
        check_valid_time(self.valid_from, self.valid_to)
        recorded_run = self.episode.run_id if self.episode is not None else None
        if self.run_id is not None and recorded_run not in (None, self.run_id):
            raise field_error(
                "run_id",
                "mismatch",
                f"the episode records run {recorded_run!r}, not {self.run_id!r}",
            )
        sources = {e.event_id for e in self.evidence}
        if len(sources) > MAX_SOURCES_PER_PROPOSAL:
            raise field_error(
                "evidence",
                "too_large",
                f"the evidence cites {len(sources)} sources; at most "
                f"{MAX_SOURCES_PER_PROPOSAL} per proposal",
            )
        return self

    @property
    def payload(self) -> ClaimContent | EpisodeContent | ProcedureContent | None:
        return self.claim or self.episode or self.procedure

    def canonical_json(self) -> str:
        """Normalised content as canonical JSON; the idempotency key is not content."""
        data: dict[str, Any] = self.model_dump(mode="json", exclude={"idempotency_key"})
        return dumps_canonical(data)

    def content_hash(self) -> str:
        """The proposal hash receipts carry: equal for equal normalised content."""
        return sha256_hash(self.canonical_json())


# -- one proposal shape per memory type: what OpenAPI documents and the REST API validates ---------
# ``MemoryProposal`` takes any type and checks the payload in a validator (library callers pass
# dicts); these variants say the same thing in the schema, so a client reads from OpenAPI alone
# which payload each ``memory_type`` needs. Each is a MemoryProposal: the pipeline takes it as is.


class SemanticProposal(MemoryProposal):
    """A claim about the subject: ``claim {predicate, object}`` with its evidence."""

    memory_type: Literal[MemoryType.SEMANTIC]
    claim: ClaimContent


class EpisodicProposal(MemoryProposal):
    """What happened in a run: ``episode {goal, actions, observations, outcome, …}``."""

    memory_type: Literal[MemoryType.EPISODIC]
    episode: EpisodeContent


class ProceduralProposal(MemoryProposal):
    """A version of a procedure: ``procedure {key, version, steps, …}`` (released through
    review, never by the proposer)."""

    memory_type: Literal[MemoryType.PROCEDURAL]
    procedure: ProcedureContent


class WorkingProposal(MemoryProposal):
    """Run state proposed as memory: always refused with ``WRONG_TYPE → WORKING_STATE`` on a
    receipt (run state lives in checkpoints, ``PUT /v1/runs/{run_id}/checkpoints``)."""

    memory_type: Literal[MemoryType.WORKING]


#: a proposal in a request body, discriminated by ``memory_type``
ProposalBody = Annotated[
    SemanticProposal | EpisodicProposal | ProceduralProposal | WorkingProposal,
    Field(discriminator="memory_type"),
]
#: the tags of :data:`ProposalBody`: pydantic puts the tag into an error's location
#: (``SEMANTIC.claim.predicate``); the API drops it so the field reads ``claim.predicate``
PROPOSAL_TAGS = frozenset(str(t) for t in MemoryType)
