"""Closed vocabularies of graphmem.

Every enum here accepts its values case-insensitively (``"semantic"`` and ``"SEMANTIC"`` are
the same :class:`MemoryType`), because the seed writes some of them in lower case
(``explicit_user_statement``, ``explicit_user_request``) and others in upper case. The
canonical value is the one stored and serialised.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import Any


class _Enum(StrEnum):
    """Case- and surrounding-whitespace-insensitive lookup by value or member name."""

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if isinstance(value, str):
            wanted = value.strip().lower()
            for member in cls:
                if member.value.lower() == wanted or member.name.lower() == wanted:
                    return member
        return None

    @classmethod
    def values(cls) -> list[str]:
        return [m.value for m in cls]


@cache
def _ranks(cls: type[_Enum]) -> dict[Any, int]:
    """Each member's place in declaration order (enums are closed: computed once)."""
    return {member: i for i, member in enumerate(cls)}


class _RankedEnum(_Enum):
    """An enum whose members are ordered by declaration: the first has rank 0.

    Comparisons (``<``, ``>=`` …) use the rank, not the text; a plain string on the other
    side is looked up first (``Authority.DOCUMENT < "human_review"``). Equality stays
    equality of values, which agrees with rank equality because ranks are unique.
    """

    @property
    def rank(self) -> int:
        return _ranks(type(self))[self]

    def _other_rank(self, other: object) -> int | None:
        if isinstance(other, type(self)):
            return other.rank
        if isinstance(other, str):
            try:
                return type(self)(other).rank
            except ValueError:
                return None
        return None

    def __lt__(self, other: object) -> bool:
        rank = self._other_rank(other)
        return NotImplemented if rank is None else self.rank < rank

    def __le__(self, other: object) -> bool:
        rank = self._other_rank(other)
        return NotImplemented if rank is None else self.rank <= rank

    def __gt__(self, other: object) -> bool:
        rank = self._other_rank(other)
        return NotImplemented if rank is None else self.rank > rank

    def __ge__(self, other: object) -> bool:
        rank = self._other_rank(other)
        return NotImplemented if rank is None else self.rank >= rank


class MemoryType(_Enum):
    WORKING = "WORKING"
    EPISODIC = "EPISODIC"
    SEMANTIC = "SEMANTIC"
    PROCEDURAL = "PROCEDURAL"


class MemoryStatus(_Enum):
    """Lifecycle of every memory node. Only ACTIVE memories are ever retrieved."""

    ACTIVE = "ACTIVE"
    SUPERSEDED = "SUPERSEDED"
    EXPIRED = "EXPIRED"
    REVOKED = "REVOKED"
    ERASED = "ERASED"
    NEEDS_REVIEW = "NEEDS_REVIEW"
    PENDING_CONFIRMATION = "PENDING_CONFIRMATION"

    @property
    def retrievable(self) -> bool:
        return self is MemoryStatus.ACTIVE


class ProcedureStatus(_Enum):
    """Release lifecycle of a procedure version, separate from its :class:`MemoryStatus`.

    A procedure node carries both: ``status`` (shared by all memories: ACTIVE, REVOKED,
    ERASED …) and ``lifecycle`` (this). Only a PUBLISHED version is ever served to a run, and
    only through the release model (:mod:`graphmem.learn.resolve`). The seed's lifecycle
    "proposal → scope and precondition review → test in simulator → security review →
    versioned publish → canary → monitor → rollback or promote" maps to: DRAFT (proposed),
    IN_REVIEW (scope approved; tests and the security review follow), PUBLISHED (immutable
    from here; serving as stable or canary, or waiting for a canary), DEPRECATED (replaced by
    a promoted version; a rollback of its successor may reinstate it), REJECTED and
    ROLLED_BACK (terminal: a fix is a new version).
    """

    DRAFT = "DRAFT"
    IN_REVIEW = "IN_REVIEW"
    REJECTED = "REJECTED"
    PUBLISHED = "PUBLISHED"
    DEPRECATED = "DEPRECATED"
    ROLLED_BACK = "ROLLED_BACK"

    def allowed_next(self) -> frozenset[ProcedureStatus]:
        return _PROCEDURE_TRANSITIONS[self]

    def can_transition(self, to: ProcedureStatus | str) -> bool:
        return ProcedureStatus(to) in _PROCEDURE_TRANSITIONS[self]

    @property
    def terminal(self) -> bool:
        return not _PROCEDURE_TRANSITIONS[self]


