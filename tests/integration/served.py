"""A real ``graphmem serve`` in a child process, as ``make serve`` runs it (the default embedder,
the embedded engine on its own data directory), for tests that talk to it over HTTP."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from graphmem.store.falkordb_server import DataDirLayout
from graphmem.store.neo4j_server import layout as neo4j_layout
from graphmem.store.supervision import pid_alive
from tests.conftest import TEST_NEO4J_HEAP_MB, TEST_NEO4J_PAGECACHE_MB


def engine_pids(engine: str, data_dir: Path) -> tuple[int, int]:
    """(engine, supervisor) pids published on the data directory."""
    if engine == "neo4j":
        data = neo4j_layout(data_dir).read_json()
        assert data is not None
        return int(data["java_pid"]), int(data["supervisor_pid"])
    info = DataDirLayout(data_dir).read_info()
    assert info is not None
    return info.redis_pid, info.supervisor_pid


def wait_stopped(pids: tuple[int, ...], timeout_s: float = 60.0) -> bool:
    """Whether every pid is gone within ``timeout_s`` (an engine stops once no client holds a
    lease on its data directory)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and any(pid_alive(p) for p in pids):
        time.sleep(0.1)
    return not any(pid_alive(p) for p in pids)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Served:
    """A running ``graphmem serve``: its URL, data directory and environment, and the process
    itself (crash tests kill it and start another on the same port)."""

    url: str
    data_dir: Path
    env: dict[str, str]
    process: subprocess.Popen[str]
    log: Path

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def cli(self, *args: str) -> subprocess.CompletedProcess[str]:
        """``graphmem --data-dir … ARGS`` beside the running service (it joins the engine)."""
        return subprocess.run(
            [sys.executable, "-m", "graphmem.cli", "--data-dir", str(self.data_dir), *args],
            capture_output=True,
            text=True,
            timeout=120,
            env=self.env,
        )

    def key(self, *args: str) -> str:
        """A new key: ``keys create ARGS``, as the README mints one."""
        made = self.cli("keys", "create", *args)
        assert made.returncode == 0, made.stderr
        key: str = json.loads(made.stdout)["key"]
        return key

    def stop(self) -> None:
        """SIGTERM, and wait for the service to stop (a kill and an error if it ignores it)."""
        if self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=30)
            tail = _log_tail(self.log)
            raise AssertionError(f"graphmem serve ignored SIGTERM:\n{tail}") from None


def _log_tail(log: Path, lines: int = 60) -> str:
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])


def engine_env(engine: str) -> dict[str, str]:
    """The environment of a service or CLI on ``engine`` with the hashing embedder (the local
    Neo4j, with the test heap, never one named by ``GRAPHMEM_NEO4J_URI``)."""
    env = {**os.environ, "GRAPHMEM_EMBEDDER": "hashing", "GRAPHMEM_ENGINE": engine}
    env.pop("GRAPHMEM_NEO4J_URI", None)
    if engine == "neo4j":
        env["GRAPHMEM_NEO4J_HEAP_MB"] = str(TEST_NEO4J_HEAP_MB)
        env["GRAPHMEM_NEO4J_PAGECACHE_MB"] = str(TEST_NEO4J_PAGECACHE_MB)
    return env


def start(
    data_dir: Path,
    *,
    port: int | None = None,
    engine: str | None = None,
    start_timeout_s: float | None = None,
    unset: tuple[str, ...] = (),
    **env: str,
) -> Served:
    """Start the service (on ``port``, default a free one), wait for ``/healthz`` to say ok;
    the caller stops it (:meth:`Served.stop`) or kills ``process``. :func:`serve` is the usual
    way in. ``engine`` runs it as :func:`engine_env` says, given the time that engine needs
    (a local Neo4j starts a JVM: minutes on a loaded 2-core machine); the default is 120 s.

    Its output goes to a file beside the data directory, never to a pipe: a pipe nobody reads
    fills at 64 KB and the service blocks on its next log line (the Neo4j bootstrap logged that
    much once); a restart on the same port appends to it. ``unset`` drops variables from this
    process's environment (e.g. the hashing embedder the unit tests set) so the service sees
    its defaults."""
    port = port or free_port()
    if engine is not None:
        env = {**engine_env(engine), **env}
        unset = (*unset, "GRAPHMEM_NEO4J_URI")
    if start_timeout_s is None:
        start_timeout_s = {"falkordb": 60.0, "neo4j": 300.0}.get(engine or "", 120.0)
    full_env = {**os.environ, "GRAPHMEM_DATA_DIR": str(data_dir), "HF_HUB_OFFLINE": "1", **env}
    for name in unset:
        full_env.pop(name, None)
    log = data_dir.parent / f"serve-{port}.log"
    with log.open("a") as sink:
        server = subprocess.Popen(
            [sys.executable, "-m", "graphmem.cli", "serve", "--port", str(port)],
            env=full_env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            text=True,
        )
    url = f"http://127.0.0.1:{port}"
    served = Served(url, data_dir, full_env, server, log)
    deadline = time.monotonic() + start_timeout_s
    while True:
        try:
            if httpx.get(f"{url}/healthz", timeout=2).json().get("status") == "ok":
                return served
        except httpx.HTTPError:
            pass
        if server.poll() is not None:
            raise AssertionError(f"graphmem serve exited:\n{_log_tail(log)}")
        if time.monotonic() > deadline:
            served.process.kill()
            served.process.wait(timeout=30)
            raise AssertionError(
                f"graphmem serve not healthy after {start_timeout_s} s:\n{_log_tail(log)}"
            )
        time.sleep(0.25)


@contextmanager
def serve(
    data_dir: Path,
    *,
    start_timeout_s: float = 120.0,
    unset: tuple[str, ...] = (),
    **env: str,
) -> Iterator[Served]:
    """:func:`start` the service, and stop it (SIGTERM) after."""
    served = start(data_dir, start_timeout_s=start_timeout_s, unset=unset, **env)
    try:
        yield served
    finally:
        served.stop()
