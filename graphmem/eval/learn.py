"""How the ladder's runtime and its team write what a run taught them, through graphmem's own
write and release APIs — never around them.

* Claims and episodes: ``record_source`` + ``propose`` (the gate decides, as everywhere).
* Procedures: the release model (``Graphmem.releases``, issue 13), the way a team ships a
  runbook: the author drafts the version with the simulator scenarios its tests name (the draft
  passes the write gate and commits as DRAFT, which is never served); a *different* principal,
  the team's :class:`Reviewer`, does the SCOPE review, runs the tests in the simulator, does the
  SECURITY review and publishes. Each step is refused by the release model if its rules do not
  hold (order, both reviews, passing tests, the author never reviewing their own version), and
  the learner does not work around a refusal: a version that fails its tests stays IN_REVIEW, a
  rejected one REJECTED, a key that may not draft gets nothing — the counters say which.

Every receipt is kept (write receipts by the gate, release receipts by the release model), so
the report can say which writes were refused and which procedures were published.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from graphmem.auth.principal import Principal
from graphmem.errors import ForbiddenError, ValidationError
from graphmem.models.enums import Decision, ProcedureStatus, ReviewStage
from graphmem.service import Graphmem

#: a procedure version published by the ladder's learner
VERSION = "1.0.0"


@dataclass(frozen=True)
class Runbook:
    """A procedure as its author writes it: the version's content and the simulator scenarios
    its tests name (:class:`graphmem.learn.simulator.Scenario`, as mappings)."""

    key: str
    steps: Sequence[str]
    preconditions: Sequence[str]
    scenarios: Sequence[dict[str, Any]]
    effect: str = "REVERSIBLE_WRITE"
    approval: str | None = None
    rollback: str | None = None
    owner: str = "it-ops"


class Learner(Protocol):
    #: ``"<kind>:<decision>"`` → count (procedures also ``"procedural:<lifecycle>"`` after
    #: release), and why writes were not stored: ``"<kind>:<code>"``
    decisions: Counter[str]
    refusals: Counter[str]

    def claim(
        self,
        who: Principal,
        subject: str,
        predicate: str,
        obj: Any,
        source: dict[str, Any],
        span: str,
        role: str,
    ) -> Decision: ...

    def episode(
        self,
        who: Principal,
        subject: str,
        *,
        goal: str,
        text: str,
        outcome: str,
        environment: dict[str, str],
        failures: list[str],
        source: dict[str, Any],
    ) -> Decision: ...

    def procedure(
        self, who: Principal, subject: str, runbook: Runbook, *, source: dict[str, Any]
    ) -> ProcedureStatus | None:
        """Draft ``runbook`` as ``who`` and take it through the release; the lifecycle it
        reached, or None when no draft was made."""
        ...


@dataclass(frozen=True)
class Reviewer:
    """The team's reviewer: a principal other than any author, with a short checklist.

    SCOPE: the version states its preconditions and declares tests. SECURITY (after passing
    tests): no step is one the policy forbids. Anything else the release model checks itself."""

    principal: Principal
    forbidden_steps: frozenset[str] = frozenset()

    def scope(self, version: dict[str, Any]) -> str | None:
        if not version["preconditions"]:
            return "no preconditions: the procedure would run for any run"
        if not version["tests"]:
            return "no tests declared"
        return None

    def security(self, version: dict[str, Any]) -> str | None:
        bad = sorted(set(version["steps"]) & self.forbidden_steps)
        return f"steps the policy forbids: {', '.join(bad)}" if bad else None


@dataclass
class GovernedLearner:
    """Claims and episodes as proposals; procedures through the release model, reviewed and
    published by ``reviewer`` (see the module docstring)."""

    gm: Graphmem
    tenant: str
    reviewer: Reviewer
    #: ``"<kind>:<decision>"`` → count
    decisions: Counter[str] = field(default_factory=Counter)
    #: why a write was not stored: ``"<kind>:<code>"`` → count
    refusals: Counter[str] = field(default_factory=Counter)

    def _propose(self, kind: str, who: Principal, proposal: dict[str, Any]) -> Decision:
        receipt = self.gm.propose(who, proposal)
        self.decisions[f"{kind}:{receipt.decision}"] += 1
        if receipt.decision not in (Decision.COMMITTED, Decision.DUPLICATE):
            for r in receipt.reasons:
                if r.code not in ("COMMITTED", "OBFUSCATION"):
                    self.refusals[f"{kind}:{r.code}"] += 1
        return receipt.decision

    def _source(self, who: Principal, source: dict[str, Any]) -> str:
        return self.gm.record_source(who, source).source_id

    def claim(
        self,
        who: Principal,
        subject: str,
        predicate: str,
        obj: Any,
        source: dict[str, Any],
        span: str,
        role: str,
    ) -> Decision:
        sid = self._source(who, source)
        return self._propose(
            "semantic",
            who,
            {
                "memory_type": "SEMANTIC",
                "subject": subject,
                "claim": {"predicate": predicate, "object": obj},
                "evidence": [{"event_id": sid, "span": span, "source_role": role}],
                "confidence": 1.0,
                **({"consent_basis": "explicit_user_request"} if role == "user" else {}),
            },
        )

    def episode(
        self,
        who: Principal,
        subject: str,
        *,
        goal: str,
        text: str,
        outcome: str,
        environment: dict[str, str],
        failures: list[str],
        source: dict[str, Any],
    ) -> Decision:
        sid = self._source(who, source)
        return self._propose(
            "episodic",
            who,
            {
                "memory_type": "EPISODIC",
                "subject": subject,
                # what happened goes into the payload: an episode's identity (its content
                # hash) is its payload, so two runs told apart only by ``text`` would merge
                "episode": {
                    "goal": goal,
                    "observations": [text],
                    "outcome": outcome,
                    "environment": environment,
                    "failures": failures,
                },
                "text": text,
                "evidence": [{"event_id": sid, "span": goal, "source_role": "tool"}],
                "confidence": 0.9,
            },
        )

    def procedure(
        self, who: Principal, subject: str, runbook: Runbook, *, source: dict[str, Any]
    ) -> ProcedureStatus | None:
        sid = self._source(who, source)
        body = {
            "key": runbook.key,
            "version": VERSION,
            "subject_id": subject,
            "scope": f"tenant/{self.tenant}/it",
            "preconditions": list(runbook.preconditions),
            "steps": list(runbook.steps),
            "effect": runbook.effect,
            "approval": runbook.approval,
            "rollback": runbook.rollback,
            "owner": runbook.owner,
            "tests": [s["id"] for s in runbook.scenarios],
            "scenarios": list(runbook.scenarios),
            "evidence": [sid],
            "text": f"{runbook.key}: " + " → ".join(runbook.steps),
        }
        try:
            made = self.gm.releases.create_draft(who, body)
        except (ForbiddenError, ValidationError) as e:  # the author's role, the approval rule
            self.refusals[f"procedural:{e.code}"] += 1
            return None
        receipt = made.write_receipt
        self.decisions[f"procedural:{receipt.decision}"] += 1
        if made.version is None:
            for r in receipt.reasons:
                if r.code not in ("COMMITTED", "OBFUSCATION"):
                    self.refusals[f"procedural:{r.code}"] += 1
            return None
        if made.version.lifecycle is not ProcedureStatus.DRAFT:
            return made.version.lifecycle  # the same version was drafted (and moved) before
        lifecycle = self._release(runbook.key, made.version.procedure.model_dump(mode="json"))
        self.decisions[f"procedural:{lifecycle}"] += 1
        return lifecycle

    def _release(self, key: str, version: dict[str, Any]) -> ProcedureStatus:
        """The reviewer's steps, in the order the release model requires."""
        releases, me = self.gm.releases, self.reviewer.principal

        def review(stage: ReviewStage, refusal: str | None) -> ProcedureStatus:
            decision = {"decision": "REJECT" if refusal else "APPROVE"}
            reason = refusal or f"{stage.lower()} checklist passed"
            done = releases.review(me, key, VERSION, {"stage": stage, **decision, "reason": reason})
            return done.version.lifecycle

        if review(ReviewStage.SCOPE, self.reviewer.scope(version)) is ProcedureStatus.REJECTED:
            return ProcedureStatus.REJECTED
        tested = releases.test(me, key, VERSION)
        if not tested.version.tests_passed:
            self.refusals["procedural:TESTS_FAILED"] += 1
            return tested.version.lifecycle
        if review(ReviewStage.SECURITY, self.reviewer.security(version)) is (
            ProcedureStatus.REJECTED
        ):
            return ProcedureStatus.REJECTED
        return releases.publish(me, key, VERSION).version.lifecycle


__all__ = ["VERSION", "GovernedLearner", "Learner", "Reviewer", "Runbook"]