_PROCEDURE_TRANSITIONS: dict[ProcedureStatus, frozenset[ProcedureStatus]] = {
    ProcedureStatus.DRAFT: frozenset({ProcedureStatus.IN_REVIEW, ProcedureStatus.REJECTED}),
    ProcedureStatus.IN_REVIEW: frozenset({ProcedureStatus.PUBLISHED, ProcedureStatus.REJECTED}),
    ProcedureStatus.PUBLISHED: frozenset({ProcedureStatus.DEPRECATED, ProcedureStatus.ROLLED_BACK}),
    # rolling back the version that replaced it puts the previous stable back
    ProcedureStatus.DEPRECATED: frozenset({ProcedureStatus.PUBLISHED}),
    ProcedureStatus.REJECTED: frozenset(),
    ProcedureStatus.ROLLED_BACK: frozenset(),
}


class ReleaseRole(_Enum):
    """What a PUBLISHED version serves: every run (STABLE) or a cohort of runs (CANARY)."""

    STABLE = "STABLE"
    CANARY = "CANARY"


class ReviewStage(_Enum):
    """The two human reviews of a procedure release (seed: "scope and precondition review",
    "security review")."""

    SCOPE = "SCOPE"
    SECURITY = "SECURITY"


class ReviewDecision(_Enum):
    APPROVE = "APPROVE"
    REJECT = "REJECT"


class ReleaseAction(_Enum):
    """The step of a procedure release a :class:`~graphmem.learn.models.ReleaseReceipt`
    records."""

    DRAFT = "DRAFT"
    REVIEW = "REVIEW"
    TEST = "TEST"
    PUBLISH = "PUBLISH"
    CANARY = "CANARY"
    PROMOTE = "PROMOTE"
    ROLLBACK = "ROLLBACK"
    #: the monitor rolled a canary back (worse than stable beyond the threshold, or a safety
    #: signal)
    AUTO_ROLLBACK = "AUTO_ROLLBACK"


class Authority(_RankedEnum):
    """Who stands behind a memory, weakest first (``rank`` 0 is UNTRUSTED).

    Why this order: a system policy from an approved repository and a human reviewer's
    verdict outrank anything a user says in chat; an authenticated user's explicit
    statement is the only source of that user's preferences; a verified tool result is an
    observation (never an instruction) and outranks a corpus document, whose revision may
    drift; what is inferred from a user's behaviour is weaker than what they said; a
    model's own output is below any recorded source; content from an unauthenticated or
    untrusted origin (e.g. instructions inside a tool output) has no authority at all.
    """

    UNTRUSTED = "untrusted"
    MODEL_OUTPUT = "model_output"
    INFERRED_FROM_USER = "inferred_from_user"
    DOCUMENT = "document"
    VERIFIED_TOOL_RESULT = "verified_tool_result"
    EXPLICIT_USER_STATEMENT = "explicit_user_statement"
    HUMAN_REVIEW = "human_review"
    SYSTEM_POLICY = "system_policy"


class Sensitivity(_RankedEnum):
    """How careful context building must be; ordered LOW < MEDIUM < HIGH < RESTRICTED."""

    LOW = "LOW"
    MEDIUM = "MEDIUM"
    HIGH = "HIGH"
    RESTRICTED = "RESTRICTED"


class ConsentBasis(_Enum):
    """Why graphmem may keep a memory (GDPR art. 6 bases, plus the seed's explicit request)."""

    EXPLICIT_USER_REQUEST = "explicit_user_request"
    CONSENT = "consent"
    CONTRACT = "contract"
    LEGAL_OBLIGATION = "legal_obligation"
    VITAL_INTEREST = "vital_interest"
    PUBLIC_TASK = "public_task"
    LEGITIMATE_INTEREST = "legitimate_interest"
    NONE = "none"


class SourceKind(_Enum):
    USER_MESSAGE = "USER_MESSAGE"
    TOOL_RESULT = "TOOL_RESULT"
    DOCUMENT = "DOCUMENT"
    MODEL_OUTPUT = "MODEL_OUTPUT"
    HUMAN_REVIEW = "HUMAN_REVIEW"
    SYSTEM = "SYSTEM"

    def default_authority(self, *, authenticated: bool) -> Authority:
        """The most a source of this kind can vouch for; unauthenticated sources vouch for
        nothing, except a model's output, which is what it is either way."""
        if self is SourceKind.MODEL_OUTPUT:
            return Authority.MODEL_OUTPUT
        if not authenticated:
            return Authority.UNTRUSTED
        return _DEFAULT_AUTHORITY[self]


_DEFAULT_AUTHORITY: dict[SourceKind, Authority] = {
    SourceKind.USER_MESSAGE: Authority.EXPLICIT_USER_STATEMENT,
    SourceKind.TOOL_RESULT: Authority.VERIFIED_TOOL_RESULT,
    SourceKind.DOCUMENT: Authority.DOCUMENT,
    SourceKind.MODEL_OUTPUT: Authority.MODEL_OUTPUT,
    SourceKind.HUMAN_REVIEW: Authority.HUMAN_REVIEW,
    SourceKind.SYSTEM: Authority.SYSTEM_POLICY,
}


