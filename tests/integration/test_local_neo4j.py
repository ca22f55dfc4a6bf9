"""The local Neo4j process (``GRAPHMEM_ENGINE=neo4j`` with no URI): start, join, durability
across a restart, a clean stop when the last client leaves, and no orphan when clients or the
supervisor are killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from graphmem.settings import Settings
from graphmem.store.neo4j_server import Neo4jServerInfo, layout
from graphmem.store.neo4j_store import Neo4jStore
from graphmem.store.supervision import pid_alive
from tests.conftest import TEST_NEO4J_HEAP_MB, TEST_NEO4J_PAGECACHE_MB

pytestmark = pytest.mark.engine_only("neo4j", reason="the local Neo4j's own processes")


def settings(data_dir: Path) -> Settings:
    return Settings(
        engine="neo4j",
        data_dir=data_dir,
        neo4j_heap_mb=TEST_NEO4J_HEAP_MB,
        neo4j_pagecache_mb=TEST_NEO4J_PAGECACHE_MB,
    )


def published(data_dir: Path) -> Neo4jServerInfo | None:
    data = layout(data_dir).read_json()
    return Neo4jServerInfo(**data) if data is not None else None


def wait_gone(*pids: int, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and any(pid_alive(p) for p in pids):
        time.sleep(0.1)
    assert not any(pid_alive(p) for p in pids), f"still running: {pids}"


def joiner(data_dir: Path, code: str) -> subprocess.Popen[str]:
    """Another process opening the same data directory's local Neo4j, then running ``code``."""
    script = (
        "from pathlib import Path\n"
        "from graphmem.settings import Settings\n"
        "from graphmem.store.neo4j_store import Neo4jStore\n"
        f"s = Neo4jStore.from_settings(Settings(engine='neo4j', data_dir=Path({str(data_dir)!r}),"
        f" neo4j_heap_mb={TEST_NEO4J_HEAP_MB}, neo4j_pagecache_mb={TEST_NEO4J_PAGECACHE_MB}))\n"
        "print('joined', s.server.started_here, flush=True)\n" + code
    )
    return subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def count(store: Neo4jStore) -> int:
    return int(store.read_adhoc("MATCH (n:Probe) RETURN count(n) AS c")[0]["c"])


def test_one_flag_starts_joins_persists_and_stops_cleanly(data_dir: Path) -> None:
    store = Neo4jStore.from_settings(settings(data_dir))
    info = published(data_dir)
    assert info is not None and store.server is not None and store.server.started_here
    status = store.ping()
    assert status["reachable"] and status["version"] == info.version
    assert status["version"].startswith("5.26.") and status["embedded"] is True
    assert (layout(data_dir).info_file.stat().st_mode & 0o777) == 0o600  # it holds a password
    try:
        store._execute("CREATE (:Probe {n: 1})", {}, read_only=False)
        # a second process joins the running Neo4j instead of starting another
        other = joiner(data_dir, "s._execute('CREATE (:Probe {n: 2})', {}, read_only=False)\n")
        out, err = other.communicate(timeout=120)
        assert other.returncode == 0, err
        assert "joined False" in out
        assert published(data_dir) == info and count(store) == 2
    finally:
        store.close()
    # the last client left: Neo4j stops (cleanly) and withdraws server.json
    wait_gone(info.java_pid, info.supervisor_pid)
    assert published(data_dir) is None

    again = Neo4jStore.from_settings(settings(data_dir))
    try:
        assert count(again) == 2, "committed writes survive a restart"
    finally:
        again.close()
    restarted = published(data_dir)
    assert restarted is not None and restarted.password != info.password
    wait_gone(restarted.java_pid, restarted.supervisor_pid)


def test_killed_clients_and_supervisor_leave_no_orphan(data_dir: Path) -> None:
    client = joiner(data_dir, "import time\ntime.sleep(600)\n")
    assert client.stdout is not None
    assert client.stdout.readline().startswith("joined True")
    info = published(data_dir)
    assert info is not None and pid_alive(info.java_pid)
    os.kill(client.pid, signal.SIGKILL)
    client.wait()
    # no live lease left: the supervisor stops Neo4j
    wait_gone(info.java_pid, info.supervisor_pid)

    client = joiner(data_dir, "import time\ntime.sleep(600)\n")
    assert client.stdout is not None and client.stdout.readline().startswith("joined True")
    info = published(data_dir)
    assert info is not None
    try:
        # the supervisor dies: the kernel sends Java SIGTERM (PDEATHSIG), Neo4j stops
        os.kill(info.supervisor_pid, signal.SIGKILL)
        wait_gone(info.java_pid)
    finally:
        client.kill()
        client.wait()
