"""Stored records that fail their model are graphmem's fault, not the caller's (issue 15).

Nodes written by hand (an admin's Cypher, an import, an older release) may lack fields or hold
the wrong types. A listing skips such a record and reports it under ``skipped`` in graphmem's
error shape (``STORED_RECORD_INVALID`` naming the record, its id and each field with its rule),
and answers the rest; reading that record alone is a 500 in the same shape. Never a 422 (the
request was fine), and never a word about another tenant's records or another subject's.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.service import Graphmem
from graphmem.store.base import GraphStore
from tests.integration.conftest import KeyMaker
from tests.integration.write_fixtures import principal, remember

USER = "user:s1"
RUN = "run_s"


def plant(store: GraphStore, text: str, **params: Any) -> None:
    """A node written by hand, past graphmem's models."""
    store._execute(text, params, read_only=False)


@pytest.fixture
def world(hashing_gm: Graphmem, rest: TestClient, key_for: KeyMaker) -> dict[str, Any]:
    """One good record of each listing, and a malformed one beside it (also in another tenant,
    and of another subject)."""
    gm, store = hashing_gm, hashing_gm.store
    agent = principal("agent", subject=USER, pid="agent:s1")
    good = remember(gm, agent, USER, "likes_tea", "green", "I like green tea")
    user = key_for("agent", subject=USER)
    made = rest.put(f"/v1/runs/{RUN}/checkpoints", headers=user, json={"expected_version": 0})
    assert made.status_code == 201, made.text
    receipt = {"idempotency_key": "call-ok", "tool": "search", "status": "SUCCEEDED"}
    assert rest.post(f"/v1/runs/{RUN}/tool-receipts", headers=user, json=receipt).status_code == 201
    other = principal("agent", subject="user:s9", pid="agent:s9")
    erased = remember(gm, other, "user:s9", "likes_tea", "black", "I like black tea")
    gm.erase_memory(principal("admin", pid="admin:ops"), erased)

    # a claim lacking its times and text, and its twin in another tenant
    for tenant, memory_id in (("acme", "mem_bad"), ("globex", "mem_bad_globex")):
        plant(
            store,
            "CREATE (:Memory:Claim {tenant_id: $t, memory_id: $m, type: 'SEMANTIC', "
            "subject_id: $s, status: 'ACTIVE', predicate: 'likes_tea'})",
            t=tenant,
            m=memory_id,
            s=USER,
        )
    # another subject's malformed memory: a key bound to USER must not learn of it
    plant(
        store,
        "CREATE (:Memory:Claim {tenant_id: 'acme', memory_id: 'mem_other', type: 'SEMANTIC', "
        "subject_id: 'user:s2', status: 'ACTIVE'})",
    )
    plant(
        store,
        "CREATE (:Checkpoint {run_key: $k, checkpoint_id: 'cp_bad', version: 7, "
        "tenant_id: 'acme', run_id: $r})",
        k=f"acme|{RUN}",
        r=RUN,
    )
    plant(
        store,
        "CREATE (:ToolReceipt {run_key: $k, receipt_key: $k + '|call-bad', "
        "idempotency_key: 'call-bad', tool: 'search', recorded_at: '2099-01-01T00:00:00.000000Z'})",
        k=f"acme|{RUN}",
    )
    plant(
        store,
        "CREATE (:DeletionReceipt {tenant_id: 'acme', receipt_id: 'del_bad', "
        "requested_at: '2099-01-01T00:00:00.000000Z'})",
    )
    plant(
        store,
        "CREATE (:Memory {tenant_id: 'acme', memory_id: 'ins_bad', type: 'INSIGHT', "
        "subject_id: $s, status: 'ACTIVE', review_status: 'CANDIDATE'})",
        s=USER,
    )
    plant(store, "CREATE (:Procedure {tenant_id: 'acme', procedure_key: 'no spaces allowed'})")
    return {"good": good, "user": user, "admin": key_for("admin")}


