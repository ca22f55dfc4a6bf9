"""Shared fixtures.

Integration tests get a ``store`` parametrized over both engines: the embedded FalkorDB and
Neo4j. Neo4j is the local one (Neo4j Community 5.26 embedded by ``tools/neo4j``, started once
per session on a temporary data directory, built by Maven on first use) unless ``NEO4J_URI``
names a server (``NEO4J_USER``, ``NEO4J_PASSWORD``, ``NEO4J_DATABASE``).
``GRAPHMEM_TEST_ENGINES=falkordb`` (or ``neo4j``) runs one engine's integration tests only (the
others are deselected); an integration test with no engine parameter runs on the embedded
FalkorDB unless its ``engine_only`` marker names Neo4j.

On FalkorDB each test gets its own graph on one session-wide embedded server; on Neo4j the
database is wiped before each test, so point NEO4J_URI at a throw-away database.

A test that cannot apply to one engine says so with ``@pytest.mark.engine_only(ENGINE,
reason=…)``; it is skipped on the other engine with that reason, and the run's summary counts
such tests and the tests each engine ran.
"""

from __future__ import annotations

import os
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.falkordb_server import EmbeddedServer
from graphmem.store.falkordb_store import FalkorDBStore
from graphmem.store.neo4j_server import LocalNeo4j

ALL_ENGINES = ("falkordb", "neo4j")
#: what engine-parametrized tests are parametrized over: always both, so that a test which
#: cannot apply to one engine is reported as not applicable on that engine's run
ENGINES = list(ALL_ENGINES)
#: the engines this run executes (GRAPHMEM_TEST_ENGINES); the others' tests are deselected
SELECTED_ENGINES = frozenset(
    os.environ.get("GRAPHMEM_TEST_ENGINES", ",".join(ALL_ENGINES)).replace(" ", "").split(",")
)
#: the engine an integration test without an engine parameter runs on (the default engine)
IMPLICIT_ENGINE = "falkordb"
#: a test session's local Neo4j: small, the machine is shared
TEST_NEO4J_HEAP_MB = 768
TEST_NEO4J_PAGECACHE_MB = 128


@dataclass(frozen=True)
class Neo4jTarget:
    """The Neo4j the session's tests run on: the local one, or a server by NEO4J_URI."""

    uri: str
    user: str
    password: str
    database: str
    server: LocalNeo4j | None


def local_neo4j(data_dir: Path) -> LocalNeo4j:
    """A test's own local Neo4j on ``data_dir`` (sized for the test machine)."""
    return LocalNeo4j(
        data_dir, heap_mb=TEST_NEO4J_HEAP_MB, pagecache_mb=TEST_NEO4J_PAGECACHE_MB
    )


def open_on_data_dir(engine: str, data_dir: Path) -> GraphStore:
    """A store on ``engine`` started (or joined) on ``data_dir``, as ``graphmem serve`` opens it
    with no URL or URI; closing it releases its lease. See :func:`stop_engine`."""
    if engine == "neo4j":
        from graphmem.store.neo4j_store import Neo4jStore

        return Neo4jStore.local(local_neo4j(data_dir), owns_server=True)
    return FalkorDBStore.from_settings(Settings(data_dir=data_dir))


def stop_engine(store: GraphStore) -> None:
    """Close ``store`` and wait for its data directory's engine to stop (last client gone)."""
    store.close()
    server = getattr(store, "server", None)
    assert server is not None, "not a store on a data directory"
    server.stop()


def open_neo4j(target: Neo4jTarget) -> GraphStore:
    from graphmem.store.neo4j_store import Neo4jStore

    return Neo4jStore(
        uri=target.uri,
        user=target.user,
        password=target.password,
        database=target.database,
        server=target.server,
    )


@pytest.fixture(scope="session")
def falkordb_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("falkordb")


