"""graphmem's client SDK: the REST API from Python, typed with the server's own models.

::

    from graphmem.client import Client

    with Client("http://127.0.0.1:8321", key="gm_…") as gm:      # or GRAPHMEM_KEY
        gm.record_source({"kind": "USER_MESSAGE", "content": "답변은 계속 한국어로 해 줘",
                          "source_id": "msg_9821"})
        receipt = gm.propose({...})                  # an Idempotency-Key is added for you
        found = gm.retrieve({"query": "answer language", "subject_id": "user:u_104"})
        gm.forget_my_memory(receipt.memory_id)       # a user key: its own memory, with receipt

* **Models.** Requests are checked with the server's request models before they are sent
  (a malformed proposal raises the same :class:`graphmem.errors.ValidationError` the library
  raises); answers parse into the response models of :mod:`graphmem.models.public` (and the
  receipts), the ones the server declares in OpenAPI.
* **Errors.** An error answer raises the graphmem exception its ``code`` names
  (:mod:`graphmem.client.errors`); an unreachable service is
  :class:`graphmem.errors.ServiceUnreachableError`.
* **Retries.** A 503 (engine busy, unavailable, a query cut off) or a refused connection is
  retried with exponential backoff and jitter (``retries``, ``backoff_s``; a ``Retry-After``
  is honoured), for calls that are safe to send twice: reads, and writes that replay —
  proposals (their idempotency key), checkpoints (their expected version), run ends. Recording
  a source, revoking and erasing are sent once.
* **Idempotency.** Every proposal carries an ``Idempotency-Key`` (one you pass, or a fresh
  one), kept across its retries, so a retried write returns the first receipt.
* **Transport.** ``transport`` takes any ``httpx`` transport (``httpx.ASGITransport(app)``
  talks to an app in process, ``httpx.MockTransport`` to a handler).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import Any, TypeVar

import httpx

from graphmem import __version__
from graphmem.client import calls
from graphmem.client.calls import Body, Call
from graphmem.client.errors import error_from_response, unreachable
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
    MemoryPublic,
    ProvenancePage,
    RetrievalPublic,
    RevocationPublic,
    SourcePublic,
    SupersedesPage,
    WhoAmI,
)
from graphmem.models.receipts import DeletionReceipt, ErasurePreview, WriteReceipt
from graphmem.models.state import Checkpoint, RunEnded
from graphmem.read.lineage import LineageGraph

__all__ = ["DEFAULT_URL", "AsyncClient", "Client"]

T = TypeVar("T")

DEFAULT_URL = "http://127.0.0.1:8321"
_RETRY_STATUS = 503


def _key(key: str | None) -> str | None:
    return key or os.environ.get("GRAPHMEM_KEY") or os.environ.get("GRAPHMEM_API_KEY")


def _headers(key: str | None) -> dict[str, str]:
    headers = {"User-Agent": f"graphmem-client/{__version__}", "Accept": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    return headers


class _Policy:
    """When to try again, and how long to wait first."""

    def __init__(self, retries: int, backoff_s: float, max_backoff_s: float) -> None:
        self.retries = max(0, retries)
        self.backoff_s = backoff_s
        self.max_backoff_s = max_backoff_s

    def delay(self, attempt: int, response: httpx.Response | None) -> float:
        after = response.headers.get("Retry-After") if response is not None else None
        if after is not None:
            try:
                return min(float(after), self.max_backoff_s)
            except ValueError:
                pass
        base = min(self.backoff_s * (2**attempt), self.max_backoff_s)
        jittered: float = base * (0.5 + random.random() / 2)  # full jitter: ~0 half the time
        return jittered

    def again(self, call: Call[Any], attempt: int, response: httpx.Response | None) -> bool:
        if not call.retry or attempt >= self.retries:
            return False
        return response is None or response.status_code == _RETRY_STATUS


def _answer(call: Call[T], response: httpx.Response) -> T:
    if response.status_code >= 400:
        raise error_from_response(response)
    return call.parse(response.json())


def _request(call: Call[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"params": call.params, "headers": call.headers}
    if call.json is not None:
        out["json"] = call.json
    return out


class Client:
    """A synchronous client (thread-safe: one per process is enough)."""

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        *,
        key: str | None = None,
        timeout_s: float = 60.0,
        retries: int = 4,
        backoff_s: float = 0.2,
        max_backoff_s: float = 5.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._policy = _Policy(retries, backoff_s, max_backoff_s)
        self._http = httpx.Client(
            base_url=self.base_url,
            headers=_headers(_key(key)),
            timeout=timeout_s,
            transport=transport,
        )

    def _send(self, call: Call[T]) -> T:
        attempt = 0
        while True:
            response: httpx.Response | None = None
            try:
                response = self._http.request(call.method, call.path, **_request(call))
            except httpx.TransportError as error:
                if not self._policy.again(call, attempt, None):
                    raise unreachable(self.base_url, error) from error
            else:
                if not self._policy.again(call, attempt, response):
                    return _answer(call, response)
            time.sleep(self._policy.delay(attempt, response))
            attempt += 1

    # -- identity ----------------------------------------------------------------------------
    def health(self) -> Health:
        return self._send(calls.health())

    def whoami(self) -> WhoAmI:
        return self._send(calls.whoami())

    # -- writes ------------------------------------------------------------------------------
    def record_source(self, source: Body) -> SourcePublic:
        return self._send(calls.record_source(source))

    def propose(self, proposal: Body, *, idempotency_key: str | None = None) -> WriteReceipt:
        return self._send(calls.propose(proposal, idempotency_key))

    def propose_many(self, proposals: list[Body]) -> list[WriteReceipt]:
        return self._send(calls.propose_many(proposals))

    # -- reads -------------------------------------------------------------------------------
    def memories(self, **filters: Any) -> MemoryPage:
        """One page: ``subject_id, type, status, valid_at, known_at, limit, cursor``."""
        return self._send(calls.memories(**filters))

    def iter_memories(self, **filters: Any) -> Iterator[MemoryPublic]:
        """Every memory the filters match, page after page (following ``next_cursor``)."""
        cursor = filters.pop("cursor", None)
        while True:
            page = self.memories(cursor=cursor, **filters)
            yield from page.memories
            if page.next_cursor is None:
                return
            cursor = page.next_cursor

    def memory(self, memory_id: str) -> MemoryDetailPublic:
        """One memory with the first page of its history and provenance (``history_total``,
        ``history_next_cursor`` …: the rest from :meth:`memory_history` and
        :meth:`memory_provenance`)."""
        return self._send(calls.memory(memory_id))

    def memory_history(
        self, memory_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> HistoryPage:
        """One page of a memory's supersession history, oldest first."""
        return self._send(calls.memory_history(memory_id, limit, cursor))

    def memory_supersedes(
        self, memory_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> SupersedesPage:
        """One page of the versions a memory supersedes: the rest of a history entry's
        ``supersedes`` (pass its ``supersedes_next_cursor``, and its ``memory_id``)."""
        return self._send(calls.memory_supersedes(memory_id, limit, cursor))

    def memory_provenance(
        self, memory_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> ProvenancePage:
        """One page of the sources a memory cites."""
        return self._send(calls.memory_provenance(memory_id, limit, cursor))

    def lineage(
        self, memory_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> LineageGraph:
        """One page of a memory's lineage picture (``next_cursor`` for the next)."""
        return self._send(calls.lineage(memory_id, limit, cursor))

    def retrieve(self, request: Body) -> RetrievalPublic:
        return self._send(calls.retrieve(request))

    def context(self, request: Body) -> ContextPublic:
        return self._send(calls.context(request))

    # -- self-service ------------------------------------------------------------------------
    def my_memories(self, **filters: Any) -> MemoryPage:
        return self._send(calls.memories("/v1/me/memories", **filters))

    def correct_my_memory(
        self, memory_id: str, object: Any, *, valid_from: str | None = None
    ) -> WriteReceipt:
        return self._send(calls.correct_my_memory(memory_id, object, valid_from))

    def forget_my_memory(
        self, memory_id: str, *, dry_run: bool = False, with_history: bool = False
    ) -> DeletionReceipt | ErasurePreview:
        return self._send(
            calls.erase(f"/v1/me/memories/{memory_id}", dry_run=dry_run, with_history=with_history)
        )

    # -- forgetting --------------------------------------------------------------------------
    def revoke(
        self, *, source_id: str | None = None, memory_id: str | None = None, reason: str = "REVOKED"
    ) -> RevocationPublic:
        return self._send(calls.revoke(source_id, memory_id, reason))

    def erase_memory(
        self, memory_id: str, *, dry_run: bool = False, with_history: bool = False
    ) -> DeletionReceipt | ErasurePreview:
        return self._send(
            calls.erase(f"/v1/memories/{memory_id}", dry_run=dry_run, with_history=with_history)
        )

    def erase_subject(
        self, subject_id: str, *, dry_run: bool = False
    ) -> DeletionReceipt | ErasurePreview:
        return self._send(calls.erase(f"/v1/subjects/{subject_id}/memories", dry_run=dry_run))

    def deletions(
        self, *, limit: int | None = None, cursor: str | None = None
    ) -> DeletionReceiptPage:
        """One page of the tenant's deletion receipts, newest first (admin keys)."""
        return self._send(calls.deletions(limit, cursor))

    def verify_deletion(self, receipt_id: str) -> DeletionVerification:
        return self._send(calls.verify_deletion(receipt_id))

    # -- run state ---------------------------------------------------------------------------
    def put_checkpoint(self, run_id: str, checkpoint: Body) -> Checkpoint:
        return self._send(calls.put_checkpoint(run_id, checkpoint))

    def latest_checkpoint(self, run_id: str) -> Checkpoint:
        return self._send(calls.latest_checkpoint(run_id))

    def checkpoints(
        self, run_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> CheckpointPage:
        """One page of the run's checkpoints, newest first (``next_cursor`` for the next)."""
        return self._send(calls.checkpoints(run_id, limit, cursor))

    def end_run(self, run_id: str, end: Body) -> RunEnded:
        return self._send(calls.end_run(run_id, end))

    # -- analysts ----------------------------------------------------------------------------
    def named_query(
        self,
        name: str,
        params: Mapping[str, Any] | None = None,
        *,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> CypherResult:
        """One page of a named query's rows (``next_cursor`` with the same params: the next)."""
        return self._send(calls.named_query(name, params or {}, limit, cursor))

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncClient:
    """The same calls for asyncio (``async with AsyncClient(...) as gm: await gm.retrieve``)."""

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        *,
        key: str | None = None,
        timeout_s: float = 60.0,
        retries: int = 4,
        backoff_s: float = 0.2,
        max_backoff_s: float = 5.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._policy = _Policy(retries, backoff_s, max_backoff_s)
        self._http = httpx.AsyncClient(
            base_url=self.base_url,
            headers=_headers(_key(key)),
            timeout=timeout_s,
            transport=transport,
        )

    async def _send(self, call: Call[T]) -> T:
        attempt = 0
        while True:
            response: httpx.Response | None = None
            try:
                response = await self._http.request(call.method, call.path, **_request(call))
            except httpx.TransportError as error:
                if not self._policy.again(call, attempt, None):
                    raise unreachable(self.base_url, error) from error
            else:
                if not self._policy.again(call, attempt, response):
                    return _answer(call, response)
            await asyncio.sleep(self._policy.delay(attempt, response))
            attempt += 1

    async def health(self) -> Health:
        return await self._send(calls.health())

    async def whoami(self) -> WhoAmI:
        return await self._send(calls.whoami())

    async def record_source(self, source: Body) -> SourcePublic:
        return await self._send(calls.record_source(source))

    async def propose(self, proposal: Body, *, idempotency_key: str | None = None) -> WriteReceipt:
        return await self._send(calls.propose(proposal, idempotency_key))

    async def propose_many(self, proposals: list[Body]) -> list[WriteReceipt]:
        return await self._send(calls.propose_many(proposals))

    async def memories(self, **filters: Any) -> MemoryPage:
        return await self._send(calls.memories(**filters))

    async def iter_memories(self, **filters: Any) -> AsyncIterator[MemoryPublic]:
        cursor = filters.pop("cursor", None)
        while True:
            page = await self.memories(cursor=cursor, **filters)
            for memory in page.memories:
                yield memory
            if page.next_cursor is None:
                return
            cursor = page.next_cursor

    async def memory(self, memory_id: str) -> MemoryDetailPublic:
        return await self._send(calls.memory(memory_id))

    async def memory_history(
        self, memory_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> HistoryPage:
        return await self._send(calls.memory_history(memory_id, limit, cursor))

    async def memory_supersedes(
        self, memory_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> SupersedesPage:
        return await self._send(calls.memory_supersedes(memory_id, limit, cursor))

    async def memory_provenance(
        self, memory_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> ProvenancePage:
        return await self._send(calls.memory_provenance(memory_id, limit, cursor))

    async def lineage(
        self, memory_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> LineageGraph:
        return await self._send(calls.lineage(memory_id, limit, cursor))

    async def retrieve(self, request: Body) -> RetrievalPublic:
        return await self._send(calls.retrieve(request))

    async def context(self, request: Body) -> ContextPublic:
        return await self._send(calls.context(request))

    async def my_memories(self, **filters: Any) -> MemoryPage:
        return await self._send(calls.memories("/v1/me/memories", **filters))

    async def correct_my_memory(
        self, memory_id: str, object: Any, *, valid_from: str | None = None
    ) -> WriteReceipt:
        return await self._send(calls.correct_my_memory(memory_id, object, valid_from))

    async def forget_my_memory(
        self, memory_id: str, *, dry_run: bool = False, with_history: bool = False
    ) -> DeletionReceipt | ErasurePreview:
        return await self._send(
            calls.erase(f"/v1/me/memories/{memory_id}", dry_run=dry_run, with_history=with_history)
        )

    async def revoke(
        self, *, source_id: str | None = None, memory_id: str | None = None, reason: str = "REVOKED"
    ) -> RevocationPublic:
        return await self._send(calls.revoke(source_id, memory_id, reason))

    async def erase_memory(
        self, memory_id: str, *, dry_run: bool = False, with_history: bool = False
    ) -> DeletionReceipt | ErasurePreview:
        return await self._send(
            calls.erase(f"/v1/memories/{memory_id}", dry_run=dry_run, with_history=with_history)
        )

    async def erase_subject(
        self, subject_id: str, *, dry_run: bool = False
    ) -> DeletionReceipt | ErasurePreview:
        return await self._send(calls.erase(f"/v1/subjects/{subject_id}/memories", dry_run=dry_run))

    async def deletions(
        self, *, limit: int | None = None, cursor: str | None = None
    ) -> DeletionReceiptPage:
        return await self._send(calls.deletions(limit, cursor))

    async def verify_deletion(self, receipt_id: str) -> DeletionVerification:
        return await self._send(calls.verify_deletion(receipt_id))

    async def put_checkpoint(self, run_id: str, checkpoint: Body) -> Checkpoint:
        return await self._send(calls.put_checkpoint(run_id, checkpoint))

    async def latest_checkpoint(self, run_id: str) -> Checkpoint:
        return await self._send(calls.latest_checkpoint(run_id))

    async def checkpoints(
        self, run_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> CheckpointPage:
        return await self._send(calls.checkpoints(run_id, limit, cursor))

    async def end_run(self, run_id: str, end: Body) -> RunEnded:
        return await self._send(calls.end_run(run_id, end))

    async def named_query(
        self,
        name: str,
        params: Mapping[str, Any] | None = None,
        *,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> CypherResult:
        return await self._send(calls.named_query(name, params or {}, limit, cursor))

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
