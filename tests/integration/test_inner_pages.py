"""Inner lists of single-record reads are pages too (issue 15): a memory's history and
provenance, its lineage picture, a procedure's versions and release receipts, and the analyst
named queries. A single read carries the first page with ``total`` and the cursor of the rest;
paging on walks every item once; a cursor of one inner list is a 422 ``mismatch`` on another
(or on the same list of another record); a bad ``limit`` is a 422 naming ``limit``."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.api.main import create_app
from graphmem.auth.keys import create_key
from graphmem.client import Client
from graphmem.learn import releases
from graphmem.models.enums import Decision
from graphmem.read import lineage, timetravel
from graphmem.service import Graphmem
from tests.integration import test_lineage
from tests.integration.conftest import KeyMaker, bearer
from tests.integration.live_server import uvicorn_on
from tests.integration.test_lineage import World
from tests.integration.test_listing_pages import issues, walk
from tests.integration.write_fixtures import claim, principal, source, vpn_draft

clock = test_lineage.clock
gm = test_lineage.gm
world = test_lineage.world

LEAD = principal("agent", subject="user:lead", pid="agent:lead", grants=("project:alpha",))
OWNERS = ["Jin", "Mina", "Ara", "Bo"]


def owners(gm: Graphmem) -> str:
    """Project alpha's owner said four times, each superseding the one before: the last
    memory's id (its history holds every version)."""
    memory_id = ""
    for month, name in enumerate(OWNERS, start=1):
        text = f"The owner of project alpha is {name}"
        sid = source(gm, LEAD, "USER_MESSAGE", text)
        body = claim("project:alpha", "owner", name, [(sid, text, "user")])
        body["valid_from"] = f"2026-0{month}-01T00:00:00Z"
        receipt = gm.propose(LEAD, body)
        assert receipt.decision is Decision.COMMITTED, receipt.reasons
        memory_id = receipt.memory_id or ""
    return memory_id


def cited(gm: Graphmem, n: int) -> str:
    """A claim resting on ``n`` sources."""
    texts = [f"Alpha ships on Friday ({i})" for i in range(n)]
    evidence = [(source(gm, LEAD, "USER_MESSAGE", t), t, "user") for t in texts]
    receipt = gm.propose(LEAD, claim("project:alpha", "ships_on", "Friday", evidence))
    assert receipt.decision is Decision.COMMITTED, receipt.reasons
    return receipt.memory_id or ""


