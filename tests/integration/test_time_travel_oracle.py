"""Time travel on generated histories, checked against an independent oracle.

The oracle (:mod:`graphmem.eval.oracle`, shared with ``graphmem eval``) knows nothing of version
nodes, SUPERSEDES or reinstatement: a statement is known from the moment it was recorded until its
source is revoked; among the statements known at K, the one with the latest valid_from <= V (ties:
the later recorded) is what was true at V. Histories are generated with non-decreasing valid time
per claim, but recorded in any relation to it (facts learned late, facts learned early). The
revocation case then revokes some statements' sources: what they had superseded must be believed
again exactly as if they had never been said, while ``known_at`` before each revocation still
answers what was believed then. (Only statements that became a memory of their own are revoked: a
DUPLICATE adds its evidence to the existing memory, so its own valid_from is not a separate belief
to take back.)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest

from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.eval.oracle import START, Said, Statement, compare, generate_history
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from graphmem.timeutil import to_iso
from tests.integration.phase1 import PHASE1_MODES, use_phase1
from tests.integration.write_fixtures import ADMIN, FakeClock, principal

LEAD = principal("agent", subject="user:lead", pid="agent:lead", grants=("project:alpha",))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(to_iso(START))


@pytest.fixture(params=PHASE1_MODES)
def gm(store: GraphStore, clock: FakeClock, request: pytest.FixtureRequest) -> Iterator[Graphmem]:
    service = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder(), clock=clock)
    bootstrap(store, [service.embedding_space])
    yield use_phase1(service, request.param)


def generate(
    gm: Graphmem, clock: FakeClock, rng: random.Random
) -> tuple[dict[str, list[Statement]], list[Said], datetime]:
    histories, said, end = generate_history(gm, clock, LEAD, rng)
    # plain statements: the gate stores every one (a refusal would leave the oracle's history
    # shorter and the comparison weaker, so it fails here instead)
    assert all(s.stored for s in said), [s.refused_by for s in said if not s.stored]
    return histories, said, end


def check(
    gm: Graphmem,
    histories: dict[str, list[Statement]],
    knowns: list[datetime | None],
    probes: list[datetime],
    end: datetime,
) -> int:
    result = compare(gm, LEAD, histories, knowns, probes, end)
    assert not result.mismatches, result.mismatches[:5]
    return result.checked


@pytest.mark.parametrize("seed", [7, 11, 23])
def test_generated_history_matches_oracle(gm: Graphmem, clock: FakeClock, seed: int) -> None:
    histories, _, end = generate(gm, clock, random.Random(seed))
    probes = [START + timedelta(days=d) for d in range(-50, (end - START).days + 20, 6)]
    assert check(gm, histories, [None, *probes[::3]], probes, end) > 300


@pytest.mark.parametrize("seed", [5, 7, 13, 29])
def test_revocations_bring_back_what_they_superseded(
    gm: Graphmem, clock: FakeClock, seed: int
) -> None:
    rng = random.Random(seed)
    histories, said, now = generate(gm, clock, rng)
    merged = {s.memory_id for s in said if s.decision is Decision.DUPLICATE}
    own = [s for s in said if s.decision is Decision.COMMITTED and s.memory_id not in merged]
    revoked_at: list[datetime] = []
    reinstated = 0
    for target in rng.sample(own, 6):
        now += timedelta(days=rng.randint(1, 4))
        clock.set(to_iso(now))
        receipt = gm.revoke(ADMIN, source_id=target.source_id, reason="WRONG_SOURCE")
        reinstated += len(receipt.reinstated)
        obj, valid, recorded, _ = histories[target.key][target.index]
        histories[target.key][target.index] = (obj, valid, recorded, to_iso(now))
        revoked_at.append(now)
    probes = [START + timedelta(days=d) for d in range(-50, (now - START).days + 20, 5)]
    # before, at and just after each revocation, and a few earlier moments
    knowns: list[datetime | None] = [None, *probes[::4]]
    knowns += [t + delta for t in revoked_at for delta in (-timedelta(hours=1), timedelta(0))]
    assert reinstated >= 2  # the case is exercised, not only revocations of dead ends
    assert check(gm, histories, knowns, probes, now) > 600
