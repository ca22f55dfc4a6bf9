"""Belief after revocation and erasure (issue 14, item 5): what a lost memory superseded is
believed again — a new version recorded now, valid time as before, REINSTATED — unless another
memory supersedes it; ``known_at`` before the loss still answers what was believed then;
conflict markers follow. Erasure previews (item 6) say so before anything is written."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.api.main import create_app
from graphmem.auth.keys import create_key
from graphmem.auth.principal import Principal
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.store.base import GraphStore
from tests.integration.conftest import bearer
from tests.integration.write_fixtures import ADMIN, FakeClock, claim, principal, source

ALPHA = "project:alpha"
LEAD = principal("agent", subject="user:lead", pid="agent:lead", grants=(ALPHA,))
MINA = principal("agent", subject="user:mina", pid="agent:mina", grants=(ALPHA,))


@pytest.fixture
def gm(clocked_gm: Graphmem) -> Graphmem:
    return clocked_gm


def owner(gm: Graphmem, who: Principal, predicate: str = "owner", **when: str) -> list[Any]:
    rows = gm.memories(who, subject_id=ALPHA, **when)
    return [r["object"] for r in rows if r["predicate"] == predicate]


def state(
    gm: Graphmem,
    who: Principal,
    clock: FakeClock,
    at: str,
    obj: str,
    valid_from: str,
    predicate: str = "owner",
) -> tuple[str, str]:
    """``who`` says, at ``at``, that ``obj`` is alpha's owner since ``valid_from``: the object is
    in the cited span of the speaker's own message. Returns (source id, memory id)."""
    clock.set(at)
    text = f"Since {valid_from[:10]} the {predicate} of project alpha is {obj}."
    sid = source(gm, who, "USER_MESSAGE", text)
    receipt = gm.propose(
        who, claim(ALPHA, predicate, obj, [(sid, text, "user")], valid_from=valid_from)
    )
    assert receipt.decision is Decision.COMMITTED, receipt.reasons
    return sid, receipt.memory_id or ""


def test_rest_jin_mina_revoked_answers_jin_now_and_mina_before(
    gm: Graphmem, clock: FakeClock, store: GraphStore
) -> None:
    lead = bearer(
        create_key(
            store, tenant_id="acme", roles=["agent"], subject_id="user:lead", grants=[ALPHA]
        ).key
    )
    reviewer = bearer(create_key(store, tenant_id="acme", roles=["reviewer"]).key)

    def say(client: TestClient, at: str, text: str, span: str, obj: str, since: str) -> str:
        clock.set(at)
        sid = client.post(
            "/v1/sources", headers=lead, json={"kind": "USER_MESSAGE", "content": text}
        ).json()["source_id"]
        r = client.post(
            "/v1/proposals",
            headers=lead,
            json=claim(ALPHA, "owner", obj, [(sid, span, "user")], valid_from=since),
        ).json()
        assert r["decision"] == "COMMITTED", r
        return sid

    def owners(client: TestClient, **when: str) -> list[str]:
        got = client.get("/v1/memories", headers=lead, params={"subject_id": ALPHA, **when})
        assert got.status_code == 200, got.text
        return [m["object"] for m in got.json()["memories"]]

    with TestClient(create_app(graphmem=gm), raise_server_exceptions=False) as client:
        say(
            client,
            "2026-07-01T00:00:00Z",
            "The owner of project alpha is Jin.",
            "owner of project alpha is Jin",
            "Jin",
            "2026-06-01T00:00:00Z",
        )
        mina_source = say(
            client,
            "2026-07-16T00:00:00Z",
            "Correction: Mina has owned project alpha since July 1.",
            "Mina has owned project alpha since July 1",
            "Mina",
            "2026-07-01T00:00:00Z",
        )
        assert owners(client) == ["Mina"]
        clock.set("2026-07-20T00:00:00Z")
        revoked = client.post(
            "/v1/revocations",
            headers=reviewer,
            json={"source_id": mina_source, "reason": "WRONG_SOURCE"},
        )
        assert revoked.status_code == 201, revoked.text
        [back] = revoked.json()["reinstated"]
        assert back["status"] == "ACTIVE" and back["valid_from"] == "2026-06-01T00:00:00.000000Z"

        assert owners(client) == ["Jin"]  # now: Jin again
        assert owners(client, valid_at="2026-07-05T00:00:00Z") == ["Jin"]
        # what was believed before the revocation is still answered (without valid_at: the
        # whole history then believed, Jin until July 1 and Mina since)
        assert owners(client, known_at="2026-07-18T00:00:00Z") == ["Jin", "Mina"]
        assert owners(client, known_at="2026-07-18T00:00:00Z", valid_at="2026-07-05T00:00:00Z") == [
            "Mina"
        ]
        assert owners(client, known_at="2026-07-18T00:00:00Z", valid_at="2026-06-15T00:00:00Z") == [
            "Jin"
        ]
        assert owners(client, known_at="2026-07-10T00:00:00Z", valid_at="2026-07-05T00:00:00Z") == [
            "Jin"
        ]

        detail = client.get(f"/v1/memories/{back['memory_id']}", headers=lead).json()
        kinds = {s["kind"] for h in detail["history"] for s in h["supersedes"]}
        assert "REINSTATED" in kinds
        mine = next(h for h in detail["history"] if h["memory_id"] == back["memory_id"])
        assert mine["recorded_at"] == "2026-07-20T00:00:00.000000Z"
        assert mine["supersedes"] == [
            {"memory_id": back["reinstates"], "kind": "REINSTATED", "reason": "WRONG_SOURCE"}
        ]
        # the reinstated version rests on Jin's message, so revoking that revokes it too
        assert {p["kind"] for p in detail["provenance"]} == {"USER_MESSAGE"}


