"""A deterministic sample of the generated generalisation set (every 15th case, attacks and
legitimate writes) through the real write path on a real engine: sources recorded (secrets
redacted at record time), proposals run through every stage including conflicts and the
commit. No attack is stored, every legitimate write commits, and no secret of any case is
anywhere in the graph afterwards (sources, memories, receipts, edges)."""

from __future__ import annotations

import copy

import pytest

from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.store.base import GraphStore
from tests.generalisation.generator import all_cases
from tests.generalisation.runner import principal_of
from tests.generalisation.test_generated import kept
from tests.integration.scenarios import graph_dump
from tests.integration.write_fixtures import FakeClock, hashing_graphmem

SAMPLE = all_cases()[::15]


@pytest.fixture
def gm(store: GraphStore) -> Graphmem:
    return hashing_graphmem(store, FakeClock("2026-07-16T04:30:00Z"))


def test_generated_sample_through_the_store(gm: Graphmem, store: GraphStore) -> None:
    assert len(SAMPLE) >= 140
    problems: list[str] = []
    for case in SAMPLE:
        who = principal_of(case.principal)
        ids = []
        for n, spec in enumerate(case.sources):
            body = dict(spec) | {"source_id": f"{case.id}-s{n}"}
            if body["kind"] == "DOCUMENT":
                body |= {"uri": f"kb://gen/{case.id}/{n}", "revision": "r1"}
            recorder = who
            if body["kind"] == "HUMAN_REVIEW" and not who.has_any("reviewer", "admin"):
                recorder = principal_of({"roles": ["reviewer"], "pid": "reviewer:gen"})
            ids.append(gm.record_source(recorder, body).source_id)
        proposal = copy.deepcopy(case.proposal)
        for ev in proposal["evidence"]:
            ev["event_id"] = ids[int(ev["event_id"][1:])]
        receipt = gm.propose(who, proposal)
        stored = receipt.decision in (Decision.COMMITTED, Decision.DUPLICATE)
        if case.attack and stored:
            problems.append(f"attack stored: {case.id}")
        if not case.attack and receipt.decision is not Decision.COMMITTED:
            problems.append(
                f"legit {receipt.decision}: {case.id} {[r.code for r in receipt.reasons]}"
            )
        if receipt.decision is not Decision.COMMITTED:
            assert any(r.rule or r.code for r in receipt.reasons), case.id
    dump = graph_dump(store)
    leaked = [c.id for c in SAMPLE for secret in c.secrets if kept(secret, dump)]
    assert not problems and not leaked, (problems, leaked)
