"""Write receipts verified against the graph, through REST: a committed memory's receipt is
VERIFIED; one whose memory lost its provenance (a source removed under it) or its memory
is BROKEN, naming the check; a refused write's receipt verifies that nothing was written;
agents and bound keys cannot audit; another tenant's receipt is a 404."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from graphmem.store.base import GraphStore
from tests.integration.conftest import KeyMaker

USER = "user:u_104"
SAID = "답변은 계속 한국어로 해 줘"


def propose(rest: TestClient, headers: dict[str, str], span: str) -> dict[str, Any]:
    src = rest.post("/v1/sources", headers=headers, json={"kind": "USER_MESSAGE", "content": SAID})
    assert src.status_code == 201, src.text
    answer = rest.post(
        "/v1/proposals",
        headers=headers,
        json={
            "memory_type": "SEMANTIC",
            "subject": USER,
            "claim": {"predicate": "prefers_answer_language", "object": "ko-KR"},
            "evidence": [
                {"event_id": src.json()["source_id"], "span": span, "source_role": "user"}
            ],
            "confidence": 1.0,
        },
    )
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def test_write_receipts_verify_against_the_graph(
    rest: TestClient, key_for: KeyMaker, store: GraphStore
) -> None:
    agent = key_for("agent", subject=USER)
    analyst, admin = key_for("analyst"), key_for("admin")
    committed = propose(rest, agent, SAID)
    assert committed["decision"] == "COMMITTED"
    rid = committed["receipt_id"]

    got = rest.get(f"/v1/audit/writes/{rid}", headers=analyst)
    assert got.status_code == 200 and got.json()["memory_id"] == committed["memory_id"]
    ok = rest.post(f"/v1/audit/writes/{rid}/verify", headers=analyst).json()
    assert ok["result"] == "VERIFIED" and ok["failed"] == [], ok
    assert ok["memory_status"] == "ACTIVE" and "provenance" in ok["checked"]

    # a span the source does not contain: refused, and its receipt names no memory
    refused = propose(rest, agent, "I never said this")
    assert refused["decision"] != "COMMITTED" and refused["memory_id"] is None
    nothing = rest.post(f"/v1/audit/writes/{refused['receipt_id']}/verify", headers=admin)
    assert nothing.json()["result"] == "VERIFIED"
    assert nothing.json()["checked"] == ["nothing_written"]

    # the memory's provenance removed under it (as a broken import would): BROKEN, named
    store._execute(
        "MATCH (:Memory {memory_id: $m})-[p:PROVENANCE]->() DELETE p",
        {"m": committed["memory_id"]},
        read_only=False,
    )
    broken = rest.post(f"/v1/audit/writes/{rid}/verify", headers=admin).json()
    assert broken["result"] == "BROKEN" and broken["failed"] == ["provenance"], broken
    store._execute(
        "MATCH (m:Memory {memory_id: $m}) DETACH DELETE m",
        {"m": committed["memory_id"]},
        read_only=False,
    )
    gone = rest.post(f"/v1/audit/writes/{rid}/verify", headers=admin).json()
    assert gone["failed"] == ["memory_exists"] and gone["memory_status"] is None

    # who may audit: not an agent, not a key bound to a subject; not another tenant's receipt
    assert rest.post(f"/v1/audit/writes/{rid}/verify", headers=agent).status_code == 403
    assert (
        rest.get(f"/v1/audit/writes/{rid}", headers=key_for("user", subject=USER)).status_code
        == 403
    )
    other = rest.get(f"/v1/audit/writes/{rid}", headers=key_for("admin", tenant="globex"))
    assert other.status_code == 404 and other.json()["code"] == "NOT_FOUND"
    missing = rest.post("/v1/audit/writes/wr_nope/verify", headers=admin)
    assert missing.status_code == 404
