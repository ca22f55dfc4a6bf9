"""Runs one generated case through the gate's stages, with sources built as recording builds
them (no store)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from graphmem.auth.principal import Principal
from graphmem.models.enums import Decision
from graphmem.models.nodes import Source
from graphmem.models.proposal import MemoryProposal
from graphmem.models.validation import parse
from graphmem.write.materialize import stored_texts
from graphmem.write.pipeline import evaluate, gate_stages
from graphmem.write.sources import SourceCreate, build_source
from graphmem.write.stage import Stage
from tests.generalisation.generator import Case

STAGES = gate_stages()


@dataclass(frozen=True)
class ReasonSeen:
    stage: str
    code: str
    rule: str | None
    severity: str


@dataclass
class GateOutcome:
    case: Case
    decision: Decision
    reasons: list[ReasonSeen] = field(default_factory=list)
    #: source contents as stored, and the memory's texts when it would be stored
    kept_texts: list[str] = field(default_factory=list)

    @property
    def codes(self) -> list[str]:
        return [r.code for r in self.reasons if r.severity in ("REJECT", "CONFIRM")]


def principal_of(spec: dict[str, object]) -> Principal:
    roles = spec["roles"]
    assert isinstance(roles, list)
    return Principal(
        tenant_id=str(spec.get("tenant", "gen")),
        principal_id=str(spec["pid"]),
        roles=frozenset(str(r) for r in roles),
        subject_id=str(spec["subject"]) if spec.get("subject") else None,
    )


def prepare(case: Case) -> tuple[Principal, MemoryProposal, dict[str, Source]]:
    """The case's principal, its proposal, and its sources built as recording builds them."""
    who = principal_of(case.principal)
    sources: dict[str, Source] = {}
    ids: list[str] = []
    for n, spec in enumerate(case.sources):
        sid = f"{case.id}-s{n}"
        body = dict(spec)
        if body["kind"] == "DOCUMENT":
            body |= {"uri": f"kb://gen/{case.id}/{n}", "revision": "r1"}
        recorder = who
        if body["kind"] == "HUMAN_REVIEW" and not who.has_any("reviewer", "admin"):
            recorder = Principal(tenant_id=who.tenant_id, principal_id="reviewer:gen",
                                 roles=frozenset({"reviewer"}))  # fmt: skip
        source, _ = build_source(
            recorder,
            parse(SourceCreate, body | {"source_id": sid}),
            source_id=sid,
            recorded_at="2026-07-16T00:00:00.000000Z",
        )
        sources[sid] = source
        ids.append(sid)
    raw = copy.deepcopy(case.proposal)
    for ev in raw["evidence"]:
        ev["event_id"] = ids[int(ev["event_id"][1:])]
    proposal = parse(MemoryProposal, raw)
    return who, proposal, sources


def run_case(case: Case, stages: tuple[Stage, ...] = STAGES) -> GateOutcome:
    who, proposal, sources = prepare(case)
    run = evaluate(stages, who, proposal, sources)
    decision = run.stopped() or Decision.COMMITTED
    kept = [s.content or "" for s in sources.values()]
    if decision is Decision.COMMITTED:
        kept += [t for _, t in stored_texts(proposal)]
    reasons = [ReasonSeen(str(c.stage), str(c.code), c.rule, str(c.severity)) for c in run.checks]
    return GateOutcome(case, decision, reasons, kept)
