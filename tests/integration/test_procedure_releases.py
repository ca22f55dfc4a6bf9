"""Procedures as release-managed artifacts, through REST on the engine: draft → SCOPE review →
simulator test → SECURITY review → publish → canary → monitor → rollback | promote, every
step with a receipt; retrieval serving each run the version of its cohort."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.learn.resolve import serving_role
from graphmem.models.enums import ReleaseRole
from graphmem.models.types import semver_sort_key
from graphmem.service import Graphmem
from tests.integration.conftest import KeyMaker
from tests.integration.write_fixtures import FakeClock, vpn_draft

KEY = "vpn-720-fix"
OK = {"decision": "APPROVE", "reason": "fits"}


@pytest.fixture
def keys(key_for: KeyMaker) -> dict[str, dict[str, str]]:
    return {
        "admin": key_for("admin"),
        "reviewer": key_for("reviewer"),
        "agent": key_for("agent"),
        "analyst": key_for("analyst"),
        "other_tenant": key_for("admin", tenant="globex"),
    }


def step(rest: TestClient, who: dict[str, str], version: str, action: str, **body: Any) -> Any:
    url = f"/v1/procedures/{KEY}/versions/{version}/{action}"
    return rest.post(url, headers=who, json=body or None)


def released(rest: TestClient, keys: dict[str, dict[str, str]], body: dict[str, Any]) -> str:
    """Draft (admin) and every release step (reviewer) up to publication."""
    created = rest.post("/v1/procedures", headers=keys["admin"], json=body)
    assert created.status_code == 201, created.json()
    version = body["version"]
    rev = keys["reviewer"]
    assert step(rest, rev, version, "reviews", stage="SCOPE", **OK).status_code == 200
    tested = step(rest, rev, version, "test")
    assert tested.status_code == 200 and tested.json()["report"]["passed"], tested.json()
    assert step(rest, rev, version, "reviews", stage="SECURITY", **OK).status_code == 200
    published = step(rest, rev, version, "publish")
    assert published.status_code == 200, published.json()
    return str(created.json()["version"]["memory_id"])


def outcome(
    rest: TestClient,
    who: dict[str, str],
    version: str,
    result: str,
    run: str,
    **environment: Any,
) -> str:
    """An outcome episode citing ``vpn-720-fix@version`` (through the write gate)."""
    text = f"run {run}: reset adapter, VPN {result.lower()}"
    src = rest.post("/v1/sources", headers=who, json={"kind": "TOOL_RESULT", "content": text})
    assert src.status_code == 201, src.json()
    r = rest.post(
        "/v1/proposals",
        headers=who,
        json={
            "memory_type": "EPISODIC",
            "subject": "project:it",
            "episode": {
                "goal": "fix VPN error 720",
                "actions": ["safe_reset"],
                "outcome": result,
                "environment": {"os": "windows", **environment},
                "run_id": run,
                "procedure": f"{KEY}@{version}",
            },
            "evidence": [
                {"event_id": src.json()["source_id"], "span": text, "source_role": "tool"}
            ],
            "confidence": 0.9,
        },
    )
    assert r.json()["decision"] == "COMMITTED", r.json()
    return str(r.json()["memory_id"])


def release(rest: TestClient, who: dict[str, str]) -> dict[str, Any]:
    r = rest.get(f"/v1/procedures/{KEY}", headers=who)
    assert r.status_code == 200, r.json()
    body: dict[str, Any] = r.json()
    return body


def versions(body: dict[str, Any]) -> dict[str, tuple[str, str | None]]:
    return {v["version"]: (v["lifecycle"], v["release_role"]) for v in body["versions"]}


def test_a_release_walks_every_stage_with_a_receipt_each(
    clocked_rest: TestClient, keys: dict[str, dict[str, str]]
) -> None:
    rest = clocked_rest
    created = rest.post("/v1/procedures", headers=keys["admin"], json=vpn_draft())
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["write_receipt"]["decision"] == "COMMITTED"
    assert body["version"]["lifecycle"] == "DRAFT" and body["release_receipt"]["action"] == "DRAFT"
    rev = keys["reviewer"]
    scope = step(rest, rev, "1.0.0", "reviews", stage="SCOPE", **OK)
    assert scope.json()["version"]["lifecycle"] == "IN_REVIEW"
    tested = step(rest, rev, "1.0.0", "test").json()
    assert tested["report"]["passed"] and tested["receipt"]["decision"] == "PASSED"
    assert {s["scenario_id"]: s["outcome"] for s in tested["report"]["scenarios"]} == {
        "vpn-mismatch-reset": "SUCCESS",
        "vpn-certificate": "NOT_APPLICABLE",
    }
    assert tested["receipt"]["report_hash"].startswith("sha256:")
    step(rest, rev, "1.0.0", "reviews", stage="SECURITY", **OK)
    published = step(rest, rev, "1.0.0", "publish").json()["version"]
    assert (published["lifecycle"], published["release_role"]) == ("PUBLISHED", "STABLE")
    assert published["author"] == published["procedure"]["owner"] or published["author"]
    seen = release(rest, keys["analyst"])
    assert seen["cohorts"]["stable"] == "1.0.0" and seen["cohorts"]["canary"] is None
    actions = [(r["action"], r.get("stage")) for r in reversed(seen["receipts"])]
    assert actions == [
        ("DRAFT", None),
        ("REVIEW", "SCOPE"),
        ("TEST", None),
        ("REVIEW", "SECURITY"),
        ("PUBLISH", None),
    ]
    # another tenant sees nothing of it
    assert rest.get(f"/v1/procedures/{KEY}", headers=keys["other_tenant"]).status_code == 404
    listing = rest.get("/v1/procedures", headers=keys["agent"]).json()
    assert listing["procedures"] == [
        {"procedure_key": KEY, "versions": 1, "stable": "1.0.0", "canary": None}
    ]


def test_steps_out_of_order_or_by_the_wrong_key_are_refused_and_change_nothing(
    clocked_rest: TestClient, keys: dict[str, dict[str, str]]
) -> None:
    rest = clocked_rest
    agent_draft = rest.post("/v1/procedures", headers=keys["agent"], json=vpn_draft())
    assert agent_draft.status_code == 403
    no_approval = rest.post("/v1/procedures", headers=keys["admin"], json=vpn_draft(approval=None))
    assert no_approval.status_code == 422
    assert no_approval.json()["errors"][0] == {
        "field": "approval",
        "rule": "approval_step_required",
        "message": no_approval.json()["errors"][0]["message"],
    }
    assert rest.get(f"/v1/procedures/{KEY}", headers=keys["admin"]).status_code == 404

    assert rest.post("/v1/procedures", headers=keys["admin"], json=vpn_draft()).status_code == 201
    rev = keys["reviewer"]
    too_early = step(rest, rev, "1.0.0", "publish")
    assert too_early.status_code == 409
    assert too_early.json()["errors"][0]["rule"] == "publish_requirements"
    assert step(rest, rev, "1.0.0", "test").json()["errors"][0]["rule"] == "review_order"
    own = step(rest, keys["admin"], "1.0.0", "reviews", stage="SCOPE", **OK)
    assert own.status_code == 403  # the author may not review their own version
    assert step(rest, keys["agent"], "1.0.0", "reviews", stage="SCOPE", **OK).status_code == 403
    bad = step(rest, rev, "1.0.0", "reviews", stage="SCOPE", decision="MAYBE", reason="x")
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"].endswith("decision")
    step(rest, rev, "1.0.0", "reviews", stage="SCOPE", **OK)
    early_security = step(rest, rev, "1.0.0", "reviews", stage="SECURITY", **OK)
    assert early_security.status_code == 409  # the security review follows passing tests
    assert step(rest, rev, "9.9.9", "test").status_code == 404
    state = release(rest, keys["admin"])
    assert versions(state) == {"1.0.0": ("IN_REVIEW", None)}
    assert [r["action"] for r in state["receipts"]] == ["REVIEW", "DRAFT"]


def test_failing_tests_block_publication_and_a_rejection_is_final(
    clocked_rest: TestClient, keys: dict[str, dict[str, str]]
) -> None:
    rest = clocked_rest
    rev = keys["reviewer"]
    # "error 720 ⇒ always reset": the certificate scenario catches it in the simulator
    always = vpn_draft(preconditions=["error_720"])
    assert rest.post("/v1/procedures", headers=keys["admin"], json=always).status_code == 201
    step(rest, rev, "1.0.0", "reviews", stage="SCOPE", **OK)
    report = step(rest, rev, "1.0.0", "test").json()["report"]
    assert not report["passed"]
    failed = {s["scenario_id"]: s for s in report["scenarios"] if not s["passed"]}
    assert list(failed) == ["vpn-certificate"]
    assert failed["vpn-certificate"]["outcome"] == "FAILURE"
    assert step(rest, rev, "1.0.0", "reviews", stage="SECURITY", **OK).status_code == 409
    assert step(rest, rev, "1.0.0", "publish").status_code == 409
    rejected = step(rest, rev, "1.0.0", "reviews", stage="SECURITY", decision="REJECT", reason="no")
    assert rejected.status_code == 409  # not even a rejection before the tests pass
    # a scope reviewer can reject outright; the version is then final
    assert (
        rest.post("/v1/procedures", headers=keys["admin"], json=vpn_draft("1.1.0")).status_code
        == 201
    )
    no = step(rest, rev, "1.1.0", "reviews", stage="SCOPE", decision="REJECT", reason="too broad")
    assert no.json()["version"]["lifecycle"] == "REJECTED"
    assert step(rest, rev, "1.1.0", "reviews", stage="SCOPE", **OK).status_code == 409


def test_a_version_is_immutable(clocked_rest: TestClient, keys: dict[str, dict[str, str]]) -> None:
    rest = clocked_rest
    released(rest, keys, vpn_draft())
    again = rest.post("/v1/procedures", headers=keys["admin"], json=vpn_draft())
    assert again.status_code == 200 and again.json()["write_receipt"]["decision"] == "DUPLICATE"
    changed = vpn_draft(steps=["collect_logs", "request_reset_approval", "safe_reset"])
    other = rest.post("/v1/procedures", headers=keys["admin"], json=changed)
    assert other.status_code == 200
    receipt = other.json()["write_receipt"]
    assert receipt["decision"] == "REJECTED"
    assert "PROCEDURE_VERSION_EXISTS" in {r["code"] for r in receipt["reasons"]}
    assert versions(release(rest, keys["admin"])) == {"1.0.0": ("PUBLISHED", "STABLE")}


def canary_setup(
    rest: TestClient, keys: dict[str, dict[str, str]], clock: FakeClock, percent: int
) -> None:
    released(rest, keys, vpn_draft())
    # 1.1.0 drops the adapter-mismatch precondition ("error 720 ⇒ always reset") and passes
    # the one scenario it declares: only production outcomes can show it is worse
    worse = vpn_draft("1.1.0", preconditions=["error_720"], tests=["vpn-mismatch-reset"])
    released(rest, keys, worse)
    assert versions(release(rest, keys["admin"]))["1.1.0"] == ("PUBLISHED", None)
    clock.set("2026-07-02T00:00:00Z")
    canary = step(rest, keys["reviewer"], "1.1.0", "canary", percent=percent)
    assert canary.status_code == 200, canary.json()
    assert canary.json()["version"]["release_role"] == "CANARY"
    clock.set("2026-07-02T01:00:00Z")


def test_a_canary_failing_in_production_rolls_back_automatically(
    clocked_rest: TestClient, keys: dict[str, dict[str, str]], clock: FakeClock
) -> None:
    rest = clocked_rest
    canary_setup(rest, keys, clock, percent=20)
    agent = keys["agent"]
    for i in range(12):
        outcome(rest, agent, "1.0.0", "SUCCESS", f"s{i}")
    for i in range(9):
        outcome(rest, agent, "1.1.0", "FAILURE", f"c{i}", certificate_expired=True)
    held = release(rest, keys["admin"])
    assert held["health"]["verdict"] == "HOLD" and held["health"]["canary"]["outcomes"] == 9
    assert versions(held)["1.1.0"] == ("PUBLISHED", "CANARY")
    last = outcome(rest, agent, "1.1.0", "FAILURE", "c9", certificate_expired=True)
    after = release(rest, keys["admin"])
    assert versions(after) == {"1.0.0": ("PUBLISHED", "STABLE"), "1.1.0": ("ROLLED_BACK", None)}
    auto = after["receipts"][0]
    assert auto["action"] == "AUTO_ROLLBACK" and auto["triggered_by"] == last
    assert auto["actor"] == "system:canary-monitor" and "canary 0.00" in auto["reason"]
    assert after["cohorts"] == {**after["cohorts"], "stable": "1.0.0", "canary": None}
    stable = next(v for v in after["versions"] if v["version"] == "1.0.0")
    assert stable["canary_percent"] is None
    # a rolled-back version never serves again
    assert step(rest, keys["reviewer"], "1.1.0", "canary", percent=10).status_code == 409


def test_one_safety_signal_rolls_the_canary_back_at_once(
    clocked_rest: TestClient, keys: dict[str, dict[str, str]], clock: FakeClock
) -> None:
    rest = clocked_rest
    canary_setup(rest, keys, clock, percent=10)
    outcome(rest, keys["agent"], "1.1.0", "SUCCESS", "c0", unapproved_write=True)
    after = release(rest, keys["admin"])
    assert versions(after)["1.1.0"] == ("ROLLED_BACK", None)
    assert after["receipts"][0]["action"] == "AUTO_ROLLBACK"
    assert "safety" in after["receipts"][0]["reason"]


def test_promote_and_roll_back_by_hand(
    clocked_rest: TestClient,
    clocked_gm: Graphmem,
    keys: dict[str, dict[str, str]],
    clock: FakeClock,
) -> None:
    rest = clocked_rest
    canary_setup(rest, keys, clock, percent=10)
    rev = keys["reviewer"]
    assert step(rest, rev, "1.0.0", "promote").status_code == 409  # already stable
    promoted = step(rest, rev, "1.1.0", "promote")
    assert promoted.status_code == 200, promoted.json()
    assert versions(release(rest, rev)) == {
        "1.0.0": ("DEPRECATED", None),
        "1.1.0": ("PUBLISHED", "STABLE"),
    }
    back = step(rest, rev, "1.1.0", "rollback", reason="regressions on certificate cases")
    assert back.status_code == 200, back.json()
    state = release(rest, rev)
    assert versions(state) == {"1.0.0": ("PUBLISHED", "STABLE"), "1.1.0": ("ROLLED_BACK", None)}
    assert state["receipts"][0]["reason"] == "regressions on certificate cases"
    edges = clocked_gm.store.read_adhoc(
        "MATCH (a:Procedure)-[s:SUPERSEDES]->(b:Procedure) RETURN a.version AS a, s.kind AS kind, "
        "b.version AS b ORDER BY s.kind"
    )
    assert [(e["a"], e["kind"], e["b"]) for e in edges] == [
        ("1.1.0", "RELEASE", "1.0.0"),
        ("1.0.0", "ROLLBACK", "1.1.0"),
    ]
    assert step(rest, rev, "1.0.0", "rollback").status_code == 409  # nothing earlier to go to


#: more versions than any single read of a key carries (the old release steps read at most 500)
FILLERS = 600


def test_every_step_answers_right_on_a_key_with_more_versions_than_a_read_carries(
    clocked_rest: TestClient,
    clocked_gm: Graphmem,
    keys: dict[str, dict[str, str]],
    clock: FakeClock,
) -> None:
    """The steps read the version they act on and the serving ones by targeted queries, so the
    600 lower versions in front of them change no answer: publish sees the stable version,
    canary and promote find theirs, and a stable rollback reinstates the highest DEPRECATED
    version, not the lowest or the first read."""
    rest, rev = clocked_rest, keys["reviewer"]
    stable_id = released(rest, keys, vpn_draft("9.0.0"))
    # cheap copies of 9.0.0 as DEPRECATED versions 1.0.0 … 1.0.599, all sorting before it
    node = clocked_gm.store.read_adhoc(
        "MATCH (m:Procedure {procedure_key: $key, version: '9.0.0'}) RETURN m {.*} AS m",
        {"key": KEY},
    )[0]["m"]
    base = {k: v for k, v in node.items() if k not in ("embedding", "release_role")}
    fillers = [
        {**base, "memory_id": f"mem_filler_{i}", "version": f"1.0.{i}",
         "version_sort": semver_sort_key(f"1.0.{i}"), "lifecycle": "DEPRECATED"}
        for i in range(FILLERS)
    ]  # fmt: skip
    clocked_gm.store._execute(
        "UNWIND $rows AS row CREATE (c:Memory:Procedure) SET c = row",
        {"rows": fillers},
        read_only=False,
    )
    worse = vpn_draft("9.1.0", preconditions=["error_720"], tests=["vpn-mismatch-reset"])
    released(rest, keys, worse)  # publish saw 9.0.0 serving: 9.1.0 waits for a canary
    state = release(rest, rev)
    assert state["versions_total"] == FILLERS + 2
    assert state["cohorts"]["stable"] == "9.0.0" and state["cohorts"]["canary"] is None
    clock.set("2026-07-02T00:00:00Z")
    canary = step(rest, rev, "9.1.0", "canary", percent=10)
    assert canary.status_code == 200, canary.json()
    cohorts = release(rest, rev)["cohorts"]
    assert (cohorts["stable"], cohorts["canary"], cohorts["canary_percent"]) == (
        "9.0.0",
        "9.1.0",
        10,
    )
    filler = step(rest, rev, "1.0.3", "canary", percent=10)
    assert filler.status_code == 409, filler.json()  # not published
    promoted = step(rest, rev, "9.1.0", "promote")
    assert promoted.status_code == 200, promoted.json()
    assert promoted.json()["receipt"]["other_memory_id"] == stable_id  # it deprecated 9.0.0
    back = step(rest, rev, "9.1.0", "rollback", reason="certificate regressions")
    assert back.status_code == 200, back.json()
    reinstated = rest.get(
        f"/v1/procedures/{KEY}/versions", headers=rev, params={"limit": 1000}
    ).json()
    by_version = {v["version"]: (v["lifecycle"], v["release_role"]) for v in reinstated["versions"]}
    assert by_version["9.0.0"] == ("PUBLISHED", "STABLE")
    assert by_version["9.1.0"] == ("ROLLED_BACK", None)
    assert {by_version[f"1.0.{i}"] for i in range(FILLERS)} == {("DEPRECATED", None)}
    assert release(rest, rev)["cohorts"]["stable"] == "9.0.0"
    assert step(rest, rev, "7.0.0", "publish").status_code == 404


def test_retrieval_serves_each_run_the_version_of_its_cohort(
    clocked_rest: TestClient, keys: dict[str, dict[str, str]], clock: FakeClock
) -> None:
    rest = clocked_rest
    canary_setup(rest, keys, clock, percent=50)
    facts = ["error_720", "adapter_mismatch", "windows"]
    served: dict[str, str] = {}
    for i in range(12):
        run = f"run-{i}"
        r = rest.post(
            "/v1/retrieve",
            headers=keys["agent"],
            json={
                "query": "VPN error 720 fix",
                "types": ["PROCEDURAL"],
                "state": {"facts": facts, "run_id": run},
            },
        )
        assert r.status_code == 200, r.json()
        got = [m["memory"]["version"] for m in r.json()["results"]]
        assert len(got) == 1
        expected = serving_role("acme", KEY, f"run:{run}", 50)
        assert got[0] == ("1.1.0" if expected is ReleaseRole.CANARY else "1.0.0")
        reasons = {e["reason"] for e in r.json()["excluded"]}
        assert reasons == {"NOT_IN_COHORT"}
        served[run] = got[0]
    assert set(served.values()) == {"1.0.0", "1.1.0"}  # both cohorts exist at 50 %
    # a run whose state lacks the stable version's precondition gets no procedure
    r = rest.post(
        "/v1/retrieve",
        headers=keys["agent"],
        json={"query": "VPN error 720 fix", "types": ["PROCEDURAL"], "state": {"run_id": "x"}},
    ).json()
    assert r["results"] == [] and "PRECONDITION_UNMET" in {e["reason"] for e in r["excluded"]}


def test_a_draft_links_to_what_it_was_promoted_from(clocked_gm: Graphmem, clock: FakeClock) -> None:
    from tests.integration.write_fixtures import ADMIN, episode

    e1 = episode(clocked_gm, ADMIN, "project:it", "fix VPN 720", ["reset worked"], "SUCCESS")
    e2 = episode(clocked_gm, ADMIN, "project:it", "fix VPN 720 again", ["reset ok"], "SUCCESS")
    from graphmem.errors import ValidationError

    with pytest.raises(ValidationError) as err:
        clocked_gm.releases.create_draft(ADMIN, vpn_draft(derived_from=[e1, "mem_nowhere"]))
    assert [(i.field, i.rule) for i in err.value.issues] == [("derived_from", "unknown_memory")]
    body = vpn_draft(derived_from=[e1, e2], derived_method="insight_promotion")
    draft = clocked_gm.releases.create_draft(ADMIN, body)
    assert draft.version is not None
    rows = clocked_gm.store.read_adhoc(
        "MATCH (p:Procedure)-[d:DERIVED_FROM]->(e:Episode) RETURN e.memory_id AS e, d.method AS m, "
        "d.policy_version AS v ORDER BY e"
    )
    assert [(r["e"], r["m"], r["v"]) for r in rows] == sorted(
        [
            (e1, "insight_promotion", "procedure-release-1"),
            (e2, "insight_promotion", "procedure-release-1"),
        ]
    )


def test_a_draft_interrupted_after_its_commit_is_finished_before_it_moves_on(
    clocked_gm: Graphmem, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process dies between the gate's commit and the DRAFT step (and the client never
    retries): the version's lineage landed with the commit, and its SCOPE review first finishes
    the step — release document (the simulator's scenarios) and DRAFT receipt — so the release
    walks on with every receipt."""
    from graphmem.learn.releases import Releases
    from tests.integration.write_fixtures import ADMIN, REVIEWER, episode

    e1 = episode(clocked_gm, ADMIN, "project:it", "fix VPN 720", ["reset worked"], "SUCCESS")
    finish = Releases._draft_step

    def crash(*args: Any, **kwargs: Any) -> None:
        raise SystemExit("killed between the commit and the DRAFT step")

    monkeypatch.setattr(Releases, "_draft_step", crash)
    with pytest.raises(SystemExit):
        clocked_gm.releases.create_draft(ADMIN, vpn_draft(derived_from=[e1]))
    monkeypatch.setattr(Releases, "_draft_step", finish)
    rows = clocked_gm.store.read_adhoc(
        "MATCH (p:Procedure {procedure_key: $key}) OPTIONAL MATCH (p)-[:DERIVED_FROM]->(e) "
        "OPTIONAL MATCH (r:ReleaseReceipt)-[:RELEASED]->(p) "
        "RETURN p.release_source_id AS doc, collect(DISTINCT e.memory_id) AS origins, "
        "count(r) AS receipts",
        {"key": KEY},
    )
    assert [(r["doc"], r["origins"], r["receipts"]) for r in rows] == [(None, [e1], 0)]

    clocked_gm.releases.review(REVIEWER, KEY, "1.0.0", {"stage": "SCOPE", **OK})
    tested = clocked_gm.releases.test(REVIEWER, KEY, "1.0.0")
    assert tested.report is not None and tested.report.passed
    receipts = clocked_gm.releases.get(ADMIN, KEY).receipts
    drafted = [r for r in receipts if r.action == "DRAFT"]
    assert [(r.actor, r.reason) for r in drafted] == [
        (ADMIN.principal_id, "finished after an interrupted draft")
    ]
    assert {r.action for r in receipts} == {"DRAFT", "REVIEW", "TEST"}


