"""``GET /v1/me/memories``: a caller's own memories, subject from the key, with time travel."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.api.main import create_app
from graphmem.auth.keys import create_key
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from tests.integration.write_fixtures import FakeClock, claim, principal, source

U1 = "user:u_1"
U2 = "user:u_2"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def gm(store: GraphStore, clock: FakeClock) -> Iterator[Graphmem]:
    service = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder(), clock=clock)
    bootstrap(store, [service.embedding_space])
    yield service


@pytest.fixture
def client(gm: Graphmem) -> Iterator[TestClient]:
    with TestClient(create_app(graphmem=gm)) as c:
        yield c


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def remember(
    gm: Graphmem, subject: str, predicate: str, obj: str, *, tenant: str = "acme", **extra: Any
) -> str:
    agent = principal("agent", tenant=tenant, subject=subject, pid=f"agent:{subject}")
    sid = source(gm, agent, "USER_MESSAGE", f"{predicate} is {obj}")
    receipt = gm.propose(agent, claim(subject, predicate, obj, [(sid, obj, "user")], **extra))
    assert receipt.decision is Decision.COMMITTED, receipt.reasons
    assert receipt.memory_id
    return receipt.memory_id


@pytest.fixture
def memories(gm: Graphmem, clock: FakeClock) -> dict[str, str]:
    clock.set("2026-07-01T00:00:00Z")
    en = remember(gm, U1, "prefers_answer_language", "en", valid_from="2026-06-01T00:00:00Z")
    tea = remember(gm, U1, "likes", "tea")
    coffee = remember(gm, U2, "likes", "coffee")
    elsewhere = remember(gm, U1, "likes", "cocoa", tenant="globex")
    clock.set("2026-07-16T00:00:00Z")
    ko = remember(gm, U1, "prefers_answer_language", "ko-KR", valid_from="2026-07-01T00:00:00Z")
    return {"en": en, "tea": tea, "coffee": coffee, "elsewhere": elsewhere, "ko": ko}


def objects(resp: Any) -> list[str]:
    assert resp.status_code == 200, resp.json()
    return sorted(m["object"] for m in resp.json()["memories"])


def test_a_user_sees_only_their_own_memories(
    client: TestClient, gm: Graphmem, memories: dict[str, str]
) -> None:
    u1 = create_key(gm.store, tenant_id="acme", roles=["user"], subject_id=U1).key
    u2 = create_key(gm.store, tenant_id="acme", roles=["user"], subject_id=U2).key
    resp = client.get("/v1/me/memories", headers=bearer(u1))
    assert objects(resp) == ["ko-KR", "tea"]
    body = resp.json()
    assert body["subject_id"] == U1 and body["count"] == 2
    assert {m["subject_id"] for m in body["memories"]} == {U1}
    assert all("embedding" not in m for m in body["memories"])
    assert objects(client.get("/v1/me/memories", headers=bearer(u2))) == ["coffee"]
    # a subject_id in the query string does not widen the scope
    assert objects(client.get(f"/v1/me/memories?subject_id={U2}", headers=bearer(u1))) == [
        "ko-KR",
        "tea",
    ]


def test_a_user_cannot_read_another_users_memory(
    client: TestClient, gm: Graphmem, memories: dict[str, str]
) -> None:
    u1 = create_key(gm.store, tenant_id="acme", roles=["user"], subject_id=U1).key
    assert client.get(f"/v1/memories/{memories['coffee']}", headers=bearer(u1)).status_code == 404
    assert client.get(f"/v1/memories/{memories['tea']}", headers=bearer(u1)).status_code == 200
    assert client.get(f"/v1/memories?subject_id={U2}", headers=bearer(u1)).status_code == 403
    ids = {
        m["memory_id"] for m in client.get("/v1/me/memories", headers=bearer(u1)).json()["memories"]
    }
    assert memories["coffee"] not in ids and memories["elsewhere"] not in ids


def test_same_subject_in_another_tenant_is_separate(
    client: TestClient, gm: Graphmem, memories: dict[str, str]
) -> None:
    key = create_key(gm.store, tenant_id="globex", roles=["user"], subject_id=U1).key
    assert objects(client.get("/v1/me/memories", headers=bearer(key))) == ["cocoa"]


def test_me_memories_time_travel(
    client: TestClient, gm: Graphmem, memories: dict[str, str]
) -> None:
    u1 = bearer(create_key(gm.store, tenant_id="acme", roles=["user"], subject_id=U1).key)

    def me(query: str) -> list[str]:
        return objects(client.get(f"/v1/me/memories?{query}", headers=u1))

    assert me("valid_at=2026-07-05T00:00:00Z") == ["ko-KR", "tea"]
    assert me("valid_at=2026-06-15T00:00:00Z") == ["en"]
    assert me("known_at=2026-07-10T00:00:00Z&valid_at=2026-07-05T00:00:00Z") == ["en", "tea"]
    # status is the current one: what was believed on July 10 and has been superseded since
    assert me("status=SUPERSEDED&known_at=2026-07-10T00:00:00Z") == ["en"]
    assert me("type=SEMANTIC&limit=1") in (["ko-KR"], ["tea"])
    bad = client.get("/v1/me/memories?known_at=yesterday", headers=u1)
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "known_at"


def test_any_role_bound_to_a_subject_may_use_me(
    client: TestClient, gm: Graphmem, memories: dict[str, str]
) -> None:
    agent = create_key(gm.store, tenant_id="acme", roles=["agent"], subject_id=U2).key
    assert objects(client.get("/v1/me/memories", headers=bearer(agent))) == ["coffee"]


def test_a_key_without_a_subject_is_403(client: TestClient, gm: Graphmem) -> None:
    for roles in (["agent"], ["analyst"], ["admin"]):
        key = create_key(gm.store, tenant_id="acme", roles=roles).key
        resp = client.get("/v1/me/memories", headers=bearer(key))
        assert resp.status_code == 403, roles
        assert resp.json()["code"] == "FORBIDDEN"
    assert client.get("/v1/me/memories").status_code == 401
