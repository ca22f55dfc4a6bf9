"""The excluded-memories report of one retrieval: how it is read, never what it says.

One job: each call's report — the scope's memories that the hard filters kept out, the 50 most
recently recorded, each with the first filter it failed (``retrieval/_exclusion_reason``) — is
read one of two ways, and both hand back the same list:

* **A scan** (``retrieval/excluded[_subject]``): every memory of the scope that may have a
  reason, on a second connection beside phase 1. Any request.
* **In phase 1's statement** (``retrieval/scope_ids_report[_subject]``), for a request about
  now (no ``valid_at``, ``known_at`` or ``types``) whose scope is ranked from the feature cache:
  the statement that applies the hard filters also counts the scope's memories through the
  tenant (and subject) index, counts those that are not ACTIVE through the status index, and
  lists the report from the latter. When every memory of the scope either passed the filters
  or is not ACTIVE, that list *is* the report: a memory that passed has no reason (each reason
  is a filter it failed), an ERASED one is never listed, and every other one that is not ACTIVE
  fails a request about now and is listed by the same CASE. Otherwise — an ACTIVE memory kept
  out: expired by the clock, restricted to another purpose, HIGH without its purpose, another
  embedding space, a null status — the statement hands back null and the call scans, after
  phase 1; that scope (with those filters) then scans beside phase 1 for :data:`RESCAN_S`
  before the cheaper way is tried again. The counts and the list come from one statement, so
  they see one state of the graph.

Why two ways: at 95k memories the scan is a second pass over every memory's properties (~70 ms
of engine time on a quiet core, 150 ms and more on a busy one, competing with phase 1's own
pass), where the two counts cost ~15–40 ms (bench/history/2026-12-05-tenant95k-2.md). The
report's content does not depend on the way: ties in recording time are broken by id in both.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from typing import Any

from graphmem.models.enums import MemoryStatus
from graphmem.read.bounded import BoundedDict
from graphmem.read.candidates import SIDE_QUERIES
from graphmem.read.filters import filters_key
from graphmem.store.base import GraphStore, Row

#: how many excluded memories a call reports
LIMIT = 50
#: every status but ACTIVE: the memories the status index hands the report (ERASED ones are
#: counted, never listed); a status outside this list leaves the counts unequal, and the call scans
INACTIVE: tuple[str, ...] = tuple(s.value for s in MemoryStatus if s is not MemoryStatus.ACTIVE)
#: seconds a scope whose report needed the scan keeps scanning beside phase 1
RESCAN_S = 60.0

ScopeKey = tuple[str, str | None]


def in_phase1_params() -> dict[str, Any]:
    """What ``retrieval/scope_ids_report[_subject]`` takes beyond the hard filters'."""
    return {"limit": LIMIT, "inactive": list(INACTIVE)}


class ExcludedReports:
    """Chooses, per call, how the report is read (see the module docstring), and remembers the
    scopes whose report needed the scan lately."""

    def __init__(self, store: GraphStore, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self._clock = clock
        #: (scope, filters) -> when its report last needed the scan
        self._scanned: BoundedDict[tuple[ScopeKey, str], float] = BoundedDict(4096)

    def start(
        self,
        scope: ScopeKey,
        scoped: Mapping[str, Any],
        *,
        wanted: bool,
        from_cache: bool,
        deferred: bool = False,
    ) -> Report:
        """One call's report. ``from_cache``: phase 1 will be ranked from the feature cache
        through ``retrieval/scope_ids`` (so it can read the report too); ``deferred``: phase 1
        runs in parts, one engine thread each, so a scan waits for it
        (:meth:`Report.after_parts`)."""
        name = f"retrieval/excluded{'_subject' if scope[1] is not None else ''}"
        report = Report(self, scope, scoped, name)
        report.wanted = wanted
        if not wanted:
            return report
        if from_cache and self._about_now(scoped) and not self._scanning(scope, scoped):
            report.in_phase1 = True
        elif not deferred:
            report.scan()
        return report

    @staticmethod
    def _about_now(scoped: Mapping[str, Any]) -> bool:
        return scoped["valid_at"] is None and scoped["known_at"] is None and scoped["types"] is None

    def _scanning(self, scope: ScopeKey, scoped: Mapping[str, Any]) -> bool:
        since = self._scanned.get((scope, filters_key(scoped)))
        return since is not None and self._clock() - since < RESCAN_S

    def scanned(self, scope: ScopeKey, scoped: Mapping[str, Any]) -> None:
        """``scope``'s report needed the scan: scan beside phase 1 for a while."""
        self._scanned[(scope, filters_key(scoped))] = self._clock()


class Report:
    """One call's excluded-memories report, however it is read."""

    def __init__(
        self, reports: ExcludedReports, scope: ScopeKey, scoped: Mapping[str, Any], name: str
    ) -> None:
        self._reports = reports
        self._scope = scope
        self._scoped = scoped
        self._name = name
        #: the request asked for the report
        self.wanted = False
        #: phase 1's statement should read the report (``retrieval/scope_ids_report``)
        self.in_phase1 = False
        self._future: Future[list[Row]] | None = None
        self._rows: list[Row] | None = None

    def scan(self) -> None:
        """Scan the scope on a second connection (``retrieval/excluded``)."""
        self._future = SIDE_QUERIES.submit(
            self._reports.store.read, self._name, {**self._scoped, "limit": LIMIT}
        )

    def after_parts(self) -> None:
        """Phase 1 ran in parts, one engine thread each: the scan that waited starts now."""
        if self.wanted and not self.in_phase1 and self._future is None and self._rows is None:
            self.scan()

    def from_phase1(self, row: Row | None) -> None:
        """Phase 1 is done: take the report its statement read, or scan when it read none
        (``row`` None: the cache did not rank the scope after all; its ``excluded`` None: an
        ACTIVE memory was kept out)."""
        if not self.in_phase1:
            return
        self.in_phase1 = False
        rows = row.get("excluded") if row is not None else None
        if rows is not None:
            self._rows = list(rows)
            return
        if row is not None:
            self._reports.scanned(self._scope, self._scoped)
        self.scan()

    def rows(self) -> list[Row]:
        """The report (empty when the request did not ask for it)."""
        if self.in_phase1:  # phase 1 never said: scan
            self.from_phase1(None)
        if self._rows is None:
            self._rows = self._future.result() if self._future is not None else []
        return self._rows
