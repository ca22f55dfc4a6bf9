"""Analysts' lineage queries (``cypher/lineage/``) on a real engine: provenance through
DERIVED_FROM chains, diamonds and cycles; what depends on a source; supersession history;
what the system knew at a time; open conflicts; deletion receipts; retrieval logs. Every query
is bound to the caller's tenant."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.api.main import create_app
from graphmem.auth.keys import create_key
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.errors import QueryParameterError
from graphmem.models.enums import Decision
from graphmem.named_queries import list_queries
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore, Row
from graphmem.store.schema import bootstrap
from tests.integration.write_fixtures import FakeClock, claim, principal, source

LEAD = principal(
    "agent",
    subject="user:lead",
    pid="agent:lead",
    grants=("project:alpha", "project:beta", "project:derived"),
)
ALPHA = "project:alpha"
BETA = "project:beta"
DERIVED = "project:derived"
LINEAGE = [
    "lineage/deletion_receipts",
    "lineage/derived_from_source",
    "lineage/known_at_snapshot",
    "lineage/logs_selecting_memory",
    "lineage/open_conflicts",
    "lineage/provenance_chain",
    "lineage/supersession_history",
]


@dataclass
class World:
    gm: Graphmem
    s_jin: str
    s_mina: str
    s_fri: str
    s_mon: str
    s_doc: str
    jin: str
    mina: str
    version: str
    friday: str
    monday: str
    query_id: str


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def gm(store: GraphStore, clock: FakeClock) -> Iterator[Graphmem]:
    service = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder(), clock=clock)
    bootstrap(store, [service.embedding_space])
    yield service


def _committed(gm: Graphmem, proposal: dict[str, Any]) -> str:
    receipt = gm.propose(LEAD, proposal)
    assert receipt.decision is Decision.COMMITTED, receipt.reasons
    assert receipt.memory_id
    return receipt.memory_id


def _derived(store: GraphStore, memory_id: str, tenant: str = "acme") -> None:
    """A derived memory node (the write path cannot make DERIVED_FROM yet)."""
    store._execute(
        "CREATE (:Memory:Claim {tenant_id: $tenant, memory_id: $id, type: 'SEMANTIC', "
        "subject_id: $subject, predicate: 'insight', object: $id, status: 'ACTIVE', "
        "recorded_at: '2026-07-20T00:00:00.000000Z', valid_from: '2026-07-20T00:00:00.000000Z'})",
        {"tenant": tenant, "id": memory_id, "subject": DERIVED},
        read_only=False,
    )


def _derive(store: GraphStore, derived: str, origin: str, *, label: str = "Memory") -> None:
    key = "source_id" if label == "Source" else "memory_id"
    store._execute(
        f"MATCH (d:Memory {{memory_id: $d}}), (o:{label} {{{key}: $o}}) "
        "CREATE (d)-[:DERIVED_FROM {method: 'consolidation', policy_version: 'learn-1', "
        "recorded_at: '2026-07-20T00:00:00.000000Z'}]->(o)",
        {"d": derived, "o": origin},
        read_only=False,
    )


@pytest.fixture
def world(gm: Graphmem, clock: FakeClock) -> World:
    # the seed's Jin → Mina correction
    clock.set("2026-07-01T00:00:00Z")
    s_jin = source(gm, LEAD, "USER_MESSAGE", "The owner of project alpha is Jin.")
    jin = _committed(
        gm,
        claim(
            ALPHA,
            "owner",
            "Jin",
            [(s_jin, "owner of project alpha is Jin", "user")],
            valid_from="2026-06-01T00:00:00Z",
        ),
    )
    clock.set("2026-07-16T00:00:00Z")
    s_mina = source(gm, LEAD, "USER_MESSAGE", "Correction: Mina has owned alpha since July 1.")
    mina = _committed(
        gm,
        claim(
            ALPHA,
            "owner",
            "Mina",
            [(s_mina, "Mina has owned alpha since July 1", "user")],
            valid_from="2026-07-01T00:00:00Z",
        ),
    )
    versions = gm.store.read_adhoc(
        "MATCH (v:Memory)-[e:SUPERSEDES {kind: 'VERSION'}]->(:Memory {memory_id: $jin}) "
        "RETURN v.memory_id AS id",
        {"jin": jin},
    )
    assert len(versions) == 1
    # an unresolvable conflict on another subject
    s_fri = source(gm, LEAD, "USER_MESSAGE", "Beta ships on Friday.")
    friday = _committed(
        gm,
        claim(
            BETA,
            "ship_day",
            "friday",
            [(s_fri, "ships on Friday", "user")],
            valid_from="2026-07-10T00:00:00Z",
        ),
    )
    s_mon = source(gm, LEAD, "USER_MESSAGE", "Beta ships on Monday (as decided in June).")
    monday_receipt = gm.propose(
        LEAD,
        claim(
            BETA,
            "ship_day",
            "monday",
            [(s_mon, "ships on Monday", "user")],
            valid_from="2026-06-01T00:00:00Z",
        ),
    )
    assert monday_receipt.conflicts == [friday] and monday_receipt.memory_id
    s_doc = source(
        gm, LEAD, "DOCUMENT", "Alpha design doc, revision 3.", uri="kb://alpha", revision="r3"
    )
    # a retrieval, so a RetrievalLog exists
    clock.set("2026-07-17T00:00:00Z")
    result = gm.retrieve(LEAD, {"query": "owner of project alpha", "subject_id": ALPHA})
    assert [r.memory_id for r in result.results] == [mina]
    # DERIVED_FROM, written by hand: a chain, a diamond and a cycle
    store = gm.store
    for d in ("chain1", "chain2", "chain3", "top", "left", "right", "cyc1", "cyc2"):
        _derived(store, d)
    _derive(store, "chain1", mina)  # chain3 → chain2 → chain1 → mina → s_mina
    _derive(store, "chain2", "chain1")
    _derive(store, "chain3", "chain2")
    _derive(store, "top", "left")  # diamond: top → left|right → friday; right → s_doc
    _derive(store, "top", "right")
    _derive(store, "left", friday)
    _derive(store, "right", friday)
    _derive(store, "right", s_doc, label="Source")
    _derive(store, "cyc1", "cyc2")  # cycle: cyc1 ⇄ cyc2 → monday
    _derive(store, "cyc2", "cyc1")
    _derive(store, "cyc2", monday_receipt.memory_id)
    # another tenant's node deriving from acme's memory must never show up for acme
    _derived(store, "intruder", tenant="evil")
    _derive(store, "intruder", mina)
    return World(
        gm,
        s_jin,
        s_mina,
        s_fri,
        s_mon,
        s_doc,
        jin,
        mina,
        versions[0]["id"],
        friday,
        monday_receipt.memory_id,
        result.query_id,
    )


def run(gm: Graphmem, name: str, tenant: str = "acme", **params: Any) -> list[Row]:
    return gm.named_query(f"lineage/{name}", params, tenant_id=tenant).items


# -- catalogue ------------------------------------------------------------------------------------


def test_lineage_queries_are_read_only_tenant_bound_and_documented(gm: Graphmem) -> None:
    infos = {q.name: q for q in list_queries(gm.store, analyst_only=True)}
    for name in LINEAGE:
        info = infos[name]
        assert info.mode == "read" and info.tenant_bound and info.doc, name
        text = gm.store.queries.get(name).text
        assert "tenant_id: $tenant_id" in text, name


# -- provenance_chain -----------------------------------------------------------------------------


def test_provenance_of_a_plain_claim_is_its_source_with_span_and_hash(world: World) -> None:
    rows = run(world.gm, "provenance_chain", memory_id=world.mina)
    assert len(rows) == 1
    row = rows[0]
    assert row["source_id"] == world.s_mina and row["relation"] == "PROVENANCE"
    assert row["span"] == "Mina has owned alpha since July 1" and row["role"] == "user"
    assert row["content_hash"] and row["source_hash"]
    assert row["cited_by"] == world.mina and row["depth"] == 1 and row["chain"] == [world.mina]


def test_provenance_follows_a_derived_from_chain(world: World) -> None:
    rows = run(world.gm, "provenance_chain", memory_id="chain3")
    assert [(r["source_id"], r["cited_by"], r["depth"]) for r in rows] == [
        (world.s_mina, world.mina, 4)
    ]
    assert rows[0]["chain"] == ["chain3", "chain2", "chain1", world.mina]
    assert rows[0]["chain_methods"] == ["consolidation"] * 3


def test_provenance_through_a_diamond_lists_each_citation_once(world: World) -> None:
    rows = run(world.gm, "provenance_chain", memory_id="top")
    got = [(r["source_id"], r["cited_by"], r["relation"], r["depth"]) for r in rows]
    assert got == [
        (world.s_doc, "right", "DERIVED_FROM", 2),
        (world.s_fri, world.friday, "PROVENANCE", 3),
    ]
    direct = rows[0]
    assert direct["method"] == "consolidation" and direct["policy_version"] == "learn-1"
    assert direct["revision"] == "r3" and direct["span"] is None
    assert rows[1]["chain"][0] == "top" and rows[1]["chain"][-1] == world.friday


def test_provenance_through_a_cycle_terminates(world: World) -> None:
    for start in ("cyc1", "cyc2"):
        rows = run(world.gm, "provenance_chain", memory_id=start)
        assert [(r["source_id"], r["cited_by"]) for r in rows] == [(world.s_mon, world.monday)]
    assert run(world.gm, "provenance_chain", memory_id="cyc1")[0]["depth"] == 3


def test_provenance_of_an_unknown_memory_is_empty(world: World) -> None:
    assert run(world.gm, "provenance_chain", memory_id="mem_nope") == []


# -- derived_from_source --------------------------------------------------------------------------


def test_everything_derived_from_a_source_transitively(world: World) -> None:
    rows = run(world.gm, "derived_from_source", source_id=world.s_mina)
    assert [(r["memory_id"], r["depth"]) for r in rows] == [
        (world.mina, 1),
        ("chain1", 2),
        ("chain2", 3),
        ("chain3", 4),
    ]  # not the other tenant's "intruder"
    assert rows[0]["relation"] == "PROVENANCE" and rows[0]["chain"] == [world.mina, world.s_mina]
    assert rows[3]["chain"] == ["chain3", "chain2", "chain1", world.mina, world.s_mina]


def test_derived_from_source_through_diamond_and_direct_derivation(world: World) -> None:
    rows = run(world.gm, "derived_from_source", source_id=world.s_doc)
    assert [(r["memory_id"], r["depth"], r["relation"]) for r in rows] == [
        ("right", 1, "DERIVED_FROM"),
        ("top", 2, "DERIVED_FROM"),
    ]
    rows = run(world.gm, "derived_from_source", source_id=world.s_fri)
    assert [(r["memory_id"], r["depth"]) for r in rows] == [
        (world.friday, 1),
        ("left", 2),
        ("right", 2),
        ("top", 3),
    ]


def test_derived_from_source_through_a_cycle_lists_each_memory_once(world: World) -> None:
    rows = run(world.gm, "derived_from_source", source_id=world.s_mon)
    assert [(r["memory_id"], r["depth"]) for r in rows] == [
        (world.monday, 1),
        ("cyc2", 2),
        ("cyc1", 3),
    ]


def test_derived_from_source_includes_superseded_versions(world: World) -> None:
    rows = run(world.gm, "derived_from_source", source_id=world.s_jin)
    by_id = {r["memory_id"]: r for r in rows}
    assert set(by_id) == {world.jin, world.version}
    assert by_id[world.jin]["status"] == "SUPERSEDED"
    assert by_id[world.jin]["tx_to"] == "2026-07-16T00:00:00.000000Z"


# -- supersession_history -------------------------------------------------------------------------


def test_supersession_history_lists_every_version_with_kinds(world: World) -> None:
    expected = {world.jin, world.version, world.mina}
    for start in expected:
        rows = run(world.gm, "supersession_history", memory_id=start)
        assert {r["memory_id"] for r in rows} == expected and len(rows) == 3
    rows = run(world.gm, "supersession_history", memory_id=world.mina)
    by_id = {r["memory_id"]: r for r in rows}
    assert by_id[world.jin]["supersedes"] == [] and by_id[world.jin]["status"] == "SUPERSEDED"
    version = by_id[world.version]
    assert version["supersedes"] == [
        {"memory_id": world.jin, "kind": "VERSION", "reason": "VALID_TIME_CLOSED"}
    ]
    assert version["object"] == "Jin" and version["valid_to"] == "2026-07-01T00:00:00.000000Z"
    [edge] = by_id[world.mina]["supersedes"]
    assert edge["memory_id"] == world.jin and edge["kind"] in {"CORRECTION", "UPDATE"}
    assert rows[0]["memory_id"] == world.jin  # ordered by recorded_at


def test_supersession_history_of_a_lone_memory_is_itself(world: World) -> None:
    rows = run(world.gm, "supersession_history", memory_id="chain1")
    assert [(r["memory_id"], r["supersedes"]) for r in rows] == [("chain1", [])]


# -- known_at_snapshot ----------------------------------------------------------------------------


def test_known_at_snapshot_is_what_the_system_believed_then(world: World) -> None:
    def known(at: str) -> list[tuple[str, Any, Any]]:
        rows = run(world.gm, "known_at_snapshot", subject_id=ALPHA, known_at=at)
        return [(r["memory_id"], r["object"], r["valid_to"]) for r in rows]

    assert known("2026-06-30T00:00:00.000000Z") == []
    assert known("2026-07-10T00:00:00.000000Z") == [(world.jin, "Jin", None)]
    after = [
        (world.version, "Jin", "2026-07-01T00:00:00.000000Z"),
        (world.mina, "Mina", None),
    ]
    assert known("2026-07-20T00:00:00.000000Z") == after
    # the instant of the correction, in the short ISO form: the new belief, not the old
    assert known("2026-07-16T00:00:00Z") == after
    row = run(world.gm, "known_at_snapshot", subject_id=ALPHA, known_at="2026-07-10T00:00:00Z")
    assert row[0]["status_now"] == "SUPERSEDED" and row[0]["tx_to"] == "2026-07-16T00:00:00.000000Z"


# -- open_conflicts -------------------------------------------------------------------------------


def test_open_conflicts_for_all_subjects_or_one(world: World) -> None:
    pair = [(world.monday, world.friday)]
    rows = run(world.gm, "open_conflicts", subject_id=None)
    assert [(r["memory_id"], r["conflicts_with"]) for r in rows] == pair
    assert rows[0]["object"] == "monday" and rows[0]["other_object"] == "friday"
    assert rows[0]["subject_id"] == BETA and rows[0]["predicate"] == "ship_day"
    rows = run(world.gm, "open_conflicts", subject_id=BETA)
    assert [(r["memory_id"], r["conflicts_with"]) for r in rows] == pair
    assert run(world.gm, "open_conflicts", subject_id=ALPHA) == []


def test_resolved_conflicts_are_not_open(world: World) -> None:
    world.gm.store._execute(
        "MATCH ()-[c:CONFLICTS_WITH]->() SET c.status = 'RESOLVED'", {}, read_only=False
    )
    assert run(world.gm, "open_conflicts", subject_id=None) == []


def test_open_conflicts_needs_subject_param_even_if_null(world: World) -> None:
    with pytest.raises(QueryParameterError):
        run(world.gm, "open_conflicts")


# -- deletion_receipts ----------------------------------------------------------------------------


def test_deletion_receipts_query_is_valid_before_any_exist(world: World) -> None:
    assert (
        run(
            world.gm,
            "deletion_receipts",
            **{"from": "2026-01-01T00:00:00.000000Z", "to": "2027-01-01T00:00:00Z"},
        )
        == []
    )


def test_deletion_receipts_in_a_time_range(world: World) -> None:
    for rid, tenant, at in (
        ("del_1", "acme", "2026-07-18T00:00:00.000000Z"),
        ("del_2", "acme", "2026-08-01T00:00:00.000000Z"),
        ("del_x", "evil", "2026-07-18T00:00:00.000000Z"),
    ):
        world.gm.store._execute(
            "CREATE (:DeletionReceipt {receipt_id: $rid, tenant_id: $tenant, actor: 'admin:ops', "
            "scope: 'SUBJECT', target_id: 'user:gone', memory_ids: ['mem_gone'], "
            "tombstones_digest: 'sha256:00', tombstones_planned: 1, "
            "recorded_at: $at, requested_at: $at, "
            "verification: 'UNVERIFIED'})",
            {"rid": rid, "tenant": tenant, "at": at},
            read_only=False,
        )
    rows = run(
        world.gm,
        "deletion_receipts",
        **{"from": "2026-07-01T00:00:00Z", "to": "2026-08-01T00:00:00Z"},
    )
    assert [r["receipt_id"] for r in rows] == ["del_1"]
    assert rows[0]["memory_ids"] == ["mem_gone"] and rows[0]["scope"] == "SUBJECT"
    assert (rows[0]["tombstones_digest"], rows[0]["tombstones_planned"]) == ("sha256:00", 1)


# -- logs_selecting_memory ------------------------------------------------------------------------


def test_logs_selecting_a_memory(world: World) -> None:
    rows = run(world.gm, "logs_selecting_memory", memory_id=world.mina)
    assert [r["query_id"] for r in rows] == [world.query_id]
    assert rows[0]["kind"] == "retrieve" and rows[0]["actor"] == "agent:lead"
    assert rows[0]["recorded_at"] == "2026-07-17T00:00:00.000000Z"
    assert run(world.gm, "logs_selecting_memory", memory_id=world.jin) == []


# -- tenant isolation -----------------------------------------------------------------------------


def test_another_tenant_gets_nothing(world: World) -> None:
    calls: list[tuple[str, dict[str, Any]]] = [
        ("provenance_chain", {"memory_id": world.mina}),
        ("provenance_chain", {"memory_id": "chain3"}),
        ("provenance_chain", {"memory_id": "intruder"}),  # evil's own node: acme data hidden
        ("derived_from_source", {"source_id": world.s_mina}),
        ("derived_from_source", {"source_id": world.s_fri}),
        ("supersession_history", {"memory_id": world.mina}),
        ("known_at_snapshot", {"subject_id": ALPHA, "known_at": "2026-07-20T00:00:00Z"}),
        ("open_conflicts", {"subject_id": None}),
        ("logs_selecting_memory", {"memory_id": world.mina}),
    ]
    for name, params in calls:
        assert run(world.gm, name, tenant="other", **params) == [], name
        if name != "supersession_history":
            assert run(world.gm, name, tenant="evil", **params) == [], name
    # the intruder's edge into acme is invisible from acme's side too
    assert "intruder" not in {
        r["memory_id"] for r in run(world.gm, "derived_from_source", source_id=world.s_mina)
    }


def test_lineage_queries_answer_the_same_as_ad_hoc_text(world: World) -> None:
    """An admin pasting a lineage query into ad-hoc Cypher gets the named query's answer: the
    tenant binding changes no row (and the evil tenant's node stays out)."""
    world.gm.store._execute(
        "CREATE (:DeletionReceipt {receipt_id: 'del_1', tenant_id: 'acme', actor: 'admin:ops', "
        "scope: 'SUBJECT', recorded_at: '2026-07-18T00:00:00.000000Z'})",
        {},
        read_only=False,
    )
    calls: list[tuple[str, dict[str, Any]]] = [
        ("provenance_chain", {"memory_id": world.mina}),
        ("provenance_chain", {"memory_id": "chain3"}),
        ("provenance_chain", {"memory_id": "top"}),
        ("provenance_chain", {"memory_id": "cyc1"}),
        ("derived_from_source", {"source_id": world.s_mina}),
        ("derived_from_source", {"source_id": world.s_fri}),
        ("supersession_history", {"memory_id": world.jin}),
        ("known_at_snapshot", {"subject_id": ALPHA, "known_at": "2026-07-10T00:00:00Z"}),
        ("known_at_snapshot", {"subject_id": ALPHA, "known_at": "2026-07-20T00:00:00Z"}),
        ("open_conflicts", {"subject_id": None}),
        ("logs_selecting_memory", {"memory_id": world.mina}),
        ("deletion_receipts", {"from": "2026-07-01T00:00:00Z", "to": "2026-08-01T00:00:00Z"}),
    ]
    for name, params in calls:
        named = run(world.gm, name, **params)
        text = world.gm.store.queries.get(f"lineage/{name}").render({})
        first = {**params, "after": None, "take": 101}  # a named query's first page
        [page] = world.gm.adhoc_query(text, first, tenant_id="acme").rows
        assert [{k: v for k, v in r.items() if k != "key"} for r in page["page"]] == named, name
        assert named, name  # every call answers something, so the equality says something


# -- through the API ------------------------------------------------------------------------------


def test_lineage_over_the_api_is_bound_to_the_key_tenant(world: World) -> None:
    gm = world.gm
    acme = create_key(gm.store, tenant_id="acme", roles=["analyst"]).key
    other = create_key(gm.store, tenant_id="other", roles=["analyst"]).key
    with TestClient(create_app(graphmem=gm)) as client:
        names = [
            q["name"]
            for q in client.get("/v1/cypher", headers={"Authorization": f"Bearer {acme}"}).json()
        ]
        assert set(LINEAGE) <= set(names)
        body = {"params": {"memory_id": "chain3"}}
        resp = client.post(
            "/v1/cypher/lineage/provenance_chain",
            json=body,
            headers={"Authorization": f"Bearer {acme}"},
        )
        assert resp.status_code == 200
        assert [r["source_id"] for r in resp.json()["rows"]] == [world.s_mina]
        resp = client.post(
            "/v1/cypher/lineage/provenance_chain",
            json=body,
            headers={"Authorization": f"Bearer {other}"},
        )
        assert resp.status_code == 200 and resp.json()["rows"] == []
        resp = client.post(
            "/v1/cypher/lineage/open_conflicts",
            json={"params": {"subject_id": None}},
            headers={"Authorization": f"Bearer {acme}"},
        )
        assert [r["memory_id"] for r in resp.json()["rows"]] == [world.monday]
