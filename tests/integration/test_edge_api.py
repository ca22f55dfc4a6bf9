"""Caller mistakes at the edge are 4xx in graphmem's error shape, never 500, and nothing of
them reaches the engine: forbidden characters anywhere, oversized bodies, out-of-range
paging, mistyped analyst parameters."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.service import Graphmem
from tests.integration.conftest import KeyMaker


def fields(response: Any) -> set[tuple[str, str]]:
    body = response.json()
    assert set(body) >= {"code", "message"}, body
    return {(e["field"], e["rule"]) for e in body.get("errors", [])}


@pytest.fixture
def agent(key_for: KeyMaker) -> dict[str, str]:
    return key_for("agent", subject="user:s1")


@pytest.mark.parametrize(
    ("method", "path", "body", "field"),
    [
        ("GET", "/v1/memories/mem_%00", None, "memory_id"),
        ("GET", "/v1/memories?subject_id=user:s1%00", None, "subject_id"),
        ("DELETE", "/v1/memories/mem_%01x", None, "memory_id"),
        ("POST", "/v1/sources", {"kind": "USER_MESSAGE", "content": "hi\u0000there"}, "content"),
        ("POST", "/v1/sources", {"kind": "USER_MESSAGE", "content": "bad \ud800 half"}, "content"),
        (
            "POST",
            "/v1/proposals",
            {
                "memory_type": "SEMANTIC",
                "subject": "user:s1",
                "claim": {"predicate": "likes", "object": "tea\u0000"},
                "evidence": [{"event_id": "m1", "span": "tea", "source_role": "user"}],
                "confidence": 1.0,
            },
            "claim.object",
        ),
        ("POST", "/v1/retrieve", {"query": "drink\u001b[2J"}, "query"),
        ("PATCH", "/v1/me/memories/mem_1", {"object": "x\u0000"}, "object"),
    ],
)
def test_forbidden_characters_are_a_422_naming_the_field(
    rest: TestClient, agent: dict[str, str], method: str, path: str, body: Any, field: str
) -> None:
    import json

    content = None if body is None else json.dumps(body)  # \ud800 survives as an escape
    response = rest.request(
        method, path, headers={**agent, "Content-Type": "application/json"}, content=content
    )
    assert response.status_code == 422, response.text
    assert (field, "forbidden_character") in fields(response)


def test_analyst_parameters_are_typed(rest: TestClient, key_for: KeyMaker) -> None:
    analyst = key_for("analyst")
    for value, rule in ((5, "type"), ("2026-13-45T99:99:99Z", "timestamp_format")):
        response = rest.post(
            "/v1/cypher/lineage/known_at_snapshot",
            headers=analyst,
            json={"params": {"known_at": value, "subject_id": "project:p"}},
        )
        assert response.status_code == 422 and ("params.known_at", rule) in fields(response)
    nul = rest.post(
        "/v1/cypher/lineage/provenance_chain",
        headers=analyst,
        json={"params": {"memory_id": "mem_\u0000"}},
    )
    assert nul.status_code == 422 and ("params.memory_id", "forbidden_character") in fields(nul)
    ok = rest.post(
        "/v1/cypher/lineage/known_at_snapshot",
        headers=analyst,
        json={"params": {"known_at": "2026-07-10T00:00:00Z", "subject_id": "project:p"}},
    )
    assert ok.status_code == 200 and ok.json()["rows"] == []


def test_paging_is_bounded(rest: TestClient, agent: dict[str, str]) -> None:
    for params, field, rule in (
        ({"limit": 100_000}, "limit", "range"),
        ({"limit": 0}, "limit", "range"),
        # pages are cut by cursor: an offset is refused, not ignored (ignored, a client paging
        # by offset would read the first page again and again)
        ({"offset": 2**63}, "offset", "replaced_by_cursor"),
        ({"offset": 100}, "offset", "replaced_by_cursor"),
        ({"cursor": "x" * 2000 + ".y"}, "cursor", "too_long"),
    ):
        response = rest.get("/v1/memories", params=params, headers=agent)
        assert response.status_code == 422 and (field, rule) in fields(response), response.text


def test_bodies_over_the_limit_are_refused_before_they_are_read(
    rest: TestClient, agent: dict[str, str], hashing_gm: Graphmem
) -> None:
    limit = hashing_gm.settings.max_body_bytes
    big = b'{"kind": "DOCUMENT", "content": "' + b"x" * (limit + 10) + b'"}'
    response = rest.post(
        "/v1/sources", headers={**agent, "Content-Type": "application/json"}, content=big
    )
    assert response.status_code == 413 and response.json()["code"] == "BODY_TOO_LARGE"

    def chunks() -> Any:  # no Content-Length: streamed, counted as it comes
        yield b'{"kind": "DOCUMENT", "content": "'
        for _ in range(limit // 65536 + 2):
            yield b"x" * 65536
        yield b'"}'

    streamed = rest.post(
        "/v1/sources", headers={**agent, "Content-Type": "application/json"}, content=chunks()
    )
    assert streamed.status_code == 413
    assert rest.get("/v1/whoami", headers=agent).status_code == 200


def test_many_evidence_items_are_a_422_and_nothing_is_written(
    rest: TestClient, agent: dict[str, str], hashing_gm: Graphmem
) -> None:
    body = {
        "memory_type": "SEMANTIC",
        "subject": "user:s1",
        "claim": {"predicate": "likes", "object": "tea"},
        "evidence": [
            {"event_id": f"m{i}", "span": "tea", "source_role": "user"} for i in range(5000)
        ],
        "confidence": 1.0,
    }
    response = rest.post("/v1/proposals", headers=agent, json=body)
    assert response.status_code == 422 and ("evidence", "too_long") in fields(response)
    assert hashing_gm.store.read_adhoc("MATCH (r:WriteReceipt) RETURN count(r) AS c")[0]["c"] == 0
