"""Memory nodes: ``:Memory`` plus exactly one of ``:Claim``, ``:Episode``, ``:Procedure``.

A memory's content is never edited in place (DESIGN §6): a change is a new node that
supersedes the old one. Only lifecycle fields change on a stored node (``status``,
``tx_to``, a procedure's ``lifecycle``); :meth:`Record.evolve` gives a validated copy.

Time intervals are half-open: a memory is valid for ``valid_from <= t < valid_to`` and was
believed for ``recorded_at <= t < tx_to``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, ClassVar

from pydantic import AliasChoices, Field, JsonValue, field_validator, model_validator

from graphmem import timeutil
from graphmem.errors import FieldIssue, ValidationError
from graphmem.limits import MAX_LIST_ITEMS, MAX_MAP_KEYS
from graphmem.models.base import GraphRecord, Record, stored_record_invalid
from graphmem.models.enums import (
    Authority,
    ConsentBasis,
    MemoryStatus,
    MemoryType,
    Outcome,
    OutcomeConfirmer,
    ProcedureEffect,
    ProcedureStatus,
    ReleaseRole,
    ReviewDecision,
    Sensitivity,
)
from graphmem.models.types import (
    ClaimObject,
    ContentHash,
    Embedding,
    Identifier,
    Key,
    OneOrMany,
    ProcedureRef,
    ScopePath,
    Semver,
    ShortText,
    SubjectRef,
    Text,
    Timestamp,
    UnitFloat,
    field_error,
    semver_sort_key,
)

# -- type-specific content, shared by proposals and nodes ------------------------------


class ClaimContent(Record):
    """The seed's ``claim``: subject —predicate→ object."""

    predicate: Key
    object: ClaimObject


class EpisodeAction(Record):
    """One attempt in a run: what was done, with what, and what came back. A plain string
    is an action with only a ``name``."""

    name: ShortText
    input: Text | None = None
    result: Text | None = None


_ENV_GROUPS = ("tool_versions", "signals")


