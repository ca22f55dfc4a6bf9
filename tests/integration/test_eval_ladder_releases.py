"""The ladder's procedural rung is served a *released* procedure: the org's runbook goes through
graphmem's release model (a draft by its author, SCOPE review, simulator tests, SECURITY review
and publication by a different principal), and only then reaches the +procedural contexts —
where it changes what the agent does. Also: the learner never works around the release rules
(failing tests stay IN_REVIEW, a forbidden step is rejected, an agent key drafts nothing), and
nothing it left unreleased is ever served."""

from __future__ import annotations

from dataclasses import replace

import pytest

from graphmem.auth.principal import Principal
from graphmem.errors import ForbiddenError
from graphmem.eval.agent import RuleAgent
from graphmem.eval.ladder import RUNGS, Rung, RunRecord, governed_learner, run_rung
from graphmem.eval.learn import VERSION, GovernedLearner, Reviewer
from graphmem.eval.tasks import FORBIDDEN_STEPS, RUNBOOK_RELEASE
from graphmem.models.enums import ProcedureStatus, ReleaseAction, ReleaseRole
from graphmem.service import Graphmem
from tests.integration.write_fixtures import FakeClock

#: a seed whose VPN sequence meets a byod network (the runbook covers it; safe_reset, the first
#: untried fix, fails there)
SEED = 11
RUNS = 8
TENANT = "acme"
AUTHOR = Principal(TENANT, "admin:ops", frozenset({"admin"}))
SOURCE = {
    "kind": "DOCUMENT",
    "content": "IT runbook, VPN error 720.",
    "uri": "kb://runbooks/x",
    "revision": "r1",
}


def rung(name: str) -> Rung:
    return next(r for r in RUNGS if r.name == name)


def vpn(records: list[RunRecord]) -> list[RunRecord]:
    return [r for r in records if r.family == "vpn"]


def test_procedural_rung_is_served_the_released_runbook_and_it_changes_the_outcome(
    clocked_gm: Graphmem, clock: FakeClock
) -> None:
    agent = RuleAgent()
    semantic, _ = run_rung(clocked_gm, clock, rung("+semantic"), agent, 1, RUNS, SEED)
    procedural, writes = run_rung(clocked_gm, clock, rung("+procedural"), agent, 1, RUNS, SEED)
    # the runbook was released in both rungs' tenants alike, through every release step
    for tenant in ("ladder-semantic-0", "ladder-procedural-0"):
        reader = Principal(tenant, "analyst:x", frozenset({"analyst"}))
        state = clocked_gm.releases.get(reader, RUNBOOK_RELEASE.key)
        (v,) = state.versions
        assert (v.lifecycle, v.release_role) == (ProcedureStatus.PUBLISHED, ReleaseRole.STABLE)
        steps = [(r.action, r.actor) for r in sorted(state.receipts, key=lambda r: r.recorded_at)]
        assert {a for a, _ in steps} == {
            ReleaseAction.DRAFT,
            ReleaseAction.REVIEW,
            ReleaseAction.TEST,
            ReleaseAction.PUBLISH,
        }
        assert dict(steps)[ReleaseAction.DRAFT] == "admin:ops"
        assert {who for a, who in steps if a is not ReleaseAction.DRAFT} == {"reviewer:it-security"}
    assert writes["ladder-procedural-0"]["procedural:PUBLISHED"] == 1
    # the poisoned "procedure" from the user's agent key was never drafted
    assert writes["ladder-procedural-0"]["refused:procedural:FORBIDDEN"] == 1

    # +procedural asked for it and got it in every VPN context; +semantic never saw it
    assert all(r.procedure_contexts == r.attempts for r in vpn(procedural))
    assert sum(r.procedure_contexts for r in semantic) == 0
    assert sum(r.procedure_contexts for r in procedural if r.family != "vpn") == 0
    assert any(w == "approved procedure" for r in vpn(procedural) for w in r.why)
    # and it made a difference: a network the runbook covers is fixed by the first attempt
    # where, without it, the agent first tried a fix that fails there
    first = sum(r.first_try for r in vpn(procedural))
    assert first > sum(r.first_try for r in vpn(semantic))
    assert sum(r.attempts for r in vpn(procedural)) < sum(r.attempts for r in vpn(semantic))
    assert sum(r.violations for r in procedural) == 0


def test_the_learner_never_releases_around_the_rules(clocked_gm: Graphmem) -> None:
    learner = governed_learner(clocked_gm, TENANT)
    assert isinstance(learner, GovernedLearner)

    # a scenario the runbook does not meet: the tests fail and the version stays IN_REVIEW
    wrong = [dict(s, expect={"outcome": "SUCCESS"}) for s in RUNBOOK_RELEASE.scenarios]
    failing = replace(RUNBOOK_RELEASE, key="vpn-failing", scenarios=wrong)
    assert learner.procedure(AUTHOR, "org:acme", failing, source=SOURCE) is (
        ProcedureStatus.IN_REVIEW
    )
    assert learner.refusals["procedural:TESTS_FAILED"] == 1

    # a step the policy forbids: the security review rejects it after passing tests
    steps = ["disable_firewall", *RUNBOOK_RELEASE.steps]
    worlds = [
        dict(s, steps={**s["steps"], "disable_firewall": {"effect": "READ_ONLY"}})
        for s in RUNBOOK_RELEASE.scenarios
    ]
    forbidden = replace(RUNBOOK_RELEASE, key="vpn-forbidden", steps=steps, scenarios=worlds)
    assert set(steps) & FORBIDDEN_STEPS
    assert learner.procedure(AUTHOR, "org:acme", forbidden, source=SOURCE) is (
        ProcedureStatus.REJECTED
    )

    # an agent's key may not draft at all
    agent = Principal(TENANT, "agent:runtime", frozenset({"agent"}))
    other = replace(RUNBOOK_RELEASE, key="vpn-agent")
    assert learner.procedure(agent, "org:acme", other, source=SOURCE) is None
    assert learner.refusals["procedural:FORBIDDEN"] == 1

    # none of them is served, whatever the run's state
    res = clocked_gm.retrieve(
        Principal(TENANT, "agent:reader", frozenset({"agent"})),
        {
            "query": "VPN error 720",
            "subject_id": "org:acme",
            "types": ["PROCEDURAL"],
            "state": {"facts": ["error_720"]},
        },
    )
    assert res.results == []


def test_an_author_who_reviews_their_own_runbook_is_refused(clocked_gm: Graphmem) -> None:
    own = GovernedLearner(clocked_gm, TENANT, Reviewer(AUTHOR))
    with pytest.raises(ForbiddenError, match="author of a procedure version may not review it"):
        own.procedure(AUTHOR, "org:acme", RUNBOOK_RELEASE, source=SOURCE)
    reader = Principal(TENANT, "analyst:x", frozenset({"analyst"}))
    (v,) = clocked_gm.releases.get(reader, RUNBOOK_RELEASE.key).versions
    assert v.version == VERSION and v.lifecycle is ProcedureStatus.DRAFT
