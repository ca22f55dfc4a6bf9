"""Fixtures of the reliability suites: the seeded two-tenant world over the REST client, and
the run's tally printed at the end (cases run, 5xx, foreign canaries, slowest request)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.integration.conftest import KeyMaker
from tests.integration.reliability.checks import TALLY
from tests.integration.reliability.world import World, seed


@pytest.fixture
def world(rest: TestClient, key_for: KeyMaker) -> World:
    """Two tenants × three subjects of canary memories, and a key of every role and binding."""

    def make_key(
        tenant: str, roles: tuple[str, ...], subject: str | None, grants: tuple[str, ...]
    ) -> dict[str, str]:
        return key_for(*roles, tenant=tenant, subject=subject, grants=list(grants))

    return seed(rest, make_key)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    lines = TALLY.lines()
    if lines:
        terminalreporter.section("reliability")
        for line in lines:
            terminalreporter.write_line(line)
