"""The ID-swap load (:mod:`.isolation`) in process: threads over one ``TestClient``, each
request with its caller's key — 0 foreign canaries, no 5xx, no foreign erasure or revocation
succeeds, the world intact afterwards. ``smoke`` sends a spread sample of each caller's calls
from 8 threads; ``full`` (slow) every call, three rounds, from 32 threads; and (slow) two
rounds of every call over HTTP against ``graphmem serve``."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from graphmem.auth.keys import create_key
from graphmem.settings import Settings
from graphmem.store.falkordb_store import FalkorDBStore
from tests.integration.conftest import bearer
from tests.integration.reliability.isolation import intact, run_load
from tests.integration.reliability.world import World, seed
from tests.integration.served import start


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


@pytest.mark.slow
def test_the_id_swap_load_over_http_against_graphmem_serve(data_dir: Path) -> None:
    """The same load over loopback HTTP against the service as deployed (its own process,
    the feature cache on, background retrieval logs); keys are minted by joining its engine."""
    api = start(data_dir, engine="falkordb")
    store = FalkorDBStore.from_settings(Settings(data_dir=data_dir))
    try:

        def make_key(
            tenant: str, roles: tuple[str, ...], subject: str | None, grants: tuple[str, ...]
        ) -> dict[str, str]:
            created = create_key(
                store, tenant_id=tenant, roles=list(roles), subject_id=subject, grants=list(grants)
            )
            return bearer(created.key)

        with httpx.Client(base_url=api.url, timeout=120) as client:
            world = seed(client, make_key)
            for round_ in range(2):
                result = run_load(client, world, workers=32, per_caller=None, seed=round_)
                assert result.leaks == [], "\n".join(result.leaks[:30])
                assert result.problems == [], "\n".join(result.problems[:30])
                assert result.own_canaries_seen > 0
            assert intact(client, world) == []
    finally:
        store.close()
        api.stop()