def skipped_ids(page: dict[str, Any]) -> list[str | None]:
    for entry in page["skipped"]:
        assert entry["code"] == "STORED_RECORD_INVALID", entry
        assert entry["errors"] and all(i["field"] and i["rule"] for i in entry["errors"]), entry
    return [entry["record_id"] for entry in page["skipped"]]


@pytest.mark.parametrize(
    ("path", "items", "who", "bad", "good_count"),
    [
        ("/v1/memories", "memories", "admin", ["mem_bad", "mem_other"], 1),
        ("/v1/memories?subject_id=user:s1", "memories", "user", ["mem_bad"], 1),
        ("/v1/me/memories", "memories", "user", ["mem_bad"], 1),
        (f"/v1/runs/{RUN}/checkpoints", "checkpoints", "user", ["cp_bad"], 1),
        (f"/v1/runs/{RUN}/tool-receipts", "receipts", "user", ["call-bad"], 1),
        ("/v1/audit/deletions", "receipts", "admin", ["del_bad"], 1),
        ("/v1/insights", "insights", "user", ["ins_bad"], 0),
        ("/v1/procedures", "procedures", "user", [None], 0),
    ],
)
def test_a_listing_skips_and_reports_a_malformed_record(
    world: dict[str, Any],
    rest: TestClient,
    path: str,
    items: str,
    who: str,
    bad: list[str],
    good_count: int,
) -> None:
    answer = rest.get(path, headers=world[who])
    assert answer.status_code == 200, answer.text
    page = answer.json()
    assert sorted(skipped_ids(page), key=str) == sorted(bad, key=str)
    assert page["count"] == len(page[items]) == good_count
    assert page["total"] == good_count + len(bad)
    assert "globex" not in answer.text  # the other tenant's malformed twin is not named


def test_the_skipped_entry_names_the_missing_fields(
    world: dict[str, Any], rest: TestClient
) -> None:
    page = rest.get("/v1/me/memories", headers=world["user"]).json()
    assert [m["memory_id"] for m in page["memories"]] == [world["good"]]
    [entry] = page["skipped"]
    assert entry["record"] == "Claim"
    fields = {(i["field"], i["rule"]) for i in entry["errors"]}
    assert ("object", "required") in fields and ("confidence", "required") in fields


@pytest.mark.parametrize(
    ("path", "who", "record", "record_id"),
    [
        ("/v1/memories/mem_bad", "user", "Claim", "mem_bad"),
        (f"/v1/runs/{RUN}/checkpoints/cp_bad", "user", "Checkpoint", "cp_bad"),
        (f"/v1/runs/{RUN}/tool-receipts/call-bad", "user", "RunToolReceipt", "call-bad"),
        ("/v1/audit/deletions/del_bad", "admin", "DeletionReceipt", "del_bad"),
        ("/v1/insights/ins_bad", "user", "Insight", "ins_bad"),
    ],
)
def test_reading_a_malformed_record_is_a_server_error_in_graphmems_shape(
    world: dict[str, Any], rest: TestClient, path: str, who: str, record: str, record_id: str
) -> None:
    answer = rest.get(path, headers=world[who])
    assert answer.status_code == 500, answer.text
    body = answer.json()
    assert body["code"] == "STORED_RECORD_INVALID"
    assert (body["record"], body["record_id"]) == (record, record_id)
    assert body["errors"] and all(i["field"] and i["rule"] for i in body["errors"])
    assert record_id in body["message"]


def test_another_subjects_malformed_record_stays_unseen(
    world: dict[str, Any], rest: TestClient
) -> None:
    hidden = rest.get("/v1/memories/mem_other", headers=world["user"])
    assert hidden.status_code == 404 and hidden.json()["code"] == "NOT_FOUND"


def test_retrieval_and_context_answer_beside_a_malformed_record(
    world: dict[str, Any], rest: TestClient
) -> None:
    body = {"query": "which tea does the user like?", "subject_id": USER}
    found = rest.post("/v1/retrieve", headers=world["user"], json=body)
    assert found.status_code == 200, found.text
    ids = [r["memory"]["memory_id"] for r in found.json()["results"]]
    assert world["good"] in ids