def test_the_context_builder_gives_a_run_the_version_of_its_cohort(
    clocked_rest: TestClient, keys: dict[str, dict[str, str]], clock: FakeClock
) -> None:
    """With a ``run_id`` the context builder's retrieval hashes the run (its checkpoint's
    state gives the facts): two runs in different cohorts get different versions."""
    rest = clocked_rest
    canary_setup(rest, keys, clock, percent=50)
    runs: dict[ReleaseRole, str] = {}
    for i in range(40):
        role = serving_role("acme", KEY, f"run:ctx-{i}", 50)
        runs.setdefault(role, f"ctx-{i}")
    agent = keys["agent"]
    for role, run in runs.items():
        put = rest.put(
            f"/v1/runs/{run}/checkpoints",
            headers=agent,
            json={
                "expected_version": 0,
                "goal": "fix VPN error 720",
                "subject_id": "project:it",
                "working": {"facts": ["error_720", "adapter_mismatch"]},
            },
        )
        assert put.status_code == 201, put.json()
        body = rest.post(
            "/v1/context",
            headers=agent,
            json={
                "instruction": "Fix the VPN.",
                "query": "VPN error 720 fix",
                "run_id": run,
                "subject_id": "project:it",
                "budget_tokens": 2000,
            },
        )
        assert body.status_code == 200, body.json()
        body = body.json()
        texts = [
            i["text"] for s in body["sections"] if s["name"] == "procedures" for i in s["items"]
        ]
        expected = "1.1.0" if role is ReleaseRole.CANARY else "1.0.0"
        assert len(texts) == 1, body
        version_ids = {v["version"]: v["memory_id"] for v in release(rest, agent)["versions"]}
        other = "1.0.0" if expected == "1.1.0" else "1.1.0"
        assert version_ids[expected] in json.dumps(body), (role, body)
        assert version_ids[other] not in json.dumps(body)
