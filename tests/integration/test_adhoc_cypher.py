"""Ad-hoc Cypher: admins only, read-only by the engine, never across tenants."""

from fastapi.testclient import TestClient

from api.main import create_app
from graphmem.auth.keys import create_key
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap


def test_adhoc_is_admin_read_only_and_tenant_bound(store: GraphStore) -> None:
    gm = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder())
    bootstrap(store, [gm.embedding_space])
    store._execute(
        "CREATE (:Memory {tenant_id: 'acme', memory_id: 'a'}), "
        "(:Memory {tenant_id: 'globex', memory_id: 'g'})",
        {},
        read_only=False,
    )
    admin = {"Authorization": "Bearer " + create_key(store, tenant_id="acme", roles=["admin"]).key}
    analyst = {
        "Authorization": "Bearer " + create_key(store, tenant_id="acme", roles=["analyst"]).key
    }
    q = "MATCH (m:Memory {tenant_id: $tenant_id}) RETURN m.memory_id AS id"
    with TestClient(create_app(graphmem=gm)) as client:
        assert (
            client.post("/v1/cypher-adhoc", headers=analyst, json={"query": q}).status_code == 403
        )
        ok = client.post("/v1/cypher-adhoc", headers=admin, json={"query": q})
        assert ok.status_code == 200 and ok.json()["rows"] == [{"id": "a"}]
        unbound = client.post(
            "/v1/cypher-adhoc",
            headers=admin,
            json={"query": "MATCH (m:Memory) RETURN m.memory_id AS id"},
        )
        assert unbound.status_code == 422
        sneaky = client.post(
            "/v1/cypher-adhoc",
            headers=admin,
            json={"query": "MATCH (m:Memory) WHERE $tenant_id IS NOT NULL RETURN m"},
        )
        assert sneaky.status_code == 403
        write = client.post(
            "/v1/cypher-adhoc",
            headers=admin,
            json={"query": "CREATE (n:Memory {tenant_id: $tenant_id}) RETURN n"},
        )
        assert write.status_code >= 400
        smuggle = client.post(
            "/v1/cypher-adhoc", headers=admin, json={"query": q, "params": {"tenant_id": "globex"}}
        )
        assert smuggle.status_code == 403
    assert store.read_adhoc("MATCH (m:Memory) RETURN count(m) AS c")[0]["c"] == 2
