"""The local Neo4j: Neo4j Community 5.26 embedded in a small Java launcher, run on a data directory.

``GRAPHMEM_ENGINE=neo4j`` without ``GRAPHMEM_NEO4J_URI`` runs this. It is supervised like the
embedded FalkorDB (:mod:`graphmem.store.supervision`: start or join, lease files, no orphans):
``python -m graphmem.store.neo4j_server`` is the supervisor, ``java -jar graphmem-neo4j.jar``
(``tools/neo4j``, built by :mod:`graphmem.store.neo4j_build` on first use) its child. The Bolt
connector listens on 127.0.0.1 only, on a free port, and authentication is on with a password
generated at every start (handed to Java in its environment, published in ``server.json``,
mode 0600). Layout under ``<data_dir>/neo4j/``: ``server.json``, ``clients/``,
``supervisor.log``, ``neo4j.conf`` (generated at every start from the settings) and ``dbms/``,
Neo4j's home (``data/databases``, ``data/transactions``, ``logs/debug.log``).

Transaction logs: the launcher keeps ``db.tx_log.rotation.retention_policy`` at ``1 files`` by
default (Neo4j's own default keeps two days), so after an erasure the store's
``compact_storage`` (rotate the log, write a marker transaction, checkpoint) prunes every log
file that still holds the erased values. A stop is a clean Neo4j shutdown (checkpoint, then
exit), SIGKILL only after two minutes.
"""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from graphmem.store.neo4j_build import check_java, ensure_launcher, find_java
from graphmem.store.supervision import (
    EngineDir,
    Health,
    StopSignal,
    SupervisedEngine,
    set_pdeathsig,
    terminate,
    watch,
)

__all__ = ["LocalNeo4j", "Neo4jServerInfo", "layout", "supervise"]

#: the launcher's own database: Neo4j Community has one user database
DATABASE = "neo4j"
USER = "neo4j"
STOP_TIMEOUT_S = 120.0

#: the JVM flags Neo4j's own launcher uses that matter here
_JVM_FLAGS = (
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+DisableExplicitGC",
    "-XX:+ExitOnOutOfMemoryError",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Dlog4j2.disable.jmx=true",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
)


@dataclass(frozen=True)
class Neo4jServerInfo:
    """How to reach a running local Neo4j (``server.json``)."""

    java_pid: int
    supervisor_pid: int
    bolt_port: int
    password: str
    version: str
    started_at: float

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.bolt_port}"


class Neo4jLayout(EngineDir):
    def __init__(self, data_dir: Path) -> None:
        super().__init__(data_dir, "neo4j")
        self.home = self.engine_dir / "dbms"
        self.config_file = self.engine_dir / "neo4j.conf"
        self.ready_file = self.engine_dir / "launcher.ready.json"

    def database_dirs(self, database: str = DATABASE) -> tuple[Path, Path]:
        """The store files and the transaction logs of one database."""
        data = self.home / "data"
        return data / "databases" / database, data / "transactions" / database


def layout(data_dir: Path) -> Neo4jLayout:
    return Neo4jLayout(data_dir)


def _bolt_health(info: Neo4jServerInfo, timeout: float = 5.0) -> Health:
    import neo4j
    import neo4j.exceptions

    driver = neo4j.GraphDatabase.driver(
        info.uri, auth=(USER, info.password), connection_timeout=timeout
    )
    try:
        driver.verify_connectivity()
        return "ok"
    except neo4j.exceptions.AuthError:
        return "down"
    except (neo4j.exceptions.DriverError, neo4j.exceptions.Neo4jError, OSError):
        return "loading"
    finally:
        driver.close()


# ----------------------------------------------------------------------------- client side


class LocalNeo4j(SupervisedEngine[Neo4jServerInfo]):
    """A client's handle on the local Neo4j of one data directory."""

    title = "local Neo4j"
    supervisor_module = "graphmem.store.neo4j_server"
    layout: Neo4jLayout

    def __init__(
        self,
        data_dir: Path,
        *,
        start_timeout_s: float = 180.0,
        heap_mb: int = 1024,
        pagecache_mb: int = 512,
        tx_log_retention: str = "1 files",
        java: str | None = None,
    ) -> None:
        super().__init__(Neo4jLayout(data_dir), start_timeout_s)
        self.heap_mb = heap_mb
        self.pagecache_mb = pagecache_mb
        self.tx_log_retention = tx_log_retention
        self.java = java
        self._jar: Path | None = None

    def parse_info(self, data: dict[str, Any]) -> Neo4jServerInfo:
        return Neo4jServerInfo(**data)

    def engine_pid(self, info: Neo4jServerInfo) -> int:
        return info.java_pid

    def supervisor_pid(self, info: Neo4jServerInfo) -> int:
        return info.supervisor_pid

    def health(self, info: Neo4jServerInfo) -> Health:
        return _bolt_health(info)

    def logs(self) -> tuple[Path, ...]:
        return (self.layout.supervisor_log, self.layout.home / "logs" / "debug.log")

    def before_start(self) -> None:
        java = find_java(self.java)
        check_java(java)
        self.java = java
        self._jar = ensure_launcher(java=java)

    def supervisor_args(self) -> list[str]:
        assert self._jar is not None and self.java is not None
        return [
            "--data-dir",
            str(self.layout.root),
            "--java",
            self.java,
            "--jar",
            str(self._jar),
            "--heap-mb",
            str(self.heap_mb),
            "--pagecache-mb",
            str(self.pagecache_mb),
            "--tx-log-retention",
            self.tx_log_retention,
        ]


