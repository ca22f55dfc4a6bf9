"""The hostile-input set (:mod:`.hostile`): 0 5xx, every 4xx in graphmem's shape, the service
answers a health check after each batch, and bounded work — the slowest request of the run is
recorded in the suite's tally (no timed assertion: the machine is small and shared).

``smoke`` sends an evenly spread, deterministic part of each batch (at most ~60 requests) in
the default run; ``full`` (slow) sends all of it.
"""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from tests.integration.reliability.checks import TALLY, shape_problems
from tests.integration.reliability.hostile import BATCHES, Hostile
from tests.integration.reliability.world import U1, Caller, World

SMOKE_PER_BATCH = 60


def _caller(world: World, name: str) -> Caller | None:
    if name == "anonymous":
        return None
    role, _, subject = name.partition(":")
    return world.caller("acme", role, f"user:{subject}" if subject else None)


def send(rest: TestClient, world: World, request: Hostile) -> tuple[list[str], float]:
    caller = _caller(world, request.caller)
    headers = {**(caller.headers if caller else {}), **request.headers}
    content = request.body_bytes()
    if content is not None and request.json_body is not None:
        headers.setdefault("Content-Type", "application/json")
    raw = {k: v.encode("utf-8", "surrogatepass") for k, v in headers.items()}  # any bytes
    started = time.perf_counter()
    response = rest.request(
        request.method, request.path, params=request.query, headers=raw, content=content
    )
    elapsed = time.perf_counter() - started
    problems = [f"{request.name}: {p}" for p in shape_problems(response)]
    if request.expect is not None and not request.expect(response):
        problems.append(f"{request.name}: unexpected {response.status_code} {response.text[:300]}")
    if caller is not None and (foreign := world.foreign_canaries(caller, response.text)):
        problems.append(f"{request.name}: foreign canaries {foreign}")
    TALLY.note("hostile status", f"{request.name.split(' ')[0]} {response.status_code}")
    return problems, elapsed


@pytest.mark.parametrize(
    "full", [pytest.param(False, id="smoke"), pytest.param(True, id="full", marks=pytest.mark.slow)]
)
@pytest.mark.parametrize("batch", list(BATCHES))
def test_hostile_requests_get_4xx_in_shape_and_the_service_stays_up(
    batch: str, full: bool, rest: TestClient, world: World
) -> None:
    requests = list(BATCHES[batch](world))
    if not full:
        stride = max(1, len(requests) // SMOKE_PER_BATCH)
        requests = requests[::stride]
    problems: list[str] = []
    for request in requests:
        found, elapsed = send(rest, world, request)
        problems += found
        TALLY.add("hostile requests")
        TALLY.most("hostile slowest request s", elapsed, request.name)
    health = rest.get("/healthz")
    assert health.status_code == 200 and health.json()["status"] == "ok", health.text
    assert (
        rest.get("/v1/whoami", headers=world.caller("acme", "agent", U1).headers).status_code == 200
    )
    TALLY.add("hostile 5xx or shape problems", len(problems))
    assert problems == [], "\n".join(problems[:50])
