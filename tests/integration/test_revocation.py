"""Revocation follows PROVENANCE and DERIVED_FROM through chains, diamonds and cycles."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.errors import ForbiddenError
from graphmem.lifecycle.lineage import path_to
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from tests.integration.write_fixtures import ADMIN, AGENT, FakeClock, principal, source

LEAD = principal("agent", subject="user:lead", pid="agent:lead", grants=("project:alpha",))


@pytest.fixture
def gm(store: GraphStore) -> Iterator[Graphmem]:
    service = Graphmem(
        store,
        Settings(embedder="hashing"),
        HashingEmbedder(),
        clock=FakeClock("2026-07-16T00:00:00Z"),
    )
    bootstrap(store, [service.embedding_space])
    yield service


def fact(gm: Graphmem, predicate: str, evidence: list[tuple[str, str]]) -> str:
    r = gm.propose(
        LEAD,
        {
            "memory_type": "SEMANTIC",
            "subject": "project:alpha",
            "confidence": 0.8,
            "claim": {"predicate": predicate, "object": "yes"},
            "evidence": [
                {"event_id": s, "span": span, "source_role": "user"} for s, span in evidence
            ],
        },
    )
    assert r.memory_id, r.reasons
    return r.memory_id


def derived(gm: Graphmem, mid: str, *origins: str) -> None:
    gm.store._execute(
        "CREATE (d:Memory {memory_id: $id, tenant_id: 'acme', subject_id: 'project:alpha', "
        "type: 'SEMANTIC', status: 'ACTIVE', confidence: 0.6, recorded_at: $t, valid_from: $t})",
        {"id": mid, "t": "2026-07-16T00:00:00.000000Z"},
        read_only=False,
    )
    for origin in origins:
        link(gm, mid, origin)


def link(gm: Graphmem, child: str, origin: str) -> None:
    gm.store._execute(
        "MATCH (d:Memory {memory_id: $c}), (o:Memory {memory_id: $o}) "
        "CREATE (d)-[:DERIVED_FROM {method: 'test', policy_version: 't'}]->(o)",
        {"c": child, "o": origin},
        read_only=False,
    )


def status(gm: Graphmem, mid: str) -> tuple[str, float, str | None]:
    row = gm.store.read_adhoc(
        "MATCH (m:Memory {memory_id: $id}) RETURN m.status AS s, m.confidence AS c, m.tx_to AS t",
        {"id": mid},
    )[0]
    return row["s"], row["c"], row["t"]


def test_chain_diamond_cycle_and_independent_support(gm: Graphmem) -> None:
    s1 = source(gm, LEAD, "USER_MESSAGE", "alpha uses kafka and alpha uses redis")
    s2 = source(gm, LEAD, "USER_MESSAGE", "confirmed: alpha uses redis")
    m_a = fact(gm, "uses_kafka", [(s1, "alpha uses kafka")])
    m_b = fact(gm, "uses_redis", [(s1, "alpha uses redis"), (s2, "alpha uses redis")])
    derived(gm, "d1", m_a)
    derived(gm, "d2", "d1")  # chain s1 → m_a → d1 → d2
    derived(gm, "e", m_a, m_b)  # diamond: e rests on m_a and m_b
    derived(gm, "c1", m_a)
    derived(gm, "c2", "c1")
    link(gm, "c1", "c2")  # cycle c1 ↔ c2, grounded only through m_a

    receipt = gm.revoke(ADMIN, source_id=s1, reason="POISONED")
    body = receipt.as_dict()
    assert set(body["revoked"]) == {m_a, "d1", "d2", "c1", "c2"}
    assert set(body["needs_review"]) == {m_b, "e"}
    paths = {a["memory_id"]: a["path"] for a in body["affected"]}
    assert paths["d2"] == [f"source:{s1}", f"memory:{m_a}", "memory:d1", "memory:d2"]
    assert paths[m_b] == [f"source:{s1}", f"memory:{m_b}"]
    assert status(gm, m_a)[0] == "REVOKED" and status(gm, m_a)[2] == "2026-07-16T00:00:00.000000Z"
    assert status(gm, m_b)[:2] == ("NEEDS_REVIEW", 0.4)  # half its support is left
    assert status(gm, "e")[:2] == ("NEEDS_REVIEW", 0.3)
    assert status(gm, "c1")[0] == status(gm, "c2")[0] == "REVOKED"
    # revoked memories are no longer current; the source can no longer be cited
    assert m_a not in [m["memory_id"] for m in gm.memories(LEAD, subject_id="project:alpha")]
    again = gm.propose(
        LEAD,
        {
            "memory_type": "SEMANTIC",
            "subject": "project:alpha",
            "confidence": 1,
            "claim": {"predicate": "uses_kafka", "object": "yes"},
            "evidence": [{"event_id": s1, "span": "alpha uses kafka", "source_role": "user"}],
        },
    )
    assert "SOURCE_REVOKED" in {r.code for r in again.reasons}
    stored = gm.store.read(
        "lifecycle/revocation_get", {"tenant_id": "acme", "receipt_id": receipt.receipt_id}
    )
    assert set(stored[0]["r"]["revoked_ids"]) == set(body["revoked"])
    # the stored receipt keeps each affected memory's first parent: the paths rebuild from it
    kept = json.loads(stored[0]["r"]["affected_json"])
    parents = {a["memory_id"]: a["parent"] for a in kept}
    assert {a["memory_id"]: path_to(a["memory_id"], parents, receipt.target) for a in kept} == paths
    assert {a["memory_id"]: a["status"] for a in kept} == {
        a["memory_id"]: a["status"] for a in body["affected"]
    }


def test_revoking_a_memory_propagates_and_needs_a_reviewer(gm: Graphmem) -> None:
    s1 = source(gm, LEAD, "USER_MESSAGE", "alpha uses kafka")
    m_a = fact(gm, "uses_kafka", [(s1, "alpha uses kafka")])
    derived(gm, "d1", m_a)
    with pytest.raises(ForbiddenError):
        gm.revoke(AGENT, memory_id=m_a)
    body = gm.revoke(principal("reviewer"), memory_id=m_a).as_dict()
    assert set(body["revoked"]) == {m_a, "d1"}
    assert status(gm, s1 and m_a)[0] == "REVOKED"


def test_other_tenants_are_untouched(gm: Graphmem) -> None:
    other = principal("agent", tenant="globex", subject="user:lead", grants=("project:alpha",))
    s_other = source(gm, other, "USER_MESSAGE", "alpha uses kafka")
    from graphmem.errors import NotFoundError

    with pytest.raises(NotFoundError):
        gm.revoke(ADMIN, source_id=s_other)
