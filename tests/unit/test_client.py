"""The client SDK's own rules, over ``httpx.MockTransport`` (no server): which calls are retried
on a 503 and how often, that a write keeps one idempotency key across its retries, and how an
error answer becomes graphmem's exception."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from graphmem import errors as e
from graphmem.client import AsyncClient, Client
from graphmem.client.errors import error_from_response

RECEIPT = {
    "receipt_id": "wr_1",
    "tenant_id": "acme",
    "actor": "key:1",
    "proposal_hash": "sha256:" + "0" * 64,
    "decision": "COMMITTED",
    "memory_id": "mem_1",
    "policy_version": "memory-write-1",
    "recorded_at": "2026-07-16T00:00:00.000000Z",
}
PROPOSAL = {
    "memory_type": "SEMANTIC",
    "subject": "user:u_104",
    "claim": {"predicate": "prefers_answer_language", "object": "ko-KR"},
    "evidence": [{"event_id": "msg_9821", "span": "한국어", "source_role": "user"}],
    "confidence": 1.0,
}
BUSY = {"code": "ENGINE_BUSY", "message": "another analyst query is running"}


def client(handler: Callable[[httpx.Request], httpx.Response], **kw: object) -> Client:
    return Client(
        "http://gm.test", key="gm_k", transport=httpx.MockTransport(handler), backoff_s=0.001, **kw
    )


def test_a_proposal_is_retried_on_503_with_one_idempotency_key() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return (
            httpx.Response(503, json=BUSY) if len(seen) < 3 else httpx.Response(200, json=RECEIPT)
        )

    with client(handler) as gm:
        receipt = gm.propose(PROPOSAL)
    assert receipt.memory_id == "mem_1" and len(seen) == 3
    keys = {r.headers["Idempotency-Key"] for r in seen}
    assert len(keys) == 1 and keys.pop().startswith("sdk-")
    assert all(r.headers["Authorization"] == "Bearer gm_k" for r in seen)
    assert all(r.headers["Content-Type"] == "application/json" for r in seen)


def test_every_proposal_gets_its_own_key_unless_one_is_given() -> None:
    keys: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        keys.append(request.headers["Idempotency-Key"])
        return httpx.Response(200, json=RECEIPT)

    with client(handler) as gm:
        gm.propose(PROPOSAL)
        gm.propose(PROPOSAL)
        gm.propose(PROPOSAL, idempotency_key="req-1")
    assert keys[0] != keys[1] and keys[2] == "req-1"


def test_retries_stop_at_the_limit_and_raise_the_servers_error() -> None:
    calls = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        return httpx.Response(503, json=BUSY)

    with client(handler, retries=2) as gm, pytest.raises(e.EngineBusyError) as busy:
        gm.retrieve({"query": "language"})
    assert calls == 3 and busy.value.details["status"] == 503


def test_a_source_is_sent_once_even_on_503() -> None:
    calls = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        return httpx.Response(503, json={"code": "ENGINE_UNAVAILABLE", "message": "down"})

    with client(handler) as gm, pytest.raises(e.EngineUnavailableError):
        gm.record_source({"kind": "USER_MESSAGE", "content": "hi"})
    assert calls == 1  # it may have landed: never replayed blindly


def test_an_unreachable_service_is_retried_then_named() -> None:
    calls = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        raise httpx.ConnectError("refused", request=request)

    with client(handler, retries=1) as gm, pytest.raises(e.ServiceUnreachableError) as down:
        gm.whoami()
    assert calls == 2 and "http://gm.test" in down.value.message


@pytest.mark.parametrize(
    ("status", "body", "cls"),
    [
        (401, {"code": "UNAUTHENTICATED", "message": "no key"}, e.UnauthenticatedError),
        (403, {"code": "FORBIDDEN", "message": "role"}, e.ForbiddenError),
        (404, {"code": "NOT_FOUND", "message": "no memory"}, e.NotFoundError),
        (
            409,
            {"code": "STALE_VERSION", "message": "moved", "current_version": 3},
            e.StaleVersionError,
        ),
        (409, {"code": "RUN_ENDED", "message": "ended"}, e.RunEndedError),
        (503, {"code": "QUERY_TIMEOUT", "message": "cut off"}, e.QueryTimeoutError),
        (404, {"code": "SOMETHING_NEW", "message": "?"}, e.NotFoundError),
        (500, {"code": "ENGINE_ERROR", "message": "boom"}, e.EngineError),
    ],
)
def test_an_error_answer_becomes_the_exception_its_code_names(
    status: int, body: dict[str, object], cls: type[e.GraphmemError]
) -> None:
    exc = error_from_response(httpx.Response(status, json=body))
    assert type(exc) is cls
    assert exc.message == body["message"] and exc.details["status"] == status
    if "current_version" in body:
        assert exc.details["current_version"] == 3


def test_a_422_keeps_every_issue() -> None:
    body = {
        "code": "VALIDATION_ERROR",
        "message": "invalid input",
        "errors": [{"field": "query", "rule": "required", "message": "Field required"}],
    }
    exc = error_from_response(httpx.Response(422, json=body))
    assert isinstance(exc, e.ValidationError)
    assert [(i.field, i.rule) for i in exc.issues] == [("query", "required")]
    media = error_from_response(
        httpx.Response(415, json={"code": "UNSUPPORTED_MEDIA_TYPE", "message": "send JSON"})
    )
    assert isinstance(media, e.ValidationError) and media.code == "UNSUPPORTED_MEDIA_TYPE"


def test_a_stored_record_error_names_the_record_and_its_fields() -> None:
    body = {
        "code": "STORED_RECORD_INVALID",
        "message": "stored Claim 'mem_bad' does not match its model: …",
        "record": "Claim",
        "record_id": "mem_bad",
        "errors": [{"field": "recorded_at", "rule": "required", "message": "Field required"}],
    }
    exc = error_from_response(httpx.Response(500, json=body))
    assert isinstance(exc, e.StoredRecordInvalidError)
    assert (exc.record, exc.record_id, exc.details["status"]) == ("Claim", "mem_bad", 500)
    assert [(i.field, i.rule) for i in exc.issues] == [("recorded_at", "required")]


def test_bad_input_is_refused_before_anything_is_sent() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise AssertionError("nothing should be sent")

    with client(handler) as gm, pytest.raises(e.ValidationError) as bad:
        gm.propose({**PROPOSAL, "valid_form": "2026-07-16T00:00:00Z"})
    assert [(i.field, i.rule) for i in bad.value.issues] == [("valid_form", "extra_forbidden")]


def test_iter_memories_follows_the_cursor() -> None:
    def memory(i: int) -> dict[str, object]:
        return {
            "memory_id": f"m{i}",
            "type": "SEMANTIC",
            "tenant_id": "acme",
            "subject_id": "user:a",
        }

    pages = {
        None: {"memories": [memory(1), memory(2)], "count": 2, "total": 3, "next_cursor": "c2"},
        "c2": {"memories": [memory(3)], "count": 1, "total": 3, "next_cursor": None},
    }

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=pages[request.url.params.get("cursor")])

    with client(handler) as gm:
        assert [m.memory_id for m in gm.iter_memories(limit=2)] == ["m1", "m2", "m3"]


def test_the_async_client_retries_the_same_way() -> None:
    import asyncio

    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers["Idempotency-Key"])
        return (
            httpx.Response(503, json=BUSY) if len(seen) < 2 else httpx.Response(200, json=RECEIPT)
        )

    async def go() -> str | None:
        async with AsyncClient(
            "http://gm.test", transport=httpx.MockTransport(handler), backoff_s=0.001
        ) as gm:
            return (await gm.propose(PROPOSAL)).memory_id

    assert asyncio.run(go()) == "mem_1" and len(set(seen)) == 1 and len(seen) == 2
