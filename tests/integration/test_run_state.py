"""Run state in checkpoints (issue 14, items 1-2), through REST: versioned compare-and-set writes
(409 on a stale one, a retry recognised), the tool-receipt ledger (a replayed call acts once),
subject scope, no vectors and never a retrieval candidate, retention, the run's end and its
purpose's expiry, and erasure."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.limits import MAX_TOOL_RECEIPTS
from graphmem.models.types import sha256_hash
from graphmem.service import Graphmem
from graphmem.state import checkpoints, tool_receipts
from graphmem.store.base import GraphStore
from tests.integration.conftest import KeyMaker
from tests.integration.write_fixtures import FakeClock, claim

U1, U2 = "user:u1", "user:u2"


def put(
    client: TestClient, headers: dict[str, str], run_id: str, expected: int, **state: Any
) -> Any:
    return client.put(
        f"/v1/runs/{run_id}/checkpoints",
        headers=headers,
        json={"expected_version": expected, **state},
    )


def test_checkpoints_are_versioned_and_a_stale_write_is_refused(
    clocked_rest: TestClient, key_for: KeyMaker, clock: FakeClock
) -> None:
    agent = key_for("agent", subject=U1)
    first = put(clocked_rest, agent, "run_1", 0, goal="refund order 77", step=1, purpose="refund")
    assert first.status_code == 201, first.text
    one = first.json()
    assert one["version"] == 1 and one["subject_id"] == U1 and one["purpose"] == "refund"
    clock.set("2026-07-01T00:05:00Z")
    two = put(clocked_rest, agent, "run_1", 1, goal="refund order 77", step=2, plan_version=1)
    assert two.status_code == 201 and two.json()["version"] == 2
    assert two.json()["parent_checkpoint_id"] == one["checkpoint_id"]

    # another worker computed from version 1 too: nothing is written, the answer says why
    stale = put(clocked_rest, agent, "run_1", 1, goal="refund order 77", step=3)
    assert stale.status_code == 409, stale.text
    body = stale.json()
    assert body["code"] == "STALE_VERSION" and body["current_version"] == 2
    assert body["errors"] == [
        {"field": "expected_version", "rule": "stale", "message": body["message"]}
    ]
    # the writer of version 2 retrying its write (the answer was lost) gets it back
    retry = put(clocked_rest, agent, "run_1", 1, goal="refund order 77", step=2, plan_version=1)
    assert retry.status_code == 200 and retry.json() == two.json()

    latest = clocked_rest.get("/v1/runs/run_1/checkpoints/latest", headers=agent).json()
    assert latest == two.json()
    by_id = clocked_rest.get(f"/v1/runs/run_1/checkpoints/{one['checkpoint_id']}", headers=agent)
    assert by_id.json() == one
    history = clocked_rest.get("/v1/runs/run_1/checkpoints", headers=agent).json()
    assert [c["version"] for c in history["checkpoints"]] == [2, 1] and history["count"] == 2
    run = clocked_rest.get("/v1/runs/run_1", headers=agent).json()
    assert run["version"] == 2 and run["latest_checkpoint_id"] == two.json()["checkpoint_id"]
    assert run["expires_at"] == "2026-07-31T00:05:00.000000Z"  # 30 idle days from the write

    # a new run starts at 0; the subject and purpose stay what the first checkpoint said
    assert put(clocked_rest, agent, "run_2", 3).json()["code"] == "STALE_VERSION"
    moved = put(clocked_rest, agent, "run_1", 2, purpose="billing")
    assert moved.status_code == 422 and moved.json()["errors"][0]["field"] == "purpose"
    done = put(clocked_rest, agent, "run_1", 2, status="SUCCEEDED")
    assert done.status_code == 422 and done.json()["errors"][0]["rule"] == "run_end"


def test_the_seed_fields_round_trip(clocked_rest: TestClient, key_for: KeyMaker) -> None:
    agent = key_for("agent", subject=U1)
    state = {
        "status": "WAITING_APPROVAL",
        "step": 3,
        "plan_version": 2,
        "goal": "reset the VPN adapter",
        "budget": {
            "tokens_limit": 8000,
            "tokens_used": 1200,
            "tool_calls_limit": 10,
            "tool_calls_used": 3,
            "cost_limit": 1.5,
            "cost_used": 0.25,
            "reservations": [{"reservation_id": "res_1", "tokens": 500, "reason": "summary"}],
        },
        "tool_receipts": [
            {"idempotency_key": "kb-1", "tool": "kb.search", "status": "SUCCEEDED", "result": [1]}
        ],
        "evidence_ids": ["msg_1"],
        "approvals": [
            {"action": "reset adapter", "approved_by": "user:u1", "at": "2026-07-01T00:00:00Z"}
        ],
        "failure_code": "VPN_720",
        "resolved_entities": {"device": "dev_7"},
        "completed_steps": ["collect logs"],
        "last_observation": "adapter mismatch",
        "pending_evidence": ["user confirmation"],
        "working": {"attempt": 2, "notes": {"dns": "flushed"}},
    }
    stored = put(clocked_rest, agent, "run_seed", 0, **state).json()
    for key, value in state.items():
        if key not in ("budget", "tool_receipts", "approvals"):
            assert stored[key] == value, key
    assert stored["budget"]["reservations"][0]["tokens"] == 500
    assert stored["approvals"][0]["at"] == "2026-07-01T00:00:00.000000Z"
    # the checkpoint lists the receipt without its result (kept once, in the ledger)
    [listed] = stored["tool_receipts"]
    assert listed["result"] is None and listed["result_hash"] == sha256_hash("[1]")
    recorded = clocked_rest.get("/v1/runs/run_seed/tool-receipts/kb-1", headers=agent).json()
    assert recorded["result"] == [1] and recorded["recorded_by"].startswith("key:")


def test_a_replayed_tool_call_acts_once(clocked_rest: TestClient, key_for: KeyMaker) -> None:
    agent = key_for("agent", subject=U1)
    assert put(clocked_rest, agent, "run_pay", 0, goal="pay invoice 9").status_code == 201
    charges: list[str] = []

    def charge(amount: int) -> dict[str, Any]:
        """A runtime's tool call: recorded results are reused, a call is claimed before it
        acts, and its outcome recorded after."""
        key = "charge-invoice-9"
        request_hash = sha256_hash(f'{{"amount":{amount}}}')
        known = clocked_rest.get(f"/v1/runs/run_pay/tool-receipts/{key}", headers=agent)
        if known.status_code == 200 and known.json()["status"] != "STARTED":
            return dict(known.json()["result"])
        claim_ = clocked_rest.post(
            "/v1/runs/run_pay/tool-receipts",
            headers=agent,
            json={
                "idempotency_key": key,
                "tool": "payments.charge",
                "status": "STARTED",
                "request_hash": request_hash,
            },
        )
        assert claim_.status_code in (200, 201), claim_.text
        if claim_.json()["replayed"]:
            raise RuntimeError("claimed by another worker; reconcile, do not charge twice")
        charges.append(key)  # the side effect
        done = clocked_rest.post(
            "/v1/runs/run_pay/tool-receipts",
            headers=agent,
            json={
                "idempotency_key": key,
                "tool": "payments.charge",
                "status": "SUCCEEDED",
                "request_hash": request_hash,
                "result": {"charge_id": "ch_1", "amount": amount},
            },
        )
        assert done.status_code == 201 and done.json()["replayed"] is False
        return dict(done.json()["receipt"]["result"])

    assert charge(90) == {"charge_id": "ch_1", "amount": 90}
    assert charge(90) == {"charge_id": "ch_1", "amount": 90}  # replayed: the recorded result
    assert charges == ["charge-invoice-9"]

    # recording the outcome again changes nothing; another call under the key is refused
    again = clocked_rest.post(
        "/v1/runs/run_pay/tool-receipts",
        headers=agent,
        json={
            "idempotency_key": "charge-invoice-9",
            "tool": "payments.charge",
            "status": "FAILED",
            "error_code": "TIMEOUT",
        },
    )
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert again.json()["receipt"]["status"] == "SUCCEEDED"
    other = clocked_rest.post(
        "/v1/runs/run_pay/tool-receipts",
        headers=agent,
        json={
            "idempotency_key": "charge-invoice-9",
            "tool": "payments.charge",
            "status": "STARTED",
            "request_hash": sha256_hash('{"amount":5}'),
        },
    )
    assert other.status_code == 409
    assert other.json()["errors"][0] == {
        "field": "idempotency_key",
        "rule": "idempotency_key_reused",
        "message": other.json()["message"],
    }
    # a checkpoint naming the key lists it as recorded, once
    receipt = {"idempotency_key": "charge-invoice-9", "tool": "payments.charge"}
    cp = put(clocked_rest, agent, "run_pay", 1, tool_receipts=[{**receipt, "status": "SUCCEEDED"}])
    assert cp.status_code == 201, cp.text
    assert [r["status"] for r in cp.json()["tool_receipts"]] == ["SUCCEEDED"]
    listed = clocked_rest.get("/v1/runs/run_pay/tool-receipts", headers=agent).json()
    assert listed["total"] == 1 and listed["receipts"][0]["result"]["charge_id"] == "ch_1"
    twice = put(
        clocked_rest,
        agent,
        "run_pay",
        2,
        tool_receipts=[{**receipt, "status": "SUCCEEDED"}, {**receipt, "status": "SUCCEEDED"}],
    )
    assert twice.status_code == 422
    assert twice.json()["errors"][0]["field"] == "tool_receipts.1.idempotency_key"
    reused = put(
        clocked_rest,
        agent,
        "run_pay",
        2,
        tool_receipts=[{**receipt, "tool": "payments.refund", "status": "SUCCEEDED"}],
    )
    assert reused.status_code == 409
    assert reused.json()["errors"][0]["field"] == "tool_receipts.0.idempotency_key"
    assert clocked_rest.get("/v1/runs/run_pay", headers=agent).json()["version"] == 2


def test_run_state_stays_in_the_key_scope(clocked_rest: TestClient, key_for: KeyMaker) -> None:
    mine, theirs = key_for("agent", subject=U1), key_for("agent", subject=U2)
    assert put(clocked_rest, mine, "run_s", 0, goal="mine").status_code == 201
    elsewhere = key_for("agent", tenant="globex", subject=U1)
    for key in (theirs, elsewhere):
        for path in ("", "/checkpoints/latest", "/checkpoints", "/tool-receipts"):
            assert clocked_rest.get(f"/v1/runs/run_s{path}", headers=key).status_code == 404
    assert put(clocked_rest, theirs, "run_s", 1).status_code == 404  # as if it did not exist
    # in another tenant the id names no run at all: it is at version 0 there
    assert put(clocked_rest, elsewhere, "run_s", 1).json()["current_version"] == 0
    assert clocked_rest.get("/v1/runs/run_s", headers=key_for("agent")).status_code == 200
    user = key_for("user", subject=U1)
    assert clocked_rest.get("/v1/runs/run_s", headers=user).status_code == 403
    # a bound key cannot start a run about a subject it may not read
    refused = put(clocked_rest, mine, "run_t", 0, subject_id=U2)
    assert refused.status_code == 403 and refused.json()["errors"][0]["rule"] == "subject_scope"
    # another tenant's run of the same id is another run
    assert put(clocked_rest, key_for("agent", tenant="globex"), "run_s", 0).status_code == 201


def test_checkpoints_have_no_vectors_and_are_never_retrieved(
    clocked_rest: TestClient, key_for: KeyMaker, store: GraphStore
) -> None:
    agent = key_for("agent", subject=U1)
    canary = "CNRYcheckpoint77"
    put(clocked_rest, agent, "run_c", 0, goal=f"find {canary}", last_observation=canary)
    props = store.read_adhoc("MATCH (c:Checkpoint) RETURN properties(c) AS p, labels(c) AS l")
    assert props and all("embedding" not in r["p"] and r["l"] == ["Checkpoint"] for r in props)
    got = clocked_rest.post(
        "/v1/retrieve", headers=agent, json={"query": f"find {canary}", "subject_id": U1}
    )
    assert got.status_code == 200 and canary not in got.text


def test_retention_after_idle_time_and_after_the_end(
    clocked_rest: TestClient, clocked_gm: Graphmem, key_for: KeyMaker, clock: FakeClock
) -> None:
    agent, admin = key_for("agent", subject=U1), key_for("admin")
    put(clocked_rest, agent, "run_idle", 0, goal="idle")
    put(clocked_rest, agent, "run_done", 0, goal="done")
    clocked_rest.post(
        "/v1/runs/run_done/tool-receipts",
        headers=agent,
        json={"idempotency_key": "k1", "tool": "kb.search", "status": "SUCCEEDED"},
    )
    clock.set("2026-07-20T00:00:00Z")
    ended = clocked_rest.post("/v1/runs/run_done/end", headers=agent, json={"status": "SUCCEEDED"})
    assert ended.json()["run"]["expires_at"] == "2026-08-19T00:00:00.000000Z"
    clock.set("2026-07-31T00:00:01Z")  # run_idle's last write + 30 days has passed
    assert clocked_rest.get("/v1/runs/run_idle", headers=agent).status_code == 404
    assert clocked_rest.get("/v1/runs/run_done", headers=agent).status_code == 200
    swept = clocked_rest.post("/v1/admin/sweep", headers=admin).json()
    assert swept["runs_deleted"] == ["run_idle"]
    clock.set("2026-08-20T00:00:00Z")
    assert clocked_gm.sweep_due() == {}
    counts = clocked_gm.store.read_adhoc(
        "MATCH (n) WHERE n:Run OR n:Checkpoint OR n:ToolReceipt RETURN count(n) AS c"
    )
    assert counts == [{"c": 0}]
    receipts = clocked_gm.store.read_adhoc(
        "MATCH (r:LifecycleReceipt {kind: 'RUN_STATE_EXPIRY'}) RETURN r.run_ids AS ids "
        "ORDER BY r.recorded_at"
    )
    assert [r["ids"] for r in receipts] == [["run_idle"], ["run_done"]]


def remember_for_run(
    client: TestClient,
    headers: dict[str, str],
    predicate: str,
    obj: str,
    purposes: list[str],
    run_id: str | None,
) -> str:
    text = f"For this case my {predicate.replace('_', ' ')} is {obj}."
    sid = client.post(
        "/v1/sources", headers=headers, json={"kind": "USER_MESSAGE", "content": text}
    ).json()["source_id"]
    extra: dict[str, Any] = {"purposes": purposes, **({"run_id": run_id} if run_id else {})}
    r = client.post(
        "/v1/proposals",
        headers=headers,
        json=claim(U1, predicate, obj, [(sid, text, "user")], **extra),
    )
    assert r.status_code == 200 and r.json()["decision"] == "COMMITTED", r.text
    return str(r.json()["memory_id"])


def test_the_end_of_a_run_expires_its_purpose(clocked_rest: TestClient, key_for: KeyMaker) -> None:
    agent = key_for("agent", subject=U1)
    put(clocked_rest, agent, "run_refund", 0, goal="refund order 77", purpose="refund_case")
    put(clocked_rest, agent, "run_other", 0, goal="refund order 12", purpose="refund_case")
    only = remember_for_run(
        clocked_rest, agent, "order_number", "77", ["refund_case"], "run_refund"
    )
    shared = remember_for_run(
        clocked_rest, agent, "iban_country", "KR", ["refund_case", "billing"], "run_refund"
    )
    other_run = remember_for_run(
        clocked_rest, agent, "order_number_other", "12", ["refund_case"], "run_other"
    )
    no_run = remember_for_run(
        clocked_rest, agent, "preferred_channel", "email", ["refund_case"], None
    )

    def found(purpose: str) -> set[str]:
        got = clocked_rest.post(
            "/v1/retrieve",
            headers=agent,
            json={
                "query": "order number iban channel",
                "subject_id": U1,
                "purpose": purpose,
                "k": 20,
            },
        ).json()
        return {r["memory"]["memory_id"] for r in got["results"]}

    assert found("refund_case") == {only, shared, other_run, no_run}
    ended = clocked_rest.post(
        "/v1/runs/run_refund/end",
        headers=agent,
        json={"status": "FAILED", "failure_code": "NO_STOCK"},
    )
    assert ended.status_code == 200, ended.text
    body = ended.json()
    assert body["purpose_expiry"]["expired"] == [only]
    assert body["purpose_expiry"]["narrowed"] == [shared]
    assert body["checkpoint"]["status"] == "FAILED" and body["checkpoint"]["version"] == 2
    assert body["checkpoint"]["failure_code"] == "NO_STOCK" and body["run"]["ended_at"]
    # the run's own memory is gone for every purpose; the shared one keeps its other purpose
    assert found("refund_case") == {other_run, no_run}
    assert shared in found("billing") and only not in found("billing")

    # the same end again is a replay; another end, a checkpoint or a memory for it: 409
    again = clocked_rest.post(
        "/v1/runs/run_refund/end",
        headers=agent,
        json={"status": "FAILED", "failure_code": "NO_STOCK"},
    )
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert again.json()["purpose_expiry"]["expired"] == [only]
    other = clocked_rest.post(
        "/v1/runs/run_refund/end", headers=agent, json={"status": "SUCCEEDED"}
    )
    assert other.status_code == 409 and other.json()["code"] == "RUN_ENDED"
    assert put(clocked_rest, agent, "run_refund", 2).json()["code"] == "RUN_ENDED"
    late = clocked_rest.post(
        "/v1/proposals",
        headers=agent,
        json={**claim(U1, "x", "y", [("msg", "y", "user")]), "run_id": "run_refund"},
    )
    assert late.status_code == 409 and late.json()["errors"][0]["field"] == "run_id"
    unknown = clocked_rest.post(
        "/v1/proposals",
        headers=agent,
        json={**claim(U1, "x", "y", [("msg", "y", "user")]), "run_id": "run_nope"},
    )
    assert unknown.status_code == 422 and unknown.json()["errors"][0]["rule"] == "unknown_run"
    bad = clocked_rest.post("/v1/runs/run_other/end", headers=agent, json={"status": "FAILED"})
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "failure_code"


def test_erasing_a_subject_takes_its_run_state(
    clocked_rest: TestClient, key_for: KeyMaker, store: GraphStore
) -> None:
    agent, admin = key_for("agent", subject=U1), key_for("admin")
    put(clocked_rest, agent, "run_e", 0, goal="CNRYrun goal", last_observation="CNRYrun seen")
    clocked_rest.post(
        "/v1/runs/run_e/tool-receipts",
        headers=agent,
        json={"idempotency_key": "k", "tool": "t", "status": "SUCCEEDED", "result": "CNRYrun"},
    )
    put(clocked_rest, key_for("agent", subject=U2), "run_keep", 0, goal="stays")
    preview = clocked_rest.delete(f"/v1/subjects/{U1}/memories?dry_run=true", headers=admin)
    assert preview.json()["run_ids"] == ["run_e"]
    assert clocked_rest.get("/v1/runs/run_e", headers=agent).status_code == 200
    receipt = clocked_rest.delete(f"/v1/subjects/{U1}/memories", headers=admin).json()
    assert receipt["counts"]["runs"] == 1 and receipt["counts"]["checkpoints"] == 1
    assert receipt["counts"]["tool_receipts"] == 1
    dump = repr(store.read_adhoc("MATCH (n) RETURN properties(n) AS p"))
    assert "CNRYrun" not in dump and "stays" in dump
    verified = clocked_rest.post(
        f"/v1/audit/deletions/{receipt['receipt_id']}/verify", headers=admin
    ).json()
    assert verified["result"] == "COMPLETE" and verified["remaining"]["subject_runs"] == 0


def test_bounds_of_a_checkpoint(clocked_rest: TestClient, key_for: KeyMaker) -> None:
    agent = key_for("agent", subject=U1)
    receipts = [
        {"idempotency_key": f"k{i}", "tool": "t", "status": "STARTED"}
        for i in range(MAX_TOOL_RECEIPTS + 1)
    ]
    r = put(clocked_rest, agent, "run_b", 0, tool_receipts=receipts)
    assert r.status_code == 422 and r.json()["errors"][0] == {
        "field": "tool_receipts",
        "rule": "too_long",
        "message": r.json()["errors"][0]["message"],
    }
    big = put(
        clocked_rest,
        agent,
        "run_b",
        0,
        tool_receipts=[
            {"idempotency_key": "k", "tool": "t", "status": "SUCCEEDED", "result": "x" * 20_000}
        ],
    )
    assert big.status_code == 422 and big.json()["errors"][0]["field"] == "tool_receipts.0.result"
    assert clocked_rest.get("/v1/runs/run_b", headers=agent).status_code == 404  # nothing written


def test_a_run_keeps_a_bounded_number_of_checkpoints_and_receipts(
    clocked_rest: TestClient, key_for: KeyMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The per-run bounds (10,000 each), lowered here so the test need not write 10,000."""
    monkeypatch.setattr(checkpoints, "MAX_CHECKPOINTS_PER_RUN", 2)
    monkeypatch.setattr(tool_receipts, "MAX_TOOL_RECEIPTS_PER_RUN", 2)
    agent = key_for("agent", subject=U1)
    receipt = {"tool": "t", "status": "SUCCEEDED"}
    assert put(clocked_rest, agent, "run_n", 0, tool_receipts=[{**receipt, "idempotency_key": "a"}])
    assert put(clocked_rest, agent, "run_n", 1).status_code == 201
    full = put(clocked_rest, agent, "run_n", 2)
    assert full.status_code == 422 and full.json()["errors"][0]["field"] == "run_id"
    one = {**receipt, "idempotency_key": "b"}
    assert (
        clocked_rest.post("/v1/runs/run_n/tool-receipts", headers=agent, json=one).status_code
        == 201
    )
    more = clocked_rest.post(
        "/v1/runs/run_n/tool-receipts", headers=agent, json={**receipt, "idempotency_key": "c"}
    )
    assert more.status_code == 422 and more.json()["errors"][0]["rule"] == "too_large"
    # a replay of a recorded key is still answered
    assert (
        clocked_rest.post("/v1/runs/run_n/tool-receipts", headers=agent, json=one).status_code
        == 200
    )
