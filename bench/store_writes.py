"""Embedded engine: start time, single-statement writes and batched writes, per fsync policy.

    python bench/store_writes.py [--writes 500] [--batch 50] [--repeats 5]

Each policy gets its own fresh data directory; medians over repeats are reported together
in one run, so the ratio between policies is what to read on a noisy 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import tempfile
import time
from pathlib import Path

from graphmem.settings import Settings
from graphmem.store.falkordb_store import FalkorDBStore

SINGLE = "CREATE (:BenchNode {i: $i, text: $text})"
BATCH = "UNWIND $rows AS r CREATE (:BenchNode {i: r.i, text: r.text})"


def run_policy(policy: str, writes: int, batch: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        store = FalkorDBStore.from_settings(
            Settings(data_dir=Path(tmp), falkordb_appendfsync=policy)  # type: ignore[arg-type]
        )
        start_s = time.perf_counter() - t0
        text = "the user prefers concise answers in Korean"
        t0 = time.perf_counter()
        for i in range(writes):
            store._execute(SINGLE, {"i": i, "text": text}, read_only=False)
        single_s = time.perf_counter() - t0
        rows = [{"i": i, "text": text} for i in range(batch)]
        t0 = time.perf_counter()
        for _ in range(writes // batch):
            store._execute(BATCH, {"rows": rows}, read_only=False)
        batch_s = time.perf_counter() - t0
        store.close()
        store.server.stop()  # type: ignore[union-attr]
    return {
        "start_s": start_s,
        "single_writes_per_s": writes / single_s,
        "batched_writes_per_s": (writes // batch) * batch / batch_s,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--writes", type=int, default=500)
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--repeats", type=int, default=5)
    ns = ap.parse_args()
    results: dict[str, dict[str, float]] = {}
    samples: dict[str, list[dict[str, float]]] = {"always": [], "everysec": []}
    for _ in range(ns.repeats):  # interleave policies so noise hits both alike
        for policy in samples:
            samples[policy].append(run_policy(policy, ns.writes, ns.batch))
    for policy, runs in samples.items():
        results[policy] = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    print(
        json.dumps(
            {
                "machine": f"{platform.machine()} {platform.processor()} "
                f"{platform.python_version()}",
                "args": vars(ns),
                "median": results,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