def test_revoking_the_middle_statement_keeps_the_one_before_until_the_one_after(
    gm: Graphmem, clock: FakeClock
) -> None:
    state(gm, LEAD, clock, "2026-07-01T00:00:00Z", "Jin", "2026-06-01T00:00:00Z")
    mina_src, mina = state(gm, LEAD, clock, "2026-07-16T00:00:00Z", "Mina", "2026-07-01T00:00:00Z")
    state(gm, LEAD, clock, "2026-08-02T00:00:00Z", "Kim", "2026-08-01T00:00:00Z")
    clock.set("2026-08-10T00:00:00Z")
    receipt = gm.revoke(ADMIN, source_id=mina_src)
    assert mina in receipt.as_dict()["revoked"]
    [back] = receipt.reinstated
    assert back.status == "SUPERSEDED" and back.valid_to == "2026-08-01T00:00:00.000000Z"
    assert owner(gm, LEAD) == ["Kim"]
    assert owner(gm, LEAD, valid_at="2026-07-05T00:00:00Z") == ["Jin"]
    assert owner(gm, LEAD, valid_at="2026-08-05T00:00:00Z") == ["Kim"]
    assert owner(gm, LEAD, valid_at="2026-06-05T00:00:00Z") == ["Jin"]
    assert owner(gm, LEAD, known_at="2026-08-05T00:00:00Z", valid_at="2026-07-05T00:00:00Z") == [
        "Mina"
    ]
    # a later statement about the same claim competes with Kim, not with the reinstated Jin
    state(gm, LEAD, clock, "2026-09-01T00:00:00Z", "Lee", "2026-09-01T00:00:00Z")
    assert owner(gm, LEAD) == ["Lee"]
    assert owner(gm, LEAD, valid_at="2026-07-05T00:00:00Z") == ["Jin"]


