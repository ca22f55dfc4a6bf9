"""Testing a procedure version in a simulator before it is published (seed: "test in
simulator").

:class:`ProcedureSimulator` is the seam: anything that runs a version's declared tests and
returns a :class:`TestReport`. The built-in :class:`ScenarioSimulator` is deterministic and
needs nothing outside the process. Each declared test names a :class:`Scenario` authored with
the draft: the world before the run (facts, capabilities), a model of what each step does in
that world (its effect, the facts it needs, sets and clears, whether an approval step is
granted), and what must come out. A scenario passes only when all of these hold:

* **preconditions** — a run whose preconditions or capabilities do not hold must not start
  (outcome NOT_APPLICABLE, nothing executed);
* **approvals** — no step with a write effect runs before an approval step was granted; a
  refused approval stops the run (ABORTED) with nothing written;
* **effects** — no step does more than the version declares (a READ_ONLY procedure never
  writes; a REVERSIBLE_WRITE one never makes an irreversible write); every step is modelled;
* **rollback** — when a step fails after a write, the version's ``rollback`` step runs and
  must restore the world as it was; an irreversible write cannot be rolled back;
* **expectation** — the outcome and the facts that must (not) hold afterwards match.

Why a model of the world and not the real tools: the seed's order puts the simulator before
the security review and publication, when nothing may touch production; a scenario is a
fixture reviewers can read and diff, and the same version always gets the same report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal, Protocol

from pydantic import Field

from graphmem.learn.approval import WRITE_EFFECTS
from graphmem.limits import MAX_LIST_ITEMS, MAX_MAP_KEYS
from graphmem.models.base import Record
from graphmem.models.enums import ProcedureEffect
from graphmem.models.memory import ProcedureContent
from graphmem.models.types import Identifier, Key, ShortText

SIMULATOR_VERSION = "scenario-simulator-1"

SimOutcome = Literal["SUCCESS", "FAILURE", "ABORTED", "NOT_APPLICABLE"]
_Facts = Annotated[list[Key], Field(max_length=MAX_LIST_ITEMS)]


class StepModel(Record):
    """What one step does in a scenario's world."""

    effect: ProcedureEffect = ProcedureEffect.READ_ONLY
    #: facts that must hold for the step to succeed (otherwise it fails)
    requires: _Facts = Field(default_factory=list)
    sets: _Facts = Field(default_factory=list)
    clears: _Facts = Field(default_factory=list)
    #: set on an approval step: whether the approver grants it in this scenario
    grants: bool | None = None


class Expectation(Record):
    outcome: SimOutcome
    #: facts that must hold after the run, and facts that must not
    facts: _Facts = Field(default_factory=list)
    absent: _Facts = Field(default_factory=list)


class Scenario(Record):
    """One declared test of a procedure: a world, a model of its steps, the expected end."""

    id: Identifier
    facts: _Facts = Field(default_factory=list)
    capabilities: _Facts = Field(default_factory=list)
    steps: Annotated[dict[ShortText, StepModel], Field(max_length=MAX_MAP_KEYS)]
    expect: Expectation


class ScenarioIssue(Record):
    rule: Key
    step: ShortText | None = None
    message: ShortText


class ScenarioResult(Record):
    scenario_id: Identifier
    passed: bool
    outcome: SimOutcome | None
    expected: SimOutcome | None
    #: ``step:status`` in the order they ran (``restart_service:ok``, ``verify:failed``)
    trace: list[ShortText] = Field(default_factory=list)
    issues: list[ScenarioIssue] = Field(default_factory=list)


class TestReport(Record):
    __test__ = False  # not a pytest class

    passed: bool
    simulator: Identifier
    scenarios: list[ScenarioResult]


class ProcedureSimulator(Protocol):
    """Runs the declared tests of one version. ``scenarios`` are those authored with the
    draft, by id; a simulator may know others."""

    def run(self, version: ProcedureContent, scenarios: dict[str, Scenario]) -> TestReport: ...


@dataclass
class _World:
    facts: set[str]
    trace: list[str] = field(default_factory=list)
    issues: list[ScenarioIssue] = field(default_factory=list)
    wrote: bool = False
    wrote_irreversibly: bool = False
    approved: bool = False

    def issue(self, rule: str, message: str, step: str | None = None) -> None:
        self.issues.append(ScenarioIssue(rule=rule, step=step, message=message))


