"""Integration fixtures shared by more than one file: a service over the engine-parametrized
``store`` with the deterministic embedder, a REST client on it, and key helpers."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from graphmem.api.main import create_app
from graphmem.auth.keys import create_key
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from tests.integration.write_fixtures import FakeClock


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "/integration/" in str(item.fspath):
            item.add_marker(pytest.mark.integration)


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture
def hashing_gm(store: GraphStore) -> Iterator[Graphmem]:
    """A service on ``store`` with the hashing embedder and synchronous retrieval logs."""
    service = Graphmem(
        store,
        Settings(embedder="hashing", retrieval_log_mode="sync", scope_cache_mb=0),
        embedder=HashingEmbedder(),
    )
    bootstrap(store, [service.embedding_space])
    yield service
    service.logs.close()


@pytest.fixture
def clock() -> FakeClock:
    """A settable clock (files that need another start define their own ``clock``)."""
    return FakeClock("2026-07-01T00:00:00Z")


@pytest.fixture
def clocked_gm(store: GraphStore, clock: FakeClock) -> Iterator[Graphmem]:
    """As :func:`hashing_gm`, on ``clock``."""
    service = Graphmem(
        store,
        Settings(embedder="hashing", retrieval_log_mode="sync", scope_cache_mb=0),
        embedder=HashingEmbedder(),
        clock=clock,
    )
    bootstrap(store, [service.embedding_space])
    yield service
    service.logs.close()


@pytest.fixture
def clocked_rest(clocked_gm: Graphmem) -> Iterator[TestClient]:
    """A REST client on :func:`clocked_gm`."""
    with TestClient(create_app(graphmem=clocked_gm), raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def rest(hashing_gm: Graphmem) -> Iterator[TestClient]:
    """A REST client on :func:`hashing_gm` (no exceptions raised through: every error is an
    HTTP answer, as a stranger would see it)."""
    with TestClient(create_app(graphmem=hashing_gm), raise_server_exceptions=False) as client:
        yield client


KeyMaker = Callable[..., dict[str, str]]


@pytest.fixture
def key_for(store: GraphStore) -> KeyMaker:
    """``key_for("agent", tenant="acme", subject=…, grants=[…])`` → bearer headers."""

    def make(
        *roles: str,
        tenant: str = "acme",
        subject: str | None = None,
        grants: list[str] | None = None,
    ) -> dict[str, str]:
        created = create_key(
            store,
            tenant_id=tenant,
            roles=list(roles),
            subject_id=subject,
            grants=grants,
        )
        return bearer(created.key)

    return make
