"""A batch of proposals (``propose_many``) on a real engine: it decides exactly as the same
proposals sent one at a time, and it is batched end to end — one source read, one conflict
read and one commit statement for the whole batch, receipts in input order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from graphmem.auth.principal import Principal
from graphmem.errors import ConstraintViolationError
from graphmem.models.enums import Decision
from graphmem.models.receipts import WriteReceipt
from graphmem.service import Graphmem
from graphmem.store.base import GraphStore
from tests.integration.write_fixtures import (
    FakeClock,
    claim,
    codes,
    hashing_graphmem,
    principal,
    source,
)

USER = "user:u_7"
JAN, MAR, OLD = "2026-01-01T00:00:00Z", "2026-03-01T00:00:00Z", "2019-01-01T00:00:00Z"
SEOUL = "I live in Seoul"


@pytest.fixture
def gm(store: GraphStore) -> Iterator[Graphmem]:
    yield hashing_graphmem(store, FakeClock())


def agent(tenant: str) -> Principal:
    return principal("agent", tenant=tenant, subject=USER, pid=f"agent:{tenant}")


def workload(gm: Graphmem, who: Principal) -> list[dict[str, Any]]:
    """Proposals that compete with each other inside the batch — an update of a claim the
    batch itself adds, a restatement of an earlier item, an idempotency key used twice — with
    a refused item between them, and plain new claims."""
    tea = source(gm, who, "USER_MESSAGE", "I like tea")
    coffee = source(gm, who, "USER_MESSAGE", "Now I like coffee")
    again = source(gm, who, "USER_MESSAGE", "Really, I like tea")
    seoul = source(gm, who, "USER_MESSAGE", "I live in Seoul")
    still = source(gm, who, "USER_MESSAGE", "Yes, I live in Seoul")
    return [
        claim(USER, "likes_drink", "tea", [(tea, "I like tea", "user")], valid_from=JAN),
        claim(USER, "lives_in", "Seoul", [(seoul, SEOUL, "user")], idempotency_key="k-1"),
        claim(USER, "likes_drink", "coffee", [(coffee, "I like coffee", "user")], valid_from=MAR),
        claim(USER, "likes_drink", "tea", [(again, "I like tea", "user")], valid_from=JAN),
        claim(USER, "expired", "x", [(tea, "I like tea", "user")], expires_at=OLD, valid_from=OLD),
        claim(USER, "lives_in", "Seoul", [(seoul, SEOUL, "user")], idempotency_key="k-1"),
        claim(USER, "lives_in", "Seoul", [(still, SEOUL, "user")]),
        *[claim(USER, f"pref_{i}", f"v{i}", [(tea, "I like tea", "user")]) for i in range(6)],
    ]


def shape(gm: Graphmem, tenant: str, receipts: list[WriteReceipt]) -> dict[str, Any]:
    """What a run left, without ids: decisions and codes in order, and the graph's counts."""
    rows = gm.store.read_adhoc(
        "MATCH (m:Memory {tenant_id: $t}) RETURN m.status AS status, m.object AS object, "
        "m.valid_to IS NULL AS open ORDER BY status, object, open",
        {"t": tenant},
    )
    edges = gm.store.read_adhoc(
        "MATCH (m:Memory {tenant_id: $t})-[e]->() RETURN type(e) AS t, count(*) AS c ORDER BY t",
        {"t": tenant},
    )
    stored = gm.store.read_adhoc(
        "MATCH (r:WriteReceipt {tenant_id: $t}) RETURN r.decision AS d, count(*) AS c ORDER BY d",
        {"t": tenant},
    )
    same_key = [r.receipt_id for r in receipts]
    return {
        "decisions": [(r.decision, sorted(codes(r))) for r in receipts],
        "replayed": same_key[1] == same_key[5],
        "memories": [tuple(r.values()) for r in rows],
        "edges": [tuple(e.values()) for e in edges],
        "receipts": [tuple(s.values()) for s in stored],
    }


def test_a_batch_decides_as_one_at_a_time(gm: Graphmem) -> None:
    one, many = agent("one"), agent("many")
    singles = [gm.propose(one, p) for p in workload(gm, one)]
    batch = gm.propose_many(many, workload(gm, many))
    assert shape(gm, "many", batch) == shape(gm, "one", singles)
    C = Decision.COMMITTED
    assert [r.decision for r in batch] == [
        *(C, C, C, C, Decision.REJECTED, C, Decision.DUPLICATE),
        *[Decision.NEEDS_CONFIRMATION] * 6,  # spans that do not say the claim
    ]
    assert "CONFLICT_UNRESOLVED" in codes(batch[3])  # tea again, over coffee's valid time
    assert batch[6].memory_id == batch[1].memory_id  # Seoul restated: more provenance
    assert batch[5].receipt_id == batch[1].receipt_id
    assert batch[2].superseded == [batch[0].memory_id]


def test_a_batch_is_one_commit_statement_and_one_read_each(
    gm: Graphmem, monkeypatch: pytest.MonkeyPatch
) -> None:
    who = agent("acme")
    proposals = []
    for i in range(20):
        said = f"from now on my pref {i} is answer {i} in Korean"
        sid = source(gm, who, "USER_MESSAGE", said)
        proposals.append(claim(USER, f"pref_{i}", f"answer {i} in Korean", [(sid, said, "user")]))
    calls: list[str] = []
    read, write = gm.store.read, gm.store.write

    def counted_read(name: str, *args: Any, **kwargs: Any) -> Any:
        calls.append(name)
        return read(name, *args, **kwargs)

    def counted_write(name: str, *args: Any, **kwargs: Any) -> Any:
        calls.append(name)
        return write(name, *args, **kwargs)

    monkeypatch.setattr(gm.store, "read", counted_read)
    monkeypatch.setattr(gm.store, "write", counted_write)
    receipts = gm.propose_many(who, proposals)
    assert [r.decision for r in receipts] == [Decision.COMMITTED] * 20
    assert calls == ["sources/get_many", "memories/competitors", "memories/commit"]
    memories = gm.store.read_adhoc(
        "MATCH (r:WriteReceipt)-[:WROTE]->(m:Memory)-[:PROVENANCE]->(:Source) "
        "RETURN r.receipt_id AS r, m.memory_id AS m"
    )
    assert {(x["r"], x["m"]) for x in memories} == {(r.receipt_id, r.memory_id) for r in receipts}


def test_an_idempotency_key_reused_in_a_batch_for_other_content_writes_nothing(
    gm: Graphmem,
) -> None:
    who = agent("acme")
    sid = source(gm, who, "USER_MESSAGE", "I like tea")
    first = gm.propose(
        who, claim(USER, "likes", "tea", [(sid, "I like tea", "user")], idempotency_key="k")
    )
    before = gm.store.read_adhoc("MATCH (n) RETURN count(n) AS c")[0]["c"]
    with pytest.raises(ConstraintViolationError, match="idempotency"):
        gm.propose_many(
            who,
            [
                claim(USER, "other", "x", [(sid, "I like tea", "user")]),
                claim(USER, "likes", "coffee", [(sid, "I like tea", "user")], idempotency_key="k"),
            ],
        )
    assert gm.store.read_adhoc("MATCH (n) RETURN count(n) AS c")[0]["c"] == before
    assert first.decision is Decision.COMMITTED
