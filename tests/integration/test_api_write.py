"""The write path over REST: sources, proposals (single, batch, idempotent), time travel."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from graphmem.api.main import create_app
from graphmem.auth.keys import create_key
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap


@pytest.fixture
def gm(store: GraphStore) -> Graphmem:
    service = Graphmem(store, Settings(embedder="hashing"), embedder=HashingEmbedder())
    bootstrap(store, [service.embedding_space])
    return service


@pytest.fixture
def client(gm: Graphmem) -> Iterator[TestClient]:
    with TestClient(create_app(graphmem=gm)) as c:
        yield c


def auth(gm: Graphmem, *roles: str, subject: str | None = None, tenant: str = "acme") -> dict:
    key = create_key(gm.store, tenant_id=tenant, roles=list(roles), subject_id=subject).key
    return {"Authorization": f"Bearer {key}"}


def test_source_then_proposal_then_time_travel(client: TestClient, gm: Graphmem) -> None:
    agent = auth(gm, "agent", subject="user:u_104")
    src = client.post(
        "/v1/sources",
        headers=agent,
        json={
            "kind": "USER_MESSAGE",
            "content": "답변은 계속 한국어로 해 줘",
            "source_id": "msg_9821",
        },
    )
    assert src.status_code == 201
    body = src.json()
    assert body["authenticated"] is True and body["speaker"] == "user:u_104"
    assert body["content_hash"].startswith("sha256:") and "content" not in body
    proposal = {
        "memory_type": "SEMANTIC",
        "subject": "user:u_104",
        "claim": {"predicate": "prefers_answer_language", "object": "ko-KR"},
        "evidence": [
            {"event_id": "msg_9821", "span": "답변은 계속 한국어로 해 줘", "source_role": "user"}
        ],
        "confidence": 1.0,
        "sensitivity": "LOW",
        "valid_from": "2026-07-16T00:00:00Z",
        "expires_at": None,
        "consent_basis": "explicit_user_request",
    }
    r = client.post("/v1/proposals", headers={**agent, "Idempotency-Key": "k-1"}, json=proposal)
    assert r.status_code == 200
    receipt = r.json()
    assert receipt["decision"] == "COMMITTED"
    for field in (
        "receipt_id",
        "memory_id",
        "superseded",
        "conflicts",
        "reasons",
        "policy_version",
    ):
        assert field in receipt
    replay = client.post(
        "/v1/proposals", headers={**agent, "Idempotency-Key": "k-1"}, json=proposal
    )
    assert replay.json()["receipt_id"] == receipt["receipt_id"]

    listed = client.get(
        "/v1/memories",
        headers=agent,
        params={"subject_id": "user:u_104", "valid_at": "2026-07-17T00:00:00Z"},
    )
    assert [m["object"] for m in listed.json()["memories"]] == ["ko-KR"]
    before = client.get(
        "/v1/memories",
        headers=agent,
        params={"subject_id": "user:u_104", "valid_at": "2026-07-01T00:00:00Z"},
    )
    assert before.json()["memories"] == []
    one = client.get(f"/v1/memories/{receipt['memory_id']}", headers=agent).json()
    assert one["memory"]["object"] == "ko-KR" and "embedding" not in one["memory"]
    assert one["provenance"][0]["source_id"] == "msg_9821"


def test_rejections_are_receipts_and_malformed_input_is_422(
    client: TestClient, gm: Graphmem
) -> None:
    agent = auth(gm, "agent", subject="user:u_104")
    r = client.post(
        "/v1/proposals",
        headers=agent,
        json={
            "memory_type": "SEMANTIC",
            "subject": "user:u_104",
            "claim": {"predicate": "likes", "object": "tea"},
            "evidence": [],
            "confidence": 1,
        },
    )
    assert r.status_code == 200 and r.json()["decision"] == "REJECTED"
    assert r.json()["reasons"][0]["code"] == "UNSUPPORTED"
    bad = client.post(
        "/v1/proposals",
        headers=agent,
        json={
            "memory_type": "SEMANTIC",
            "subject": "user:u_104",
            "claim": {"predicate": "likes"},
            "evidence": [],
            "confidence": 2,
            "authority": "system_policy",
        },
    )
    assert bad.status_code == 422
    fields = {(e["field"], e["rule"]) for e in bad.json()["errors"]}
    assert ("confidence", "range") in fields and ("claim.object", "required") in fields
    assert ("authority", "extra_forbidden") in fields


def test_tenant_comes_from_the_key_not_the_body(client: TestClient, gm: Graphmem) -> None:
    acme = auth(gm, "agent", subject="user:u_1")
    globex = auth(gm, "agent", subject="user:u_1", tenant="globex")
    client.post(
        "/v1/sources",
        headers=globex,
        json={"kind": "USER_MESSAGE", "content": "I like tea", "source_id": "m1"},
    )
    r = client.post(
        "/v1/proposals",
        headers=acme,
        json={
            "memory_type": "SEMANTIC",
            "subject": "user:u_1",
            "tenant_id": "globex",
            "claim": {"predicate": "likes", "object": "tea"},
            "evidence": [{"event_id": "m1", "span": "I like tea", "source_role": "user"}],
            "confidence": 1,
        },
    )
    assert r.status_code == 422  # tenant_id is not a proposal field
    r = client.post(
        "/v1/proposals",
        headers=acme,
        json={
            "memory_type": "SEMANTIC",
            "subject": "user:u_1",
            "claim": {"predicate": "likes", "object": "tea"},
            "evidence": [{"event_id": "m1", "span": "I like tea", "source_role": "user"}],
            "confidence": 1,
        },
    )
    assert r.json()["decision"] == "REJECTED"
    assert "UNKNOWN_SOURCE" in {x["code"] for x in r.json()["reasons"]}
    assert client.get("/v1/memories", headers=globex).json()["memories"] == []


def test_batch_validates_everything_first(client: TestClient, gm: Graphmem) -> None:
    agent = auth(gm, "agent", subject="user:u_7")
    client.post(
        "/v1/sources",
        headers=agent,
        json={"kind": "USER_MESSAGE", "content": "I like tea and jazz", "source_id": "b1"},
    )

    def p(predicate: str, obj: str) -> dict:
        return {
            "memory_type": "SEMANTIC",
            "subject": "user:u_7",
            "claim": {"predicate": predicate, "object": obj},
            "evidence": [{"event_id": "b1", "span": obj, "source_role": "user"}],
            "confidence": 1,
        }

    bad = client.post(
        "/v1/proposals/batch",
        headers=agent,
        json=[p("likes_drink", "tea"), {**p("likes_music", "jazz"), "confidence": 9}],
    )
    assert bad.status_code == 422
    assert bad.json()["errors"][0]["field"] == "proposals.1.confidence"
    assert client.get("/v1/memories", headers=agent).json()["memories"] == []
    ok = client.post(
        "/v1/proposals/batch",
        headers=agent,
        json=[p("likes_drink", "tea"), p("likes_music", "jazz")],
    )
    assert [r["decision"] for r in ok.json()] == ["COMMITTED", "COMMITTED"]


def test_user_keys_see_only_their_own_memories(client: TestClient, gm: Graphmem) -> None:
    agent = auth(gm, "agent", subject="user:a")
    client.post(
        "/v1/sources",
        headers=agent,
        json={"kind": "USER_MESSAGE", "content": "I like tea", "source_id": "s-a"},
    )
    r = client.post(
        "/v1/proposals",
        headers=agent,
        json={
            "memory_type": "SEMANTIC",
            "subject": "user:a",
            "claim": {"predicate": "likes", "object": "tea"},
            "evidence": [{"event_id": "s-a", "span": "I like tea", "source_role": "user"}],
            "confidence": 1,
        },
    ).json()
    other_user = auth(gm, "user", subject="user:b")
    assert (
        client.get("/v1/memories", headers=other_user, params={"subject_id": "user:a"}).status_code
        == 403
    )
    assert client.get("/v1/memories", headers=other_user).json()["memories"] == []
    assert client.get(f"/v1/memories/{r['memory_id']}", headers=other_user).status_code == 404
    owner = auth(gm, "user", subject="user:a")
    assert len(client.get("/v1/memories", headers=owner).json()["memories"]) == 1


def test_analyst_cannot_write(client: TestClient, gm: Graphmem) -> None:
    analyst = auth(gm, "analyst")
    r = client.post("/v1/sources", headers=analyst, json={"kind": "TOOL_RESULT", "content": "x"})
    assert r.status_code == 403
