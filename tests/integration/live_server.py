"""The app served for real on a loopback port (uvicorn in a thread), over a service a test
already holds: for clients that speak HTTP themselves (the MCP SDK's client, a browser)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from graphmem.api.main import create_app
from graphmem.service import Graphmem
from tests.integration.test_cli_service import free_port


@contextmanager
def uvicorn_on(gm: Graphmem) -> Iterator[str]:
    """Serve ``create_app(graphmem=gm)``; yields the base URL."""
    port = free_port()
    config = uvicorn.Config(create_app(graphmem=gm), host="127.0.0.1", port=port, log_level="error")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
