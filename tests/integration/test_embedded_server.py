"""The embedded FalkorDB process: start, join, durability, clean stop, refusals."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from graphmem.errors import ConfigError, EngineStartError, EngineUnavailableError
from graphmem.settings import Settings
from graphmem.store.falkordb_server import EmbeddedServer, aof_incr_bytes, pid_alive
from graphmem.store.falkordb_store import FalkorDBStore
from tests.integration.plain_server import plain_falkordb


def wait_dead(*pids: int, timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not any(pid_alive(p) for p in pids):
            return True
        time.sleep(0.1)
    return False


def count(store: FalkorDBStore) -> int:
    return int(store.read_adhoc("MATCH (n:Crash) RETURN count(n) AS c")[0]["c"])


def test_start_persistence_and_clean_stop(data_dir: Path) -> None:
    store = FalkorDBStore.from_settings(Settings(data_dir=data_dir))
    info = store.server.info  # type: ignore[union-attr]
    assert info is not None
    assert store.persistence() == {"appendonly": "yes", "appendfsync": "always"}
    health = store.ping()
    assert health["reachable"] and health["owner"] and health["transport"] == "unix"
    store.close()
    store.server.stop()  # type: ignore[union-attr]
    assert wait_dead(info.redis_pid, info.supervisor_pid), "embedded engine left running"
    assert not (data_dir / "falkordb" / "server.json").exists()


@pytest.mark.parametrize("threshold_mb, folded", [(0.0, True), (-1.0, False)])
def test_clean_stop_folds_a_grown_log_into_a_snapshot(
    data_dir: Path, threshold_mb: float, folded: bool
) -> None:
    """A grown append-only log is rewritten on a clean stop (a faster next start); nothing
    written is lost either way."""
    settings = Settings(data_dir=data_dir, falkordb_rewrite_on_stop_mb=threshold_mb)
    store = FalkorDBStore.from_settings(settings)
    for i in range(50):
        store._execute("CREATE (:Crash {i: $i})", {"i": i}, read_only=False)
    info = store.server.info  # type: ignore[union-attr]
    assert info is not None
    store.close()
    store.server.stop()  # type: ignore[union-attr]
    assert wait_dead(info.redis_pid, info.supervisor_pid)
    replay = aof_incr_bytes(data_dir / "falkordb")
    assert (replay == 0) is folded, replay
    store = FalkorDBStore.from_settings(settings)
    try:
        assert count(store) == 50
    finally:
        store.close()


def test_everysec_is_configurable(data_dir: Path) -> None:
    store = FalkorDBStore.from_settings(
        Settings(data_dir=data_dir, falkordb_appendfsync="everysec")
    )
    try:
        assert store.persistence()["appendfsync"] == "everysec"
    finally:
        store.close()


def test_tcp_transport_on_loopback(data_dir: Path) -> None:
    store = FalkorDBStore.from_settings(Settings(data_dir=data_dir, falkordb_transport="tcp"))
    try:
        info = store.server.info  # type: ignore[union-attr]
        assert info is not None and info.port and info.unix_socket is None
        assert store.read_adhoc("RETURN 1 AS x") == [{"x": 1}]
    finally:
        store.close()


def test_unsafe_fsync_is_refused(data_dir: Path) -> None:
    with pytest.raises(EngineStartError, match="appendfsync"):
        EmbeddedServer(data_dir, appendfsync="no")


def test_second_process_joins_the_running_server(data_dir: Path) -> None:
    first = FalkorDBStore.from_settings(Settings(data_dir=data_dir))
    try:
        first.write("schema/version_set", {"version": 1, "applied_at": "x", "embedding_spaces": []})
        code = (
            "from pathlib import Path; from graphmem.settings import Settings;"
            "from graphmem.store.falkordb_store import FalkorDBStore;"
            f"s = FalkorDBStore.from_settings(Settings(data_dir=Path({str(data_dir)!r})));"
            "print(s.server.started_here, s.server.info.redis_pid,"
            " s.read('schema/version_get')[0]['version']); s.close()"
        )
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
        ).stdout.split()
        assert out == ["False", str(first.server.info.redis_pid), "1"]  # type: ignore[union-attr]
        # the joiner left; the owner's server still answers
        assert first.read("schema/version_get")[0]["version"] == 1
    finally:
        first.close()


def test_killing_every_client_leaves_no_orphan(data_dir: Path) -> None:
    code = (
        "import time; from pathlib import Path; from graphmem.settings import Settings;"
        "from graphmem.store.falkordb_store import FalkorDBStore;"
        f"s = FalkorDBStore.from_settings(Settings(data_dir=Path({str(data_dir)!r})));"
        "print(s.server.info.redis_pid, s.server.info.supervisor_pid, flush=True); time.sleep(600)"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    redis_pid, supervisor_pid = map(int, proc.stdout.readline().split())
    assert pid_alive(redis_pid)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert wait_dead(redis_pid, supervisor_pid), "engine outlived its last client"


def test_crash_kill9_engine_keeps_every_acknowledged_write(data_dir: Path) -> None:
    """200 writes acknowledged, kill -9 of the engine, restart: all 200 are there."""
    store = FalkorDBStore.from_settings(Settings(data_dir=data_dir))
    for i in range(200):
        store._execute("CREATE (:Crash {i: $i})", {"i": i}, read_only=False)
    redis_pid = store.server.info.redis_pid  # type: ignore[union-attr]
    os.kill(redis_pid, signal.SIGKILL)
    assert wait_dead(redis_pid)
    with pytest.raises(EngineUnavailableError):
        store._execute("CREATE (:Crash {i: -1})", {}, read_only=False)
    store.close()
    restarted = FalkorDBStore.from_settings(Settings(data_dir=data_dir))
    try:
        assert restarted.server.info.redis_pid != redis_pid  # type: ignore[union-attr]
        rows = restarted.read_adhoc("MATCH (n:Crash) RETURN n.i AS i ORDER BY i")
        assert [r["i"] for r in rows if r["i"] >= 0] == list(range(200))
    finally:
        restarted.close()


def test_reads_recover_after_engine_crash(data_dir: Path) -> None:
    store = FalkorDBStore.from_settings(Settings(data_dir=data_dir))
    try:
        store._execute("CREATE (:Crash {i: 1})", {}, read_only=False)
        os.kill(store.server.info.redis_pid, signal.SIGKILL)  # type: ignore[union-attr]
        time.sleep(0.5)
        assert count(store) == 1  # the read restarted the engine and retried
    finally:
        store.close()


def test_external_server_by_url(embedded_server: EmbeddedServer) -> None:
    info = embedded_server.info
    assert info is not None and info.unix_socket
    url = f"unix://:{info.password}@{info.unix_socket}"
    store = FalkorDBStore(url=url, graph_name="external_url")
    try:
        assert store.read_adhoc("RETURN 'ok' AS x") == [{"x": "ok"}]
        assert store.ping()["embedded"] is False
    finally:
        store.close()


def test_external_server_without_persistence_is_refused(tmp_path: Path) -> None:
    with plain_falkordb(tmp_path, "--appendonly", "no") as url:
        with pytest.raises(ConfigError, match="append-only"):
            FalkorDBStore(url=url)
        store = FalkorDBStore(url=url, require_persistence=False)
        store.close()


def test_embedded_engine_keeps_no_query_log(embedded_server: EmbeddedServer) -> None:
    """FalkorDB's default streams every statement with its parameters into a persisted
    ``telemetry{graph}`` key; the embedded engine starts with it off."""
    store = FalkorDBStore(server=embedded_server, graph_name="no_query_log")
    try:
        store._execute("CREATE (:Note {text: $t})", {"t": "QLOGCANARY-1"}, read_only=False)
        assert store.query_log_enabled() is False
        assert store.ping()["query_log"] == "off"
        time.sleep(1.0)  # the module's flush task runs every 0.25-3 s when it is on
        assert not store._db.connection.exists("telemetry{no_query_log}")  # type: ignore[union-attr]
        # a data dir written before the log was switched off: the stream goes at the next connect
        store._db.connection.xadd("telemetry{no_query_log}", {"Query": "QLOGCANARY-2"})  # type: ignore[union-attr]
        again = FalkorDBStore(server=embedded_server, graph_name="no_query_log")
        assert not again._db.connection.exists("telemetry{no_query_log}")  # type: ignore[union-attr]
        again.close()
    finally:
        store.close()
