"""Consolidation on a schedule (``GRAPHMEM_CONSOLIDATION_INTERVAL_S``; 0, the default, turns it
off): every interval, each subject with episodes recorded since the previous round is
consolidated again — all of its episodes, so a new episode meets the old ones of its cluster —
as ``system:consolidator``. A failed round is logged and the next one retries."""

from __future__ import annotations

import logging
from collections.abc import Callable

from graphmem.clock import Clock
from graphmem.learn.consolidate import ConsolidationRequest, ConsolidationResult, Consolidator
from graphmem.lifecycle.expire import Sweeper
from graphmem.store.base import GraphStore

log = logging.getLogger(__name__)
ACTOR = "system:consolidator"
_EPOCH = "0000-01-01T00:00:00.000000Z"


class ConsolidationRounds:
    """What one scheduled round does; remembers where the previous round started."""

    def __init__(
        self,
        store: GraphStore,
        consolidator: Callable[[], Consolidator],
        clock: Clock,
        min_support: int = 2,
    ) -> None:
        self.store = store
        self.consolidator = consolidator
        self.clock = clock
        self.min_support = min_support
        self.since = _EPOCH

    def __call__(self) -> list[ConsolidationResult]:
        started = self.clock()
        pairs = self.store.read("learn/episode_subjects", {"since": self.since})
        results = []
        for row in pairs:
            request = ConsolidationRequest(
                subject_id=row["subject_id"], min_support=self.min_support
            )
            results.append(self.consolidator().run(str(row["tenant_id"]), ACTOR, request))
        self.since = started
        return results


class ConsolidationSchedule(Sweeper):
    """Runs a :class:`ConsolidationRounds` every ``interval_s`` on a daemon thread (0: never)."""

    THREAD_NAME = "graphmem-consolidation"

    def __init__(self, rounds: Callable[[], list[ConsolidationResult]], interval_s: float):
        super().__init__(dict, interval_s)
        self.rounds = rounds

    def round(self) -> None:
        done = self.rounds()
        if done:
            log.info(
                "consolidated %d scopes: %d new insights",
                len(done),
                sum(len(r.created) for r in done),
            )


__all__ = ["ACTOR", "ConsolidationRounds", "ConsolidationSchedule"]