def test_nothing_comes_back_when_another_memory_supersedes_it(
    gm: Graphmem, clock: FakeClock
) -> None:
    state(gm, LEAD, clock, "2026-07-01T00:00:00Z", "Jin", "2026-06-01T00:00:00Z")
    mina_src, _ = state(gm, LEAD, clock, "2026-07-16T00:00:00Z", "Mina", "2026-06-01T00:00:00Z")
    state(gm, LEAD, clock, "2026-07-17T00:00:00Z", "Kim", "2026-06-01T00:00:00Z")
    clock.set("2026-07-20T00:00:00Z")
    receipt = gm.revoke(ADMIN, source_id=mina_src)
    assert receipt.reinstated == []  # Kim corrects the same valid time: Jin stays superseded
    assert owner(gm, LEAD) == ["Kim"]
    assert owner(gm, LEAD, valid_at="2026-06-15T00:00:00Z") == ["Kim"]


def test_revoking_a_memory_revokes_every_copy_of_it(gm: Graphmem, clock: FakeClock) -> None:
    state(gm, LEAD, clock, "2026-07-01T00:00:00Z", "Jin", "2026-06-01T00:00:00Z")
    _, mina = state(gm, LEAD, clock, "2026-07-16T00:00:00Z", "Mina", "2026-07-01T00:00:00Z")
    state(gm, LEAD, clock, "2026-08-02T00:00:00Z", "Kim", "2026-08-01T00:00:00Z")
    clock.set("2026-08-10T00:00:00Z")
    receipt = gm.revoke(ADMIN, memory_id=mina).as_dict()
    assert len(receipt["revoked"]) == 2  # Mina and her version that ends when Kim starts
    assert owner(gm, LEAD, valid_at="2026-07-05T00:00:00Z") == ["Jin"]


def test_conflicts_come_back_with_the_memories_and_go_with_the_revoked(
    gm: Graphmem, clock: FakeClock, store: GraphStore
) -> None:
    # equal authority, the later message claims an earlier start: kept both, in conflict
    _, a = state(gm, LEAD, clock, "2026-07-01T00:00:00Z", "Jin", "2026-07-10T00:00:00Z")
    b_src, b = state(gm, MINA, clock, "2026-07-02T00:00:00Z", "Mina", "2026-07-01T00:00:00Z")
    assert sorted(owner(gm, LEAD)) == ["Jin", "Mina"]
    c_src, _ = state(gm, LEAD, clock, "2026-07-21T00:00:00Z", "Kim", "2026-07-20T00:00:00Z")
    assert owner(gm, LEAD) == ["Kim"]

    clock.set("2026-07-25T00:00:00Z")
    receipt = gm.revoke(ADMIN, source_id=c_src)
    came_back = {r.reinstates: r for r in receipt.reinstated}
    assert set(came_back) == {a, b} and all(r.status == "ACTIVE" for r in came_back.values())
    assert sorted(owner(gm, LEAD)) == ["Jin", "Mina"]

    def open_conflicts() -> list[set[str]]:
        """Open conflicts between memories believed now (the edge between the superseded
        originals stays as it was recorded)."""
        page = gm.named_query("lineage/open_conflicts", {"subject_id": ALPHA}, tenant_id="acme")
        rows = page.items
        return [
            {r["memory_id"], r["conflicts_with"]}
            for r in rows
            if r["status"] == r["other_status"] == "ACTIVE"
        ]

    assert open_conflicts() == [{came_back[a].memory_id, came_back[b].memory_id}]

    clock.set("2026-07-26T00:00:00Z")
    gm.revoke(ADMIN, source_id=b_src)
    assert owner(gm, LEAD) == ["Jin"]
    assert open_conflicts() == []  # nothing left to confirm against
    context = gm.context(
        LEAD,
        {
            "instruction": "Answer.",
            "goal": "who owns alpha",
            "query": "owner of project alpha",
            "subject_id": ALPHA,
            "budget_tokens": 400,
        },
    )
    assert "CONFLICT" not in context.text and "Jin" in context.text


