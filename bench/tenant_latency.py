"""Retrieval latency of one large tenant in a large store, in process (issue 17, point 3).

    python bench/tenant_latency.py [--data-dir D] [--size 1000000] [--tenants 100]
                                   [--ask t001,t042] [--settle 45] [--json FILE] [--quick]

The store is FalkorDB, embedded, with the hashing embedder (the query's embedding is ~0.1 ms,
so the figure is retrieval without the query embedding, as the issue states it). A DATA_DIR
that does not exist yet is filled first with ``bench/writes.py``'s bench-only bulk pre-load:
SIZE claims spread evenly over TENANTS tenants (``--size 1000000 --tenants 100``: 100 tenants
of 10k memories each; random unit vectors: a timing, not a quality figure); an existing one is
reused as it is. For each tenant asked, as an admin of it: 8 queries once (they fall back to
the engine while the tenant's scope fills the feature cache in the background), SETTLE
seconds for the fill, then the 8 queries × 6, timed one by one: p50 and p95 of the 48.
``--quick`` (2 tenants of 1k, settle 5 s) is the CI smoke.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bench.writes as fill
from graphmem.auth.principal import Principal
from graphmem.service import Graphmem
from graphmem.settings import Settings

QUERIES = (
    "what does the user prefer",
    "value 12",
    "favourite food",
    "which language",
    "meeting schedule",
    "my sister's birthday",
    "travel plans",
    "work project deadline",
)


def measure(gm: Graphmem, tenant: str, settle_s: float) -> dict[str, Any]:
    admin = Principal(tenant_id=tenant, principal_id="admin:bench", roles=frozenset({"admin"}))
    for q in QUERIES:
        gm.retrieve(admin, {"query": q, "k": 10})
    time.sleep(settle_s)
    ms: list[float] = []
    for _ in range(6):
        for q in QUERIES:
            t0 = time.perf_counter()
            gm.retrieve(admin, {"query": q, "k": 10})
            ms.append((time.perf_counter() - t0) * 1000)
    ms.sort()
    return {
        "tenant": tenant,
        "p50_ms": statistics.median(ms),
        "p95_ms": ms[int(len(ms) * 0.95) - 1],
        "max_ms": ms[-1],
        "timed": len(ms),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, help="default: a temporary directory, removed")
    ap.add_argument("--size", type=int, default=1_000_000)
    ap.add_argument("--tenants", type=int, default=100)
    ap.add_argument("--ask", default="t001,t042")
    ap.add_argument("--settle", type=float, default=45.0)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--quick", action="store_true")
    ns = ap.parse_args()
    if ns.quick:
        ns.size, ns.tenants, ns.ask, ns.settle = 2000, 2, "t000,t001", 5.0
    scratch = None
    if ns.data_dir is None:
        scratch = tempfile.TemporaryDirectory(prefix="tenant-latency-")
        ns.data_dir = Path(scratch.name) / "data"
    fresh = not ns.data_dir.exists()
    settings = Settings(
        engine="falkordb", data_dir=ns.data_dir, sweep_interval_s=0, embedder="hashing"
    )
    gm = Graphmem.open(settings)
    out: dict[str, Any] = {"size": ns.size, "tenants": ns.tenants, "data_dir": str(ns.data_dir)}
    try:
        if fresh:
            fill.TENANTS = ns.tenants
            t0 = time.perf_counter()
            fill.preload(gm, ns.size, np.random.default_rng(1))
            out["fill_s"] = time.perf_counter() - t0
        out["results"] = [measure(gm, t, ns.settle) for t in ns.ask.split(",")]
    finally:
        gm.close()
        server = getattr(gm.store, "server", None)
        if server is not None:
            server.stop(timeout_s=600)
        if scratch is not None:
            scratch.cleanup()
    print(json.dumps(out, indent=2))
    if ns.json:
        ns.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
