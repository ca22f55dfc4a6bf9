"""Self-service corrections and deletions: only the caller's own memories."""

from __future__ import annotations

from fastapi.testclient import TestClient

from graphmem.api.main import create_app
from graphmem.auth.keys import create_key
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap


def test_user_corrects_and_deletes_only_own_memories(store: GraphStore) -> None:
    gm = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder())
    bootstrap(store, [gm.embedding_space])
    me = {
        "Authorization": "Bearer "
        + create_key(store, tenant_id="acme", roles=["user"], subject_id="user:me").key
    }
    other = {
        "Authorization": "Bearer "
        + create_key(store, tenant_id="acme", roles=["user"], subject_id="user:other").key
    }
    with TestClient(create_app(graphmem=gm)) as client:
        client.post(
            "/v1/sources",
            headers=me,
            json={"kind": "USER_MESSAGE", "content": "I live in Busan", "source_id": "m1"},
        )
        r = client.post(
            "/v1/proposals",
            headers=me,
            json={
                "memory_type": "SEMANTIC",
                "subject": "user:me",
                "claim": {"predicate": "home_city", "object": "Busan"},
                "evidence": [{"event_id": "m1", "span": "I live in Busan", "source_role": "user"}],
                "confidence": 1,
            },
        ).json()
        mid = r["memory_id"]
        assert (
            client.patch(
                f"/v1/me/memories/{mid}", headers=other, json={"object": "Mars"}
            ).status_code
            == 404
        )
        assert client.delete(f"/v1/me/memories/{mid}", headers=other).status_code == 404
        fixed = client.patch(f"/v1/me/memories/{mid}", headers=me, json={"object": "Seoul"}).json()
        assert fixed["decision"] == "COMMITTED" and fixed["superseded"] == [mid]
        now = client.get("/v1/me/memories", headers=me).json()["memories"]
        assert [m["object"] for m in now] == ["Seoul"]
        sneaky = client.patch(
            f"/v1/me/memories/{fixed['memory_id']}",
            headers=me,
            json={"object": "sk-proj-AbCdEf0123456789GhIjKlMnOpQrStUvWx"},
        )
        assert sneaky.json()["decision"] == "REJECTED"
        # erasing the correction: Busan, which only it had superseded, is believed again
        gone = client.delete(f"/v1/me/memories/{fixed['memory_id']}", headers=me).json()
        assert gone["memory_ids"] == [fixed["memory_id"]]
        assert [r["reinstates"] for r in gone["reinstated"]] == [mid]
        now = client.get("/v1/me/memories", headers=me).json()["memories"]
        assert [m["object"] for m in now] == ["Busan"]
        # erasing it with its history leaves nothing of the claim
        gone = client.delete(
            f"/v1/me/memories/{now[0]['memory_id']}?with_history=true", headers=me
        ).json()
        assert {mid, now[0]["memory_id"]} <= set(gone["memory_ids"])
        assert gone["reinstated"] == []
        assert client.get("/v1/me/memories", headers=me).json()["memories"] == []
