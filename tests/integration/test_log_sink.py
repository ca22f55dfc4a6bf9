"""RetrievalLogs written off the request path: nothing lost under concurrency, back-pressure
or a connection that breaks after the write landed; flush and close mean stored."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from graphmem.errors import EngineUnavailableError
from graphmem.read.log_sink import BackgroundLogSink, SyncLogSink, log_sink
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap


def props(i: int, thread: int = 0) -> dict[str, Any]:
    return {
        "query_id": f"mq_t{thread}_{i}",
        "tenant_id": "acme",
        "kind": "retrieve",
        "candidate_ids": [f"mem_{i}"],
        "selected_ids": [],
        "valid_at": None,
        "recorded_at": "2026-07-01T00:00:00.000000Z",
    }


def stored(store: GraphStore) -> list[str]:
    rows = store.read_adhoc("MATCH (l:RetrievalLog) RETURN l.query_id AS q")
    return sorted(r["q"] for r in rows)


@pytest.fixture
def ready(store: GraphStore) -> GraphStore:
    bootstrap(store, [])
    return store


def test_concurrent_submits_are_all_stored_once(ready: GraphStore) -> None:
    sink = BackgroundLogSink(ready, batch=16)

    def work(t: int) -> None:
        for i in range(40):
            sink.submit(props(i, t))

    threads = [threading.Thread(target=work, args=(t,)) for t in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sink.flush(timeout_s=60)
    assert stored(ready) == sorted(f"mq_t{t}_{i}" for t in range(6) for i in range(40))
    log = ready.read_adhoc("MATCH (l:RetrievalLog {query_id: 'mq_t0_3'}) RETURN properties(l) AS p")
    assert log[0]["p"]["candidate_ids"] == ["mem_3"] and "valid_at" not in log[0]["p"]
    assert sink.failed == 0
    sink.close()


class SlowStore:
    """Delays every write: the queue fills up faster than it drains."""

    def __init__(self, inner: GraphStore, delay_s: float) -> None:
        self.inner, self.delay_s = inner, delay_s

    def write(self, name: str, params: dict[str, Any]) -> Any:
        time.sleep(self.delay_s)
        return self.inner.write(name, params)


def test_a_full_queue_makes_callers_wait_and_loses_nothing(ready: GraphStore) -> None:
    sink = BackgroundLogSink(SlowStore(ready, 0.05), batch=2, capacity=3)  # type: ignore[arg-type]
    started = time.monotonic()
    for i in range(12):
        sink.submit(props(i))
    waited = time.monotonic() - started
    sink.close()
    assert stored(ready) == sorted(f"mq_t0_{i}" for i in range(12))
    assert waited > 0.05  # submit blocked on the full queue at least once


class BreaksAfterWriting:
    """The write lands, then the connection breaks: the client cannot know it landed."""

    def __init__(self, inner: GraphStore, breaks: int) -> None:
        self.inner, self.breaks = inner, breaks

    def write(self, name: str, params: dict[str, Any]) -> Any:
        out = self.inner.write(name, params)
        if self.breaks:
            self.breaks -= 1
            raise EngineUnavailableError("connection reset after the write", engine="test")
        return out


def test_a_retried_batch_is_stored_once(ready: GraphStore) -> None:
    flaky = BreaksAfterWriting(ready, breaks=2)
    sink = BackgroundLogSink(flaky, pause_s=0.01)  # type: ignore[arg-type]
    for i in range(5):
        sink.submit(props(i))
    sink.close()
    assert stored(ready) == sorted(f"mq_t0_{i}" for i in range(5))
    assert sink.failed == 0 and flaky.breaks == 0


def test_after_close_a_log_is_written_inside_the_call(ready: GraphStore) -> None:
    sink = BackgroundLogSink(ready)
    sink.submit(props(1))
    sink.close()
    sink.submit(props(2))  # no background thread any more
    assert stored(ready) == ["mq_t0_1", "mq_t0_2"]


def test_sync_mode_and_the_setting(ready: GraphStore) -> None:
    sink = log_sink("sync", ready)
    assert isinstance(sink, SyncLogSink)
    sink.submit(props(7))
    assert stored(ready) == ["mq_t0_7"]  # no flush needed
    assert isinstance(log_sink("background", ready), BackgroundLogSink)


def test_a_hold_keeps_batches_back_until_it_ends_or_a_flush(ready: GraphStore) -> None:
    """While an analyst's query runs, a log batch would queue every read behind it."""
    sink = BackgroundLogSink(ready, batch=16)
    with sink.hold():
        sink.submit(props(1))
        time.sleep(0.3)
        assert stored(ready) == []  # held back
        assert sink.flush(timeout_s=10)  # a flush writes regardless
        assert stored(ready) == ["mq_t0_1"]
        sink.submit(props(2))
        time.sleep(0.3)
        assert stored(ready) == ["mq_t0_1"]
    assert sink.flush(timeout_s=10)
    assert stored(ready) == ["mq_t0_1", "mq_t0_2"]
    assert SyncLogSink(ready).hold() is not None
    sink.close()


class CountingStore:
    """Counts the batches written, each once its write has returned (counted before it, a
    reader polling the count raced the commit: CI's Neo4j run read the graph in between)."""

    def __init__(self, inner: GraphStore) -> None:
        self.inner, self.batches = inner, []  # type: ignore[var-annotated]

    def write(self, name: str, params: dict[str, Any]) -> Any:
        out = self.inner.write(name, params)
        self.batches.append(len(params["logs"]))
        return out


def test_logs_of_calls_in_quick_succession_go_out_as_one_batch(ready: GraphStore) -> None:
    """One write per retrieval queued every read behind a write and its fsync."""
    counting = CountingStore(ready)
    sink = BackgroundLogSink(counting, linger_s=0.5)  # type: ignore[arg-type]
    for i in range(5):
        sink.submit(props(i))
        time.sleep(0.01)
    deadline = time.monotonic() + 10
    while not counting.batches and time.monotonic() < deadline:
        time.sleep(0.05)
    assert counting.batches == [5]  # written after the linger, without a flush
    assert stored(ready) == sorted(f"mq_t0_{i}" for i in range(5))
    sink.submit(props(9))
    assert sink.flush(timeout_s=10)  # a flush does not wait for the linger
    assert counting.batches == [5, 1]
    sink.close()