# ----------------------------------------------------------------------------- supervisor


def neo4j_config(pagecache_mb: int, tx_log_retention: str) -> str:
    return "\n".join(
        [
            "# generated by graphmem at every start of the local Neo4j: set GRAPHMEM_NEO4J_*",
            f"server.memory.pagecache.size={pagecache_mb}m",
            f"db.tx_log.rotation.retention_policy={tx_log_retention}",
            # a new log file only as long as what is written to it (Neo4j fills each new one
            # with 256 MB of zeros ahead by default): erasure rotates the log, and its
            # read-back of the files reads every byte of them
            "db.tx_log.preallocate=false",
            # how often Neo4j looks for transactions past their time limit (default 2 s):
            # graphmem's query time limits are enforced this closely
            "db.transaction.monitor.check.interval=100ms",
            "dbms.usage_report.enabled=false",
            "",
        ]
    )


def java_command(java: str, jar: Path, lay: Neo4jLayout, heap_mb: int) -> list[str]:
    return [
        java,
        f"-Xms{min(heap_mb, 256)}m",
        f"-Xmx{heap_mb}m",
        *_JVM_FLAGS,
        "-jar",
        str(jar),
        "--home",
        str(lay.home),
        "--port",
        "0",
        "--ready-file",
        str(lay.ready_file),
        "--config",
        str(lay.config_file),
    ]


def _read_ready(lay: Neo4jLayout) -> dict[str, Any] | None:
    import json

    try:
        data = json.loads(lay.ready_file.read_text())
    except (FileNotFoundError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def supervise(
    data_dir: Path, java: str, jar: Path, heap_mb: int, pagecache_mb: int, tx_log_retention: str
) -> int:
    lay = Neo4jLayout(data_dir)
    lay.prepare()
    lay.home.mkdir(exist_ok=True, mode=0o700)
    lay.ready_file.unlink(missing_ok=True)
    lay.config_file.write_text(neo4j_config(pagecache_mb, tx_log_retention))
    password = secrets.token_urlsafe(24)
    java_proc = subprocess.Popen(
        java_command(java, jar, lay, heap_mb),
        cwd=lay.engine_dir,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "GRAPHMEM_NEO4J_PASSWORD": password},
        preexec_fn=set_pdeathsig,
    )
    stop = StopSignal()

    # Publish only once Bolt answers, so joiners never see a half-started server.
    ready: dict[str, Any] | None = None
    while java_proc.poll() is None and not stop.requested:
        ready = _read_ready(lay)
        if ready is not None:
            break
        time.sleep(0.1)
    if ready is None:
        if java_proc.poll() is None:
            terminate(java_proc, STOP_TIMEOUT_S, "neo4j")
        print(f"neo4j exited with {java_proc.returncode} during start", flush=True)
        return 1
    info = Neo4jServerInfo(
        java_pid=java_proc.pid,
        supervisor_pid=os.getpid(),
        bolt_port=int(ready["bolt_port"]),
        password=password,
        version=str(ready["version"]),
        started_at=time.time(),
    )
    lay.write_info(info)
    print(f"neo4j {info.version} pid {java_proc.pid} ready on {info.uri}", flush=True)

    def published() -> bool:
        data = lay.read_json()
        return data is not None and data.get("java_pid") == java_proc.pid

    def shutdown() -> None:
        lay.clear_info()
        terminate(java_proc, STOP_TIMEOUT_S, "neo4j")
        lay.ready_file.unlink(missing_ok=True)
        print(f"neo4j pid {java_proc.pid} stopped", flush=True)

    return watch(lay, java_proc, stop, shutdown, published, "neo4j")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="graphmem local Neo4j supervisor")
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--java", required=True)
    parser.add_argument("--jar", type=Path, required=True)
    parser.add_argument("--heap-mb", type=int, default=1024)
    parser.add_argument("--pagecache-mb", type=int, default=512)
    parser.add_argument("--tx-log-retention", default="1 files")
    ns = parser.parse_args(argv)
    return supervise(ns.data_dir, ns.java, ns.jar, ns.heap_mb, ns.pagecache_mb, ns.tx_log_retention)


if __name__ == "__main__":
    raise SystemExit(main())