def test_erasing_a_user_brings_back_the_project_fact_their_message_had_replaced(
    gm: Graphmem, clock: FakeClock, store: GraphStore
) -> None:
    """The erasure preview says, before anything is written, that a project memory only the
    user's message supports goes too and that what it had replaced is believed again."""
    _, jin = state(gm, LEAD, clock, "2026-07-01T00:00:00Z", "Jin", "2026-06-01T00:00:00Z")
    _, mina = state(gm, MINA, clock, "2026-07-16T00:00:00Z", "Mina", "2026-07-01T00:00:00Z")
    assert owner(gm, LEAD) == ["Mina"]
    clock.set("2026-07-20T00:00:00Z")

    def snapshot() -> Any:
        nodes = store.read_adhoc("MATCH (n) RETURN labels(n) AS l, properties(n) AS p")
        edges = store.read_adhoc("MATCH ()-[e]->() RETURN type(e) AS t, properties(e) AS p")
        return sorted(map(repr, nodes)), sorted(map(repr, edges))

    before = snapshot()
    admin = bearer(create_key(store, tenant_id="acme", roles=["admin"]).key)
    before = snapshot()  # with the admin key
    with TestClient(create_app(graphmem=gm), raise_server_exceptions=False) as client:
        preview = client.delete("/v1/subjects/user:mina/memories?dry_run=true", headers=admin)
        assert preview.status_code == 200, preview.text
        body = preview.json()
        assert body["dry_run"] is True and mina in body["memory_ids"]
        assert body["dependants"] == [{"memory_id": mina, "subject_id": ALPHA}]
        assert [(r["reinstates"], r["memory_id"]) for r in body["reinstated"]] == [(jin, None)]
        assert any(ALPHA in n and "only the erased data supports it" in n for n in body["notes"])
        assert snapshot() == before  # a dry run changes nothing
        assert owner(gm, LEAD) == ["Mina"]

        done = client.delete("/v1/subjects/user:mina/memories", headers=admin).json()
    assert done["memory_ids"] == body["memory_ids"] and done["source_ids"] == body["source_ids"]
    assert [r["reinstates"] for r in done["reinstated"]] == [jin]
    assert owner(gm, LEAD) == ["Jin"]
    assert owner(gm, LEAD, valid_at="2026-07-05T00:00:00Z") == ["Jin"]
    # erasure leaves no trace of Mina's statement, even in what was believed before it
    assert owner(gm, LEAD, known_at="2026-07-18T00:00:00Z") == ["Jin"]  # Jin until July 1
    assert owner(gm, LEAD, known_at="2026-07-18T00:00:00Z", valid_at="2026-07-05T00:00:00Z") == []


def test_memory_erasure_previews_match_what_happens(
    gm: Graphmem, clock: FakeClock, store: GraphStore
) -> None:
    _, jin = state(gm, LEAD, clock, "2026-07-01T00:00:00Z", "Jin", "2026-06-01T00:00:00Z")
    _, mina = state(gm, LEAD, clock, "2026-07-16T00:00:00Z", "Mina", "2026-07-01T00:00:00Z")
    clock.set("2026-07-20T00:00:00Z")
    admin = bearer(create_key(store, tenant_id="acme", roles=["admin"]).key)
    count = "MATCH (n) RETURN count(n) AS n"
    nodes = store.read_adhoc(count)
    with TestClient(create_app(graphmem=gm), raise_server_exceptions=False) as client:
        for query in ("dry_run=true", "dry_run=true&with_history=true"):
            r = client.delete(f"/v1/memories/{mina}?{query}", headers=admin)
            assert r.status_code == 200 and r.json()["dry_run"] is True, r.text
    assert store.read_adhoc(count) == nodes  # nothing written
    one = gm.preview_erasure(ADMIN, memory_id=mina)
    whole = gm.preview_erasure(ADMIN, memory_id=mina, with_history=True)
    assert one.memory_ids == [mina] and [r.reinstates for r in one.reinstated] == [jin]
    assert {jin, mina} < set(whole.memory_ids) and whole.reinstated == []
    assert owner(gm, LEAD) == ["Mina"]
    receipt = gm.erase_memory(ADMIN, mina)
    assert receipt.memory_ids == one.memory_ids and receipt.source_ids == one.source_ids
    assert owner(gm, LEAD) == ["Jin"]
