"""Context from run state (issue 14, item 3): with a ``run_id`` the context opens with the run's
latest checkpoint, projected, and the verified evidence its evidence ids name; state beats
memory in priority; the run gives the goal, purpose and subject."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from graphmem.service import Graphmem
from tests.integration.conftest import KeyMaker
from tests.integration.write_fixtures import claim, principal, remember, source

U1, U2 = "user:u1", "user:u2"
A1 = principal("agent", subject=U1, pid="agent:u1")


def checkpoint(client: TestClient, headers: dict[str, str], run_id: str, **state: Any) -> Any:
    r = client.put(
        f"/v1/runs/{run_id}/checkpoints",
        headers=headers,
        json={"expected_version": 0, **state},
    )
    assert r.status_code == 201, r.text
    return r.json()


def items(body: dict[str, Any], section: str) -> list[dict[str, Any]]:
    return next((s["items"] for s in body["sections"] if s["name"] == section), [])


def test_the_run_opens_the_context_and_only_verified_evidence_enters(
    clocked_rest: TestClient, clocked_gm: Graphmem, key_for: KeyMaker
) -> None:
    agent, reviewer = key_for("agent", subject=U1), key_for("reviewer")
    gm = clocked_gm
    said = source(gm, A1, "USER_MESSAGE", "My order 77 arrived broken; please refund it.")
    tool = source(gm, A1, "TOOL_RESULT", "order 77: status DELIVERED, amount 90 EUR")
    model = source(gm, A1, "MODEL_OUTPUT", "I think the user wants a refund of 900 EUR")
    revoked = source(gm, A1, "TOOL_RESULT", "order 77: amount 9000 EUR (bad feed)")
    theirs = source(
        gm, principal("agent", subject=U2, pid="agent:u2"), "USER_MESSAGE", "u2 says hi"
    )
    old_doc = source(
        gm, A1, "DOCUMENT", "Refunds within 14 days.", uri="kb://refunds", revision="r1"
    )
    new_doc = source(
        gm, A1, "DOCUMENT", "Refunds within 30 days.", uri="kb://refunds", revision="r2"
    )
    r = clocked_rest.post("/v1/revocations", headers=reviewer, json={"source_id": revoked})
    assert r.status_code == 201, r.text
    pref = remember(gm, A1, U1, "answer_language", "Korean", "Please answer in Korean")

    checkpoint(
        clocked_rest,
        agent,
        "run_refund",
        goal="refund order 77",
        purpose="support",
        status="WAITING_APPROVAL",
        step=3,
        plan_version=2,
        budget={"tool_calls_limit": 10, "tool_calls_used": 4},
        approvals=[{"action": "refund 90 EUR", "approved_by": U1, "at": "2026-07-01T00:00:00Z"}],
        evidence_ids=[said, tool, model, revoked, theirs, old_doc, new_doc, "src_missing"],
        pending_evidence=["photo of the damage"],
        tool_receipts=[{"idempotency_key": "o77", "tool": "orders.get", "status": "SUCCEEDED"}],
        working={"capabilities": ["refund"], "carrier": "DHL"},
    )
    r = clocked_rest.post(
        "/v1/context",
        headers=agent,
        json={
            "instruction": "Answer the user.",
            "query": "refund answer language",
            "run_id": "run_refund",
            "state": {"channel": "email"},
            "budget_tokens": 2000,
        },
    )
    assert r.status_code == 200, r.text
    body = r.json()
    # the goal is the run's; state lines start with the run's checkpoint, then the request's
    assert "Goal: refund order 77" in body["text"]
    state = [i["text"] for i in items(body, "state")]
    assert state[0] == "run run_refund (checkpoint v1): WAITING_APPROVAL, step 3, plan v2"
    assert "budget: tool calls 6 left of 10" in state
    assert "approved: refund 90 EUR (by user:u1, 2026-07-01)" in state
    assert "still required: photo of the damage" in state
    assert "tool calls: orders.get SUCCEEDED" in state
    assert state[-1] == "channel: email"
    assert "capabilities: refund" in state  # the runtime's typed state, projected too
    # verified evidence only, in the run's order; each refusal says why
    evidence = {i["id"]: i["text"] for i in items(body, "evidence")}
    assert list(evidence) == [said, tool, new_doc]
    assert (
        evidence[said] == f"- [{said}] (USER_MESSAGE) My order 77 arrived broken; please refund it."
    )
    reasons = {d["id"]: d["reason"] for d in body["dropped"] if d["section"] == "evidence"}
    assert reasons == {
        model: "UNVERIFIED",
        revoked: "REVOKED",
        theirs: "UNKNOWN_SOURCE",
        old_doc: "STALE_REVISION",
        "src_missing": "UNKNOWN_SOURCE",
    }
    assert "u2 says hi" not in body["text"] and "9000" not in body["text"]
    # state comes before memory; the run's subject is the subject
    assert [s["name"] for s in body["sections"]][:4] == [
        "instruction",
        "state",
        "evidence",
        "semantic",
    ]
    assert [i["id"] for i in items(body, "semantic")] == [pref]


def test_state_beats_memory_when_the_budget_is_short(
    clocked_rest: TestClient, clocked_gm: Graphmem, key_for: KeyMaker
) -> None:
    agent = key_for("agent", subject=U1)
    for i in range(4):
        remember(clocked_gm, A1, U1, f"likes_{i}", f"tea{i}", f"I like tea{i} with milk")
    checkpoint(
        clocked_rest,
        agent,
        "run_short",
        goal="pick a drink",
        step=2,
        completed_steps=["asked for the drink", "checked the stock"],
        last_observation="oolong is out of stock",
    )
    body = clocked_rest.post(
        "/v1/context",
        headers=agent,
        json={"instruction": "Suggest a drink.", "query": "tea milk", "run_id": "run_short",
              "budget_tokens": 60},
    ).json()  # fmt: skip
    assert body["tokens_used"] <= 60
    state = [i["text"] for i in items(body, "state")]
    assert "last observation: oolong is out of stock" in state
    dropped = {d["section"] for d in body["dropped"] if d["reason"] == "BUDGET"}
    assert "semantic" in dropped and "state" not in dropped


def test_the_run_fixes_purpose_and_scope(
    clocked_rest: TestClient, clocked_gm: Graphmem, key_for: KeyMaker
) -> None:
    agent = key_for("agent", subject=U1)
    checkpoint(clocked_rest, agent, "run_p", goal="refund", purpose="support")
    billing_src = source(clocked_gm, A1, "USER_MESSAGE", "Bill me at finance")
    kept = clocked_gm.propose(
        A1,
        claim(
            U1,
            "billing_contact",
            "finance",
            [(billing_src, "finance", "user")],
            purposes=["billing"],
        ),
    )
    base = {
        "instruction": "i",
        "query": "billing contact finance",
        "run_id": "run_p",
        "budget_tokens": 500,
    }
    body = clocked_rest.post("/v1/context", headers=agent, json=base).json()
    assert kept.memory_id not in str(body["refs"])  # the run is for support, not billing
    wrong = clocked_rest.post("/v1/context", headers=agent, json={**base, "purpose": "billing"})
    assert wrong.status_code == 422 and wrong.json()["errors"][0] == {
        "field": "purpose",
        "rule": "run_purpose",
        "message": wrong.json()["errors"][0]["message"],
    }
    theirs = clocked_rest.post("/v1/context", headers=key_for("agent", subject=U2), json=base)
    assert theirs.status_code == 404
    no_goal = clocked_rest.post(
        "/v1/context", headers=agent, json={"instruction": "i", "query": "q", "budget_tokens": 50}
    )
    assert no_goal.status_code == 422 and no_goal.json()["errors"][0]["field"] == "goal"
    user = clocked_rest.post("/v1/context", headers=key_for("user", subject=U1), json=base)
    assert user.status_code == 403  # run state is for agents (and reviewers)
