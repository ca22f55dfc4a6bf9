"""Every query runs under a time limit the engine enforces: a runaway statement is cancelled
(reads and writes, nothing of a cancelled write stays), answered as a 503 that says so, the
store keeps serving, and the embedded engine stops with its service even mid-query."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from graphmem.errors import QueryTimeoutError
from graphmem.store.base import GraphStore, QueryTimeouts
from graphmem.store.falkordb_server import DataDirLayout, pid_alive
from tests.integration.conftest import KeyMaker

#: every triple of 3000 nodes is evaluated (the predicate defeats count shortcuts): ~2.7e10
RUNAWAY = (
    "MATCH (a:Runaway {tenant_id: $tenant_id}), (b:Runaway {tenant_id: $tenant_id}), "
    "(c:Runaway {tenant_id: $tenant_id}) WHERE a.i + b.i + c.i = -1 RETURN count(*) AS n"
)


@pytest.fixture
def runaway_graph(store: GraphStore) -> Iterator[GraphStore]:
    store._execute(
        "UNWIND range(1, 3000) AS i CREATE (:Runaway {tenant_id: 'acme', i: i})",
        {},
        read_only=False,
    )
    before = store.timeouts
    store.timeouts = QueryTimeouts(normal_s=5.0, long_s=30.0, analyst_s=1.0)
    yield store
    store.timeouts = before


def test_a_runaway_read_is_cancelled_and_the_store_keeps_serving(
    runaway_graph: GraphStore,
) -> None:
    started = time.monotonic()
    with pytest.raises(QueryTimeoutError) as err:
        runaway_graph.read_adhoc(RUNAWAY, {"tenant_id": "acme"})
    assert "time limit" in err.value.message
    assert time.monotonic() - started < 60  # cancelled, not run to the end (hours)
    rows = runaway_graph.read_adhoc("MATCH (n:Runaway) RETURN count(n) AS n")
    assert rows == [{"n": 3000}]


def test_a_cancelled_write_leaves_nothing(runaway_graph: GraphStore) -> None:
    write = RUNAWAY.replace("RETURN count(*) AS n", "WITH count(*) AS n CREATE (:Left {n: n})")
    with pytest.raises(QueryTimeoutError):
        runaway_graph._execute(write, {"tenant_id": "acme"}, read_only=False, timeout_s=1.0)
    assert runaway_graph.read_adhoc("MATCH (l:Left) RETURN count(l) AS n") == [{"n": 0}]


def test_over_rest_a_runaway_is_a_503_while_other_callers_are_served(
    runaway_graph: GraphStore, rest: TestClient, key_for: KeyMaker
) -> None:
    admin = key_for("admin")
    agent = key_for("agent", subject="user:s1")
    answers: dict[str, int] = {}

    def other_callers() -> None:
        time.sleep(0.2)
        answers["retrieve"] = rest.post(
            "/v1/retrieve", headers=agent, json={"query": "anything"}
        ).status_code
        answers["health"] = rest.get("/healthz").status_code

    beside = threading.Thread(target=other_callers)
    beside.start()
    response = rest.post("/v1/cypher-adhoc", headers=admin, json={"query": RUNAWAY})
    beside.join()
    assert response.status_code == 503, response.text
    assert response.json()["code"] == "QUERY_TIMEOUT"
    assert answers == {"retrieve": 200, "health": 200}


_CHILD = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from graphmem.store.falkordb_server import EmbeddedServer
    from graphmem.store.falkordb_store import FalkorDBStore
    from graphmem.store.base import QueryTimeouts
    server = EmbeddedServer(Path(sys.argv[1]), start_timeout_s=60)
    store = FalkorDBStore(graph_name="g", server=server, owns_server=True,
                          timeouts=QueryTimeouts(normal_s=600, long_s=600, analyst_s=600))
    store._execute("UNWIND range(1, 3000) AS i CREATE (:Runaway {tenant_id: 'acme', i: i})",
                   {}, read_only=False)
    print("querying", flush=True)
    store.read_adhoc(sys.argv[2], {"tenant_id": "acme"})
    """
)


def test_the_embedded_engine_stops_with_its_service_even_mid_query(tmp_path: Path) -> None:
    data_dir = tmp_path / "gm"
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(data_dir), RUNAWAY],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "querying"
        time.sleep(1.0)
        info = DataDirLayout(data_dir).read_info()
        assert info is not None and pid_alive(info.redis_pid)
        os.kill(child.pid, signal.SIGKILL)  # the service dies mid-query
        child.wait(10)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (
            pid_alive(info.redis_pid) or pid_alive(info.supervisor_pid)
        ):
            time.sleep(0.2)
        assert not pid_alive(info.redis_pid), "the engine outlived its service"
        assert not pid_alive(info.supervisor_pid)
    finally:
        if child.poll() is None:
            child.kill()