def test_a_memory_carries_the_first_page_of_its_history_and_provenance_and_the_rest_pages_on(
    hashing_gm: Graphmem, rest: TestClient, key_for: KeyMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    last, many = owners(hashing_gm), cited(hashing_gm, 5)
    reader = key_for("agent", subject="user:lead", grants=["project:alpha"])
    whole = rest.get(f"/v1/memories/{last}", headers=reader).json()
    assert whole["history_total"] == len(whole["history"]) and whole["history_next_cursor"] is None
    every_version = [v["memory_id"] for v in whole["history"]]
    assert len(every_version) >= len(OWNERS)

    monkeypatch.setattr(timetravel, "DETAIL_PAGE", 2)  # a cap the lists outgrow
    first = rest.get(f"/v1/memories/{last}", headers=reader).json()
    assert len(first["history"]) == 2 and first["history_total"] == len(every_version)
    rest_of = walk(
        rest, f"/v1/memories/{last}/history", reader, cursor=first["history_next_cursor"], limit=1
    )
    seen = [v["memory_id"] for v in first["history"]]
    seen += [v["memory_id"] for p in rest_of for v in p["history"]]
    assert seen == every_version  # each version once, oldest first, none dropped
    assert all(p["total"] == len(every_version) for p in rest_of)

    detail = rest.get(f"/v1/memories/{many}", headers=reader).json()
    assert (len(detail["provenance"]), detail["provenance_total"]) == (2, 5)
    pages = walk(rest, f"/v1/memories/{many}/provenance", reader, limit=2)
    assert [p["count"] for p in pages] == [2, 2, 1]
    assert len({s["source_id"] for p in pages for s in p["provenance"]}) == 5
    assert pages[0]["provenance"] == detail["provenance"]


def test_a_cursor_of_one_inner_list_is_refused_by_another_and_by_another_record(
    hashing_gm: Graphmem, rest: TestClient, key_for: KeyMaker
) -> None:
    last, many = owners(hashing_gm), cited(hashing_gm, 3)
    reader = key_for("agent", subject="user:lead", grants=["project:alpha"])
    history = rest.get(f"/v1/memories/{last}/history", headers=reader, params={"limit": 1})
    cursor = history.json()["next_cursor"]
    assert cursor is not None
    for path in (
        f"/v1/memories/{last}/provenance",  # another list of the same memory
        f"/v1/memories/{many}/history",  # the same list of another memory
        f"/v1/memories/{last}/lineage",
        "/v1/memories",
    ):
        answer = rest.get(path, headers=reader, params={"cursor": cursor})
        assert answer.status_code == 422, (path, answer.text)
        assert issues(answer) == [("cursor", "mismatch")], path
    for limit in (0, 1001):
        answer = rest.get(f"/v1/memories/{last}/history", headers=reader, params={"limit": limit})
        assert answer.status_code == 422 and issues(answer)[0][0] == "limit"
    outsider = key_for("agent", subject="user:other")
    assert rest.get(f"/v1/memories/{last}/history", headers=outsider).status_code == 404
    assert rest.get(f"/v1/memories/{many}/provenance", headers=outsider).status_code == 404


def _picture(pages: list[Any]) -> tuple[set[str], set[tuple[str, str, str]]]:
    nodes = {n.id for p in pages for n in p.nodes if not n.stub}
    edges = {(e.type, e.source, e.target) for p in pages for e in p.edges}
    return nodes, edges


def test_a_lineage_picture_pages_by_cursor_and_loses_no_memory_or_edge(world: World) -> None:
    analyst = principal("analyst", pid="analyst:ann")
    whole = world.gm.lineage(analyst, world.mina, limit=1000)
    assert whole.next_cursor is None and whole.count == whole.total >= 3
    pages, cursor = [], None
    while True:
        page = world.gm.lineage(analyst, world.mina, limit=1, cursor=cursor)
        assert page.total == whole.total and page.count == 1
        assert [n.id for n in page.nodes if n.root] == [world.mina]  # on every page
        pages.append(page)
        cursor = page.next_cursor
        if cursor is None:
            break
    assert len(pages) == whole.total and all(p.truncated for p in pages[:-1])
    assert _picture(pages) == _picture([whole])
    # a far end on another page is a stub (id only) here, and its edge is drawn
    stubs = {n.id for p in pages for n in p.nodes if n.stub}
    assert stubs and stubs <= _picture([whole])[0]
    # a bound key's total counts only what it may see
    alpha_only = principal("agent", subject="user:lead", pid="agent:x", grants=("project:alpha",))
    mine = world.gm.lineage(alpha_only, world.mina, limit=1000)
    assert mine.total < whole.total and mine.total == mine.count


def test_the_lineage_endpoint_pages_and_the_default_page_is_bounded(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lineage, "LINEAGE_PAGE", 1)
    analyst = principal("analyst", pid="analyst:ann")
    first = world.gm.lineage(analyst, world.mina, limit=lineage.LINEAGE_PAGE)
    assert first.count == 1 and first.next_cursor is not None and first.truncated


def test_procedure_versions_and_receipts_page_past_the_single_read(
    clocked_rest: TestClient, key_for: KeyMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    admin = key_for("admin")
    for version in ("1.0.0", "1.1.0", "2.0.0"):
        created = clocked_rest.post("/v1/procedures", headers=admin, json=vpn_draft(version))
        assert created.status_code == 201, created.json()
    key = "vpn-720-fix"
    monkeypatch.setattr(releases, "DETAIL_PAGE", 2)
    one = clocked_rest.get(f"/v1/procedures/{key}", headers=admin).json()
    assert [v["version"] for v in one["versions"]] == ["1.0.0", "1.1.0"]
    assert (one["versions_total"], one["receipts_total"]) == (3, 3)
    assert one["versions_next_cursor"] is not None and one["receipts_next_cursor"] is not None
    rest_of = clocked_rest.get(
        f"/v1/procedures/{key}/versions",
        headers=admin,
        params={"cursor": one["versions_next_cursor"]},
    ).json()
    assert [v["version"] for v in rest_of["versions"]] == ["2.0.0"]
    assert rest_of["next_cursor"] is None
    receipts = walk(clocked_rest, f"/v1/procedures/{key}/receipts", admin, limit=1)
    ids = [r["receipt_id"] for p in receipts for r in p["receipts"]]
    assert len(ids) == len(set(ids)) == 3
    assert ids[:2] == [r["receipt_id"] for r in one["receipts"]]  # newest first, both ways
    wrong = clocked_rest.get(
        f"/v1/procedures/{key}/receipts",
        headers=admin,
        params={"cursor": one["versions_next_cursor"]},
    )
    assert wrong.status_code == 422 and issues(wrong) == [("cursor", "mismatch")]
    for part in ("versions", "receipts"):
        missing = clocked_rest.get(f"/v1/procedures/no-such-key/{part}", headers=admin)
        assert missing.status_code == 404, part


def test_named_queries_page_with_a_bounded_limit_and_a_cursor_bound_to_their_params(
    world: World,
) -> None:
    with TestClient(create_app(graphmem=world.gm), raise_server_exceptions=False) as rest:
        _page_a_named_query(rest, world)


def _page_a_named_query(rest: TestClient, world: World) -> None:
    analyst = bearer(create_key(world.gm.store, tenant_id="acme", roles=["analyst"]).key)
    snapshot = "/v1/cypher/lineage/known_at_snapshot"
    params = {"subject_id": test_lineage.ALPHA, "known_at": "2026-07-20T00:00:00Z"}
    whole = rest.post(snapshot, headers=analyst, json={"params": params, "limit": 1000}).json()
    assert whole["count"] == whole["total"] >= 2 and whole["next_cursor"] is None
    rows, cursor = [], None
    while True:
        body = {"params": params, "limit": 1, **({"cursor": cursor} if cursor else {})}
        page = rest.post(snapshot, headers=analyst, json=body)
        assert page.status_code == 200, page.text
        assert page.json()["count"] == 1 and page.json()["total"] == whole["total"]
        rows += page.json()["rows"]
        cursor = page.json()["next_cursor"]
        if cursor is None:
            break
    assert rows == whole["rows"]
    first = rest.post(snapshot, headers=analyst, json={"params": params, "limit": 1}).json()
    other_params = {**params, "known_at": "2026-07-10T00:00:00Z"}
    refusals = [
        (snapshot, {"params": other_params, "cursor": first["next_cursor"]}),
        ("/v1/cypher/lineage/open_conflicts", {"params": {"subject_id": None},
                                              "cursor": first["next_cursor"]}),
    ]  # fmt: skip
    for path, body in refusals:
        answer = rest.post(path, headers=analyst, json=body)
        assert answer.status_code == 422 and issues(answer) == [("cursor", "mismatch")], path
    for limit in (0, 1001, "many"):
        answer = rest.post(snapshot, headers=analyst, json={"params": params, "limit": limit})
        assert answer.status_code == 422 and [f for f, _ in issues(answer)] == ["limit"], limit
    taken = rest.post(snapshot, headers=analyst, json={"params": {**params, "take": 5}})
    assert taken.status_code == 422 and issues(taken) == [("params.take", "from_cursor")]
    listed = {q["name"]: q for q in rest.get("/v1/cypher", headers=analyst).json()}
    assert listed["lineage/known_at_snapshot"]["paged"]
    assert "take" not in listed["lineage/known_at_snapshot"]["params"]
    assert all(q["paged"] for q in listed.values())  # every analyst query answers pages


#: versions one memory is made to supersede, beyond a history entry's first page
SUPERSEDED = 5


def test_a_history_entrys_supersedes_list_pages_on_its_own_cursor(
    hashing_gm: Graphmem, rest: TestClient, key_for: KeyMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A version superseding many carries the first page of them, with their total and the
    cursor of ``GET /v1/memories/{version}/supersedes``; REST and the SDK page on to exactly
    the whole list, in its order; the cursor is that version's own."""
    last = owners(hashing_gm)
    reader = key_for("agent", subject="user:lead", grants=["project:alpha"])
    before = rest.get(f"/v1/memories/{last}", headers=reader).json()
    oldest = before["history"][0]["memory_id"]
    node = hashing_gm.store.read_adhoc(
        "MATCH (m:Memory {memory_id: $id}) RETURN m {.*} AS m", {"id": oldest}
    )[0]["m"]
    copies = [
        {**{k: v for k, v in node.items() if k != "embedding"}, "memory_id": f"mem_old_{i}"}
        for i in range(SUPERSEDED)
    ]
    # the last version supersedes five more, recorded at five moments (cheap copies)
    hashing_gm.store._execute(
        "MATCH (m:Memory {memory_id: $last}) UNWIND range(0, size($rows) - 1) AS i "
        "CREATE (c:Memory) SET c = $rows[i] "
        "CREATE (m)-[:SUPERSEDES {kind: 'EXPLICIT', reason: 'TEST', "
        "recorded_at: '2026-08-0' + toString(i + 1) + 'T00:00:00.000000Z'}]->(c)",
        {"last": last, "rows": copies},
        read_only=False,
    )
    whole = rest.get(f"/v1/memories/{last}", headers=reader).json()
    entry = next(v for v in whole["history"] if v["memory_id"] == last)
    everything = [s["memory_id"] for s in entry["supersedes"]]
    assert entry["supersedes_total"] == len(everything) == SUPERSEDED + 1
    assert entry["supersedes_next_cursor"] is None
    assert set(everything) >= {c["memory_id"] for c in copies}
    others = [v for v in whole["history"] if v["memory_id"] != last]
    assert all(v["supersedes_total"] == len(v["supersedes"]) for v in others)

    monkeypatch.setattr(timetravel, "SUPERSEDES_PAGE", 2)  # a page the list outgrows
    first = rest.get(f"/v1/memories/{last}/history", headers=reader).json()
    entry = next(v for v in first["history"] if v["memory_id"] == last)
    assert [s["memory_id"] for s in entry["supersedes"]] == everything[:2]
    assert entry["supersedes_total"] == SUPERSEDED + 1 and entry["supersedes_next_cursor"]
    pages = walk(
        rest,
        f"/v1/memories/{last}/supersedes",
        reader,
        cursor=entry["supersedes_next_cursor"],
        limit=3,
    )
    assert [len(p["supersedes"]) for p in pages] == [3, 1]
    joined = everything[:2] + [s["memory_id"] for p in pages for s in p["supersedes"]]
    assert joined == everything  # each once, in the entry's order
    alone = rest.get(f"/v1/memories/{last}/supersedes", headers=reader).json()
    assert [s["memory_id"] for s in alone["supersedes"]] == everything
    assert (alone["total"], alone["next_cursor"]) == (SUPERSEDED + 1, None)
    paged = [(s["kind"], s["reason"]) for p in pages for s in p["supersedes"]]
    assert paged == [(s["kind"], s["reason"]) for s in alone["supersedes"]][2:]
    assert paged.count(("EXPLICIT", "TEST")) >= 3

    # the cursor belongs to that version's list: on another version, or the history, a 422
    for path in (f"/v1/memories/{oldest}/supersedes", f"/v1/memories/{last}/history"):
        wrong = rest.get(path, headers=reader, params={"cursor": entry["supersedes_next_cursor"]})
        assert wrong.status_code == 422 and issues(wrong) == [("cursor", "mismatch")], path
    stranger = key_for("agent", subject="user:nobody")
    assert rest.get(f"/v1/memories/{last}/supersedes", headers=stranger).status_code == 404

    # the SDK: the same entry, the same pages
    with uvicorn_on(hashing_gm) as base:
        key = reader["Authorization"].removeprefix("Bearer ")
        with Client(base, key=key) as client:
            history = client.memory_history(last)
            got = next(v for v in history.history if v.memory_id == last)
            assert [s.memory_id for s in got.supersedes] == everything[:2]
            assert got.supersedes_total == SUPERSEDED + 1
            page = client.memory_supersedes(last, limit=10, cursor=got.supersedes_next_cursor)
            assert [s.memory_id for s in page.supersedes] == everything[2:]
            assert page.next_cursor is None and page.total == SUPERSEDED + 1
