"""Episodes → consolidation → insights → review → promotion, through REST on each engine.

The seed's case: e1, e2 reset the adapter with the adapter-mismatch signal → success; e3 reset
it without the signal → failure, root cause certificate. The candidate must be "reset is valid
when the adapter-mismatch signal is present" with e3 as its counterexample — never
"error 720 ⇒ always reset" — and approval must promote it through the gate with lineage that
revocation and erasure walk.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.auth.principal import Principal
from graphmem.learn.consolidate import ConsolidationRequest, Consolidator
from graphmem.learn.generator import Candidate, ClusterEpisode
from graphmem.models.enums import Outcome
from graphmem.service import Graphmem
from tests.integration.conftest import KeyMaker

SUBJECT = "project:it"


@pytest.fixture
def keys(key_for: KeyMaker) -> dict[str, dict[str, str]]:
    return {
        "agent": key_for("agent"),
        "reviewer": key_for("reviewer"),
        "admin": key_for("admin"),
        "user": key_for("user", subject="user:u_104"),
    }


def tool_source(rest: TestClient, key: dict[str, str], text: str) -> str:
    r = rest.post("/v1/sources", headers=key, json={"kind": "TOOL_RESULT", "content": text})
    assert r.status_code in (200, 201), r.text
    return str(r.json()["source_id"])


def episode(
    rest: TestClient,
    key: dict[str, str],
    name: str,
    outcome: str,
    *,
    mismatch: bool,
    root_cause: str | None = None,
    subject: str = SUBJECT,
    action: str = "reset_adapter",
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    src = tool_source(rest, key, f"{name}: vpn client log, error 720, {action} → {outcome}")
    body: dict[str, Any] = {
        "subject_id": subject,
        "run_id": f"run_{name}",
        "goal": "VPN error 720 on connect",
        "actions": [
            {"name": "collect_logs"},
            {"name": action, "input": "adapter=wan0", "result": outcome.lower()},
        ],
        "observations": [{"text": f"{name}: {action} then {outcome.lower()}", "source_id": src}],
        "outcome": outcome,
        "outcome_confirmed_by": "tool",
        "environment": {
            "os": "windows",
            "app": "corp-vpn",
            "tool_versions": {"vpn_client": "5.2"},
            "signals": {"adapter_mismatch": mismatch},
        },
        "failure_code": "720",
        "procedure": "reset-adapter@1.0.0",
        **({"root_cause": root_cause} if root_cause else {}),
        **(extra or {}),
    }
    r = rest.post("/v1/episodes", headers=key, json=body)
    assert r.status_code == 201, r.text
    out = r.json()
    assert out["decision"] == "COMMITTED", out["receipt"]["reasons"]
    return dict(out)


def seed_case(rest: TestClient, keys: dict[str, dict[str, str]]) -> list[str]:
    return [
        episode(rest, keys["agent"], "e1", "SUCCESS", mismatch=True)["episode_id"],
        episode(rest, keys["agent"], "e2", "SUCCESS", mismatch=True)["episode_id"],
        episode(
            rest, keys["agent"], "e3", "FAILURE", mismatch=False, root_cause="certificate expired"
        )["episode_id"],
    ]


def consolidate(rest: TestClient, key: dict[str, str], **body: Any) -> dict[str, Any]:
    r = rest.post("/v1/consolidations", headers=key, json={"subject_id": SUBJECT, **body})
    assert r.status_code == 201, r.text
    return dict(r.json())


def insights(rest: TestClient, key: dict[str, str], **params: str) -> list[dict[str, Any]]:
    r = rest.get("/v1/insights", headers=key, params=params)
    assert r.status_code == 200, r.text
    return list(r.json()["insights"])


def reset_insight(rest: TestClient, key: dict[str, str]) -> dict[str, Any]:
    found = [
        i
        for i in insights(rest, key)
        if i["action"] == "reset_adapter" and i["outcome"] == "SUCCESS"
    ]
    assert len(found) == 1, found
    return found[0]


def test_the_seed_case_gives_the_conditional_rule_with_e3_as_counterexample(
    rest: TestClient, keys: dict[str, dict[str, str]]
) -> None:
    e1, e2, e3 = seed_case(rest, keys)
    run = consolidate(rest, keys["agent"])
    assert run["episodes"] == 3 and run["clusters"] == 1 and run["created"]

    ins = reset_insight(rest, keys["agent"])
    assert ins["status"] == "CANDIDATE"
    assert ins["condition"] == ["adapter_mismatch=true"]  # never the unconditional rule
    assert "failure_code=720" in ins["context"]
    assert ins["support"] == 2 and ins["counter_support"] == 0 and ins["explained"] == 1
    assert ins["source_episode_ids"] == sorted([e1, e2])
    assert [c["episode_id"] for c in ins["counterexamples"]] == [e3]
    counter = ins["counterexamples"][0]
    assert counter["within_condition"] is False and counter["root_cause"] == "certificate expired"
    # Wilson lower bound of 2/2 at 95%: a small sample never looks certain
    assert ins["lower_bound"] == pytest.approx(0.342, abs=0.01)
    assert ins["method"] == "consolidation_wilson" and ins["policy_version"]
    # the only candidate: not "reset always works", and collect_logs (taken before every
    # reset) names no rule of its own
    assert [i["insight_id"] for i in insights(rest, keys["agent"])] == [ins["insight_id"]]


def test_rerunning_updates_instead_of_duplicating_and_needs_enough_support(
    rest: TestClient, keys: dict[str, dict[str, str]]
) -> None:
    episode(rest, keys["agent"], "e1", "SUCCESS", mismatch=True)
    run = consolidate(rest, keys["agent"])
    assert run["created"] == []  # one success trace is never generalised
    episode(rest, keys["agent"], "e2", "SUCCESS", mismatch=True)
    first = consolidate(rest, keys["agent"])
    assert len(first["created"]) >= 1
    ins = reset_insight(rest, keys["agent"])
    assert ins["condition"] == [] and ins["support"] == 2  # no failure yet: no condition
    episode(rest, keys["agent"], "e3", "FAILURE", mismatch=False, root_cause="certificate")
    consolidate(rest, keys["agent"])
    found = [
        i
        for i in insights(rest, keys["agent"])
        if i["action"] == "reset_adapter" and i["outcome"] == "SUCCESS" and i["condition"]
    ]
    assert [i["condition"] for i in found] == [["adapter_mismatch=true"]]
    again = consolidate(rest, keys["agent"])
    assert again["created"] == [] and found[0]["insight_id"] in again["updated"]


def test_approval_promotes_through_the_gate_with_lineage_and_revocation_reaches_it(
    rest: TestClient, keys: dict[str, dict[str, str]]
) -> None:
    e1, e2, _ = seed_case(rest, keys)
    consolidate(rest, keys["agent"])
    ins = reset_insight(rest, keys["agent"])
    url = f"/v1/insights/{ins['insight_id']}/review"

    # agents do not review
    r = rest.post(url, headers=keys["agent"], json={"decision": "APPROVE", "reason": "ok"})
    assert r.status_code == 403
    # bad input names the field and the rule, and changes nothing
    r = rest.post(url, headers=keys["reviewer"], json={"decision": "MAYBE", "reason": "x"})
    assert r.status_code == 422 and r.json()["errors"][0]["field"].endswith("decision")
    # a claim-kind insight with 2 episodes cannot be made a procedure
    r = rest.post(
        url,
        headers=keys["reviewer"],
        json={"decision": "APPROVE", "reason": "ok", "edits": {"kind": "PROCEDURE"}},
    )
    assert r.status_code == 422
    assert {e["rule"] for e in r.json()["errors"]} >= {"insufficient_support", "too_uncertain"}
    assert reset_insight(rest, keys["agent"])["status"] == "CANDIDATE"

    r = rest.post(
        url,
        headers=keys["reviewer"],
        json={"decision": "APPROVE", "reason": "matches the adapter runbook"},
    )
    assert r.status_code == 200, r.text
    review = r.json()
    assert review["applied"] is True, review["receipt"]["reasons"]
    assert review["receipt"]["decision"] == "COMMITTED"
    assert review["promoted_as"] == "CLAIM" and review["insight"]["status"] == "APPROVED"
    claim_id = review["promoted_id"]
    memory = rest.get(f"/v1/memories/{claim_id}", headers=keys["admin"]).json()["memory"]
    assert memory["authority"] == "human_review" and memory["type"] == "SEMANTIC"
    assert "adapter_mismatch=true" in memory["object"]
    # reviewed once: a second review is a 409
    r = rest.post(url, headers=keys["reviewer"], json={"decision": "REJECT", "reason": "x"})
    assert r.status_code == 409 and r.json()["code"] == "REVIEW_STATE"

    # revoking a source episode walks episode → insight → claim (the existing lineage walk)
    r = rest.post(
        "/v1/revocations", headers=keys["admin"], json={"memory_id": e1, "reason": "BAD_LOG"}
    )
    assert r.status_code == 201, r.text
    receipt = r.json()
    reached = {a["memory_id"]: a for a in receipt["affected"]}
    assert ins["insight_id"] in reached and claim_id in reached
    assert reached[claim_id]["path"][:3] == [
        f"memory:{e1}",
        f"memory:{ins['insight_id']}",
        f"memory:{claim_id}",
    ]
    assert reset_insight(rest, keys["agent"])["status"] == "REOPENED"
    flagged = rest.get(f"/v1/memories/{claim_id}", headers=keys["admin"]).json()["memory"]
    assert flagged["status"] == "NEEDS_REVIEW"
    # reopened by lineage, it is reviewed again
    r = rest.post(url, headers=keys["reviewer"], json={"decision": "REJECT", "reason": "e1 bad"})
    assert r.status_code == 200 and r.json()["insight"]["status"] == "REJECTED", r.text

    # revoking the other one too leaves the insight without support: REVOKED
    rest.post("/v1/revocations", headers=keys["admin"], json={"memory_id": e2, "reason": "BAD_LOG"})
    assert reset_insight(rest, keys["agent"])["status"] == "REVOKED"
    assert insights(rest, keys["agent"], status="REVOKED")


def test_a_new_counterexample_reopens_an_approved_insight(
    rest: TestClient, keys: dict[str, dict[str, str]]
) -> None:
    seed_case(rest, keys)
    consolidate(rest, keys["agent"])
    ins = reset_insight(rest, keys["agent"])
    r = rest.post(
        f"/v1/insights/{ins['insight_id']}/review",
        headers=keys["reviewer"],
        json={"decision": "APPROVE", "reason": "ok"},
    )
    assert r.json()["applied"] is True
    # an episode that meets the condition and still fails contradicts it
    e4 = episode(rest, keys["agent"], "e4", "FAILURE", mismatch=True, root_cause="driver bug")
    assert e4["reopened"] == [ins["insight_id"]], (e4, insights(rest, keys["agent"]))
    now = reset_insight(rest, keys["agent"])
    assert now["status"] == "REOPENED" and now["counter_support"] == 1
    assert e4["episode_id"] in [c["episode_id"] for c in now["counterexamples"]]
    # a reopened insight is reviewed again
    r = rest.post(
        f"/v1/insights/{ins['insight_id']}/review",
        headers=keys["reviewer"],
        json={"decision": "REJECT", "reason": "driver issue too"},
    )
    assert r.status_code == 200 and r.json()["insight"]["status"] == "REJECTED"


def test_erasing_a_source_episode_reaches_the_insight_and_its_claim(
    rest: TestClient, keys: dict[str, dict[str, str]]
) -> None:
    e1, e2, _ = seed_case(rest, keys)
    consolidate(rest, keys["agent"])
    ins = reset_insight(rest, keys["agent"])
    review = rest.post(
        f"/v1/insights/{ins['insight_id']}/review",
        headers=keys["reviewer"],
        json={"decision": "APPROVE", "reason": "ok"},
    ).json()
    claim_id = review["promoted_id"]
    for eid in (e1, e2):
        r = rest.delete(f"/v1/memories/{eid}", headers=keys["admin"])
        assert r.status_code == 200, r.text
    # the insight rested only on e1, e2: erased with them; the claim keeps its review source
    assert ins["insight_id"] not in {i["insight_id"] for i in insights(rest, keys["admin"])}
    flagged = rest.get(f"/v1/memories/{claim_id}", headers=keys["admin"]).json()["memory"]
    assert flagged["status"] == "NEEDS_REVIEW"


def test_a_users_standing_rule_becomes_a_user_scoped_candidate_only(
    rest: TestClient, keys: dict[str, dict[str, str]]
) -> None:
    out = episode(
        rest,
        keys["agent"],
        "u1",
        "SUCCESS",
        mismatch=False,
        subject="user:u_104",
        action="restart_service",
        extra={"feedback": "다음부터 오류가 나면 그냥 service를 재시작해"},
    )
    assert out["feedback_withheld"] == "STANDING_RULE"
    cid = out["instruction_insight_id"]
    assert cid
    candidate = rest.get(f"/v1/insights/{cid}", headers=keys["reviewer"]).json()
    assert candidate["subject_id"] == "user:u_104" and candidate["kind"] == "PROCEDURE"
    assert candidate["origin"] == "USER_INSTRUCTION" and candidate["status"] == "CANDIDATE"
    assert candidate["support"] == 0 and candidate["source_episode_ids"] == [out["episode_id"]]
    # the episode itself holds no rule
    ep = rest.get(f"/v1/memories/{out['episode_id']}", headers=keys["admin"]).json()["memory"]
    assert "feedback" not in ep or ep["feedback"] is None
    # consolidation of the user's single trace proposes nothing
    r = rest.post("/v1/consolidations", headers=keys["agent"], json={"subject_id": "user:u_104"})
    assert r.json()["created"] == []
    # the user's own key sees it; another user's does not
    assert [i["insight_id"] for i in insights(rest, keys["user"])] == [cid]
    # approval with a descriptive statement: a claim about the user, marked for procedure
    # review — never a procedure, never another scope
    r = rest.post(
        f"/v1/insights/{cid}/review",
        headers=keys["reviewer"],
        json={
            "decision": "APPROVE",
            "reason": "keep as the user's request",
            "edits": {"statement": "user:u_104 wants failed services restarted"},
        },
    )
    assert r.status_code == 200, r.text
    review = r.json()
    assert review["applied"] is True, review["receipt"]["reasons"]
    assert review["promoted_as"] == "CLAIM_FOR_PROCEDURE_REVIEW"
    claim = rest.get(f"/v1/memories/{review['promoted_id']}", headers=keys["admin"]).json()
    assert claim["memory"]["subject_id"] == "user:u_104"
    assert claim["memory"]["type"] == "SEMANTIC"
    procs = rest.get("/v1/memories", headers=keys["admin"], params={"type": "PROCEDURAL"})
    assert procs.json()["count"] == 0


def test_bad_requests_are_422_and_write_nothing(
    rest: TestClient, keys: dict[str, dict[str, str]]
) -> None:
    bad = {
        "subject_id": SUBJECT,
        "goal": "x",
        "outcome": "MAYBE",
        "environment": {"os": "w", "signals": {"os": True}},
    }
    r = rest.post("/v1/episodes", headers=keys["agent"], json=bad)
    assert r.status_code == 422
    fields = {e["field"] for e in r.json()["errors"]}
    assert any("environment" in f or "outcome" in f for f in fields)
    r = rest.post(
        "/v1/episodes",
        headers=keys["agent"],
        json={"subject_id": SUBJECT, "goal": "x", "procedure": "no-version"},
    )
    assert r.status_code == 422 and "procedure" in r.json()["errors"][0]["field"]
    r = rest.post("/v1/consolidations", headers=keys["agent"], json={"min_support": 1})
    assert r.status_code == 422
    r = rest.get("/v1/insights", headers=keys["agent"], params={"status": "NOPE"})
    assert r.status_code == 422
    assert rest.get("/v1/memories", headers=keys["admin"]).json()["count"] == 0
    r = rest.post("/v1/consolidations", headers=keys["user"], json={"subject_id": SUBJECT})
    assert r.status_code == 403


def test_lineage_edges_carry_method_and_policy_version(
    rest: TestClient, keys: dict[str, dict[str, str]], hashing_gm: Graphmem
) -> None:
    e1, e2, e3 = seed_case(rest, keys)
    consolidate(rest, keys["agent"])
    ins = reset_insight(rest, keys["agent"])
    rows = hashing_gm.store.read_adhoc(
        "MATCH (i:Insight {memory_id: $i})-[d:DERIVED_FROM]->(e:Episode) "
        "RETURN e.memory_id AS e, d.method AS method, d.policy_version AS pv",
        {"i": ins["insight_id"]},
    )
    assert sorted(r["e"] for r in rows) == sorted([e1, e2])
    assert {(r["method"], r["pv"]) for r in rows} == {
        ("consolidation_wilson", "learn-consolidate-1")
    }
    rows = hashing_gm.store.read_adhoc(
        "MATCH (e:Episode)-[x:COUNTEREXAMPLE_OF]->(i:Insight {memory_id: $i}) "
        "RETURN e.memory_id AS e, x.within_condition AS w",
        {"i": ins["insight_id"]},
    )
    assert [(r["e"], r["w"]) for r in rows] == [(e3, False)]
    # an insight is never a retrieval result, and never listed as a memory
    r = rest.post(
        "/v1/retrieve",
        headers=keys["agent"],
        json={"query": "reset adapter mismatch 720", "subject_id": SUBJECT, "k": 20},
    )
    assert ins["insight_id"] not in {x["memory"]["memory_id"] for x in r.json()["results"]}
    listed = rest.get("/v1/memories", headers=keys["admin"]).json()["memories"]
    assert ins["insight_id"] not in {m["memory_id"] for m in listed}
    # retrieval still matches an episode's environment, tool version and failure code
    r = rest.post(
        "/v1/retrieve",
        headers=keys["agent"],
        json={
            "query": "VPN error 720",
            "subject_id": SUBJECT,
            "types": ["EPISODIC"],
            "state": {
                "environment": {"adapter_mismatch": False},
                "tool_version": "vpn_client@5.2",
                "failure_code": "720",
            },
        },
    )
    top = r.json()["results"][0]
    assert top["memory"]["memory_id"] == e3 and top["breakdown"]["entity"] > 0


def test_a_users_instruction_becomes_at_most_a_draft_scoped_to_that_user(
    rest: TestClient, keys: dict[str, dict[str, str]]
) -> None:
    out = episode(
        rest,
        keys["agent"],
        "u2",
        "SUCCESS",
        mismatch=False,
        subject="user:u_104",
        action="restart_service",
        extra={"feedback": "다음부터 오류가 나면 그냥 service를 재시작해"},
    )
    cid = out["instruction_insight_id"]
    draft = {
        "key": "restart-service-u104",
        "version": "0.1.0",
        "scope": "tenant/acme/service-api",
        "preconditions": ["healthcheck_timeout"],
        "steps": ["collect_diagnostics", "request_restart_approval", "restart_service"],
        "effect": "REVERSIBLE_WRITE",
        "approval": "request_restart_approval",
        "rollback": "start the previous service version",
        "owner": "sre-platform",
        "tests": ["procedure-eval-1"],
    }
    url = f"/v1/insights/{cid}/review"
    # a global scope is refused: the user's instruction is about that user only
    r = rest.post(
        url,
        headers=keys["reviewer"],
        json={"decision": "APPROVE", "reason": "x", "edits": {"procedure": draft}},
    )
    assert r.status_code == 422, r.text
    assert r.json()["errors"][0]["rule"] == "user_scope_only"
    r = rest.post(
        url,
        headers=keys["reviewer"],
        json={
            "decision": "APPROVE",
            "reason": "the user's own restart preference, for release review",
            "edits": {"procedure": {**draft, "scope": "tenant/acme/user/u_104"}},
        },
    )
    assert r.status_code == 200, r.text
    review = r.json()
    assert review["applied"] is True, review["receipt"]["reasons"]
    assert review["promoted_as"] == "PROCEDURE_DRAFT restart-service-u104@0.1.0"
    proc = rest.get("/v1/procedures/restart-service-u104", headers=keys["reviewer"])
    assert proc.status_code == 200, proc.text
    versions = proc.json()["versions"]
    assert [v["lifecycle"] for v in versions] == ["DRAFT"]  # reviews and tests still ahead


def test_the_scheduled_round_consolidates_subjects_with_new_episodes(
    rest: TestClient, keys: dict[str, dict[str, str]], hashing_gm: Graphmem
) -> None:
    seed_case(rest, keys)
    done = hashing_gm.consolidation_rounds()
    assert [(r.episodes, len(r.created)) for r in done] == [(3, 1)]
    assert reset_insight(rest, keys["agent"])["condition"] == ["adapter_mismatch=true"]
    assert hashing_gm.consolidation_rounds() == []  # nothing new since the last round


@dataclass
class ReflectingGenerator:
    """A stand-in for a deployment's LLM generator (Reflexion / ExpeL style): whatever it
    says about a cluster is a candidate with the cluster's episodes as lineage."""

    name: str = "reflection-test"

    def generate(self, cluster: Sequence[ClusterEpisode], min_support: int) -> list[Candidate]:
        failures = [e for e in cluster if e.outcome is Outcome.FAILURE]
        return [
            Candidate(
                statement="under certificate_checked=false, reset_adapter led to FAILURE",
                action="reset_adapter",
                condition=("certificate_checked=false",),
                outcome=Outcome.FAILURE,
                context=(),
                support_ids=tuple(e.memory_id for e in failures),
                counterexamples=(),
                lower_bound=0.0,
                success_rate=1.0,
                method="reflection",
            )
        ]


def test_a_pluggable_generator_adds_candidates_with_provenance(
    rest: TestClient, keys: dict[str, dict[str, str]], hashing_gm: Graphmem
) -> None:
    _, _, e3 = seed_case(rest, keys)
    consolidator = Consolidator(
        hashing_gm.store, hashing_gm.embedder, generator=ReflectingGenerator()
    )
    result = consolidator.consolidate(
        Principal("acme", "agent:llm", frozenset({"agent"})),
        ConsolidationRequest(subject_id=SUBJECT, min_support=2),
    )
    assert result.generator == "reflection-test" and len(result.created) == 1
    (ins,) = insights(rest, keys["agent"])
    assert ins["generator"] == "reflection-test" and ins["method"] == "reflection"
    assert ins["status"] == "CANDIDATE" and ins["source_episode_ids"] == [e3]
