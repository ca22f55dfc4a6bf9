"""Where RetrievalLogs go: written inside the call (``sync``) or by a background writer.

A retrieval answers from the graph; its log is a write, and with ``appendfsync always`` a write
waits for the disk — on a shared machine that wait is the tail of a retrieval's latency. The
background writer takes logs off the request path and writes them in batches (one statement,
one fsync, per batch). What it costs: a crash can lose the logs of the calls answered in the
last moments before it, and a log appears a few milliseconds after its call returns. Whatever
reads or rewrites logs in this process (erasure, the audit and analyst queries, ``close``)
flushes first, so within the process a call's log is always seen.

While an analyst's or admin's own query runs, the background writer *holds* its batches
(:meth:`BackgroundLogSink.hold`): FalkorDB locks a graph for a write until every running read
has finished, and reads that arrive after a waiting write queue behind it — so one log batch
written beside a runaway ad-hoc query made every retrieval wait for the query's time limit
(measured: p50 5.0 s beside a query cut off at 5 s, 10 ms alone; BENCHMARKS.md). A flush, a
full queue or ``close`` writes regardless.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, Protocol

from graphmem.store.base import GraphStore

_log = logging.getLogger(__name__)

Props = dict[str, Any]


class LogSink(Protocol):
    def submit(self, props: Props) -> None:
        """Store one RetrievalLog (ids, hashes, codes, versions; never memory content)."""

    def flush(self, timeout_s: float | None = None) -> bool:
        """Return once every log submitted before the call is stored (False: timed out)."""

    def close(self) -> None:
        """Flush and stop."""

    def hold(self) -> AbstractContextManager[None]:
        """Keep background writes back while the block runs (a long read is in flight)."""


class SyncLogSink:
    """Each log is written inside the call that produced it."""

    def __init__(self, store: GraphStore) -> None:
        self.store = store

    def submit(self, props: Props) -> None:
        self.store.write("retrieval/log_create", {"props": props})

    def flush(self, timeout_s: float | None = None) -> bool:
        return True

    def close(self) -> None:
        return None

    def hold(self) -> AbstractContextManager[None]:
        return nullcontext()


class BackgroundLogSink:
    """One daemon thread writes queued logs in batches of up to ``batch``, each after at most
    ``linger_s`` (a flush writes at once). At ``capacity``
    pending logs a caller waits (back-pressure) rather than losing one. A batch that fails is
    retried ``retries`` times with a growing pause, then counted in ``failed`` and logged."""

    def __init__(
        self,
        store: GraphStore,
        *,
        batch: int = 256,
        capacity: int = 10_000,
        retries: int = 3,
        pause_s: float = 0.2,
        linger_s: float = 0.05,
    ) -> None:
        self.store = store
        self.batch = batch
        #: how long the first log of a batch waits for others before the batch is written
        #: (unless the batch fills, or someone flushes): one write per call made every call
        #: behind it queue for the graph's write lock and its fsync (~2 ms of an 8 ms retrieval
        #: at 10k memories, bench/retrieve_side_by_side.py)
        self.linger_s = linger_s
        self._first_at = 0.0
        self.capacity = capacity
        self.retries = retries
        self.pause_s = pause_s
        #: logs given up on after every retry
        self.failed = 0
        self._pending: list[Props] = []
        self._submitted = 0
        self._done = 0
        self._closed = False
        #: blocks holding writes back (:meth:`hold`), and callers waiting in :meth:`flush`
        self._holds = 0
        self._flushing = 0
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        _at_exit(self)

    def submit(self, props: Props) -> None:
        with self._cond:
            if not self._closed:
                self._cond.wait_for(lambda: len(self._pending) < self.capacity or self._closed)
            if not self._closed:
                if not self._pending:
                    self._first_at = time.monotonic()
                self._pending.append(props)
                self._submitted += 1
                if self._thread is None:
                    self._thread = threading.Thread(
                        target=self._run, name="graphmem-retrieval-logs", daemon=True
                    )
                    self._thread.start()
                self._cond.notify_all()
                return
        self._write([props])  # closed: nothing runs in the background any more

    def flush(self, timeout_s: float | None = None) -> bool:
        with self._cond:
            target = self._submitted
            self._flushing += 1
            self._cond.notify_all()
            try:
                return self._cond.wait_for(lambda: self._done >= target, timeout_s)
            finally:
                self._flushing -= 1

    @contextmanager
    def hold(self) -> Iterator[None]:
        with self._cond:
            self._holds += 1
        try:
            yield
        finally:
            with self._cond:
                self._holds -= 1
                self._cond.notify_all()

    def _may_write(self) -> bool:
        if not self._pending:
            return False
        if self._flushing > 0 or self._closed or len(self._pending) >= self.capacity:
            return True
        return self._holds == 0 and (
            len(self._pending) >= self.batch or time.monotonic() - self._first_at >= self.linger_s
        )

    def _wait_s(self) -> float | None:
        """How long the writer may sleep before the pending batch's linger is over."""
        if not self._pending or self._holds:
            return None
        return max(0.0, self.linger_s - (time.monotonic() - self._first_at))

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not (self._may_write() or (self._closed and not self._pending)):
                    self._cond.wait(self._wait_s())
                if not self._pending:
                    return
                batch = self._pending[: self.batch]
                del self._pending[: self.batch]
                self._first_at = time.monotonic()  # what is left waits its own linger
                self._cond.notify_all()
            self._write_with_retries(batch)
            with self._cond:
                self._done += len(batch)
                self._cond.notify_all()

    def _write_with_retries(self, batch: list[Props]) -> None:
        for attempt in range(self.retries + 1):
            try:
                self._write(batch)
                return
            except Exception:
                if attempt == self.retries:
                    self.failed += len(batch)
                    _log.exception("lost %d retrieval logs after %d attempts", len(batch), attempt)
                    return
                time.sleep(self.pause_s * (attempt + 1))

    def _write(self, batch: list[Props]) -> None:
        self.store.write("retrieval/log_create_many", {"logs": batch})


def _at_exit(sink: BackgroundLogSink) -> None:
    """Flush at interpreter exit for a library user who never closes (a weak reference: the
    hook keeps no sink alive)."""
    ref = weakref.ref(sink)

    def flush() -> None:
        alive = ref()
        if alive is not None:
            alive.flush(timeout_s=10.0)

    atexit.register(flush)


def log_sink(mode: str, store: GraphStore) -> LogSink:
    """The sink a setting names: ``background`` (default) or ``sync``."""
    factories: dict[str, Callable[[GraphStore], LogSink]] = {
        "background": BackgroundLogSink,
        "sync": SyncLogSink,
    }
    return factories[mode](store)
