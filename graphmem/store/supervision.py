"""How graphmem runs an engine process on a data directory, for either engine.

Process layout::

    graphmem process(es) ──lease files──▶ supervisor ──child (PDEATHSIG)──▶ engine process

The first graphmem process that opens a data directory starts a small supervisor (a Python
process of its own), which starts the engine and publishes ``server.json`` once the engine
answers. Later processes on the same directory *join* the running engine. Every process holds a
lease file (``clients/<pid>``); the supervisor stops the engine cleanly once no live lease
remains, so closing the last client, or killing every client with ``kill -9``, leaves no orphan
process. If the supervisor itself dies, the kernel sends the engine SIGTERM
(``PR_SET_PDEATHSIG``). A start lock (``flock``) serialises starts and joins, so two processes
never run two engines on one data directory.

This module holds what both engines share (layout, leases, the client's start-or-join and the
supervisor's watch loop); ``falkordb_server`` and ``neo4j_server`` add how their engine is
started, pinged and stopped.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from graphmem.errors import EngineStartError

_PR_SET_PDEATHSIG = 1
IDLE_GRACE_S = 2.0
POLL_S = 0.25

Health = Literal["ok", "loading", "down"]
InfoT = TypeVar("InfoT")


class EngineDir:
    """One engine's directory inside a data directory, and its lease and start-lock files."""

    def __init__(self, data_dir: Path, engine: str) -> None:
        self.root = data_dir.resolve()
        self.engine_dir = self.root / engine
        self.info_file = self.engine_dir / "server.json"
        self.lock_file = self.engine_dir / "start.lock"
        self.supervisor_log = self.engine_dir / "supervisor.log"
        self.clients_dir = self.engine_dir / "clients"

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

    def read_json(self) -> dict[str, Any] | None:
        try:
            data = json.loads(self.info_file.read_text())
        except (FileNotFoundError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def write_info(self, info: Any) -> None:
        """Publish a dataclass atomically, readable by this user only (it holds a password)."""
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


def set_pdeathsig() -> None:
    """In a child between fork and exec: SIGTERM when the parent (the supervisor) dies."""
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


def log_tail(paths: tuple[Path, ...], lines: int = 8) -> str:
    chunks: list[str] = []
    for path in paths:
        with contextlib.suppress(OSError):
            chunks += path.read_text(errors="replace").splitlines()[-lines:]
    return " | ".join(chunks[-lines:]) or "(no log output)"


# ----------------------------------------------------------------------------- client side


class SupervisedEngine(ABC, Generic[InfoT]):
    """A client's handle on the engine of one data directory: start or join, lease, release."""

    #: how messages name the engine ("embedded FalkorDB", "local Neo4j")
    title: str
    #: the supervisor's module (``python -m …``)
    supervisor_module: str

    def __init__(self, layout: EngineDir, start_timeout_s: float) -> None:
        self.layout = layout
        self.start_timeout_s = start_timeout_s
        self.info: InfoT | None = None
        self.started_here = False
        self._lease: Path | None = None

    # -- what an engine supplies --------------------------------------------------------------
    @abstractmethod
    def parse_info(self, data: dict[str, Any]) -> InfoT: ...

    @abstractmethod
    def engine_pid(self, info: InfoT) -> int: ...

    @abstractmethod
    def supervisor_pid(self, info: InfoT) -> int: ...

    @abstractmethod
    def health(self, info: InfoT) -> Health: ...

    @abstractmethod
    def supervisor_args(self) -> list[str]:
        """Arguments after ``python -m <supervisor_module>``."""

    def before_start(self) -> None:
        """Checks and preparation before a supervisor is spawned (under the start lock)."""

    def logs(self) -> tuple[Path, ...]:
        return (self.layout.supervisor_log,)

    # -- start, join, release -----------------------------------------------------------------
    def read_info(self) -> InfoT | None:
        data = self.layout.read_json()
        if data is None:
            return None
        try:
            return self.parse_info(data)
        except (TypeError, KeyError, ValueError):
            return None

    def ensure_running(self) -> InfoT:
        """Join the directory's running engine, or start one; wait until it answers."""
        deadline = time.monotonic() + self.start_timeout_s
        with self.layout.start_lock():
            self._take_lease()
            info = self.read_info()
            if info is not None and pid_alive(self.engine_pid(info)):
                self.info = self._wait_ready(info, deadline, proc=None)
                return self.info
            if info is not None:
                self.layout.clear_info()
            self.before_start()
            # the timeout counts from here: before_start may have built the engine
            deadline = time.monotonic() + self.start_timeout_s
            proc = self._spawn_supervisor()
            self.started_here = True
            self.info = self._wait_for_info(proc, deadline)
            return self.info

    def release(self) -> None:
        """Drop this process's lease; the supervisor stops the engine when none remain."""
        if self._lease is not None:
            with contextlib.suppress(FileNotFoundError):
                self._lease.unlink()
            self._lease = None

    def stop(self, timeout_s: float = 60.0) -> None:
        """Release, and wait for the engine to stop if this was the last client."""
        info = self.info or self.read_info()
        self.release()
        if info is None or self.layout.live_clients():
            return
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if not pid_alive(self.engine_pid(info)) and not pid_alive(self.supervisor_pid(info)):
                return
            time.sleep(0.05)

    # -- internals ------------------------------------------------------------------------
    def _take_lease(self) -> None:
        if self._lease is None:
            lease = self.layout.clients_dir / str(os.getpid())
            lease.touch()
            self._lease = lease

    def _spawn_supervisor(self) -> subprocess.Popen[bytes]:
        args = [sys.executable, "-m", self.supervisor_module, *self.supervisor_args()]
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

    def _wait_for_info(self, proc: subprocess.Popen[bytes], deadline: float) -> InfoT:
        while time.monotonic() < deadline:
            info = self.read_info()
            if info is not None:
                return self._wait_ready(info, deadline, proc)
            if proc.poll() is not None:
                raise EngineStartError(
                    f"{self.title} exited with code {proc.returncode} before it was ready: "
                    + log_tail(self.logs()),
                    data_dir=str(self.layout.root),
                )
            time.sleep(0.05)
        proc.terminate()
        raise EngineStartError(
            f"{self.title} not ready within {self.start_timeout_s:.0f} s: " + log_tail(self.logs()),
            data_dir=str(self.layout.root),
        )

    def _wait_ready(
        self, info: InfoT, deadline: float, proc: subprocess.Popen[bytes] | None
    ) -> InfoT:
        while time.monotonic() < deadline:
            if self.health(info) == "ok":
                return info
            if not pid_alive(self.engine_pid(info)) or (
                proc is not None and proc.poll() is not None
            ):
                raise EngineStartError(
                    f"{self.title} stopped while starting: " + log_tail(self.logs()),
                    data_dir=str(self.layout.root),
                )
            time.sleep(0.1)
        raise EngineStartError(
            f"{self.title} (pid {self.engine_pid(info)}) not answering within "
            f"{self.start_timeout_s:.0f} s: " + log_tail(self.logs()),
            data_dir=str(self.layout.root),
        )


# ----------------------------------------------------------------------------- supervisor


class StopSignal:
    """Set by SIGTERM or SIGINT, polled by the supervisor's loops."""

    def __init__(self) -> None:
        self.requested = False
        signal.signal(signal.SIGTERM, self._on_signal)
        signal.signal(signal.SIGINT, self._on_signal)

    def _on_signal(self, signum: int, frame: object) -> None:
        self.requested = True


def watch(
    layout: EngineDir,
    child: subprocess.Popen[bytes],
    stop: StopSignal,
    shutdown: Callable[[], None],
    is_published: Callable[[], bool],
    name: str,
) -> int:
    """The supervisor's life after the engine is published: return when the engine exits
    (withdrawing ``server.json`` if it is still this engine's), or after ``shutdown()`` once
    SIGTERM arrives or no live lease has remained for a grace period."""
    idle_since: float | None = None
    while True:
        if child.poll() is not None:
            print(f"{name} exited with {child.returncode}", flush=True)
            with layout.start_lock():
                if is_published():
                    layout.clear_info()
            return 0 if stop.requested else 1
        if stop.requested:
            break
        if layout.live_clients():
            idle_since = None
        else:
            idle_since = idle_since or time.monotonic()
            if time.monotonic() - idle_since >= IDLE_GRACE_S:
                with layout.start_lock(blocking=False) as locked:
                    # A client holding the lock is joining right now: stay up.
                    if locked and not layout.live_clients():
                        shutdown()
                        return 0
        time.sleep(POLL_S)
    with layout.start_lock():
        shutdown()
    return 0


def terminate(child: subprocess.Popen[bytes], timeout_s: float, name: str) -> None:
    """SIGTERM, then SIGKILL if the engine has not stopped within ``timeout_s``."""
    if child.poll() is None:
        child.send_signal(signal.SIGTERM)
        try:
            child.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            print(f"{name} ignored SIGTERM for {timeout_s:.0f} s: killed", flush=True)
            child.kill()
            child.wait()
