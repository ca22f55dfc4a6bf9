"""What graphmem answers: one pydantic model per response shape, shared by the REST API
(``response_model`` on every route), the client SDK (:mod:`graphmem.client` parses every answer
into these) and the library (each result's ``as_dict()`` validates as the same model; the tests
hold them equal).

The rule: a response model is *open* (``extra="allow"``). The fields listed are the ones a
caller may rely on and OpenAPI documents; rows read from the graph may carry more (a retrieval
row's ``open_conflicts``, a provenance row's span), and a newer server may add fields that an
older SDK must keep rather than reject. Requests are the opposite: every request model forbids
unknown fields (:class:`graphmem.models.base.Record`), so a typo is a 422, never silently lost.

Records that already exist for storage (``WriteReceipt``, ``DeletionReceipt``,
``ErasurePreview``, ``Checkpoint`` …) are answered as they are; this module holds the shapes
that had been built as plain dicts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field

from graphmem.models.receipts import DeletionReceipt, Reinstated
from graphmem.models.state import Checkpoint, RunToolReceipt

JsonMap = dict[str, Any]


class PublicModel(BaseModel):
    """Base of every response model: open to fields it does not list (see module doc)."""

    model_config = ConfigDict(extra="allow")

    @classmethod
    def pick(cls, data: Mapping[str, Any]) -> Self:
        """Only the listed fields of a stored record (a source's content, tenant and sealing
        stay behind): for answers built from records that hold more than callers see."""
        return cls.model_validate({k: v for k, v in data.items() if k in cls.model_fields})


# -- errors ------------------------------------------------------------------------------------


class ErrorIssue(PublicModel):
    """One broken rule on one field: ``field`` is a dotted path (``evidence.0.span``)."""

    field: str
    rule: str
    message: str


class ErrorBody(PublicModel):
    """Every error answer, whatever its status: ``{code, message, errors?}``; details that
    belong to one error (``current_version``, ``required_roles`` …) ride beside them."""

    code: str
    message: str
    errors: list[ErrorIssue] | None = None


class SkippedRecord(ErrorBody):
    """A stored record a listing left out because it does not match its model (written by
    hand or by an older release): ``STORED_RECORD_INVALID`` naming the record, its id and each
    field with its rule. The data is at fault, not the request; the page is otherwise whole."""

    record: str
    record_id: str | None = None


class ListingPage(PublicModel):
    """What every listing answers beside its items: ``count`` on this page, ``total`` matching
    the filters (records skipped included), ``next_cursor`` to pass back as ``cursor`` with the
    same filters (null on the last page; graphmem.paging), and the stored records ``skipped``."""

    count: int
    total: int
    next_cursor: str | None = None
    skipped: list[SkippedRecord] = Field(default_factory=list)


class DeletionReceiptPage(ListingPage):
    """A page of the tenant's deletion receipts, newest first (:class:`ListingPage`)."""

    receipts: list[DeletionReceipt]


class CheckpointPage(ListingPage):
    """A page of a run's checkpoints, newest first (:class:`ListingPage`)."""

    checkpoints: list[Checkpoint]


class ToolReceiptPage(ListingPage):
    """A page of a run's recorded tool calls, oldest first (:class:`ListingPage`)."""

    receipts: list[RunToolReceipt]


# -- identity and health -----------------------------------------------------------------------


class WhoAmI(PublicModel):
    tenant_id: str
    principal_id: str
    roles: list[str]
    subject_id: str | None = None
    grants: list[str] = Field(default_factory=list)


class Health(PublicModel):
    status: str = Field(description="ok, or degraded when the engine or schema is not ready")
    engine: JsonMap
    capabilities: JsonMap
    schema_version: int | None
    embedding: JsonMap
    scope_cache: JsonMap


# -- sources -----------------------------------------------------------------------------------


class SourcePublic(PublicModel):
    """A recorded source as its recorder sees it (the content itself is not echoed)."""

    source_id: str
    content_hash: str
    kind: str
    authenticated: bool
    speaker: str | None = None
    subject_id: str | None = None
    revision: str | None = None
    uri: str | None = None
    previous_source_id: str | None = None
    redactions: list[str] = Field(default_factory=list)
    recorded_at: str


# -- memories ----------------------------------------------------------------------------------


class MemoryPublic(PublicModel):
    """A memory as callers read it (no vector): the fields of every memory type; a claim adds
    ``predicate``/``object``, an episode its goal, actions, outcome …, a procedure its steps."""

    memory_id: str
    type: str
    subject_id: str
    #: absent from retrieval results (the caller's own tenant by construction)
    tenant_id: str | None = None
    text: str | None = None
    confidence: float | None = None
    authority: str | None = None
    sensitivity: str | None = None
    status: str | None = None
    recorded_at: str | None = None
    valid_from: str | None = None
    valid_to: str | None = None
    tx_to: str | None = None
    expires_at: str | None = None
    purposes: list[str] = Field(default_factory=list)
    predicate: str | None = None
    object: Any = None


class MemoryPage(ListingPage):
    """A page of memories (:class:`ListingPage`)."""

    memories: list[MemoryPublic]
    subject_id: str | None = None


class SupersededRef(PublicModel):
    """A version a memory supersedes: its id, the edge's ``kind`` (``CORRECTION``, ``UPDATE``,
    ``EXPLICIT``, ``VERSION``, ``RELEASE``, ``ROLLBACK``) and ``reason``."""

    memory_id: str
    kind: str | None = None
    reason: str | None = None


