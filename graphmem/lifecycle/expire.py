"""Expiration and purpose expiry (seed: "Expiration", "Purpose expiration").

``expires_at`` is retention, not validity: past it a memory is EXPIRED and never retrieved (the
read queries already refuse it the moment it passes; the sweep makes the status say so and leaves
a receipt). A purpose that has ended makes the memories kept only for it EXPIRED, and removes it
from memories that serve other purposes too.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from graphmem.clock import Clock, system_clock
from graphmem.ids import new_id
from graphmem.store.base import GraphStore

log = logging.getLogger(__name__)


def sweep_expired(
    store: GraphStore,
    *,
    tenant_id: str | None = None,
    actor: str = "system:sweeper",
    clock: Clock = system_clock,
) -> dict[str, list[str]]:
    """Mark memories past ``expires_at`` EXPIRED; ``{tenant: [memory ids]}``."""
    rows = store.write(
        "lifecycle/expire_due",
        {"tenant_id": tenant_id, "now": clock(), "receipt_prefix": new_id("exp"), "actor": actor},
    )
    return {r["tenant"]: list(r["ids"]) for r in rows}


def expire_purpose(
    store: GraphStore, tenant_id: str, purpose: str, *, actor: str, clock: Clock = system_clock
) -> dict[str, Any]:
    rows = store.write(
        "lifecycle/expire_purpose",
        {
            "tenant_id": tenant_id,
            "purpose": purpose,
            "now": clock(),
            "receipt_id": new_id("pexp"),
            "actor": actor,
        },
    )
    row = rows[0] if rows else {"expired": [], "narrowed": []}
    return {
        "purpose": purpose,
        "expired": [x for x in row["expired"] if x],
        "narrowed": [x for x in row["narrowed"] if x],
    }


class Sweeper:
    """The schedule inside the service: runs ``sweep`` (memories past ``expires_at``, run state
    past its retention: ``Graphmem.sweep``) every ``interval_s`` on a daemon thread. Other
    schedules (consolidation) subclass it and override :meth:`round`."""

    THREAD_NAME = "graphmem-sweeper"

    def __init__(self, sweep: Callable[[], dict[str, list[str]]], interval_s: float):
        self.sweep = sweep
        self.interval_s = interval_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self.interval_s <= 0 or self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name=self.THREAD_NAME, daemon=True)
        self._thread.start()

    def round(self) -> None:
        """One round; an exception is logged and the next round retries."""
        swept = self.sweep()
        if swept:
            log.info("expired %d memories", sum(len(v) for v in swept.values()))

    def _run(self) -> None:
        while not self._stop.wait(self.interval_s):
            try:
                self.round()
            except Exception:  # keep the schedule alive; the next round retries
                log.exception("%s: round failed", self.THREAD_NAME)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