@pytest.fixture(scope="session")
def embedded_server(falkordb_data_dir: Path) -> Iterator[EmbeddedServer]:
    server = EmbeddedServer(falkordb_data_dir, start_timeout_s=60)
    server.ensure_running()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def neo4j_target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Neo4jTarget]:
    if os.environ.get("NEO4J_URI"):
        yield Neo4jTarget(
            uri=os.environ["NEO4J_URI"],
            user=os.environ.get("NEO4J_USER", "neo4j"),
            password=os.environ.get("NEO4J_PASSWORD", ""),
            database=os.environ.get("NEO4J_DATABASE", "neo4j"),
            server=None,
        )
        return
    server = local_neo4j(tmp_path_factory.mktemp("neo4j"))
    info = server.ensure_running()
    try:
        yield Neo4jTarget(info.uri, "neo4j", info.password, "neo4j", server)
    finally:
        server.stop()


def _wiped_neo4j(target: Neo4jTarget) -> GraphStore:
    store = open_neo4j(target)
    store._execute("MATCH (n) DETACH DELETE n", {}, read_only=False)
    return store


@pytest.fixture(params=ENGINES)
def store(request: pytest.FixtureRequest) -> Iterator[GraphStore]:
    if request.param == "neo4j":
        s = _wiped_neo4j(request.getfixturevalue("neo4j_target"))
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


# ----------------------------------------------------------------------------- engine markers


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "engine_only(engine, reason): the test applies to one engine only; the reason says why",
    )


def _engine_only(item: pytest.Item) -> tuple[str, str] | None:
    """The ``engine_only`` marker's (engine, reason)."""
    marker = item.get_closest_marker("engine_only")
    if marker is None:
        return None
    only = marker.args[0] if marker.args else None
    reason = marker.kwargs.get("reason")
    if only not in ALL_ENGINES or not reason:
        raise pytest.UsageError(f"{item.nodeid}: engine_only(ENGINE, reason=...) expected")
    return str(only), str(reason)


def _engine_of(item: pytest.Item) -> str | None:
    """The engine an integration test runs on: its ``store`` fixture's or ``engine``
    argument's, else its ``engine_only`` marker's, else the default engine. Unit and lint
    tests touch no engine (None)."""
    if "/integration/" not in str(item.path):
        return None
    callspec = getattr(item, "callspec", None)
    params = callspec.params if callspec is not None else {}
    engine = params.get("store", params.get("engine"))
    if engine in ALL_ENGINES:
        return str(engine)
    only = _engine_only(item)
    return only[0] if only is not None else IMPLICIT_ENGINE


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    selected, deselected = [], []
    for item in items:
        engine = _engine_of(item)
        if engine is None:
            selected.append(item)
            continue
        if engine not in SELECTED_ENGINES:
            deselected.append(item)
            continue
        selected.append(item)
        item.user_properties.append(("engine", engine))
        only = _engine_only(item)
        if only is not None and engine != only[0]:
            item.add_marker(pytest.mark.skip(reason=f"{only[0]} only: {only[1]}"))
            item.user_properties.append(("not_applicable", True))
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = selected


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Per engine: how the store-parametrized tests ended, and how many did not apply."""
    outcome_of: dict[str, tuple[str, str, bool]] = {}
    # later categories win: a test that passed its call but failed teardown is an error
    for outcome in ("passed", "skipped", "xfailed", "xpassed", "failed", "error"):
        for report in terminalreporter.stats.get(outcome, []):
            props = dict(getattr(report, "user_properties", ()))
            if "engine" in props:
                outcome_of[report.nodeid] = (
                    props["engine"],
                    outcome,
                    bool(props.get("not_applicable")),
                )
    if not outcome_of:
        return
    counts: Counter[tuple[str, str]] = Counter()
    for engine, outcome, not_applicable in outcome_of.values():
        counts[(engine, "not applicable" if not_applicable else outcome)] += 1
    terminalreporter.section("engines")
    for engine in ALL_ENGINES:
        parts = [f"{n} {o}" for (e, o), n in sorted(counts.items()) if e == engine]
        terminalreporter.line(f"{engine}: {', '.join(parts) or 'not run'}")
