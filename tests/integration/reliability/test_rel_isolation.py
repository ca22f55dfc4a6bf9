"""The ID-swap load (:mod:`.isolation`) in process: threads over one ``TestClient``, each
request with its caller's key — 0 foreign canaries, no 5xx, no foreign erasure or revocation
succeeds, the world intact afterwards. ``smoke`` sends a spread sample of each caller's calls
from 8 threads; ``full`` (slow) every call, three rounds, from 32 threads."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.integration.reliability.isolation import intact, run_load
from tests.integration.reliability.world import World


@pytest.mark.parametrize(
    ("workers", "per_caller", "rounds"),
    [
        pytest.param(8, 14, 1, id="smoke"),
        pytest.param(32, None, 3, id="full", marks=pytest.mark.slow),
    ],
)
def test_no_key_reads_or_erases_outside_its_scope_under_concurrent_load(
    workers: int, per_caller: int | None, rounds: int, rest: TestClient, world: World
) -> None:
    for round_ in range(rounds):
        result = run_load(rest, world, workers=workers, per_caller=per_caller, seed=round_)
        assert result.leaks == [], "\n".join(result.leaks[:30])
        assert result.problems == [], "\n".join(result.problems[:30])
        assert result.own_canaries_seen > 0  # the check sees canaries where they belong
    assert intact(rest, world) == []
