"""Cursor paging on every growing listing (issue 15): pages cut by keyset hold while rows are
written and removed between them (nothing skipped, nothing twice, where an offset would shift),
``total`` beside every page, and a bad, foreign or expired cursor is a 422 naming ``cursor``."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from graphmem.auth.keys import create_key, key_page, list_keys
from graphmem.service import Graphmem
from tests.integration.conftest import KeyMaker, bearer
from tests.integration.write_fixtures import ADMIN, principal, remember


def said(gm: Graphmem, subject: str, n: int = 0) -> str:
    """A preference the user ``subject`` stated, committed through the gate by its agent."""
    agent = principal("agent", subject=subject, pid=f"agent:{subject}")
    return remember(gm, agent, subject, f"likes_{n}", f"tea{n}", f"I like tea{n} with milk")


def issues(response: Any) -> list[tuple[str, str]]:
    return [(i["field"], i["rule"]) for i in response.json().get("errors", [])]


def walk(
    rest: TestClient, path: str, headers: dict[str, str], **params: Any
) -> list[dict[str, Any]]:
    """Every page of a listing, following ``next_cursor``."""
    pages, cursor = [], None
    while True:
        query = {**params, **({"cursor": cursor} if cursor else {})}
        page = rest.get(path, headers=headers, params=query)
        assert page.status_code == 200, page.text
        pages.append(page.json())
        cursor = page.json()["next_cursor"]
        if cursor is None:
            return pages


def test_memory_pages_hold_while_memories_are_written_and_revoked(
    hashing_gm: Graphmem, rest: TestClient
) -> None:
    gm = hashing_gm
    mine = {f"user:m{i}": said(gm, f"user:m{i}") for i in range(1, 7)}
    agent = bearer(create_key(gm.store, tenant_id="acme", roles=["agent"]).key)
    first = rest.get("/v1/memories", headers=agent, params={"limit": 2}).json()
    assert [m["subject_id"] for m in first["memories"]] == ["user:m1", "user:m2"]
    assert (first["count"], first["total"], first["skipped"]) == (2, 6, [])

    # between two pages: two memories that sort before the cursor, one seen one revoked — an
    # offset of 2 would now start at user:m1 (and show user:m2 again)
    early = [said(gm, f"user:a{i}") for i in (0, 1)]
    gm.revoke(ADMIN, memory_id=mine["user:m1"], reason="WRONG")
    second = rest.get(
        "/v1/memories", headers=agent, params={"limit": 2, "cursor": first["next_cursor"]}
    ).json()
    assert [m["subject_id"] for m in second["memories"]] == ["user:m3", "user:m4"]
    assert second["total"] == 7
    third = rest.get(
        "/v1/memories", headers=agent, params={"limit": 2, "cursor": second["next_cursor"]}
    ).json()
    assert [m["subject_id"] for m in third["memories"]] == ["user:m5", "user:m6"]
    assert third["next_cursor"] is None
    again = [m["memory_id"] for p in walk(rest, "/v1/memories", agent, limit=3)
             for m in p["memories"]]  # fmt: skip
    assert sorted(again) == sorted([*early, *list(mine.values())[1:]])  # from the start: all


def test_checkpoint_history_pages_hold_while_the_run_moves_on(
    rest: TestClient, key_for: KeyMaker
) -> None:
    agent = key_for("agent", subject="user:u1")
    for version in range(5):
        body = {"expected_version": version, "step": version + 1}
        assert rest.put("/v1/runs/run_p/checkpoints", headers=agent, json=body).status_code == 201
    first = rest.get("/v1/runs/run_p/checkpoints", headers=agent, params={"limit": 2}).json()
    assert [c["version"] for c in first["checkpoints"]] == [5, 4]
    assert (first["count"], first["total"]) == (2, 5)
    # the run writes its next checkpoint: newest first, it lands before the cursor
    body = {"expected_version": 5, "step": 6}
    assert rest.put("/v1/runs/run_p/checkpoints", headers=agent, json=body).status_code == 201
    params = {"limit": 2, "cursor": first["next_cursor"]}
    second = rest.get("/v1/runs/run_p/checkpoints", headers=agent, params=params).json()
    assert [c["version"] for c in second["checkpoints"]] == [3, 2] and second["total"] == 6
    params["cursor"] = second["next_cursor"]
    last = rest.get("/v1/runs/run_p/checkpoints", headers=agent, params=params).json()
    assert [c["version"] for c in last["checkpoints"]] == [1] and last["next_cursor"] is None

    # a cursor serves its own run's history only, and no offset is taken instead
    other = {"expected_version": 0, "step": 1}
    assert rest.put("/v1/runs/run_q/checkpoints", headers=agent, json=other).status_code == 201
    foreign = rest.get(
        "/v1/runs/run_q/checkpoints", headers=agent, params={"cursor": first["next_cursor"]}
    )
    assert foreign.status_code == 422 and issues(foreign) == [("cursor", "mismatch")]
    offset = rest.get("/v1/runs/run_p/checkpoints", headers=agent, params={"offset": 2})
    assert offset.status_code == 422 and issues(offset) == [("offset", "replaced_by_cursor")]


def test_tool_receipts_deletions_insights_and_procedures_page_alike(
    hashing_gm: Graphmem, rest: TestClient, key_for: KeyMaker
) -> None:
    agent = key_for("agent", subject="user:u1")
    assert rest.put(
        "/v1/runs/run_t/checkpoints", headers=agent, json={"expected_version": 0}
    ).status_code == 201  # fmt: skip
    for i in range(3):
        receipt = {"idempotency_key": f"call-{i}", "tool": "search", "status": "SUCCEEDED"}
        made = rest.post("/v1/runs/run_t/tool-receipts", headers=agent, json=receipt)
        assert made.status_code == 201, made.text
    pages = walk(rest, "/v1/runs/run_t/tool-receipts", agent, limit=2)
    assert [[r["idempotency_key"] for r in p["receipts"]] for p in pages] == [
        ["call-0", "call-1"],
        ["call-2"],
    ]
    assert {p["total"] for p in pages} == {3}

    for i in range(3):
        said(hashing_gm, f"user:d{i}")
        hashing_gm.erase_subject(ADMIN, f"user:d{i}")
    admin = key_for("admin")
    pages = walk(rest, "/v1/audit/deletions", admin, limit=2)
    assert [p["count"] for p in pages] == [2, 1] and {p["total"] for p in pages} == {3}
    subjects = [r["subject_id"] for p in pages for r in p["receipts"]]
    assert subjects == ["user:d2", "user:d1", "user:d0"]  # newest first

    for path in ("/v1/insights", "/v1/procedures"):
        empty = rest.get(path, headers=admin, params={"limit": 1}).json()
        assert (empty["count"], empty["total"], empty["next_cursor"]) == (0, 0, None), path


def test_a_bad_cursor_is_a_422_naming_it(hashing_gm: Graphmem, rest: TestClient) -> None:
    for i in range(3):
        said(hashing_gm, "user:c1", i)
    agent = bearer(create_key(hashing_gm.store, tenant_id="acme", roles=["agent"]).key)
    page = rest.get("/v1/memories", headers=agent, params={"limit": 1}).json()
    cursor = page["next_cursor"]
    payload, _, mac = cursor.partition(".")
    cases = [
        ({"cursor": payload[:-2] + "AA." + mac}, "invalid"),  # edited
        ({"cursor": "bm90LWEtY3Vyc29y"}, "invalid"),  # made up
        ({"cursor": cursor, "type": "EPISODIC"}, "mismatch"),  # other filters
    ]
    for params, rule in cases:
        refused = rest.get("/v1/memories", headers=agent, params={"limit": 1, **params})
        assert refused.status_code == 422 and issues(refused) == [("cursor", rule)], refused.text
        assert refused.json()["code"] == "VALIDATION_ERROR"
    # the deletion audit's listing does not take a memories cursor
    admin = bearer(create_key(hashing_gm.store, tenant_id="acme", roles=["admin"]).key)
    wrong = rest.get("/v1/audit/deletions", headers=admin, params={"cursor": cursor})
    assert wrong.status_code == 422 and issues(wrong) == [("cursor", "mismatch")]

    # past its age a cursor is refused as expired (this service's cursors now live 0 s)
    hashing_gm.cursors.max_age_s = -1
    expired = rest.get("/v1/memories", headers=agent, params={"limit": 1, "cursor": cursor})
    assert expired.status_code == 422 and issues(expired) == [("cursor", "expired")]


def test_the_key_listing_pages_alike(hashing_gm: Graphmem) -> None:
    store = hashing_gm.store
    made = [create_key(store, tenant_id="acme", roles=["agent"]).key_id for _ in range(3)]
    create_key(store, tenant_id="globex", roles=["agent"])
    first = key_page(store, "acme", cursors=hashing_gm.cursors, limit=2)
    rest_ = key_page(store, "acme", cursors=hashing_gm.cursors, limit=2, cursor=first.next_cursor)
    assert (first.total, len(first.items), len(rest_.items), rest_.next_cursor) == (3, 2, 1, None)
    assert sorted(k.key_id for k in [*first.items, *rest_.items]) == sorted(made)
    assert sorted(k.key_id for k in list_keys(store, "acme")) == sorted(made)