class ScenarioSimulator:
    """The built-in deterministic simulator (see the module docstring for its checks)."""

    name = SIMULATOR_VERSION

    def run(self, version: ProcedureContent, scenarios: dict[str, Scenario]) -> TestReport:
        results = []
        if not version.tests:
            results.append(
                ScenarioResult(
                    scenario_id="none",
                    passed=False,
                    outcome=None,
                    expected=None,
                    issues=[ScenarioIssue(rule="tests_required", message="no tests declared")],
                )
            )
        for test_id in version.tests:
            scenario = scenarios.get(test_id)
            if scenario is None:
                issue = ScenarioIssue(
                    rule="scenario_missing", message=f"no scenario {test_id!r} was authored"
                )
                results.append(
                    ScenarioResult(
                        scenario_id=test_id,
                        passed=False,
                        outcome=None,
                        expected=None,
                        issues=[issue],
                    )
                )
                continue
            results.append(self.run_one(version, scenario))
        return TestReport(
            passed=all(r.passed for r in results), simulator=self.name, scenarios=results
        )

    def run_one(self, version: ProcedureContent, scenario: Scenario) -> ScenarioResult:
        world = _World(facts=set(scenario.facts))
        outcome = self._execute(version, scenario, world)
        expect = scenario.expect
        if outcome != expect.outcome:
            world.issue("outcome_mismatch", f"expected {expect.outcome}, got {outcome}")
        missing = sorted(set(expect.facts) - world.facts)
        if missing:
            world.issue("fact_missing", f"expected to hold afterwards: {', '.join(missing)}")
        present = sorted(set(expect.absent) & world.facts)
        if present:
            world.issue("fact_present", f"expected gone afterwards: {', '.join(present)}")
        return ScenarioResult(
            scenario_id=scenario.id,
            passed=not world.issues,
            outcome=outcome,
            expected=expect.outcome,
            trace=world.trace,
            issues=world.issues,
        )

    def _execute(self, version: ProcedureContent, scenario: Scenario, world: _World) -> SimOutcome:
        initial = set(world.facts)
        if not set(version.preconditions) <= world.facts or not set(
            version.required_capabilities
        ) <= set(scenario.capabilities):
            return "NOT_APPLICABLE"
        for name in version.steps:
            step = scenario.steps.get(name)
            if step is None:
                world.issue("step_unmodelled", "the scenario does not model this step", name)
                world.trace.append(f"{name}:unmodelled")
                return "FAILURE"
            if step.grants is not None:
                world.trace.append(f"{name}:{'granted' if step.grants else 'refused'}")
                if not step.grants:
                    return "ABORTED"
                if name == version.approval:
                    world.approved = True
                continue
            if step.effect in WRITE_EFFECTS:
                if not world.approved:
                    world.issue("write_before_approval", "a write ran before approval", name)
                if _exceeds(step.effect, version.effect):
                    world.issue(
                        "effect_exceeds_declared",
                        f"{step.effect} in a {version.effect} procedure",
                        name,
                    )
            if not set(step.requires) <= world.facts:
                world.trace.append(f"{name}:failed")
                self._roll_back(version, scenario, world, initial)
                return "FAILURE"
            world.facts = (world.facts | set(step.sets)) - set(step.clears)
            world.wrote = world.wrote or step.effect in WRITE_EFFECTS
            world.wrote_irreversibly = world.wrote_irreversibly or (
                step.effect is ProcedureEffect.IRREVERSIBLE_WRITE
            )
            world.trace.append(f"{name}:ok")
        return "SUCCESS"

    @staticmethod
    def _roll_back(
        version: ProcedureContent, scenario: Scenario, world: _World, initial: set[str]
    ) -> None:
        if not world.wrote:
            return
        if world.wrote_irreversibly:
            world.issue("irreversible_write_failed", "a failed run left an irreversible write")
            return
        step = scenario.steps.get(version.rollback or "")
        if step is None:
            world.issue(
                "rollback_missing",
                "a failed run wrote, and the version names no modelled rollback step",
            )
            return
        world.facts = (world.facts | set(step.sets)) - set(step.clears)
        world.trace.append(f"{version.rollback}:rollback")
        if world.facts != initial:
            world.issue("rollback_incomplete", "the rollback did not restore the world")


def _exceeds(step: ProcedureEffect, declared: ProcedureEffect) -> bool:
    order = [
        ProcedureEffect.READ_ONLY,
        ProcedureEffect.REVERSIBLE_WRITE,
        ProcedureEffect.IRREVERSIBLE_WRITE,
    ]
    return order.index(step) > order.index(declared)


__all__ = [
    "SIMULATOR_VERSION",
    "Expectation",
    "ProcedureSimulator",
    "Scenario",
    "ScenarioIssue",
    "ScenarioResult",
    "ScenarioSimulator",
    "StepModel",
    "TestReport",
]
