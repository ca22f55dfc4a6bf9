"""How the ladder's runtime writes what a run taught it: one small adapter over the write API.

The runtime records evidence and proposes memories; the gate decides, as everywhere. Today
(main) that is ``record_source`` + ``propose`` of SEMANTIC claims, EPISODIC episodes and
PROCEDURAL versions (an admin's reviewed procedure is APPROVED, and the retriever serves only
approved ones). Episode consolidation and procedure release are being rebuilt (issue 13, the
``learn/`` APIs); a :class:`Learner` built on them can replace :class:`ProposalLearner`
without the ladder changing. Every receipt is kept, so the report can say which writes the
gate refused.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from graphmem.auth.principal import Principal
from graphmem.models.enums import Decision
from graphmem.service import Graphmem


class Learner(Protocol):
    #: ``"<kind>:<decision>"`` → count, and why writes were not stored: ``"<kind>:<code>"``
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
        self,
        who: Principal,
        subject: str,
        *,
        key: str,
        steps: list[str],
        preconditions: list[str],
        source: dict[str, Any],
        span: str,
        role: str,
    ) -> Decision: ...


@dataclass
class ProposalLearner:
    """The write API of main: one source, one proposal, one receipt per lesson."""

    gm: Graphmem
    tenant: str
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
        self,
        who: Principal,
        subject: str,
        *,
        key: str,
        steps: list[str],
        preconditions: list[str],
        source: dict[str, Any],
        span: str,
        role: str,
    ) -> Decision:
        sid = self._source(who, source)
        return self._propose(
            "procedural",
            who,
            {
                "memory_type": "PROCEDURAL",
                "subject": subject,
                "procedure": {
                    "procedure_key": key,
                    "version": "1.0.0",
                    "scope": f"tenant/{self.tenant}/it",
                    "preconditions": preconditions,
                    "steps": steps,
                    "effect": "REVERSIBLE_WRITE",
                    "owner": "it-ops",
                    "tests": [f"{key}-eval"],
                },
                "evidence": [{"event_id": sid, "span": span, "source_role": role}],
                "confidence": 1.0,
                "text": f"{key}: " + " → ".join(steps),
            },
        )
