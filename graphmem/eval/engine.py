"""A throw-away graphmem for one suite: an embedded FalkorDB on a temporary data directory.

Every suite writes through the real gate into a real engine it owns, so no suite's memories
can change another's numbers, and the directory (append-only log, snapshots, key store) is
deleted afterwards. The append-only log is fsynced once a second: the store is discarded, and
the gate, the commits and the reads are the product's own.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from graphmem.clock import Clock, system_clock
from graphmem.embeddings.base import Embedder
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.falkordb_store import FalkorDBStore
from graphmem.store.schema import bootstrap
from graphmem.timeutil import normalize


class SettableClock(Protocol):
    def __call__(self) -> str: ...

    def set(self, value: str) -> None: ...


@dataclass
class SteppedClock:
    """Transaction time the suite sets (histories are replayed without sleeping)."""

    now: str

    def __post_init__(self) -> None:
        self.now = normalize(self.now)

    def __call__(self) -> str:
        return self.now

    def set(self, value: str) -> None:
        self.now = normalize(value)


@contextmanager
def temporary_graphmem(
    embedder: Embedder, *, clock: Clock = system_clock, sync_logs: bool = False
) -> Iterator[Graphmem]:
    """``sync_logs``: retrieval logs written inside each call (a suite that reads them)."""
    with tempfile.TemporaryDirectory(prefix="graphmem-eval-") as tmp:
        settings = Settings(
            data_dir=Path(tmp),
            falkordb_appendfsync="everysec",
            retrieval_log_mode="sync" if sync_logs else "background",
        )
        store = FalkorDBStore.from_settings(settings)
        gm = Graphmem(store, settings, embedder, clock=clock)
        try:
            bootstrap(store, [gm.embedding_space])
            yield gm
        finally:
            gm.close()
            if store.server is not None:
                store.server.stop()