class HistoryVersion(MemoryPublic):
    """One version of a memory's supersession history with the first page of the versions it
    supersedes: ``supersedes_total`` counts them all, ``supersedes_next_cursor`` (null when the
    list is whole) is the ``cursor`` of ``GET /v1/memories/{this version's id}/supersedes``."""

    supersedes: list[SupersededRef] = Field(default_factory=list)
    supersedes_total: int = 0
    supersedes_next_cursor: str | None = None


class SupersedesPage(ListingPage):
    """A page of the versions a memory supersedes (:class:`ListingPage`), in the order of its
    history entry's ``supersedes``."""

    memory_id: str
    supersedes: list[SupersededRef]


class MemoryDetailPublic(PublicModel):
    """One memory with the first page of its supersession history and of its provenance:
    each list's ``…_total`` counts all of it, and ``…_next_cursor`` (null when the list is
    whole) is the ``cursor`` of ``GET /v1/memories/{id}/history`` or ``…/provenance`` for the
    rest."""

    memory: MemoryPublic
    history: list[HistoryVersion]
    history_total: int
    history_next_cursor: str | None = None
    provenance: list[JsonMap]
    provenance_total: int
    provenance_next_cursor: str | None = None


class HistoryPage(ListingPage):
    """A page of a memory's supersession history, oldest first (:class:`ListingPage`)."""

    memory_id: str
    history: list[HistoryVersion]


class ProvenancePage(ListingPage):
    """A page of the sources a memory cites, by source id (:class:`ListingPage`)."""

    memory_id: str
    provenance: list[JsonMap]


# -- retrieval and context ---------------------------------------------------------------------


class ScoredMemory(PublicModel):
    memory: MemoryPublic
    score: float
    breakdown: dict[str, float]


class Exclusion(PublicModel):
    memory_id: str
    reason: str


class RetrievalPublic(PublicModel):
    """``POST /v1/retrieve``: ranked results with their score breakdown, and what the hard
    filters kept out (ids and reasons, never content)."""

    query_id: str
    results: list[ScoredMemory]
    excluded: list[Exclusion]
    retriever_version: str
    policy_version: str


class ContextItem(PublicModel):
    id: str | None = None
    ref: str | None = None
    text: str
    tokens: int


class ContextSection(PublicModel):
    name: str
    items: list[ContextItem]


class ContextDropped(PublicModel):
    id: str | None = None
    section: str
    reason: str


class ContextSelection(PublicModel):
    query_ids: list[str]
    selected_ids: list[str]
    positions: dict[str, int]


class ContextPublic(PublicModel):
    """``POST /v1/context``: the sections placed, the rendered text within the budget, what was
    dropped and why, and ``refs`` (``m1`` → memory id)."""

    context_id: str
    sections: list[ContextSection]
    text: str
    tokens_used: int
    budget_tokens: int
    dropped: list[ContextDropped]
    refs: dict[str, str]
    selection: ContextSelection
    context_version: str
    retriever_version: str
    policy_version: str


# -- forgetting --------------------------------------------------------------------------------


class AffectedPublic(PublicModel):
    memory_id: str
    status: str
    path: list[str]
    confidence: float | None = None


class RevocationPublic(PublicModel):
    receipt_id: str
    target: str
    reason: str
    revoked: list[str]
    needs_review: list[str]
    affected: list[AffectedPublic]
    reinstated: list[Reinstated]
    recorded_at: str
    policy_version: str


class DeletionVerification(PublicModel):
    receipt_id: str
    result: str = Field(description="COMPLETE, or INCOMPLETE with what remains")
    remaining: dict[str, int]
    verified_at: str
    data_files_checked: int


class WriteVerification(PublicModel):
    receipt_id: str
    decision: str
    memory_id: str | None
    memory_status: str | None = Field(description="the named memory's status now, if any")
    result: str = Field(description="VERIFIED, or BROKEN with the checks that failed")
    checked: list[str]
    failed: list[str]
    verified_at: str


class SweepResult(PublicModel):
    expired: list[str]
    count: int
    runs_deleted: list[str]


class PurposeExpiry(PublicModel):
    purpose: str
    expired: list[str]
    narrowed: list[str]


class Aggregate(PublicModel):
    aggregate_id: str | None
    subject_id: str
    month: str
    episodes: int
    originals: str
    receipt_id: str | None = None


class CompactResult(PublicModel):
    aggregates: list[Aggregate]
    count: int


# -- analysts ----------------------------------------------------------------------------------


class NamedQueryPublic(PublicModel):
    name: str
    mode: str
    doc: str
    params: list[str]
    tenant_bound: bool
    param_types: dict[str, str]
    #: runs a page at a time (``limit``, ``cursor``)
    paged: bool = False


class CypherResult(ListingPage):
    """A page of a named query's rows (:class:`ListingPage`): ``limit`` rows at most, the
    next page by ``next_cursor`` with the same parameters."""

    name: str
    rows: list[JsonMap]


class AdhocCypherResult(PublicModel):
    """An admin's ad-hoc query's rows: at most ``limit``, in the engine's order; ``truncated``
    when the query had more. Not a listing: an arbitrary query has no stable total order for a
    cursor to resume on (graphmem.adhoc.cap), so narrow it, or order it and use ``SKIP``."""

    name: str
    rows: list[JsonMap]
    count: int
    limit: int
    truncated: bool


# -- keys --------------------------------------------------------------------------------------


class KeyPublic(PublicModel):
    """An API key as listed (never its secret or hash)."""

    key_id: str
    principal_id: str
    roles: list[str]
    subject_id: str | None = None
    grants: list[str] = Field(default_factory=list)
    created_at: str
    revoked_at: str | None = None
