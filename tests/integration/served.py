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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Served:
    url: str
    data_dir: Path
    env: dict[str, str]

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


@contextmanager
def serve(data_dir: Path, *, start_timeout_s: float = 120.0, **env: str) -> Iterator[Served]:
    """Start the service, wait for ``/healthz`` to say ok, and stop it (SIGTERM) after."""
    port = free_port()
    full_env = {**os.environ, "GRAPHMEM_DATA_DIR": str(data_dir), "HF_HUB_OFFLINE": "1", **env}
    server = subprocess.Popen(
        [sys.executable, "-m", "graphmem.cli", "serve", "--port", str(port)],
        env=full_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + start_timeout_s
        while True:
            try:
                if httpx.get(f"{url}/healthz", timeout=2).json().get("status") == "ok":
                    break
            except httpx.HTTPError:
                pass
            if server.poll() is not None:
                raise AssertionError(server.stdout.read() if server.stdout else "serve exited")
            if time.monotonic() > deadline:
                raise AssertionError(f"graphmem serve not healthy after {start_timeout_s} s")
            time.sleep(0.25)
        yield Served(url, data_dir, full_env)
    finally:
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=30)
