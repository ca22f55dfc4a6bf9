"""Each SDK call as data: method, path, query, body, the model its answer parses into, and
whether it may be retried. :class:`~graphmem.client.Client` and
:class:`~graphmem.client.AsyncClient` only send these, so the two clients cannot drift apart.

Request bodies are validated here with the server's own request models (a mistake is the same
:class:`graphmem.errors.ValidationError` as in process, before anything is sent), then sent as
the caller wrote them (``exclude_unset``).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

from graphmem.models.proposal import MemoryProposal
from graphmem.models.public import (
    CheckpointPage,
    ContextPublic,
    CypherResult,
    DeletionReceiptPage,
    DeletionVerification,
    Health,
    HistoryPage,
    MemoryDetailPublic,
    MemoryPage,
    ProvenancePage,
    RetrievalPublic,
    RevocationPublic,
    SourcePublic,
    SupersedesPage,
    WhoAmI,
)
from graphmem.models.receipts import DeletionReceipt, ErasurePreview, WriteReceipt
from graphmem.models.state import Checkpoint, CheckpointCreate, RunEnd, RunEnded
from graphmem.models.validation import parse
from graphmem.read.context import ContextRequest
from graphmem.read.lineage import LineageGraph
from graphmem.read.retrieve import RetrieveRequest
from graphmem.write.sources import SourceCreate

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)

Body = BaseModel | Mapping[str, Any]

_ERASURE: TypeAdapter[DeletionReceipt | ErasurePreview] = TypeAdapter(
    DeletionReceipt | ErasurePreview
)


@dataclass(frozen=True)
class Call(Generic[T]):
    method: str
    path: str
    answer: TypeAdapter[T]
    json: Any = None
    params: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    #: safe to send again after a 503: a read, or a write that replays (idempotency key,
    #: compare-and-set version, a run end)
    retry: bool = False

    def parse(self, data: Any) -> T:
        return self.answer.validate_python(data)


def _adapter(tp: Any) -> TypeAdapter[Any]:
    return TypeAdapter(tp)


def _body(model: type[M], body: Body) -> dict[str, Any]:
    """``body`` checked against the server's request model, as JSON."""
    checked = body if isinstance(body, model) else parse(model, body)
    out: dict[str, Any] = checked.model_dump(mode="json", exclude_unset=True)
    return out


def _query(**params: Any) -> dict[str, Any]:
    return {
        k: (str(v) if not isinstance(v, bool) else str(v).lower())
        for k, v in params.items()
        if v is not None
    }


def new_idempotency_key() -> str:
    """A fresh key for one write (kept across its retries)."""
    return f"sdk-{uuid.uuid4().hex}"


def health() -> Call[Health]:
    return Call("GET", "/healthz", _adapter(Health), retry=True)


def whoami() -> Call[WhoAmI]:
    return Call("GET", "/v1/whoami", _adapter(WhoAmI), retry=True)


def record_source(body: Body) -> Call[SourcePublic]:
    return Call("POST", "/v1/sources", _adapter(SourcePublic), json=_body(SourceCreate, body))


def propose(proposal: Body, idempotency_key: str | None) -> Call[WriteReceipt]:
    data = _body(MemoryProposal, proposal)
    key = idempotency_key or data.get("idempotency_key") or new_idempotency_key()
    return Call(
        "POST",
        "/v1/proposals",
        _adapter(WriteReceipt),
        json=data,
        headers={"Idempotency-Key": key},
        retry=True,
    )


def propose_many(proposals: list[Body]) -> Call[list[WriteReceipt]]:
    items = []
    for p in proposals:
        data = _body(MemoryProposal, p)
        data.setdefault("idempotency_key", new_idempotency_key())
        items.append(data)
    return Call("POST", "/v1/proposals/batch", _adapter(list[WriteReceipt]), json=items, retry=True)


