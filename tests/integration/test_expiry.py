"""Expiration (retention) and purpose expiry, by sweep, schedule and admin endpoint."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from graphmem.api.main import create_app
from graphmem.auth.keys import create_key
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.lifecycle.expire import Sweeper
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from tests.integration.write_fixtures import FakeClock, claim, principal, source

U = "user:u_1"
A = principal("agent", subject=U, pid="agent:s1")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock("2026-07-01T00:00:00Z")


@pytest.fixture
def gm(store: GraphStore, clock: FakeClock) -> Iterator[Graphmem]:
    service = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder(), clock=clock)
    bootstrap(store, [service.embedding_space])
    yield service


def remember(gm: Graphmem, predicate: str, text: str, **extra) -> str:  # type: ignore[no-untyped-def]
    sid = source(gm, A, "USER_MESSAGE", text)
    r = gm.propose(A, claim(U, predicate, text, [(sid, text, "user")], **extra))
    assert r.decision is Decision.COMMITTED, r.reasons
    return r.memory_id or ""


def status(gm: Graphmem, mid: str) -> str:
    rows = gm.store.read_adhoc(
        "MATCH (m:Memory {memory_id: $id}) RETURN m.status AS s", {"id": mid}
    )
    return str(rows[0]["s"])


def test_sweep_expires_past_retention_and_leaves_a_receipt(gm: Graphmem, clock: FakeClock) -> None:
    short = remember(
        gm, "current_city", "I am in Busan this week", expires_at="2026-07-08T00:00:00Z"
    )
    kept = remember(gm, "home_city", "I live in Seoul")
    assert gm.sweep() == {}
    clock.set("2026-07-09T00:00:00Z")
    assert gm.sweep() == {"acme": [short]}
    assert status(gm, short) == "EXPIRED" and status(gm, kept) == "ACTIVE"
    receipts = gm.store.read_adhoc(
        "MATCH (r:LifecycleReceipt {kind: 'EXPIRY'}) RETURN r.memory_ids AS ids, r.tenant_id AS t"
    )
    assert receipts == [{"ids": [short], "t": "acme"}]
    assert gm.sweep() == {}  # idempotent
    listed = gm.memories(A, subject_id=U, valid_at="2026-07-05T00:00:00Z")
    assert short not in [m["memory_id"] for m in listed]  # never retrieved, even by time travel


def test_purpose_expiry(gm: Graphmem) -> None:
    text = "Reach me at mina.kim@example.com"
    sid = source(gm, A, "USER_MESSAGE", text)

    def email(purposes: list[str], predicate: str) -> str:
        r = gm.propose(
            A,
            claim(
                U,
                predicate,
                "mina.kim@example.com",
                [(sid, "mina.kim@example.com", "user")],
                consent_basis="explicit_user_request",
                purposes=purposes,
            ),
        )
        assert r.decision is Decision.COMMITTED, r.reasons
        return r.memory_id or ""

    only = email(["ticket_42"], "ticket_contact_email")
    shared = email(["ticket_42", "billing"], "billing_contact_email")
    result = gm.expire_purpose(principal("admin"), "ticket_42")
    assert result == {"purpose": "ticket_42", "expired": [only], "narrowed": [shared]}
    assert status(gm, only) == "EXPIRED"
    got = gm.retrieve(A, {"query": "contact email", "subject_id": U, "purpose": "ticket_42"})
    assert got.results == []
    billing = gm.retrieve(A, {"query": "contact email", "subject_id": U, "purpose": "billing"})
    assert [r.memory_id for r in billing.results] == [shared]


def test_schedule_inside_the_service(gm: Graphmem, clock: FakeClock) -> None:
    short = remember(
        gm, "current_city", "I am in Busan this week", expires_at="2026-07-08T00:00:00Z"
    )
    clock.set("2026-07-09T00:00:00Z")
    sweeper = Sweeper(gm.sweep_due, 0.05)
    sweeper.start()
    try:
        deadline = time.monotonic() + 10
        while status(gm, short) != "EXPIRED" and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        sweeper.stop()
    assert status(gm, short) == "EXPIRED"


def test_admin_endpoints(gm: Graphmem, clock: FakeClock) -> None:
    short = remember(
        gm, "current_city", "I am in Busan this week", expires_at="2026-07-08T00:00:00Z"
    )
    clock.set("2026-07-09T00:00:00Z")
    admin = {
        "Authorization": "Bearer " + create_key(gm.store, tenant_id="acme", roles=["admin"]).key
    }
    agent = {
        "Authorization": "Bearer " + create_key(gm.store, tenant_id="acme", roles=["agent"]).key
    }
    with TestClient(create_app(graphmem=gm)) as client:
        assert client.post("/v1/admin/sweep", headers=agent).status_code == 403
        assert client.post("/v1/admin/sweep", headers=admin).json() == {
            "expired": [short],
            "count": 1,
            "runs_deleted": [],
        }
        bad = client.post("/v1/purposes/Not Valid/expire", headers=admin)
        assert bad.status_code == 422
