"""Time travel on generated histories, checked against an independent in-test oracle.

The oracle knows nothing of version nodes, SUPERSEDES or reinstatement: a statement is known from
the moment it was recorded until its source is revoked; among the statements known at K, the one
with the latest valid_from <= V (ties: the later recorded) is what was true at V. Histories are
generated with non-decreasing valid time per claim, but recorded in any relation to it (facts
learned late, facts learned early). The revocation case then revokes some statements' sources:
what they had superseded must be believed again exactly as if they had never been said, while
``known_at`` before each revocation still answers what was believed then. (Only statements that
became a memory of their own are revoked: a DUPLICATE adds its evidence to the existing memory,
so its own valid_from is not a separate belief to take back.)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from graphmem.timeutil import to_iso
from tests.integration.phase1 import PHASE1_MODES, use_phase1
from tests.integration.write_fixtures import ADMIN, FakeClock, claim, principal, source

LEAD = principal("agent", subject="user:lead", pid="agent:lead", grants=("project:alpha",))
START = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(to_iso(START))


@pytest.fixture(params=PHASE1_MODES)
def gm(store: GraphStore, clock: FakeClock, request: pytest.FixtureRequest) -> Iterator[Graphmem]:
    service = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder(), clock=clock)
    bootstrap(store, [service.embedding_space])
    yield use_phase1(service, request.param)


#: (object, valid_from, recorded_at, revoked_at or None), in arrival order
Statement = tuple[str, str, str, str | None]
KEYS = ["owner", "status", "region"]


def oracle(history: list[Statement], known_at: str, valid_at: str) -> str | None:
    known = [
        h
        for h in history
        if h[2] <= known_at and (h[3] is None or known_at < h[3]) and h[1] <= valid_at
    ]
    if not known:
        return None
    return max(known, key=lambda h: (h[1], h[2]))[0]


@dataclass
class Said:
    key: str
    index: int
    source_id: str
    memory_id: str
    decision: Decision


def generate(
    gm: Graphmem, clock: FakeClock, rng: random.Random
) -> tuple[dict[str, list[Statement]], list[Said], datetime]:
    histories: dict[str, list[Statement]] = {k: [] for k in KEYS}
    said: list[Said] = []
    last_valid = {k: START - timedelta(days=60) for k in KEYS}
    now = START
    for step in range(36):
        key = rng.choice(KEYS)
        now += timedelta(days=rng.randint(1, 9), hours=rng.randint(0, 23))
        clock.set(to_iso(now))
        # valid time never goes back per claim; it may lie before or after the recording time
        valid = max(last_valid[key], now + timedelta(days=rng.randint(-40, 10)))
        last_valid[key] = valid
        obj = rng.choice(["ann", "bo", "cy", "di"])
        text = f"step {step}: project alpha {key} is {obj}"
        sid = source(gm, LEAD, "USER_MESSAGE", text)
        receipt = gm.propose(
            LEAD, claim("project:alpha", key, obj, [(sid, text, "user")], valid_from=to_iso(valid))
        )
        assert receipt.decision in (Decision.COMMITTED, Decision.DUPLICATE), receipt.reasons
        said.append(Said(key, len(histories[key]), sid, receipt.memory_id or "", receipt.decision))
        histories[key].append((obj, to_iso(valid), to_iso(now), None))
    return histories, said, now


def check(
    gm: Graphmem,
    histories: dict[str, list[Statement]],
    knowns: list[datetime | None],
    probes: list[datetime],
    end: datetime,
) -> int:
    checked = 0
    for known in knowns:
        known_iso = to_iso(known) if known else None
        for valid in probes:
            valid_iso = to_iso(valid)
            rows = gm.memories(
                LEAD,
                subject_id="project:alpha",
                valid_at=valid_iso,
                **({"known_at": known_iso} if known_iso else {}),
            )
            got: dict[str, list[str]] = {}
            for row in rows:
                got.setdefault(row["predicate"], []).append(row["object"])
            for key in KEYS:
                expected = oracle(histories[key], known_iso or to_iso(end), valid_iso)
                assert got.get(key, []) == ([expected] if expected else []), (
                    key,
                    known_iso,
                    valid_iso,
                    histories[key],
                )
                checked += 1
    return checked


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
