"""Time travel on generated histories, checked against an independent in-test oracle.

The oracle knows nothing of version nodes or SUPERSEDES: a statement is known from the moment it
was recorded; among the statements known at K, the one with the latest valid_from <= V (ties: the
later recorded) is what was true at V. Histories are generated with non-decreasing valid time per
claim, but recorded in any relation to it (facts learned late, facts learned early).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
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
from tests.integration.write_fixtures import FakeClock, claim, principal, source

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


def oracle(history: list[tuple[str, str, str]], known_at: str, valid_at: str) -> str | None:
    """history: (object, valid_from, recorded_at) in arrival order."""
    known = [h for h in history if h[2] <= known_at and h[1] <= valid_at]
    if not known:
        return None
    return max(known, key=lambda h: (h[1], h[2]))[0]


@pytest.mark.parametrize("seed", [7, 11, 23])
def test_generated_history_matches_oracle(gm: Graphmem, clock: FakeClock, seed: int) -> None:
    rng = random.Random(seed)
    keys = ["owner", "status", "region"]
    histories: dict[str, list[tuple[str, str, str]]] = {k: [] for k in keys}
    last_valid = {k: START - timedelta(days=60) for k in keys}
    now = START
    for step in range(36):
        key = rng.choice(keys)
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
        histories[key].append((obj, to_iso(valid), to_iso(now)))

    end = now
    probes = [START + timedelta(days=d) for d in range(-50, (end - START).days + 20, 6)]
    checked = 0
    for known in [None, *probes[::3]]:
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
            for key in keys:
                expected = oracle(histories[key], known_iso or to_iso(end), valid_iso)
                assert got.get(key, []) == ([expected] if expected else []), (
                    key,
                    known_iso,
                    valid_iso,
                    histories[key],
                )
                checked += 1
    assert checked > 300
