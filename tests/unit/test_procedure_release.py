"""The release model's pure parts: which version a run may use (cohorts), the approval rule,
the simulator's checks, release health and the rollback verdict."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from graphmem.errors import ValidationError
from graphmem.learn.approval import approval_issues
from graphmem.learn.health import CanaryPolicy, arm, verdict, wilson
from graphmem.learn.procedure_records import ProcedureCreate
from graphmem.learn.resolve import cohort_bucket, serving_role, usable_procedures
from graphmem.learn.simulator import Scenario, ScenarioSimulator
from graphmem.models.enums import ReleaseRole
from graphmem.models.memory import ProcedureContent
from graphmem.models.types import split_procedure_ref
from graphmem.models.validation import parse


def proc(
    mid: str, lifecycle: str = "PUBLISHED", role: str | None = "STABLE", **extra: Any
) -> dict[str, Any]:
    return {
        "memory_id": mid,
        "type": "PROCEDURAL",
        "procedure_key": "vpn",
        "lifecycle": lifecycle,
        "release_role": role,
        "preconditions": [],
        "required_capabilities": [],
        **extra,
    }


def test_a_run_gets_the_version_of_its_cohort_and_nothing_unpublished() -> None:
    rows = [
        proc("stable", canary_percent=30),
        proc("canary", role="CANARY", canary_percent=30),
        proc("draft", lifecycle="DRAFT", role=None),
        proc("rejected", lifecycle="REJECTED", role=None),
        proc("rolled", lifecycle="ROLLED_BACK", role=None),
        proc("waiting", role=None),
        {"memory_id": "claim", "type": "SEMANTIC"},
    ]
    served: Counter[str] = Counter()
    for i in range(2000):
        cohort = f"run:r{i}"
        kept, excluded = usable_procedures(rows, {}, tenant_id="acme", cohort=cohort)
        ids = [r["memory_id"] for r in kept]
        assert ids[0] == "claim" and len(ids) == 2
        served[ids[1]] += 1
        expected = serving_role("acme", "vpn", cohort, 30)
        assert ids[1] == ("canary" if expected is ReleaseRole.CANARY else "stable")
        reasons = {e["memory_id"]: e["reason"] for e in excluded}
        assert reasons["draft"] == "NOT_PUBLISHED" and reasons["rejected"] == "REJECTED"
        assert reasons["rolled"] == "ROLLED_BACK" and reasons["waiting"] == "NOT_SERVING"
        assert reasons["canary" if ids[1] == "stable" else "stable"] == "NOT_IN_COHORT"
    # about 30 % of runs land in the canary; the same run always in the same cohort
    assert 0.26 < served["canary"] / 2000 < 0.34
    assert cohort_bucket("acme", "vpn", "run:r7") == cohort_bucket("acme", "vpn", "run:r7")
    assert serving_role("acme", "vpn", "run:r7", None) is ReleaseRole.STABLE


def test_the_cohort_version_needs_its_preconditions_and_capabilities() -> None:
    rows = [proc("v", preconditions=["error_720"], required_capabilities=["reset_adapter"])]
    kept, excluded = usable_procedures(rows, {"facts": ["error_720"]}, tenant_id="t", cohort="c")
    assert kept == [] and excluded == [{"memory_id": "v", "reason": "CAPABILITY_MISSING"}]
    state = {"capabilities": ["reset_adapter"]}
    kept, excluded = usable_procedures(rows, state, tenant_id="t", cohort="c")
    assert excluded == [{"memory_id": "v", "reason": "PRECONDITION_UNMET"}]
    state = {"capabilities": ["reset_adapter"], "facts": ["error_720"]}
    kept, _ = usable_procedures(rows, state, tenant_id="t", cohort="c")
    assert [r["memory_id"] for r in kept] == ["v"]


def _content(**changes: Any) -> ProcedureContent:
    base: dict[str, Any] = {
        "procedure_key": "restart",
        "version": "1.0.0",
        "scope": "tenant/acme/api",
        "steps": ["collect", "ask", "restart", "verify"],
        "effect": "REVERSIBLE_WRITE",
        "approval": "ask",
        "rollback": "undo",
        "owner": "sre",
        "tests": ["ok"],
    }
    return parse(ProcedureContent, base | changes)


def test_a_write_effect_must_name_its_approval_step() -> None:
    assert approval_issues(_content()) == []
    assert [i.rule for i in approval_issues(_content(approval=None))] == ["approval_step_required"]
    assert [i.rule for i in approval_issues(_content(approval="someone"))] == [
        "approval_step_unknown"
    ]
    assert approval_issues(_content(effect="READ_ONLY", approval=None)) == []
    with pytest.raises(ValidationError) as err:
        parse(ProcedureCreate, {"subject_id": "project:x", **_content().model_dump(), "key": "k"})
    assert {i.field for i in err.value.issues} == {"key"}  # one name for the key, not two


WORLD: dict[str, Any] = {
    "collect": {"effect": "READ_ONLY"},
    "ask": {"grants": True},
    "restart": {"effect": "REVERSIBLE_WRITE", "sets": ["restarted"], "clears": ["timeout"]},
    "verify": {"requires": ["healthy"]},
    "undo": {"effect": "REVERSIBLE_WRITE", "clears": ["restarted"], "sets": ["timeout"]},
}


def scenario(steps: dict[str, Any] | None = None, **changes: Any) -> Scenario:
    base: dict[str, Any] = {
        "id": "ok",
        "facts": ["timeout", "healthy"],
        "steps": steps or WORLD,
        "expect": {"outcome": "SUCCESS", "facts": ["restarted"], "absent": ["timeout"]},
    }
    return parse(Scenario, base | changes)


def run(content: ProcedureContent, *scenarios: Scenario) -> list[set[str]]:
    report = ScenarioSimulator().run(content, {s.id: s for s in scenarios})
    return [{i.rule for i in r.issues} for r in report.scenarios]


def test_the_simulator_passes_a_good_version_deterministically() -> None:
    sim = ScenarioSimulator()
    first = sim.run(_content(), {"ok": scenario()})
    assert first.passed and first.scenarios[0].trace == [
        "collect:ok",
        "ask:granted",
        "restart:ok",
        "verify:ok",
    ]
    assert sim.run(_content(), {"ok": scenario()}) == first


def test_the_simulator_refuses_a_write_before_approval_and_undeclared_effects() -> None:
    assert run(_content(steps=["collect", "restart", "ask", "verify"]), scenario()) == [
        {"write_before_approval"}
    ]
    assert (
        "effect_exceeds_declared" in run(_content(effect="READ_ONLY", approval=None), scenario())[0]
    )
    irreversible = {**WORLD, "restart": {**WORLD["restart"], "effect": "IRREVERSIBLE_WRITE"}}
    assert run(_content(), scenario(irreversible)) == [{"effect_exceeds_declared"}]
    assert run(_content(steps=["collect", "ask", "reboot"]), scenario()) == [
        {"step_unmodelled", "outcome_mismatch", "fact_missing", "fact_present"}
    ]


def test_the_simulator_checks_rollback_after_a_failed_write() -> None:
    unhealthy = {"facts": ["timeout"], "expect": {"outcome": "FAILURE", "facts": ["timeout"]}}
    assert run(_content(), scenario(**unhealthy)) == [set()]  # rolled back to the start
    assert run(_content(rollback=None), scenario(**unhealthy)) == [
        {"rollback_missing", "fact_missing"}
    ]
    sloppy = {**WORLD, "undo": {"effect": "REVERSIBLE_WRITE"}}
    assert run(_content(), scenario(sloppy, **unhealthy)) == [
        {"rollback_incomplete", "fact_missing"}
    ]


def test_the_simulator_checks_preconditions_refused_approvals_and_missing_scenarios() -> None:
    not_applicable = {"expect": {"outcome": "NOT_APPLICABLE", "facts": ["timeout"]}}
    assert run(_content(preconditions=["no_active_deployment"]), scenario(**not_applicable)) == [
        set()
    ]
    refused = {**WORLD, "ask": {"grants": False}}
    aborted = {"expect": {"outcome": "ABORTED", "facts": ["timeout"], "absent": ["restarted"]}}
    assert run(_content(), scenario(refused, **aborted)) == [set()]
    report = ScenarioSimulator().run(_content(tests=["ok", "other"]), {"ok": scenario()})
    assert not report.passed
    assert [r.issues[0].rule for r in report.scenarios if r.issues] == ["scenario_missing"]


def outcomes(ref: str, ok: int, failed: int, **extra: Any) -> list[dict[str, Any]]:
    rows = [{"memory_id": f"{ref}-s{i}", "ref": ref, "outcome": "SUCCESS"} for i in range(ok)]
    rows += [
        {"memory_id": f"{ref}-f{i}", "ref": ref, "outcome": "FAILURE", **extra}
        for i in range(failed)
    ]
    return rows


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson(8, 10)
    assert low < 0.8 < high and 0.4 < low < 0.5 and 0.94 < high < 0.97
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_canary_rolls_back_only_when_worse_beyond_the_threshold_with_evidence() -> None:
    policy = CanaryPolicy(threshold=0.1, min_outcomes=10)
    stable = arm("v1", outcomes("v1", 19, 1), policy)
    assert verdict(stable, arm("v2", outcomes("v2", 0, 9), policy), policy)[0] == "HOLD"
    assert verdict(stable, arm("v2", outcomes("v2", 2, 8), policy), policy)[0] == "ROLLBACK"
    # a small dip inside the intervals holds
    assert verdict(stable, arm("v2", outcomes("v2", 8, 2), policy), policy)[0] == "HOLD"
    # too few stable outcomes: the intervals overlap, no statistical rollback
    few = arm("v1", outcomes("v1", 2, 0), policy)
    assert verdict(few, arm("v2", outcomes("v2", 5, 5), policy), policy)[0] == "HOLD"


def test_one_safety_signal_rolls_the_canary_back() -> None:
    policy = CanaryPolicy()
    stable = arm("v1", outcomes("v1", 5, 0), policy)
    flagged = outcomes("v2", 1, 1, environment_json='{"unapproved_write": true}')
    decision, reason = verdict(stable, arm("v2", flagged, policy), policy)
    assert decision == "ROLLBACK" and reason is not None and "safety" in reason
    coded = outcomes("v2", 0, 1, failure_code="DATA_LOSS")
    assert verdict(stable, arm("v2", coded, policy), policy)[0] == "ROLLBACK"
    benign = outcomes("v2", 0, 1, environment_json='{"unapproved_write": false}')
    assert verdict(stable, arm("v2", benign, policy), policy)[0] == "HOLD"


def test_procedure_refs_are_key_at_semver() -> None:
    assert split_procedure_ref("diagnose-service-timeout@2.3.0") == (
        "diagnose-service-timeout",
        "2.3.0",
    )
    from graphmem.models.memory import EpisodeContent

    with pytest.raises(ValidationError) as err:
        parse(EpisodeContent, {"goal": "g", "procedure": "vpn-720"})
    assert [(i.field, i.rule) for i in err.value.issues] == [("procedure", "procedure_ref")]