class SourceRole(_Enum):
    """The speaker of a piece of evidence (the seed's ``source_role``)."""

    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"
    SYSTEM = "system"
    REVIEWER = "reviewer"
    DOCUMENT = "document"


class SubjectKind(_Enum):
    """The prefix of a subject id: ``user:u_104``, ``project:alpha``."""

    USER = "user"
    PROJECT = "project"
    ORG = "org"
    AGENT = "agent"
    TEAM = "team"
    SERVICE = "service"


class Decision(_Enum):
    COMMITTED = "COMMITTED"
    REJECTED = "REJECTED"
    NEEDS_CONFIRMATION = "NEEDS_CONFIRMATION"
    DUPLICATE = "DUPLICATE"


class Role(_Enum):
    AGENT = "agent"
    USER = "user"
    ANALYST = "analyst"
    ADMIN = "admin"
    REVIEWER = "reviewer"


class WriteStage(_Enum):
    """Stages of the write path, in order (seed: extraction → … → commit or reject)."""

    RECEIVE = "RECEIVE"
    #: text made comparable before any scanner reads it (invisible characters, confusables,
    #: markup, broken words, encoded runs); see ``graphmem.write.normalize``
    NORMALIZE = "NORMALIZE"
    CLASSIFY = "CLASSIFY"
    PROVENANCE = "PROVENANCE"
    #: the claim says what its quoted span says; see ``graphmem.write.grounding``
    GROUNDING = "GROUNDING"
    SENSITIVITY_CONSENT = "SENSITIVITY_CONSENT"
    GATE = "GATE"
    #: what a memory means, read by the multilingual embedder against the forbidden intents
    #: (a near-hit asks for confirmation); see ``graphmem.write.intents``
    INTENT = "INTENT"
    CONFLICT = "CONFLICT"
    VALIDATE = "VALIDATE"
    COMMIT = "COMMIT"


class Verdict(_Enum):
    PASS = "PASS"
    WARN = "WARN"
    FAIL = "FAIL"
    SKIPPED = "SKIPPED"


class SupersessionKind(_Enum):
    """Why a new version replaced an old one (the ``kind`` of a ``SUPERSEDES`` edge)."""

    #: the old record was wrong for the same valid time (owner was Mina since July 1, not Jin)
    CORRECTION = "CORRECTION"
    #: the world changed: the old fact was true until the new one's valid_from
    UPDATE = "UPDATE"
    #: the proposal named the memory it supersedes
    EXPLICIT = "EXPLICIT"
    #: a user edited their own memory
    USER_EDIT = "USER_EDIT"
    #: episodes consolidated into a claim or procedure
    CONSOLIDATION = "CONSOLIDATION"
    #: a new procedure version was released
    RELEASE = "RELEASE"
    #: a procedure release was rolled back to an earlier version
    ROLLBACK = "ROLLBACK"


class ConflictStatus(_Enum):
    OPEN = "OPEN"
    RESOLVED = "RESOLVED"
    DISMISSED = "DISMISSED"


class DeletionScope(_Enum):
    MEMORY = "MEMORY"
    SUBJECT = "SUBJECT"
    SOURCE = "SOURCE"


class VerificationStatus(_Enum):
    UNVERIFIED = "UNVERIFIED"
    VERIFIED = "VERIFIED"
    FAILED = "FAILED"


class RunStatus(_Enum):
    """Status of a run in a checkpoint. The last three end it (``POST /v1/runs/{id}/end``)."""

    RUNNING = "RUNNING"
    WAITING_APPROVAL = "WAITING_APPROVAL"
    PAUSED = "PAUSED"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"
    CANCELLED = "CANCELLED"

    @property
    def terminal(self) -> bool:
        return self in (RunStatus.SUCCEEDED, RunStatus.FAILED, RunStatus.CANCELLED)


class ToolCallStatus(_Enum):
    """A tool call in a run's receipt: claimed before acting (STARTED), then its outcome.
    Only STARTED may still change, once, to an outcome."""

    STARTED = "STARTED"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"


class Outcome(_Enum):
    """How an episode ended."""

    SUCCESS = "SUCCESS"
    PARTIAL = "PARTIAL"
    FAILURE = "FAILURE"
    UNKNOWN = "UNKNOWN"


class OutcomeConfirmer(_Enum):
    """Who established an episode's outcome: the user said so, a tool's check showed it, or
    an evaluator judged it."""

    USER = "user"
    TOOL = "tool"
    EVALUATOR = "evaluator"


class ProcedureEffect(_Enum):
    """What running a procedure can do to the world (seed: ``effect: REVERSIBLE_WRITE``)."""

    READ_ONLY = "READ_ONLY"
    REVERSIBLE_WRITE = "REVERSIBLE_WRITE"
    IRREVERSIBLE_WRITE = "IRREVERSIBLE_WRITE"
