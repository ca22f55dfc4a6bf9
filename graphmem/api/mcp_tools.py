"""The MCP tools: what an agent runtime can do with graphmem through the Model Context Protocol.

Each tool is a thin call into the same service methods the REST routers call (``Graphmem``,
``graphmem.lifecycle.selfservice``, the erasure helpers), under the principal of the caller's
key, after the same role check (the REST dependencies' ``require_roles`` over the same role
tuples): an MCP client can do exactly what its key can do over REST, with the same hard
filters, the same gate and the same receipts. Nothing here reads or writes the graph on its
own.

Arguments that are graphmem request models (a claim, an episode, run state, a checkpoint) are
validated by graphmem, not by the SDK, so a bad one is answered in graphmem's error shape —
``{status, code, message, errors:[{field, rule, message}]}`` — with the argument's name as the
field; their JSON schema is still published to the client. A tool that fails returns that body
as an ``isError`` result (status is the REST status of the same failure).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal, cast

from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel, Field, WithJsonSchema

from graphmem.api.deps import require_roles
from graphmem.api.errors import status_for
from graphmem.api.routers.erasure import erase_or_preview
from graphmem.auth.principal import READERS, WRITERS, Principal
from graphmem.errors import FieldIssue, GraphmemError, ValidationError
from graphmem.lifecycle.selfservice import correct, own_memory, own_subject
from graphmem.models.enums import MemoryStatus, MemoryType, SourceKind
from graphmem.models.memory import ClaimContent, EpisodeContent
from graphmem.models.proposal import Evidence, MemoryProposal
from graphmem.models.public import SourcePublic
from graphmem.models.state import CheckpointCreate
from graphmem.models.validation import parse
from graphmem.read.context import ContextLimits, EvidenceItem
from graphmem.read.lineage import LINEAGE_PAGE
from graphmem.read.timetravel import DETAIL_PAGE
from graphmem.service import Graphmem
from graphmem.state.access import RUN_READERS, RUN_WRITERS
from graphmem.write.sources import DEFAULT_ROLE, SourceCreate

#: how a tool learns who is calling: from ``GRAPHMEM_KEY`` (stdio) or the HTTP bearer
PrincipalOf = Callable[[Context], Principal]


def _inline(schema: dict[str, Any]) -> dict[str, Any]:
    """A model's JSON schema with its ``$defs`` inlined, so it can sit inside a tool's input
    schema (whose own ``$defs`` would not hold them)."""
    defs = schema.pop("$defs", {})

    def resolve(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return resolve(dict(defs[ref.removeprefix("#/$defs/")]))
            return {k: resolve(v) for k, v in node.items()}
        if isinstance(node, list):
            return [resolve(v) for v in node]
        return node

    resolved: dict[str, Any] = resolve(schema)
    return resolved


def _schema(model: type[BaseModel], *, many: bool = False) -> WithJsonSchema:
    """The published schema of an argument that graphmem, not the SDK, checks."""
    schema = _inline(model.model_json_schema())
    return WithJsonSchema({"type": "array", "items": schema} if many else schema)


#: arguments checked by graphmem (its error shape), with their model's schema published
ClaimArg = Annotated[dict[str, Any], _schema(ClaimContent)]
EpisodeArg = Annotated[dict[str, Any], _schema(EpisodeContent)]
EvidenceArg = Annotated[list[dict[str, Any]], _schema(Evidence, many=True)]
CheckpointArg = Annotated[dict[str, Any], _schema(CheckpointCreate)]
ContextEvidenceArg = Annotated[list[dict[str, Any]], _schema(EvidenceItem, many=True)]
LimitsArg = Annotated[dict[str, Any], _schema(ContextLimits)]
#: run state for retrieval and context (capabilities, facts, environment, tool_version …)
StateArg = Annotated[dict[str, Any] | None, Field(description="run state (see POST /v1/retrieve)")]
ScopesArg = Annotated[
    list[dict[str, Any]] | None,
    Field(description="several subjects, each {subject_id, limits?} (see POST /v1/retrieve)"),
]


def _error_result(exc: GraphmemError) -> CallToolResult:
    body = {"status": status_for(exc), **exc.to_dict()}
    text = json.dumps(body, ensure_ascii=False, default=str)
    return CallToolResult(
        content=[TextContent(type="text", text=text)], structured_content=body, is_error=True
    )


def _answer(call: Callable[[], Any]) -> dict[str, Any]:
    """Run one tool's call; a graphmem error becomes an ``isError`` result in graphmem's shape.
    (The SDK passes a returned ``CallToolResult`` through as it is, whatever the annotation.)"""
    try:
        out = call()
    except GraphmemError as exc:
        return cast(dict[str, Any], _error_result(exc))
    if isinstance(out, BaseModel):
        return out.model_dump(mode="json")
    return cast(dict[str, Any], out)


def _given(**fields: Any) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not None}


def register(server: MCPServer, gm_of: Callable[[], Graphmem], principal_of: PrincipalOf) -> None:
    """Add graphmem's tools to ``server``: each call is made on ``gm_of()`` (the service's
    one ``Graphmem``, opened after the app is built) as ``principal_of(ctx)``."""

    def record_and_propose(
        principal: Principal,
        content: str | None,
        source: dict[str, Any],
        span: str | None,
        proposal: dict[str, Any],
    ) -> dict[str, Any]:
        """Record ``content`` as a source (if given), then propose ``proposal`` citing it —
        the two calls an agent makes over REST (``/v1/sources``, ``/v1/proposals``). Both are
        validated before either writes, so a malformed call records nothing."""
        require_roles(*WRITERS)(principal)
        out: dict[str, Any] = {}
        evidence = list(proposal.pop("evidence", None) or [])
        if content is not None:
            body = parse(SourceCreate, {**source, "content": content})
            citing = {
                "event_id": body.source_id or "pending",
                "span": span if span is not None else content,
                "source_role": str(body.role or DEFAULT_ROLE[body.kind]),
            }
            parse(MemoryProposal, {**proposal, "evidence": [*evidence, citing]})
            recorded = gm_of().record_source(principal, body)
            out["source"] = SourcePublic.pick(recorded.model_dump(mode="json")).model_dump(
                mode="json"
            )
            evidence.append(
                {
                    "event_id": recorded.source_id,
                    "span": span if span is not None else content,
                    "source_role": str(recorded.role),
                }
            )
        if not evidence:
            raise ValidationError(
                [FieldIssue("content", "required", "give the content to cite, or evidence")]
            )
        out["receipt"] = (
            gm_of().propose(principal, {**proposal, "evidence": evidence}).model_dump(mode="json")
        )
        return out

    @server.tool()
    def remember(
        ctx: Context,
        content: Annotated[str, Field(description="what was said or observed, recorded verbatim")],
        subject: Annotated[str, Field(description="who or what it is about, e.g. user:u_104")],
        claim: ClaimArg,
        span: Annotated[
            str | None, Field(description="the part of content that states the claim")
        ] = None,
        source_kind: SourceKind = SourceKind.USER_MESSAGE,
        source_id: str | None = None,
        confidence: float = 1.0,
        sensitivity: str | None = None,
        consent_basis: str | None = None,
        purposes: list[str] | None = None,
        valid_from: str | None = None,
        valid_to: str | None = None,
        expires_at: str | None = None,
        supersedes: str | None = None,
        namespace: str | None = None,
        run_id: str | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """Remember a claim (subject —predicate→ object): records ``content`` as evidence,
        then proposes the claim citing it. The write gate decides; the answer is
        ``{source, receipt}`` with the receipt's decision (COMMITTED, REJECTED,
        NEEDS_CONFIRMATION, DUPLICATE) and each stage's reasons."""
        proposal = _given(
            memory_type="SEMANTIC", subject=subject, claim=claim, confidence=confidence,
            sensitivity=sensitivity, consent_basis=consent_basis, purposes=purposes,
            valid_from=valid_from, valid_to=valid_to, expires_at=expires_at,
            supersedes=supersedes, namespace=namespace, run_id=run_id,
            idempotency_key=idempotency_key,
        )  # fmt: skip
        source = _given(kind=source_kind, source_id=source_id)
        return _answer(
            lambda: record_and_propose(principal_of(ctx), content, source, span, proposal)
        )

    @server.tool()
    def record_episode(
        ctx: Context,
        subject: str,
        episode: EpisodeArg,
        content: Annotated[
            str | None, Field(description="the observation or log to record and cite")
        ] = None,
        source_kind: SourceKind = SourceKind.TOOL_RESULT,
        evidence: EvidenceArg | None = None,
        text: str | None = None,
        confidence: float = 1.0,
        sensitivity: str | None = None,
        consent_basis: str | None = None,
        purposes: list[str] | None = None,
        run_id: str | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """Record an episode (goal, actions, observations, outcome, feedback, environment,
        failures): ``content`` is recorded as a source and cited; ``evidence`` may cite
        sources recorded before. Answers ``{source?, receipt}``."""
        proposal = _given(
            memory_type="EPISODIC", subject=subject, episode=episode, evidence=evidence,
            text=text, confidence=confidence, sensitivity=sensitivity,
            consent_basis=consent_basis, purposes=purposes, run_id=run_id,
            idempotency_key=idempotency_key,
        )  # fmt: skip
        return _answer(
            lambda: record_and_propose(
                principal_of(ctx), content, {"kind": source_kind}, None, proposal
            )
        )

    def _read(ctx: Context) -> Principal:
        principal = principal_of(ctx)
        require_roles(*READERS)(principal)
        return principal

    @server.tool()
    def recall(
        ctx: Context,
        query: str,
        subject_id: str | None = None,
        purpose: str | None = None,
        types: list[MemoryType] | None = None,
        k: int = 10,
        valid_at: str | None = None,
        known_at: str | None = None,
        state: StateArg = None,
        scopes: ScopesArg = None,
    ) -> dict[str, Any]:
        """Retrieve memories for a query under the hard filters (tenant from the key; a
        subject-bound key only its own scope): ``{query_id, results[{memory, score,
        breakdown}], excluded[{memory_id, reason}]}``, as ``POST /v1/retrieve``."""
        request = _given(
            query=query, subject_id=subject_id, purpose=purpose, types=types, k=k,
            valid_at=valid_at, known_at=known_at, state=state, scopes=scopes,
        )  # fmt: skip
        return _answer(lambda: gm_of().retrieve(_read(ctx), request).as_dict())

    @server.tool()
    def build_context(
        ctx: Context,
        instruction: str,
        query: str,
        budget_tokens: int,
        goal: str | None = None,
        subject_id: str | None = None,
        purpose: str | None = None,
        state: StateArg = None,
        evidence: ContextEvidenceArg | None = None,
        run_id: str | None = None,
        policy: str | None = None,
        limits: LimitsArg | None = None,
        scopes: ScopesArg = None,
    ) -> dict[str, Any]:
        """One model call's context within ``budget_tokens`` (instruction and goal, policy,
        run state and verified evidence, then memories): sections, text, tokens used and what
        was dropped, as ``POST /v1/context``."""
        request = _given(
            instruction=instruction, query=query, budget_tokens=budget_tokens, goal=goal,
            subject_id=subject_id, purpose=purpose, state=state, evidence=evidence,
            run_id=run_id, policy=policy, limits=limits, scopes=scopes,
        )  # fmt: skip
        # as REST answers it: an item carries id and ref only where it stands for a record
        return _answer(
            lambda: (
                gm_of()
                .context(_read(ctx), request)
                .public()
                .model_dump(mode="json", exclude_unset=True)
            )
        )

    @server.tool()
    def checkpoint_get(
        ctx: Context, run_id: str, checkpoint_id: str | None = None
    ) -> dict[str, Any]:
        """A run's latest checkpoint (or one by id): its whole state, to resume exactly."""

        def call() -> Any:
            principal = principal_of(ctx)
            require_roles(*sorted(RUN_READERS))(principal)
            if checkpoint_id is not None:
                return gm_of().runs.checkpoint(principal, run_id, checkpoint_id)
            return gm_of().runs.latest(principal, run_id)

        return _answer(call)

    @server.tool()
    def checkpoint_history(
        ctx: Context, run_id: str, limit: int = 100, cursor: str | None = None
    ) -> dict[str, Any]:
        """A run's checkpoints, newest first, as ``GET /v1/runs/{run_id}/checkpoints`` answers
        them: ``{checkpoints, count, total, next_cursor, skipped}``; pass ``next_cursor`` back
        as ``cursor`` for the next page."""

        def call() -> Any:
            principal = principal_of(ctx)
            require_roles(*sorted(RUN_READERS))(principal)
            page = gm_of().runs.history(principal, run_id, limit=limit, cursor=cursor)
            return page.as_json("checkpoints")

        return _answer(call)

    @server.tool()
    def checkpoint_put(ctx: Context, run_id: str, checkpoint: CheckpointArg) -> dict[str, Any]:
        """Write the run's next checkpoint, computed from ``expected_version`` (0 starts the
        run): ``{created, checkpoint}``; a run that moved on answers STALE_VERSION (409)."""

        def call() -> Any:
            principal = principal_of(ctx)
            require_roles(*sorted(RUN_WRITERS))(principal)
            body = _named(CheckpointCreate, checkpoint, "checkpoint")
            written = gm_of().runs.put_checkpoint(principal, run_id, body)
            return {
                "created": written.created,
                "checkpoint": written.checkpoint.model_dump(mode="json"),
            }

        return _answer(call)

    @server.tool()
    def list_my_memories(
        ctx: Context,
        type: MemoryType | None = None,
        status: MemoryStatus | None = None,
        valid_at: str | None = None,
        known_at: str | None = None,
        limit: int = 100,
        cursor: str | None = None,
    ) -> dict[str, Any]:
        """What is remembered about the key's own subject (a subject-bound key), with time
        travel: ``{subject_id, memories, count, total, next_cursor, skipped}``, as
        ``GET /v1/me/memories`` answers it; pass ``next_cursor`` back as ``cursor`` (same
        filters) for the next page."""

        def call() -> Any:
            principal = principal_of(ctx)
            subject_id = own_subject(principal)
            page = gm_of().memory_page(
                principal, subject_id=subject_id, cursor=cursor, type=type, status=status,
                valid_at=valid_at, known_at=known_at, limit=limit,
            )  # fmt: skip
            return page.model_copy(update={"subject_id": subject_id})

        return _answer(call)

    @server.tool()
    def correct_my_memory(
        ctx: Context,
        memory_id: str,
        object: str | int | float | bool,
        valid_from: str | None = None,
    ) -> dict[str, Any]:
        """Correct one of your own claims: recorded as your statement and proposed as a
        supersession through the write gate; the answer is its write receipt."""

        def call() -> Any:
            principal = principal_of(ctx)
            return correct(gm_of(), principal, memory_id, object=object, valid_from=valid_from)

        return _answer(call)

    @server.tool()
    def forget_my_memory(
        ctx: Context, memory_id: str, dry_run: bool = False, with_history: bool = False
    ) -> dict[str, Any]:
        """Erase one of your own memories (every copy of the statement; with_history: every
        version) and answer its deletion receipt; ``dry_run`` lists what would happen."""

        def call() -> Any:
            principal = principal_of(ctx)
            own_memory(gm_of(), principal, memory_id)
            return erase_or_preview(gm_of(), principal, memory_id, dry_run, with_history)

        return _answer(call)

    @server.tool()
    def explain(
        ctx: Context,
        memory_id: str,
        more: Literal["history", "provenance", "supersedes", "lineage"] | None = None,
        cursor: str | None = None,
        limit: int | None = None,
    ) -> dict[str, Any]:
        """Why a memory is believed: the memory, its supersession history, the sources it
        cites (PROVENANCE with spans and hashes) and its lineage graph (SUPERSEDES,
        DERIVED_FROM, CONFLICTS_WITH, COUNTEREXAMPLE_OF) within the key's scope — the first
        page of each, with ``history_total``/``history_next_cursor``, ``provenance_total``/
        ``provenance_next_cursor`` and the lineage's ``total``/``next_cursor``. For the rest of
        one list pass ``more`` (``history``, ``provenance`` or ``lineage``) and its cursor, and
        for the rest of a history entry's ``supersedes`` ``more="supersedes"`` with that
        entry's ``memory_id`` and ``supersedes_next_cursor``; and
        ``limit`` (1..1000) for the rows of that page (default: the first read's page size)."""

        def call() -> Any:
            principal, gm = principal_of(ctx), gm_of()
            if limit is not None and more is None:
                raise ValidationError(
                    [FieldIssue("limit", "requires_more", "limit pages one list: pass more too")]
                )
            if more == "lineage":
                rows = LINEAGE_PAGE if limit is None else limit
                graph = gm.lineage(principal, memory_id, limit=rows, cursor=cursor)
                return graph.model_dump(mode="json")
            if more is not None:
                rows = DETAIL_PAGE if limit is None else limit
                page = gm.memory_list(principal, memory_id, more, limit=rows, cursor=cursor)
                return page.as_json(more)
            detail = gm.memory(principal, memory_id).as_dict()
            detail["lineage"] = gm.lineage(principal, memory_id).model_dump(mode="json")
            return detail

        return _answer(call)


def _named(model: type[Any], data: Mapping[str, Any], argument: str) -> Any:
    """Parse one argument; its issues are named ``<argument>.<field>``."""
    try:
        return parse(model, data)
    except ValidationError as exc:
        raise ValidationError(
            [FieldIssue(f"{argument}.{i.field}", i.rule, i.message) for i in exc.issues]
        ) from None
