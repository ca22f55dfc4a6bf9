"""Shared fixtures.

Integration tests get a ``store`` parametrized over engines: the embedded FalkorDB always,
and Neo4j when ``NEO4J_URI`` is set (``NEO4J_USER``, ``NEO4J_PASSWORD``, ``NEO4J_DATABASE``).
On FalkorDB each test gets its own graph on one session-wide embedded server; on Neo4j the
database is wiped before each test, so point NEO4J_URI at a throw-away database.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.falkordb_server import EmbeddedServer
from graphmem.store.falkordb_store import FalkorDBStore

ENGINES = ["falkordb"] + (["neo4j"] if os.environ.get("NEO4J_URI") else [])


@pytest.fixture(scope="session")
def falkordb_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("falkordb")


@pytest.fixture(scope="session")
def embedded_server(falkordb_data_dir: Path) -> Iterator[EmbeddedServer]:
    server = EmbeddedServer(falkordb_data_dir, start_timeout_s=60)
    server.ensure_running()
    yield server
    server.stop()


def _neo4j_store() -> GraphStore:
    from graphmem.store.neo4j_store import Neo4jStore

    settings = Settings(
        engine="neo4j",
        neo4j_uri=os.environ["NEO4J_URI"],
        neo4j_user=os.environ.get("NEO4J_USER", "neo4j"),
        neo4j_password=os.environ.get("NEO4J_PASSWORD", ""),
        neo4j_database=os.environ.get("NEO4J_DATABASE", "neo4j"),
    )
    store = Neo4jStore.from_settings(settings)
    store.read_adhoc("RETURN 1 AS ok")
    store._execute("MATCH (n) DETACH DELETE n", {}, read_only=False)
    return store


@pytest.fixture(params=ENGINES)
def store(request: pytest.FixtureRequest) -> Iterator[GraphStore]:
    if request.param == "neo4j":
        s = _neo4j_store()
    else:
        server: EmbeddedServer = request.getfixturevalue("embedded_server")
        s = FalkorDBStore(graph_name=f"t_{uuid.uuid4().hex[:12]}", server=server, vector_index=True)
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "gm"