class EpisodeContent(Record):
    """What happened in one run: goal, attempts, what was seen, how it ended, who confirmed
    it, and the conditions it ran under.

    ``environment`` is stored flat (``{"os": "windows", "vpn_client": "5.2",
    "adapter_mismatch": true}``) because retrieval matches a run's ``state.environment``
    key by key and consolidation splits outcomes by those same items. It may be given
    grouped — ``{"os": …, "app": …, "tool_versions": {…}, "signals": {…}}`` — and is
    flattened on validation (a key given twice is an error naming it); with exactly one
    tool version and no ``tool_version``, that becomes ``tool_version`` (``name@version``).
    """

    goal: Text
    actions: list[EpisodeAction] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    observations: list[Text] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    outcome: Outcome = Outcome.UNKNOWN
    #: who established the outcome: the user, a tool's check, an evaluator
    outcome_confirmed_by: OutcomeConfirmer | None = None
    outcome_detail: Text | None = None
    feedback: Text | None = None
    #: conditions the episode ran under (``{"os": "windows", "adapter_mismatch": true}``)
    environment: dict[Key, str | int | float | bool] = Field(
        default_factory=dict, max_length=MAX_MAP_KEYS
    )
    #: attempts that did not work, kept as counter-evidence (``DNS flush did not help``)
    failures: list[Text] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    tool_version: ShortText | None = None
    failure_code: Identifier | None = None
    #: what the failure came down to (``certificate expired``), when known
    root_cause: Text | None = None
    run_id: Identifier | None = None
    #: the procedure version the run followed (``key@version``): its outcome counts for that
    #: release's health (graphmem.learn.health)
    procedure: ProcedureRef | None = None

    @field_validator("actions", mode="before")
    @classmethod
    def _plain_actions(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [{"name": a} if isinstance(a, str) else a for a in value]
        return value

    @model_validator(mode="before")
    @classmethod
    def _flat_environment(cls, data: Any) -> Any:
        if not isinstance(data, Mapping) or not isinstance(data.get("environment"), Mapping):
            return data
        env = dict(data["environment"])
        flat: dict[str, Any] = {k: v for k, v in env.items() if k not in _ENV_GROUPS}
        tools: dict[str, Any] = {}
        for group in _ENV_GROUPS:
            items = env.get(group) or {}
            if not isinstance(items, Mapping):
                raise field_error(
                    f"environment.{group}", "type", f"environment.{group} must be an object"
                )
            for key, value in items.items():
                if key in flat:
                    raise field_error(
                        f"environment.{group}.{key}",
                        "duplicate_key",
                        f"{key!r} is given twice in the environment",
                    )
                flat[key] = value
            if group == "tool_versions":
                tools = dict(items)
        data = {**data, "environment": flat}
        if len(tools) == 1 and data.get("tool_version") is None:
            ((name, version),) = tools.items()
            data["tool_version"] = f"{name}@{version}"
        return data

    @property
    def action_names(self) -> list[str]:
        return [a.name for a in self.actions]


class ProcedureContent(Record):
    """A procedure version as authored (the seed's procedure record minus ``status``:
    release state is set by review, never by whoever proposes the procedure)."""

    procedure_key: Identifier = Field(validation_alias=AliasChoices("procedure_key", "key", "id"))
    version: Semver
    scope: ScopePath
    preconditions: list[ShortText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    steps: Annotated[list[ShortText], Field(min_length=1, max_length=MAX_LIST_ITEMS)]
    effect: ProcedureEffect
    #: what needs approval at run time (``reset requires user confirmation``)
    approval: Text | None = None
    rollback: Text | None = None
    tests: Annotated[list[Identifier], OneOrMany] = Field(
        default_factory=list, max_length=MAX_LIST_ITEMS
    )
    owner: Identifier
    required_capabilities: list[Key] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)


# -- nodes -----------------------------------------------------------------------------


class Memory(GraphRecord):
    """Fields every memory node has (the seed's memory record schema)."""

    LABELS: ClassVar[tuple[str, ...]] = ("Memory",)
    KEY = "memory_id"
    MEMORY_TYPE: ClassVar[MemoryType]

    memory_id: Identifier
    type: MemoryType
    tenant_id: Identifier
    subject_id: SubjectRef
    namespace: Key | None = None
    #: text for embedding and full-text search
    text: Text | None = None
    #: further structured content, stored as ``content_json``
    content: dict[str, JsonValue] | None = None
    confidence: UnitFloat
    authority: Authority
    sensitivity: Sensitivity = Sensitivity.LOW
    consent_basis: ConsentBasis | None = None
    purposes: list[Key] = Field(default_factory=list)
    importance: UnitFloat | None = None
    #: transaction time: when the system started (and stopped) believing this
    recorded_at: Timestamp = Field(default_factory=timeutil.now_iso)
    tx_to: Timestamp | None = None
    #: valid time: when it is true in the world; defaults to ``recorded_at``
    valid_from: Timestamp = Field(default_factory=timeutil.now_iso)
    valid_to: Timestamp | None = None
    #: retention, not validity: past it the memory is EXPIRED
    expires_at: Timestamp | None = None
    status: MemoryStatus = MemoryStatus.ACTIVE
    write_policy_version: Identifier
    embedding_version: Identifier | None = None
    embedding: Embedding | None = None
    #: what this memory competes with: ``claim:<predicate>``, ``procedure:<key>``; None
    #: for episodes, which record events and never contradict one another
    conflict_key: ShortText | None = None
    #: sha256 of the normalised content, for duplicates and erasure proofs
    content_hash: ContentHash | None = None
    #: the run it was kept for (or, for an episode, the run it records): when that run ends,
    #: a memory whose only purpose is the run's expires (graphmem.state.ending)
    run_id: Identifier | None = None

    @model_validator(mode="before")
    @classmethod
    def _defaults(cls, data: Any) -> Any:
        if isinstance(data, Mapping):
            data = dict(data)
            if data.get("type") is None and hasattr(cls, "MEMORY_TYPE"):
                data["type"] = cls.MEMORY_TYPE
            if data.get("recorded_at") is None:
                data["recorded_at"] = timeutil.now_iso()
            if data.get("valid_from") is None:
                data["valid_from"] = data["recorded_at"]
        return data

    @model_validator(mode="after")
    def _memory_rules(self) -> Memory:
        expected = getattr(type(self), "MEMORY_TYPE", None)
        if expected is not None and self.type is not expected:
            raise field_error(
                "type", "type_mismatch", f"a {type(self).__name__} has type {expected}"
            )
        check_valid_time(self.valid_from, self.valid_to)
        if self.tx_to is not None and self.tx_to < self.recorded_at:
            raise field_error("tx_to", "tx_time_order", "tx_to must not be before recorded_at")
        if self.embedding is not None and self.embedding_version is None:
            raise field_error(
                "embedding_version", "required", "an embedding must name its embedding_version"
            )
        return self

    def valid_at(self, at: str) -> bool:
        """Whether the fact holds at ``at`` (a normalised timestamp)."""
        return self.valid_from <= at and (self.valid_to is None or at < self.valid_to)

    def known_at(self, at: str) -> bool:
        """Whether the system believed this at ``at``."""
        return self.recorded_at <= at and (self.tx_to is None or at < self.tx_to)


def check_valid_time(valid_from: str | None, valid_to: str | None) -> None:
    if valid_from is not None and valid_to is not None and valid_to <= valid_from:
        raise field_error("valid_to", "valid_time_order", "valid_to must be after valid_from")


class Claim(Memory):
    """Semantic memory: a verified, consolidated claim about a subject."""

    LABELS = ("Memory", "Claim")
    MEMORY_TYPE = MemoryType.SEMANTIC

    predicate: Key
    object: ClaimObject


class Episode(EpisodeContent, Memory):
    """Episodic memory. Its valid time is when it happened."""

    LABELS = ("Memory", "Episode")
    MEMORY_TYPE = MemoryType.EPISODIC


class Procedure(ProcedureContent, Memory):
    """Procedural memory: one release-managed version of a procedure. The content is the
    version as authored and never changes; the release fields below are lifecycle fields,
    set only by the release model (:mod:`graphmem.learn.releases`) with a receipt per step."""

    LABELS = ("Memory", "Procedure")
    MEMORY_TYPE = MemoryType.PROCEDURAL
    DERIVED = frozenset({"version_sort"})

    lifecycle: ProcedureStatus = ProcedureStatus.DRAFT
    #: what a PUBLISHED version serves now: every run, or the canary cohort
    release_role: ReleaseRole | None = None
    #: the share of runs (by cohort hash) a CANARY serves
    canary_percent: Annotated[int, Field(ge=0, le=100)] | None = None
    scope_review: ReviewDecision | None = None
    security_review: ReviewDecision | None = None
    #: the verdict of the last simulator run of the declared tests, and its report's hash
    tests_passed: bool | None = None
    test_report_hash: ContentHash | None = None
    #: the authored release document (a HUMAN_REVIEW source holding the scenarios)
    release_source_id: Identifier | None = None
    #: when the current canary started (its health counts outcomes from here)
    canary_since: Timestamp | None = None
    published_by: Identifier | None = None
    published_at: Timestamp | None = None

    def derived_properties(self) -> dict[str, Any]:
        # versions as text do not sort ("2.10.0" < "2.9.0"); this does, for ORDER BY
        return {"version_sort": semver_sort_key(self.version)}


MEMORY_CLASSES: dict[MemoryType, type[Memory]] = {
    MemoryType.SEMANTIC: Claim,
    MemoryType.EPISODIC: Episode,
    MemoryType.PROCEDURAL: Procedure,
}

AnyMemory = Claim | Episode | Procedure


def memory_from_graph(row: Mapping[str, Any]) -> Claim | Episode | Procedure:
    """Rebuild the right memory class from a ``:Memory`` node's properties, by ``type``."""
    try:
        memory_type = MemoryType(str(row.get("type")))
        cls = MEMORY_CLASSES[memory_type]
    except (ValueError, KeyError):
        allowed = ", ".join(t for t in MEMORY_CLASSES)
        issue = FieldIssue("type", "enum", f"a memory node's type must be one of {allowed}")
        raise stored_record_invalid("Memory", row, "memory_id", ValidationError([issue])) from None
    result = cls.from_graph(row)
    assert isinstance(result, Claim | Episode | Procedure)
    return result


__all__ = [
    "MEMORY_CLASSES",
    "AnyMemory",
    "Claim",
    "ClaimContent",
    "Episode",
    "EpisodeAction",
    "EpisodeContent",
    "Memory",
    "Procedure",
    "ProcedureContent",
    "check_valid_time",
    "memory_from_graph",
]
