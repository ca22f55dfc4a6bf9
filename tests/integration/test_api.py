"""The REST skeleton: health, keys → principals, 401/403, analysts' named queries."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from graphmem.api.main import create_app
from graphmem.auth.keys import create_key, list_keys
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


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_healthz_reports_engine_schema_and_persistence(client: TestClient, gm: Graphmem) -> None:
    body = client.get("/healthz").json()
    assert body["status"] == "ok"
    assert body["schema_version"] == 1
    assert body["engine"]["engine"] == gm.store.engine
    if gm.store.engine == "falkordb":
        assert body["engine"]["persistence"] == {"appendonly": "yes", "appendfsync": "always"}
    assert body["embedding"]["space"] == gm.embedding_space.label
    cache = body["scope_cache"]  # the default: features kept for phase 1, filled on demand
    assert cache["enabled"] is True and cache["entries"] == 0 and cache["capacity"] > 10_000


def test_no_key_malformed_key_and_unknown_key_are_401(client: TestClient) -> None:
    assert client.get("/v1/whoami").status_code == 401
    assert client.get("/v1/whoami", headers=bearer("nonsense")).status_code == 401
    forged = "gm_0123456789abcdef_" + "A" * 43
    resp = client.get("/v1/whoami", headers=bearer(forged))
    assert resp.status_code == 401 and resp.json()["code"] == "UNAUTHENTICATED"


def test_key_resolves_to_its_principal(client: TestClient, gm: Graphmem) -> None:
    key = create_key(gm.store, tenant_id="acme", roles=["user"], subject_id="user:u_104").key
    assert client.get("/v1/whoami", headers=bearer(key)).json() == {
        "tenant_id": "acme",
        "principal_id": "user:u_104",
        "roles": ["user"],
        "subject_id": "user:u_104",
        "grants": [],
    }


def test_revoked_key_stops_working(client: TestClient, gm: Graphmem) -> None:
    created = create_key(gm.store, tenant_id="acme", roles=["agent"])
    gm.store.write(
        "keys/revoke",
        {
            "key_id": created.key_id,
            "tenant_id": "acme",
            "revoked_at": "2026-01-01T00:00:00.000000Z",
        },
    )
    assert client.get("/v1/whoami", headers=bearer(created.key)).status_code == 401


def test_wrong_role_is_403(client: TestClient, gm: Graphmem) -> None:
    agent = create_key(gm.store, tenant_id="acme", roles=["agent"]).key
    resp = client.get("/v1/cypher", headers=bearer(agent))
    assert resp.status_code == 403 and resp.json()["required_roles"] == ["analyst", "admin"]


def test_analyst_queries_are_bound_to_the_key_tenant(client: TestClient, gm: Graphmem) -> None:
    analyst = create_key(gm.store, tenant_id="acme", roles=["analyst"]).key
    names = [q["name"] for q in client.get("/v1/cypher", headers=bearer(analyst)).json()]
    assert "stats/memory_counts" in names and not any(n.startswith("keys/") for n in names)
    resp = client.post(
        "/v1/cypher/stats/memory_counts", json={"params": {}}, headers=bearer(analyst)
    )
    assert resp.status_code == 200 and resp.json()["rows"] == []
    smuggled = client.post(
        "/v1/cypher/stats/memory_counts",
        json={"params": {"tenant_id": "other"}},
        headers=bearer(analyst),
    )
    assert smuggled.status_code == 403
    hidden = client.post("/v1/cypher/keys/list", json={"params": {}}, headers=bearer(analyst))
    assert hidden.status_code == 403


def test_bad_key_creation_input_names_field_and_rule(gm: Graphmem) -> None:
    from graphmem.errors import ValidationError

    with pytest.raises(ValidationError) as err:
        create_key(gm.store, tenant_id="acme", roles=["overlord"])
    assert [(i.field, i.rule) for i in err.value.issues] == [("role", "enum")]
    with pytest.raises(ValidationError) as err:
        create_key(gm.store, tenant_id="acme", roles=["user"])
    assert [(i.field, i.rule) for i in err.value.issues] == [("subject", "required")]
    assert list_keys(gm.store, "acme") == []


def test_openapi_docs_are_served(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    assert "/healthz" in client.get("/openapi.json").json()["paths"]