def memories(
    path: str = "/v1/memories",
    *,
    subject_id: str | None = None,
    type: str | None = None,
    status: str | None = None,
    valid_at: str | None = None,
    known_at: str | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> Call[MemoryPage]:
    params = _query(
        subject_id=subject_id,
        type=type,
        status=status,
        valid_at=valid_at,
        known_at=known_at,
        limit=limit,
        cursor=cursor,
    )
    return Call("GET", path, _adapter(MemoryPage), params=params, retry=True)


def memory(memory_id: str) -> Call[MemoryDetailPublic]:
    return Call("GET", f"/v1/memories/{memory_id}", _adapter(MemoryDetailPublic), retry=True)


def memory_history(
    memory_id: str, limit: int | None = None, cursor: str | None = None
) -> Call[HistoryPage]:
    path = f"/v1/memories/{memory_id}/history"
    params = _query(limit=limit, cursor=cursor)
    return Call("GET", path, _adapter(HistoryPage), params=params, retry=True)


def memory_supersedes(
    memory_id: str, limit: int | None = None, cursor: str | None = None
) -> Call[SupersedesPage]:
    path = f"/v1/memories/{memory_id}/supersedes"
    params = _query(limit=limit, cursor=cursor)
    return Call("GET", path, _adapter(SupersedesPage), params=params, retry=True)


def memory_provenance(
    memory_id: str, limit: int | None = None, cursor: str | None = None
) -> Call[ProvenancePage]:
    path = f"/v1/memories/{memory_id}/provenance"
    params = _query(limit=limit, cursor=cursor)
    return Call("GET", path, _adapter(ProvenancePage), params=params, retry=True)


def lineage(
    memory_id: str, limit: int | None = None, cursor: str | None = None
) -> Call[LineageGraph]:
    path = f"/v1/memories/{memory_id}/lineage"
    params = _query(limit=limit, cursor=cursor)
    return Call("GET", path, _adapter(LineageGraph), params=params, retry=True)


def retrieve(request: Body) -> Call[RetrievalPublic]:
    body = _body(RetrieveRequest, request)
    return Call("POST", "/v1/retrieve", _adapter(RetrievalPublic), json=body, retry=True)


def context(request: Body) -> Call[ContextPublic]:
    body = _body(ContextRequest, request)
    return Call("POST", "/v1/context", _adapter(ContextPublic), json=body, retry=True)


def revoke(source_id: str | None, memory_id: str | None, reason: str) -> Call[RevocationPublic]:
    body = {"source_id": source_id, "memory_id": memory_id, "reason": reason}
    return Call(
        "POST",
        "/v1/revocations",
        _adapter(RevocationPublic),
        json={k: v for k, v in body.items() if v is not None},
    )


def erase(
    path: str, *, dry_run: bool = False, with_history: bool | None = None
) -> Call[DeletionReceipt | ErasurePreview]:
    params = _query(dry_run=dry_run, with_history=with_history)
    return Call("DELETE", path, _ERASURE, params=params, retry=dry_run)


def correct_my_memory(memory_id: str, object: Any, valid_from: str | None) -> Call[WriteReceipt]:
    body: dict[str, Any] = {"object": object}
    if valid_from is not None:
        body["valid_from"] = valid_from
    return Call("PATCH", f"/v1/me/memories/{memory_id}", _adapter(WriteReceipt), json=body)


def deletions(limit: int | None = None, cursor: str | None = None) -> Call[DeletionReceiptPage]:
    params = _query(limit=limit, cursor=cursor)
    return Call(
        "GET", "/v1/audit/deletions", _adapter(DeletionReceiptPage), params=params, retry=True
    )


def verify_deletion(receipt_id: str) -> Call[DeletionVerification]:
    return Call(
        "POST",
        f"/v1/audit/deletions/{receipt_id}/verify",
        _adapter(DeletionVerification),
        retry=True,
    )


def put_checkpoint(run_id: str, body: Body) -> Call[Checkpoint]:
    return Call(
        "PUT",
        f"/v1/runs/{run_id}/checkpoints",
        _adapter(Checkpoint),
        json=_body(CheckpointCreate, body),
        retry=True,  # a retry from the same version answers the checkpoint already stored
    )


def checkpoints(
    run_id: str, limit: int | None = None, cursor: str | None = None
) -> Call[CheckpointPage]:
    params = _query(limit=limit, cursor=cursor)
    path = f"/v1/runs/{run_id}/checkpoints"
    return Call("GET", path, _adapter(CheckpointPage), params=params, retry=True)


def latest_checkpoint(run_id: str) -> Call[Checkpoint]:
    return Call("GET", f"/v1/runs/{run_id}/checkpoints/latest", _adapter(Checkpoint), retry=True)


def end_run(run_id: str, body: Body) -> Call[RunEnded]:
    return Call(
        "POST", f"/v1/runs/{run_id}/end", _adapter(RunEnded), json=_body(RunEnd, body), retry=True
    )


def named_query(
    name: str, params: Mapping[str, Any], limit: int | None = None, cursor: str | None = None
) -> Call[CypherResult]:
    body = {"params": dict(params), "limit": limit, "cursor": cursor}
    return Call(
        "POST",
        f"/v1/cypher/{name}",
        _adapter(CypherResult),
        json={k: v for k, v in body.items() if v is not None},
        retry=True,
    )
